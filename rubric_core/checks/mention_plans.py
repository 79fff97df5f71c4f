"""Criteria that ask the text to name something, or to leave it out, turned into a contains / not_contains check.

"Mentions X", "Includes a Y", "Ends with Z", "Apologizes for the delay", "Asks readers to sign up",
"At least two hashtags" become `contains`; "Does not mention X", "Avoids Y", "No Z" become
`not_contains`. Each named part is classified by mentions.py; a part no check covers is kept as
`unjudged`, so a draft that plainly misses another part still fails, and one that meets every
checkable part is n/a rather than a pass.
"""

from __future__ import annotations

import re
from typing import Any

from rubric_core.checks import lexicons
from rubric_core.checks.kinds import CONCEPT_VERBS, broad
from rubric_core.checks.mentions import Term, classify
from rubric_core.checks.spec import NO_PHRASING, CheckPlan, CheckSpec, plain_lead
from rubric_core.checks.terms import examples_of, split_terms

_MENTION_VERB = (
    r"(?:mentions?|contains?|includes?|uses?|names?|refers? to|references?|features?|lists?|gives?|states?|"
    r"specif(?:y|ies)|notes?|says?|provides?|has|have|shows?|cites?|quotes?|adds?|offers?|displays?)"
)
_OTHER_VERB = (
    r"(?:is|are|was|be|stays?|keeps?|ends?|starts?|begins?|opens?|closes?|avoids?|does|doesn't|do|don't|should|"
    r"must|can|will|follows?|reads?|sounds?|feels?|explains?|describes?|asks?|answers?|makes?|gives? the reader)\b"
)
_POSITION = {
    "end": r"(?:ends?|closes?|finishes?|concludes?|wraps? up) (?:with|on|by)",
    "start": r"(?:starts?|begins?|opens?|leads?) (?:with|on|by)",
}
_ADDRESSEE = r"(?:the )?(?:reader|readers|customer|customers|user|users|audience|recipient|visitors?|them|you|people|everyone|fans|subscribers|members|attendees)"
_GENERIC = frozenset(
    "the reader readers customer customers user users audience recipient visitor visitors them you people everyone "
    "fans subscribers members attendees".split()
)
_COUNTED = re.compile(
    r"^(?:(?:uses?|has|have|contains?|includes?|with|features?) )?(?P<terms>(?:at least|at most|no more than|"
    r"not more than|no fewer than|fewer than|less than|more than|up to|exactly|max(?:imum)?|min(?:imum)?|\d+|one|"
    r"two|three|four|five|six|seven|eight|nine|ten) .+)$",
    re.IGNORECASE,
)


_SAYS = re.compile(
    r"^\W*(?:it |the (?:text|draft|answer|reply) )?(?:says|states|offers|suggests|notes|explains|tells|promises)\b",
    re.IGNORECASE,
)
"""Verbs of what the text says: the words of the criterion may be said in other words."""

_FIRST_LAST = {"opening": "first", "closing": "last", "final": "last", "first": "first", "last": "last"}
_SCOPE_LEAD = re.compile(r"^\s*(?:the |its |your )?(first|last|opening|closing|final) (sentence|line|paragraph)\b")
_SCOPE_TAIL = re.compile(
    r"\s+(?:in|within|inside) (?:the |its |your )?(first|last|opening|closing|final) (sentence|line|paragraph)\.?$",
    re.IGNORECASE,
)
_EVERY_TAIL = re.compile(r"\s+(?:in|on) (?:every|each|all(?: the)?|any) \w+\.?$", re.IGNORECASE)


_NAMING_VERB = r"(?:documents?|exposes?|tests?|covers?|pins?|targets?|supports?|calls?)"
"""Verbs that name a token the text must hold ("Documents the HTTP method DELETE", "Exposes port 8000", "Imports
re", "Tests Python 3.12"): read as "mentions" only when what follows holds a token or a name."""
_TOKEN_LIKE = re.compile(r"[\d_/.$#@%]|\b[A-Z]{2,}\b|\s[A-Z][a-z]|^[a-z]+$")


def positive_mention(text: str) -> tuple[str, str, bool] | None:
    """(terms, position, explicit) of a "mentions X" criterion whose lead adds nothing, else None."""
    m = re.match(rf"^\s*{_NAMING_VERB}\s+(?P<terms>.+)$", text, re.IGNORECASE)
    if m and _TOKEN_LIKE.search(m.group("terms")) and len(m.group("terms").split()) <= 5:
        return m.group("terms"), "any", False
    for position, verb in (*_POSITION.items(), ("any", _MENTION_VERB)):
        m = re.search(
            rf"(?:^|\b){verb}\s+(?P<explicit>(?:the |a |an )?(?:exact )?(?:words?|terms?|phrases?|letters?) |both )?"
            r"(?P<terms>.+)$",
            text,
            re.IGNORECASE,
        )
        if not m:
            continue
        lead = text[: m.start()].lower()
        scope = _SCOPE_LEAD.match(lead)
        if position == "any" and scope and plain_lead(lead[scope.end() :]):
            explicit = bool(m.group("explicit")) and "both" not in m.group("explicit").lower()
            return m.group("terms"), f"{scope.group(1)} {scope.group(2)}", explicit
        if plain_lead(lead):
            explicit = bool(m.group("explicit")) and "both" not in m.group("explicit").lower()
            return m.group("terms"), position, explicit
    return None


def negative_mention(text: str) -> tuple[str, bool, str] | None:
    """(terms, explicit, verb) of a criterion that asks the text to leave something out, else None."""
    patterns = (
        r"\b(?:does not|doesn't|do not|don't|must not|mustn't|should not|shouldn't|never|cannot|can't|may not|will not|"
        r"won't) (?P<verb>contain|use|include|mention|say|name|refer to|reference|feature|list|have|discuss|"
        r"talk about|cite|add|give|state)s? ",
        r"\b(?P<verb>avoids?|free of|omits?|leaves? out|excludes?|skips?|steers? clear of|refrains? from using) ",
        r"^(?:(?:has|have|uses|use|contains|contain|includes|include|with|there (?:are|is)) )?(?P<verb>no|zero) "
        r"(?!(?:longer|shorter|more|fewer|less|greater|later|than)\b)",
        r"^(?P<verb>without) ",
        r"^(?:nothing about|not a single) ",
        r"^(?:(?:it )?(?P<verb>mention|include|contain|use|name|list|feature)s? )?neither ",
    )
    for pattern in patterns:
        m = re.search(
            pattern + r"(?P<explicit>(?:the |any )?(?:words?|terms?|phrases?) )?(?P<terms>.+)$", text, re.IGNORECASE
        )
        if m and plain_lead(text[: m.start()].lower()):
            verb = (m.groupdict().get("verb") or "mention").lower().split()[0]
            terms = re.sub(r"\s+nor\s+", " or ", m.group("terms"), flags=re.IGNORECASE)
            return terms, bool(m.group("explicit")), verb
    return None


def act_plan(text: str) -> CheckPlan | None:
    """Criteria named by what the text does rather than what it names: asks a question, asks the reader to act,
    apologizes, thanks; and the same left out ("Does not apologize", "Asks no questions")."""
    low = text.strip().rstrip(".").lower()
    negated = re.match(r"^(?:it )?(?:does not|doesn't|do not|don't|must not|should not|never|avoids?) ", low)
    body = low[negated.end() :] if negated else low
    body = re.sub(r"^(?:it |the (?:text|draft|answer|email|message|post) )?(?:must |should |also )?", "", body)
    m = re.fullmatch(
        rf"(?:asks?|poses?|raises?)(?: {_ADDRESSEE})?(?: (?:a|one|at least one|any|some))? (?:questions?|something)",
        body,
    )
    if m:
        return _pattern_plan("question", negated=bool(negated))
    m = re.fullmatch(
        rf"(?:asks?|invites?|encourages?|urges?|tells?|prompts?|calls? on) {_ADDRESSEE} to (?P<act>.+)", body
    )
    if m and not negated:
        return _pattern_plan("call_to_action", near=_content(m.group("act")))
    m = re.fullmatch(r"(?:apologi[sz]es?|says? sorry|expresses? regret)(?: (?:for|about) (?P<what>.+))?", body)
    if m:
        return _pattern_plan("apology", negated=bool(negated), near=_content(m.group("what") or ""))
    m = re.fullmatch(
        rf"(?:thanks?|thanks? {_ADDRESSEE}|thanks? (?P<who>[\w' -]+?)|expresses? (?:thanks|gratitude))(?: for (?P<what>.+))?",
        body,
    )
    if m:
        who = [w for w in _content(m.group("who") or "") if w not in _GENERIC]
        return _pattern_plan("thanks", negated=bool(negated), near=who + _content(m.group("what") or ""))
    return None


def _content(words: str) -> list[str]:
    stop = {"the", "a", "an", "of", "for", "to", "our", "your", "their", "its", "this", "that", "and", "or", "in", "on"}
    return [w for w in re.findall(r"[\w'-]+", words.lower()) if w not in stop]


def _pattern_plan(name: str, *, negated: bool = False, near: list[str] | None = None) -> CheckPlan:
    if negated:
        return CheckPlan(CheckSpec("not_contains", {"terms": [], "literal": [], "patterns": [name]}))
    params: dict[str, Any] = {"terms": [], "mode": "all", "literal": [], "patterns": [name]}
    if near:
        params["near"] = {name: near}
    return CheckPlan(CheckSpec("contains", params))


def counted_plan(text: str) -> CheckPlan | None:
    """A count of a kind with no verb or a plain one: "At least two hashtags", "No more than two exclamation marks"."""
    m = _COUNTED.match(text.strip())
    if not m:
        return None
    term = classify(m.group("terms"), criterion=text)
    if term.kind != "pattern" or term.count is None:
        return None
    return mention_plan(m.group("terms"), "any", False, text)


def mention_plan(raw: str, position: str, explicit: bool, criterion: str) -> CheckPlan:
    """The contains check of a "mentions X" criterion (n/a when no part of it can be checked)."""
    if _EVERY_TAIL.search(raw):
        return CheckPlan(None, "it asks about every part of the text; the check looks at the text as a whole")
    tail = _SCOPE_TAIL.search(raw)
    if tail:
        raw, position = raw[: tail.start()], f"{tail.group(1).lower()} {tail.group(2).lower()}"
    if position not in ("any", "start", "end"):
        first, unit = position.split()
        position = f"{_FIRST_LAST[first]} {unit}"
    parts, mode = split_terms(raw)
    if not parts:
        return CheckPlan(None, NO_PHRASING)
    terms: list[str] = []
    literal: list[bool] = []
    patterns: list[str] = []
    near: dict[str, list[str]] = {}
    quality: dict[str, str] = {}
    counts: dict[str, list[Any]] = {}
    tokens: dict[str, str] = {}
    unjudged: list[str] = []
    spelled: list[str] = []
    labels: dict[str, str] = {}
    open_ended: list[str] = []
    for part in parts:
        # "Mentions the price and includes a link": the second verb starts a second mention of the same kind;
        # any other verb ("... and is under 100 words") asks for something this check does not see.
        part = re.sub(rf"^{_MENTION_VERB}\s+", "", part, flags=re.IGNORECASE)
        if re.match(_OTHER_VERB, part, re.IGNORECASE):
            unjudged.append(f'"{part}" asks for more than what the text names')
            continue
        term = classify(part, criterion=criterion, explicit=explicit)
        if term.kind == "word" and len(term.value.split()) > 4:
            term = Term("na", f'"{term.value}" reads as a description, not words the text must contain')
        if term.kind == "na":
            unjudged.append(term.value)
            if term.label:
                labels[term.value] = term.label
            continue
        key = term.value
        if term.kind == "pattern":
            if key in patterns:
                continue
            patterns.append(key)
            if term.quality:
                quality[key] = term.quality
            if term.count is not None:
                counts[key] = list(term.count)
        else:
            terms.append(key)
            # "Contains the letter z": a letter anywhere, inside words too (not the one-letter word "z").
            letter = len(key) == 1 and key.isalpha() and re.search(r"\bletters?\b", criterion, re.IGNORECASE)
            literal.append(term.kind == "literal" and not letter)
            if term.token:
                tokens[key] = term.token
            if term.count is not None:
                counts[key] = list(term.count)
            if term.spelled:
                spelled.append(key)
            if term.open_ended:
                open_ended.append(key)
        if term.near:
            near[key] = list(term.near)
    if not terms and not patterns and (not labels or position != "any"):
        return CheckPlan(None, unjudged[0] if unjudged else NO_PHRASING)
    params: dict[str, Any] = {"terms": terms, "mode": mode, "literal": literal}
    if patterns:
        params["patterns"] = patterns
    if _SAYS.match(criterion):
        params["paraphrase"] = True
    if position != "any":
        params["position"] = position
    for name, value in (
        ("tokens", tokens),
        ("near", near),
        ("quality", quality),
        ("counts", counts),
        ("unjudged", unjudged),
        ("spelled", spelled),
        ("labels", labels),
        ("open_ended", open_ended),
    ):
        if value:
            params[name] = value
    return CheckPlan(CheckSpec("contains", params))


_CONCEPT_PATTERNS = frozenset({"price", "date", "time", "deadline", "statistic"})
"""Kinds whose own name is a mention too: "the price will follow" mentions the price."""


def absence_plan(negative: tuple[str, bool, str], criterion: str) -> CheckPlan:
    """The not_contains check of a "does not mention X" criterion (n/a when no part of it can be checked)."""
    raw, explicit, verb = negative
    concept = verb in CONCEPT_VERBS
    parts, _ = split_terms(raw)
    terms: list[str] = []
    literal: list[bool] = []
    patterns: list[str] = []
    related: list[str] = []
    open_terms: list[str] = []
    unjudged: list[str] = []
    near: dict[str, list[str]] = {}
    quality: dict[str, str] = {}
    spelled: list[str] = []
    expanded: list[str] = []
    for part in parts:
        kind, examples = examples_of(part)
        # "Avoids hype words like 'revolutionary'": each example is a word to leave out; the kind itself
        # ("hype words") is judged only if a check covers it.
        expanded += [kind, *examples]
    for part in expanded:
        term = classify(part, criterion=criterion, explicit=explicit)
        if term.kind == "na" or (term.kind == "pattern" and term.count):
            unjudged.append(term.value if term.kind == "na" else f'"{part}" (a count of a kind)')
            continue
        if term.kind == "pattern":
            patterns.append(term.value)
            if term.near:
                near[term.value] = list(term.near)
            if term.quality:
                quality[term.value] = term.quality
            if concept and term.value in _CONCEPT_PATTERNS and not term.near and not term.quality:
                terms.append(re.sub(r"^(?:the|a|an|any) ", "", part.strip().lower()))
                literal.append(False)
            continue
        if term.token:
            term = Term("literal", term.token)
        if term.kind == "word" and not explicit:
            others = lexicons.topic_words(term.value) - {term.value.lower()} if " " not in term.value else set()
            related.extend(sorted(others))
            if concept and (others or broad(term.value)) and not lexicons.closed_class(term.value):
                # A kind of thing: "Does not mention dogs" is broken by "my labrador" as much as by "dog". A thing
                # with no other usual wording ("plastic", "gluten") is left out when its word is; so is one of a
                # closed class whose members the lexicon lists ("nuts": almonds, pecans...).
                open_terms.append(term.value)
        terms.append(term.value)
        literal.append(term.kind == "literal")
        if term.spelled or explicit:
            spelled.append(term.value)
    if not terms and not patterns:
        return CheckPlan(None, unjudged[0] if unjudged else NO_PHRASING)
    params: dict[str, Any] = {"terms": terms, "literal": literal}
    if verb.startswith("exclud"):
        params["excluded"] = True
    for name, value in (
        ("patterns", patterns),
        ("related", related),
        ("open_terms", open_terms),
        ("near", near),
        ("quality", quality),
        ("unjudged", unjudged),
        ("spelled", spelled),
    ):
        if value:
            params[name] = value
    return CheckPlan(CheckSpec("not_contains", params))
