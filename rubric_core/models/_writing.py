"""How the offline writer drafts and revises a task that is not a bundled example.

It never sees the rubric. It reads the task (`_read`: its genre, facts, content points and instructions),
writes the genre's parts from those facts (`_compose`), and on each revision reads the grader's feedback:
every criterion it can read (failing or already passing) becomes a constraint on the next draft, and the
reviser (`_revise`) changes the part that kind of text keeps it in (a closing question at the end of an
email's body, a call to action, a missing fact), keeping what passed. A criterion it cannot write toward
stays unmet; a failing criterion it cannot read still gets a visible change (the next variant), and no draft
repeats an earlier one. Deterministic: the only variety is a hash of the task and the revision's variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.models import _revise
from rubric_core.models._compose import compose as compose_doc
from rubric_core.models._compose import fit, wants_of_task
from rubric_core.models._fill_code import code_files
from rubric_core.models._read import Facts, read_facts
from rubric_core.models._task import read_task
from rubric_core.models._wants import Feedback, Wants, from_brief, read_feedback, wants_for

_MAX_TRIES = 24
"""Variants tried to find a draft not written before (each costs well under a millisecond)."""

VERSE = frozenset({"poem", "haiku", "paragraph"})
"""Genres written by the verse writer from the image banks (their lengths and syllables are its own)."""


@dataclass(frozen=True)
class Draft:
    """What the writer answers: text, and a file to write first when it saves code."""

    text: str
    file_path: str = ""
    file_content: str = ""
    notice: str = ""
    """For the run to show beside the draft (never part of it): the task went to the nearest genre."""


def _base_wants(facts: Facts) -> Wants:
    if facts.genre in VERSE or facts.genre == "function":
        wants = from_brief(read_task(facts.task, facts.follow_ups))
        wants.words_out += [w.lower() for w in facts.asks.avoid if w.lower() not in wants.words_out]
        for mark, most in facts.asks.marks_max.items():
            if most == 0:
                wants.patterns_out.append(mark)
        wants.terms += [t for t in required_words(facts) if t not in wants.terms]
        return wants
    return wants_of_task(facts)


def required_words(facts: Facts) -> list[str]:
    """Words the task itself says to use ("include the words 'dashboard' and 'sunrise' and the name X")."""
    out: list[str] = []
    for point in facts.points:
        if point.lead not in ("include", "including", "mention", "mentioning"):
            continue
        quoted = [q for q in facts.quoted if q in point.text]
        names = [n for n in facts.names if n in point.text and n not in quoted]
        found = quoted + names
        if not found and len(point.text.split()) <= 3:
            found = [re.sub(r"^(?:the|a|an)\s+", "", point.text)]
        out += [w for w in found if w not in out]
    return out


def compose(facts: Facts, wants: Wants, variant: int) -> Draft:
    """One draft for these constraints and this variant."""
    doc = compose_doc(facts, wants, variant)
    doc = _revise.apply(doc, facts, wants, variant)
    doc = fit(doc, facts, wants)
    text = _revise.finish(doc.render(), facts, wants)
    path, content = code_files(facts, doc)
    return Draft(text=text, file_path=path, file_content=content, notice=facts.route.notice)


def _first_variant(feedback: list[Feedback]) -> int:
    # One step per revision that asked for something the writer has no targeted fix for: that revision
    # must still change visibly. Targeted fixes change the text themselves.
    return sum(1 for f in feedback if f.unfixable())


def write(tasks: list[str], feedback: list[str], earlier: list[str]) -> Draft:
    """The next draft: `tasks` are the user's messages (first one the task), `feedback` the grader's
    revision messages so far, `earlier` the drafts already written (none is repeated)."""
    facts = read_facts(tasks[0] if tasks else "", tuple(tasks[1:]))
    read = [read_feedback(m) for m in feedback]
    wants = wants_for(read_task(facts.task, facts.follow_ups), read, base=_base_wants(facts))
    variant = _first_variant(read)
    seen = set(earlier)
    draft = compose(facts, wants, variant)
    for _ in range(_MAX_TRIES):
        if draft.text not in seen and (not draft.file_content or draft.file_content + draft.text not in seen):
            break
        variant += 1
        draft = compose(facts, wants, variant)
    return draft


def first_draft(task: str) -> str:
    """The first answer to a task (no feedback yet)."""
    return write([task], [], []).text


def revise(task: str, previous: str, feedback: str) -> str:
    """A revision of `previous` after one grader message (for callers outside the loop, and tests)."""
    return write([task], [feedback], [previous]).text


def notice_for(task: str) -> str:
    """What the run should say about how the writer read the task (empty when it wrote the genre asked for)."""
    return read_facts(task).route.notice
