"""Migration 44 (issue 42): exactly one run per suite cell, claimed in the store before it starts.

Kept apart from schema.py (at its size limit); schema.py lists it with the others.
"""

from __future__ import annotations

MIGRATION_44: tuple[int, str, list[str]] = (
    44,
    "one run per suite cell: the claim a suite runner takes on a cell (item x column) before its run starts "
    "(rubric_core/suites/claims.py); the paths of a draft's files that came from a filesystem backend",
    [
        # One row per cell being started or run; the primary key refuses a second claim, in SQLite and PostgreSQL
        # alike. column_index -1 is a one-column suite run's item. The holder's process (host|pid|start) lets a
        # claim left by a process that died be taken over; the row goes when the cell's run ends.
        """CREATE TABLE suite_claims (
            suite_run_id TEXT NOT NULL REFERENCES suite_runs (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            column_index INTEGER NOT NULL,
            token TEXT NOT NULL,
            worker TEXT NOT NULL,
            claimed_at REAL NOT NULL,
            PRIMARY KEY (suite_run_id, position, column_index)
        )""",
        # Which of a draft's files came from disk (a filesystem backend), as its event says: exports carry it.
        "ALTER TABLE iterations ADD COLUMN disk_files_json TEXT NOT NULL DEFAULT ''",
    ],
)
