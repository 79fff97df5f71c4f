"""A fork's run view: compared with its parent from the fork point on, and told as its own story in Present.

It stands on run_view.py (the view it trims) and steer_view.py (what the fork changed, in words).
"""

from __future__ import annotations

import copy
from typing import Any

from rubric_core.views.run_view import RunView
from rubric_core.views.steer_view import fork_changes, fork_sentence


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
