"""Which criteria a note points at, in the words people use: "the second one", "2nd", "#3", "the last one", "the
first three", "the last two", "1 and 2", "the tone one", "the length line", "anything about tone".

`refer(what, lines)` answers with 1-based positions, or a Refusal saying why it cannot tell (no such line, two lines
match and the note does not say which). The numbers are those of the rubric as shown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.numbers import NUMBER_WORDS, ORDINAL_WORDS

_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_FILLER = frozenset(
    "the one ones about abt on re regarding criterion criteria line lines rule rules that which for with a an part "
    "bit bits check checks item items point points please pls thing stuff requirement requirements bullet".split()
)
_FAMILIES: dict[str, tuple[str, ...]] = {
    "tone": (
        "tone",
        "formal",
        "casual",
        "friendly",
        "warm",
        "polite",
        "professional",
        "playful",
        "voice",
        "friendliness",
        "informal",
        "salesy",
        "pushy",
        "upbeat",
        "cheerful",
        "enthusiastic",
        "conversational",
        "sarcastic",
    ),
}
"""A word a note uses for a kind of criterion, and the words such criteria are written with ("remove anything about
tone" takes "Friendly tone" and "Not overly formal"). A length is found by its shape instead (`_LENGTH`)."""

_LENGTH = re.compile(
    r"\b\d+(?:\s*(?:-|–|to)\s*\d+)?\s*(?:words?|sentences?|characters?|chars?|lines?|paragraphs?|syllables?)\b|"
    r"\b(?:short|long|brief|concise|length)\b",
    re.I,
)
_MARKS: dict[str, str] = {
    "hashtag": r"#\w",
    "hashtags": r"#\w",
    "link": r"https?://|\burl\b|\blinks?\b",
    "url": r"https?://|\burl\b|\blinks?\b",
    "emoji": r"emoji|[\U0001F300-\U0001FAFF]",
    "emojis": r"emoji|[\U0001F300-\U0001FAFF]",
}
"""A word for a thing, and how a criterion writes that thing ("the hashtag one" is "Includes #SpringSale")."""

_LENGTH_WORDS = frozenset({"length", "limit", "long", "short", "count", "words", "characters", "chars"})


@dataclass(frozen=True)
class Refusal:
    """Why the note's reference picks no line, or more than one."""

    message: str


def _index(word: str, count: int) -> int | None:
    """One position named by a word: 2, '2nd', 'second', 'last', 'second-to-last', '#2'."""
    w = word.strip().lstrip("#")
    if w.isdigit():
        return int(w)
    m = _ORDINAL.match(w)
    if m:
        return int(m.group(1))
    if w in ("last", "final", "bottom"):
        return count
    if w in ("penultimate", "second-last", "second-to-last", "second last", "second to last"):
        return count - 1
    if w in ("top",):
        return 1
    return ORDINAL_WORDS.get(w)


_POSITION = re.compile(
    r"^(?:the\s+)?(?:line\s+|criterion\s+|number\s+|no\.?\s*|#)?"
    r"(\d+(?:st|nd|rd|th)?|[a-z]+(?:[- ]to[- ]last|[- ]last)?)"
    r"(?:\s+(?:one|line|criterion|item|bullet|rule|point))?$"
)
_RUN = re.compile(r"^(?:the\s+)?(first|last|top|bottom)\s+(\d+|[a-z]+)(?:\s+(?:ones|lines|criteria|items|rules))?$")
_LIST = re.compile(r"^(?:lines?\s+|criteria\s+|#)?(\d+(?:\s*(?:,|and|&|-|–|to)\s*\d+)+)$")


def positions(what: str, count: int) -> list[int] | None:
    """The positions a reference by number names, None when it names none by number."""
    what = what.strip().lower()
    m = _RUN.match(what)
    if m:
        n = int(m.group(2)) if m.group(2).isdigit() else NUMBER_WORDS.get(m.group(2))
        if n:
            first = m.group(1) in ("first", "top")
            return list(range(1, n + 1)) if first else list(range(count - n + 1, count + 1))
    if re.fullmatch(r"(?:the\s+)?(?:first|top)\s+two|(?:the\s+)?two\s+first", what):
        return [1, 2]
    m = _LIST.match(what)
    if m:
        out: list[int] = []
        for part in re.split(r"\s*(?:,|and|&)\s*", m.group(1)):
            rng = re.fullmatch(r"(\d+)\s*(?:-|–|to)\s*(\d+)", part)
            out += list(range(int(rng.group(1)), int(rng.group(2)) + 1)) if rng else [int(part)]
        return sorted(set(out))
    m = _POSITION.match(what)
    if m:
        i = _index(m.group(1).replace(" ", "-"), count)
        if i is not None:
            return [i]
    both = re.fullmatch(r"(?:the\s+)?(\w+)\s+(?:and|&)\s+(?:the\s+)?(\w+)(?:\s+ones?)?", what)
    if both:
        a, b = _index(both.group(1), count), _index(both.group(2), count)
        if a is not None and b is not None:
            return sorted({a, b})
    return None


def _stem(word: str) -> str:
    return word[: max(4, len(word) - 2)]


def by_content(what: str, lines: list[str], *, every: bool = False) -> list[int]:
    """The lines a reference by content names ("the tone one", "the hashtag"): the best-matching line, or with
    `every` all lines that match at all ("anything about tone")."""
    words = [w for w in re.findall(r"[a-z0-9][\w#$%-]*", what.lower()) if w not in _FILLER]
    if not words:
        return []
    wanted = set(words)
    for family, members in _FAMILIES.items():
        if family in wanted or (every and wanted & set(members)):
            wanted |= set(members)
    scores = []
    for text in lines:
        low = text.lower()
        score = sum(1 for w in wanted - _LENGTH_WORDS if re.search(rf"(?<![\w#]){re.escape(_stem(w))}", low))
        if wanted & _LENGTH_WORDS and _LENGTH.search(text):
            score += 2
        score += sum(1 for word, mark in _MARKS.items() if word in wanted and re.search(mark, low))
        scores.append(score)
    if every:
        return [i for i, s in enumerate(scores, 1) if s > 0]
    best = max(scores, default=0)
    return [i for i, s in enumerate(scores, 1) if s == best and s > 0]


def refer(what: str, lines: list[str], *, every: bool = False) -> list[int] | Refusal:
    """The positions (1-based) the reference names, or why it cannot tell."""
    count = len(lines)
    what = re.split(r",|;|\s+-\s+|\s+(?:since|because|as|we're|we are|its|it's|it is)\s+", what.strip(" .:!?"))[0]
    what = what.strip()
    if not what:
        return Refusal(f"Say which criterion: its number (1 to {count}) or a word of it.")
    if re.fullmatch(r"(?:line\s+|criterion\s+|#)?[-–]\s*\d+", what):
        return Refusal(f"There is no criterion {what}: criteria are numbered from 1 (1 to {count}).")
    picked = positions(what, count)
    if picked is not None:
        if 0 in picked:
            return Refusal(f"There is no criterion 0: criteria are numbered from 1 (1 to {count}).")
        bad = [n for n in picked if not 1 <= n <= count]
        if bad:
            shown = bad[0] if bad[0] < 10**6 else f"{str(bad[0])[:6]}…"
            return Refusal(f"There is no criterion {shown}: the rubric has {count} (1 to {count}).")
        return picked
    found = by_content(what, lines, every=every)
    if not found:
        return Refusal(f'No criterion matches "{what}": say its number (1 to {count}).')
    if len(found) > 1 and not every:
        listed = "; ".join(f'{i}: "{lines[i - 1]}"' for i in found)
        return Refusal(f'"{what}" matches more than one criterion ({listed}): say the number.')
    return found
