"""Columns of the Parquet export that a data frame cannot type: the project agent that did a run, and the files of
a run's end and of each draft, typed even when every value is empty ('' for the built-in agent, an empty list),
so a reader sees string and list<struct<path, content>> columns, never null-typed ones."""

from __future__ import annotations

import json
from typing import Any


def _files_type() -> Any:
    import pyarrow as pa

    return pa.list_(pa.struct([("path", pa.string()), ("content", pa.string())]))


def _files(value: Any) -> list[dict[str, str]]:
    files = json.loads(value) if isinstance(value, str) and value else value
    return [{"path": str(p), "content": str(c)} for p, c in (files or {}).items()] if isinstance(files, dict) else []


def with_typed_columns(name: str, table: Any, runs: list[dict[str, Any]], iterations: list[dict[str, Any]]) -> Any:
    """`table` (the runs or iterations frame as Arrow) with `agent` / `files` columns appended, typed."""
    import pyarrow as pa

    run_ids = table.column("run_id").to_pylist() if table.num_rows else []
    if name == "runs":
        by_id = {r["id"]: r for r in runs}
        agents = [str(by_id.get(i, {}).get("agent") or "") for i in run_ids]
        files = [_files(by_id.get(i, {}).get("final_files")) for i in run_ids]
        table = table.append_column(pa.field("agent", pa.string()), pa.array(agents, type=pa.string()))
        return table.append_column(pa.field("files", _files_type()), pa.array(files, type=_files_type()))
    if name == "iterations":
        by_key = {(i["run_id"], i["turn"], i["iteration"]): i.get("files_json") for i in iterations}
        keys = zip(run_ids, table.column("turn").to_pylist(), table.column("iteration").to_pylist(), strict=True)
        files = [_files(by_key.get(k)) for k in keys] if run_ids else []
        return table.append_column(pa.field("files", _files_type()), pa.array(files, type=_files_type()))
    return table
