"""What a finder of patterns.py returns, and the helpers that build it: the text found, its line, its sentence."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rubric_core.checks.text import sentences_of


@dataclass(frozen=True)
class Found:
    """One instance a finder saw: its text and the 1-based line it is on."""

    text: str
    line: int
    sentence: str = ""
    """The sentence (or line) it stands in: what a specifier is looked for in."""

    weak: bool = False
    """Maybe one, maybe not: a call to action offered only on a condition ('If you have questions, reply')."""


def line_of(text: str, index: int) -> int:
    return len([ln for ln in text[: max(index, 0) + 1].splitlines() if ln.strip()]) or 1


def lines_in_whole(text: str, hits: list[Found], *, last: bool) -> list[Found]:
    """Hits found in a part of the text (its last sentence, its body) with the line numbers of the whole text as
    the person reads it: "question found in line 1" was said of the fifth line, counted from the part's start."""
    placed = []
    for hit in hits:
        at = text.rfind(hit.text) if last else text.find(hit.text)
        placed.append(replace(hit, line=line_of(text, at)) if hit.text and at >= 0 else hit)
    return placed


def sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(ch, 0, start) for ch in ".!?\n")
    rights = [i for i in (text.find(ch, end) for ch in "!?\n") if i >= 0]
    period = re.search(r"\.(?=\s|$)", text[end:])
    if period:
        rights.append(end + period.start())
    right = min(rights) if rights else len(text)
    return text[left + 1 : right + 1].strip()


def by_regex(pattern: re.Pattern[str]) -> Callable[[str], list[Found]]:
    def find(text: str) -> list[Found]:
        return [
            Found(m.group(0).strip(), line_of(text, m.start()), sentence_around(text, m.start(), m.end()))
            for m in pattern.finditer(text)
            if m.group(0).strip()
        ]

    return find


def sentences_matching(text: str, test: Callable[[str], bool]) -> list[Found]:
    out = []
    for s in sentences_of(text):
        if test(s):
            first = s.split()[0] if s.split() else s
            idx = text.find(first)
            out.append(Found(s if len(s) <= 120 else s[:117] + "…", line_of(text, idx), s))
    return out
