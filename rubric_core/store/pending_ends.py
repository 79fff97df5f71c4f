"""The end of a run the store could not record (its database went away, its disk filled): recorded once it can be.

A run whose terminal event could not be written would read `running` for as
long as its process lives. The event is kept here and written again, with a
growing pause, until the database takes it; the run then reads `interrupted`
(resumable) without anyone restarting anything. Should the process end first,
the next process that opens the store marks the run (store/orphans.py).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable
from typing import Any

from rubric_core.events import RunEvent
from rubric_core.store.sql import text

logger = logging.getLogger(__name__)
FIRST_PAUSE_S = 0.5
LONGEST_PAUSE_S = 15.0


class PendingEnds:
    """Terminal events waiting for the database; one retry thread per store while any is waiting."""

    def __init__(self, store: Any, worker: Callable[[], str]) -> None:
        self._store = store
        self._worker = worker
        self._events: dict[str, RunEvent] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self.closed = False

    def keep(self, event: RunEvent) -> None:
        """Write `event` (a terminal one) as soon as the database answers again."""
        with self._lock:
            self._events[event.run_id] = event
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._retry, name="rubric-pending-ends", daemon=True)
                self._thread.start()

    def forget(self, run_id: str) -> None:
        """The run starts again (resumed here): its old end must not be written over the new part."""
        with self._lock:
            self._events.pop(run_id, None)

    def waiting(self) -> list[str]:
        """Run ids whose end is not recorded yet."""
        with self._lock:
            return list(self._events)

    def close(self) -> None:
        """Stop retrying (the store is closing)."""
        self.closed = True
        self._wake.set()

    def _retry(self) -> None:
        pause = FIRST_PAUSE_S
        while not self.closed:
            self._wake.wait(pause)
            if self.closed:
                return
            with self._lock:
                events = list(self._events.values())
            for event in events:
                try:
                    self._record(event)
                except Exception as exc:  # noqa: BLE001 -- still unreachable: try again later
                    logger.info("The end of run %s is still not recorded: %s", event.run_id, exc)
                    continue
                with self._lock:
                    if self._events.get(event.run_id) is event:
                        del self._events[event.run_id]
            with self._lock:
                if not self._events:
                    self._thread = None
                    return
            pause = min(pause * 2, LONGEST_PAUSE_S)

    def _record(self, event: RunEvent) -> None:
        """Write the end if the run is still the one this process stopped (else it was resumed: drop it).

        Checked and written in one transaction (the row locked on PostgreSQL), so a resume that
        starts at the same moment either sees the end or replaces it, never follows it.
        """
        from rubric_core.store.liveness import stopped_here

        store = self._store
        if not stopped_here(event.run_id):
            return
        lock = " FOR UPDATE" if store.dialect == "postgresql" else ""
        with store._write() as conn, conn.begin():
            row = conn.execute(
                text(f"SELECT status, worker FROM runs WHERE id = :id{lock}"), {"id": event.run_id}
            ).first()
            if row is None or row[0] != "running" or row[1] != self._worker():
                return
            # Events after the outage were lost with it: the end takes the next free number, leaving no gap.
            seq = conn.execute(text("SELECT MAX(seq) FROM events WHERE run_id = :r"), {"r": event.run_id}).scalar()
            store._apply(conn, dataclasses.replace(event, seq=0 if seq is None else int(seq) + 1))
        logger.warning("Recorded the end of run %s once the database answered again", event.run_id)
