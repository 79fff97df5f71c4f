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
from dataclasses import dataclass, replace

from rubric_core.models import _code, _prose, _verse
from rubric_core.models._prose_bank import SECTION_FALLBACK, SECTIONS, summary_frame
from rubric_core.models._task import Brief, read_task
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
        line = _prose.capital(_prose.fill(options[(brief.seed + i) % len(options)], values))
        sections.append(f"## {name}\n{line}")
    if brief.kind in ("poem", "list"):
        head = [body]
    return "\n\n".join(head + sections + tail)


def _text_draft(brief: Brief, wants: Wants, variant: int) -> str:
    kind = brief.kind
    if "e" in wants.letters_out and kind not in ("poem", "code"):
        # Templates are full of "e": a lipogram is written from the e-free image banks, as a paragraph.
        kind = "prose"
    if kind == "poem":
        text = _verse.compose(brief, wants, variant, poem=True)
    elif kind == "prose" and brief.topics:
        text = _verse.compose(brief, wants, variant, poem=False)
    elif kind == "summary" and brief.topics and not brief.source and not summary_frame(brief.subject):
        # A subject the banks describe: a lead sentence, then what the banks know about it.
        lead = _prose.summary_lead(brief, wants)
        body = _verse.compose(brief, _fewer_sentences(wants), variant, poem=False)
        text = f"{lead} {body}".strip()
    elif kind == "prose":
        text = _verse.compose(brief, wants, variant, poem=False) if "e" in wants.letters_out else ""
        text = text or _prose.compose(replace(brief, kind="summary"), wants, variant)
    else:
        text = _prose.compose(brief, wants, variant)
    if wants.sections:
        text = _sections(text, brief, wants)
    if wants.json:
        text = json.dumps({"title": _prose.capital(brief.subject), "text": text}, indent=2)
    return text


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
