"""Task labels that tell runs apart in a list a line wide (the Runs table's task column).

A suite's tasks share their opening ("Write a short poem about a kettle…", "Write a short poem about a bridge…"):
cut to the column's width they all read the same. When the word where a task parts from the others on the page
would be past the column's edge, its label starts there instead, with a word before for context and "…" for what
was left out; every other task keeps its start. The whole task is in the run's preview.
"""

from __future__ import annotations

from collections.abc import Sequence

SHARED_WORDS = 4
"""An opening of this many words shared with another task is left out of the label."""
CONTEXT_WORDS = 1
"""Words of the shared opening kept before the part that differs ("…a kettle", not "…kettle")."""
ELLIPSIS = "…"


def _shared(a: list[str], b: list[str]) -> int:
    """How many opening words `a` and `b` have in common."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x.casefold() != y.casefold():
            break
        n += 1
    return n


def task_labels(tasks: Sequence[str], *, width: int = 28) -> list[str]:
    """One label per task, in order: each task from where it differs from the other tasks listed with it, when
    that is further in than `width` characters (what the column shows).

    Tasks that are the same word for word keep their start (nothing in the task tells them apart; the other
    columns do). Whitespace is folded to single spaces.
    """
    words = [str(t).split() for t in tasks]
    labels = []
    for i, mine in enumerate(words):
        shared = max(
            (_shared(mine, other) for j, other in enumerate(words) if j != i and other != mine),
            default=0,
        )
        hidden = len(" ".join(mine[: shared + 1])) > width  # the first differing word is past the column's edge
        if shared >= SHARED_WORDS and shared < len(mine) and hidden:
            labels.append(ELLIPSIS + " ".join(mine[shared - CONTEXT_WORDS :]))
        else:
            labels.append(" ".join(mine))
    return labels
