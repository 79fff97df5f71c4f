"""Whether a text names what a mention criterion asks for, or leaves it out.

Each thing a criterion names is found, missing or undecided: a word or phrase (whole words, a
plural or -ed/-ing form accepted), a literal token as written (`$49` is not in `$490`), or an
instance of a pattern (patterns.py), optionally with words that must stand in the instance's
sentence ("the launch date"), a quality no finder confirms ("a strong call to action": undecided
when there is one), or a count. "All of" fails on anything missing and is n/a on anything
undecided; "any of" passes on anything found. A criterion asking for absence fails on anything
found, and is n/a when it cannot be sure nothing is there (a net's hit, a concept named in other
words). rubric_core/checks/CRITERIA.md states each rule.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from rubric_core.checks import lexicons
from rubric_core.checks.patterns import PATTERNS, Found, find_all, maybe
from rubric_core.checks.text import WORD_RE, CheckResult, lines_of, paragraphs_of, sentences_of, words_of

FOUND, MISSING, UNDECIDED = "found", "missing", "undecided"


def term_at(text: str, term: str) -> int | None:
    """Where a word or phrase first stands in `text` (a plural or -ed/-ing ending accepted), else None."""
    low = text.lower()
    if len(term) == 1:
        i = low.find(term.lower())
        return i if i >= 0 else None
    words = term.lower().split()
    stem = r"\s+".join(re.escape(w) for w in words)
    # Whole words, allowing a plural or verb ending ("mentions light" accepts "lights").
    m = re.search(rf"\b{stem}(?:s|es|ed|ing)?\b", low)
    if m is not None:
        return m.start()
    # A regular plural that is more than an added -s or -es: "mentions a story" accepts "stories", "leaf" "leaves".
    # (Not the other way: "news" is not "new", "economics" not "economic".)
    if len(words) == 1:
        for w in WORD_RE.finditer(text):
            if words[0] in lexicons.singular_forms(w.group(0)):
                return w.start()
    return None


def _term_spans(text: str, term: str, literal: bool) -> list[int]:
    """Every place the term stands (for a specifier looked for in each one's sentence)."""
    out, start = [], 0
    while start <= len(text):
        at = literal_at(text[start:], term) if literal else term_at(text[start:], term)
        if at is None:
            break
        out.append(start + at)
        start += at + max(1, len(term))
    return out


def literal_at(text: str, token: str) -> int | None:
    """Where `token` stands in `text` as written (any case), not inside a longer word or number, else None.

    `$49` is not found in `$490` or `$49.99`, `C++` not in `C+++`, `#4821` not in `#48210`; spaces inside
    the token match any run of white space (a line break too).
    """
    parts = [re.escape(p) for p in token.split()]
    if not parts:
        return None
    body = r"\s+".join(parts)
    lead = r"(?<![\w])" if token[0].isalnum() or token[0] in "$€£#@" else ""
    tail = r"(?![\w])" if token[-1].isalnum() or token[-1] in "+#%" else ""
    if token[-1].isdigit():
        tail += r"(?![.,]\d)"
    if token[-1] == "+":
        tail += r"(?!\+)"
    m = re.search(lead + body + tail, text, re.IGNORECASE)
    return m.start() if m else None


def line_number(text: str, index: int) -> int:
    """The 1-based number of the non-empty line holding `index` (as `lines_of` counts them)."""
    return len(lines_of(text[: index + 1])) or 1


_EDGE = "\"'`“”‘’*_#>()[]{} \t\n"


def starts_with(text: str, term: str, literal: bool) -> bool:
    """Whether the text opens with the term (markup, quotes and white space before it aside)."""
    body = text.lstrip(_EDGE)
    at = literal_at(body, term) if literal else term_at(body, term)
    return at == 0


def ends_with(text: str, term: str, literal: bool) -> bool:
    """Whether the text closes with the term (end punctuation, quotes and white space after it aside)."""
    body = text.rstrip(_EDGE + ".!?…,;:")
    tail = body[-(len(term) + 4) :]
    for i in range(len(tail)):
        at = literal_at(tail[i:], term) if literal else term_at(tail[i:], term)
        if at == 0 and len(tail[i:].strip()) <= len(term) + 3:
            return re.fullmatch(r"(?:s|es|ed|ing)?", tail[i + len(term) :].lower()) is not None or literal
    return False


def _sentence_at(text: str, index: int) -> str:
    for sentence in sentences_of(text):
        probe = sentence[: min(len(sentence), 30)]
        at = text.find(probe)
        if 0 <= at <= index < at + len(sentence) + 1:
            return sentence
    return text


def _near(sentence: str, words: list[str]) -> bool:
    return all(term_at(sentence, w) is not None for w in words)


def _region(text: str, position: str) -> str:
    """The part of the text a "starts with" / "ends with" pattern criterion looks at (its first or last sentence),
    or the one a scope names ("first sentence", "last line", "first paragraph")."""
    if position == "any":
        return text
    if position in ("start", "end"):
        position = ("first" if position == "start" else "last") + " sentence"
    first, unit = position.split()
    parts = {"sentence": sentences_of, "line": lines_of, "paragraph": paragraphs_of}[unit](text)
    if not parts:
        return ""
    return parts[0] if first == "first" else parts[-1]


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _counted_term(text: str, term: str, exact: bool, count: list[Any]) -> tuple[str, str]:
    low, high, soft = [*count, None, None, False][:3]
    n = len(_term_spans(text, term, exact))
    seen = f'"{term}" {n} time{"s" if n != 1 else ""}'
    if n < (low or 0):
        return MISSING, f'"{term}" at least {low} times (found {n})'
    if high is not None and n > high:
        return (UNDECIDED, seen + f", {high} asked for") if soft else (MISSING, f'"{term}" at most {high} times ({n})')
    return FOUND, seen


def _term_state(
    text: str, term: str, exact: bool, position: str, near: list[str], token: str = "", count: list[Any] | None = None
) -> tuple[str, str]:
    if position in ("start", "end"):
        at_edge = starts_with if position == "start" else ends_with
        if at_edge(text, term, exact) or (token and not near and at_edge(text, token, True)):
            return FOUND, f'{"opens" if position == "start" else "closes"} with "{term}"'
        return MISSING, f'"{term}" {"first" if position == "start" else "last"}'
    if count is not None:
        return _counted_term(text, term, exact, count)
    whole = _term_spans(text, term, exact)
    if whole and (token or not near):
        return FOUND, f'"{term}" found in line {line_number(text, whole[0])}'
    spans = _term_spans(text, token, True) if token else whole
    if not spans:
        return MISSING, f'"{term}"'
    shown = token or term
    where = f'"{shown}" found in line {line_number(text, spans[0])}'
    if not near:
        return FOUND, where
    for at in spans:
        if _near(_sentence_at(text, at), near):
            return FOUND, f'"{shown}" with {", ".join(near)} in line {line_number(text, at)}'
    return UNDECIDED, f"{where}, but no sentence with it names {', '.join(near)}"


_LIST_SPLIT = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s+&\s+)\s*", re.IGNORECASE)
_DETERMINER = re.compile(r"^(?:the|a|an|our|your|its|their|some|any|more|about)\s+", re.IGNORECASE)


def _names_a_kind(chunk: str) -> bool:
    """Whether a piece of a list opens with the name of a kind of content ('the price', 'call to action')."""
    from rubric_core.checks.kinds import CATEGORY_PATTERNS, UNCHECKABLE

    while _DETERMINER.match(chunk):
        chunk = _DETERMINER.sub("", chunk, count=1)
    words = re.findall(r"[\w'-]+", chunk.lower())[:3]
    if words and words[0] in UNCHECKABLE:
        return not re.match(r"^[\w' -]+:", chunk)  # "Price: $49" is a label with its value
    return any(" ".join(words[:n]) in CATEGORY_PATTERNS for n in (3, 2, 1)) and not re.match(r"^[\w' -]+:", chunk)


def lists_kinds(sentence: str) -> bool:
    """Whether a sentence lists the names of kinds of content ('... the $49 and call to action and the price and
    the product name'): it names what a draft should hold instead of holding it, so an instance in it proves
    nothing. Two kind names side by side, joined by 'and', 'or' or a comma, make a list."""
    chunks = _LIST_SPLIT.split(sentence)
    return any(_names_a_kind(a) and _names_a_kind(b) for a, b in itertools.pairwise(chunks))


def _pattern_state(
    text: str, name: str, position: str, near: list[str], quality: str, count: list[Any] | None
) -> tuple[str, str]:
    pattern = PATTERNS[name]
    region = text if name in ("greeting", "sign_off") else _region(text, position)
    hits: list[Found] = find_all(name, region)
    listed = [h for h in hits if lists_kinds(h.sentence or region)]
    weak = [h for h in hits if h.weak and h not in listed]
    hits = [h for h in hits if h not in listed and not h.weak]
    if weak and not hits:
        return UNDECIDED, (
            f'{pattern.label} "{_short(weak[0].text)}" is offered only on a condition: whether it is the one the '
            "criterion asks for no check confirms"
        )
    if listed and not hits:
        return UNDECIDED, (
            f'{pattern.label} "{_short(listed[0].text)}" stands in a sentence that lists kinds of content '
            f'("{_short(listed[0].sentence or region, 80)}"): it names what a draft should hold, not the thing'
        )
    if (name == "greeting" and position == "end") or (name == "sign_off" and position == "start"):
        hits = []
    low, high, soft = [*count, None, None, False][:3] if count else (pattern.minimum, None, False)
    low = pattern.minimum if low is None and high is None else (low or 0)
    where = f" in the {'first' if position == 'start' else 'last'} sentence" if position != "any" else ""
    described = f"{pattern.label} ({pattern.looks_for}){where}"
    if near:
        matching = [h for h in hits if _near(h.sentence or text, near)]
        if hits and not matching:
            return UNDECIDED, (
                f'{pattern.label} found in line {hits[0].line}: "{_short(hits[0].text)}", but not in a sentence '
                f"that names {', '.join(near)}"
            )
        hits = matching
    n = len(hits)
    seen = f'{pattern.label} found in line {hits[0].line}: "{_short(hits[0].text)}"' if hits else ""
    if n < low:
        if n and low > pattern.minimum:
            return MISSING, f"{n} {pattern.label} found, at least {low} needed"
        return MISSING, described
    if high is not None and n > high:
        if soft:
            return UNDECIDED, f"{n} {pattern.label} found where {high} were asked for"
        return MISSING, f"{n} {pattern.label} found, at most {high} allowed"
    if quality:
        return UNDECIDED, f'{seen}; whether it is "{quality}" no check confirms'
    if high is not None and not pattern.complete and not (soft and n == high):
        return UNDECIDED, f"{n} {pattern.label} found; the finder may miss some, so 'at most' is not confirmed"
    if n == 0:
        return FOUND, f"no {pattern.label}, as allowed"
    return FOUND, seen if count is None else f"{n} {pattern.label} found"


def check_contains(
    text: str,
    *,
    terms: list[str],
    mode: str = "all",
    literal: list[bool] | None = None,
    patterns: list[str] | None = None,
    position: str = "any",
    tokens: dict[str, str] | None = None,
    near: dict[str, list[str]] | None = None,
    quality: dict[str, str] | None = None,
    counts: dict[str, list[Any]] | None = None,
    unjudged: list[str] | None = None,
) -> CheckResult:
    """The text names every (or any) term, and holds an instance of every (or any) pattern."""
    literal = literal or [False] * len(terms)
    near = near or {}
    counts = counts or {}
    if position not in ("any", "start", "end"):
        text, position = _region(text, position), "any"
    states: list[tuple[str, str]] = []
    for term, exact in zip(terms, literal, strict=False):
        states.append(
            _term_state(text, term, exact, position, near.get(term, []), (tokens or {}).get(term, ""), counts.get(term))
        )
    for name in patterns or []:
        states.append(
            _pattern_state(text, name, position, near.get(name, []), (quality or {}).get(name, ""), counts.get(name))
        )
    states += [(UNDECIDED, f"cannot judge {reason}") for reason in unjudged or []]
    found = [d for s, d in states if s == FOUND]
    missing = [d for s, d in states if s == MISSING]
    undecided = [d for s, d in states if s == UNDECIDED]
    detail = "; ".join(found + undecided) or "none found" + (
        {"start": " at the start", "end": " at the end"}.get(position, "")
    )
    if mode == "any":
        if found:
            return CheckResult(True, "; ".join(found))
        if undecided:
            return CheckResult(False, detail, "; ".join(undecided), undecided=True)
        return CheckResult(False, detail, f"Has none of {', '.join(missing)}; include at least one.")
    if missing:
        return CheckResult(False, detail, f"No {', '.join(missing)}; include {'it' if len(missing) == 1 else 'them'}.")
    if undecided:
        return CheckResult(False, detail, "; ".join(undecided), undecided=True)
    return CheckResult(True, detail)


def check_not_contains(
    text: str,
    *,
    terms: list[str],
    literal: list[bool] | None = None,
    patterns: list[str] | None = None,
    related: list[str] | None = None,
    open_terms: list[str] | None = None,
    near: dict[str, list[str]] | None = None,
    quality: dict[str, str] | None = None,
    unjudged: list[str] | None = None,
) -> CheckResult:
    """The text holds none of the words, letters, tokens or pattern instances; `related` words count as the
    concept they belong to ("Does not mention dogs" fails on "puppy"). It is n/a when the text may still hold
    one: a pattern's net finds something, or a concept in `open_terms` may be named in other words."""
    literal = literal or [False] * len(terms)
    hits: list[str] = []
    doubts: list[str] = []
    for term, exact in zip(terms, literal, strict=False):
        if len(term) == 1 and term.isalpha() and not exact:
            offenders = [w for w in words_of(text) if term.lower() in w.lower()]
            if term.lower() in text.lower():
                hits.append(f'letter "{term}" in {_quoted(sorted(set(offenders))[:8]) or "the text"}')
            continue
        at = literal_at(text, term) if exact else term_at(text, term)
        if at is not None:
            hits.append(f'"{term}" in line {line_number(text, at)}')
    for word in related or []:
        at = term_at(text, word)
        if at is not None and not any(f'"{word}"' in h for h in hits):
            hits.append(f'"{word}" in line {line_number(text, at)}')
    for name in patterns or []:
        pattern = PATTERNS[name]
        found = find_all(name, text)
        if found and all(f.weak for f in found):
            doubts.append(f'{pattern.label} in line {found[0].line}: "{_short(found[0].text)}" may be one')
            continue
        found = [f for f in found if not f.weak]
        narrowed = (near or {}).get(name)
        if found and (narrowed or (quality or {}).get(name)):
            # "No launch dates", "No rhetorical questions": an instance that is one breaks it; any other may be.
            named = [f for f in found if narrowed and _near(f.sentence or text, narrowed)]
            if named and not (quality or {}).get(name):
                hits.append(f'{pattern.label} in line {named[0].line}: "{_short(named[0].text)}"')
            else:
                doubts.append(f'{pattern.label} in line {found[0].line}: "{_short(found[0].text)}" may be one')
            continue
        if len(found) >= pattern.minimum:
            hits.append(f'{pattern.label} in line {found[0].line}: "{_short(found[0].text)}"')
            continue
        net = maybe(name, text)
        if net:
            doubts.append(
                f'"{_short(net[0].text, 30)}" in line {net[0].line} may be a {pattern.label.split(" pattern")[0]}'
            )
        elif not pattern.complete and pattern.net is None:
            doubts.append(f"the {pattern.label} finder sees some, never all, so none found proves nothing")
    if not hits:
        for term in open_terms or []:
            doubts.append(f'"{term}" may be named in other words')
    doubts += [f"cannot judge {reason}" for reason in unjudged or []]
    looked = (
        _quoted(terms) + (", " if terms and patterns else "") + ", ".join(PATTERNS[n].label for n in patterns or [])
    )
    if hits:
        return CheckResult(False, "found " + "; ".join(hits), "Remove " + "; ".join(hits) + ".")
    if doubts:
        return CheckResult(False, f"none of {looked} found; " + "; ".join(doubts), "; ".join(doubts), undecided=True)
    return CheckResult(True, f"none of {looked} found")


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{i}"' for i in items)
