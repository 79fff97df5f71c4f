"""Runs whose process died before the store heard their end: marked `interrupted`, saying what is known.

A process killed outright (SIGKILL, out of memory, a crash), or one that lost
its database and ended before it came back, leaves its runs `running`. They
already read `interrupted` (store/liveness.py), but the stored row and its
events would say `running` for ever, and nothing would say why. The first
process that opens the store for writing afterwards records the end: an
`interrupted` event with reason `process_lost` and a message naming the
process and what can be said of it. Only runs of this host whose process is
provably gone are touched (a pid on another host is not ours to judge).
"""

from __future__ import annotations

import logging
import socket
import time
from typing import Any

from rubric_core.store.liveness import worker_alive
from rubric_core.store.sql import text

logger = logging.getLogger(__name__)

PROCESS_LOST_MESSAGE = (
    "The process running this run (pid {pid} on {host}) ended before the store recorded the run's end: it was "
    "killed (SIGKILL, out of memory), crashed, or lost its database and stopped before it answered again. "
    "Nothing saved is lost: resume it to finish (python -m rubric_core resume {run_id})."
)


def mark_orphans(store: Any) -> list[str]:
    """Record `interrupted` for this host's `running` runs whose process is gone; their ids."""
    host = socket.gethostname()
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT id, worker, heartbeat_at, input_tokens, output_tokens, total_tokens, wall_time_s, turns "
                "FROM runs WHERE status = 'running'"
            )
        ).all()
    marked = []
    for row in rows:
        run_id, worker = row[0], row[1] or ""
        if not worker.startswith(host + "|") or worker_alive(worker, row[2]):
            continue
        if _mark(store, run_id, worker, row):
            marked.append(run_id)
    if marked:
        logger.warning("Marked %d run(s) interrupted whose process had died: %s", len(marked), ", ".join(marked))
    return marked


def _mark(store: Any, run_id: str, worker: str, row: Any) -> bool:
    from rubric_core.events import RunEvent

    pid = worker.split("|")[1] if worker.count("|") >= 1 else "?"
    message = PROCESS_LOST_MESSAGE.format(pid=pid, host=worker.split("|")[0], run_id=run_id)
    lock = " FOR UPDATE" if store.dialect == "postgresql" else ""
    with store._write() as conn, conn.begin():
        current = conn.execute(text(f"SELECT status, worker FROM runs WHERE id = :id{lock}"), {"id": run_id}).first()
        if current is None or current[0] != "running" or current[1] != worker:
            return False  # it moved on meanwhile (resumed by another process)
        seq = conn.execute(text("SELECT MAX(seq) FROM events WHERE run_id = :r"), {"r": run_id}).scalar()
        event = RunEvent(
            run_id=run_id,
            seq=0 if seq is None else int(seq) + 1,
            type="interrupted",
            at=float(row[2] or time.time()),
            data={
                "turn": max(0, int(row[7] or 1) - 1),
                "reason": "process_lost",
                "message": message,
                "tokens": {"input_tokens": row[3], "output_tokens": row[4], "total_tokens": row[5]},
                "wall_time_s": float(row[6] or 0.0),
            },
        )
        store._apply(conn, event)
    return True


__all__ = ["PROCESS_LOST_MESSAGE", "mark_orphans"]
