"""Migration 41: one transient live-preview row per run (issue 39, "watch it being written").

Kept apart from schema.py (which is at its size limit); schema.py lists it in MIGRATIONS like any other.
"""

from __future__ import annotations

LIVE_MIGRATION: tuple[int, str, list[str]] = (
    41,
    "the live preview: one transient row per live run, what its model is writing and doing now "
    "(rubric_core/store/live_preview.py); never an event, deleted when the run's part ends",
    [
        # Upserted by the process executing the run at most ~10 times a second; the page polls it. `seq` counts
        # the writes of the run's current part (the page's stamp; a test reads it to count them).
        """CREATE TABLE run_live (
            run_id TEXT NOT NULL PRIMARY KEY REFERENCES runs (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            at REAL NOT NULL,
            data_json TEXT NOT NULL
        )""",
    ],
)
