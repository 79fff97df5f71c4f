"""One exported run (a checked import line) as the events the engine would have emitted, and the run-level
fields no event carries: what the store records for an imported run, exactly as for a local one."""

from __future__ import annotations

import json
import re
import time
from datetime import datetime
from typing import Any

from rubric_core.events import RunEvent
from rubric_core.exports.formats import EXPORT_SCHEMA_VERSION
from rubric_core.exports.steer_import import fork_started, steered_events
from rubric_core.store.filters import FINAL_STATUSES
from rubric_core.verdicts import VERDICTS

_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_RESULTS = frozenset({"satisfied", "needs_revision", "failed", "max_iterations_reached", "grader_error"})


class ImportError_(ValueError):
    """A malformed import file; the message names the line and the problem. Nothing was imported."""


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


def _tool_tokens(tool_events: list[Any], phase: str) -> int:
    """The total tokens the tool_call events of one phase carry (the store adds them to the draft)."""
    total = 0
    for t in tool_events:
        tokens = t.get("tokens") if t.get("type") == "tool_call" and t.get("phase", "drafting") == phase else None
        if isinstance(tokens, dict) and isinstance(tokens.get("total_tokens"), int):
            total += tokens["total_tokens"]
    return total


def events_from_record(record: dict[str, Any], line: int) -> list[RunEvent]:
    """The events of one exported run (validated; ImportError_ names the line)."""
    version = record.get("schema_version")
    if not isinstance(version, int):
        raise ImportError_(f"line {line}: missing schema_version; is this a Rubric Studio run-level JSONL export?")
    if version > EXPORT_SCHEMA_VERSION:
        raise ImportError_(
            f"line {line}: schema_version {version} is newer than this Rubric Studio ({EXPORT_SCHEMA_VERSION})."
        )
    run_id = _need(record, "id", str, line)
    task = _need(record, "inputs.task", str, line)
    rubric = _need(record, "inputs.rubric", str, line)
    status = _need(record, "outputs.status", str, line)
    if status not in (*FINAL_STATUSES, "running", "paused", "interrupted"):
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
    # The config as the run started (a follow-up may have replaced the rubric since: inputs.rubric
    # is the latest, restored with the other run fields).
    config.update(
        task=task,
        rubric=str(config.get("rubric") or rubric),
        model=model,
        grader=grader,
        rubric_name=str(meta.get("rubric_name") or config.get("rubric_name") or ""),
    )
    follow_ups = {
        int(t["turn"]): t
        for t in meta.get("turn_inputs") or []
        if isinstance(t, dict) and isinstance(t.get("turn"), int) and t["turn"] > 0
    }
    seq = 0
    events: list[RunEvent] = []

    def add(type_: str, data: dict[str, Any], at: float) -> None:
        nonlocal seq
        events.append(RunEvent(run_id=run_id, seq=seq, type=type_, at=at, data=data))  # type: ignore[arg-type]
        seq += 1

    def start_turn(turn: int, at: float) -> None:
        given = follow_ups.get(turn, {})
        end = given.get("previous_end")
        if end is not None:
            body = _previous_end(end, line, f"metadata.turn_inputs (turn {turn}).previous_end")
            add(
                end["type"], body, _ts(end.get("at"), line, f"metadata.turn_inputs (turn {turn}).previous_end.at") or at
            )
        add(
            "run_started",
            {
                "mode": "follow_up",
                "config": config,
                "models": {"model": model, "grader": grader},
                "thread_id": run_id,
                "message": str(given.get("message") or ""),
                "rubric": str(given.get("rubric") or rubric),
                "turn": turn,
                "imported": True,
            },
            at,
        )

    add(
        "run_started",
        {
            "mode": "start",
            "config": config,
            "models": {"model": model, "grader": grader},
            "thread_id": run_id,
            "turn": 0,
            "imported": True,
            **_agent_of(meta),
            **fork_started(meta),
        },
        created,
    )
    decisions = steered_events(meta)
    last_turn = 0
    for n, step in enumerate(history):
        if not isinstance(step, dict):
            raise ImportError_(f"line {line}: metadata.history[{n}] must be an object.")
        turn, iteration = int(step.get("turn", 0) or 0), int(step.get("iteration", 0) or 0)
        where = f"metadata.history[{n}]"
        drafted = _ts(step.get("drafted_at"), line, f"{where}.drafted_at") or created
        if turn != last_turn:
            for skipped in sorted(t for t in follow_ups if last_turn < t < turn):
                start_turn(skipped, drafted)
            start_turn(turn, drafted)
            last_turn = turn
        files = {f["path"]: f["content"] for f in step.get("files") or [] if isinstance(f, dict) and "path" in f}
        tokens = step.get("tokens") or {}
        draft = str(step.get("draft") or "")
        tool_events = step.get("tool_events") or []
        if not isinstance(tool_events, list) or not all(
            isinstance(t, dict) and t.get("type") in ("tool_call", "tool_result") for t in tool_events
        ):
            raise ImportError_(f"line {line}: {where}.tool_events must be a list of tool_call / tool_result objects.")

        def add_tools(
            phase: str, at: float, turn: int = turn, iteration: int = iteration, tools: list = tool_events
        ) -> None:
            for t in tools:
                if t.get("phase", "drafting") == phase:
                    body = {k: v for k, v in t.items() if k not in ("type", "phase")}
                    add(t["type"], {"turn": turn, "iteration": iteration, **body}, at)

        add_tools("drafting", drafted)
        if "drafted_at" not in step or step["drafted_at"] is not None or draft or files:
            add(
                "draft",
                {
                    "turn": turn,
                    "iteration": iteration,
                    "text": draft,
                    "files": files,
                    **({"disk_files": [str(p) for p in step["disk_files"]]} if step.get("disk_files") else {}),
                    "wall_time_s": 0.0,
                    # The stored draft tokens include the drafting tool calls' tokens, which their own
                    # tool_call events add back on import: count them once.
                    "tokens": {
                        "total_tokens": _int(step.get("draft_tokens"), line, f"{where}.draft_tokens")
                        - _tool_tokens(tool_events, "drafting")
                    },
                },
                drafted,
            )
        if step.get("result") and step["result"] not in _RESULTS:
            raise ImportError_(f"line {line}: metadata.history[{n}].result {step['result']!r} is not a grading result.")
        grading_run_id = str(step.get("grading_run_id") or "")
        grading_at = _ts(step.get("grading_started_at"), line, f"{where}.grading_started_at")
        if step.get("result") or grading_at:
            add(
                "grading_started",
                {"turn": turn, "iteration": iteration, "grading_run_id": grading_run_id},
                grading_at or drafted,
            )
            add_tools("grading", grading_at or drafted)
        graded = _ts(step.get("graded_at"), line, f"{where}.graded_at") or grading_at or drafted
        if step.get("result"):
            criteria = step.get("criteria") or []
            if not isinstance(criteria, list) or not all(isinstance(c, dict) and "name" in c for c in criteria):
                raise ImportError_(
                    f"line {line}: metadata.history[{n}].criteria must be a list of {{name, passed, gap}}."
                )
            add(
                "evaluation",
                {
                    "turn": turn,
                    "iteration": iteration,
                    "grading_run_id": grading_run_id,
                    "result": str(step["result"]),
                    "explanation": str(step.get("explanation") or ""),
                    "criteria": [
                        {
                            "name": str(c["name"]),
                            "passed": bool(c.get("passed")),
                            **({"gap": str(c["gap"])} if c.get("gap") else {}),
                            # Files before schema 5 carry no verdict record: pass / fail from `passed`, the
                            # check 'not recorded' (rubric_core/verdicts.py reads it so).
                            **({"verdict": str(c["verdict"])} if c.get("verdict") in VERDICTS else {}),
                            **({"check": c["check"]} if isinstance(c.get("check"), dict) else {}),
                        }
                        for c in criteria
                    ],
                    **(
                        {"grader_tools": step["grader_tools"]}
                        if isinstance(step.get("grader_tools"), list) and step["grader_tools"]
                        else {}
                    ),
                    "unverified": bool(step.get("unverified")),
                    "wall_time_s": _float(step.get("wall_time_s"), line, f"{where}.wall_time_s"),
                    "tokens": tokens if isinstance(tokens, dict) else {},
                },
                graded,
            )
        for data, at in decisions.pop((turn, iteration), []):  # decided at this pass's pauses, before its feedback
            add("steered", data, at or graded)
        if step.get("feedback"):
            add("feedback", {"turn": turn, "iteration": iteration, "text": str(step["feedback"])}, graded)
    for later in sorted(t for t in follow_ups if t > last_turn):
        start_turn(later, finished)
        last_turn = later
    for key in sorted(decisions):  # a decision at a pass the history does not hold (a pause before its grading)
        for data, at in decisions[key]:
            add("steered", data, at or finished)
    outputs = record["outputs"]
    files = {f["path"]: f["content"] for f in outputs.get("files") or [] if isinstance(f, dict) and "path" in f}
    if status == "cancelled":
        add(
            "cancelled",
            {"turn": last_turn, "iterations": len(history), "wall_time_s": meta.get("wall_time_s") or 0.0},
            finished,
        )
    elif status == "error":
        message = meta.get("error") or outputs.get("final_output") or "The run ended with an error."
        add("error", {"message": str(message), "turn": last_turn}, finished)
    elif status in FINAL_STATUSES:
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
    # running / interrupted: no terminal event; the imported run has no live worker, so it reads
    # `interrupted` (its checkpoints stayed on the machine it came from).
    return events


def _previous_end(end: Any, line: int, where: str) -> dict[str, Any]:
    """The data of the terminal event that ended a turn, checked the way the store will read it."""
    if not isinstance(end, dict) or end.get("type") not in ("finished", "error", "cancelled"):
        raise ImportError_(f"line {line}: {where} must be an object with type finished, error or cancelled.")
    body = {k: v for k, v in end.items() if k not in ("type", "at")}
    body["wall_time_s"] = _float(body.get("wall_time_s"), line, f"{where}.wall_time_s") or 0.0
    if end["type"] == "finished":
        if body.get("status") not in FINAL_STATUSES:
            raise ImportError_(f"line {line}: {where}.status {body.get('status')!r} is not a final run status.")
        if not isinstance(body.get("final_output", ""), str) or not isinstance(body.get("files") or {}, dict):
            raise ImportError_(f"line {line}: {where} needs final_output text and files as an object.")
    if end["type"] == "error" and not isinstance(body.get("message", ""), str):
        raise ImportError_(f"line {line}: {where}.message must be text.")
    return body


def restored_fields(record: dict[str, Any], line: int) -> dict[str, Any]:
    """The run-level fields of a record that no event carries, as `Store.import_runs` restores them.

    Older exports (schema_version 1) lack some; those are left as the events made them.
    """
    meta, outputs = record["metadata"], record["outputs"]
    columns: dict[str, Any] = {"rubric": record["inputs"]["rubric"]}
    tokens = meta.get("tokens")
    if isinstance(tokens, dict):
        for name in ("input_tokens", "output_tokens", "total_tokens"):
            if name in tokens:
                columns[name] = _int(tokens[name], line, f"metadata.tokens.{name}")
    if meta.get("wall_time_s") is not None:
        columns["wall_time_s"] = _float(meta["wall_time_s"], line, "metadata.wall_time_s")
    if meta.get("rubric_version") is not None:
        columns["rubric_version"] = _int(meta["rubric_version"], line, "metadata.rubric_version")
    if "turns" in meta:
        columns["turns"] = max(1, _int(meta["turns"], line, "metadata.turns"))
    if isinstance(meta.get("note"), str):
        columns["note"] = meta["note"]
    if isinstance(outputs.get("final_output"), str):
        columns["final_output"] = outputs["final_output"]
    files = outputs.get("files")
    if isinstance(files, list):
        columns["final_files_json"] = json.dumps(
            {f["path"]: f.get("content", "") for f in files if isinstance(f, dict) and "path" in f}
        )
    if isinstance(meta.get("error"), str):
        columns["error"] = meta["error"]
    tags = meta.get("tags") or []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ImportError_(f"line {line}: metadata.tags must be a list of strings.")
    return {"columns": columns, "tags": tags, "reviews": _reviews(meta), "suite": _suite(record, line)}


def _suite(record: dict[str, Any], line: int) -> dict[str, Any] | None:
    """The suite run, item and matrix column of a run, as the store rebuilds them (None outside any suite run)."""
    suite = record["metadata"].get("suite")
    if not suite:
        return None
    return {
        **suite,
        "created_at": _ts(suite.get("created_at"), line, "metadata.suite.created_at") or time.time(),
        "task": record["inputs"]["task"],
        "rubric": record["inputs"]["rubric"],
    }


def _reviews(meta: dict[str, Any]) -> list[dict[str, Any]]:
    """The human verdicts the export carries beside the grader's (the newest review of each cell)."""
    out = []
    for step in meta.get("history") or []:
        reviewed_at = _ts(step.get("graded_at"), 0, "graded_at") or None
        for position, c in enumerate(step.get("criteria") or []):
            if c.get("human_passed") is None:
                continue
            out.append(
                {
                    "turn": int(step["turn"]),
                    "iteration": int(step["iteration"]),
                    "position": position,
                    "criterion": str(c["name"]),
                    "passed": bool(c["human_passed"]),
                    "reason": str(c.get("human_reason") or "").strip(),
                    "reviewer": str(c.get("reviewer") or "").strip(),
                    "created_at": reviewed_at,
                    "verdict": str(c.get("human_verdict") or ("pass" if c["human_passed"] else "fail")),
                }
            )
    return out


def _int(value: Any, line: int, field: str) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportError_(f"line {line}: {field} must be a whole number, got {value!r}.")
    return value


def _float(value: Any, line: int, field: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ImportError_(f"line {line}: {field} must be a number of seconds, got {value!r}.")
    return float(value)


def _agent_of(meta: dict[str, Any]) -> dict[str, Any]:
    """The run_started `agent` of an exported run (stored, shown; never loaded: an import runs no code)."""
    agent = meta.get("agent")
    if not isinstance(agent, dict) or not agent.get("name"):
        return {}
    return {
        "agent": {
            "name": str(agent["name"]),
            "factory": str(agent.get("factory") or ""),
            "digest": str(agent.get("project_digest") or ""),
        }
    }
