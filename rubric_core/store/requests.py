"""Requests to a run from any process on the same database (migration 6): cancel, kept in `run_requests`.

A dashboard or the command line may show a run that executes elsewhere (a Dask
worker, another dashboard's process). It cannot reach that run's handle, so it
stores a request; the process executing the run polls for requests on its live
runs (`RequestWatcher`, about twice a second) and turns a cancel into
`handle.cancel()`, then marks the request handled.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from rubric_core.store.store import Store, text

RequestKind = Literal["cancel"]
"""What a request asks of the run; only cancel for now."""


def _write(store: Store) -> Any:
    return store._write()


def request_cancel(store: Store, run_id: str) -> None:
    """Store a pending cancel request for the run (the process executing it acts on it)."""
    with _write(store) as conn, conn.begin():
        conn.execute(text("DELETE FROM run_requests WHERE run_id = :r AND kind = 'cancel'"), {"r": run_id})
        conn.execute(
            text("INSERT INTO run_requests (run_id, kind, at, handled_at) VALUES (:r, 'cancel', :at, NULL)"),
            {"r": run_id, "at": time.time()},
        )


def clear_requests(store: Store, run_id: str) -> None:
    """Forget a run's requests before it is (re)started, so an old cancel cannot stop the new part."""
    with _write(store) as conn, conn.begin():
        conn.execute(text("DELETE FROM run_requests WHERE run_id = :r"), {"r": run_id})


def pending_cancels(store: Store, run_ids: list[str]) -> set[str]:
    """Which of these runs have a cancel request not yet handled."""
    if not run_ids:
        return set()
    names = ", ".join(f":i{i}" for i in range(len(run_ids)))
    params = {f"i{i}": run_id for i, run_id in enumerate(run_ids)}
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                f"SELECT run_id FROM run_requests WHERE kind = 'cancel' AND handled_at IS NULL AND run_id IN ({names})"
            ),
            params,
        ).all()
    return {r[0] for r in rows}


def mark_handled(store: Store, run_id: str, kind: RequestKind = "cancel") -> None:
    """The executing process acted on the request."""
    with _write(store) as conn, conn.begin():
        conn.execute(
            text("UPDATE run_requests SET handled_at = :at WHERE run_id = :r AND kind = :k AND handled_at IS NULL"),
            {"r": run_id, "k": kind, "at": time.time()},
        )


def cancel_pending(store: Store, run_id: str) -> bool:
    """Whether a cancel request for the run waits to be handled (the page shows "Cancelling…")."""
    return run_id in pending_cancels(store, [run_id])
