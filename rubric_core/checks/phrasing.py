"""Criterion phrasings the offline grader (and the offline writer) understand.

`interpret` maps one rubric criterion to a deterministic check; `evaluate`
runs it against a draft. A criterion no phrasing matches gets `None`: the
offline grader then marks it failed, because it cannot judge it. The phrasings
are documented with examples in docs/CRITERIA.md; keep the two in step.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from rubric_core.checks.bare_nouns import as_had
from rubric_core.checks.evaluation import _TEXT_CHECKS, evaluate
from rubric_core.checks.json_keys import json_key_plan
from rubric_core.checks.kinds import QUALIFIERS, UNCHECKABLE
from rubric_core.checks.layout_facts import asks_layout
from rubric_core.checks.lists import list_plan
from rubric_core.checks.mention_plans import (
    absence_plan,
    act_plan,
    counted_plan,
    mention_plan,
    negative_mention,
    positive_mention,
)
from rubric_core.checks.named_tokens import token_plan
from rubric_core.checks.objects import parse_ask, without_whole_subject
from rubric_core.checks.parts import part_plan
from rubric_core.checks.quantities import count_only, quantity
from rubric_core.checks.scopes import scoped, split_scope
from rubric_core.checks.spec import (
    LEAD_FILLER,
    NO_PHRASING,
    TAIL_FILLER,
    CheckPlan,
    CheckSpec,
    Draft,
    only,
    plain_lead,
)
from rubric_core.checks.sql import sql_plan
from rubric_core.checks.terms import split_terms
from rubric_core.rubric import Criterion

__all__ = [
    "NO_PHRASING",
    "CheckPlan",
    "CheckSpec",
    "Draft",
    "contradictions",
    "evaluate",
    "grading_plan",
    "interpret",
    "plan",
]


def interpret(criterion: Criterion) -> CheckSpec | None:
    """The check a criterion asks for, or None when the offline grader cannot judge it."""
    return plan(criterion).spec


def plan(criterion: Criterion) -> CheckPlan:
    """The check a criterion asks for, or the reason none covers all of it (and, when it names a token the text
    must hold, a check that fails a draft without it: named_tokens.py)."""
    part = split_scope(criterion.text)
    if part is not None:
        inner = _plan(Criterion(part[1], criterion.line, criterion.attachment))
        if inner.spec is not None and inner.spec.check in _TEXT_CHECKS:
            return scoped(inner, part[0])
    planned = _plan(criterion)
    if planned.spec is None:
        bare = as_had(criterion, _plan)  # "Numbered list": the text has one
        if bare is not None:
            return bare
    if planned.spec is None and planned.reason == NO_PHRASING:
        return (
            token_plan(criterion.text, "no check of the offline grader reads what the criterion asks of it") or planned
        )
    return planned


def grading_plan(criterion: Criterion) -> CheckPlan:
    """`plan`, as the offline grader grades with it: the check carries its criterion, so that when it decides nothing
    the evidence for the criterion's object may (evaluate); a criterion no check reads gets that evidence alone
    ("evidence": n/a with the reason unless it decides). The writer and the preview read `plan`."""
    if asks_layout(criterion.text):
        return CheckPlan(CheckSpec("layout", {"criterion": criterion.text}, criterion=criterion.text))
    planned = plan(criterion)
    if planned.spec is None and without_whole_subject(criterion.text) != criterion.text:
        planned = plan(replace(criterion, text=without_whole_subject(criterion.text)))  # "The poem has ..."
    if planned.spec is not None:
        return CheckPlan(replace(planned.spec, criterion=criterion.text), planned.reason)
    ask = parse_ask(criterion.text)
    if ask is None:
        return planned
    params = {"verb": ask.verb, "frame": ask.frame, "obj": ask.obj, "tokens": list(ask.tokens)}
    params |= {"words": list(ask.words), "reason": planned.reason}
    return CheckPlan(CheckSpec("evidence", params, criterion=criterion.text))


def _plan(criterion: Criterion) -> CheckPlan:
    text = criterion.text.strip()
    low = text.lower()
    attachment = criterion.attachment

    if "syllable" in low:
        m = re.search(r"\b(\d+(?:\s*[-–/]\s*\d+)+)\b", low)
        if m:
            return CheckPlan(
                CheckSpec("syllables_per_line", {"pattern": [int(x) for x in re.split(r"\s*[-–/]\s*", m.group(1))]})
            )
    if re.search(r"\bpass(?:es)?\s+(?:[\w-]+\s+){0,3}tests?\b|\btests?\s+(?:[\w-]+\s+){0,2}pass", low) and attachment:
        return CheckPlan(CheckSpec("python_tests", {"tests": attachment}))
    m = re.search(
        r"\b(?:defines?|contains?|includes?|has|implements?|writes?) (?:a |the |one |at least one )?(?:python )?"
        r"function\b(?:\s+(?:called |named )?`?([A-Za-z_]\w*)`?(?:\s*\([^)]*\))?)?",
        text,
        re.IGNORECASE,
    )
    if m:
        name = m.group(1)
        end = m.end()
        if name and name.lower() in _NOT_NAMES:
            name, end = None, m.start(1)
        rest = text[: m.start()] + " " + text[end:]
        if not only(rest, LEAD_FILLER | TAIL_FILLER):
            # "Defines a function that reverses a string": what it does is not what the check sees.
            return CheckPlan(None, "it asks what the function does; the offline grader only sees that one is defined")
        return CheckPlan(CheckSpec("python_defines", {"name": name}))
    m = re.search(
        r"\b(?:defines?|contains?|includes?|has|implements?|writes?|creates?) (?:a |the |one |at least one )?(?:python )?"
        r"class\b(?:\s+(?:called |named )?`?([A-Za-z_]\w*)`?)?",
        text,
        re.IGNORECASE,
    )
    if m:
        name = m.group(1)
        end = m.end()
        if name and name.lower() in _NOT_NAMES:
            name, end = None, m.start(1)
        if not only(text[: m.start()] + " " + text[end:], LEAD_FILLER | TAIL_FILLER):
            return CheckPlan(None, "it asks what the class does; the offline grader only sees that one is defined")
        return CheckPlan(CheckSpec("python_class", {"name": name}))
    if re.fullmatch(
        r"(?:(?:the |its |it )?(?:code|answer|program|script|snippet|function) )?(?:is |must be |should be )?"
        r"(?:(?:valid|syntactically valid|parseable) python(?: code)?|(?:parses|compiles)(?: as python)?"
        r"(?: without (?:a |any )?(?:syntax )?errors?)?|has no syntax errors?)\.?",
        low,
    ):
        return CheckPlan(CheckSpec("python_syntax", {}))
    if re.fullmatch(r"(?:the code |it )?(?:uses|has|includes|adds) (?:python )?type (?:hints|annotations)\.?", low):
        return CheckPlan(CheckSpec("python_type_hints", {}))
    if re.fullmatch(r"(?:the code |it )?(?:includes|has|adds|contains|comes with) (?:unit |python )?tests\.?", low):
        return CheckPlan(CheckSpec("python_has_tests", {}))
    if re.search(r"\bdocstrings?\b", low) and re.search(r"\b(?:has|have|includes?|contains?|with|gives?)\b", low):
        # "Includes a docstring", "Every function has a docstring": read in the code (ast), not as a word to
        # find in the text (a docstring does not say "docstring").
        if not re.search(r"\b(?:no|without|never|not)\b", low):
            extra = set(re.findall(r"[a-z]+", low)) & QUALIFIERS
            if extra:
                return CheckPlan(
                    None, f'"{sorted(extra)[0]}" asks for a quality of the docstrings no parse can confirm'
                )
            return CheckPlan(CheckSpec("python_docstrings", {}))
    m = re.fullmatch(
        r"(?:(?:it |the (?:output|answer|response) )?(?:is |returns |outputs )?)(?:a |an )?(?:valid )?json (object|array|list)\.?",
        low,
    )
    if m:
        kind = "array" if m.group(1) in ("array", "list") else "object"
        return CheckPlan(CheckSpec("json_valid", {"schema": {"type": kind}}))
    if re.search(r"\bvalid json\b", low):
        schema = None
        if attachment:
            try:
                schema = json.loads(re.sub(r"^\s*```\w*\s*\n|\n\s*```\s*$", "", attachment))
            except json.JSONDecodeError:
                schema = None
        rest = low.replace("valid json", " ")
        if schema is None and not only(rest, LEAD_FILLER | TAIL_FILLER | {"output", "outputs", "returns", "only"}):
            return CheckPlan(
                None, "it asks for more than valid JSON; attach a JSON Schema below it to have that checked"
            )
        return CheckPlan(CheckSpec("json_valid", {"schema": schema}))
    m = re.search(
        r"(?:does not|doesn't|must not|never) match (?:the )?(?:regex|pattern|regular expression)\s*(?:/(.+)/|`(.+)`)",
        text,
        re.IGNORECASE,
    )
    if m:
        return CheckPlan(CheckSpec("regex", {"pattern": m.group(1) or m.group(2), "should_match": False}))
    m = re.search(
        r"(?:match(?:es)?|follows?) (?:the )?(?:regex|pattern|regular expression)\s*[:]?\s*(?:/(.+)/|`(.+)`)",
        text,
        re.IGNORECASE,
    )
    if m:
        return CheckPlan(CheckSpec("regex", {"pattern": m.group(1) or m.group(2)}))
    m = re.search(r"\b(?:sections?|headings?)\b[^:]*:\s*(.+)$", text, re.IGNORECASE)
    if m and re.search(r"\b(?:has|have|includes?|contains?|with|required)\b", low):
        names, _ = split_terms(m.group(1))
        names = [n.strip("\"'`“”‘’").strip() for n in names]
        if names:
            return CheckPlan(CheckSpec("markdown_sections", {"sections": names}))
    m = re.search(r"\b(?:an?|the) [\"'“`]([^\"'”`]+)[\"'”`] (?:section|heading)", text) or re.search(
        r"\b(?:an?|the) ((?:[A-Z][\w-]*|&)(?: (?:[A-Z][\w-]*|&|and|of))*) (?:section|heading)\b", text
    )
    m = m or re.search(r"\b(?:section|heading) (?:called|named|titled|headed) [\"'“`]?([^\"'”`]+?)[\"'”`]?\.?$", text)
    many = re.search(r"\b(?:sections|headings) (?:for|called|named|titled) ((?:[A-Z][\w-]*|and|&|,|\s)+)\.?$", text)
    if many and plain_lead(re.sub(r"\b(?:includes?|has|have|with|contains?)\b", "", text[: many.start()].lower())):
        names = [n.strip() for n in split_terms(many.group(1))[0]]
        if names and all(n[:1].isupper() for n in names):
            return CheckPlan(CheckSpec("markdown_sections", {"sections": names}))
    if m and m.group(1).lower() in ("markdown", "md", "level-2", "level-1", "h1", "h2", "h3"):
        m = None  # "Has a Markdown heading": any heading (the heading pattern), not one called "Markdown"
    if m and plain_lead(text[: m.start()].lower().replace("includes", "").replace("has", "").replace("with", "")):
        return CheckPlan(CheckSpec("markdown_sections", {"sections": [m.group(1)]}))
    q = quantity(low, "sensory detail")
    if q:
        lo, hi, span = q
        # The bundled word list finds some sensory details, never all: only a lower bound can be confirmed
        # ("Contains two sensory details" reads as at least two; "exactly two", "at most two" are not judged).
        exact = hi is not None and (lo != hi or "exactly" in low)
        if lo is None or exact:
            return CheckPlan(None, "the sensory word list finds some details, never all, so only 'at least' is judged")
        if not count_only(low, span):
            return CheckPlan(None, "it asks for a count and more")
        return CheckPlan(CheckSpec("sensory_details", {"min": lo}))
    m = re.search(
        r"\b(?:without|never uses?|avoids?|free of|no|(?:does not|doesn't|must not|never) (?:contain|use|include|mention)s?)"
        r" (?:the |any )?letters? [\"'`“‘]?([a-z])[\"'`”’]?(?:\W|$)",
        low,
    )
    if m:
        return CheckPlan(CheckSpec("not_contains", {"terms": [m.group(1)], "literal": [False]}))
    m = re.fullmatch(r"(?:the code )?imports? (?:the )?`?([a-z_][\w.]*)`?(?: module| package| library)?\.?", low)
    if m:
        name = re.escape(m.group(1))
        pattern = rf"(?m)^\s*(?:import\s+(?:[\w.]+\s*,\s*)*{name}\b|from\s+{name}(?:\.\w+)*\s+import\b)"
        return CheckPlan(CheckSpec("regex", {"pattern": pattern}))
    queried = sql_plan(text) or json_key_plan(text) or part_plan(text)
    if queried is not None:
        return queried
    acting = act_plan(text)
    if acting is not None:
        return acting
    negative = negative_mention(text)
    if negative is not None:
        return absence_plan(negative, text)
    for unit, check in (
        ("line", "line_count"),
        ("sentence", "sentence_count"),
        ("word", "word_count"),
        ("paragraph", "paragraph_count"),
        ("character", "character_count"),
        ("stanza", "paragraph_count"),
    ):
        q = quantity(low, unit)
        if q:
            lo, hi, span = q
            if not count_only(low, span):
                # a count and more ("every single sentence", "each of the three lines rhymes")
                return CheckPlan(None, "it asks for a count and more; the offline grader checks the count only alone")
            return CheckPlan(CheckSpec(check, {"min": lo, "max": hi}))
    listed = list_plan(text)
    if listed is not None:
        return listed
    counted = counted_plan(text)
    if counted is not None:
        return counted
    positive = positive_mention(text)
    if positive is not None:
        return mention_plan(*positive, text)
    m = re.search(
        r"\b(?:is |are |it's |its )?(?:about|on the (?:theme|topic|subject) of|themed (?:on|around)|talks about|"
        r"focus(?:es)? on|is focused on|centers on|centres on|deals with) ([a-z][a-z -]{1,30}?)\.?$",
        low,
    )
    if m and plain_lead(low[: m.start()]):
        topic = m.group(1).strip()
        words = set(topic.split())
        if words & {"or", "and", "not", "nor", "either"}:
            return CheckPlan(None, f'"{topic}" names more than one subject (or one to leave out)')
        if words & (QUALIFIERS | UNCHECKABLE):
            return CheckPlan(None, f'"{topic}" is not a subject the topic word lists describe')
        return CheckPlan(CheckSpec("topic", {"topic": topic}))
    return CheckPlan(None, NO_PHRASING)


_NOT_NAMES = frozenset("that which to for with in and or who whose of as is".split())


def contradictions(specs: list[tuple[Criterion, CheckSpec | None]]) -> list[str]:
    """Pairs of criteria no draft can meet together (e.g. exactly 3 lines and exactly 5 lines)."""
    found = []
    ranged = [
        (c, s) for c, s in specs if s and s.check in ("line_count", "sentence_count", "word_count", "paragraph_count")
    ]
    for i, (c1, s1) in enumerate(ranged):
        for c2, s2 in ranged[i + 1 :]:
            if s1.check != s2.check:
                continue
            lo = max(x for x in (s1.params["min"], s2.params["min"], 0) if x is not None)
            his = [x for x in (s1.params["max"], s2.params["max"]) if x is not None]
            if his and lo > min(his):
                found.append(f'"{c1.text}" contradicts "{c2.text}"')
    return found
