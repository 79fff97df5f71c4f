"""Importing whole runs: their events recorded in one transaction, plus the fields no event carries."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.engine.events import RunEvent
from rubric_core.store.sql import text
from rubric_core.store.writer import EventWriter

IMPORTED_COLUMNS = frozenset(
    {
        "rubric",
        "rubric_version",
        "turns",
        "final_output",
        "final_files_json",
        "error",
        "note",
        "input_tokens",
        "output_tokens",
        "total_tokens",
        "wall_time_s",
    }
)
"""Run columns an import restores as exported (no event carries them exactly)."""


class RunImports(EventWriter):
    """Record imported runs through the same event handlers as live ones (one transaction for a whole file)."""

    def import_runs(
        self, runs: list[tuple[list[RunEvent], str]] | list[tuple[list[RunEvent], str, dict]]
    ) -> tuple[int, int]:
        """Record whole runs (their events, the source name, restored fields) in one transaction.

        A run whose id is already stored is skipped, so importing a file twice
        adds nothing. An optional third item restores what no event carries:
        `{"columns": {column: value}, "tags": [...]}` (columns from IMPORTED_COLUMNS only).
        Returns (imported, skipped).
        """
        imported = skipped = 0
        with self._write() as conn, conn.begin():
            for events, source, *rest in runs:
                if not events:
                    continue
                if self._run_exists(conn, events[0].run_id):
                    skipped += 1
                    continue
                for ev in events:
                    self._apply(conn, ev)
                conn.execute(
                    text("UPDATE runs SET imported_from = :s, worker = '' WHERE id = :id"),
                    {"s": source, "id": events[0].run_id},
                )
                if rest:
                    self._restore(conn, events[0].run_id, rest[0])
                imported += 1
        return imported, skipped

    @staticmethod
    def _restore(conn: Connection, run_id: str, restored: dict[str, Any]) -> None:
        columns = {k: v for k, v in (restored.get("columns") or {}).items() if k in IMPORTED_COLUMNS}
        if columns:
            sets = ", ".join(f"{k} = :{k}" for k in columns)
            conn.execute(text(f"UPDATE runs SET {sets} WHERE id = :id"), {**columns, "id": run_id})
        tags = sorted({t.strip() for t in restored.get("tags") or [] if t and t.strip()})
        if tags:
            conn.execute(
                text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in tags]
            )
        reviews = restored.get("reviews") or []
        if reviews:
            # The human verdicts an export carries (the newest of each cell), beside the grader's as ever.
            conn.execute(
                text(
                    "INSERT INTO reviews (run_id, turn, iteration, position, revision, criterion, passed, reason, "
                    "reviewer, created_at) VALUES (:r, :turn, :iteration, :position, 0, :criterion, :passed, "
                    ":reason, :reviewer, :created_at)"
                ),
                [
                    {**v, "r": run_id, "passed": int(bool(v["passed"])), "created_at": v["created_at"] or time.time()}
                    for v in reviews
                ],
            )
