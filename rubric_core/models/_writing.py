"""How the offline writer drafts and revises a task that is not a bundled example.

It never sees the rubric. It reads the task (kind, subject, stated limits),
writes from word banks and templates, and on each revision reads the grader's
feedback: every criterion it can read (failing or already passing) becomes a
constraint on the next draft, so the fix lands where the grader pointed and
nothing that passed is undone. A failing criterion it cannot read still gets
a visible change (the next variant), and no draft repeats an earlier one.
Deterministic: the only variety is a hash of the task and the revision's variant.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rubric_core.checks import text as t
from rubric_core.models import _code, _prose, _verse
from rubric_core.models._asks import ask, has_term
from rubric_core.models._facts import facts_of
from rubric_core.models._prose_bank import SECTION_FALLBACK, SECTIONS, summary_frame
from rubric_core.models._task import Brief, content_words, read_task
from rubric_core.models._verse import _noun_phrase, allowed
from rubric_core.models._wants import Feedback, Wants, read_feedback, wants_for

_MAX_TRIES = 24
"""Variants tried to find a draft not written before (each costs well under a millisecond)."""


@dataclass(frozen=True)
class Draft:
    """What the writer answers: text, and a file to write first when it saves code."""

    text: str
    file_path: str = ""
    file_content: str = ""


def _sections(text: str, brief: Brief, wants: Wants) -> str:
    """The draft under the Markdown headings the rubric asks for: the body under the first one (a poem or
    a list stays above them whole; an email keeps its greeting above and its sign-off below)."""
    values = _prose.values_for(brief, wants)
    blocks = text.split("\n\n")
    head, tail = ([blocks[0]], [blocks[-1]]) if brief.kind == "email" and len(blocks) >= 3 else ([], [])
    body = "\n\n".join(blocks[len(head) : len(blocks) - len(tail)])
    sections = []
    for i, name in enumerate(wants.sections):
        if i == 0 and brief.kind not in ("poem", "list"):
            sections.append(f"## {name}\n{body}")
            continue
        options = SECTIONS.get(name.lower(), SECTION_FALLBACK)
        line = _prose.fill(options[(brief.seed + i) % len(options)], values) or ""
        sections.append(f"## {name}\n{_prose.capital(line)}")
    if brief.kind in ("poem", "list"):
        head = [body]
    return "\n\n".join(head + sections + tail)


def _text_draft(brief: Brief, wants: Wants, variant: int) -> str:
    kind = brief.kind
    if "e" in wants.letters_out and kind not in ("poem", "code"):
        # Templates are full of "e": a lipogram is written from the e-free image banks, as a paragraph.
        kind = "prose"
    elif kind == "prose" and facts_of(brief).flavour == "product":
        # "A product description for a mug that costs $18": the product's own sentences, not images of coffee.
        brief, kind = replace(brief, kind="announcement"), "announcement"
    if kind == "poem":
        text = _verse.compose(brief, wants, variant, poem=True)
        text = _poem_asks(text, brief, wants)
    elif kind == "prose" and brief.topics:
        text = _with_asks(lambda w: _verse.compose(brief, w, variant, poem=False), brief, wants)
    elif kind == "summary" and brief.topics and not brief.source and not summary_frame(brief.subject):
        # A subject the banks describe: a lead sentence, then what the banks know about it.
        lead = _prose.summary_lead(brief, wants)

        def summary(w: Wants) -> str:
            return f"{lead} {_verse.compose(brief, _fewer_sentences(w), variant, poem=False)}".strip()

        text = _with_asks(summary, brief, wants)
    elif kind == "prose" and "e" in wants.letters_out:
        text = _with_asks(lambda w: _verse.compose(brief, w, variant, poem=False), brief, wants)
        text = text or _prose.compose(replace(brief, kind="summary"), wants, variant)
    elif kind == "prose":
        text = _prose.compose(replace(brief, kind="summary"), wants, variant)
    else:
        text = _prose.compose(brief, wants, variant)
    if wants.sections:
        text = _sections(text, brief, wants)
    if wants.json:
        text = json.dumps({"title": _prose.capital(brief.subject), "text": text}, indent=2)
    return text


def _with_asks(compose_text: Callable[[Wants], str], brief: Brief, wants: Wants) -> str:
    """A paragraph from the image banks with the sentences the rubric asks for (a question, a call to action)
    after it; the paragraph is written a sentence or a few words shorter to leave them room."""
    text = compose_text(wants)
    if not wants.patterns and not wants.terms and not wants.topics:
        return text
    values = _prose.values_for(brief, wants)
    facts = facts_of(brief)
    asked = ask(text, brief, facts, values, wants)
    extra = asked.sentences()
    if not extra:
        return text
    room = replace(
        wants, sentences=_less(wants.sentences, len(extra)), words=_less(wants.words, len(t.words_of(" ".join(extra))))
    )
    text = compose_text(room) or text
    asked = ask(text, brief, facts, values, wants)
    paragraph = " ".join([*asked.start, text, *asked.body, *asked.close, *asked.end])
    if asked.exclaim:
        paragraph = re.sub(r"\.(?=\s|$)", "!", paragraph, count=1)
    return paragraph


def _less(want: tuple[int | None, int | None] | None, n: int) -> tuple[int | None, int | None] | None:
    """A count range made room in for `n` more (sentences or words) added after."""
    if want is None:
        return None
    lo, hi = want
    return (None if lo is None else max(lo - n, 1), None if hi is None else max(hi - n, 1))


_POEM_QUESTIONS = (
    "who will remember {s}?",
    "what does {s} dream of tonight?",
    "do you hear {s} too?",
    "where does {s} go when the night comes?",
)
"""A question a poem can end on, about its subject ("Includes a question")."""


def _poem_asks(text: str, brief: Brief, wants: Wants) -> str:
    """A poem that ends on a question, an exclamation or an emoji when the rubric asks for one (its other
    asks, a price or a call to action, are not a poem's to make)."""
    lines = text.split("\n")
    wanted = {name for group in wants.patterns for name in group} - set(wants.patterns_out)
    if not lines or not wanted & {"question", "exclamation", "emoji"}:
        return text
    from rubric_core.checks import patterns as p

    if "question" in wanted and not p.find("question", text) and not wants.syllables:
        words = content_words(brief.subject)
        short = brief.topics[0] if brief.topics else " ".join(words[-2:]) if words else brief.subject
        s = _noun_phrase(short) if len(short.split()) <= 2 else short
        # The question takes the last line that carries no word the rubric asks for (the first names the subject).
        # With none free, a line is added when the rubric leaves room for one.
        free = [i for i in range(len(lines) - 1, 0, -1) if not any(has_term(lines[i], w) for w in wants.terms)]
        room = wants.lines is None or wants.lines[1] is None or len(lines) < wants.lines[1]
        if not free and room:
            lines[-1] = re.sub(r"\.$", ",", lines[-1])
            lines.append("")
            free = [len(lines) - 1]
        for k in range(len(_POEM_QUESTIONS) if free else 0):
            line = _prose.capital(_POEM_QUESTIONS[(brief.seed + k) % len(_POEM_QUESTIONS)].format(s=s))
            if allowed(line, wants):
                lines[free[0]] = line
                break
        lines = [line for line in lines if line]
    if "exclamation" in wanted and "!" not in text:
        lines[-1] = re.sub(r"[.,]?$", "!", lines[-1], count=1) if not lines[-1].endswith("?") else lines[-1]
    if "emoji" in wanted and not p.find("emoji", text):
        lines[-1] += " ✨"
    return "\n".join(lines)


def _fewer_sentences(wants: Wants) -> Wants:
    """The constraints for the body under a lead sentence: one sentence fewer."""
    if wants.sentences is None:
        return wants
    lo, hi = wants.sentences
    return replace(wants, sentences=(None if lo is None else max(lo - 1, 1), None if hi is None else max(hi - 1, 1)))


def compose(brief: Brief, wants: Wants, variant: int) -> Draft:
    """One draft for these constraints and this variant."""
    if brief.kind == "code":
        code = _code.compose(brief, wants, variant)
        if code.path:
            return Draft(text=code.message, file_path=code.path, file_content=code.code)
        return Draft(text=_code.as_message(code))
    return Draft(text=_text_draft(brief, wants, variant))


def _first_variant(feedback: list[Feedback]) -> int:
    # One step per revision that asked for something the writer has no targeted fix for: that revision
    # must still change visibly. Targeted fixes change the text themselves.
    return sum(1 for f in feedback if f.unfixable())


def write(tasks: list[str], feedback: list[str], earlier: list[str]) -> Draft:
    """The next draft: `tasks` are the user's messages (first one the task), `feedback` the grader's
    revision messages so far, `earlier` the drafts already written (none is repeated)."""
    brief = read_task(tasks[0] if tasks else "", tuple(tasks[1:]))
    read = [read_feedback(m) for m in feedback]
    wants = wants_for(brief, read)
    variant = _first_variant(read)
    seen = set(earlier)
    draft = compose(brief, wants, variant)
    for _ in range(_MAX_TRIES):
        if draft.text not in seen and (not draft.file_content or draft.file_content + draft.text not in seen):
            break
        variant += 1
        draft = compose(brief, wants, variant)
    return draft


def first_draft(task: str) -> str:
    """The first answer to a task (no feedback yet)."""
    return write([task], [], []).text


def revise(task: str, previous: str, feedback: str) -> str:
    """A revision of `previous` after one grader message (for callers outside the loop, and tests)."""
    return write([task], [feedback], [previous]).text
