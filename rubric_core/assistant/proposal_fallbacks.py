"""Edits for what the reviews cannot fit: a quality the grader cannot judge (an observable stand-in, or moving the
line to an LLM grader) and a line no draft meets (loosen a count to what the drafts reach, or drop it).

Each says why it is offered and what to check before accepting it; the proof (proof.py) shows what it changes.
"""

from __future__ import annotations

import re
import statistics

from rubric_core.assistant.evidence import Evidence
from rubric_core.assistant.proposal_base import Proposal, make_proposal
from rubric_core.assistant.wording_findings import Finding, vague_words
from rubric_core.checks.phrasing import plan
from rubric_core.checks.text import lines_of, sentences_of, words_of
from rubric_core.rubric import Criterion

STAND_INS: dict[str, str] = {
    **dict.fromkeys(("persuasive", "compelling", "convincing", "actionable"), "Includes a call to action"),
    **dict.fromkeys(("engaging", "interactive", "conversational", "inviting"), "Asks the reader a question"),
    **dict.fromkeys(("enthusiastic", "energetic", "excited", "exciting", "upbeat"), "Includes an exclamation mark"),
    **dict.fromkeys(("grateful", "appreciative", "thankful"), "Includes a thank-you"),
    **dict.fromkeys(("polite", "courteous", "welcoming", "friendly", "warm"), "Starts with a greeting"),
    **dict.fromkeys(("apologetic", "remorseful"), "Includes an apology"),
    **dict.fromkeys(("specific", "concrete", "quantitative", "data-driven"), "Mentions a number"),
}
"""A quality -> a line the offline grader checks that stands for part of it (docs/CRITERIA.md). A stand-in is
narrower than the quality: the reason says so, and a proof on reviews says whether people agree."""

_COUNTS = {
    "word_count": ("word", words_of),
    "line_count": ("line", lines_of),
    "sentence_count": ("sentence", sentences_of),
}


def _quality(text: str) -> str | None:
    words = re.findall(r"[a-z][a-z-]*", text.lower())
    return next((w for w in words if w in STAND_INS), None)


def stand_in(evidence: Evidence, f: Finding) -> Proposal | None:
    """A quality word the grader cannot judge -> the observable line of STAND_INS that stands for part of it."""
    if plan(Criterion(f.criterion, 0)).spec is not None:
        return None
    quality = _quality(f.criterion)
    if quality is None:
        return None
    line = STAND_INS[quality]
    if line in evidence.criteria or plan(Criterion(line, 0)).spec is None:
        return None
    return make_proposal(
        evidence,
        f,
        "stand_in",
        [line],
        f'Reword to "{line}"',
        f"No check can observe '{quality}'; \"{line}\" is something a check observes and that part of '{quality}' "
        "shows in. It asks for less than the quality: prove it on reviews before accepting it, and keep the quality "
        "itself for an LLM grader if it matters.",
        "stand in an observable line for a quality (docs/CRITERIA.md)",
    )


def _offline_graded(evidence: Evidence) -> bool:
    return all(g.startswith("offline") for g in evidence.graders) if evidence.graders else True


def to_llm_grader(evidence: Evidence, f: Finding) -> Proposal | None:
    """A line the offline grader has no check for (or mostly cannot judge), graded offline: take it out of this
    rubric, to be judged by an LLM grader (where a judgement call belongs)."""
    checkable = plan(Criterion(f.criterion, 0)).spec is not None
    if not _offline_graded(evidence) or (checkable and f.kind not in ("mostly_na", "na_cap_hits")):
        return None
    words = vague_words(f.criterion)
    what = f"the quality {', '.join(repr(w) for w in words)}" if words else "what it asks"
    cells = evidence.of(f.criterion)
    na = sum(1 for c in cells if c.verdict == "n/a")
    said = f" (n/a in {na} of {len(cells)} verdicts)" if cells else ""
    return make_proposal(
        evidence,
        f,
        "llm_grader",
        [],
        f'Move "{f.criterion}" to an LLM grader',
        f"The offline grader has no check for {what}{said}, and the loop reads n/a as not met, so runs revise to "
        "their cap for it. Judge it with an LLM grader instead: run the line in a rubric of its own with a Grader "
        "model such as openai:gpt-4o-mini (the Run page, or `--grader`). This edit takes it out of the offline-graded "
        "rubric; the proof shows which runs would then end satisfied.",
        "move a judgement call to an LLM grader",
    )


def loosen(evidence: Evidence, f: Finding) -> Proposal | None:
    """A count no final draft met: the bound the median final draft reaches (the reason says to prove it on
    reviews: only people can say whether the looser bound still asks for what the author meant)."""
    spec = plan(Criterion(f.criterion, 0)).spec
    if spec is None or spec.check not in _COUNTS:
        return None
    unit, measure = _COUNTS[spec.check]
    lo, hi = spec.params.get("min"), spec.params.get("max")
    finals = [
        len(measure(evidence.drafts.get((c.run_id, c.turn, c.iteration), "")))
        for c in evidence.of(f.criterion)
        if c.final and c.verdict == "fail"
    ]
    if len(finals) < 2:
        return None
    middle = int(statistics.median_high(finals))
    if hi is not None and lo is None and middle > hi:
        text, side = f"At most {middle} {unit}s", "longer"
    elif lo is not None and hi is None and middle < lo:
        text, side = f"At least {middle} {unit}s", "shorter"
    else:
        return None
    return make_proposal(
        evidence,
        f,
        "loosen",
        [text],
        f'Reword to "{text}"',
        f"No draft met it at the end: the {len(finals)} final drafts that failed it ran from {min(finals)} to "
        f"{max(finals)} {unit}s, {side} than asked. {middle} is what the median one reaches. The writer may not be "
        "able to meet the bound, or the bound may be wrong: prove it on reviews before accepting it.",
        "loosen a count no draft met",
    )


def drop_failing(evidence: Evidence, f: Finding) -> Proposal | None:
    """A line that failed at the end of every run that judged it: drop it (the proof shows which runs would end
    satisfied); the reason says what to look at when the line matters."""
    runs = f.numbers.get("runs") or f.numbers.get("cap_hits") or f.numbers.get("blocked")
    return make_proposal(
        evidence,
        f,
        "drop",
        [],
        f'Drop "{f.criterion}"',
        f"It failed at the end of {runs} runs and kept them revising: no draft of this writer met it within the cap. "
        "If it matters, keep it and read its gaps in the cells (or raise Max iterations); dropping it lets the rest "
        "of the rubric end the runs (the proof lists which).",
        "drop a line no draft meets",
    )
