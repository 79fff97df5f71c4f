"""Draft a rubric from a task: one short, observable criterion per demand the task states, each with the check that
will judge it, and (offline) what the drafter leaves to an LLM grader, with why.

Offline, rules read the task clause by clause (rules_draft.py): a prohibition stays a prohibition, a quoted phrase
stays whole, a range keeps both ends, nothing the task asks is dropped, and two criteria that cannot both hold are
reconciled or one is held back (draft_conflicts.py). With a model, the model drafts through structured output
(drafting_llm.py) and the same guards are applied to its answer. Either way the author keeps, edits or removes each
line, adds a line left to an LLM grader, or asks for a change in plain words (draft_notes.py: "add a greeting",
"remove 2", "make it stricter"); a note the drafter cannot apply is refused and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rubric_core.assistant.draft_inputs import DraftInputError, check_note, check_task
from rubric_core.assistant.draft_model import DraftedCriterion, RubricDraft, line

__all__ = ["DraftInputError", "DraftedCriterion", "RubricDraft", "amend_rubric", "draft_rubric", "line"]

OFFLINE_DRAFTERS = ("offline", "offline:grader", "offline:writer", "offline:rules")
"""Specs that draft with the rules (the offline grader's phrasings); any other offline:NAME is refused."""


def drafter_model(model: str | None) -> str | None:
    """None for the rules, else the provider spec to draft with; DraftInputError for an offline model that is not
    a drafter (offline:nosuch), so a typo never drafts silently with the rules."""
    spec = (model or "").strip()
    if not spec or spec.lower() in OFFLINE_DRAFTERS:
        return None
    if spec.lower().startswith("offline"):
        msg = (
            f"Unknown offline drafter {spec!r}: leave --model out (or use offline:grader) to draft with the rules "
            "the offline grader reads, or name a provider model such as openai:gpt-4o-mini."
        )
        raise DraftInputError(msg)
    return spec


def draft_rubric(
    task: str,
    *,
    model: str | None = None,
    note: str = "",
    previous: RubricDraft | None = None,
    before: RubricDraft | None = None,
    keys: Mapping[str, str] | None = None,
    store: Any = None,
) -> RubricDraft:
    """A rubric drafted from `task` (offline rules, or `model` through structured output). With `note`, the note is
    applied to `previous` (the draft as the author left it) or to a fresh draft; `before` is the draft before
    `previous`, for "undo". Bad input (an empty task, a NUL, an unknown offline model, a note that cannot apply)
    raises DraftInputError before any model is called."""
    text = check_task(task)
    spec = drafter_model(model)
    wanted = check_note(note) if note and note.strip() else ""
    if spec is None:
        from rubric_core.assistant.rules_draft import draft_with_rules

        if previous is not None and wanted:
            base = previous
        else:
            got = draft_with_rules(text)
            base = RubricDraft(got.criteria, got.left, "rules", {}, "", got.held, got.warnings)
        return amend_draft(text, base, wanted, before=before) if wanted else base
    from rubric_core.assistant.drafting_llm import draft_with_model

    return draft_with_model(text, spec, note=wanted, previous=previous, before=before, keys=keys, store=store)


def amend_draft(task: str, draft: RubricDraft, note: str, *, before: RubricDraft | None = None) -> RubricDraft:
    """The draft with the note applied by rules, or DraftInputError saying why it cannot be (nothing changed)."""
    from rubric_core.assistant.draft_notes import apply_note

    return apply_note(task, draft, check_note(note), before=before)


def amend_rubric(task: str, rubric: str | list[str], note: str) -> RubricDraft:
    """A written rubric (one "- criterion" a line, or the lines) with a note applied; the author's lines are kept
    word for word unless the note changes them."""
    text = check_task(task)
    lines = (
        rubric
        if isinstance(rubric, list)
        else [x.strip()[2:].strip() if x.strip().startswith(("- ", "* ")) else x.strip() for x in rubric.splitlines()]
    )
    draft = RubricDraft([line(x, "Written by the author.") for x in lines if x.strip()], source="author")
    if not draft.criteria:
        msg = "The rubric is empty: write at least one criterion (one per line, starting with '- ')."
        raise DraftInputError(msg)
    return amend_draft(text, draft, note)
