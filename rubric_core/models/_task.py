"""Read a task the way a writer would: what kind of text, about what, how long, with which details.

The offline writer never sees the rubric; this is all it knows before the
grader's first feedback. Everything here is plain pattern reading, deterministic.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache

from rubric_core.checks.lexicons import singular_forms
from rubric_core.models._data import poems
from rubric_core.models._task_details import details_of, subject_of
from rubric_core.numbers import up_to, words_alternation

_KINDS: tuple[tuple[str, str], ...] = (
    # The first match in the task wins (see _kind); the order breaks ties only.
    (r"\b(?:python|function|code|script|snippet|implement|program|def)\b", "code"),
    (r"\b(?:e-?mail|letter|note to|message to|memo)\b", "email"),
    (r"\b(?:poem|verse|haiku|limerick|sonnet|rhyme|lines of poetry|ode)\b", "poem"),
    (r"\bannounc\w*|\bnotice\b|\binvitation\b|\bwelcome (?:message|note|post)\b", "announcement"),
    (r"\b(?:list|bullet|checklist|tips|ideas|reasons|steps)\b", "list"),
    (r"\b(?:summar\w*|tl;?dr|recap|overview|explain|explanation)\b", "summary"),
)

_NUMBERS = up_to(100)
_N = r"(\d+|" + words_alternation(_NUMBERS) + r")"

_SHORT = re.compile(r"\b(?:short|tiny|brief|small|little|quick|mini)\b", re.IGNORECASE)
_LONG = re.compile(r"\b(?:long|detailed|extended|thorough)\b", re.IGNORECASE)

_STOP = frozenset(
    "a an the of in on at to for with and or over under by from into onto my your our their his her its this that "
    "some any short tiny brief small little quick new old".split()
)


@dataclass(frozen=True)
class Brief:
    """What the writer reads from a task."""

    task: str
    kind: str
    """poem, announcement, email, summary, list, code or prose."""

    subject: str
    """The noun phrase the text is about, as the task says it ("the moon over a quiet harbor")."""

    topics: tuple[str, ...]
    """Word-bank topics the subject touches, most specific first (moon, harbor)."""

    size: str = "normal"
    """short, normal or long, from words such as "tiny" or "detailed"."""

    form: str = ""
    """A fixed poem form: "haiku"."""

    seed: int = 0
    """A stable number from the task text: the writer's only source of variety."""

    details: dict[str, str] = field(default_factory=dict)
    """when, where, deadline, audience, sender, purpose, event, category, path, function, params."""

    count: int | None = None
    """How many items a list asks for ("five tips")."""

    source: str = ""
    """Text given to summarise, if the task includes one."""

    lines: tuple[int | None, int | None] | None = None
    sentences: tuple[int | None, int | None] | None = None
    words: tuple[int | None, int | None] | None = None
    letters_out: tuple[str, ...] = ()
    sensory: int = 0


def seed_of(text: str) -> int:
    """A stable seed from text (Python's hash() differs between processes)."""
    return int.from_bytes(hashlib.blake2b(" ".join(text.lower().split()).encode(), digest_size=8).digest(), "big")


def _num(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def _count_range(text: str, unit: str) -> tuple[int | None, int | None] | None:
    u = rf"{unit}s?\b"
    low = text.lower()
    for pattern, build in (
        (rf"\b(?:between )?{_N}\s*(?:to|-|–|or|and)\s*{_N}[- ]{u}", lambda a, b: (_num(a), _num(b))),
        (rf"\b(?:at most|no more than|up to|maximum of|max) {_N}[- ]{u}", lambda a: (None, _num(a))),
        (rf"\b(?:under|fewer than|less than) {_N}[- ]{u}", lambda a: (None, _num(a) - 1)),
        (rf"\b(?:at least|no fewer than|minimum of) {_N}[- ]{u}", lambda a: (_num(a), None)),
        (rf"\b(?:exactly |in |of )?{_N}[- ]{u}", lambda a: (_num(a), _num(a))),
    ):
        m = re.search(pattern, low)
        if m:
            return build(*m.groups())
    return None


def topics_in(text: str) -> tuple[str, ...]:
    """Word-bank topics named by words of `text`, in order of appearance."""
    found: list[str] = []
    for word in re.findall(r"[a-z]+", text.lower()):
        for form in sorted(singular_forms(word)):
            topic = poems().TOPIC_WORDS.get(form)
            if topic and topic not in found:
                found.append(topic)
    return tuple(found)


def _kind(task: str) -> str:
    low = task.lower()
    # "Write three reasons to learn Python": a task that opens by asking for a counted list is a list, whatever
    # it is about (the kinds below would take it for code).
    if re.match(
        rf"\s*(?:please\s+)?(?:write|give|list|share|name|suggest|offer|provide|draft)\s+(?:me\s+|us\s+)?"
        rf"{_N}\s+(?:[a-z-]+,? ){{0,2}}(?:tips|ideas|reasons|steps|ways|things|habits)\b",
        low,
    ):
        return "list"
    # The kind word met first names the kind: "an email about the new code review process" is an email, "a
    # Python function that sends an email" code, "a poem listing..." a poem.
    found = [(m.start(), i, kind) for i, (pattern, kind) in enumerate(_KINDS) if (m := re.search(pattern, low))]
    return min(found)[2] if found else "prose"


def _source(task: str) -> str:
    """The text to summarise when the task quotes one after a colon or a blank line."""
    m = re.search(r"(?::\s*\n|\n\s*\n|:\s+)(.{80,})$", task.strip(), re.DOTALL)
    if not m:
        return ""
    text = m.group(1).strip().strip("\"'“”")
    return text if len(re.findall(r"[.!?](?:\s|$)", text)) >= 2 else ""


@lru_cache(maxsize=512)
def read_task(task: str, follow_ups: tuple[str, ...] = ()) -> Brief:
    """Kind, subject, topics, size and stated details of a task (a follow-up may change subject or size)."""
    seed = seed_of(task + "\n".join(follow_ups))
    kind = _kind(task)
    source = _source(task) if kind == "summary" else ""
    head = task[: len(task) - len(source)] if source else task
    subject = subject_of(head, kind)
    size = "short" if _SHORT.search(head) else "long" if _LONG.search(head) else "normal"
    for extra in follow_ups:
        if re.search(r"\babout\b", extra, re.IGNORECASE):
            subject = subject_of(extra, kind)
        if re.search(r"\b(?:shorter|trim|cut|tighten)\b", extra, re.IGNORECASE):
            size = "short"
        elif re.search(r"\b(?:longer|expand|more detail)\b", extra, re.IGNORECASE):
            size = "long"
    topics = topics_in(subject) or topics_in(head)
    low = head.lower()
    letters: list[str] = []
    for m in re.finditer(r"\b(?:without|no|never)\s+(?:using\s+|any\s+)?(?:the\s+)?letters?\s+[\"'`“]?([a-z])\b", low):
        letters.append(m.group(1))
    if "lipogram" in low and not letters:
        letters.append("e")
    sensory = re.search(rf"\b(?:at least )?{_N} sensory details?", low)
    # "five tips", and "five quick tips" or "5 simple, practical ideas": up to two describing words between.
    count = re.search(
        rf"\b{_N} (?:[a-z-]+,? ){{0,2}}(?:tips|ideas|reasons|steps|ways|things|items|points|examples|bullets?|habits)\b",
        low,
    )
    return Brief(
        task=task,
        kind=kind,
        subject=subject,
        topics=topics,
        size=size,
        form="haiku" if "haiku" in low else "",
        seed=seed,
        details=details_of(head, kind, seed),
        count=_num(count.group(1)) if count else None,
        source=source,
        lines=_count_range(low, "line"),
        sentences=_count_range(low, "sentence"),
        words=_count_range(low, "word"),
        letters_out=tuple(letters),
        sensory=_num(sensory.group(1)) if sensory else 0,
    )


def content_words(phrase: str) -> list[str]:
    """The words of a phrase that carry meaning (no articles, prepositions or size words)."""
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", phrase) if w.lower() not in _STOP]
