"""What the next draft must do: the task's own constraints plus what the grader's feedback says.

The middleware's revision message lists the failing criteria (with gaps) and
the ones already satisfied; the writer reads both with the same phrasings the
offline grader understands (`rubric_core.checks.phrasing.interpret`), so a fix
for one criterion never undoes another it was told to keep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rubric_core.checks.phrasing import CheckSpec, interpret
from rubric_core.models._task import Brief
from rubric_core.rubric import Criterion

Range = tuple[int | None, int | None]

FIXABLE = frozenset(
    {
        "line_count",
        "sentence_count",
        "word_count",
        "not_contains",
        "contains",
        "topic",
        "sensory_details",
        "markdown_sections",
        "json_valid",
        "syllables_per_line",
        "python_defines",
        "python_docstrings",  # the writer's functions always have one
    }
)
"""Checks the writer can write toward; any other failing criterion gets a visible rewording instead."""


@dataclass
class Wants:
    """Constraints on the next draft; None or empty means free."""

    lines: Range | None = None
    sentences: Range | None = None
    words: Range | None = None
    letters_out: set[str] = field(default_factory=set)
    words_out: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    sensory: int = 0
    sections: list[str] = field(default_factory=list)
    json: bool = False
    syllables: list[int] | None = None
    function: str = ""
    tests_failed: bool = False
    patterns: list[tuple[str, ...]] = field(default_factory=list)
    """Kinds of content to write (a price, a call to action, a question): each entry is met by any one of its
    kinds ("Includes a link or an email address"), and only from what the task states."""
    patterns_out: list[str] = field(default_factory=list)
    """Kinds of content to leave out ("Does not use exclamation marks")."""
    positions: dict[str, str] = field(default_factory=dict)
    """Where a required term or kind must stand: "start" (the first sentence) or "end" (the last)."""
    near: dict[str, list[str]] = field(default_factory=dict)
    """Words the sentence holding a kind must also name ("Asks readers to sign up": a call to action with
    "sign up"; "Apologizes for the delay": an apology naming the delay)."""
    counts: dict[str, int] = field(default_factory=dict)
    """How many of a term or a kind at least, when more than one ("Includes two questions")."""


def _merge(a: Range | None, b: Range) -> Range:
    if a is None:
        return b
    lo = max((x for x in (a[0], b[0]) if x is not None), default=None)
    hi = min((x for x in (a[1], b[1]) if x is not None), default=None)
    if lo is not None and hi is not None and lo > hi:
        return b  # contradictory: the grader's newer word wins
    return (lo, hi)


def from_brief(brief: Brief) -> Wants:
    """The constraints the task states itself ("in three sentences", "without the letter e")."""
    return Wants(
        lines=brief.lines,
        sentences=brief.sentences,
        words=brief.words,
        letters_out=set(brief.letters_out),
        sensory=brief.sensory,
        syllables=[5, 7, 5] if brief.form == "haiku" else None,
        function=brief.details.get("function", ""),
    )


def apply(wants: Wants, spec: CheckSpec) -> None:
    """Add one criterion's check to `wants`."""
    p = spec.params
    if p.get("scope", "body") != "body":
        return  # about one part ("Title under 10 words", "Each line starts with ..."): the part's filler sees to it
    if spec.check in ("line_count", "sentence_count", "word_count"):
        attr = {"line_count": "lines", "sentence_count": "sentences", "word_count": "words"}[spec.check]
        setattr(wants, attr, _merge(getattr(wants, attr), (p.get("min"), p.get("max"))))
    elif spec.check == "not_contains":
        for term in p["terms"]:
            if len(term) == 1:
                wants.letters_out.add(term.lower())
            elif term.lower() not in wants.words_out:
                wants.words_out.append(term.lower())
        for name in p.get("patterns", ()):
            if name not in wants.patterns_out:
                wants.patterns_out.append(name)
    elif spec.check == "contains":
        any_one = p.get("mode") == "any"
        terms = p["terms"][:1] if any_one else p["terms"]
        patterns = [] if any_one and terms else p.get("patterns", [])
        groups = [tuple(patterns)] if any_one and patterns else [(name,) for name in patterns]
        position = _edge(p.get("position", "any"))
        for term in terms:
            if term.lower() not in [t.lower() for t in wants.terms]:
                wants.terms.append(term)
            if position != "any":
                wants.positions[term] = position
        for group in groups:
            if group not in wants.patterns:
                wants.patterns.append(group)
            if position != "any":
                wants.positions.update(dict.fromkeys(group, position))
        for name, words in (p.get("near") or {}).items():
            wants.near[name] = list(words)
        for name, count in (p.get("counts") or {}).items():
            if count and count[0] and count[0] > 1:
                wants.counts[name] = max(wants.counts.get(name, 0), int(count[0]))
    elif spec.check == "topic":
        topic = re.sub(r"^(?:the|a|an) ", "", p["topic"])
        if topic not in wants.topics:
            wants.topics.append(topic)
    elif spec.check == "sensory_details":
        wants.sensory = max(wants.sensory, p["min"])
    elif spec.check == "markdown_sections":
        for name in p["sections"]:
            if name.lower() not in [s.lower() for s in wants.sections]:
                wants.sections.append(name)
    elif spec.check == "json_valid":
        wants.json = True
    elif spec.check == "syllables_per_line":
        wants.syllables = list(p["pattern"])
    elif spec.check == "python_defines" and p["name"]:
        wants.function = p["name"]


def _edge(position: str) -> str:
    """A criterion's place as the writer places a sentence: "start" (the first sentence, line or paragraph),
    "end" (the last), or "any"."""
    if position.startswith("first"):
        return "start"
    if position.startswith("last"):
        return "end"
    return position if position in ("start", "end") else "any"


@lru_cache(maxsize=1024)
def _spec(name: str) -> CheckSpec | None:
    """The check the grader plans for a criterion named in feedback (cached: every revision of a run reads the
    same names, and each try of a name with a colon in it reads a prefix)."""
    return interpret(Criterion(text=name, line=0))


@dataclass(frozen=True)
class Feedback:
    """One revision message, read."""

    failing: tuple[tuple[str, str], ...]
    """(criterion, gap) of the criteria that still need work."""

    passing: tuple[str, ...]
    """Criteria the grader says are already satisfied."""

    def unfixable(self) -> list[str]:
        """Failing criteria the writer has no targeted fix for (it cannot read them, or no check of its own)."""
        out = []
        for name, _ in self.failing:
            spec = _spec(name)
            if spec is None or spec.check not in FIXABLE:
                out.append(name)
        return out

    def tests_failed(self) -> bool:
        """Whether a failing criterion is about tests (its gap says "Tests fail")."""
        return any(gap.startswith("Tests fail") for _, gap in self.failing)


def read_feedback(message: str) -> Feedback:
    """Failing criteria with their gaps, and passing ones, from the middleware's revision message."""
    passing = re.search(r"Criteria already satisfied[^\n]*:\n(.*?)(?:\n\n|$)", message, re.DOTALL)
    names = [line[2:].strip() for line in passing.group(1).splitlines() if line.startswith("- ")] if passing else []
    return Feedback(failing=tuple(criterion_names_in_feedback(message)), passing=tuple(names))


def wants_for(brief: Brief, feedback: list[Feedback], base: Wants | None = None) -> Wants:
    """The task's constraints (`base`, else the brief's), then every criterion the latest feedback names
    (failing or passing)."""
    wants = base if base is not None else from_brief(brief)
    if not feedback:
        return wants
    last = feedback[-1]
    for name in [n for n, _ in last.failing] + list(last.passing):
        spec = _spec(name)
        if spec is not None:
            apply(wants, spec)
    wants.tests_failed = any(f.tests_failed() for f in feedback)
    return wants


def criterion_names_in_feedback(feedback: str) -> list[tuple[str, str]]:
    """(name, gap) of the failing criteria listed in a revision message."""
    section = re.search(r"Criteria that still need work:\n(.*?)(?:\n\n|$)", feedback, re.DOTALL)
    if not section:
        return []
    out = []
    for line in section.group(1).splitlines():
        if not line.startswith("- "):
            continue
        out.append(_split_name_and_gap(line[2:]))
    return out


NA_GAP_START = "An offline grader cannot judge this criterion"
"""How the offline grader's gap for an n/a criterion starts (offline.CANNOT_JUDGE_GAP is built from it)."""


_COLON_PHRASINGS = frozenset({"markdown_sections", "regex"})
"""Checks whose phrasings put a colon inside the criterion ("Has sections: Summary, Risks")."""


def _split_name_and_gap(body: str) -> tuple[str, str]:
    # "- {name}: {gap}" is ambiguous when the name or the gap has a colon itself. The offline grader's n/a gap
    # says so ("Includes the product name: An offline grader cannot judge this criterion: ..."): the name ends
    # there, or the writer would read the gap as words to mention. Otherwise the shortest prefix that reads as
    # a criterion ("Asks readers to sign up", not "...: No call to action (a sentence that asks ..."), unless a
    # longer one is a phrasing written with a colon ("Has sections: Summary, Risks"); else the first colon.
    cuts = [m.start() for m in re.finditer(": ", body)]
    for cut in cuts:
        if body[cut + 2 :].startswith(NA_GAP_START):
            return body[:cut].strip(), body[cut + 2 :].strip()
    readable = [(cut, spec) for cut in cuts if (spec := _spec(body[:cut])) is not None]
    with_colon = [cut for cut, spec in readable if spec.check in _COLON_PHRASINGS and ": " in body[:cut]]
    if readable:
        cut = with_colon[-1] if with_colon else readable[0][0]
        return body[:cut].strip(), body[cut + 2 :].strip()
    if cuts:
        return body[: cuts[0]].strip(), body[cuts[0] + 2 :].strip()
    return body.replace("(no specific feedback provided)", "").strip(), ""
