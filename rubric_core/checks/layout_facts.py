"""Facts of a text's layout that a reader settles by pointing at its lines, for criteria no other check reads.

- a shebang line ("Has a shebang line"): ✔ when a line (the text's first, or a code block's first) starts with
  "#!", ✘ when no line does;
- a dateline ("Includes a dateline"): ✔ when a line opens with a place in capitals, a date and a dash
  ("LISBON, 3 June 2025 — ..."); nothing decided otherwise (a dateline may be set another way);
- Title Case ("The title is in Title Case"): the first line (a Markdown heading's marks and bold taken off) ✔ when
  every word but the small ones (a, of, the, ...) starts with a capital, ✘ when another starts with a small
  letter;
- "Each line begins with a capital letter": ✔ when every line's first letter is a capital, ✘ when one's is not;
- parts a text labels one by one ("Has two verses" on "[Verse 1]", "[Verse 2]"; choruses, bridges, scenes, acts,
  chapters): ✔ when as many labels name them; nothing decided otherwise;
- an acrostic ("The first letters of the lines spell OCEAN"): ✔ when the first letters of the lines, all of them
  or all after a title line, spell the word; ✘ when they spell it nowhere in a row.
`asks_layout` says whether a criterion asks for one; `check_layout` is the check (n/a when the text does not settle it).
"""

from __future__ import annotations

import re

from rubric_core.checks.text import CheckResult
from rubric_core.numbers import number_value

_SMALL = frozenset(
    "a an the and but or nor for so yet of on in at to by up as per via vs from into onto with over upon near than like "
    "off out till down past".split()
)
"""Words Title Case may leave small (articles, conjunctions, short prepositions: style guides differ on these)."""
_DATELINE = re.compile(
    r"^\s*\**[A-Z][A-Z.'’ -]{2,}(?:,\s*[A-Z][A-Za-z.]+)*,?\s*\**\s*"
    r"(?:(?:\d{1,2}\s+)?[A-Z][a-z]{2,8}\.?(?:\s+\d{1,2})?,?(?:\s+\d{4})?|\d{4}-\d{2}-\d{2})\s*\**\s*[—–-]{1,2}\s",
    re.MULTILINE,
)


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.strip().startswith("```")]


def _first_letters(lines: list[str]) -> str:
    out = []
    for line in lines:
        m = re.search(r"[A-Za-z]", line)
        out.append(m.group(0) if m else " ")
    return "".join(out)


def _shebang(text: str, _: str) -> CheckResult:
    lines = [line.strip() for line in text.splitlines()]
    heads = [lines[0]] if lines else []
    heads += [lines[i + 1] for i, line in enumerate(lines[:-1]) if line.startswith("```")]
    line = next((h for h in heads if h.startswith("#!")), None)
    if line:
        return CheckResult(True, f'shebang line "{line[:60]}"')
    if any(line.startswith("#!") for line in lines):
        return CheckResult(False, '"#!" stands on a line that does not start the script', undecided=True)
    return CheckResult(
        False, 'no line starts with "#!"', 'Start the script with a shebang line ("#!/usr/bin/env ...").'
    )


def _title_case(text: str, _: str) -> CheckResult | None:
    lines = _lines(text)
    if not lines:
        return None
    title = re.sub(r"^\s*#+\s*|\*\*|__|^\s*title:\s*", "", lines[0], flags=re.IGNORECASE).strip()
    words = re.findall(r"[A-Za-z][A-Za-z'’]*", title)
    if len(words) < 2 or len(title) > 120:
        return None
    lower = [w for i, w in enumerate(words) if w[0].islower() and (i == 0 or w.lower() not in _SMALL)]
    if not lower:
        return CheckResult(True, f'title "{title[:80]}": every main word capitalised')
    return CheckResult(
        False, f'title "{title[:80]}": {", ".join(lower[:4])} not capitalised', "Capitalise every main word."
    )


def _line_capitals(text: str, _: str) -> CheckResult:
    lines = _lines(text)
    low = [line for line in lines if (m := re.search(r"[A-Za-z]", line)) and m.group(0).islower()]
    if low:
        return CheckResult(False, f'line "{low[0].strip()[:60]}" begins with a small letter', "Capitalise it.")
    return CheckResult(True, f"all {len(lines)} lines begin with a capital")


def _acrostic(text: str, word: str) -> CheckResult:
    letters = _first_letters(_lines(text)).upper()
    target = word.upper()
    if letters == target or letters[1:] == target:
        return CheckResult(True, f"the lines' first letters spell {target}")
    if target in letters:
        return CheckResult(False, f"the first letters {letters} hold {target} among others", undecided=True)
    return CheckResult(False, f"the lines' first letters spell {letters}, not {target}", f"Spell {target} with them.")


def _dateline(text: str, _: str) -> CheckResult | None:
    m = _DATELINE.search(text)
    return CheckResult(True, f'dateline "{m.group(0).strip()[:60]}"') if m else None


_LABELLED = "verse|chorus|bridge|scene|act|chapter"
"""Parts a text labels one by one ("[Verse 1]", "Chorus:", "## Scene 2"): counted by their labels."""


def _labelled(text: str, arg: str) -> CheckResult | None:
    count, noun = arg.split(" ", 1)
    want = number_value(count)
    label = re.compile(
        rf"^[ \t]*(?:#+[ \t]*|\*\*|\[|\()?[ \t]*{noun}\b[^\n]{{0,20}}?(?:\]|\)|:|\*\*)?[ \t]*$",
        re.IGNORECASE | re.MULTILINE,
    )
    seen = [m.group(0).strip() for m in label.finditer(text)]
    if want is not None and len(seen) == want:
        return CheckResult(True, f"{len(seen)} parts labelled {noun}: {', '.join(seen[:6])}")
    return None  # unlabelled parts, or labels counted otherwise: no check confirms


_FACTS = (
    (re.compile(r".*\b(?:has|includes?|starts with|begins with|uses|contains) an? shebang(?: line)?"), _shebang),
    (re.compile(r".*\b(?:has|includes?|opens with|starts with|begins with|contains) an? dateline"), _dateline),
    (re.compile(r"(?:the )?(?:title|headline|heading) (?:is|is written|uses) (?:in )?title case"), _title_case),
    (re.compile(r"(?:each|every) line (?:begins|starts) with (?:a )?capital(?: letter)?"), _line_capitals),
    (re.compile(rf"(?:has|includes|contains) (?:exactly )?((?:\d+|[a-z]+) (?:{_LABELLED}))(?:e?s)?"), _labelled),
    (
        re.compile(
            r"the (?:first|initial) letters of (?:the |its |each )?lines? spell (?:out )?[\"“']?([a-z]{2,})[\"”']?"
        ),
        _acrostic,
    ),
)


def _fact(criterion: str) -> tuple[re.Match[str], object] | None:
    low = criterion.lower().strip().rstrip(".")
    for pattern, handler in _FACTS:
        m = pattern.fullmatch(low)
        if m:
            return m, handler
    return None


def asks_layout(criterion: str) -> bool:
    """Whether the criterion asks for a layout fact this module reads (module docstring)."""
    return _fact(criterion) is not None


def layout_fact(criterion: str, text: str) -> CheckResult | None:
    """The verdict of the layout fact the criterion asks for, or None when it asks for none or the text does not
    settle it."""
    found = _fact(criterion)
    if found is None:
        return None
    m, handler = found
    return handler(text, m.group(1) if m.lastindex else "")  # type: ignore[operator]


def check_layout(text: str, *, criterion: str) -> CheckResult:
    """The layout fact as a check: n/a when the text does not settle it."""
    result = layout_fact(criterion, text)
    if result is None:
        return CheckResult(False, "the layout asked for is not found as this check reads it", undecided=True)
    return result
