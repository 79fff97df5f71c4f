"""Write runs to files in each format, streaming: runs are read in batches and written as they come."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from operator import itemgetter
from pathlib import Path
from typing import Any

from rubric_core.exports.calibration import export_calibration
from rubric_core.exports.formats import (
    EXPORT_SCHEMA_VERSION,
    FORMATS,
    PARQUET_FRAMES,
    ExportResult,
    iso_time,
    read_batches,
)
from rubric_core.exports.gc_pause import collector_paused
from rubric_core.exports.json_lines import write_json_lines
from rubric_core.exports.langsmith import UploadFailed, upload_to_langsmith
from rubric_core.exports.records import (
    event_extras,
    grader_records,
    langsmith_example,
    pair_records,
    run_record,
)
from rubric_core.exports.review_fields import human_fields
from rubric_core.store import RunFilter, Store
from rubric_core.verdicts import check_text

_FORMULA_START = frozenset("=+-@\t\r")


def csv_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula, prefixed with a single quote.

    Cells beginning with `=`, `+`, `-`, `@`, a tab or a carriage return are neutralised (the
    OWASP CSV-injection advice). Numbers are not text and stay as they are; a text that looks
    like a negative number ("-3 words", "-1") is text in this export and is quoted too.
    """
    if isinstance(value, str) and value[:1] in _FORMULA_START:
        return "'" + value
    return value


def export_runs(
    store: Store,
    fmt: str,
    out: str | Path,
    flt: RunFilter | None = None,
    *,
    langsmith_dataset: str | None = None,
    upload: bool = True,
    all_pairs: bool = False,
) -> ExportResult:
    """Write the runs matching `flt` to `out` in `fmt` (langsmith: also uploaded when `upload` and configured).

    `all_pairs` (pairs only): every consecutive graded pair, not only those whose pass count improved.
    """
    if fmt not in FORMATS:
        msg = f"Unknown export format {fmt!r}. Formats: {', '.join(FORMATS)}."
        raise ValueError(msg)
    out = Path(out)
    with collector_paused():
        result = _write(store, fmt, out, flt, all_pairs=all_pairs)
    if fmt == "langsmith" and upload:
        try:
            result.message = upload_to_langsmith(out, langsmith_dataset)
        except UploadFailed as exc:
            result.message, result.failed = str(exc), True
    return result


def _write(store: Store, fmt: str, out: Path, flt: RunFilter | None, *, all_pairs: bool) -> ExportResult:
    if fmt == "calibration":
        return export_calibration(store, out, flt)
    if fmt == "parquet":
        return _export_parquet(store, out, flt)
    out.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "csv":
        return _export_csv(store, out, flt)

    def events_of(run: dict) -> bool:
        # The other formats need only the follow-up inputs (runs of several turns: each turn's message and the
        # rubric it was graded against).
        return fmt == "jsonl" or int(run.get("turns") or 1) > 1

    def records() -> Iterator[dict[str, Any]]:
        for runs, its, crit, events, suites in read_batches(store, flt, events_of=events_of):
            for run in runs:
                rows = its.get(run["id"], [])
                extras = event_extras(events.get(run["id"], []), tools=fmt == "jsonl")
                if fmt == "jsonl":
                    yield run_record(run, rows, crit, extras, suite=suites.get(run["id"]))
                elif fmt == "grader-jsonl":
                    yield from grader_records(run, rows, crit, extras)
                elif fmt == "pairs":
                    yield from pair_records(run, rows, crit, extras, all_pairs=all_pairs)
                else:
                    yield langsmith_example(run_record(run, rows, crit, extras, suite=suites.get(run["id"])))

    return ExportResult(fmt, write_json_lines(out, records()), [out])


def _export_csv(store: Store, out: Path, flt: RunFilter | None) -> ExportResult:
    columns = [
        "schema_version",
        "run_id",
        "turn",
        "turn_number",
        "iteration",
        "iteration_number",
        "position",
        "criterion",
        "passed",
        "verdict",
        "check",
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
        for runs, its, crit, _, _suites in read_batches(store, flt):
            by_run: dict[str, list[tuple[tuple, list[dict]]]] = {}
            for key, rows in crit.items():
                by_run.setdefault(key[0], []).append((key, rows))
            for run in runs:
                results = {(i["turn"], i["iteration"]): i["result"] for i in its.get(run["id"], [])}
                for (run_id, turn, iteration), rows in by_run.get(run["id"], []):
                    for c in rows:
                        row = {
                            "schema_version": EXPORT_SCHEMA_VERSION,
                            "run_id": run_id,
                            "turn": turn,
                            "turn_number": turn + 1,
                            "iteration": iteration,
                            "iteration_number": iteration + 1,
                            "position": c["position"],
                            "criterion": c["name"],
                            "passed": bool(c["passed"]),
                            "verdict": c["verdict"],
                            "check": check_text(c["check"]),
                            "gap": c["gap"],
                            **human_fields(c),
                            "result": results.get((turn, iteration)),
                            "model": run["model"],
                            "grader": run["grader"],
                            "rubric_name": run["rubric_name"],
                            "rubric_version": run["rubric_version"],
                            "status": run["status"],
                            "created_at": iso_time(run["created_at"]),
                        }
                        writer.writerow({k: csv_safe(v) for k, v in row.items()})
                        n += 1
    return ExportResult("csv", n, [out])


def _add_iteration_number(frame: Any) -> None:
    """`iteration_number` beside a frame's 0-based `iteration`, and `turn_number` beside `turn`: the iteration and
    the turn as the dashboard says them (1 = the first draft, the first message). An export that said "iteration 0"
    where the page said "iteration 1" read as off by one."""
    if "turn" in frame.columns:
        frame.insert(frame.columns.get_loc("turn") + 1, "turn_number", frame["turn"] + 1)
    if "iteration" in frame.columns:
        frame.insert(frame.columns.get_loc("iteration") + 1, "iteration_number", frame["iteration"] + 1)


def _export_parquet(store: Store, out: Path, flt: RunFilter | None) -> ExportResult:
    """OUT/runs/runs.parquet, OUT/iterations/iterations.parquet, OUT/criteria/criteria.parquet."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rubric_core.exports.parquet_typed import with_typed_columns
    from rubric_core.views import frames

    # One folder per frame, so `datasets.load_dataset("parquet", data_dir=out / "criteria")` loads one
    # frame whole (a data_dir holding several files would be read as one table).
    paths = {name: out / name / f"{name}.parquet" for name in PARQUET_FRAMES}
    for path in paths.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    writers: dict[str, Any] = {}
    n = 0
    meta = {b"rubric_studio_schema_version": str(EXPORT_SCHEMA_VERSION).encode()}
    try:
        for runs, its, crit, _, _suites in read_batches(store, flt):
            ids = [r["id"] for r in runs]
            all_its = [row for rid in ids for row in its.get(rid, [])]
            all_crit = [row for key, rows in crit.items() for row in rows]
            all_crit.sort(key=itemgetter("run_id", "turn", "iteration", "position"))
            tables = {
                "runs": frames.runs_frame_from_rows(runs),
                "iterations": frames.iterations_frame_from_rows(all_its, all_crit),
                "criteria": frames.criteria_frame_from_rows(all_crit, [c["review"] for c in all_crit if c["review"]]),
            }
            for name, frame in tables.items():
                frame.insert(0, "schema_version", EXPORT_SCHEMA_VERSION)
                _add_iteration_number(frame)
                table = with_typed_columns(name, pa.Table.from_pandas(frame, preserve_index=False), runs, all_its)
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
                frame.insert(0, "schema_version", EXPORT_SCHEMA_VERSION)
                _add_iteration_number(frame)
                table = with_typed_columns(name, pa.Table.from_pandas(frame, preserve_index=False), [], [])
                pq.write_table(table.replace_schema_metadata({**(table.schema.metadata or {}), **meta}), paths[name])
    finally:
        for w in writers.values():
            w.close()
    return ExportResult("parquet", n, list(paths.values()))
