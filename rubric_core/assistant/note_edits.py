"""Notes that change the rubric's bounds: "make it stricter" (a range narrowed inside itself, a limit lowered, a vague
length or mention made exact from the task), "make it looser", "make it shorter" / "longer" (the answer's length),
"make the rubric shorter" (duplicate checks merged). Bans and required phrases are never loosened or inverted; a note
with nothing to change is refused.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

from rubric_core.assistant.bound_rules import LENGTH_UNITS, find_bound
from rubric_core.assistant.draft_inputs import DraftInputError
from rubric_core.assistant.draft_model import DraftedCriterion, RubricDraft, line
from rubric_core.assistant.note_lines import claim, kind_literal
from rubric_core.assistant.task_facts import literals
from rubric_core.assistant.wording import NUM, plural

_VAGUE_LENGTH = re.compile(r"\b(?:fairly |quite |rather |very |reasonably )?(?:short|brief|concise)\b", re.I)
_VAGUE_MENTION = re.compile(
    r"^(mentions|states|includes|gives)\s+(?:the|a|an)\s+(price|cost|fee|discount|sale|date|deadline|time|link|website)$",
    re.I,
)


def _refuse(message: str) -> DraftInputError:
    return DraftInputError(message + " Nothing was changed.")


def _round(n: float, unit: str) -> int:
    if unit == "word" and n >= 40:
        return round(n / 10) * 10
    return max(1, round(n))


def _rewrite(text: str, lo: int | None, hi: int | None, under: bool) -> str | None:
    """The line with its bound's numbers replaced (its own words kept)."""
    b = find_bound(text)
    if b is None:
        return None
    span = text[b.span[0] : b.span[1]]
    numbers = list(re.finditer(NUM, span, re.I))
    if not numbers:
        return None
    new = span
    if (
        b.lo is not None
        and b.hi is not None
        and b.lo != b.hi
        and len(numbers) >= 2
        and lo is not None
        and hi is not None
    ):
        new = (
            span[: numbers[0].start()]
            + str(lo)
            + span[numbers[0].end() : numbers[1].start()]
            + str(hi)
            + span[numbers[1].end() :]
        )
    else:
        value = hi if (b.hi is not None or under) else lo
        if value is None:
            return None
        new = span[: numbers[0].start()] + str(value) + span[numbers[0].end() :]
    return text[: b.span[0]] + new + text[b.span[1] :]


def tighten(task: str, draft: RubricDraft, note: str) -> RubricDraft:
    lines = list(draft.criteria)
    changes: list[str] = []
    for i, c in enumerate(lines):
        b = find_bound(c.text)
        text = None
        if b is not None and b.unit in LENGTH_UNITS:
            if b.lo is not None and b.hi is not None and b.lo < b.hi:
                d = max(
                    1,
                    _round((b.hi - b.lo) / 6, b.unit) if b.unit != "word" else int(5 * round((b.hi - b.lo) / 30)) or 1,
                )
                if b.lo + d < b.hi - d:
                    text = _rewrite(c.text, b.lo + d, b.hi - d, False)
            elif b.hi is not None and b.lo is None:
                n = b.under or b.hi
                tighter = _round(n * 0.8, b.unit)
                if tighter < n:
                    text = _rewrite(c.text, None, tighter, b.under is not None)
            elif b.lo is not None and b.hi is None:
                text = _rewrite(c.text, math.ceil(b.lo * 1.25), None, False)
        elif _VAGUE_LENGTH.search(c.text) and not re.search(r"\d", c.text):
            text = _VAGUE_LENGTH.sub("under 120 words", c.text, count=1)
        else:
            m = _VAGUE_MENTION.match(c.text)
            value = kind_literal(task, m.group(2).lower()) if m else ""
            if m and value:
                verb = "states" if c.text[:1].islower() else "States"
                text = f"{verb} {value}"
        if text and text != c.text:
            changes.append(f'{i + 1}: "{c.text}" -> "{text}"')
            lines[i] = line(text, f"Made stricter at the author's request ({note}).")
    said = " ".join(x.text.lower() for x in lines)
    for token in literals(task):
        if token.lower() not in said and not re.search(r"[#@]", token):
            text = f"mentions {token}" if lines and lines[0].text[:1].islower() else f"Mentions {token}"
            lines.append(line(text, f"A fact the task gives, added to make the rubric stricter ({note})."))
            changes.append(f'added "{text}"')
            said += " " + token.lower()
    if not changes:
        raise _refuse(
            "Nothing to tighten: no criterion has a bound to narrow or a vague length or fact to make exact. Say "
            'what should be stricter ("under 80 words", "mention the price").'
        )
    return replace(draft, criteria=lines, note=note, message="Stricter: " + "; ".join(changes) + ".")


def loosen(draft: RubricDraft, note: str) -> RubricDraft:
    lines = list(draft.criteria)
    changes: list[str] = []
    for i, c in _lengths_of(lines):
        b = find_bound(c.text)
        assert b is not None
        text = None
        if b.lo is not None and b.hi is not None:
            d = max(1, _round((b.hi - b.lo) / 6, b.unit)) if b.lo != b.hi else 1
            lo, hi = max(1, b.lo - d), b.hi + d
            span = c.text[b.span[0] : b.span[1]]
            text = c.text.replace(span, f"{lo} to {hi} {plural(b.unit, hi)}", 1)
        elif b.hi is not None:
            n = b.under or b.hi
            text = _rewrite(c.text, None, _round(n * 1.25, b.unit), b.under is not None)
        elif b.lo is not None:
            text = _rewrite(c.text, max(1, _round(b.lo * 0.8, b.unit)), None, False)
        if text and text != c.text:
            changes.append(f'{i + 1}: "{c.text}" -> "{text}"')
            lines[i] = line(text, f"Made looser at the author's request ({note}).")
    if not changes:
        raise _refuse("Nothing to loosen: no criterion has a bound. Bans and required phrases are never loosened.")
    kept = [c.text for c in lines if claim(c.text).role == "ban" or claim(c.text).phrase]
    warnings = list(draft.warnings)
    if kept:
        warnings.append("Bans and required phrases stay as they are: " + "; ".join(f'"{k}"' for k in kept) + ".")
    return replace(draft, criteria=lines, note=note, message="Looser: " + "; ".join(changes) + ".", warnings=warnings)


def _lengths_of(lines: list[DraftedCriterion]) -> list[tuple[int, DraftedCriterion]]:
    out = []
    for i, c in enumerate(lines):
        b = find_bound(c.text)
        if b is not None and b.unit in LENGTH_UNITS:
            out.append((i, c))
    return out


def scale_length(draft: RubricDraft, note: str, *, shorter: bool) -> RubricDraft:
    lines = list(draft.criteria)
    changes: list[str] = []
    for i, c in _lengths_of(lines):
        b = find_bound(c.text)
        assert b is not None
        factor = 2 / 3 if shorter else 1.5
        if b.hi is not None and (b.lo is None or b.lo != b.hi):
            n = b.under or b.hi
            lo = None if b.lo is None else max(1, _round(b.lo * factor, b.unit))
            text = _rewrite(c.text, lo, _round(n * factor, b.unit), b.under is not None)
            if text and text != c.text:
                changes.append(f'{i + 1}: "{c.text}" -> "{text}"')
                lines[i] = line(text, f"Changed at the author's request ({note}).")
    if not changes:
        raise _refuse(f'No length criterion to make {"shorter" if shorter else "longer"}: add one ("under 100 words").')
    return replace(draft, criteria=lines, note=note, message="; ".join(changes) + ".")


def merge_duplicates(draft: RubricDraft, note: str) -> RubricDraft:
    """Lines that check the same thing (the same unit bounded, the same words) become the first of them."""
    lines = list(draft.criteria)
    seen: dict[str, int] = {}
    drop: list[int] = []
    for i, c in enumerate(lines):
        b = find_bound(c.text)
        key = (
            f"bound:{b.unit}"
            if b is not None and b.unit in LENGTH_UNITS
            else re.sub(r"\W+", " ", c.text.lower()).strip()
        )
        if key in seen:
            drop.append(i)
        else:
            seen[key] = i
    if not drop:
        raise _refuse('No two criteria check the same thing, so none can be merged: remove one by number ("remove 2").')
    kept = [c for i, c in enumerate(lines) if i not in drop]
    gone = ", ".join(f'{i + 1} ("{lines[i].text}")' for i in drop)
    return replace(
        draft,
        criteria=kept,
        note=note,
        message=f"Merged duplicates: removed {gone}, which the earlier lines already check.",
    )
