"""Criterion phrasings the offline grader (and the offline writer) understand.

`interpret` maps one rubric criterion to a deterministic check; `evaluate`
runs it against a draft. A criterion no phrasing matches gets `None`: the
offline grader then marks it failed, because it cannot judge it. The phrasings
are documented with examples in docs/CRITERIA.md; keep the two in step.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rubric_core.checks import lexicons
from rubric_core.checks import text as t
from rubric_core.checks.mentions import classify, split_terms
from rubric_core.checks.patterns import QUALIFIERS, UNCHECKABLE
from rubric_core.checks.sandbox import run_python_tests
from rubric_core.rubric import Criterion

_NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "single": 1,
    "a single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "fifty": 50,
    "hundred": 100,
    "a hundred": 100,
    "one hundred": 100,
}
_NUM = r"(\d+|a single|a hundred|one hundred|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")"


def _num(word: str) -> int:
    word = word.lower().strip()
    return int(word) if word.isdigit() else _NUMBER_WORDS[word]


@dataclass(frozen=True)
class CheckSpec:
    """A criterion turned into a check: which check and its parameters."""

    check: str
    """A name from `CHECKS`."""

    params: dict[str, Any] = field(default_factory=dict)
    """Keyword arguments of the check function."""

    def describe(self) -> str:
        """Short human text, e.g. `line_count(min=3, max=3)`."""
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items() if k not in ("tests", "schema"))
        return f"{self.check}({args})"


@dataclass(frozen=True)
class Draft:
    """What a check looks at: the agent's last answer and the files it wrote."""

    text: str
    """The last assistant message without tool calls."""

    files: dict[str, str] = field(default_factory=dict)
    """Path to content of files the agent wrote (from its tool calls or state)."""

    def code(self) -> str:
        """The agent's Python code: the last .py file written, else the last fenced Python block."""
        py = [content for path, content in self.files.items() if path.endswith(".py")]
        if py:
            return py[-1]
        blocks = re.findall(r"```(?:python|py)?\s*\n(.*?)```", self.text, re.DOTALL)
        return blocks[-1] if blocks else self.text


def _quantity(text: str, unit: str) -> tuple[int | None, int | None, tuple[int, int]] | None:
    """(min, max, span of the words read) of a count of `unit` in `text`, or None."""
    u = rf"{unit}s?\b"
    low = text.lower()
    patterns: list[tuple[str, Any]] = [
        (rf"\bbetween {_NUM} and {_NUM} {u}", lambda a, b: (_num(a), _num(b))),
        (rf"\b{_NUM}\s*(?:to|-|–|or)\s*{_NUM} {u}", lambda a, b: (_num(a), _num(b))),
        (
            rf"\b(?:at least|no fewer than|not fewer than|no shorter than|minimum of|a minimum of) {_NUM} {u}",
            lambda a: (_num(a), None),
        ),
        (rf"\b{_NUM} or more {u}", lambda a: (_num(a), None)),
        (rf"\b{_NUM} {u} or (?:more|longer)\b", lambda a: (_num(a), None)),
        (
            rf"\b(?:at most|no more than|not more than|no longer than|up to|maximum of|a maximum of) {_NUM} {u}",
            lambda a: (None, _num(a)),
        ),
        (rf"\b{_NUM} {u} or (?:fewer|less|shorter)\b", lambda a: (None, _num(a))),
        (rf"\b(?:fewer than|less than|under) {_NUM} {u}", lambda a: (None, _num(a) - 1)),
        (rf"\b(?:more than|over) {_NUM} {u}", lambda a: (_num(a) + 1, None)),
        (rf"\b(?:exactly )?{_NUM}[- ]{u}", lambda a: (_num(a), _num(a))),
    ]
    for pattern, build in patterns:
        m = re.search(pattern, low)
        if m:
            return (*build(*m.groups()), m.span())
    return None


_COUNT_FILLER = frozenset(
    "has have is are be it its it's the a an in of with exactly only just total long length written "
    "consists made up keep keeps should must contains contain uses use text answer response reply output draft "
    "summary".split()
)
"""Words that may stand around a count without asking for anything more ("Has exactly three lines",
"A one-sentence summary", "Is three lines long"). Any other word ("every single sentence", "each of the
three lines rhymes", "three lines about spring") asks for something the count check does not measure,
so the criterion is not judged at all rather than judged by its count alone."""


def _only(text: str, allowed: frozenset[str]) -> bool:
    """Whether every word of `text` is one of `allowed` (so it asks for nothing more)."""
    return all(word in allowed for word in re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower()))


def _count_only(low: str, span: tuple[int, int]) -> bool:
    """Whether the criterion asks for nothing but the count read at `span`."""
    return _only(low[: span[0]] + " " + low[span[1] :], _COUNT_FILLER)


_LEAD_FILLER = frozenset(
    "it it's its the a an is are be must should also explicitly clearly text answer response reply output draft "
    "summary email message post announcement poem story essay letter note".split()
)
_TAIL_FILLER = frozenset("somewhere anywhere in it the text answer response draft output at least once".split())


def _plain_lead(lead: str) -> bool:
    """Whether the words before a "mentions ..." or "is about ..." phrasing add nothing the check ignores:
    "Every line mentions the sea" or "Is a funny poem about cats" ask for more than the whole text naming
    the sea or being about cats, so they are not judged."""
    return _only(lead, _LEAD_FILLER)


@dataclass(frozen=True)
class CheckPlan:
    """How the offline grader will judge a criterion: a check, or why it cannot (n/a)."""

    spec: CheckSpec | None
    reason: str = ""
    """Why no check covers the criterion (when `spec` is None)."""


NO_PHRASING = "no check of the offline grader matches its wording"


def interpret(criterion: Criterion) -> CheckSpec | None:
    """The check a criterion asks for, or None when the offline grader cannot judge it."""
    return plan(criterion).spec


def plan(criterion: Criterion) -> CheckPlan:
    """The check a criterion asks for, or the reason none covers all of it."""
    text = criterion.text.strip()
    low = text.lower()
    attachment = criterion.attachment

    if "syllable" in low:
        m = re.search(r"\b(\d+(?:\s*[-–/]\s*\d+)+)\b", low)
        if m:
            return CheckPlan(
                CheckSpec("syllables_per_line", {"pattern": [int(x) for x in re.split(r"\s*[-–/]\s*", m.group(1))]})
            )
    if (
        re.search(r"\bpass(?:es)? (?:the |these |all (?:the )?|all of the )?(?:unit )?tests\b|\btests? pass", low)
        and attachment
    ):
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
        if not _only(rest, _LEAD_FILLER | _TAIL_FILLER):
            # "Defines a function that reverses a string": what it does is not what the check sees.
            return CheckPlan(None, "it asks what the function does; the offline grader only sees that one is defined")
        return CheckPlan(CheckSpec("python_defines", {"name": name}))
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
    if re.search(r"\bvalid json\b", low):
        schema = None
        if attachment:
            try:
                schema = json.loads(attachment)
            except json.JSONDecodeError:
                schema = None
        rest = low.replace("valid json", " ")
        if schema is None and not _only(rest, _LEAD_FILLER | _TAIL_FILLER | {"output", "outputs", "returns", "only"}):
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
    m = re.search(r"\b(?:an?|the) [\"'“`]([^\"'”`]+)[\"'”`] (?:section|heading)", text)
    if m:
        return CheckPlan(CheckSpec("markdown_sections", {"sections": [m.group(1)]}))
    q = _quantity(low, "sensory detail")
    if q:
        lo, hi, span = q
        # The bundled word list finds some sensory details, never all: only a lower bound can be confirmed
        # ("Contains two sensory details" reads as at least two; "exactly two", "at most two" are not judged).
        exact = hi is not None and (lo != hi or "exactly" in low)
        if lo is None or exact:
            return CheckPlan(None, "the sensory word list finds some details, never all, so only 'at least' is judged")
        if not _count_only(low, span):
            return CheckPlan(None, "it asks for a count and more")
        return CheckPlan(CheckSpec("sensory_details", {"min": lo}))
    m = re.search(
        r"\b(?:without|never uses?|avoids?|free of|no|(?:does not|doesn't|must not|never) (?:contain|use|include|mention)s?)"
        r" (?:the |any )?letters? [\"'`“‘]?([a-z])[\"'`”’]?(?:\W|$)",
        low,
    )
    if m:
        return CheckPlan(CheckSpec("not_contains", {"terms": [m.group(1)], "literal": [False]}))
    negative = _negative_mention(text)
    if negative is not None:
        return _absence_plan(negative, text)
    for unit, check in (("line", "line_count"), ("sentence", "sentence_count"), ("word", "word_count")):
        q = _quantity(low, unit)
        if q:
            lo, hi, span = q
            if not _count_only(low, span):
                # a count and more ("every single sentence", "each of the three lines rhymes")
                return CheckPlan(None, "it asks for a count and more; the offline grader checks the count only alone")
            return CheckPlan(CheckSpec(check, {"min": lo, "max": hi}))
    positive = _positive_mention(text)
    if positive is not None:
        return _mention_plan(*positive, text)
    m = re.search(
        r"\b(?:is |are |it's |its )?(?:about|on the (?:theme|topic) of|themed (?:on|around)) ([a-z][a-z -]{1,30}?)\.?$",
        low,
    )
    if m and _plain_lead(low[: m.start()]):
        topic = m.group(1).strip()
        words = set(topic.split())
        if words & (QUALIFIERS | UNCHECKABLE):
            return CheckPlan(None, f'"{topic}" is not a subject the topic word lists describe')
        return CheckPlan(CheckSpec("topic", {"topic": topic}))
    return CheckPlan(None, NO_PHRASING)


_MENTION_VERB = (
    r"(?:mentions?|contains?|includes?|uses?|names?|refers? to|features?|lists?|gives?|states?|provides?|has|have|"
    r"shows?|cites?|quotes?|adds?|ends? with|closes? with|finishes? with|concludes? with|starts? with|begins? with|"
    r"opens? with)"
)
_POSITION = {"end": r"(?:ends?|closes?|finishes?|concludes?) (?:with|on)", "start": r"(?:starts?|begins?|opens?) with"}


def _positive_mention(text: str) -> tuple[str, str, bool] | None:
    """(terms, position, explicit) of a "mentions X" criterion whose lead adds nothing, else None."""
    for position, verb in (*_POSITION.items(), ("any", _MENTION_VERB)):
        m = re.search(
            rf"(?:^|\b){verb}\s+(?P<explicit>(?:the |a |an )?(?:exact )?(?:words?|terms?|phrases?|letters?) |both )?(?P<terms>.+)$",
            text,
            re.IGNORECASE,
        )
        if m and _plain_lead(text[: m.start()].lower()):
            explicit = bool(m.group("explicit")) and "both" not in m.group("explicit").lower()
            return m.group("terms"), position, explicit
    return None


def _negative_mention(text: str) -> tuple[str, bool] | None:
    """(terms, explicit) of a criterion that asks the text to leave something out, else None."""
    patterns = (
        r"\b(?:does not|doesn't|do not|don't|must not|should not|shouldn't|never|cannot|can't) "
        r"(?:contain|use|include|mention|say|name|refer to|feature|list|have)s? ",
        r"\b(?:avoids?|free of|omits?|leaves? out|excludes?) ",
        r"^(?:(?:has|uses|contains|includes|with) )?(?:no|zero) (?!(?:longer|shorter|more|fewer|less|greater|later)\b)",
        r"^without ",
    )
    for pattern in patterns:
        m = re.search(
            pattern + r"(?P<explicit>(?:the |any )?(?:words?|terms?|phrases?) )?(?P<terms>.+)$", text, re.IGNORECASE
        )
        if m and _plain_lead(text[: m.start()].lower()):
            return m.group("terms"), bool(m.group("explicit"))
    return None


def _mention_plan(raw: str, position: str, explicit: bool, criterion: str) -> CheckPlan:
    parts, mode = split_terms(raw)
    if not parts:
        return CheckPlan(None, NO_PHRASING)
    terms: list[str] = []
    literal: list[bool] = []
    patterns: list[str] = []
    for part in parts:
        term = classify(part, criterion=criterion, explicit=explicit)
        if term.kind == "na":
            return CheckPlan(None, term.value)
        if term.kind == "pattern":
            if term.value not in patterns:
                patterns.append(term.value)
            continue
        if term.kind == "word" and len(term.value.split()) > 4:
            return CheckPlan(None, f'"{term.value}" reads as a description, not words the text must contain')
        terms.append(term.value)
        literal.append(term.kind == "literal")
    params: dict[str, Any] = {"terms": terms, "mode": mode, "literal": literal}
    if patterns:
        params["patterns"] = patterns
    if position != "any":
        params["position"] = position
    return CheckPlan(CheckSpec("contains", params))


def _absence_plan(negative: tuple[str, bool], criterion: str) -> CheckPlan:
    raw, explicit = negative
    parts, _ = split_terms(raw)
    terms: list[str] = []
    literal: list[bool] = []
    patterns: list[str] = []
    related: list[str] = []
    for part in parts:
        term = classify(part, criterion=criterion, explicit=explicit)
        if term.kind == "na":
            return CheckPlan(None, term.value)
        if term.kind == "pattern":
            patterns.append(term.value)
            # "Does not mention the price" fails on "the price is low" as well as on "$49".
            head = re.sub(r"^(?:the|a|an|any) ", "", part.strip().lower())
            if head not in ("numbers", "number", "digits", "digit", "figures", "figure", "question", "questions"):
                terms.append(head)
                literal.append(False)
            continue
        if term.kind == "word" and not explicit:
            words = lexicons.topic_words(term.value)
            if not words - {term.value.lower()}:
                # No word list for it: the word's absence does not show the text never mentions the thing.
                return CheckPlan(
                    None,
                    f'the absence of the word "{term.value}" does not show the text leaves it out; write '
                    f'"Does not use the word {term.value}" to have the word itself checked',
                )
            related.extend(sorted(words - {term.value.lower()}))
        terms.append(term.value)
        literal.append(term.kind == "literal")
    params: dict[str, Any] = {"terms": terms, "literal": literal}
    if patterns:
        params["patterns"] = patterns
    if related:
        params["related"] = related
    return CheckPlan(CheckSpec("not_contains", params))


_NOT_NAMES = frozenset("that which to for with in and or who whose of as is".split())


def _python_defines(code: str, *, name: str | None) -> t.CheckResult:
    """The code defines the function `name`, or any function when `name` is None (ast)."""
    import ast

    if name is None and not code.strip():
        return t.CheckResult(
            False, "no code", "No Python code found: write the code in a ```python block or a .py file."
        )
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        return t.CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    names = [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if name is None:
        if names:
            return t.CheckResult(True, f"defines {', '.join(f'{n}()' for n in names)}")
        return t.CheckResult(False, "functions: none", "The code defines no function: write one with def.")
    if name in names:
        return t.CheckResult(True, f"defines {name}()")
    return t.CheckResult(False, f"functions: {', '.join(names) or 'none'}", f"No function named {name}() is defined.")


def _python_docstrings(code: str) -> t.CheckResult:
    """Every function and class in the code has a docstring (and there is code)."""
    import ast

    if not code.strip():
        return t.CheckResult(
            False, "no code", "No Python code found: write the code in a ```python block or a .py file."
        )
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        return t.CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    if not defs:
        return t.CheckResult(False, "no function or class", "The code defines no function or class to document.")
    missing = [n.name for n in defs if ast.get_docstring(n) is None]
    if missing:
        names = ", ".join(f"{name}()" for name in missing)
        return t.CheckResult(False, f"{len(missing)} of {len(defs)} without", f"No docstring in {names}: add one.")
    return t.CheckResult(True, f"{len(defs)} of {len(defs)} documented")


def _python_tests(code: str, *, tests: str) -> t.CheckResult:
    run = run_python_tests(code, tests)
    if run.passed:
        return t.CheckResult(True, run.summary())
    return t.CheckResult(False, run.summary(), "Tests fail: " + run.summary())


_CODE_CHECKS: dict[str, Callable[..., t.CheckResult]] = {
    "python_tests": _python_tests,
    "python_defines": _python_defines,
    "python_docstrings": _python_docstrings,
}
_TEXT_CHECKS: dict[str, Callable[..., t.CheckResult]] = {
    "line_count": t.check_line_count,
    "syllables_per_line": t.check_syllables_per_line,
    "sentence_count": t.check_sentence_count,
    "word_count": t.check_word_count,
    "contains": t.check_contains,
    "not_contains": t.check_not_contains,
    "regex": t.check_regex,
    "json_valid": t.check_json,
    "markdown_sections": t.check_markdown_sections,
    "topic": t.check_topic,
    "sensory_details": t.check_sensory_details,
}


def evaluate(spec: CheckSpec, draft: Draft) -> t.CheckResult:
    """Run a check against a draft."""
    if spec.check in _CODE_CHECKS:
        return _CODE_CHECKS[spec.check](draft.code(), **spec.params)
    return _TEXT_CHECKS[spec.check](draft.text, **spec.params)


def contradictions(specs: list[tuple[Criterion, CheckSpec | None]]) -> list[str]:
    """Pairs of criteria no draft can meet together (e.g. exactly 3 lines and exactly 5 lines)."""
    found = []
    ranged = [(c, s) for c, s in specs if s and s.check in ("line_count", "sentence_count", "word_count")]
    for i, (c1, s1) in enumerate(ranged):
        for c2, s2 in ranged[i + 1 :]:
            if s1.check != s2.check:
                continue
            lo = max(x for x in (s1.params["min"], s2.params["min"], 0) if x is not None)
            his = [x for x in (s1.params["max"], s2.params["max"]) if x is not None]
            if his and lo > min(his):
                found.append(f'"{c1.text}" contradicts "{c2.text}"')
    return found
