"""Eval-dataset exports (shapes documented in docs/EXPORTS.md).

Every writer streams: runs are read in batches by keyset paging and written
as they come, so memory stays bounded whatever the number of runs. Every
record carries `schema_version` (EXPORT_SCHEMA_VERSION, the version of the
export shapes, not of the store's tables). The run-level JSONL is lossless:
`rubric_core.importer` rebuilds every stored field from it. Nothing secret is
in the store, so nothing secret can reach an export; the tests plant keys to
prove it. CSV cells are neutralised against spreadsheet formula injection;
the other formats keep the exact text.
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

from rubric_core.engine.events import RunEvent
from rubric_core.judge.calibration import CALIBRATION_LABEL, attach_reviews, export_calibration, human_fields
from rubric_core.store import RunFilter, Store

EXPORT_SCHEMA_VERSION = 2
"""The version of the export shapes. 1: the first release. 2: run records gain metadata.error,
metadata.turn_inputs and per-step draft_tokens, grading_run_id, timestamps and tool_events; pairs gain prompt,
chosen, rejected and pass counts; LangSmith records use reference_outputs; Parquet writes one
folder per frame; criterion rows carry the newest human review. The importer reads every version up to this one."""
FORMATS = ("jsonl", "grader-jsonl", "pairs", "csv", "parquet", "langsmith", "calibration")
FORMAT_LABELS = {
    "jsonl": "JSONL, one example per run (inputs, outputs, metadata)",
    "grader-jsonl": "JSONL, one example per grading pass (for evaluating graders)",
    "pairs": "JSONL preference pairs (prompt, chosen, rejected) from revisions that passed more criteria",
    "csv": "CSV, criteria in long format (formula-like cells neutralised for spreadsheets)",
    "parquet": "Parquet, one folder per frame (runs/, iterations/, criteria/)",
    "langsmith": "LangSmith dataset examples (file; uploaded when a key is configured)",
    "calibration": CALIBRATION_LABEL,
}
BATCH = 1000
PARQUET_FRAMES = ("runs", "iterations", "criteria")
_FORMULA_START = frozenset("=+-@\t\r")


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


@dataclass
class EventExtras:
    """What the run-level record needs from a run's events (the rows do not hold it)."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    """Each follow-up turn: {turn, message, rubric, previous_end (the terminal event that ended the turn before)}."""
    tools: dict[tuple[int, int], list[dict[str, Any]]] = field(default_factory=dict)
    """Tool calls and results per (turn, iteration), in order, with the phase they belong to."""


EXTRA_EVENT_TYPES = ("run_started", "grading_started", "tool_call", "tool_result", "finished", "error", "cancelled")
"""The event types `event_extras` reads."""


def event_extras(events: list[RunEvent], *, tools: bool = True) -> EventExtras:
    """Follow-up inputs and (when `tools`) tool events of a run, from its stored events (EXTRA_EVENT_TYPES)."""
    extras = EventExtras()
    seen: dict[int, dict[str, Any]] = {}
    grading: set[tuple[int, int]] = set()
    pending: dict[str, Any] | None = None
    last_end: dict[str, Any] | None = None
    for ev in events:
        d = ev.data
        if pending is not None and ev.type != "run_started" and "turn" in d:
            turn = int(d.get("turn") or 0)
            seen.setdefault(turn, {"turn": turn, **pending})
            pending = None
        if ev.type in ("finished", "error", "cancelled"):
            last_end = {"type": ev.type, "at": _iso(ev.at), **d}
            continue
        if ev.type == "run_started":
            if d.get("mode") == "follow_up":
                # The event's own `turn` is written before the engine knows it: the turn is that of
                # the events that follow. `previous_end`: how the turn before it ended.
                pending = {"message": d.get("message") or "", "rubric": d.get("rubric") or "", "previous_end": last_end}
            continue
        if ev.type == "grading_started":
            grading.add((int(d.get("turn", 0)), int(d.get("iteration", 0))))
        elif tools and ev.type in ("tool_call", "tool_result"):
            key = (int(d.get("turn", 0)), int(d.get("iteration", 0)))
            body = {k: v for k, v in d.items() if k not in ("turn", "iteration")}
            phase = "grading" if key in grading else "drafting"
            extras.tools.setdefault(key, []).append({"type": ev.type, "phase": phase, **body})
    extras.turns = [seen[t] for t in sorted(seen)]
    return extras


def _criteria(rows: list[dict]) -> list[dict[str, Any]]:
    return [{"name": c["name"], "passed": bool(c["passed"]), "gap": c["gap"] or None, **human_fields(c)} for c in rows]


def _files(files_json: str | dict) -> list[dict[str, str]]:
    files = json.loads(files_json) if isinstance(files_json, str) else files_json
    return [{"path": p, "content": c} for p, c in (files or {}).items()]


def run_record(
    run: dict, iterations: list[dict], criteria: dict[tuple, list[dict]], extras: EventExtras | None = None
) -> dict[str, Any]:
    """The run-level example: inputs, outputs, metadata (with the full per-iteration history).

    It carries every stored field of the run, its iterations and criteria, the follow-up inputs and
    the tool events (`extras`, from `event_extras`), so an import rebuilds the same rows and events.
    """
    extras = extras or EventExtras()
    graded = [i for i in iterations if i["result"] is not None]
    last = graded[-1] if graded else None
    final_criteria = _criteria(criteria.get((run["id"], last["turn"], last["iteration"]), [])) if last else []
    history = [
        {
            "turn": i["turn"],
            "iteration": i["iteration"],
            "draft": i["draft_text"],
            "files": _files(i["files_json"]),
            "draft_tokens": i["draft_tokens"],
            "drafted_at": _iso(i["draft_at"]),
            "grading_run_id": i["grading_run_id"],
            "grading_started_at": _iso(i["grading_started_at"]),
            "graded_at": _iso(i["graded_at"]),
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
            "tool_events": extras.tools.get((i["turn"], i["iteration"]), []),
        }
        for i in iterations
    ]
    return {
        "schema_version": EXPORT_SCHEMA_VERSION,
        "id": run["id"],
        "inputs": {"task": run["task"], "rubric": run["rubric"]},
        "outputs": {"final_output": run["final_output"], "status": run["status"], "files": _files(run["final_files"])},
        "metadata": {
            "models": {"model": run["model"], "grader": run["grader"]},
            "rubric_name": run["rubric_name"],
            "rubric_version": run["rubric_version"],
            "iterations": run["iterations"],
            "turns": run["turns"],
            "turn_inputs": extras.turns,
            "final_criteria": final_criteria,
            "tokens": {
                "input_tokens": run["input_tokens"],
                "output_tokens": run["output_tokens"],
                "total_tokens": run["total_tokens"],
            },
            "created_at": _iso(run["created_at"]),
            "finished_at": _iso(run["finished_at"]),
            "wall_time_s": run["wall_time_s"],
            "error": run["error"] or None,
            "tags": run["tags"],
            "note": run["note"],
            "config": _public_config(run["config"]),
            "history": history,
            "schema_version": EXPORT_SCHEMA_VERSION,
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
            "schema_version": EXPORT_SCHEMA_VERSION,
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


def pair_records(
    run: dict,
    iterations: list[dict],
    criteria: dict[tuple, list[dict]],
    extras: EventExtras | None = None,
    *,
    all_pairs: bool = False,
) -> Iterator[dict[str, Any]]:
    """Preference pairs from consecutive graded drafts of a turn (draft k, failing criteria, draft k+1).

    `prompt`, `chosen` and `rejected` are the fields preference trainers (TRL's DPO/ORPO/KTO-style
    trainers) read: the prompt is the turn's user message, `chosen` the draft that passed more
    criteria. By default only pairs whose pass count improved are written (chosen = the later
    draft); `all_pairs` writes every consecutive graded pair (on a tie, chosen = the later draft).
    """
    messages = {t["turn"]: t["message"] for t in (extras or EventExtras()).turns}
    by_turn: dict[int, list[dict]] = {}
    for i in iterations:
        by_turn.setdefault(i["turn"], []).append(i)
    for turn, its in by_turn.items():
        for before, after in itertools.pairwise(its):
            if before["result"] is None or after["result"] is None:
                continue  # a pass count needs a grading pass on both sides
            crit_before = _criteria(criteria.get((run["id"], turn, before["iteration"]), []))
            crit_after = _criteria(criteria.get((run["id"], turn, after["iteration"]), []))
            passed_before = sum(c["passed"] for c in crit_before)
            passed_after = sum(c["passed"] for c in crit_after)
            improved = passed_after > passed_before
            if not improved and not all_pairs:
                continue
            later_wins = passed_after >= passed_before
            yield {
                "schema_version": EXPORT_SCHEMA_VERSION,
                "prompt": messages.get(turn) or run["task"],
                "chosen": after["draft_text"] if later_wins else before["draft_text"],
                "rejected": before["draft_text"] if later_wins else after["draft_text"],
                "passed_before": passed_before,
                "passed_after": passed_after,
                "criteria_total": len(crit_after),
                "improved": improved,
                "run_id": run["id"],
                "turn": turn,
                "iteration": before["iteration"],
                "task": run["task"],
                "rubric": run["rubric"],
                "draft_before": before["draft_text"],
                "failing_criteria": [
                    {"name": c["name"], "gap": c["gap"], "human_passed": c["human_passed"]}
                    for c in crit_before
                    if not c["passed"]
                ],
                "feedback": before["feedback_text"],
                "draft_after": after["draft_text"],
                "result_before": before["result"],
                "result_after": after["result"],
                "model": run["model"],
                "grader": run["grader"],
            }


def langsmith_example(record: dict[str, Any]) -> dict[str, Any]:
    """The LangSmith dataset example shape of a run record.

    Field names are those of the pinned langsmith client's `ExampleCreate`: `reference_outputs`
    (`outputs` is its deprecated alias since langsmith 0.15 and warns).
    """
    meta = {k: v for k, v in record["metadata"].items() if k != "history"}
    meta["run_id"] = record["id"]
    return {"inputs": record["inputs"], "reference_outputs": record["outputs"], "metadata": meta}


def csv_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula, prefixed with a single quote.

    Cells beginning with `=`, `+`, `-`, `@`, a tab or a carriage return are neutralised (the
    OWASP CSV-injection advice). Numbers are not text and stay as they are; a text that looks
    like a negative number ("-3 words", "-1") is text in this export and is quoted too.
    """
    if isinstance(value, str) and value[:1] in _FORMULA_START:
        return "'" + value
    return value


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
    all_pairs: bool = False,
) -> ExportResult:
    """Write the runs matching `flt` to `out` in `fmt` (langsmith: also uploaded when `upload` and configured).

    `all_pairs` (pairs only): every consecutive graded pair, not only those whose pass count improved.
    """
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
            # One query per batch; pairs and langsmith need only the follow-up inputs (runs of several turns).
            wanted = [r["id"] for r in runs if fmt == "jsonl" or int(r.get("turns") or 1) > 1]
            events = store.events_of_types(wanted, EXTRA_EVENT_TYPES) if fmt != "grader-jsonl" else {}
            for run in runs:
                rows = its.get(run["id"], [])
                extras = event_extras(events.get(run["id"], []), tools=fmt == "jsonl")
                if fmt == "jsonl":
                    yield run_record(run, rows, crit, extras)
                elif fmt == "grader-jsonl":
                    yield from grader_records(run, rows, crit)
                elif fmt == "pairs":
                    yield from pair_records(run, rows, crit, extras, all_pairs=all_pairs)
                else:
                    yield langsmith_example(run_record(run, rows, crit, extras))

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
                        writer.writerow({k: csv_safe(v) for k, v in row.items()})
                        n += 1
    return ExportResult("csv", n, [out])


def _export_parquet(store: Store, out: Path, flt: RunFilter | None) -> ExportResult:
    """OUT/runs/runs.parquet, OUT/iterations/iterations.parquet, OUT/criteria/criteria.parquet."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rubric_core import frames

    # One folder per frame, so `datasets.load_dataset("parquet", data_dir=out / "criteria")` loads one
    # frame whole (a data_dir holding several files would be read as one table).
    paths = {name: out / name / f"{name}.parquet" for name in PARQUET_FRAMES}
    for path in paths.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    writers: dict[str, Any] = {}
    n = 0
    meta = {b"rubric_studio_schema_version": str(EXPORT_SCHEMA_VERSION).encode()}
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
                frame.insert(0, "schema_version", EXPORT_SCHEMA_VERSION)
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
                frame.insert(0, "schema_version", EXPORT_SCHEMA_VERSION)
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
                examples=[
                    {"inputs": e["inputs"], "reference_outputs": e["reference_outputs"], "metadata": e["metadata"]}
                    for e in chunk
                ],
            )
    except Exception as exc:  # noqa: BLE001 -- the upload is optional; report, keep the file
        from rubric_core.engine.runner import redact

        return f"Wrote {path}, but the LangSmith upload failed: {type(exc).__name__}: {redact(str(exc)[:300], None)}"
    return f"Wrote {path} and uploaded {len(examples)} examples to LangSmith dataset {name!r}."
