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

from rubric_core.checks.found import lines_in_whole
from rubric_core.checks.framing import body_of
from rubric_core.checks.lists import labelled
from rubric_core.checks.matching import (
    ends_with,
    line_number,
    literal_at,
    sentence_at,
    starts_with,
    term_at,
    term_spans,
)
from rubric_core.checks.matching import (
    near as in_sentence,
)
from rubric_core.checks.normalise import derived, lemmas
from rubric_core.checks.paraphrase import MISSING, UNDECIDED, reworded, some_words, words_apart
from rubric_core.checks.patterns import PATTERNS, Found, find_all, maybe
from rubric_core.checks.text import WORD_RE, CheckResult, lines_of, paragraphs_of, sentences_of, words_of

__all__ = ["check_contains", "check_not_contains", "lists_kinds", "literal_at", "term_at"]

FOUND = "found"


def _region(text: str, position: str) -> str:
    """The part of the text a "starts with" / "ends with" pattern criterion looks at (its first or last sentence),
    or the one a scope names ("first sentence", "last line", "first paragraph")."""
    if position == "any":
        return text
    if position in ("start", "end"):
        position = ("first" if position == "start" else "last") + " sentence"
        text = body_of(text)  # "Ends with a question": the body's last sentence, before "Best, / Anna"
    first, unit = position.split()
    parts = {"sentence": sentences_of, "line": lines_of, "paragraph": paragraphs_of}[unit](text)
    if not parts:
        return ""
    return parts[0] if first == "first" else parts[-1]


_MARKS = {"semicolon": ";", "colon": ":", "comma": ",", "exclamation": "!", "period": ".", "ellipsis": "…", "dash": "—"}
"""Kinds that are one mark: "Ends with a semicolon" is the text's last mark, not one inside its last sentence."""


def _mark_state(text: str, name: str, position: str) -> tuple[str, str]:
    """Whether the text's body ends (or starts) with the mark `name` names."""
    label = PATTERNS[name].label
    body = body_of(text)
    if position == "start":
        first = body.lstrip("\"'`“”‘’*_([ \t\n")[:1]
        if first == _MARKS[name]:
            return FOUND, f"the text starts with {label}"
        return MISSING, f"{label} at the very start"
    end = body.rstrip("\"'`“”‘’*_)] \t\n")
    if name == "ellipsis":
        at_end = end.endswith(("...", "…"))
    elif name == "period":
        at_end = end.endswith(".") and not end.endswith("...")
    elif name == "dash":
        at_end = end.endswith(("—", "–", "--", " -"))
    else:
        at_end = end.endswith(_MARKS[name])
    mark = end[-1:] or "nothing"
    if at_end:
        return FOUND, f"the text ends with {label} ({mark!r})"
    return MISSING, f"{label} at the very end (it ends with {mark!r})"


_RANGE_ENDS = frozenset("start starting begin beginning opening end ending finish closing".split())


def _range_end(hit: Found, word: str) -> bool:
    """Whether the instance is the first (start) or the last (end) of a range in its sentence ("10:00–16:00")."""
    sentence, at = hit.sentence or "", re.escape(hit.text)
    if word in ("start", "starting", "begin", "beginning", "opening"):
        return bool(re.search(at + r"\s*(?:[–—-]|to|until|till)\s*\d", sentence))
    return bool(re.search(r"\d(?:\s*[ap]\.?m\.?)?\s*(?:[–—-]|to|until|till)\s*" + at, sentence))


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _counted_term(text: str, term: str, exact: bool, count: list[Any], spelled: bool) -> tuple[str, str]:
    low, high, soft = [*count, None, None, False][:3]
    n = len(term_spans(text, term, exact, spelled))
    seen = f'"{term}" {n} time{"s" if n != 1 else ""}'
    if n < (low or 0):
        return MISSING, f'"{term}" at least {low} times (found {n})'
    if high is not None and n > high:
        return (UNDECIDED, seen + f", {high} asked for") if soft else (MISSING, f'"{term}" at most {high} times ({n})')
    return FOUND, seen


def _term_state(
    text: str,
    term: str,
    exact: bool,
    position: str,
    beside: list[str],
    token: str = "",
    count: list[Any] | None = None,
    spelled: bool = False,
) -> tuple[str, str]:
    if position in ("start", "end"):
        at_edge = starts_with if position == "start" else ends_with
        if at_edge(text, term, exact, spelled) or (token and not beside and at_edge(text, token, True)):
            return FOUND, f'{"opens" if position == "start" else "closes"} with "{term}"'
        return MISSING, f'"{term}" {"first" if position == "start" else "last"}'
    if count is not None:
        return _counted_term(text, term, exact, count, spelled)
    whole = term_spans(text, term, exact, spelled)
    if whole and (token or not beside):
        return FOUND, f'"{term}" found in line {line_number(text, whole[0])}'
    spans = term_spans(text, token, True) if token else whole
    if not spans:
        apart = not exact and not spelled and words_apart(text, term)
        if apart:
            return UNDECIDED, f'the words of "{term}" stand apart in "{_short(apart, 80)}": maybe said in other words'
        some = [] if exact or spelled else some_words(text, term)
        if some:
            return UNDECIDED, f'"{term}" not found, but {", ".join(some)} is: it may be said in other words'
        return MISSING, f'"{term}"'
    shown = token or term
    where = f'"{shown}" found in line {line_number(text, spans[0])}'
    if not beside:
        return FOUND, where
    for at in spans:
        if in_sentence(sentence_at(text, at), beside):
            return FOUND, f'"{shown}" with {", ".join(beside)} in line {line_number(text, at)}'
    return UNDECIDED, f"{where}, but no sentence with it names {', '.join(beside)}"


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
    if name in _MARKS and position in ("start", "end") and not count:
        return _mark_state(text, name, position)
    region = text if name in ("greeting", "sign_off") else _region(text, position)
    hits: list[Found] = lines_in_whole(text, find_all(name, region), last=position in ("end", "last sentence"))
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
    if near and name in ("time", "date") and set(near) <= _RANGE_ENDS:
        # "the start time" of "10:00–16:00" is its first time, "the end time" its second
        ranged = [h for h in hits if _range_end(h, near[0])]
        if ranged:
            hits, near = ranged, []
    if near:
        matching = [h for h in hits if in_sentence(h.sentence or text, near)]
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
    spelled: list[str] | None = None,
    paraphrase: bool = False,
    labels: dict[str, str] | None = None,
    open_ended: list[str] | None = None,
) -> CheckResult:
    """The text names every (or any) term, and holds an instance of every (or any) pattern; `spelled` terms
    are matched as spelled ("Uses the word e-mail"), the others in any spelling of the same meaning. With
    `paraphrase` (the criterion says what the text says: "Says dogs are allowed", "Offers further help") a
    phrase not found may be said in other words: n/a, not ✘."""
    literal = literal or [False] * len(terms)
    near = near or {}
    counts = counts or {}
    if position not in ("any", "start", "end"):
        text, position = _region(text, position), "any"
    states: list[tuple[str, str]] = []
    for term, exact in zip(terms, literal, strict=False):
        token, count = (tokens or {}).get(term, ""), counts.get(term)
        state = _term_state(text, term, exact, position, near.get(term, []), token, count, term in (spelled or []))
        if state[0] == MISSING and term in (open_ended or []):
            state = (UNDECIDED, f'no "{term}" by that word; one may be there in other words')
        states.append(state)
    for name in patterns or []:
        states.append(
            _pattern_state(text, name, position, near.get(name, []), (quality or {}).get(name, ""), counts.get(name))
        )
    if paraphrase:
        states = [
            reworded(text, term, d) if s in (MISSING, UNDECIDED) and not exact else (s, d)
            for (s, d), term, exact in zip(
                states, [*terms, *(patterns or [])], [*literal, *([True] * len(patterns or []))], strict=False
            )
        ]
    for reason in unjudged or []:
        heading = labelled(text, (labels or {}).get(reason, ""))
        states.append((FOUND, f'a part headed "{heading}"') if heading else (UNDECIDED, f"cannot judge {reason}"))
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
    spelled: list[str] | None = None,
    excluded: bool = False,
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
        as_spelled = term in (spelled or [])
        at = literal_at(text, term, as_spelled) if exact else term_at(text, term, as_spelled)
        if at is None and as_spelled and term.isalpha():  # "the word 'apologize'" is used in "an apology"
            at = next(
                (
                    m.start()
                    for m in WORD_RE.finditer(text)
                    if derived(m.group(0), term) or term.lower() in lemmas(m.group(0))
                ),
                None,
            )  # "copied" is the word "copy" too
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
            named = [f for f in found if narrowed and in_sentence(f.sentence or text, narrowed)]
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
    if hits and excluded:
        # "Excludes consequential damages": a clause or a query names what it excludes.
        why = f"found {'; '.join(hits)}: it may be named to exclude it, which no check confirms"
        return CheckResult(False, why, why, undecided=True)
    if hits:
        return CheckResult(False, "found " + "; ".join(hits), "Remove " + "; ".join(hits) + ".")
    if doubts:
        return CheckResult(False, f"none of {looked} found; " + "; ".join(doubts), "; ".join(doubts), undecided=True)
    return CheckResult(True, f"none of {looked} found")


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{i}"' for i in items)
