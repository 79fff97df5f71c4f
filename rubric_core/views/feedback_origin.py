"""Who wrote the feedback an iteration sent the agent: the grader (composed by the middleware), the grader after a
person overrode verdicts, or a person who wrote it at a pause or for a fork.

The transcript, Present's "Feedback to the agent" step and the HTML report say it the same way: a person's edited
feedback was labelled "Grader feedback ... (injected by the middleware)".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rubric_core.views.run_view import RunView


@dataclass(frozen=True)
class FeedbackOrigin:
    """Where one iteration's feedback came from."""

    written_by: str = ""
    """The person who wrote the text the agent read ('' when the middleware composed it)."""
    overridden_by: str = ""
    """The person whose overrides the composed feedback follows ('' when none, or when a person wrote it)."""
    overrides: int = 0
    """How many verdicts that person overrode at this iteration."""

    @property
    def by_person(self) -> bool:
        return bool(self.written_by or self.overridden_by)


def _who(name: object) -> str:
    from rubric_core.words import person

    return person(name)


def feedback_origin(view: RunView, turn: int, iteration: int) -> FeedbackOrigin:
    """Who wrote iteration `iteration` of turn `turn`'s feedback, from the run's steering (decisions and fork)."""
    fork = view.steer.fork
    if (
        fork
        and fork.get("kind") == "feedback"
        and fork.get("feedback")
        and (int(fork.get("turn", 0)), int(fork.get("iteration", 0))) == (turn, iteration)
    ):
        return FeedbackOrigin(written_by=_who(fork.get("by")))
    written, overridden, count = "", "", 0
    for decision in view.steer.decisions_at(turn, iteration):
        if decision.get("action") == "stop":
            continue
        if decision.get("feedback"):
            written = _who(decision.get("reviewer"))
        if decision.get("overrides"):
            overridden, count = _who(decision.get("reviewer")), len(decision["overrides"])
    if written:
        return FeedbackOrigin(written_by=written)
    return FeedbackOrigin(overridden_by=overridden, overrides=count)


def feedback_by(origin: FeedbackOrigin) -> str:
    """The origin as a clause: 'written by ana at a pause, not the grader', 'composed by the middleware after ana
    overrode 1 verdict', or '' (the grader's own, composed by the middleware)."""
    if origin.written_by:
        return f"written by {origin.written_by}, not the grader"
    if origin.overridden_by:
        verdicts = "1 verdict" if origin.overrides == 1 else f"{origin.overrides} verdicts"
        return f"composed by the middleware after {origin.overridden_by} overrode {verdicts}"
    return ""


def feedback_caption(view: RunView, turn: int, iteration: int, shown_iteration: int) -> str:
    """The transcript's line over an iteration's feedback."""
    origin = feedback_origin(view, turn, iteration)
    if origin.written_by:
        return f"Feedback after iteration {shown_iteration}, {feedback_by(origin)} (a person edited it)"
    said = feedback_by(origin)
    return f"Grader feedback after iteration {shown_iteration} ({said or 'injected by the middleware'})"


def feedback_title(view: RunView, turn: int, iteration: int, base: str = "Feedback to the agent") -> str:
    """Present's and the report's heading of an iteration's feedback: the person named when one wrote it or
    overrode a verdict it follows."""
    said = feedback_by(feedback_origin(view, turn, iteration))
    return f"{base} ({said})" if said else base
