"""Typed run events: plain data, serialisable to JSON.

The engine emits them in order; the store, the dashboard and the command line
subscribe the same way. `data` holds only JSON types and never a secret.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

EventType = Literal[
    "run_started",  # config (no secrets), models, thread, turn, mode (start / resume / follow_up)
    "draft",  # turn, iteration, text, files, wall_time_s, tokens, message_id
    "tool_call",  # turn, iteration, calls [{id, name, args}], message_id, tokens (the working model's call)
    "tool_result",  # turn, iteration, tool_call_id, name, content
    "grading_started",  # turn, iteration, grading_run_id
    "evaluation",  # turn, iteration, grading_run_id, result, explanation, criteria, unverified, wall_time_s, tokens
    "feedback",  # turn, iteration, text, message_id
    "finished",  # turn, status, final_output, files, iterations, tokens, wall_time_s (run totals)
    "error",  # message, field (optional), turn
    "cancel_requested",  # turn: Cancel (or Ctrl-C) was asked for; the step in flight is finishing
    "cancelled",  # turn, iterations, tokens, wall_time_s (run totals); resumable
    "interrupted",  # turn, reason (shutdown, disk_full, store_lost, stopped, worker_lost), message, tokens, wall_time_s; resumable
    "paused",  # turn, iteration, pause (after_grading / before_grading), grading_run_id, result?, feedback?, draft?,
    # tokens, wall_time_s (run totals): a step-mode run waits for a person; the part ends, `run continue` goes on
    "steered",  # turn, iteration, pause, action (continue / stop), overrides, feedback?, rubric?, draft?, reviewer
]
EVENT_TYPES: tuple[str, ...] = EventType.__args__  # type: ignore[attr-defined]
TERMINAL_EVENT_TYPES = frozenset({"finished", "error", "cancelled", "interrupted", "paused"})
"""Events that end a part of a run (a `paused` run is not finished: it waits for `run continue`)."""
RESUMABLE_EVENT_TYPES = frozenset({"cancelled", "interrupted"})
"""Terminal events after which the run can be resumed from its checkpoint."""

RunStatus = Literal["satisfied", "max_iterations_reached", "failed", "grader_error", "needs_revision"]
"""Terminal statuses read from the middleware's state (needs_revision only if a run was cut short)."""
TERMINAL_STATUSES: tuple[str, ...] = ("satisfied", "max_iterations_reached", "failed", "grader_error")


@dataclass(frozen=True)
class RunEvent:
    """One thing that happened in a run."""

    run_id: str
    """The run (and checkpointer thread) id."""

    seq: int
    """Position in this run's event sequence, from 0; unique per run across resumes."""

    type: EventType
    """What happened."""

    at: float
    """Unix time (seconds) when the engine saw it."""

    data: dict[str, Any] = field(default_factory=dict)
    """The payload; its keys depend on `type` (see `EventType`)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain dict."""
        return asdict(self)

    def to_json(self) -> str:
        """One-line JSON."""
        return json.dumps(self.to_dict(), ensure_ascii=False, default=str)

    @property
    def key(self) -> tuple[Any, ...] | None:
        """What makes this event unique within its run (see `event_key`)."""
        return event_key(self.type, self.data)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> RunEvent:
        """Inverse of `to_dict`."""
        return cls(
            run_id=d["run_id"], seq=int(d["seq"]), type=d["type"], at=float(d["at"]), data=dict(d.get("data") or {})
        )


def event_key(type_: str, data: dict[str, Any]) -> tuple[Any, ...] | None:
    """The identity of an event that a resumed run may see again, or None for events that never repeat.

    A resumed step replays what its checkpoint already holds (LangGraph re-outputs
    a finished task's saved writes; a resumed grading pass starts again), so the
    engine drops an event whose key the run already has: nothing is stored twice.
    Drafts and feedback are keyed by iteration, tool calls by message id, tool results by
    tool call id, grading events by grading run and iteration.
    """
    turn = data.get("turn", 0)
    if type_ in ("grading_started", "evaluation"):
        return (type_, data.get("grading_run_id"), data.get("iteration"))
    if type_ in ("draft", "feedback"):  # one of each per iteration; a replayed message may not keep its id
        return (type_, turn, data.get("iteration"))
    if type_ == "tool_call" and data.get("message_id"):
        return (type_, turn, data["message_id"])
    if type_ == "tool_result" and data.get("tool_call_id"):
        return (type_, turn, data["tool_call_id"])
    return None
