"""Draft again without losing the author's work: a fresh draft of the (maybe changed) task, with every line the author
edited kept as edited, every line they removed left out, and every line they added (from the lines left to an LLM
grader, or held back) kept.

The author's work is given as `kept` (the index of each drafted line they kept -> its text now) and `added` (lines
they moved into the rubric)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rubric_core.assistant.draft_model import DraftedCriterion, RubricDraft, line


def edited_draft(shown: RubricDraft, kept: Mapping[int, str], added: list[DraftedCriterion]) -> RubricDraft:
    """The draft as the author left it: kept lines (edited ones re-checked), then the lines they added."""
    criteria: list[DraftedCriterion] = []
    for i, c in enumerate(shown.criteria):
        if i not in kept:
            continue
        text = kept[i].strip()
        if text:
            criteria.append(c if text == c.text else line(text, "Edited by the author."))
    moved = {c.text for c in added}
    return replace(
        shown,
        criteria=criteria + list(added),
        left_to_llm=[c for c in shown.left_to_llm if c.text not in moved],
        held_back=[c for c in shown.held_back if c.text not in moved],
    )


def merge_edits(
    fresh: RubricDraft, shown: RubricDraft, kept: Mapping[int, str], added: list[DraftedCriterion]
) -> RubricDraft:
    """`fresh` with the author's edits, removals and additions to `shown` applied."""
    removed = {c.text for i, c in enumerate(shown.criteria) if i not in kept}
    renamed = {c.text: kept[i].strip() for i, c in enumerate(shown.criteria) if i in kept and kept[i].strip() != c.text}
    out: list[DraftedCriterion] = []
    for c in fresh.criteria:
        if c.text in removed:
            continue
        out.append(line(renamed[c.text], "Edited by the author.") if c.text in renamed else c)
    said = {c.text for c in out}
    fresh_texts = {c.text for c in fresh.criteria}
    own = [line(t, "Edited by the author.") for o, t in renamed.items() if o not in fresh_texts and t] + list(added)
    for c in own:  # the author's lines the task no longer gives, and the lines they added: kept
        if c.text not in said:
            out.append(c)
            said.add(c.text)
    left = [c for c in fresh.left_to_llm if c.text not in said and c.text not in removed]
    held = [c for c in fresh.held_back if c.text not in said]
    mine = len([c for c in out if c.text not in fresh_texts])
    message = "Drafted again from the task; your edits and removals are kept" + (
        f" ({mine} line{'s' if mine != 1 else ''} of yours)." if mine else "."
    )
    return replace(fresh, criteria=out, left_to_llm=left, held_back=held, message=message)
