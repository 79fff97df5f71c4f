"""Bounds a clause states: a length (words, characters, sentences, lines, paragraphs; a page, minutes spoken) or a
count of things (hashtags, emojis, questions, bullet points, steps...), with its scope ("each answer", "the body").

A range stays a range ("three to five bullet points" -> "Has 3 to 5 bullet points"), "under N" stays "Fewer than
N", "at most" never becomes "exactly", and a bound said of each item ("each under 40 characters") says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.wording import NUM, bound_text, capital, number, plural, singular

LENGTH_UNITS = {
    "word": "word",
    "character": "character",
    "char": "character",
    "sentence": "sentence",
    "line": "line",
    "paragraph": "paragraph",
}
WORDS_PER_PAGE = 400
"""A page of prose, for "one page max" (edit the number)."""
WORDS_PER_MINUTE = 150
"""Words spoken in a minute, for "two minutes at most" (a toast, a pitch)."""

_N = NUM
_STOP = (
    r"(?:for|of|about|at|that|which|who|should|must|can|will|is|are|be|each|with|in|on|per|max|maximum|min|minimum|"
    r"or|and|to|than|by|from|into|long|total|tops|the|a|an|only|at|under|over|this|these|it|its|their|his|her|our)"
)
_UNIT = rf"((?:(?!{_STOP}\b)[a-z][\w-]*)(?: (?!{_STOP}\b)[a-z][\w-]*){{0,2}})(?![\w-])"
"""The counted noun: up to three words, none a preposition or a verb ("subject lines", "fun facts")."""
_LEAD = r"(?:^|\b(?:give me|list|suggest|write|with|in|into|has|have|of|keep it to|make it|use|using|add|include) |: |\beach (?:[a-z]+(?: [a-z]+)? )?)"
"""Where a bare count may stand: at the clause's start or after a verb that asks for a number of things (not after
"the": "the 3 brightness levels" names a fact)."""
_FORMS: tuple[tuple[str, str], ...] = (
    (rf"\bbetween {_N} and {_N} {_UNIT}", "range"),
    (rf"\b{_N} ?(?:to|-|–|—) ?{_N}[- ]{_UNIT}", "range"),
    (rf"\b{_N} {_UNIT} or (?:fewer|less|shorter)\b", "at_most"),
    (rf"\b{_N} {_UNIT} or more\b", "at_least"),
    (rf"\bnone (?:longer|more) than {_N} {_UNIT}", "at_most"),
    (
        rf"\b(?:at most|no more than|not more than|no longer than|up to|max(?:imum)?(?: of)?|a maximum of|within|limit(?:ed)? to|cap(?:ped)? at) {_N} {_UNIT}",
        "at_most",
    ),
    (rf"\b(?:at least|no fewer than|not fewer than|a minimum of|min(?:imum)?(?: of)?) {_N} {_UNIT}", "at_least"),
    (rf"\b(?:under|fewer than|less than|below|shorter than) {_N} {_UNIT}", "under"),
    (rf"\b(?:more than|over|longer than) {_N} {_UNIT}", "over"),
    (rf"\b{_N} {_UNIT} (?:max(?:imum)?|at most|tops|or under)\b", "at_most"),
    (rf"\b{_N} {_UNIT} (?:min(?:imum)?|at least)\b", "at_least"),
    (rf"\bmax(?:imum)?\.? {_N} {_UNIT}", "at_most"),
    (rf"\bexactly {_N} {_UNIT}", "exactly"),
    (
        rf"{_LEAD}(?:an? \w+ of )?{_N}[- ]{_UNIT}(?!\s+(?:must|should|has to|have to|needs? to|is|are|will|can|covers?)\b)",
        "bare",
    ),
    (rf"\b(?:an?|the) {_N}-((?:word|paragraph|sentence|line|character|page)s?)\b", "bare"),
)
_NOT_UNITS = frozenset(
    "am pm percent per hour day week month year time minute second minute-long year-old star x mb gb kb km mile miles kg g ml l "
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
_MINUTE = re.compile(
    rf"\b(?:{_N}|a) minutes? (?:at most|max(?:imum)?|or less|long)\b|\b(?:at most|under|no more than|up to) (?:{_N}|a) minutes?\b",
    re.I,
)
_PAGE = re.compile(
    rf"\b(?:{_N}|a) pages? (?:max(?:imum)?|at most|or less)\b|\b(?:at most|under|no more than|up to) (?:{_N}|a) pages?\b|\b(?:fits? on|keep it to) (?:{_N}|a) pages?\b",
    re.I,
)


@dataclass
class Bound:
    lo: int | None
    hi: int | None
    unit: str
    """The unit as written, singular ("word", "bullet point", "subject line")."""
    span: tuple[int, int]
    under: int | None = None
    """For "under N": N (said "Fewer than N", read as at most N-1)."""


def find_bound(text: str, *, bare: bool = True) -> Bound | None:
    """The first bound in the text, or None."""
    low = text.lower()
    for pattern, form in _FORMS:
        if form == "bare" and not bare:
            continue
        for m in re.finditer(pattern, low):
            groups = m.groups()
            unit = singular(groups[-1].strip())
            end = m.end()
            if unit.split()[0] in LENGTH_UNITS and len(unit.split()) > 1:
                # "a 150-200 word abstract": the unit is "word"; the noun after it is the genre
                end = m.start(len(groups)) + len(groups[-1].split()[0])
                unit = unit.split()[0]
            before = low[max(0, m.start() - 1) : m.start()]
            if unit.split()[-1] in _NOT_UNITS or before in ("#", "$", "€", "£", ".", ":", "/") or unit == "":
                continue
            nums = [number(g) for g in groups[:-1]]
            if form == "range":
                first, last = sorted(nums)
                return Bound(first, last, unit, (m.start(), end))
            n = nums[0]
            lo: int | None
            hi: int | None
            under: int | None
            lo, hi, under = {
                "at_most": (None, n, None),
                "at_least": (n, None, None),
                "under": (None, n - 1, n),
                "over": (n + 1, None, None),
                "exactly": (n, n, None),
                "bare": (n, n, None),
            }[form]
            return Bound(lo, hi, unit, (m.start(), end), under)
    return None


def _scope(text: str, items: str) -> str:
    """Who the bound is said of: "" (the whole text), or "each <item>", "the <part>"."""
    low = text.lower()
    m = re.search(r"\b(?:each|every|per) ([a-z][\w-]*(?: [a-z][\w-]*)?)\b", low)
    if m and m.group(1).split()[0] not in ("one", "of", "time", "week", "day", "month", "year"):
        noun = m.group(1)
        noun = re.sub(
            r"\s+(?:is|are|has|have|with|in|to|under|at|no|one|two|three|four|five|max|should|must)\b.*", "", noun
        )
        return f"each {singular(noun)}"
    if re.search(r"\b(?:each|every)\b|\bnone (?:longer|shorter|over|more)\b|\b(?:\w+ )?each\b$", low):
        return f"each {items}" if items else "each item"
    m = re.search(
        r"\b(?:keep )?the (body|subject line|title|headline|intro|introduction|summary|answer|explanation|method|conclusion|description)\b",
        low,
    )
    if m:
        return f"the {m.group(1)}"
    m = re.search(r"^(subject line|title|headline|body)\b", low)
    if m:
        return f"the {m.group(1)}"
    return ""


def _whole(lo: int | None, hi: int | None, unit: str, under: int | None) -> str:
    return bound_text(lo, hi, unit, strict_under=under)


def _said(lo: int | None, hi: int | None, unit: str, under: int | None) -> str:
    """A bound inside a sentence ("is under 40 characters", "has 3 to 5 bullet points")."""
    if under is not None:
        return f"under {under} {plural(unit, under)}"
    if lo is not None and hi is not None:
        return f"exactly {lo} {plural(unit, lo)}" if lo == hi else f"{lo} to {hi} {plural(unit, hi)}"
    if hi is not None:
        return f"at most {hi} {plural(unit, hi)}"
    return f"at least {lo} {plural(unit, lo)}"


def spoken_or_page(text: str) -> Proposal | None:
    """ "Two minutes at most" (spoken) and "one page max" as a word bound, saying how it was read."""
    m = _MINUTE.search(text)
    if m:
        got = next((g for g in m.groups() if g), "a")
        n = 1 if got.lower() == "a" else number(got)
        words = n * WORDS_PER_MINUTE
        return Proposal(
            f"At most {words} words",
            f"{m.group(0)} spoken is about {words} words at {WORDS_PER_MINUTE} words a minute (edit the number).",
            "length",
            source=m.group(0),
        )
    m = _PAGE.search(text)
    if m:
        got = next((g for g in m.groups() if g), "a")
        n = 1 if got.lower() == "a" else number(got)
        words = n * WORDS_PER_PAGE
        return Proposal(
            f"At most {words} words",
            f'"{m.group(0)}": a page holds about {WORDS_PER_PAGE} words (edit the number).',
            "length",
            source=m.group(0),
        )
    return None


def bound_proposal(text: str, *, items: str = "", whole: bool = True, bare: bool = True) -> Proposal | None:
    """A length or count criterion for the clause, or None when it states no bound.

    `items`: the task's counted things, for a bound said of each ("each under 40 characters"); `whole`: whether a
    length with no scope is said of the whole answer (a clause such as "explain it in one sentence" is not)."""
    said = spoken_or_page(text)
    if said:
        return said
    m = re.search(
        rf"\b(at least|at most|no more than|exactly) {_N} (?:of them )?(?:should|must|need to|have to|has to) be {_UNIT}",
        text.lower(),
    )
    if m:
        # "at least two should be questions": a count among the task's items
        how = {"no more than": "at most"}.get(m.group(1), m.group(1))
        return Proposal(
            capital(f"{how} {number(m.group(2))} of the {plural(items or 'item', 2)} are {m.group(3)}"),
            f'The task sets the count: "{text.strip()}".',
            "count",
            source=text,
        )
    m = re.search(rf"\b(at most|no more than|up to|at least|exactly) {_N} of them\b", text.lower())
    if m:
        how = {"no more than": "at most", "up to": "at most"}.get(m.group(1), m.group(1))
        n = number(m.group(2))
        return Proposal(
            capital(f"has {how} {n} {plural(items or 'item', n)}"),
            f'The task sets the count: "{text.strip()}".',
            "count",
            source=text,
        )
    b = find_bound(text, bare=bare)
    if b is None:
        return None
    unit = LENGTH_UNITS.get(b.unit.split()[-1]) if len(b.unit.split()) == 1 else None
    if unit is None and re.search(
        r"\b(?:who|which|whose|where|placed|bought|ordered|having)\b", text[: b.span[0]].lower()
    ):
        return None  # "customers who placed more than 3 orders": what the data holds, not what the answer has
    tail = text[b.span[1] :].strip().lower()
    each = re.match(r"(?:with )?(.+?) each\b", tail)
    inner = find_bound(each.group(1)) if each and unit is None else None
    if inner:
        # "three body sections with two supporting points each"
        return Proposal(
            capital(
                f"has {_said(b.lo, b.hi, b.unit, b.under)}, each with {_said(inner.lo, inner.hi, inner.unit, inner.under)}"
            ),
            f'The task sets the count: "{text.strip()}".',
            "count",
            source=text,
        )
    each_noun = re.search(r"\b(?:each|every|per) ([a-z][\w-]*)\b", text.lower()[: b.span[1]])
    named = (
        each_noun is not None
        and not re.fullmatch(
            _STOP + r"|under|over|exactly|between|up|less|fewer|more|no|day|week|month", each_noun.group(1)
        )
        and not re.fullmatch(NUM, each_noun.group(1))
    )
    if each_noun and named and singular(each_noun.group(1)) != b.unit:
        scope = f"each {singular(each_noun.group(1))}"  # "each bullet one sentence", "each question with 4 options"
    else:
        scope = _scope(text[: b.span[0]] + " " + text[b.span[1] :], items)
    if not scope and re.match(r"\s*(?:each|every)\b", text.lower()) and b.unit in LENGTH_UNITS:
        scope = f"each {items or 'item'}"  # "each one sentence": each of the task's items
    if text.lower()[b.span[0] :].startswith("none "):
        scope = f"each {items or 'item'}"  # "none longer than six words"
    if b.unit in ("of them", "them") or re.match(r"of them\b", tail):
        b.unit = items or "item"
    if not scope and unit and not re.search(r"\beach\b", text[b.span[1] :].lower()):
        if not whole:
            return None
        return Proposal(
            _whole(b.lo, b.hi, unit, b.under), f'The task sets the length: "{text.strip()}".', "length", source=text
        )
    if scope:
        target = scope
        verb = "is" if unit else "has"
        return Proposal(
            capital(f"{target} {verb} {_said(b.lo, b.hi, b.unit, b.under)}"),
            f'The task sets it for {target}: "{text.strip()}".',
            "length" if unit else "count",
            source=text,
        )
    of = re.match(
        r"\s+(of (?:[\w'-]+ ){0,3}?[\w'-]+|(?:a|per|each) (?:day|week|month|person|page|item|section|paragraph))"
        r"(?=$|[,.;:]|\s+(?:and|with|in|for|that|each)\b)",
        text[b.span[1] :],
    )
    tail = f" {of.group(1)}" if of else ""  # "5 rows of fake data"
    return Proposal(
        capital(f"has {_said(b.lo, b.hi, b.unit, b.under)}{tail}")
        if b.lo != b.hi or b.under
        else f"Exactly {b.lo} {plural(b.unit, b.lo)}{tail}",
        f'The task sets the count: "{text.strip()}".',
        "count",
        source=text,
    )
