"""Eval-dataset exports and the run-level import.

Every writer streams: runs are read in batches by keyset paging and written
as they come, so memory stays bounded whatever the number of runs. Every
record carries `schema_version`. Nothing secret is in the store, so nothing
secret can reach an export; the tests plant keys to prove it.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rubric_core.judge.calibration import CALIBRATION_LABEL, attach_reviews, export_calibration, human_fields
from rubric_core.store import SCHEMA_VERSION, RunFilter, Store

FORMATS = ("jsonl", "grader-jsonl", "pairs", "csv", "parquet", "langsmith", "calibration")
FORMAT_LABELS = {
    "jsonl": "JSONL, one example per run (inputs, outputs, metadata)",
    "grader-jsonl": "JSONL, one example per grading pass (for evaluating graders)",
    "pairs": "JSONL revision pairs (draft k, failing criteria, draft k+1)",
    "csv": "CSV, criteria in long format",
    "parquet": "Parquet, one file per frame (runs, iterations, criteria)",
    "langsmith": "LangSmith dataset examples (file; uploaded when a key is configured)",
    "calibration": CALIBRATION_LABEL,
}
BATCH = 1000


@dataclass
class ExportResult:
    """What an export wrote."""

    format: str
    records: int
    paths: list[Path] = field(default_factory=list)
    message: str = ""


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts, UTC).isoformat() if ts else None


def _batches(
    store: Store, flt: RunFilter | None
) -> Iterator[tuple[list[dict], dict[str, list[dict]], dict[tuple, list[dict]]]]:
    for ids in store.iter_run_ids(flt, batch=BATCH):
        runs = store.get_runs(ids)
        its: dict[str, list[dict]] = {}
        for row in store.iterations(ids):
            its.setdefault(row["run_id"], []).append(row)
        crit: dict[tuple, list[dict]] = {}
        crit_rows = store.criteria(ids)
        attach_reviews(store, ids, crit_rows)  # every format carries the human verdict beside the grader's
        for row in crit_rows:
            crit.setdefault((row["run_id"], row["turn"], row["iteration"]), []).append(row)
        yield runs, its, crit


def _criteria(rows: list[dict]) -> list[dict[str, Any]]:
    return [{"name": c["name"], "passed": bool(c["passed"]), "gap": c["gap"] or None, **human_fields(c)} for c in rows]


def _files(files_json: str | dict) -> list[dict[str, str]]:
    files = json.loads(files_json) if isinstance(files_json, str) else files_json
    return [{"path": p, "content": c} for p, c in (files or {}).items()]


def run_record(run: dict, iterations: list[dict], criteria: dict[tuple, list[dict]]) -> dict[str, Any]:
    """The run-level example: inputs, outputs, metadata (with the full per-iteration history)."""
    graded = [i for i in iterations if i["result"] is not None]
    last = graded[-1] if graded else None
    final_criteria = _criteria(criteria.get((run["id"], last["turn"], last["iteration"]), [])) if last else []
    history = [
        {
            "turn": i["turn"],
            "iteration": i["iteration"],
            "draft": i["draft_text"],
            "files": _files(i["files_json"]),
            "result": i["result"],
            "explanation": i["explanation"],
            "unverified": bool(i["unverified"]),
            "criteria": _criteria(criteria.get((run["id"], i["turn"], i["iteration"]), [])),
            "feedback": i["feedback_text"] or None,
            "wall_time_s": i["wall_time_s"],
            "tokens": {
                "input_tokens": i["input_tokens"],
                "output_tokens": i["output_tokens"],
                "total_tokens": i["total_tokens"],
            },
        }
        for i in iterations
    ]
    return {
        "schema_version": SCHEMA_VERSION,
        "id": run["id"],
        "inputs": {"task": run["task"], "rubric": run["rubric"]},
        "outputs": {"final_output": run["final_output"], "status": run["status"], "files": _files(run["final_files"])},
        "metadata": {
            "models": {"model": run["model"], "grader": run["grader"]},
            "rubric_name": run["rubric_name"],
            "rubric_version": run["rubric_version"],
            "iterations": run["iterations"],
            "turns": run["turns"],
            "final_criteria": final_criteria,
            "tokens": {
                "input_tokens": run["input_tokens"],
                "output_tokens": run["output_tokens"],
                "total_tokens": run["total_tokens"],
            },
            "created_at": _iso(run["created_at"]),
            "finished_at": _iso(run["finished_at"]),
            "wall_time_s": run["wall_time_s"],
            "tags": run["tags"],
            "note": run["note"],
            "config": _public_config(run["config"]),
            "history": history,
            "schema_version": SCHEMA_VERSION,
        },
    }


def _public_config(config: dict) -> dict:
    # The config never holds a key; keep only the known fields all the same.
    allowed = (
        "task",
        "rubric",
        "model",
        "grader",
        "system_prompt",
        "grader_prompt",
        "grader_tools",
        "max_iterations",
        "strategy",
        "grader_call_limit",
        "timeout_s",
        "rubric_name",
    )
    return {k: config.get(k) for k in allowed if k in config}


def grader_records(run: dict, iterations: list[dict], criteria: dict[tuple, list[dict]]) -> Iterator[dict[str, Any]]:
    """One example per grading pass."""
    for i in iterations:
        if i["result"] is None:
            continue
        yield {
            "schema_version": SCHEMA_VERSION,
            "run_id": run["id"],
            "turn": i["turn"],
            "iteration": i["iteration"],
            "inputs": {
                "task": run["task"],
                "rubric": run["rubric"],
                "draft": i["draft_text"],
                "files": _files(i["files_json"]),
            },
            "outputs": {
                "result": i["result"],
                "explanation": i["explanation"],
                "criteria": _criteria(criteria.get((run["id"], i["turn"], i["iteration"]), [])),
            },
            "metadata": {
                "grader": run["grader"],
                "model": run["model"],
                "unverified": bool(i["unverified"]),
                "wall_time_s": i["wall_time_s"],
                "total_tokens": i["total_tokens"],
                "rubric_name": run["rubric_name"],
                "rubric_version": run["rubric_version"],
            },
        }


def pair_records(run: dict, iterations: list[dict], criteria: dict[tuple, list[dict]]) -> Iterator[dict[str, Any]]:
    """(draft k, failing criteria with gaps, draft k+1) within a turn."""
    by_turn: dict[int, list[dict]] = {}
    for i in iterations:
        by_turn.setdefault(i["turn"], []).append(i)
    for turn, its in by_turn.items():
        for before, after in itertools.pairwise(its):
            failing = [
                c for c in _criteria(criteria.get((run["id"], turn, before["iteration"]), [])) if not c["passed"]
            ]
            yield {
                "schema_version": SCHEMA_VERSION,
                "run_id": run["id"],
                "turn": turn,
                "iteration": before["iteration"],
                "task": run["task"],
                "rubric": run["rubric"],
                "draft_before": before["draft_text"],
                "failing_criteria": [
                    {"name": c["name"], "gap": c["gap"], "human_passed": c["human_passed"]} for c in failing
                ],
                "feedback": before["feedback_text"],
                "draft_after": after["draft_text"],
                "result_before": before["result"],
                "result_after": after["result"],
                "model": run["model"],
                "grader": run["grader"],
            }


def langsmith_example(record: dict[str, Any]) -> dict[str, Any]:
    """The LangSmith dataset example shape of a run record."""
    meta = {k: v for k, v in record["metadata"].items() if k != "history"}
    meta["run_id"] = record["id"]
    return {"inputs": record["inputs"], "outputs": record["outputs"], "metadata": meta}


def _write_jsonl(path: Path, records: Iterator[dict[str, Any]]) -> int:
    n = 0
    with path.open("w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            n += 1
    return n


def export_runs(
    store: Store,
    fmt: str,
    out: str | Path,
    flt: RunFilter | None = None,
    *,
    langsmith_dataset: str | None = None,
    upload: bool = True,
) -> ExportResult:
    """Write the runs matching `flt` to `out` in `fmt` (langsmith: also uploaded when `upload` and configured)."""
    if fmt not in FORMATS:
        msg = f"Unknown export format {fmt!r}. Formats: {', '.join(FORMATS)}."
        raise ValueError(msg)
    out = Path(out)
    if fmt == "calibration":
        return export_calibration(store, out, flt)
    if fmt == "parquet":
        return _export_parquet(store, out, flt)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        return _export_csv(store, out, flt)

    def records() -> Iterator[dict[str, Any]]:
        for runs, its, crit in _batches(store, flt):
            for run in runs:
                rows = its.get(run["id"], [])
                if fmt == "jsonl":
                    yield run_record(run, rows, crit)
                elif fmt == "grader-jsonl":
                    yield from grader_records(run, rows, crit)
                elif fmt == "pairs":
                    yield from pair_records(run, rows, crit)
                else:
                    yield langsmith_example(run_record(run, rows, crit))

    n = _write_jsonl(out, records())
    result = ExportResult(fmt, n, [out])
    if fmt == "langsmith" and upload:
        result.message = upload_to_langsmith(out, langsmith_dataset)
    return result


def _export_csv(store: Store, out: Path, flt: RunFilter | None) -> ExportResult:
    columns = [
        "schema_version",
        "run_id",
        "turn",
        "iteration",
        "position",
        "criterion",
        "passed",
        "gap",
        "human_passed",
        "human_reason",
        "reviewer",
        "result",
        "model",
        "grader",
        "rubric_name",
        "rubric_version",
        "status",
        "created_at",
    ]
    n = 0
    with out.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        for runs, its, crit in _batches(store, flt):
            for run in runs:
                results = {(i["turn"], i["iteration"]): i["result"] for i in its.get(run["id"], [])}
                for (run_id, turn, iteration), rows in crit.items():
                    if run_id != run["id"]:
                        continue
                    for c in rows:
                        writer.writerow(
                            {
                                "schema_version": SCHEMA_VERSION,
                                "run_id": run_id,
                                "turn": turn,
                                "iteration": iteration,
                                "position": c["position"],
                                "criterion": c["name"],
                                "passed": bool(c["passed"]),
                                "gap": c["gap"],
                                **human_fields(c),
                                "result": results.get((turn, iteration)),
                                "model": run["model"],
                                "grader": run["grader"],
                                "rubric_name": run["rubric_name"],
                                "rubric_version": run["rubric_version"],
                                "status": run["status"],
                                "created_at": _iso(run["created_at"]),
                            }
                        )
                        n += 1
    return ExportResult("csv", n, [out])


def _export_parquet(store: Store, out: Path, flt: RunFilter | None) -> ExportResult:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rubric_core import frames

    out.mkdir(parents=True, exist_ok=True)
    paths = {name: out / f"{name}.parquet" for name in ("runs", "iterations", "criteria")}
    writers: dict[str, Any] = {}
    n = 0
    meta = {b"rubric_studio_schema_version": str(SCHEMA_VERSION).encode()}
    try:
        for runs, its, crit in _batches(store, flt):
            ids = [r["id"] for r in runs]
            all_its = [row for rid in ids for row in its.get(rid, [])]
            all_crit = [row for key, rows in crit.items() for row in rows]
            all_crit.sort(key=lambda c: (c["run_id"], c["turn"], c["iteration"], c["position"]))
            tables = {
                "runs": frames.runs_frame_from_rows(runs),
                "iterations": frames.iterations_frame_from_rows(all_its, all_crit),
                "criteria": frames.criteria_frame_from_rows(all_crit, [c["review"] for c in all_crit if c["review"]]),
            }
            for name, frame in tables.items():
                frame.insert(0, "schema_version", SCHEMA_VERSION)
                table = pa.Table.from_pandas(frame, preserve_index=False)
                if name not in writers:
                    writers[name] = pq.ParquetWriter(
                        paths[name], table.schema.with_metadata({**(table.schema.metadata or {}), **meta})
                    )
                writers[name].write_table(table.cast(writers[name].schema))
            n += len(runs)
        if not writers:  # no runs: still write empty, typed files
            for name, frame in {
                "runs": frames.runs_frame_from_rows([]),
                "iterations": frames.iterations_frame_from_rows([], []),
                "criteria": frames.criteria_frame_from_rows([]),
            }.items():
                frame.insert(0, "schema_version", SCHEMA_VERSION)
                table = pa.Table.from_pandas(frame, preserve_index=False)
                pq.write_table(table.replace_schema_metadata({**(table.schema.metadata or {}), **meta}), paths[name])
    finally:
        for w in writers.values():
            w.close()
    return ExportResult("parquet", n, list(paths.values()))


def langsmith_configured() -> bool:
    """Whether a LangSmith key is in the environment."""
    return bool(os.environ.get("LANGSMITH_API_KEY") or os.environ.get("LANGCHAIN_API_KEY"))


def upload_to_langsmith(path: Path, dataset: str | None) -> str:
    """Upload a langsmith-format file to a dataset; a clear message when no key is configured."""
    if not langsmith_configured():
        return (
            f"Wrote {path}. Not uploaded: set LANGSMITH_API_KEY (and LANGSMITH_ENDPOINT for a self-hosted "
            "LangSmith) to upload to a LangSmith dataset."
        )
    from langsmith import Client

    name = dataset or f"rubric-studio-{datetime.now(UTC).strftime('%Y%m%d-%H%M%S')}"
    client = Client()
    examples = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    try:
        ds = (
            client.read_dataset(dataset_name=name)
            if client.has_dataset(dataset_name=name)
            else client.create_dataset(name, description="Exported from Rubric Studio")
        )
        for start in range(0, len(examples), 100):
            chunk = examples[start : start + 100]
            client.create_examples(
                dataset_id=ds.id,
                inputs=[e["inputs"] for e in chunk],
                outputs=[e["outputs"] for e in chunk],
                metadata=[e["metadata"] for e in chunk],
            )
    except Exception as exc:  # noqa: BLE001 -- the upload is optional; report, keep the file
        from rubric_core.engine.runner import redact

        return f"Wrote {path}, but the LangSmith upload failed: {type(exc).__name__}: {redact(str(exc)[:300], None)}"
    return f"Wrote {path} and uploaded {len(examples)} examples to LangSmith dataset {name!r}."
