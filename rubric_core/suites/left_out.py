"""What a rate leaves out, said beside it: one wording for the command line, the Suites page and the matrix.

A pass rate counts judged results only (an item that ended satisfied, max_iterations_reached or failed). The rest
is counted beside it, by what happened: the working model or the agent failed (error), the grader failed
(grader_error), an item unmet only on criteria the grader could not judge (n/a), or an item not run to its end
(never started, running, cancelled, interrupted).
"""

from __future__ import annotations

from typing import Any

from rubric_core.words import counted


def left_out_parts(summary: Any) -> list[str]:
    """['2 errors (the working model or the agent failed)', '1 grader error', ...] for a suite or column summary."""
    errors = int(getattr(summary, "left_out_errors", 0) or 0)
    grader_errors = int(getattr(summary, "left_out_grader_errors", 0) or 0)
    na = int(getattr(summary, "left_out_na", 0) or 0)
    unfinished = int(getattr(summary, "left_out_unfinished", 0) or 0)
    parts = []
    if errors:
        parts.append(f"{counted(errors, 'error')} (the working model or the agent failed)")
    if grader_errors:
        parts.append(f"{counted(grader_errors, 'grader error')} (the grader failed)")
    if na:
        parts.append(f"{counted(na, 'item')} unmet only on n/a criteria")
    if unfinished:
        parts.append(f"{counted(unfinished, 'item')} not run to the end (not started, running or cancelled)")
    return parts


def left_out_text(summary: Any) -> str:
    """'' or '; left out: 2 errors (...), 1 grader error (...)'."""
    parts = left_out_parts(summary)
    return "; left out: " + ", ".join(parts) if parts else ""


def why_no_result(summary: Any) -> str:
    """Why a rate has nothing to count, naming what failed most: the writer, the grader, n/a only, or nothing ran
    to its end yet (`left_out_text` lists all of it)."""
    errors = int(getattr(summary, "left_out_errors", 0) or 0)
    grader_errors = int(getattr(summary, "left_out_grader_errors", 0) or 0)
    na = int(getattr(summary, "left_out_na", 0) or 0)
    unfinished = int(getattr(summary, "left_out_unfinished", 0) or 0)
    if errors and errors >= grader_errors:
        why = (
            "the working model (writer) or the agent failed on "
            f"{counted(errors, 'item')}: fix the working model (its key, its provider) or the agent"
        )
    elif grader_errors:
        why = f"the grader failed on {counted(grader_errors, 'item')}: fix the grader (its key, its provider)"
    elif na:
        why = (
            f"{counted(na, 'item')} had no verdict but n/a: use a grader that can judge these criteria "
            "(or a grader tool for them)"
        )
    elif unfinished:
        why = f"{counted(unfinished, 'item')} not run to the end yet: resume the suite run"
    else:
        why = "there are no items"
    return why


def left_out_short(summary: Any) -> list[str]:
    """The same counts in a few words each, for a column's header: ['1 error', '2 grader errors', '8 to run']."""
    counts = (
        (int(getattr(summary, "left_out_errors", 0) or 0), "error"),
        (int(getattr(summary, "left_out_grader_errors", 0) or 0), "grader error"),
        (int(getattr(summary, "left_out_na", 0) or 0), "n/a only"),
        (int(getattr(summary, "left_out_unfinished", 0) or 0), "to run"),
    )
    return [f"{n} {what}" if what in ("n/a only", "to run") else counted(n, what) for n, what in counts if n]
