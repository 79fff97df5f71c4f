"""What a run view knows of steering: the pause it waits at, what people decided at pauses, the fork it is.

`RunView` folds `paused` and `steered` events and a fork's start through `apply_steer`; the page's pause and
fork panels, Present's story and the compare view read `SteerState`. Plain data, like the rest of the view.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rubric_core.engine.events import RunEvent
    from rubric_core.views.run_view import RunView


@dataclass
class SteerState:
    """A run's steering, as its events tell it."""

    step: str = ""
    """'' (never pauses), 'verdicts' or 'drafts' (rubric_core/engine/steering.py)."""
    pause: dict[str, Any] | None = None
    """The pause the run waits at ({turn, iteration, pause, result?, feedback?, draft?}); None when it does not."""
    decisions: list[dict[str, Any]] = field(default_factory=list)
    """What people decided at pauses, in order ({turn, iteration, action, overrides, feedback?, rubric?, ...})."""
    fork: dict[str, Any] = field(default_factory=dict)
    """A fork's origin: {parent_run, turn, iteration, kind, rubric?, draft?, feedback?, by}; {} for a run that is none."""

    def decisions_at(self, turn: int, iteration: int) -> list[dict[str, Any]]:
        """The decisions taken at the pauses of one iteration."""
        return [d for d in self.decisions if (int(d.get("turn", 0)), int(d.get("iteration", 0))) == (turn, iteration)]


def apply_steer(view: RunView, ev: RunEvent) -> None:
    """Fold one steering event (`paused`, `steered`) or a start into the view's `steer` state."""
    d = ev.data
    state = view.steer
    if ev.type == "run_started":
        state.pause = None
        state.step = str(d.get("step") or state.step)
        if d.get("mode") == "fork" and d.get("fork"):
            state.fork = dict(d["fork"])
            view.notes = [*view.notes, fork_sentence(state.fork)]
    elif ev.type == "paused":
        state.pause = dict(d)
        view.status, view.ended = "paused", False
        view.wall_time_s = float(d.get("wall_time_s", view.wall_time_s) or 0)
        # The run's own total, as stored: a fork's events before its fork point are its parent's (counted there).
        view.tokens = int((d.get("tokens") or {}).get("total_tokens") or view.tokens)
    elif ev.type == "steered":
        state.decisions.append(dict(d))
        state.pause = None
        if d.get("rubric") and view.turns:  # graded again under an edited rubric: the turn's rubric from here on
            view.turns[-1].rubric = str(d["rubric"])


CHANGES = {"rubric": "the rubric was edited", "draft": "the draft was edited", "feedback": "the feedback was edited"}


def fork_changes(fork: dict[str, Any]) -> str:
    """What a fork changed at its fork point, in words ("the rubric was edited")."""
    said = [text for key, text in CHANGES.items() if fork.get(key)]
    return " and ".join(said) if said else "nothing was changed"


def fork_sentence(fork: dict[str, Any]) -> str:
    """Where a fork branched and what was changed there, in one sentence."""
    iteration = int(fork.get("iteration", 0)) + 1
    turn = int(fork.get("turn", 0))
    where = f"iteration {iteration}" + (f" of turn {turn + 1}" if turn else "")
    when = "after its grading" if fork.get("kind") == "feedback" else "before its grading"
    from rubric_core.words import person

    by = f" by {person(fork['by'])}" if fork.get("by") else ""
    return (
        f"A fork of run {str(fork.get('parent_run', ''))[:12]} from {where} ({when}): {fork_changes(fork)}{by}. "
        f"Iterations before it are the parent's, not written again."
    )


def from_point(view: RunView, turn: int, iteration: int) -> RunView:
    """A copy of the view without the turns and iterations before (turn, iteration): a fork and its parent are
    compared from the fork point on (before it they are the same)."""
    trimmed = copy.deepcopy(view)
    kept = []
    for t in trimmed.turns:
        if t.turn < turn:
            continue
        if t.turn == turn:
            t.iterations = [it for it in t.iterations if it.iteration >= iteration]
        kept.append(t)
    trimmed.turns = kept
    return trimmed


def fork_story(view: RunView, present: dict[str, Any]) -> None:
    """Present's replay of a fork, told as its own story: the head says where it branched and what was changed,
    the parent's steps say they are the parent's, and the step where it branched says so."""
    fork = view.steer.fork
    if not fork:
        return
    turn, iteration = int(fork.get("turn", 0)), int(fork.get("iteration", 0))
    kind = "feedback" if fork.get("kind") == "feedback" else "draft"
    present["sentence"] = f"{fork_sentence(fork)} {present.get('sentence', '')}".strip()
    branched = False
    for step in present.get("steps") or []:
        t, _, i = str(step.get("key", "0:0")).partition(":")
        where = (int(t), int(i or 0))
        at_point = where == (turn, iteration) and step.get("kind") == kind
        if at_point and not branched:
            branched = True
            said = f"Here this fork branched from run {str(fork.get('parent_run', ''))[:12]}: {fork_changes(fork)}."
        elif where < (turn, iteration) or (where == (turn, iteration) and not branched):
            said = "The parent run's step (not run again in this fork)."
        else:
            continue
        step["note"] = f"{said} {step['note']}" if step.get("note") else said
    present.setdefault("details", []).append(fork_sentence(fork))
