"""Editing stored runs by hand: tags, notes, deletion (never their events or verdicts)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.store.base import StoreBase
from rubric_core.store.sql import text


class RunEdits(StoreBase):
    """A person's changes to a stored run."""

    def set_tags(self, run_id: str, tags: list[str]) -> None:
        """Replace a run's tags (trimmed, de-duplicated, empty ones dropped); its edit stamp moves on."""
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            self._stamp(conn, run_id, None, "")
            self._replace_tags(conn, run_id, tags)

    def set_note(self, run_id: str, note: str) -> None:
        """Replace a run's note; its edit stamp moves on."""
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            self._stamp(conn, run_id, None, "")
            conn.execute(text("UPDATE runs SET note = :n WHERE id = :r"), {"n": note, "r": run_id})

    def edit_stamp(self, run_id: str) -> dict[str, Any]:
        """What a person's edit of the run's tags and note is based on: {stamp, tags, note, edited_by, edited_at}."""
        with self.engine.connect() as conn:
            self._require(conn, run_id)
            return self._edit_state(conn, run_id)

    def save_run_edits(self, run_id: str, *, tags: list[str], note: str, based_on: int, by: str = "") -> int:
        """Replace a run's tags and note if nobody saved them since edit stamp `based_on`; the new stamp.

        The stamp is compared and moved by one UPDATE in the transaction that writes the tags and the note, on
        SQLite and PostgreSQL alike: when it moved, nothing is written and EditConflict says who saved what, when.
        """
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            if not self._stamp(conn, run_id, based_on, by):
                from rubric_core.store.conflicts import EditConflict

                current = self._edit_state(conn, run_id)
                raise EditConflict(what=f"the tags and note of run {run_id}", based_on=based_on, current=current)
            self._replace_tags(conn, run_id, tags)
            conn.execute(text("UPDATE runs SET note = :n WHERE id = :r"), {"n": note, "r": run_id})
            return based_on + 1

    @staticmethod
    def _stamp(conn: Connection, run_id: str, based_on: int | None, by: str) -> bool:
        """Move the run's edit stamp on (only from `based_on` when given); whether it moved."""
        condition = "" if based_on is None else " AND edit_version = :base"
        moved = conn.execute(
            text(
                "UPDATE runs SET edit_version = edit_version + 1, edited_at = :at, edited_by = :by "
                f"WHERE id = :r{condition}"
            ),
            {"at": time.time(), "by": by, "r": run_id, "base": based_on},
        ).rowcount
        return bool(moved)

    @staticmethod
    def _replace_tags(conn: Connection, run_id: str, tags: list[str]) -> None:
        clean = sorted({t.strip() for t in tags if t and t.strip()})
        conn.execute(text("DELETE FROM run_tags WHERE run_id = :r"), {"r": run_id})
        if clean:
            conn.execute(
                text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in clean]
            )

    @staticmethod
    def _edit_state(conn: Connection, run_id: str) -> dict[str, Any]:
        row = conn.execute(
            text("SELECT edit_version, note, edited_by, edited_at FROM runs WHERE id = :r"), {"r": run_id}
        ).one()
        tags = [
            r[0] for r in conn.execute(text("SELECT tag FROM run_tags WHERE run_id = :r ORDER BY tag"), {"r": run_id})
        ]
        return {"stamp": int(row[0]), "note": row[1], "edited_by": row[2], "edited_at": row[3], "tags": tags}

    def delete_run(self, run_id: str) -> bool:
        """Delete a run and its rows (events, iterations, criteria, tags); False if there was none."""
        with self._known_lock:
            self._known_runs.discard(run_id)
        with self._write() as conn, conn.begin():
            for table in ("events", "criteria", "iterations", "run_tags"):
                conn.execute(text(f"DELETE FROM {table} WHERE run_id = :r"), {"r": run_id})
            return bool(conn.execute(text("DELETE FROM runs WHERE id = :r"), {"r": run_id}).rowcount > 0)
