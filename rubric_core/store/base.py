"""What every part of the store shares: the engine, the read-only guard, run existence and live status.

The store's concerns (event writer, queries, edits, rubric library) are mixins
over this base; `store.Store` puts them together and opens the database.
"""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy.engine import Connection, Engine

from rubric_core.store.errors import StoreError
from rubric_core.store.liveness import stopped_here, worker_alive
from rubric_core.store.sql import text


class StoreBase:
    """State and helpers the store's mixins rely on (set up by `Store.__init__`)."""

    url: str
    display_url: str
    readonly: bool
    engine: Engine
    dialect: str
    """'sqlite' or 'postgresql' (or another SQLAlchemy dialect name)."""
    _known_runs: set[str]
    _known_lock: threading.Lock
    _parts: dict[str, tuple[float, float]]

    @property
    def _is_sqlite(self) -> bool:
        return self.dialect == "sqlite"

    def _write(self) -> Any:
        """A connection marked for writing (SQLite begins IMMEDIATE); StoreError when read-only."""
        if self.readonly:
            msg = (
                f"The store at {self.display_url} is open read-only (this user cannot write it), and this needs "
                "to write. Ask its owner for write access, or copy it and point RUBRIC_STUDIO_HOME at the copy."
            )
            raise StoreError(msg)
        return self.engine.connect().execution_options(write=True)

    def existing_run_ids(self, run_ids: list[str]) -> list[str]:
        """Which of these run ids the store holds."""
        found: list[str] = []
        with self.engine.connect() as conn:
            for start in range(0, len(run_ids), 500):
                chunk = run_ids[start : start + 500]
                names = ", ".join(f":i{i}" for i in range(len(chunk)))
                rows = conn.execute(
                    text(f"SELECT id FROM runs WHERE id IN ({names})"), {f"i{i}": v for i, v in enumerate(chunk)}
                )
                found += [str(r[0]) for r in rows]
        return found

    @staticmethod
    def _run_exists(conn: Connection, run_id: str) -> bool:
        return conn.execute(text("SELECT 1 FROM runs WHERE id = :id"), {"id": run_id}).first() is not None

    def _require(self, conn: Connection, run_id: str) -> None:
        if not self._run_exists(conn, run_id):
            msg = f"No run {run_id!r} in the store."
            raise KeyError(msg)

    @staticmethod
    def _status(row: dict[str, Any]) -> str:
        if row["status"] == "running":
            worker = row.get("worker", "")
            if not worker_alive(worker, row.get("heartbeat_at")):
                return "interrupted"
            if stopped_here(row["id"], worker):
                return "interrupted"  # stopped here without the store hearing of it (disk full)
        return str(row["status"])
