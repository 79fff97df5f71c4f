"""The rules that turn a finding into an edit: make a measure explicit, reword to a phrasing the offline grader can
check, name a grader tool, fit a count's bound to the reviews (each cites its rule in the proposal's source)."""

from __future__ import annotations

import math
import re

from rubric_core.assistant.evidence import Evidence
from rubric_core.assistant.proposal_base import Proposal, make_proposal
from rubric_core.assistant.split import Split
from rubric_core.assistant.wording_findings import LENGTH_WORDS, Finding, vague_words
from rubric_core.checks.phrasing import plan
from rubric_core.checks.text import lines_of, sentences_of, words_of
from rubric_core.rubric import Criterion


def best_upper_bound(pairs: list[tuple[int, bool]]) -> tuple[int, int] | None:
    """(N, agreeing) for the bound "at most N" that agrees with the most (measure, person passed) pairs; among
    equals the most lenient. None without pairs."""
    if not pairs:
        return None
    scored = [(sum((n <= v) == human for n, human in pairs), v) for v in sorted({n for n, _ in pairs})]
    agree, value = max(scored)
    return value, agree


def explicit_measure(evidence: Evidence, f: Finding, split: Split) -> Proposal | None:
    """ "Is short" -> "At most N words": N the bound that agrees best with the reviews the assistant may learn
    from; without reviews, the longest draft the grader passed (rounded up to ten)."""
    vague = set(f.numbers.get("words") or vague_words(f.criterion))
    if not vague & LENGTH_WORDS:
        return None
    pairs = [
        (len(words_of(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))), bool(c.human))
        for c in evidence.of(f.criterion)
        if c.human is not None and not split.holds_out(c.run_id)
    ]
    fitted = best_upper_bound(pairs)
    if fitted is not None:
        bound, agree = fitted
        basis = (
            f"the bound that agrees with the reviewers on {agree} of the {len(pairs)} reviewed drafts it may learn from"
        )
    else:
        cells = evidence.of(f.criterion)
        passed = [c for c in cells if c.verdict == "pass"]
        counts = [len(words_of(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))) for c in passed or cells]
        if not counts:
            return None
        if passed:
            bound = int(math.ceil(max(counts) / 10.0) * 10)
            basis = f"the longest draft the grader passed ({max(counts)} words), rounded up"
        else:
            middle = sorted(counts)[len(counts) // 2]
            bound = int(math.ceil(middle / 10.0) * 10)
            basis = (
                f"the median draft's length ({middle} words), rounded up: no review and no passing verdict says yet "
                "what counts as short, so prove it on reviews before accepting it"
            )
    new = f"At most {bound} words"
    return make_proposal(
        evidence,
        f,
        "explicit_measure",
        [new],
        f'Reword to "{new}"',
        f"'{' '.join(sorted(vague & LENGTH_WORDS))}' is a length left to the grader's taste; {bound} words is {basis}.",
        "make a measure explicit",
    )


_STRIP = re.compile(
    r"\b(?:clear(?:ly)?|explicit(?:ly)?|specific|concrete|compelling|strong|effective|good|great|nice|proper(?:ly)?|"
    r"appropriate|well|friendly|professional|engaging|short|brief|concise)\s+",
    re.IGNORECASE,
)


def observable(evidence: Evidence, f: Finding) -> Proposal | None:
    """The nearest phrasing the offline grader can check: the criterion without its judgement words, when that
    is checkable and the original is not (e.g. "Has a clear call to action" -> "Has a call to action")."""
    original = plan(Criterion(f.criterion, 0))
    if original.spec is not None and f.kind != "vague":
        return None
    candidate = _STRIP.sub("", f.criterion).strip()
    candidate = re.sub(r"\s{2,}", " ", candidate)
    if not candidate or candidate == f.criterion:
        return None
    checked = plan(Criterion(candidate, 0))
    if checked.spec is None:
        return None
    return make_proposal(
        evidence,
        f,
        "observable",
        [candidate[:1].upper() + candidate[1:]],
        f'Reword to "{candidate}"',
        "Without the judgement word the line names something a check can observe "
        f"({checked.spec.check.replace('_', ' ')}); the judgement word itself cannot be checked.",
        "reword to a phrasing the offline grader can check (docs/CRITERIA.md)",
    )


def name_tool(evidence: Evidence, f: Finding) -> Proposal | None:
    """Name a grader tool the runs were given whose report can decide the line ('Handles an empty list
    (run_test_suite)'): the tool's passed / tests report judges it, for any grader (docs/CRITERIA.md). Only a
    project's own tools report that way; a line that names a tool already is left alone."""
    from rubric_core.checks.catalogue import TOOL_CATALOGUE
    from rubric_core.checks.tool_evidence import tool_reference

    own = [t for t in evidence.grader_tools if t not in TOOL_CATALOGUE]
    if not own or tool_reference(f.criterion, own) is not None or "(" in f.criterion:
        return None
    tool = own[0]
    new = f"{f.criterion.rstrip('.')} ({tool})"
    return make_proposal(
        evidence,
        f,
        "name_tool",
        [new],
        f'Reword to "{new}"',
        f"The runs have the grader tool {tool}: named at the end of the line, its report decides the verdict "
        "instead of the grader's reading of the line.",
        "name a grader tool",
    )


_COUNT_UNITS = {
    "word_count": ("word", words_of),
    "line_count": ("line", lines_of),
    "sentence_count": ("sentence", sentences_of),
}


def threshold(evidence: Evidence, f: Finding, split: Split) -> list[Proposal | None]:
    """A count's bound fitted to the reviews the assistant may learn from: the bound that agrees with the most
    reviewers (at most one proposal; none when the current bound already agrees best)."""
    spec = plan(Criterion(f.criterion, 0)).spec
    if spec is None or spec.check not in _COUNT_UNITS:
        return []
    unit, measure = _COUNT_UNITS[spec.check]
    lo, hi = spec.params.get("min"), spec.params.get("max")
    reviewed = [
        (len(measure(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))), bool(c.human))
        for c in evidence.of(f.criterion)
        if c.human is not None and not split.holds_out(c.run_id)
    ]
    if len(reviewed) < 2:
        return []

    def agreement(bound_lo: int | None, bound_hi: int | None) -> int:
        return sum(
            ((bound_lo is None or n >= bound_lo) and (bound_hi is None or n <= bound_hi)) == human
            for n, human in reviewed
        )

    current = agreement(lo, hi)
    values = sorted({n for n, _ in reviewed})
    if hi is not None and lo is None:
        best = max(values, key=lambda v: (agreement(None, v), -abs(v - hi)))
        new_lo, new_hi, text = None, best, f"At most {best} {unit}s"
    elif lo is not None and hi is None:
        best = max(values, key=lambda v: (agreement(v, None), -abs(v - lo)))
        new_lo, new_hi, text = best, None, f"At least {best} {unit}s"
    else:
        return []
    gained = agreement(new_lo, new_hi) - current
    if gained <= 0:
        return []
    return [
        make_proposal(
            evidence,
            f,
            "threshold",
            [text],
            f'Reword to "{text}"',
            f"Over the {len(reviewed)} reviewed drafts the assistant may learn from, this bound agrees with the "
            f"reviewers on {agreement(new_lo, new_hi)} (the current one on {current}).",
            "fit a count's bound to the reviews",
        )
    ]
