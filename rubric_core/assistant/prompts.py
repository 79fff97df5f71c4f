"""The assistant's prompts to a model, kept apart from the code that sends them."""

from __future__ import annotations

from typing import Any

DRAFT_PROMPT = """You write rubrics: checklists of what "done" means for a task an AI agent will do.
A grader will judge each criterion of your rubric on each draft the agent writes, and the agent revises until
every criterion passes.

Write one criterion for each demand the task states (lengths, counts, forms, required words and facts, formats,
code, audience, tone), and nothing the task does not ask for. Each criterion:
- is short (under 15 words) and concrete: a grader can see in the answer whether it holds;
- checks one thing (no "and" joining two checks);
- keeps the task's meaning exactly: a prohibition stays a prohibition ("do not use the word X" -> "Does not use the
  word "X""), a quoted phrase is copied whole with its punctuation, a range keeps both ends ("three to five bullet
  points" -> "Has 3 to 5 bullet points"), "under N" stays "fewer than N", never "exactly";
- never claims a place another criterion claims: a closing question with a required sign-off is "The last sentence
  before the sign-off is a question";
- has a one-line reason saying which part of the task it follows from.
{note}
Task:
<task>
{task}
</task>
"""

AMEND_NOTE = """The author saw this draft and asks you to change it: "{note}". Keep what they did not ask to change.
Draft they saw:
{previous}
"""

EDIT_PROMPT = """You improve rubrics for an AI grader. One criterion of the rubric below has problems found in
its stored evidence. Propose 1 to 3 edits of that criterion that would make the grader's verdicts agree with
human reviewers: reword it to something observable, split a compound line, make a measure explicit, name a
grader tool that can check it, or drop a line that tells nothing. Each edit gives the new line(s) in full.

Rubric:
{rubric}

Criterion: {criterion}

Findings:
{findings}

Reviewed cells where the grader and a person disagree (draft excerpt, verdicts, the reviewer's reason):
{cells}

Grader tools available: {tools}
"""


def cell_sample(evidence: Any, criterion: str, split: Any, limit: int = 8) -> str:
    """Disagreeing reviewed cells of the learning part (never a held-out one), for the proposer to read."""
    rows = []
    for c in evidence.of(criterion):
        if c.human is None or c.verdict == "n/a" or split.holds_out(c.run_id):
            continue
        if (c.verdict == "pass") == c.human:
            continue
        draft = " ".join(evidence.drafts.get((c.run_id, c.turn, c.iteration), "").split())
        excerpt = draft[:400] + ("…" if len(draft) > 400 else "")
        rows.append(
            f"- draft: {excerpt!r}\n  grader: {c.verdict}; person: {'pass' if c.human else 'fail'}"
            + (f"; reason: {c.human_reason!r}" if c.human_reason else "")
        )
        if len(rows) >= limit:
            break
    return "\n".join(rows)
