"""Migration 42 (issue 39, steer the loop), kept in a module of its own so schema.py stays small.

Never edit it once released: add the next migration to schema.py's list.
"""

from __future__ import annotations

STEER_MIGRATION: tuple[int, str, list[str]] = (
    42,
    "steer the loop (issue 39): a run's step mode, a fork's parent and fork point, a human verdict's n/a "
    "(rubric_core/engine/steering.py, rubric_core/engine/forking.py); numbered after the issue, clear of the "
    "numbers the other branches of this round take",
    [
        # '' a run that never pauses; 'verdicts' it pauses after each grading pass; 'drafts' also before each.
        "ALTER TABLE runs ADD COLUMN step TEXT NOT NULL DEFAULT ''",
        # A fork: the run it continues ('' none) from the draft of turn `forked_turn`, iteration `forked_at`
        # (0-based), and what was changed there ({kind, rubric?, draft?, feedback?, by}) as JSON.
        "ALTER TABLE runs ADD COLUMN parent_run TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE runs ADD COLUMN forked_turn INTEGER",
        "ALTER TABLE runs ADD COLUMN forked_at INTEGER",
        "ALTER TABLE runs ADD COLUMN fork_json TEXT NOT NULL DEFAULT ''",
        "CREATE INDEX ix_runs_parent ON runs (parent_run)",
        # A human verdict's record: '' on rows written before (read from `passed`), else pass / fail / n/a.
        # An n/a keeps passed = 0, as the library is told of an n/a.
        "ALTER TABLE reviews ADD COLUMN verdict TEXT NOT NULL DEFAULT ''",
    ],
)
