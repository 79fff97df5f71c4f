"""Findings in a rubric's wording alone (no evidence needed): vague words, two checks in one line, over-long lines,
and criteria that overlap another.

The records they are (`Finding`, `CellRef`) are defined here too: findings.py, which reads the evidence, uses them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.rubric import MAX_CRITERION_CHARS, Criterion

OVERLAP = 0.6
"""Share of shared content words (Jaccard) from which two criteria overlap."""
MAX_WORDS = 25
"""A criterion longer than this (or than MAX_CRITERION_CHARS characters) is "over-long"."""
VAGUE_WORDS = frozenset(
    "good nice great better best bad appropriate proper reasonable decent well interesting engaging clear clearly "
    "compelling strong effective professional friendly concise short brief long lengthy detailed thorough "
    "high-quality quality polished readable nicely properly adequately sufficient enough suitable "
    # Taste words (checks/kinds.py QUALIFIERS has them too: no check confirms them).
    "vivid evocative vibrant lively colourful colorful rich striking memorable catchy punchy creative original "
    "imaginative beautiful lovely elegant charming poetic expressive descriptive sensory emotional moving "
    "inspiring powerful impactful persuasive convincing humorous funny witty fun playful warm polite engaging "
    "natural fluent smooth simple plain relatable believable realistic coherent logical meaningful helpful useful "
    "heartfelt sincere genuine bold".split()
)
"""Words a grader cannot observe: what counts as "good", "short" or "vivid" is left to it."""
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
    position: int = 0
    """The criterion's place in the rubric (from 0): a link opens the run at this criterion."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "turn": self.turn,
            "iteration": self.iteration,
            "position": self.position,
            "verdict": self.verdict,
            "human": self.human,
            "reason": self.reason,
        }


@dataclass
class Finding:
    """One thing wrong with one criterion, with its numbers and the cells behind it."""

    criterion: str
    kind: str
    """disagrees_accepts, disagrees_rejects, held_out_only, flips, never_passes, always_passes, blocks, cap_hits,
    na_cap_hits, mostly_na, vague, compound, too_long, overlap."""
    title: str
    """The finding in words, with its numbers."""
    numbers: dict[str, Any] = field(default_factory=dict)
    cells: list[CellRef] = field(default_factory=list)
    cells_said: str = "Cells"
    """What the cells are, as the page heads their links ('Cells', 'Review these')."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "criterion": self.criterion,
            "kind": self.kind,
            "title": self.title,
            "numbers": self.numbers,
            "cells": [c.to_dict() for c in self.cells],
            "cells_said": self.cells_said,
        }


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9$%#+]+", text.lower()) if w not in _STOP}


def compound_parts(text: str) -> list[str] | None:
    """The separate checks a compound criterion makes ("Is under 100 words and mentions the price"), else None."""
    # The mention phrasing the grader reads, and its own split of a list of terms.
    from rubric_core.checks.mention_plans import positive_mention, split_terms

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


def vague_words(text: str) -> list[str]:
    """The words of a criterion a grader cannot observe, sorted."""
    return sorted(set(re.findall(r"[a-z][a-z-]*", text.lower())) & VAGUE_WORDS)


def wording_findings(criteria: list[str]) -> list[Finding]:
    """Vague words, two checks in one line, over-long lines, and criteria that overlap another."""
    out: list[Finding] = []
    for text in criteria:
        vague = vague_words(text)
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
