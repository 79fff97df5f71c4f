"""A run's live preview (migration 41): one transient row per live run, never one of its events.

The process executing a run (the dashboard's threads, a pool worker, a Dask worker) upserts what the run
is doing between two events (the text its model is writing, its tool calls in flight, its todos, the
grader's pass) at most about ten times a second (rubric_core/execution/live_channel.py); every page
showing the run reads it from here, so the preview crosses processes, hosts and databases as the events
do. The row is deleted when the run's part ends; the stored events stay the record of the run.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from rubric_core.store.raw_sqlite import RawConnection
from rubric_core.store.store import Store, text

_UPSERT = text(
    "INSERT INTO run_live (run_id, seq, at, data_json) VALUES (:r, 1, :at, :d) "
    "ON CONFLICT (run_id) DO UPDATE SET seq = run_live.seq + 1, at = excluded.at, data_json = excluded.data_json"
)


def _in_write(store: Store, apply: Callable[[Any], None]) -> None:
    """Run `apply(conn)` in one write transaction (on SQLite through the event writer's own connection and lock,
    so a preview write queues behind an event of the same process instead of on the file's busy timeout)."""
    raw = getattr(store, "_raw", None)
    if raw is not None:
        with store._raw_lock:
            cur = raw.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                apply(RawConnection(cur))
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")
        return
    with store._write() as conn, conn.begin():
        apply(conn)


def write_live(store: Store, previews: Iterable[tuple[str, str]]) -> None:
    """Upsert each (run_id, data as JSON text) in one transaction; a run no longer in the store is skipped."""
    rows = list(previews)
    if not rows:
        return
    now = time.time()

    def apply(conn: Any) -> None:
        for run_id, data in rows:
            known = conn.execute(text("SELECT 1 FROM runs WHERE id = :r"), {"r": run_id}).first()
            if known is not None:  # deleted while it ran: its preview has no row to belong to
                conn.execute(_UPSERT, {"r": run_id, "at": now, "d": data})

    _in_write(store, apply)


def clear_live(store: Store, run_id: str) -> None:
    """Delete the run's preview (its part ended, or a new part starts)."""
    _in_write(store, lambda conn: conn.execute(text("DELETE FROM run_live WHERE run_id = :r"), {"r": run_id}))


def read_live(store: Store, run_id: str) -> dict[str, Any] | None:
    """The run's preview now: its data with `seq` (writes so far) and `at` (unix time of the last), or None."""
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT seq, at, data_json FROM run_live WHERE run_id = :r"), {"r": run_id}).first()
    if row is None:
        return None
    try:
        data = json.loads(row[2])
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    return {**data, "seq": int(row[0]), "at": float(row[1])}
