"""What a run view knows of steering: the pause it waits at, what people decided at pauses, the fork it is.

`RunView` (run_view.py, above this module) folds `paused` and `steered` events and a fork's start through
`apply_steer`; the page's pause and fork panels, Present's story (fork_view.py) and the compare view read
`SteerState`. Plain data, like the rest of the view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rubric_core.events import RunEvent


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


class SteeredView(Protocol):
    """What `apply_steer` folds into: run_view.py's RunView, which stands on this module."""

    steer: SteerState
    notes: list[str]
    status: str
    ended: bool
    wall_time_s: float
    tokens: int
    turns: list[Any]


def apply_steer(view: SteeredView, ev: RunEvent) -> None:
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
