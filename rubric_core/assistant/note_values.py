"""A note that gives a new value for something a criterion already says: "make the word limit 200", "serves 6 not 4",
"it should say $5, not $4.99", "discount is 25% now not 20", "deadline moved to june 14", "its the 2024 data we
want", "3 to 5 bullets instead of 7", "char limit should be 200".

`revalue(note, lines)` finds the new value, the old one when the note names it, and the one line that holds a value
of that kind, and gives that line with the value changed (the rest of its words kept). When it cannot tell which
line (none, or two hold such a value) it says so instead of guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_MONTH = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DATE = rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:\s+\d{{4}})?)"
_NUM = r"\d+(?:[.,]\d+)?"
_VALUE = re.compile(
    rf"(?P<date>{_DATE})|(?P<money>[$€£]\s?{_NUM})|(?P<range>{_NUM}\s*(?:-|–|to)\s*{_NUM})|(?P<num>{_NUM}(?!\d|st\b|nd\b|rd\b|th\b)\s*%?)",
    re.I,
)
_UNIT_WORDS: dict[str, tuple[str, ...]] = {
    "words": ("word",),
    "characters": ("character", "char"),
    "sentences": ("sentence",),
    "lines": ("line",),
    "bullets": ("bullet", "bullet point", "point"),
    "paragraphs": ("paragraph",),
    "servings": ("serving", "serves", "people", "portion"),
    "minutes": ("minute", "min", "mins"),
    "hours": ("hour",),
    "days": ("day",),
    "items": ("item",),
    "rows": ("row",),
    "hashtags": ("hashtag",),
    "syllables": ("syllable",),
}
_QUALIFIER = re.compile(
    r"\b(?:exactly|at most|at least|under|over|fewer than|more than|less than|up to|no more than|no fewer than)\s+$",
    re.I,
)


@dataclass(frozen=True)
class Revalued:
    """The line the new value goes into (0-based) and its new text, or why none could be chosen."""

    index: int | None
    text: str
    message: str = ""


def _kind(match: re.Match[str]) -> str:
    for kind in ("date", "money", "range", "num"):
        if match.group(kind):
            return "percent" if kind == "num" and match.group(kind).strip().endswith("%") else kind
    return "num"


def _is_year(value: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", value.strip()))


def _split_note(note: str) -> tuple[str, str]:
    """(the part with the new value, the part with the old one) of a note that names both."""
    low = note.lower()
    for pattern, _new_first in (
        (r"^(?P<a>.*?),?\s+(?:not|instead of|rather than|in place of)\s+(?P<b>.+)$", True),
        (
            r"^(?:change|switch|move|bump|raise|lower|drop|reduce|increase)?\s*(?:it\s+)?from\s+(?P<b>.+?)\s+to\s+(?P<a>.+)$",
            True,
        ),
        (r"^(?:change|switch|replace|swap)\s+(?P<b>.+?)\s+(?:to|with|for|into|->|→)\s+(?P<a>.+)$", True),
        (r"^(?P<b>.+?)\s*(?:->|→|=>)\s*(?P<a>.+)$", True),
    ):
        m = re.match(pattern, low)
        if m:
            return m.group("a"), m.group("b")
    return low, ""


def _values(text: str) -> list[re.Match[str]]:
    return [m for m in _VALUE.finditer(text) if m.group(0).strip()]


def _unit_of(note: str) -> str:
    low = note.lower()
    for unit, forms in _UNIT_WORDS.items():
        if re.search(rf"\b(?:{unit}|{'|'.join(re.escape(f) for f in forms)})s?\b", low):
            return unit
    return ""


def _holders(lines: list[str], kind: str, unit: str, old: str) -> list[tuple[int, re.Match[str]]]:
    """(line, value) pairs where the value could be the one the note changes."""
    out = []
    for i, text in enumerate(lines):
        for m in _values(text):
            value = m.group(0).strip()
            if old:
                core = re.sub(r"[$€£%\s]", "", old)
                if re.sub(r"[$€£%\s]", "", value) != core and not (
                    _kind(m) == "range" and core in re.split(r"\s*(?:-|–|to)\s*", value)
                ):
                    continue
            else:
                mine = _kind(m)
                if kind == "date" and mine != "date":
                    continue
                if kind == "year" and not _is_year(value):
                    continue
                if kind in ("money", "percent") and mine != kind:
                    continue
                if kind in ("num", "range") and (mine in ("date", "money", "percent") or _is_year(value)):
                    continue
                if unit:
                    after = text[m.end() : m.end() + 24].lower()
                    forms = (unit, *_UNIT_WORDS[unit])
                    if not any(re.match(rf"\s*(?:\w+\s+)?{re.escape(f)}", after) for f in forms):
                        continue
            out.append((i, m))
    return out


def _shaped(new: str, old_value: str) -> str:
    """The new value written as the old one was: "$5" for "$4.99", "25%" for "20%", "June 14" capitalised."""
    new = new.strip()
    if old_value.strip().endswith("%") and not new.endswith("%"):
        new += "%"
    if old_value.strip()[:1] in "$€£" and new[:1] not in "$€£":
        new = old_value.strip()[0] + new
    return re.sub(rf"\b({_MONTH})", lambda m: m.group(1).capitalize(), new, flags=re.I)


def revalue(note: str, lines: list[str]) -> Revalued | None:
    """The line with the note's new value put in, a Revalued saying why it cannot choose, or None when the note
    gives no new value at all."""
    new_part, old_part = _split_note(note)
    news = _values(new_part)
    if not news:
        return None
    new = news[-1] if re.search(r"\b(?:to|be|is|now|say|says|of)\s+\S*$", new_part[: news[-1].start()]) else news[0]
    olds = _values(old_part)
    old = olds[0].group(0).strip() if olds else ""
    kind = "year" if _is_year(new.group(0)) else _kind(new)
    unit = _unit_of(note)
    holders = _holders(lines, kind, unit, old)
    if not holders and not old and kind == "range":
        holders = _holders(lines, "num", unit, "")
    targets = {i for i, _ in holders}
    if not targets:
        return Revalued(None, "", "No criterion holds a value like that to change: say which line (its number).")
    if len(targets) > 1:
        listed = "; ".join(f'{i + 1}: "{lines[i]}"' for i in sorted(targets))
        return Revalued(None, "", f"More than one criterion holds such a value ({listed}): say which (its number).")
    i, m = holders[0]
    text = lines[i]
    value = _shaped(new.group(0), m.group(0))
    start, end = m.start(), m.end()
    trail = m.group(0)[len(m.group(0).rstrip()) :]
    if kind == "range":
        q = _QUALIFIER.search(text[:start])
        if q:
            start = q.start()
    out = text[:start] + value + trail + text[end:]
    out = out[:1].upper() + out[1:] if start == 0 and text[:1].isupper() else out
    return Revalued(i, out)
