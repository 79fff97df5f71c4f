"""A count a criterion asks for: "At most 150 words", "Between 2 and 5 lines", "A one-sentence summary".

`quantity` reads (min, max) of a unit and where the words stand; `count_only` says whether the criterion asks
for nothing but that count (any other word asks for more: "Three lines about spring" is not judged by its count).
Numbers in words come from the one table (rubric_core/numbers.py).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rubric_core.checks.spec import only
from rubric_core.numbers import ARTICLE_ONE, up_to, words_alternation

_NUMBER_WORDS = {**ARTICLE_ONE, **up_to(100)}
_NUM = r"(\d+|" + words_alternation(_NUMBER_WORDS) + r")"


def _num(word: str) -> int:
    word = word.lower().strip()
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


def quantity(text: str, unit: str) -> tuple[int | None, int | None, tuple[int, int]] | None:
    """(min, max, span of the words read) of a count of `unit` in `text`, or None."""
    low = text.lower()
    for pattern, build in _patterns(unit):
        m = pattern.search(low)
        if m:
            return (*build(*m.groups()), m.span())
    return None


@lru_cache(maxsize=64)
def _patterns(unit: str) -> tuple[tuple[re.Pattern[str], Any], ...]:
    """The phrasings of a count of `unit`, compiled once per unit (each holds every number word: compiling them on
    every call, past the `re` module's own cache, was most of the grading time)."""
    u = rf"{unit}s?\b"
    patterns: list[tuple[str, Any]] = [
        (rf"\bbetween {_NUM} and {_NUM} {u}", lambda a, b: (_num(a), _num(b))),
        (rf"\b{_NUM}\s*(?:to|-|–|or)\s*{_NUM} {u}", lambda a, b: (_num(a), _num(b))),
        (
            rf"\b(?:at least|no fewer than|not fewer than|no shorter than|minimum of|a minimum of) {_NUM} {u}",
            lambda a: (_num(a), None),
        ),
        (rf"\b{_NUM} or more {u}", lambda a: (_num(a), None)),
        (rf"\b{_NUM} {u} or (?:more|longer)\b", lambda a: (_num(a), None)),
        (
            rf"\b(?:at most|no more than|not more than|no longer than|up to|maximum of|a maximum of) {_NUM} {u}",
            lambda a: (None, _num(a)),
        ),
        (rf"\b{_NUM} {u} or (?:fewer|less|shorter)\b", lambda a: (None, _num(a))),
        (rf"\b(?:max(?:imum)?|limit(?: of)?|within|no longer than)\.? {_NUM} {u}", lambda a: (None, _num(a))),
        (
            rf"\b(?:(?:does|do|must|should|will|may|can)(?: not|n't)|not to|never|not)\s+(?:be\s+)?"
            rf"(?:exceed|go over|longer than|more than|over)\s+{_NUM} {u}",
            lambda a: (None, _num(a)),
        ),
        (rf"\bnot exceeding {_NUM} {u}", lambda a: (None, _num(a))),
        (rf"\b{_NUM}[- ]{u} (?:max(?:imum)?|limit|cap|at most|tops)\b", lambda a: (None, _num(a))),
        (rf"\b(?:min(?:imum)?)\.? {_NUM} {u}", lambda a: (_num(a), None)),
        (rf"\b{_NUM}[- ]{u} (?:min(?:imum)?|at least)\b", lambda a: (_num(a), None)),
        (rf"\b(?:fewer than|less than|under) {_NUM} {u}", lambda a: (None, _num(a) - 1)),
        (rf"\b(?:more than|over) {_NUM} {u}", lambda a: (_num(a) + 1, None)),
        (rf"\b(?:exactly )?{_NUM}[- ]{u}", lambda a: (_num(a), _num(a))),
    ]
    return tuple((re.compile(pattern), build) for pattern, build in patterns)


_COUNT_FILLER = frozenset(
    "has have is are be it its it's the a an in of with exactly only just total long length written "
    "consists made up keep keeps should must contains contain uses use text answer response reply output draft "
    "summary".split()
)
"""Words that may stand around a count without asking for anything more ("Has exactly three lines",
"A one-sentence summary", "Is three lines long"). Any other word ("every single sentence", "each of the
three lines rhymes", "three lines about spring") asks for something the count check does not measure,
so the criterion is not judged at all rather than judged by its count alone."""


def count_only(low: str, span: tuple[int, int]) -> bool:
    """Whether the criterion asks for nothing but the count read at `span`."""
    return only(low[: span[0]] + " " + low[span[1] :], _COUNT_FILLER)
