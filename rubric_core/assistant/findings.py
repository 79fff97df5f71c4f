"""The doctor: per criterion of a rubric version, what its stored evidence says is wrong, with numbers and the
cells behind each finding.

Findings that read human reviews use only the reviews the assistant may learn from (split.py): the held-out
ones are kept to prove edits. Thresholds are constants here and in docs/ASSISTANT.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.evidence import Cell, Evidence
from rubric_core.assistant.split import Split
from rubric_core.rubric import MAX_CRITERION_CHARS, Criterion

MIN_ITEMS = 3
"""Runs a criterion must have been judged in before "never passes" or "passes from the first draft" is said."""
MOSTLY_NA = 0.5
"""Share of a criterion's verdicts that are n/a from which it is "mostly n/a"."""
BLOCKING_SHARE = 0.25
"""A criterion is "blocking" when it failed at the end of at least this share of the runs not satisfied."""
OVERLAP = 0.6
"""Share of shared content words (Jaccard) from which two criteria overlap."""
MAX_WORDS = 25
"""A criterion longer than this (or than MAX_CRITERION_CHARS characters) is "over-long"."""
VAGUE_WORDS = frozenset(
    "good nice great better best bad appropriate proper reasonable decent well interesting engaging clear clearly "
    "compelling strong effective professional friendly concise short brief long lengthy detailed thorough "
    "high-quality quality polished readable nicely properly adequately sufficient enough suitable".split()
)
"""Words a grader cannot observe: what counts as "good" or "short" is left to it."""
LENGTH_WORDS = frozenset("concise short brief long lengthy succinct".split())
_STOP = frozenset(
    "a an the is are be it its of in on to and or with for that this has have uses use includes include mentions "
    "mention contains contain does not no each every all any at least most".split()
)
_CLAUSE_VERB = re.compile(
    r"\s+(?:and|as well as|;)\s+(?=(?:is|are|has|have|uses?|mentions?|includes?|contains?|ends?|starts?|begins?|"
    r"does|doesn't|avoids?|gives?|names?|states?|lists?|follows?|defines?|passes|stays?|keeps?|never|no)\b)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CellRef:
    """A cell a finding rests on, as a link target."""

    run_id: str
    turn: int
    iteration: int
    verdict: str
    human: bool | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "turn": self.turn,
            "iteration": self.iteration,
            "verdict": self.verdict,
            "human": self.human,
            "reason": self.reason,
        }


@dataclass
class Finding:
    """One thing wrong with one criterion, with its numbers and the cells behind it."""

    criterion: str
    kind: str
    """disagrees_accepts, disagrees_rejects, flips, never_passes, always_passes, blocks, cap_hits, mostly_na,
    vague, compound, too_long, overlap."""
    title: str
    """The finding in words, with its numbers."""
    numbers: dict[str, Any] = field(default_factory=dict)
    cells: list[CellRef] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "criterion": self.criterion,
            "kind": self.kind,
            "title": self.title,
            "numbers": self.numbers,
            "cells": [c.to_dict() for c in self.cells],
        }


ORDER = (
    "disagrees_accepts",
    "disagrees_rejects",
    "flips",
    "mostly_na",
    "never_passes",
    "always_passes",
    "blocks",
    "cap_hits",
    "vague",
    "compound",
    "overlap",
    "too_long",
)
"""How findings are listed: what makes a verdict wrong first (a false acceptance is the costliest), wording last."""


def _ref(c: Cell) -> CellRef:
    return CellRef(c.run_id, c.turn, c.iteration, c.verdict, c.human, c.human_reason)


def _runs_with(cells: list[Cell], test: Any) -> list[Cell]:
    """One cell per run: the first that meets `test`."""
    seen: set[str] = set()
    out = []
    for c in cells:
        if c.run_id not in seen and test(c):
            seen.add(c.run_id)
            out.append(c)
    return out


def diagnose(evidence: Evidence, split: Split) -> list[Finding]:
    """Every finding for every criterion of the version, ordered by ORDER then criterion order."""
    out: list[Finding] = []
    status = {r["id"]: r["status"] for r in evidence.runs}
    unsatisfied = [r for r in evidence.runs if r["status"] in ("max_iterations_reached", "needs_revision")]
    for criterion in evidence.criteria:
        cells = evidence.of(criterion)
        out += _disagreements(criterion, cells, split)
        out += _flips(criterion, evidence)
        out += _pass_patterns(criterion, cells)
        out += _blocking(criterion, cells, status, len(unsatisfied))
    out += wording_findings(evidence.criteria)
    rank = {k: i for i, k in enumerate(ORDER)}
    position = {c: i for i, c in enumerate(evidence.criteria)}
    return sorted(out, key=lambda f: (rank.get(f.kind, len(rank)), position.get(f.criterion, 0)))


def _disagreements(criterion: str, cells: list[Cell], split: Split) -> list[Finding]:
    reviewed = [c for c in cells if c.human is not None and c.verdict != "n/a"]
    learn = [c for c in reviewed if not split.holds_out(c.run_id)]
    held = len(reviewed) - len(learn)
    accepts = [c for c in learn if c.verdict == "pass" and c.human is False]
    rejects = [c for c in learn if c.verdict == "fail" and c.human is True]
    agree = sum(1 for c in learn if (c.verdict == "pass") == c.human)
    base = {
        "reviewed_learn": len(learn),
        "reviewed_held_out": held,
        "agreement_learn": agree / len(learn) if learn else None,
    }
    out = []
    if accepts:
        out.append(
            Finding(
                criterion,
                "disagrees_accepts",
                f"False acceptances: the grader passed {len(accepts)} of {len(learn)} reviewed cells a person failed "
                f"(over the reviews the assistant may learn from; {held} more held out for proofs)",
                {**base, "false_acceptances": len(accepts)},
                [_ref(c) for c in accepts[:20]],
            )
        )
    if rejects:
        out.append(
            Finding(
                criterion,
                "disagrees_rejects",
                f"False rejections: the grader failed {len(rejects)} of {len(learn)} reviewed cells a person passed "
                f"({held} more held out for proofs)",
                {**base, "false_rejections": len(rejects)},
                [_ref(c) for c in rejects[:20]],
            )
        )
    return out


def _flips(criterion: str, evidence: Evidence) -> list[Finding]:
    flipped, graded = evidence.flips.get(criterion, (0, 0))
    if not flipped:
        return []
    return [
        Finding(
            criterion,
            "flips",
            f"Flips when the same draft is graded again: {flipped} of {graded} repeated verdicts differ from the "
            "majority",
            {"flips": flipped, "repeats": graded},
        )
    ]


def _pass_patterns(criterion: str, cells: list[Cell]) -> list[Finding]:
    out = []
    total = len(cells)
    na = [c for c in cells if c.verdict == "n/a"]
    if total and len(na) / total >= MOSTLY_NA:
        out.append(
            Finding(
                criterion,
                "mostly_na",
                f"Mostly n/a: the grader could not judge it in {len(na)} of {total} verdicts "
                f"({_first_check_reason(na)})",
                {"na": len(na), "verdicts": total, "na_share": len(na) / total},
                [_ref(c) for c in _runs_with(na, lambda c: True)[:20]],
            )
        )
    finals = [c for c in cells if c.final and c.verdict != "n/a"]
    runs_final = {c.run_id for c in finals}
    if len(runs_final) >= MIN_ITEMS and not any(c.verdict == "pass" for c in finals):
        out.append(
            Finding(
                criterion,
                "never_passes",
                f"Never passes: it failed at the end of all {len(runs_final)} runs that judged it (too strict, or a "
                "check that cannot be met)",
                {"runs": len(runs_final)},
                [_ref(c) for c in _runs_with(finals, lambda c: True)[:20]],
            )
        )
    firsts = [c for c in cells if c.first]
    judged_first = [c for c in firsts if c.verdict != "n/a"]
    if len({c.run_id for c in judged_first}) >= MIN_ITEMS and firsts and all(c.verdict == "pass" for c in firsts):
        out.append(
            Finding(
                criterion,
                "always_passes",
                f"Tells nothing: it passed the first draft of every one of {len({c.run_id for c in firsts})} runs, "
                "so it never steered a revision",
                {"runs": len({c.run_id for c in firsts})},
                [_ref(c) for c in _runs_with(firsts, lambda c: True)[:20]],
            )
        )
    return out


def _first_check_reason(cells: list[Cell]) -> str:
    for c in cells:
        found = str(c.check.get("found") or "")
        if found:
            return found
    return "no reason recorded"


def _blocking(criterion: str, cells: list[Cell], status: dict[str, str], unsatisfied: int) -> list[Finding]:
    finals = [c for c in cells if c.final and c.verdict == "fail"]
    blocked = _runs_with(finals, lambda c: status.get(c.run_id) in ("max_iterations_reached", "needs_revision"))
    out = []
    if unsatisfied and blocked and len(blocked) / unsatisfied >= BLOCKING_SHARE:
        out.append(
            Finding(
                criterion,
                "blocks",
                f"Blocks satisfied: it failed at the end of {len(blocked)} of the {unsatisfied} runs that were not "
                "satisfied",
                {"blocked": len(blocked), "unsatisfied": unsatisfied},
                [_ref(c) for c in blocked[:20]],
            )
        )
    capped = [c for c in blocked if status.get(c.run_id) == "max_iterations_reached"]
    if capped and len(capped) == len(blocked) and len(capped) >= 2:
        out.append(
            Finding(
                criterion,
                "cap_hits",
                f"Drives cap hits: {len(capped)} runs spent every iteration allowed and still failed it",
                {"cap_hits": len(capped)},
                [_ref(c) for c in capped[:20]],
            )
        )
    return out


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9$%#+]+", text.lower()) if w not in _STOP}


def compound_parts(text: str) -> list[str] | None:
    """The separate checks a compound criterion makes ("Is under 100 words and mentions the price"), else None."""
    from rubric_core.checks.mention_plans import positive_mention  # the mention phrasing the grader reads
    from rubric_core.checks.terms import split_terms

    clauses = _CLAUSE_VERB.split(text.strip().rstrip("."))
    if len(clauses) >= 2 and all(len(c.split()) >= 2 for c in clauses):
        return [c.strip()[:1].upper() + c.strip()[1:] for c in clauses]
    mention = positive_mention(text.strip().rstrip("."))
    if mention is not None:
        raw = mention[0]
        terms, mode = split_terms(raw)
        if len(terms) >= 2 and mode == "all":
            lead = text[: len(text.rstrip().rstrip(".")) - len(raw.rstrip())].rstrip()
            return [f"{lead} {t}".strip() for t in terms]
    return None


def wording_findings(criteria: list[str]) -> list[Finding]:
    """Vague words, two checks in one line, over-long lines, and criteria that overlap another."""
    out: list[Finding] = []
    for text in criteria:
        words = set(re.findall(r"[a-z][a-z-]*", text.lower()))
        vague = sorted(words & VAGUE_WORDS)
        if vague:
            out.append(
                Finding(
                    text,
                    "vague",
                    f"Vague: {', '.join(repr(w) for w in vague)} leaves what passes to the grader's taste",
                    {"words": vague},
                )
            )
        parts = compound_parts(text)
        if parts:
            out.append(Finding(text, "compound", f"Two checks in one line: {' | '.join(parts)}", {"parts": parts}))
        if len(text) > MAX_CRITERION_CHARS or len(text.split()) > MAX_WORDS:
            out.append(Finding(text, "too_long", f"Over-long: {len(text.split())} words", {"words": len(text.split())}))
    for i, a in enumerate(criteria):
        for b in criteria[i + 1 :]:
            ca, cb = _content(a), _content(b)
            share = len(ca & cb) / len(ca | cb) if ca | cb else 0.0
            same_check = _same_check(a, b)
            if share >= OVERLAP or same_check:
                out.append(
                    Finding(
                        b,
                        "overlap",
                        f"Overlaps {a!r}"
                        + (" (the same check)" if same_check else f" ({share:.0%} of their content words shared)"),
                        {"other": a, "shared": share, "same_check": same_check},
                    )
                )
    return out


def _same_check(a: str, b: str) -> bool:
    from rubric_core.checks.phrasing import interpret

    sa, sb = interpret(Criterion(a, 0)), interpret(Criterion(b, 0))
    return sa is not None and sa == sb
