"""The record shapes of the JSON exports: run level, grader level, preference pairs, LangSmith examples."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rubric_core.events import RunEvent
from rubric_core.exports.formats import EXPORT_SCHEMA_VERSION, iso_time
from rubric_core.exports.review_fields import human_fields


@dataclass
class EventExtras:
    """What the run-level record needs from a run's events (the rows do not hold it)."""

    turns: list[dict[str, Any]] = field(default_factory=list)
    """Each follow-up turn: {turn, message, rubric, previous_end (the terminal event that ended the turn before)}."""
    tools: dict[tuple[int, int], list[dict[str, Any]]] = field(default_factory=dict)
    """Tool calls and results per (turn, iteration), in order, with the phase they belong to."""
    first_rubric: str | None = None
    """The rubric the run started with (the run row holds the newest: a follow-up may replace it)."""
    steering: list[dict[str, Any]] = field(default_factory=list)
    """What people decided at the run's pauses, in order (its `steered` events, each with its time)."""

    def rubric_of_turn(self, run: dict[str, Any]) -> dict[int, str]:
        """The rubric each turn was graded against: the first turn's, then each follow-up's own or the one
        before it when the follow-up kept the rubric. Empty when the events do not say (one turn: the run's)."""
        if self.first_rubric is None:
            return {}
        out = {0: self.first_rubric}
        for turn in self.turns:
            out[int(turn["turn"])] = turn.get("rubric") or out.get(int(turn["turn"]) - 1, run["rubric"])
        return out


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
            last_end = {"type": ev.type, "at": iso_time(ev.at), **d}
            continue
        if ev.type == "run_started":
            config = d.get("config")
            if extras.first_rubric is None and isinstance(config, dict) and isinstance(config.get("rubric"), str):
                extras.first_rubric = config["rubric"]
            if d.get("mode") == "follow_up":
                # The event's own `turn` is written before the engine knows it: the turn is that of
                # the events that follow. `previous_end`: how the turn before it ended.
                pending = {"message": d.get("message") or "", "rubric": d.get("rubric") or "", "previous_end": last_end}
            continue
        if ev.type == "steered":
            extras.steering.append(steering_record(d, ev.at))
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


def steering_record(d: dict[str, Any], at: float) -> dict[str, Any]:
    """One decision taken at a pause, as exported: where, what, by whom, when (each override with its verdict)."""
    turn, iteration = int(d.get("turn", 0) or 0), int(d.get("iteration", 0) or 0)
    return {
        "turn": turn,
        "turn_number": turn + 1,
        "iteration": iteration,
        "iteration_number": iteration + 1,
        "pause": str(d.get("pause") or ""),
        "action": str(d.get("action") or "continue"),
        "overrides": [
            {k: o.get(k) for k in ("criterion", "position", "verdict", "reason")} for o in d.get("overrides") or []
        ],
        **{k: d[k] for k in ("feedback", "rubric", "draft") if d.get(k)},
        "reviewer": str(d.get("reviewer") or ""),
        "at": iso_time(at),
    }


def _fork(run: dict) -> dict[str, Any]:
    """`parent_run`, `forked_at` and `fork` of a run record (None for a run that is no fork)."""
    if not run.get("parent_run"):
        return {"parent_run": None, "forked_at": None, "fork": None}
    turn, iteration = int(run.get("forked_turn") or 0), int(run.get("forked_at") or 0)
    return {
        "parent_run": run["parent_run"],
        "forked_at": {
            "turn": turn,
            "turn_number": turn + 1,
            "iteration": iteration,
            "iteration_number": iteration + 1,
        },
        "fork": json.loads(run.get("fork_json") or "{}"),
    }


def _criteria(rows: list[dict]) -> list[dict[str, Any]]:
    """Each criterion's verdict record: `passed` is what the loop acted on (n/a is false there), `verdict` what it
    means (pass, fail or n/a) and `check` what decided it (rubric_core/verdicts.py)."""
    return [
        {
            "name": c["name"],
            "passed": bool(c["passed"]),
            "verdict": c["verdict"],
            "check": c["check"],
            "gap": c["gap"] or None,
            **human_fields(c),
            "human_verdict": (c.get("review") or {}).get("verdict"),
        }
        for c in rows
    ]


def _files(files_json: str | dict) -> list[dict[str, str]]:
    files = json.loads(files_json) if isinstance(files_json, str) else files_json
    return [{"path": p, "content": c} for p, c in (files or {}).items()]


def run_record(
    run: dict,
    iterations: list[dict],
    criteria: dict[tuple, list[dict]],
    extras: EventExtras | None = None,
    *,
    suite: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The run-level example: inputs, outputs, metadata (with the full per-iteration history).

    It carries every stored field of the run, its iterations and criteria, the follow-up inputs and
    the tool events (`extras`, from `event_extras`), so an import rebuilds the same rows and events; `suite`
    (`suite_store.suite_links`): the suite run, item and matrix column it belongs to, so import rebuilds those too.
    """
    extras = extras or EventExtras()
    graded = [i for i in iterations if i["result"] is not None]
    last = graded[-1] if graded else None
    final_criteria = _criteria(criteria.get((run["id"], last["turn"], last["iteration"]), [])) if last else []
    history = [
        {
            "turn": i["turn"],
            "turn_number": i["turn"] + 1,
            "iteration": i["iteration"],
            "iteration_number": i["iteration"] + 1,
            "draft": i["draft_text"],
            "files": _files(i["files_json"]),
            "disk_files": list(i.get("disk_files") or []),
            "draft_tokens": i["draft_tokens"],
            "drafted_at": iso_time(i["draft_at"]),
            "grading_run_id": i["grading_run_id"],
            "grading_started_at": iso_time(i["grading_started_at"]),
            "graded_at": iso_time(i["graded_at"]),
            "result": i["result"],
            "explanation": i["explanation"],
            "unverified": bool(i["unverified"]),
            "criteria": _criteria(criteria.get((run["id"], i["turn"], i["iteration"]), [])),
            "grader_tools": i.get("grader_tools") or [],
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
            "agent": {"name": run["agent"], "factory": run["agent_factory"], "project_digest": run["project_digest"]}
            if run.get("agent")
            else None,
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
            "created_at": iso_time(run["created_at"]),
            "finished_at": iso_time(run["finished_at"]),
            "wall_time_s": run["wall_time_s"],
            "error": run["error"] or None,
            "tags": run["tags"],
            "note": run["note"],
            "config": _public_config(run["config"]),
            "suite": _suite(suite),
            "step": run.get("step") or "",
            **_fork(run),
            "steering": extras.steering,
            "history": history,
            "schema_version": EXPORT_SCHEMA_VERSION,
        },
    }


def _suite(suite: dict[str, Any] | None) -> dict[str, Any] | None:
    """`metadata.suite`: where the run sits in a suite run (None outside any), configs with their public fields."""
    if suite is None:
        return None
    out = {**suite, "created_at": iso_time(suite["created_at"])}
    if suite.get("config") is not None:
        out["config"] = _public_config(suite["config"])
    if suite.get("column") is not None:
        out["column"] = {**suite["column"], "config": _public_config(suite["column"]["config"])}
    return out


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
        "agent",
        "project",
        "files",
    )
    return {k: config.get(k) for k in allowed if k in config}


def grader_records(
    run: dict, iterations: list[dict], criteria: dict[tuple, list[dict]], extras: EventExtras | None = None
) -> Iterator[dict[str, Any]]:
    """One example per grading pass, with the rubric that pass graded against (`extras`: a follow-up turn may
    have replaced the run's rubric)."""
    rubrics = (extras or EventExtras()).rubric_of_turn(run)
    for i in iterations:
        if i["result"] is None:
            continue
        yield {
            "schema_version": EXPORT_SCHEMA_VERSION,
            "run_id": run["id"],
            "turn": i["turn"],
            "turn_number": i["turn"] + 1,
            "iteration": i["iteration"],
            "iteration_number": i["iteration"] + 1,
            "inputs": {
                "task": run["task"],
                "rubric": rubrics.get(i["turn"], run["rubric"]),
                "draft": i["draft_text"],
                "files": _files(i["files_json"]),
                "disk_files": list(i.get("disk_files") or []),
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
    rubrics = (extras or EventExtras()).rubric_of_turn(run)
    by_turn: dict[int, list[dict]] = {}
    for i in iterations:
        by_turn.setdefault(i["turn"], []).append(i)
    for turn, its in by_turn.items():
        for before, after in itertools.pairwise(its):
            if before["result"] is None or after["result"] is None:
                continue  # a pass count needs a grading pass on both sides
            crit_before = _criteria(criteria.get((run["id"], turn, before["iteration"]), []))
            crit_after = _criteria(criteria.get((run["id"], turn, after["iteration"]), []))
            passed_before = sum(c["verdict"] == "pass" for c in crit_before)
            passed_after = sum(c["verdict"] == "pass" for c in crit_after)
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
                "turn_number": turn + 1,
                "iteration": before["iteration"],
                "iteration_number": before["iteration"] + 1,
                "task": run["task"],
                "rubric": rubrics.get(turn, run["rubric"]),
                "draft_before": before["draft_text"],
                "failing_criteria": [
                    {"name": c["name"], "gap": c["gap"], "check": c["check"], "human_passed": c["human_passed"]}
                    for c in crit_before
                    if c["verdict"] == "fail"
                ],
                "not_judged_criteria": [c["name"] for c in crit_before if c["verdict"] == "n/a"],
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
