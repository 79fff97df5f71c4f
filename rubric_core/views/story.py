"""A run told to someone who has never seen the tool: each turn's ask, its rubric, and one sentence per verdict.

Present and the HTML report read this (one place says what a run came to, so the page and the file agree).
Criteria met are counted through rubric_core.verdicts (n/a is neither met nor unmet, and is said apart).
"""

from __future__ import annotations

from dataclasses import dataclass

from rubric_core.verdicts import tally, verdict_of
from rubric_core.views.run_view import IterationView, RunView, TurnView, shown
from rubric_core.words import counted


@dataclass(frozen=True)
class TurnStory:
    """One turn as an audience reads it."""

    number: int
    """Counted from 1, as the dashboard says "Turn 2"."""
    kind: str
    """'Task' for the first turn, 'Follow-up' for each later one."""
    message: str
    """The task, or the follow-up message."""
    rubric: str
    """The rubric this turn was graded against (a follow-up may replace it)."""
    sentence: str
    """What the turn came to, in one sentence."""
    turn: TurnView


def _criteria_met(it: IterationView | None) -> tuple[int, int, int, list[str]]:
    """(met, judged, not judged, names not met) at one graded draft."""
    if it is None or not it.evaluation:
        return 0, 0, 0, []
    verdicts = [verdict_of(c) for c in it.criteria]
    t = tally(verdicts)
    unmet = [c["name"] for c, v in zip(it.criteria, verdicts, strict=True) if v == "fail"]
    return t.passed, t.judged, t.not_judged, unmet


def _met_text(it: IterationView | None) -> str:
    met, judged, not_judged, unmet = _criteria_met(it)
    if not judged and not not_judged:
        return "no verdict yet"
    if judged and met == judged:
        text = {1: "its one criterion met", 2: "both criteria met"}.get(judged, f"all {judged} criteria met")
    else:
        listed = "; ".join(f"“{n}”" for n in unmet[:3]) + (" …" if len(unmet) > 3 else "")
        text = f"{met} of {counted(judged, 'criterion', 'criteria')} met" + (f" (not met: {listed})" if listed else "")
    if not_judged:
        text += f", {counted(not_judged, 'criterion', 'criteria')} not judged (n/a)"
    return text


def _status_of(view: RunView, turn: TurnView) -> str:
    """A turn's outcome: the run's status for the last turn, else the turn's own (its last pass's result)."""
    if turn is view.turns[-1]:
        return view.status
    graded = [it for it in turn.iterations if it.evaluation]
    return turn.status or (graded[-1].result if graded else "") or "ended"


def turn_sentence(view: RunView, turn: TurnView) -> str:
    """What one turn came to: "Satisfied after 3 drafts: all 4 criteria met." and the like."""
    drafts = [it for it in turn.iterations if it.drafted]
    graded = [it for it in turn.iterations if it.evaluation]
    last = graded[-1] if graded else None
    n = counted(len(drafts), "draft")
    met = _met_text(last)
    status = _status_of(view, turn)
    if status == "satisfied":
        return f"Satisfied after {n}: {met}."
    if status == "max_iterations_reached":
        return f"Stopped at its cap of {counted(view.max_iterations, 'draft')}: {met}."
    if status == "failed":
        return "Not graded: the grader found the rubric malformed or impossible to grade."
    if status == "grader_error":
        return f"Stopped after {n}: the grader itself failed (a provider error, a timeout or unusable answers)."
    if status == "cancelled":
        return f"Cancelled after {n}" + (f": at the last graded draft, {met}." if last else ", before any verdict.")
    if status == "interrupted":
        return f"Interrupted after {n} (it can be resumed)" + (f": at the last graded draft, {met}." if last else ".")
    if status == "error":
        return "Stopped by an error before its end."
    if not view.ended and turn is view.turns[-1]:
        where = f"draft {len(drafts)} of at most {view.max_iterations}" if drafts else "the first draft"
        return f"Running, on {where}" + (f": so far, {met}." if last else ".")
    return f"Ended after {n}: {met}." if last else f"Ended after {n}."


def verdict_sentence(view: RunView) -> str:
    """The run in one sentence (its last turn's, said as such when there were several)."""
    if not view.turns:
        return "Not started: no draft yet." if not view.ended else "Ended before its first draft."
    sentence = turn_sentence(view, view.turns[-1])
    if len(view.turns) > 1:
        return f"Turn {len(view.turns)} of {len(view.turns)} (the last follow-up): {sentence}"
    return sentence


def turn_stories(view: RunView) -> list[TurnStory]:
    """Every turn: its ask (the task, then each follow-up), its rubric, its sentence."""
    stories = []
    for turn in view.turns:
        first = turn is view.turns[0]
        message = turn.message or (str(view.config.get("task", "")) if first else "")
        stories.append(
            TurnStory(
                number=turn.turn + 1,
                kind="Task" if first else "Follow-up",
                message=message,
                rubric=turn.rubric,
                sentence=turn_sentence(view, turn),
                turn=turn,
            )
        )
    return stories


def step_title(view: RunView, it: IterationView, what: str) -> str:
    """A replay step's label: "Turn 2 · iteration 1 · Draft", or "Iteration 1 · Draft" for a run of one turn."""
    if len(view.turns) > 1:
        return f"Turn {it.turn + 1} · iteration {shown(it.iteration)} · {what}"
    return f"Iteration {shown(it.iteration)} · {what}"
