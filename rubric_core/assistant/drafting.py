"""Draft a rubric from a task: 2 to 6 short, concrete, observable criteria, each with the check that will judge
it, and (offline) what the drafter leaves to an LLM grader.

Offline, rules read what the task states (a length, a poem form, letters to avoid, words, names, prices and
links it gives, JSON, sections, a function to write, a call to action, an email's greeting and sign-off) and
offer only criteria the offline grader can check. With a model, the model drafts through structured output
(llm.py). Either way the author keeps, edits or removes each line, or drafts again with a note ("shorter",
"add a criterion for tone").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.checks.described import check_for
from rubric_core.checks.phrasing import plan
from rubric_core.rubric import Criterion

MIN_CRITERIA, MAX_CRITERIA = 2, 6
QUALITIES = (
    "friendly",
    "formal",
    "informal",
    "professional",
    "persuasive",
    "polite",
    "warm",
    "playful",
    "funny",
    "humorous",
    "upbeat",
    "empathetic",
    "clear",
    "engaging",
    "simple",
    "accessible",
    "beginner",
    "non-technical",
    "concise",
    "vivid",
    "inspiring",
    "calm",
)
"""Qualities a task may ask for that no deterministic check confirms: left to an LLM grader."""


@dataclass
class DraftedCriterion:
    """One line of a drafted rubric, with why and how it will be judged."""

    text: str
    reason: str
    check: dict[str, Any] = field(default_factory=dict)

    @property
    def checkable(self) -> bool:
        """Whether the offline grader has a check for it (else only an LLM grader can judge it)."""
        return self.check.get("kind") != "cannot_judge"

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "reason": self.reason, "check": self.check, "checkable": self.checkable}


@dataclass
class RubricDraft:
    """A drafted rubric."""

    criteria: list[DraftedCriterion]
    left_to_llm: list[DraftedCriterion] = field(default_factory=list)
    """What the task asks for that only an LLM grader can judge (offline drafts leave these out of the rubric)."""
    source: str = "rules"
    """rules (offline) or llm: SPEC."""
    usage: dict[str, Any] = field(default_factory=dict)
    """calls, tokens and cost_usd of a model's draft (empty offline)."""
    note: str = ""

    def rubric_text(self) -> str:
        """The rubric, one bullet per criterion."""
        return "".join(f"- {c.text}\n" for c in self.criteria)

    def to_dict(self) -> dict[str, Any]:
        return {
            "criteria": [c.to_dict() for c in self.criteria],
            "left_to_llm": [c.to_dict() for c in self.left_to_llm],
            "source": self.source,
            "usage": self.usage,
            "note": self.note,
            "rubric": self.rubric_text(),
        }


def _line(text: str, reason: str) -> DraftedCriterion:
    return DraftedCriterion(text, reason, check_for(Criterion(text, 0)))


def _range_text(rng: tuple[int | None, int | None], unit: str) -> str | None:
    lo, hi = rng
    if lo is not None and hi is not None:
        return f"Exactly {lo} {unit}{'s' if lo != 1 else ''}" if lo == hi else f"Between {lo} and {hi} {unit}s"
    if hi is not None:
        return f"At most {hi} {unit}s"
    if lo is not None:
        return f"At least {lo} {unit}s"
    return None


_LITERAL = re.compile(
    r"(?:[$€£]\s?\d[\d,]*(?:\.\d{1,2})?|\b\d+(?:\.\d+)?%|#\d{2,}|https?://\S+[^\s.,;)]|\bwww\.\S+[^\s.,;)])"
)
_QUOTED = re.compile(r"[\"“']([^\"”']{2,40})[\"”']")
_NAME = re.compile(r"\b((?:[A-Z][A-Za-z0-9+]*(?:\s+|-)){0,3}[A-Z][A-Za-z0-9+]*)\b")
_NOT_NAMES = frozenset(
    "I A An The This That We Our You Your It Its Write Use Make Keep Include Mention Give Add Monday Tuesday "
    "Wednesday Thursday Friday Saturday Sunday January February March April May June July August September "
    "October November December JSON Markdown Python".split()
)


def _offline(task: str) -> tuple[list[DraftedCriterion], list[DraftedCriterion]]:
    from rubric_core.models._task import read_task

    brief = read_task(task)
    low = task.lower()
    out: list[DraftedCriterion] = []
    if brief.form == "haiku":
        out.append(_line("Exactly three lines", "A haiku has three lines."))
        out.append(_line("Follows a 5-7-5 syllable pattern", "A haiku's lines have 5, 7 and 5 syllables."))
    for rng, unit in ((brief.lines, "line"), (brief.sentences, "sentence"), (brief.words, "word")):
        text = _range_text(rng, unit) if rng else None
        under = re.search(rf"\b(?:under|fewer than|less than)\s+(\d+)\s+{unit}s?\b", low)
        if rng and under and rng == (None, int(under.group(1)) - 1):
            text = f"Fewer than {under.group(1)} {unit}s"  # as the task says it ("At most 119" read oddly)
        if text and not (brief.form == "haiku" and unit == "line"):
            out.append(_line(text, f"The task sets the length in {unit}s."))
    for letter in brief.letters_out:
        out.append(_line(f'Does not contain the letter "{letter}"', "The task rules the letter out."))
    if re.search(r"\bjson\b", low):
        out.append(_line("Is valid JSON", "The task asks for JSON."))
    sections = re.search(r"\bsections?\b[^:.]*:\s*([^.\n]+)", task, re.IGNORECASE)
    if sections:
        out.append(_line(f"Has sections: {sections.group(1).strip()}", "The task names the sections."))
    function = brief.details.get("function")
    if brief.kind == "code" and function:
        out.append(_line(f"Defines a function {function}", "The task names the function to write."))
    if brief.kind == "code" and "docstring" in low:
        out.append(_line("Every function has a docstring", "The task asks for docstrings."))
    for token in dict.fromkeys(m.group(0).rstrip(".,") for m in _LITERAL.finditer(task)):
        out.append(_line(f"Mentions {token}", "The task gives it; the answer should state it as given."))
    for quoted in dict.fromkeys(m.group(1) for m in _QUOTED.finditer(task)):
        if re.search(
            r"\b(?:word|phrase|term|say|include|mention|use)\w*\W+[\"“']" + re.escape(quoted), task, re.IGNORECASE
        ):
            out.append(_line(f'Uses the phrase "{quoted}"', "The task asks for these words."))
    for m in _NAME.finditer(task):
        name = m.group(1)
        before = task[: m.start()].rstrip()
        starts_sentence = not before or before[-1] in ".!?:\n"
        words = name.split()
        if starts_sentence and len(words) == 1:
            continue  # a capital that only opens a sentence
        if starts_sentence:
            name = " ".join(words[1:])
        if name.split()[0] not in _NOT_NAMES and len(name) > 2:
            out.append(_line(f"Mentions {name}", "A name the task gives: the answer should use it."))
    from rubric_core.checks.patterns import find

    for found in dict.fromkeys(f.text.rstrip(".") for f in find("date", task)):
        out.append(_line(f"Mentions {found}", "The date the task gives: the answer should state it."))
    if re.search(r"call[- ]to[- ]action|\bcta\b", low):
        out.append(_line("Includes a call to action", "The task asks for a call to action."))
    if brief.kind == "email":
        out.append(_line("Starts with a greeting", "An email opens with a greeting."))
        out.append(_line("Ends with a sign-off", "An email closes with a sign-off."))
    if re.search(r"\b(?:end|finish|close)s?\s+with\s+a\s+question\b", low):
        out.append(_line("Ends with a question", "The task asks to end on a question."))
    if brief.kind == "poem" and brief.form != "haiku" and brief.topics:
        out.append(_line(f"Is about {brief.topics[0]}", "The poem's subject, as the task gives it."))
    if not any(c.check.get("kind") in ("word_count", "line_count", "sentence_count") for c in out):
        bound = {"poem": "At most 14 lines", "email": "At most 200 words", "summary": "At most 120 words"}.get(
            brief.kind, "At most 250 words"
        )
        out.append(_line(bound, "The task states no length: a bound keeps drafts focused (edit the number)."))
    leftover = [
        DraftedCriterion(
            f"Is {word}" if word not in ("beginner",) else "Is written for beginners",
            f'The task asks for a quality ("{word}") no deterministic check confirms.',
            check_for(Criterion(f"Is {word}", 0)),
        )
        for word in QUALITIES
        if re.search(rf"\b{re.escape(word)}\b", low)
    ]
    checkable = [c for c in _unique(out) if c.checkable]
    leftover += [c for c in _unique(out) if not c.checkable]
    return checkable, leftover


def _unique(items: list[DraftedCriterion]) -> list[DraftedCriterion]:
    seen: set[str] = set()
    out = []
    for c in items:
        key = c.text.lower()
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _amend_offline(criteria: list[DraftedCriterion], left: list[DraftedCriterion], note: str) -> tuple[list, list]:
    """Apply an author's note with rules: 'shorter' / 'fewer' keeps the first three; 'add ... <phrase>' adds the
    phrase when a check covers it, else lists it for an LLM grader; 'remove/drop N' drops line N."""
    low = note.lower().strip()
    if re.search(r"\b(?:shorter|fewer|less|simpler|trim)\b", low):
        criteria = criteria[: max(MIN_CRITERIA, 3)]
    dropped = re.search(r"\b(?:remove|drop|delete)\s+(?:line\s+|criterion\s+)?(\d+)\b", low)
    if dropped and 1 <= int(dropped.group(1)) <= len(criteria) and len(criteria) > MIN_CRITERIA:
        criteria = [c for i, c in enumerate(criteria, 1) if i != int(dropped.group(1))]
    added = re.search(
        r"\badd\s+(?:a\s+)?(?:criterion\s+)?(?:for\s+|about\s+|that\s+)?(.+)$", note.strip(), re.IGNORECASE
    )
    if added:
        phrase = added.group(1).strip().rstrip(".")
        candidate = phrase[:1].upper() + phrase[1:]
        line = _line(candidate, f'Added at the author\'s request ("{note.strip()}").')
        if plan(Criterion(candidate, 0)).spec is not None:
            if len(criteria) < MAX_CRITERIA:
                criteria = [*criteria, line]
        else:
            left = [*left, line]
    return criteria, left


def draft_rubric(
    task: str,
    *,
    model: str | None = None,
    note: str = "",
    previous: RubricDraft | None = None,
    keys: Mapping[str, str] | None = None,
    store: Any = None,
) -> RubricDraft:
    """A rubric drafted from `task` (offline rules, or `model` through structured output); `note` with
    `previous` asks for changes to an earlier draft."""
    if not task.strip():
        msg = "The task is empty: write the task first, then draft a rubric for it."
        raise ValueError(msg)
    if not model or model.startswith("offline:"):
        if previous is not None and note.strip():
            criteria, left = _amend_offline(list(previous.criteria), list(previous.left_to_llm), note)
        else:
            criteria, left = _offline(task)
            if note.strip():
                criteria, left = _amend_offline(criteria, left, note)
        return RubricDraft(criteria[:MAX_CRITERIA], left, "rules", {}, note.strip())
    from rubric_core.assistant.llm import DraftAnswer, ask, cost_of
    from rubric_core.assistant.prompts import AMEND_NOTE, DRAFT_PROMPT

    amend = ""
    if note.strip():
        shown = previous.rubric_text() if previous is not None else "(none yet)"
        amend = AMEND_NOTE.format(note=note.strip(), previous=shown)
    usage: dict[str, Any] = {"calls": 0, "input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
    answer = ask(model, DraftAnswer, DRAFT_PROMPT.format(task=task.strip(), note=amend), keys=keys, usage=usage)
    assert isinstance(answer, DraftAnswer)
    lines = [
        _line(" ".join(c.text.strip().lstrip("-*• ").split())[:300], " ".join(c.reason.split())[:300])
        for c in answer.criteria
        if c.text.strip()
    ]
    usage["cost_usd"] = cost_of(usage, model, store)
    return RubricDraft(_unique(lines)[:MAX_CRITERIA], [], f"llm: {model}", usage, note.strip())
