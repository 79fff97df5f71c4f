"""Export a suite run in every run export format, each record carrying the suite run id, its item id and, in a
matrix, its column.

The run exporter writes the suite's runs; each record (JSONL line, CSV row,
Parquet row) then gets `suite_run_id`, `item_id`, `item_position`, `column` (the matrix column from 0; empty in a
one-column suite run) and `column_label`, found by its run id. LangSmith examples carry them in their metadata.
The run-level JSONL records carry the whole column (its configuration) in `metadata.suite` too, as every run
export does, so import rebuilds the matrix.
"""

from __future__ import annotations

import csv
import json
import tempfile
from pathlib import Path
from typing import Any

from rubric_core.exports.formats import FORMATS, ExportResult
from rubric_core.exports.langsmith import UploadFailed, upload_to_langsmith
from rubric_core.exports.writers import export_runs
from rubric_core.store import RunFilter, Store
from rubric_core.suites import suite_store as ss

SUITE_FIELDS = ("suite_run_id", "item_id", "item_position", "column", "column_label")


def _run_id_of(record: dict[str, Any]) -> str | None:
    for value in (record.get("run_id"), record.get("id"), (record.get("metadata") or {}).get("run_id")):
        if isinstance(value, str) and value:
            return value
    return None


def _tag_jsonl(src: Path, dest: Path, links: dict[str, dict[str, Any]], *, in_metadata: bool) -> int:
    n = 0
    with src.open(encoding="utf-8") as fin, dest.open("w", encoding="utf-8") as fout:
        for line in fin:
            if not line.strip():
                continue
            record = json.loads(line)
            link = links.get(_run_id_of(record) or "", {})
            if in_metadata:
                record.setdefault("metadata", {}).update(link)
            else:
                record = {**link, **record}
            fout.write(json.dumps(record, ensure_ascii=False) + "\n")
            n += 1
    return n


def _tag_csv(src: Path, dest: Path, links: dict[str, dict[str, Any]]) -> int:
    n = 0
    with src.open(encoding="utf-8", newline="") as fin, dest.open("w", encoding="utf-8", newline="") as fout:
        reader = csv.DictReader(fin)
        writer = csv.DictWriter(fout, fieldnames=[*SUITE_FIELDS, *(reader.fieldnames or [])])
        writer.writeheader()
        for row in reader:
            writer.writerow({**links.get(row.get("run_id") or "", {}), **row})
            n += 1
    return n


def _tag_parquet(paths: list[Path], links: dict[str, dict[str, Any]]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    for path in paths:
        table = pq.read_table(path)
        run_ids = table.column("run_id").to_pylist()
        for i, name in enumerate(SUITE_FIELDS):
            values = [links.get(r or "", {}).get(name) for r in run_ids]
            kind = pa.int64() if name in ("item_position", "column") else pa.string()
            table = table.add_column(i + 1, name, pa.array(values, type=kind))
        pq.write_table(table, path)


def export_suite_run(
    store: Store, suite_run_id: str, fmt: str, out: str | Path, *, langsmith_dataset: str | None = None
) -> ExportResult:
    """Write a suite run's item runs to `out` in `fmt`, every record tagged with the suite and item ids."""
    if fmt not in FORMATS:
        msg = f"Unknown export format {fmt!r}. Formats: {', '.join(FORMATS)}."
        raise ValueError(msg)
    suite = ss.get_suite_run(store, suite_run_id)
    if suite is None:
        msg = f"No suite run {suite_run_id!r} in the store."
        raise KeyError(msg)
    labels = {c["index"]: c["label"] for c in suite["columns"]}
    links = {
        cell["run_id"]: {
            "suite_run_id": suite_run_id,
            "item_id": cell["item_id"],
            "item_position": cell["position"],
            "column": None if cell["column_index"] is None else cell["column_index"] + 1,  # from 1, as the page says
            "column_label": labels.get(cell["column_index"]) if cell["column_index"] is not None else None,
        }
        for cell in ss.suite_cells(store, suite_run_id)
        if cell["run_id"]
    }
    flt = RunFilter(ids=list(links) or ["-"])  # "-" matches no run: an unstarted suite exports nothing
    out = Path(out)
    if fmt == "parquet":
        result = export_runs(store, fmt, out, flt)
        _tag_parquet(result.paths, links)
        return result
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        raw = Path(tmp) / "raw"
        result = export_runs(store, fmt, raw, flt, upload=False)
        if fmt == "csv":
            n = _tag_csv(raw, out, links)
        else:
            n = _tag_jsonl(raw, out, links, in_metadata=fmt == "langsmith")
    result = ExportResult(fmt, n, [out])
    if fmt == "langsmith":
        try:
            result.message = upload_to_langsmith(out, langsmith_dataset)
        except UploadFailed as exc:
            result.message, result.failed = str(exc), True
    return result
