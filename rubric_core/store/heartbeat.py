"""A running run's heartbeat, refreshed while its worker is busy in a long step.

Another host cannot look at the worker's pid: it judges a `running` run by
`heartbeat_at` (store/liveness.py). Events refresh it; a step can take long,
so the process executing a run also refreshes it between events.
"""

from __future__ import annotations

import time

from rubric_core.store.store import Store, text


def touch_heartbeat(store: Store, run_id: str, worker: str) -> None:
    """Set the run's heartbeat to now, if it is still running on `worker`."""
    with store._write() as conn, conn.begin():
        conn.execute(
            text("UPDATE runs SET heartbeat_at = :h WHERE id = :r AND status = 'running' AND worker = :w"),
            {"h": time.time(), "r": run_id, "w": worker},
        )
