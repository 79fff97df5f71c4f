"""How the offline writer drafts and revises a task that is not a bundled example.

It never sees the rubric: it reads the task, then the grader's feedback, and
applies a fix for each failing criterion it can read (the same phrasings the
offline grader understands), so diffs and heatmaps show real change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from rubric_core.checks import text as t
from rubric_core.checks.phrasing import CheckSpec, Draft, evaluate, interpret
from rubric_core.rubric import Criterion

_FILLER = (
    "Each point is stated plainly.",
    "The main idea comes first.",
    "Details follow in a clear order.",
    "A short example makes it concrete.",
    "The ending sums it up.",
)


def first_draft(task: str) -> str:
    """A deterministic first answer built from the task text."""
    topic = " ".join(task.strip().rstrip(".?!").split()[:24]) or "the task"
    return (
        f"Here is a first answer to the request: {topic}.\n"
        "It covers the main point in plain words and keeps the structure simple. "
        "A revision will follow the grader's feedback."
    )


def revise(previous: str, feedback: str) -> str:
    """Apply a fix for every failing criterion named in `feedback`, in a stable order."""
    from rubric_core.models.offline import criterion_names_in_feedback

    failing = criterion_names_in_feedback(feedback)
    fixes: list[tuple[int, CheckSpec]] = []
    notes: list[str] = []
    for name, gap in failing:
        spec = interpret(Criterion(text=name, line=0))
        if spec is None or spec.check not in _FIXERS:
            notes.append(
                f"Revised for: {name}" + (f" ({gap})" if gap and not gap.startswith("An offline grader") else "")
            )
            continue
        fixes.append((_ORDER.index(spec.check), spec))
    text = previous
    for note in notes:
        if note not in text:
            text = f"{text.rstrip()}\n{note}."
    for _, spec in sorted(fixes, key=lambda f: f[0]):
        if not evaluate(spec, Draft(text=text)).passed:
            text = _FIXERS[spec.check](text, **spec.params)
    return text


def _add_terms(text: str, terms: list[str], mode: str = "all") -> str:
    wanted = terms[:1] if mode == "any" else terms
    missing = [w for w in wanted if not t.check_contains(text, terms=[w]).passed]
    if not missing:
        return text
    listed = " and ".join(missing)
    return f"{text.rstrip()} It also covers {listed}."


def _add_topic(text: str, topic: str) -> str:
    return f"{text.rstrip()} It is about {topic}."


def _add_sections(text: str, sections: list[str]) -> str:
    have = {h.lower() for h in t.markdown_headings(text)}
    extra = [f"## {s}\n{s} is covered here in one line." for s in sections if s.lower() not in have]
    return text.rstrip() + "\n\n" + "\n\n".join(extra)


def _remove_terms(text: str, terms: list[str]) -> str:
    for term in terms:
        if len(term) == 1:
            text = re.sub(rf"\b\w*{re.escape(term)}\w*\b\s?", "", text, flags=re.IGNORECASE)
        else:
            text = re.sub(rf"\b{re.escape(term)}\w*\b\s?", "", text, flags=re.IGNORECASE)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def _target(lo: int | None, hi: int | None, current: int) -> int:
    if lo is not None and current < lo:
        return lo
    if hi is not None and current > hi:
        return hi
    return current


def _set_sentences(text: str, min: int | None = None, max: int | None = None) -> str:
    words = t.words_of(text)
    n = _target(min, max, len(t.sentences_of(text)))
    if n <= 0:
        return text
    while len(words) < n * 3:
        words += t.words_of(_FILLER[len(words) % len(_FILLER)])
    size = -(-len(words) // n)
    chunks = [words[i : i + size] for i in range(0, len(words), size)][:n]
    return " ".join(" ".join(c).capitalize() + "." for c in chunks)


def _set_lines(text: str, min: int | None = None, max: int | None = None) -> str:
    words = t.words_of(text)
    n = _target(min, max, len(t.lines_of(text)))
    if n <= 0:
        return text
    while len(words) < n:
        words += t.words_of(_FILLER[len(words) % len(_FILLER)])
    size = -(-len(words) // n)
    return "\n".join(" ".join(words[i : i + size]) for i in range(0, len(words), size))


def _set_words(text: str, min: int | None = None, max: int | None = None) -> str:
    words = t.words_of(text)
    if max is not None and len(words) > max:
        return " ".join(words[:max]) + "."
    i = 0
    while min is not None and len(t.words_of(text)) < min:
        text = f"{text.rstrip()} {_FILLER[i % len(_FILLER)]}"
        i += 1
    return text


def _as_json(text: str, schema: dict | None = None) -> str:
    return json.dumps({"answer": text}, indent=2)


def _add_sensory(text: str, min: int) -> str:
    return f"{text.rstrip()} The air was cold and salty, and the wind made a low roar."


_FIXERS: dict[str, Callable[..., str]] = {
    "contains": _add_terms,
    "topic": _add_topic,
    "sensory_details": _add_sensory,
    "markdown_sections": _add_sections,
    "word_count": _set_words,
    "sentence_count": _set_sentences,
    "line_count": _set_lines,
    "not_contains": _remove_terms,
    "json_valid": _as_json,
}
_ORDER = list(_FIXERS)
