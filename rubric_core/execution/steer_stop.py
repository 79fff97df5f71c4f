"""Stopping a paused run where it stands: its decision and its end, recorded here (no worker is needed)."""

from __future__ import annotations

import time
from typing import Any

from rubric_core.events import RunEvent


def record_stop(store: Any, run_id: str, decision: dict[str, Any]) -> None:
    """Store the `steered` (stop) and `cancelled` events of a paused run: it ends `cancelled`, resumable.

    Resuming it later pauses again at the same place (its checkpoint still waits there), with no model call.
    """
    totals = store.run_totals(run_id)
    runs = store.get_run(run_id) or {}
    now = time.time()
    seq = store.next_seq(run_id)
    store.record(RunEvent(run_id=run_id, seq=seq, type="steered", at=now, data=dict(decision)))
    store.record(
        RunEvent(
            run_id=run_id,
            seq=seq + 1,
            type="cancelled",
            at=now,
            data={
                "turn": int(decision["turn"]),
                "iterations": int(runs.get("iterations") or 0),
                "reason": "stopped at a pause",
                **totals,
            },
        )
    )
