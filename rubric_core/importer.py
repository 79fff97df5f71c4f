"""Import a run-level JSONL export into the store, all or nothing.

Each line becomes the events the engine would have emitted (run started,
drafts, grading, evaluations, feedback, the terminal event), written through
the store's normal event path, so an imported run is viewed and presented
exactly like a local one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from rubric_core.engine.events import RunEvent
from rubric_core.import_check import RecordError, check_ids_unique, check_record, parse_line
from rubric_core.store import SCHEMA_VERSION, Store
from rubric_core.store.store import FINAL_STATUSES

_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_RESULTS = frozenset({"satisfied", "needs_revision", "failed", "max_iterations_reached", "grader_error"})


class ImportError_(ValueError):
    """A malformed import file; the message names the line and the problem. Nothing was imported."""


@dataclass
class ImportResult:
    """What an import did."""

    imported: int
    skipped: int
    """Runs already in the store (same id), left as they were."""


def _ts(value: Any, line: int, field: str) -> float:
    if value is None:
        return 0.0
    try:
        return datetime.fromisoformat(str(value)).timestamp()
    except ValueError:
        raise ImportError_(f"line {line}: {field} is not an ISO date-time: {value!r}.") from None


def _need(obj: Any, path: str, kind: type | tuple[type, ...], line: int) -> Any:
    value = obj
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise ImportError_(f"line {line}: missing {path}.")
        value = value[part]
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ImportError_(f"line {line}: {path} must be {names}, got {type(value).__name__}.")
    return value


def events_from_record(record: dict[str, Any], line: int) -> list[RunEvent]:
    """The events of one exported run (validated; ImportError_ names the line)."""
    version = record.get("schema_version")
    if not isinstance(version, int):
        raise ImportError_(f"line {line}: missing schema_version; is this a Rubric Studio run-level JSONL export?")
    if version > SCHEMA_VERSION:
        raise ImportError_(
            f"line {line}: schema_version {version} is newer than this Rubric Studio ({SCHEMA_VERSION})."
        )
    run_id = _need(record, "id", str, line)
    task = _need(record, "inputs.task", str, line)
    rubric = _need(record, "inputs.rubric", str, line)
    status = _need(record, "outputs.status", str, line)
    if status not in (*FINAL_STATUSES, "running", "interrupted"):
        raise ImportError_(f"line {line}: outputs.status {status!r} is not a run status.")
    model = _need(record, "metadata.models.model", str, line)
    grader = _need(record, "metadata.models.grader", str, line)
    history = _need(record, "metadata.history", list, line)
    meta = record["metadata"]
    if not task.strip() or not rubric.strip() or not run_id.strip():
        raise ImportError_(f"line {line}: id, inputs.task and inputs.rubric must not be empty.")
    if not _ID_RE.match(run_id):
        raise ImportError_(f"line {line}: id must be 1 to 64 letters, digits, '-' or '_'.")
    created = _ts(meta.get("created_at"), line, "metadata.created_at")
    finished = _ts(meta.get("finished_at"), line, "metadata.finished_at") or created
    config = dict(meta.get("config") or {})
    config.update(
        task=task,
        rubric=rubric,
        model=model,
        grader=grader,
        rubric_name=str(meta.get("rubric_name") or config.get("rubric_name") or ""),
    )
    seq = 0
    events: list[RunEvent] = []

    def add(type_: str, data: dict[str, Any], at: float) -> None:
        nonlocal seq
        events.append(RunEvent(run_id=run_id, seq=seq, type=type_, at=at, data=data))  # type: ignore[arg-type]
        seq += 1

    add(
        "run_started",
        {
            "mode": "start",
            "config": config,
            "models": {"model": model, "grader": grader},
            "thread_id": run_id,
            "turn": 0,
            "imported": True,
        },
        created,
    )
    last_turn = 0
    for n, step in enumerate(history):
        if not isinstance(step, dict):
            raise ImportError_(f"line {line}: metadata.history[{n}] must be an object.")
        turn, iteration = int(step.get("turn", 0) or 0), int(step.get("iteration", 0) or 0)
        if turn != last_turn:
            add(
                "run_started",
                {
                    "mode": "follow_up",
                    "config": config,
                    "models": {"model": model, "grader": grader},
                    "thread_id": run_id,
                    "turn": turn,
                    "imported": True,
                },
                created,
            )
            last_turn = turn
        files = {f["path"]: f["content"] for f in step.get("files") or [] if isinstance(f, dict) and "path" in f}
        tokens = step.get("tokens") or {}
        add(
            "draft",
            {
                "turn": turn,
                "iteration": iteration,
                "text": str(step.get("draft") or ""),
                "files": files,
                "wall_time_s": 0.0,
                "tokens": {},
            },
            created,
        )
        if step.get("result") and step["result"] not in _RESULTS:
            raise ImportError_(f"line {line}: metadata.history[{n}].result {step['result']!r} is not a grading result.")
        if step.get("result"):
            criteria = step.get("criteria") or []
            if not isinstance(criteria, list) or not all(isinstance(c, dict) and "name" in c for c in criteria):
                raise ImportError_(
                    f"line {line}: metadata.history[{n}].criteria must be a list of {{name, passed, gap}}."
                )
            add("grading_started", {"turn": turn, "iteration": iteration, "grading_run_id": ""}, created)
            add(
                "evaluation",
                {
                    "turn": turn,
                    "iteration": iteration,
                    "grading_run_id": "",
                    "result": str(step["result"]),
                    "explanation": str(step.get("explanation") or ""),
                    "criteria": [
                        {
                            "name": str(c["name"]),
                            "passed": bool(c.get("passed")),
                            **({"gap": str(c.get("gap") or "")} if not c.get("passed") else {}),
                        }
                        for c in criteria
                    ],
                    "unverified": bool(step.get("unverified")),
                    "wall_time_s": step.get("wall_time_s") or 0.0,
                    "tokens": tokens if isinstance(tokens, dict) else {},
                },
                created,
            )
        if step.get("feedback"):
            add("feedback", {"turn": turn, "iteration": iteration, "text": str(step["feedback"])}, created)
    outputs = record["outputs"]
    files = {f["path"]: f["content"] for f in outputs.get("files") or [] if isinstance(f, dict) and "path" in f}
    if status in ("cancelled", "running", "interrupted"):
        add(
            "cancelled",
            {"turn": last_turn, "iterations": len(history), "wall_time_s": meta.get("wall_time_s") or 0.0},
            finished,
        )
    elif status == "error":
        add(
            "error",
            {"message": str(outputs.get("final_output") or "The run ended with an error."), "turn": last_turn},
            finished,
        )
    else:
        add(
            "finished",
            {
                "turn": last_turn,
                "status": status,
                "final_output": str(outputs.get("final_output") or ""),
                "files": files,
                "iterations": int(meta.get("iterations") or len(history)),
                "tokens": {},
                "wall_time_s": float(meta.get("wall_time_s") or 0.0),
            },
            finished,
        )
    return events


def import_runs(store: Store, path: str | Path) -> ImportResult:
    """Import every run of a run-level JSONL file, in one transaction."""
    p = Path(path)
    try:
        lines = p.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise ImportError_(f"Cannot read {p}: {exc.strerror or exc}.") from None
    except UnicodeDecodeError as exc:
        raise ImportError_(f"{p} is not UTF-8 text (byte {exc.start} cannot be decoded): save it as UTF-8.") from None
    parsed: list[tuple[list[RunEvent], str]] = []
    ids: list[tuple[str, int]] = []
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        # Every line is checked in full (schema and meaning) before anything is written.
        try:
            record = parse_line(raw, n)
            check_record(record, n)
        except RecordError as exc:
            raise ImportError_(str(exc)) from None
        ids.append((record["id"], n))
        parsed.append((events_from_record(record, n), p.name))
    try:
        check_ids_unique(ids)
    except RecordError as exc:
        raise ImportError_(str(exc)) from None
    if not parsed:
        raise ImportError_(f"{p} holds no runs: export runs with `python -m rubric_core export --format jsonl`.")
    imported, skipped = store.import_runs(parsed)
    return ImportResult(imported, skipped)
