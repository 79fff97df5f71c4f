"""What one part of a run sends the graph: a new turn's input, None (resume from the checkpoint), or only its end.

A resumed run whose checkpoint holds no work was stopped either before the first
checkpoint of its last turn (its input is sent again: nothing of it was saved, so
nothing repeats) or after the last checkpoint but before the store heard of the
end (the end is just reported).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rubric_core.engine import messages as msgs

if TYPE_CHECKING:
    from rubric_core.events import RunEvent

NOTHING_TO_RESUME = object()
"""The run already ended: a resume has nothing to do."""
FINISH_ONLY = object()
"""Everything ran and was checkpointed; only the end was never stored."""


def user_turns(values: dict[str, Any]) -> list[Any]:
    """The user's messages in a thread's state (one per turn), without the grader's injected feedback."""
    from langchain_core.messages import HumanMessage

    return [
        m
        for m in values.get("messages", [])
        if isinstance(m, HumanMessage) and m.additional_kwargs.get("lc_source") != msgs.GRADER_SOURCE
    ]


def start_input(task: str, rubric: str) -> dict[str, Any]:
    """A new run's first turn: the task and the rubric."""
    from langchain_core.messages import HumanMessage

    return {"messages": [HumanMessage(content=task)], "rubric": rubric}


def follow_up_input(message: str, rubric: str | None) -> dict[str, Any]:
    """A follow-up turn: the message, and a new rubric only when one was given (else the thread keeps its own)."""
    from langchain_core.messages import HumanMessage

    payload: dict[str, Any] = {"messages": [HumanMessage(content=message)]}
    if rubric is not None:
        payload["rubric"] = rubric
    return payload


def unsaved_input(
    prior_events: Sequence[RunEvent], values: dict[str, Any], task: str, rubric: str
) -> tuple[Any, int | None]:
    """For an unfinished run with no work in its checkpoint: (the input to send again, its turn), or FINISH_ONLY."""
    started = [e for e in prior_events if e.type == "run_started" and e.data.get("mode") != "resume"]
    if not started:
        return FINISH_ONLY, None
    last = started[-1].data
    turn = int(last.get("turn", 0) or 0)
    if len(user_turns(values)) > turn:
        return FINISH_ONLY, None
    if last.get("mode") == "follow_up":
        return follow_up_input(last.get("message") or "", last.get("rubric") or None), turn
    return start_input(task, rubric), turn
