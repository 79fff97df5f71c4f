"""Editing stored runs by hand: tags, notes, deletion (never their events or verdicts)."""

from __future__ import annotations

from rubric_core.store.base import StoreBase
from rubric_core.store.sql import text


class RunEdits(StoreBase):
    """A person's changes to a stored run."""

    def set_tags(self, run_id: str, tags: list[str]) -> None:
        """Replace a run's tags (trimmed, de-duplicated, empty ones dropped)."""
        clean = sorted({t.strip() for t in tags if t and t.strip()})
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            conn.execute(text("DELETE FROM run_tags WHERE run_id = :r"), {"r": run_id})
            if clean:
                conn.execute(
                    text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in clean]
                )

    def set_note(self, run_id: str, note: str) -> None:
        """Replace a run's note."""
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            conn.execute(text("UPDATE runs SET note = :n WHERE id = :r"), {"n": note, "r": run_id})

    def delete_run(self, run_id: str) -> bool:
        """Delete a run and its rows (events, iterations, criteria, tags); False if there was none."""
        with self._known_lock:
            self._known_runs.discard(run_id)
        with self._write() as conn, conn.begin():
            for table in ("events", "criteria", "iterations", "run_tags"):
                conn.execute(text(f"DELETE FROM {table} WHERE run_id = :r"), {"r": run_id})
            return bool(conn.execute(text("DELETE FROM runs WHERE id = :r"), {"r": run_id}).rowcount > 0)
