"""Reading what a "mentions ..." / "does not use ..." criterion asks the text to contain, term by term.

Each term is one of:
- a literal, matched as written: a quoted phrase, a word after "the word", a token with a digit or a
  symbol (`$49`, `4.5%`, `#4821`, `C++`, `e-mail`, a URL), a capitalised name (`Paris`, `LockPro X`),
  or the value a bracket spells out ("the date (next Monday)"). Words beside a token only say what
  it is ("ticket #4821", "the rate of 4.5%") or must stand in its sentence ("24/7 support");
- a kind of content the grader has a finder for (a price, a call to action, a date: patterns.py),
  met by an instance, never by the kind's own name; a count may come before it ("at least two
  hashtags"), a specifier beside it ("the launch date", "a link to the docs"), or a quality no
  finder confirms ("a rhetorical question": n/a when there is a question, fail when there is none);
- a plain word or phrase ("light", "climate change"), matched as a whole word or a whole phrase;
- or something no word match can confirm (a product name, jargon, a benefit, "a strong hook"): that
  part is n/a, with the reason.
The word lists behind these choices are in kinds.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rubric_core.checks import lexicons
from rubric_core.checks.kinds import (
    ABSORBED,
    BARE_ONLY,
    CATEGORY_PATTERNS,
    LANGUAGES,
    QUALIFIERS,
    SPECIFIERS,
    TOKEN_DESCRIPTORS,
    UNCHECKABLE,
)
from rubric_core.checks.objects import counted_noun
from rubric_core.checks.patterns import PATTERNS
from rubric_core.checks.terms import QUOTES as _QUOTES
from rubric_core.checks.terms import named_value, without_example
from rubric_core.numbers import FREQUENCIES, NUMBER_IN_WORDS, up_to, words_alternation

_INDEFINITE = re.compile(r"^(?:a|an|one|some|any|at least one|one or more|a few|several|a single)\s+", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|its|their|our|your|this|that|these|those)\s+", re.IGNORECASE)
_EXPLICIT = re.compile(
    r"^(?:the|a|an)?\s*(?:exact\s+)?(?:words?|terms?|phrases?|strings?|tokens?|keywords?)\s+(?=\S)",
    re.IGNORECASE,
)
_LITERAL_CHARS = re.compile(r"[^\w\s'’-]|[\d_]|(?<=[^\W\d_])-(?=[^\W\d_])")
"""A digit, a symbol or a hyphen inside a word makes a chunk a token matched as written (`$49`, `C++`, `e-mail`)."""
_NUMBERS = {**up_to(10), "twice": FREQUENCIES["twice"]}
_N = r"(\d+|" + words_alternation(_NUMBERS) + r")"
_COUNTS: tuple[tuple[str, str], ...] = (
    (rf"(?:at least|no fewer than|not fewer than|a minimum of|minimum of|min\.?|minimum) {_N}", "min"),
    (rf"{_N} or more", "min"),
    (rf"(?:at most|no more than|not more than|up to|a maximum of|maximum of|max\.?|maximum) {_N}", "max"),
    (rf"(?:fewer than|less than) {_N}", "below"),
    (rf"(?:more than) {_N}", "above"),
    (rf"exactly {_N}", "exactly"),
    (rf"(?:only |just )?{_N}", "soft"),
)
_PREPOSITION = re.compile(r"\s+(?:of|for|to|on|about|at|from|with|in|regarding|per)\s+", re.IGNORECASE)
_STOP = frozenset("the a an of for to on about at from with in its our their your this that and or".split())


@dataclass(frozen=True)
class Term:
    """One thing a mention criterion names."""

    kind: str
    """literal, word, pattern or na."""

    value: str
    """The text to find (literal, word), the pattern's name, or why it is n/a."""

    near: tuple[str, ...] = ()
    """Words that must stand in the same sentence as what is found (else the grader cannot tell: n/a)."""

    quality: str = ""
    """A quality no finder confirms: an instance found is n/a, none found is a fail."""

    count: tuple[int | None, int | None, bool] | None = None
    """(min, max, soft) of a pattern's instances; soft: more than max is n/a, not a fail."""

    spelled: bool = False
    """Named as a word ("the word e-mail"): matched as spelled, not in another spelling of the same meaning."""

    open_ended: bool = False
    """An instance of something ("a lighthouse"): its word found is one; not found, it may be there in other words."""

    label: str = ""
    """For a kind of content no finder sees ("steps to reproduce"): a heading or label line naming it in the draft
    is the thing ("## Steps to reproduce" with text under it)."""

    token: str = ""
    """For a literal holding a token ('ticket #4821', 'the draisine of 1817'): the token, which stands for the
    whole when the words beside it are in its sentence (`near`) or only say what kind of token it is."""


_CONDITION = re.compile(
    r"\s+(?:in passing|in detail|at length|in depth|briefly|throughout|prominently|"
    r"if|when|unless|whenever|where (?:relevant|possible|applicable|appropriate|needed)|as needed|"
    r"if (?:possible|relevant|known|any|applicable))\b.*$",
    re.IGNORECASE,
)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def count_of(term: str) -> tuple[tuple[int | None, int | None, bool] | None, str]:
    """A count in front of a term ("at least two hashtags"): ((min, max, soft), the rest), else (None, term)."""
    for pattern, kind in _COUNTS:
        m = re.match(pattern + r"\s+(?=\S)", term, re.IGNORECASE)
        if not m:
            continue
        n = _number(m.group(1))
        rest = term[m.end() :]
        bounds = {
            "min": (n, None, False),
            "max": (None, n, False),
            "below": (None, n - 1, False),
            "above": (n + 1, None, False),
            "exactly": (n, n, False),
            "soft": (n, n, True),
        }[kind]
        return bounds, rest
    return None, term


def _category(words: list[str]) -> tuple[str, list[str]] | None:
    """(pattern, the words before it) when the words end with a kind's name ('launch date' -> date, [launch])."""
    for i in range(len(words)):
        kind = " ".join(words[i:])
        if kind in CATEGORY_PATTERNS and not (i and CATEGORY_PATTERNS[kind] in BARE_ONLY):
            return CATEGORY_PATTERNS[kind], words[:i]
    return None


def _tokens(body: str) -> list[str]:
    return [w.strip(".,;:!?\"'”’)(") for w in body.split() if _LITERAL_CHARS.search(w.strip(".,;:!?\"'”’)("))]


_TIMES = re.compile(
    r"\s+(?:(?P<only>only |just |exactly )?once|(?P<least>at least |no fewer than )?(?:(?P<n>twice|two|three|four|five|\d+)"
    r"(?: times)?)|(?P<more>more than once|repeatedly|several times|multiple times|again and again))$",
    re.IGNORECASE,
)


def _times(term: str) -> tuple[tuple[int | None, int | None, bool] | None, str]:
    """A frequency after a term ("Paris twice", "the price only once"): ((min, max, soft), the rest)."""
    m = _TIMES.search(term)
    if not m or not m.group(0).strip() or (m.group("n") and "time" not in m.group(0) and m.group("n") != "twice"):
        return None, term
    rest = term[: m.start()]
    if m.group("more"):
        return (2, None, False), rest
    n = 1 if m.group(0).strip().endswith("once") else _number({"twice": "two"}.get(m.group("n").lower(), m.group("n")))
    if m.group("least"):
        return (n, None, False), rest
    if m.group("only"):
        return (n, n, False), rest
    return (n, n, True), rest


def classify(raw: str, *, criterion: str, explicit: bool = False) -> Term:
    """What one term of a mention criterion asks for (see the module docstring)."""
    times, raw = _times(raw.strip().rstrip(".").strip())
    term = classify_one(raw, criterion=criterion, explicit=explicit)
    if times is None:
        return term
    if term.kind == "na":
        return term
    if term.kind == "pattern" and term.count is not None:
        return Term("na", f'"{raw}" counts twice over')
    return replace(term, count=times)


_VALUE_KINDS = frozenset("colour color number month year city town country region day season".split())
"""Nouns a value follows ("the colour red", "the city of Paris"): the value stands for the whole."""
_QUALIFYING_BRACKET = re.compile(r"\s*\(((?:in|with|of|for|at|from|by|on|to)\b[^)]*)\)\s*$", re.IGNORECASE)


def classify_one(raw: str, *, criterion: str, explicit: bool = False) -> Term:
    """What one term asks for, without a frequency after it."""
    term = raw.strip().rstrip(".").strip()
    if (term[:1] not in _QUOTES and re.search(r"\bformat(?:s|ted)?\b", term, re.IGNORECASE)) or re.search(
        r"\b[YMDHS]{1,4}(?:[-/.:][YMDHS]{1,4})+\b", term, re.IGNORECASE
    ):
        return Term("na", f'"{term}" asks for a format the check does not read')
    qualified = _QUALIFYING_BRACKET.search(term)
    if qualified:
        # "the price (in USD)": the price, in a sentence that also says USD.
        inner = [w for w in re.findall(r"[\w'-]+", qualified.group(1).lower()) if w not in _STOP]
        found = classify_one(term[: qualified.start()], criterion=criterion, explicit=explicit)
        if found.kind == "na":
            return found
        return replace(found, near=(*found.near, *inner))
    named = named_value(term)
    if named:
        return Term("literal", named.strip(_QUOTES).strip())
    term = without_example(term)
    if len(term) >= 2 and term[0] in _QUOTES and term[-1] in _QUOTES:
        return Term("literal", term[1:-1].strip())  # a quoted one-letter word too ("Does not use 'I'")
    lead = _EXPLICIT.match(term)
    if explicit or lead:
        word = term[lead.end() :] if lead else term
        word = word.strip(_QUOTES).strip()
        # A one-letter word ("the word 'I'") is the word, not the letter inside other words.
        return Term("literal" if _LITERAL_CHARS.search(word) or len(word) == 1 else "word", word, spelled=True)
    when = re.fullmatch(
        r"when (?:the |a |an |our |your |its )?(?P<what>[\w' -]+?)(?: (?:is|are|was|will be|starts|opens|happens|takes place|is available|are due|is due))?",
        term,
        re.I,
    )
    if when:
        # "Says when the retro is": a date or a time in a sentence that names the retro ("Retro moved to Thursday")
        subject = [w for w in re.findall(r"[\w'-]+", when.group("what").lower()) if w not in _STOP][-1:]
        if term.lower().rstrip().endswith("available"):
            subject = ["available"]
        return Term("pattern", "date", near=tuple(subject))
    if re.match(r"(?:how|why|what|when|where|whether|which|who|that)\b", term, re.IGNORECASE):
        return Term("na", f'"{term}" describes what the text should say; the words may differ')
    if _CONDITION.search(term):
        return Term("na", f'"{term}" holds a condition or a manner the check cannot weigh')
    count, rest = count_of(term)
    if count is not None:
        counted = _ARTICLE.sub("", _INDEFINITE.sub("", rest)).strip().lower().split()
        kept_rest = [w for w in counted if w not in ABSORBED]
        if _category(kept_rest) or _category(_PREPOSITION.split(" ".join(kept_rest))[0].split()):
            term = rest
        elif count[2] and (count[0] or 0) > 20:
            count = None  # "the 2026 roadmap": a year, not a count
        elif (
            count[2]
            and re.fullmatch(r"[\w'’ -]+", rest)
            and not _INDEFINITE.match(rest)
            and not set(rest.lower().split()) & UNCHECKABLE
        ):
            # "Mentions 6 gears", "Mentions five years of experience": the number and its noun, as a phrase
            # (in digits or in words: "six gears").
            return Term("word", term.strip())
        else:
            return Term("na", f'"{raw.strip()}" asks for a count of something no finder counts')
    indefinite = bool(_INDEFINITE.match(term))
    body = _ARTICLE.sub("", _INDEFINITE.sub("", term)).strip()
    if not body:
        return Term("na", f'"{raw.strip()}" names nothing to look for')
    low = body.lower().replace("’", "'")
    words = low.split()
    kept = [w for w in words if w not in ABSORBED]
    whole = _category(kept)
    if whole is not None and not whole[1]:
        return Term("pattern", whole[0], count=count)
    tokens = _tokens(body)
    if tokens == ["&"] and _capitalised(body.replace(" & ", " "), criterion.replace(" & ", " ")):
        return Term("literal", body)  # "Crumb & Co": a name, as written ("Crumb and Co" too)
    if tokens and any(re.search(r"[^\w\s'’-]|\d", t) for t in tokens):
        return _token_term(body, tokens)
    if tokens and re.search(rf"\b(?:\d+|{NUMBER_IN_WORDS})-[a-z]+", low):
        # "the two-year warranty", "a one-month service credit": a fact with its number, as written (any spelling)
        return _token_term(body, tokens)
    if words[-1] in LANGUAGES:
        return Term("na", f'"{body}" is a language: how the text is written, not words it must contain')
    if _capitalised(body, criterion):
        return Term("literal", body)
    if re.search(r"'s\b|s'$", low):
        return Term("na", f"\"{body}\" is somebody's or something's (a name or detail only the task knows)")
    parts = _PREPOSITION.split(" ".join(kept), maxsplit=1)
    head, tail = parts[0], (parts[1] if len(parts) > 1 else "")
    pattern = whole or _category(head.split())
    if pattern is not None:
        return _pattern_term(pattern, tail if pattern is not whole else "", count)
    quality = [w for w in words if w in QUALIFIERS]
    if quality:
        return Term("na", f'"{quality[0]}" asks for a quality no word match can confirm')
    head_words = head.split()
    kinds = [w for w in head_words if w in UNCHECKABLE]
    if kinds and kinds[-1] == head_words[-1]:
        why = f'"{body}" is a kind of content ({kinds[-1]}), not words the text must contain'
        return Term("na", why, label=body)
    if len(words) >= 2 and words[0] in _VALUE_KINDS:
        # "the colour red", "the city of Paris", "the month May": the value is what the text must name.
        value = re.sub(r"^\S+\s+(?:of\s+|called\s+|named\s+)?", "", body)
        return classify_one(value, criterion=criterion, explicit=explicit)
    trailing = _trailing_name(body, criterion)
    if trailing:
        # "the river Thames", "the product LockPro": the name as written, in a sentence naming the rest.
        beside = [
            w.lower()
            for w in body[: len(body) - len(trailing)].split()
            if w.lower() not in _STOP and w.lower() not in TOKEN_DESCRIPTORS
        ]
        return Term("literal", trailing, near=tuple(beside))
    if indefinite and len(words) == 1 and not lexicons.topic_words(body) - {body.lower()}:
        # "Mentions a lighthouse": the word is one (✔); none is no proof there is none ("a dateline", "an ask"): n/a
        return Term("word", body, open_ended=True)
    if indefinite and len(words) > 1:
        return Term("na", f'"{term}" asks for an instance of "{body}", which no word list of the grader describes')
    if tokens:
        return _token_term(body, tokens)
    return Term("word", body)


_PLACE_WORDS = frozenset("page pages site website webpage url link address section".split())
"""Words after a kind that say where it points, not what it is about ("a link to the warranty page": warranty)."""


def _pattern_term(found: tuple[str, list[str]], tail: str, count: tuple[int | None, int | None, bool] | None) -> Term:
    """A kind with words before it (specifiers or a quality) or after it ('a link to the docs')."""
    name, before = found
    near = [w for w in before if w in SPECIFIERS]
    quality = [w for w in before if w not in SPECIFIERS]
    near += [w for w in re.findall(r"[\w'-]+", tail.lower()) if w not in _STOP and w not in _PLACE_WORDS]
    if any(w in QUALIFIERS for w in near):
        quality += [w for w in near if w in QUALIFIERS]
        near = [w for w in near if w not in QUALIFIERS]
    return Term("pattern", name, near=tuple(near), quality=" ".join(quality), count=count)


def _token_term(body: str, tokens: list[str]) -> Term:
    """A term holding a token written as it must appear ('ticket #4821', 'the rate of 4.5%', '24/7 support')."""
    if len(tokens) > 1 or body == tokens[0]:
        return Term("literal", body)
    unit = re.search(re.escape(tokens[0]) + r"\s+([a-zA-Z²]{2,})\b", body)
    if re.fullmatch(r"\d[\d,]*", tokens[0]) and unit and counted_noun(unit.group(1)):
        tokens = [f"{tokens[0]} {unit.group(1)}"]  # "refunds within 30 days": 30 days, not the 30 of "30%"
    others = [
        w.lower().strip(".,;:!?\"'”’)(")
        for w in body.split()
        if w.strip(".,;:!?\"'”’)(") not in tokens[0].split() and w.lower() not in TOKEN_DESCRIPTORS
    ]
    others = [w for w in others if w and w not in CATEGORY_PATTERNS and w not in _STOP]
    return Term("literal", body, near=tuple(others), token=tokens[0])


def _trailing_name(body: str, criterion: str) -> str:
    """The capitalised words that end `body` after lower-case ones ("river Thames" -> "Thames"), else ''."""
    words = body.split()
    i = len(words)
    while i > 0 and words[i - 1][:1].isupper():
        i -= 1
    if i == 0 or i == len(words) or criterion.find(body) <= 0:
        return ""
    return " ".join(words[i:])


def _capitalised(body: str, criterion: str) -> bool:
    """A name: every word of `body` capitalised where the criterion writes it, and not its first word."""
    at = criterion.find(body)
    if at <= 0:
        return False
    letters = [w for w in body.split() if w[:1].isalpha()]
    if len(letters) > 1 and all(w.isupper() for w in letters):
        return False  # "ALL CAPS", "NO JARGON": shouting, not a name
    return bool(letters) and all(w[:1].isupper() for w in letters)


def pattern_label(name: str) -> str:
    return PATTERNS[name].label
