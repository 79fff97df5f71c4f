"""Forks and in-place edits of a run's thread: find iteration k's checkpoint, copy the chain to it, edit the state.

A fork is LangGraph time travel on a thread of its own. The parent's checkpoint chain, from its first
checkpoint to the fork point, is copied into the fork's thread (`BaseCheckpointSaver.copy_thread` only
raises NotImplementedError in the SQLite and PostgreSQL savers), with each checkpoint's saved writes, through
the saver's own `put` / `put_writes`: one code path for both savers, nothing read or written outside them.
The fork point's own writes stay behind: they are the parent's next step (its grading of that draft, its next
draft), which the fork replaces. Then `update_state` on the copied fork point applies the edit, and the fork
runs from there: no model call for anything before it. The parent's checkpoints are only read.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from rubric_core.engine.steering import GRADING_NODE

ForkKind = Literal["draft", "feedback"]
"""'draft': from the draft of iteration k, not yet graded (an edited rubric or draft; the fork grades it);
'feedback': from just after pass k asked for a revision (edited feedback; the fork writes the next draft)."""


class ForkPointError(ValueError):
    """The run has no checkpoint to fork from there; the message says what it has instead."""


@dataclass(frozen=True)
class ForkPoint:
    """A checkpoint of a run's thread a fork can start from."""

    checkpoint_id: str
    turn: int
    """0-based."""
    iteration: int
    """0-based: the draft's iteration ('draft'), or the pass that asked for the revision ('feedback')."""
    kind: ForkKind


def _root(thread_id: str, checkpoint_id: str | None = None) -> dict[str, Any]:
    configurable: dict[str, Any] = {"thread_id": thread_id, "checkpoint_ns": ""}
    if checkpoint_id:
        configurable["checkpoint_id"] = checkpoint_id
    return {"configurable": configurable}


def _id(config: Mapping[str, Any] | None) -> str | None:
    return None if not config else config.get("configurable", {}).get("checkpoint_id")


def head_chain(graph: Any, thread_id: str) -> list[Any]:
    """The thread's state snapshots from its first checkpoint to its head, along the parent links (branches
    left by an edit at a pause are not part of it)."""
    by_id = {_id(s.config): s for s in graph.get_state_history(_root(thread_id))}
    head = graph.get_state(_root(thread_id))
    chain = []
    current = by_id.get(_id(head.config)) if head is not None and _id(head.config) else None
    while current is not None:
        chain.append(current)
        current = by_id.get(_id(current.parent_config))
    chain.reverse()
    return chain


def _turn_of(values: Mapping[str, Any]) -> int:
    from rubric_core.engine.turn_input import user_turns

    return max(0, len(user_turns(dict(values))) - 1)


def draft_points(chain: list[Any]) -> list[ForkPoint]:
    """Every written, not yet graded draft of the chain, as (turn, iteration); the last one wins a repeat."""
    points: dict[tuple[int, int], ForkPoint] = {}
    for snap in chain:
        if tuple(snap.next or ()) != (GRADING_NODE,):
            continue
        turn, iteration = _turn_of(snap.values), int(snap.values.get("_rubric_iterations") or 0)
        points[(turn, iteration)] = ForkPoint(str(_id(snap.config)), turn, iteration, "draft")
    return sorted(points.values(), key=lambda p: (p.turn, p.iteration))


def feedback_points(chain: list[Any]) -> list[ForkPoint]:
    """Every pass of the chain that asked for a revision, at the checkpoint holding its feedback message."""
    from rubric_core.engine import messages as msgs

    points: dict[tuple[int, int], ForkPoint] = {}
    for snap in chain:
        values = snap.values
        messages = values.get("messages") or []
        last = messages[-1] if messages else None
        if values.get("_rubric_status") != "needs_revision" or last is None:
            continue
        if getattr(last, "additional_kwargs", {}).get("lc_source") != msgs.GRADER_SOURCE or not snap.next:
            continue
        turn, iteration = _turn_of(values), int(values.get("_rubric_iterations") or 1) - 1
        points[(turn, iteration)] = ForkPoint(str(_id(snap.config)), turn, iteration, "feedback")
    return sorted(points.values(), key=lambda p: (p.turn, p.iteration))


def find_fork_point(graph: Any, thread_id: str, *, turn: int | None, iteration: int, kind: ForkKind) -> ForkPoint:
    """The checkpoint of `thread_id` to fork from at (turn, iteration), 0-based; `turn` None: the last turn with
    one. ForkPointError says why not (no checkpoints at all, no such iteration, a pass that asked for nothing)."""
    chain = head_chain(graph, thread_id)
    if not chain:
        msg = "no checkpoints"
        raise ForkPointError(msg)
    drafts = draft_points(chain)
    if not drafts:
        msg = "no checkpoint of a written draft"
        raise ForkPointError(msg)
    turns = sorted({p.turn for p in drafts})
    turn = turns[-1] if turn is None else turn
    if turn not in turns:
        shown = ", ".join(str(t + 1) for t in turns)
        msg = f"it has no turn {turn + 1} with a checkpoint (turns: {shown})"
        raise ForkPointError(msg)
    in_turn = [p for p in drafts if p.turn == turn]
    if kind == "draft":
        match = [p for p in in_turn if p.iteration == iteration]
        if not match:
            have = ", ".join(str(p.iteration + 1) for p in in_turn)
            msg = f"turn {turn + 1} has no draft {iteration + 1} to fork from (its drafts: {have})"
            raise ForkPointError(msg)
        return match[0]
    asked = [p for p in feedback_points(chain) if p.turn == turn]
    match = [p for p in asked if p.iteration == iteration]
    if not match:
        have = ", ".join(str(p.iteration + 1) for p in asked) or "none"
        msg = (
            f"iteration {iteration + 1} of turn {turn + 1} sent the agent no feedback to edit (it ended the loop, "
            f"waits at a pause, or was never graded); iterations that asked for a revision: {have}"
        )
        raise ForkPointError(msg)
    return match[0]


def copy_chain(saver: Any, source: str, checkpoint_id: str, target: str) -> int:
    """Copy `source`'s checkpoints from its first one to `checkpoint_id` into the thread `target`; returns how
    many. Each ancestor's saved writes come along; the fork point's own do not (see the module docstring)."""
    tuples = {_id(t.config): t for t in saver.list(_root(source))}
    if checkpoint_id not in tuples:
        msg = f"checkpoint {checkpoint_id} is not in the thread"
        raise ForkPointError(msg)
    ids: list[str] = []
    current: str | None = checkpoint_id
    while current is not None:
        ids.append(current)
        saved = tuples.get(current)
        current = _id(saved.parent_config) if saved is not None else None
    for cid in reversed(ids):
        saved = tuples[cid]
        parent = _id(saved.parent_config)
        written = saver.put(
            _root(target, parent),
            saved.checkpoint,
            dict(saved.metadata or {}),
            dict(saved.checkpoint["channel_versions"]),
        )
        if cid == checkpoint_id:
            continue
        by_task: dict[str, list[tuple[str, Any]]] = {}
        for task_id, channel, value in saved.pending_writes or []:
            by_task.setdefault(str(task_id), []).append((channel, value))
        for task_id, writes in by_task.items():
            saver.put_writes(written, writes, task_id)
    return len(ids)


def rubric_update(rubric: str, *, iteration: int) -> dict[str, Any]:
    """State that grades with `rubric` from here as a new grading run (what the library does for a new rubric at a
    new turn: a new grading run id, the criteria read afresh from the new text), numbered from `iteration` on."""
    return {
        "rubric": rubric,
        "_active_rubric": rubric,
        "_current_grading_run_id": str(uuid.uuid4()),
        "_rubric_criteria": [],
        "_rubric_status": None,
        "_rubric_iterations": iteration,
    }


def last_draft(values: Mapping[str, Any]) -> Any:
    """The draft being graded: the last answer of the working model without tool calls."""
    from langchain_core.messages import AIMessage

    return next(
        (m for m in reversed(values.get("messages") or []) if isinstance(m, AIMessage) and not m.tool_calls), None
    )


def draft_update(values: Mapping[str, Any], text: str) -> dict[str, Any]:
    """State that replaces the draft being graded (same message id: the messages reducer replaces it in place)."""
    draft = last_draft(values)
    if draft is None:
        msg = "the checkpoint holds no draft to edit"
        raise ForkPointError(msg)
    return {"messages": [draft.model_copy(update={"content": text})]}


def feedback_update(values: Mapping[str, Any], text: str) -> dict[str, Any]:
    """State that replaces the feedback the agent is about to read, and goes on to the model (as the grading node
    would have sent it: `update_state` as that node, with its jump)."""
    messages = values.get("messages") or []
    feedback = messages[-1] if messages else None
    if feedback is None:
        msg = "the checkpoint holds no feedback to edit"
        raise ForkPointError(msg)
    return {"messages": [feedback.model_copy(update={"content": text})], "jump_to": "model"}


_NEVER_INHERITED = frozenset({"finished", "error", "cancel_requested", "cancelled", "interrupted", "paused"})


def inherited_events(events: list[Any], fork: Mapping[str, Any]) -> list[Any]:
    """The parent's events a fork records as its own story up to its fork point (RunEvents, in order).

    Every step of the turns before, and of the fork's turn: the drafts (with their tool calls) up to the
    forked draft, the passes and feedback before it, and, for an edited feedback, the forked pass with its
    feedback as edited. An edited draft is recorded as edited. The parent's starts, ends and pauses are not.
    """
    turn, iteration, kind = int(fork["turn"]), int(fork["iteration"]), str(fork["kind"])
    out = []
    for event in events:
        d = event.data
        if event.type in _NEVER_INHERITED:
            continue
        if event.type == "run_started" and d.get("mode") != "follow_up":
            continue
        t = int(d.get("turn", 0) or 0)
        if t > turn or (event.type == "run_started" and t == turn and turn == 0):
            continue
        if t == turn and event.type != "run_started":
            i = int(d.get("iteration", 0) or 0)
            if event.type in ("draft", "tool_call", "tool_result"):
                keep = i <= iteration
            elif event.type in ("grading_started", "evaluation"):
                keep = i < iteration or (i == iteration and kind == "feedback")
            else:  # feedback, steered
                keep = i < iteration
            if not keep:
                continue
            if event.type == "draft" and i == iteration and fork.get("draft"):
                event = replace(event, data={**d, "text": str(fork["draft"]), "edited_by": fork.get("by", "")})
        out.append(event)
    if kind == "feedback":
        out.append(
            _Inherited(
                "feedback",
                {"turn": turn, "iteration": iteration, "text": str(fork["feedback"]), "edited_by": fork.get("by", "")},
            )
        )
    return out


@dataclass(frozen=True)
class _Inherited:
    """An event a fork records that its parent never had (its edited feedback): type, data, when."""

    type: str
    data: dict[str, Any]
    at: float | None = None
