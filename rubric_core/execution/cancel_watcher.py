"""Acts on requests stored for the runs live in this process: cancel from any dashboard or CLI on the database.

One light thread per RunManager, alive only while the manager has live runs: about
twice a second it reads the pending cancel requests of those runs (store/requests.py)
and calls `handle.cancel()`; every `HEARTBEAT_EVERY_S` it also refreshes their
heartbeat, so a dashboard on another host sees a run busy in a long step as alive.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from rubric_core.engine import RunHandle
from rubric_core.store import Store

logger = logging.getLogger(__name__)

POLL_S = 0.5
"""How often the stored requests are read (a cancel takes effect within this, plus the step in flight)."""
HEARTBEAT_EVERY_S = 15.0
"""How often a live run's heartbeat is refreshed between its events."""


class CancelWatcher:
    """Polls the store for cancel requests on the handles `live()` returns; runs only while there are some."""

    def __init__(self, store: Store, live: Callable[[], list[Any]]) -> None:
        self.store = store
        self._live = live
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def ensure_running(self) -> None:
        """Start the thread if it is not running (called whenever a run starts here)."""
        if self.store.readonly:
            return
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(target=self._loop, name="rubric-cancel-watcher", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop polling (tests; the thread also ends by itself once no run is live)."""
        self._stop.set()

    def _loop(self) -> None:
        last_beat = time.monotonic()
        while not self._stop.wait(POLL_S):
            handles = [h for h in self._live() if not h.done]
            if not handles:
                with self._lock:
                    # Checked again under the lock: a run kept meanwhile calls ensure_running, which waits for it.
                    if not [h for h in self._live() if not h.done]:
                        self._thread = None
                        return
                continue
            try:
                self._act(handles)
                if time.monotonic() - last_beat >= HEARTBEAT_EVERY_S:
                    last_beat = time.monotonic()
                    self._beat(handles)
            except Exception:  # a database hiccup must not end the watcher; the next poll tries again
                logger.exception("Reading run requests failed")

    def _act(self, handles: list[Any]) -> None:
        from rubric_core.store.requests import mark_handled, pending_cancels

        # A run on a Dask worker reads its requests there; acting here too could mark one handled before it saw it.
        by_id = {h.run_id: h for h in handles if not getattr(h, "cancelled_through_store", False)}
        for run_id in pending_cancels(self.store, list(by_id)):
            by_id[run_id].cancel()
            mark_handled(self.store, run_id)

    def _beat(self, handles: list[Any]) -> None:
        from rubric_core.store.heartbeat import touch_heartbeat
        from rubric_core.store.liveness import this_worker

        for handle in handles:
            if isinstance(handle, RunHandle):  # a run executing in this process (others beat where they run)
                touch_heartbeat(self.store, handle.run_id, this_worker())
