"""The live channel: what a run is doing between its events, written to its live-preview row, throttled.

Wherever a run executes (`jobs.start_job`: the dashboard's threads, a pool worker, a Dask worker), a
`LivePublisher` is one of its subscribers and its `LiveSink`: the engine's `LiveActivity` tells it that
something changed (a token, a tool call, a todo, the grader's pass), and one flusher thread per process
writes the newest snapshot of every changed run to the store (store/live_preview.py) on ticks shared by all
the process's runs, LIVE_INTERVAL_S apart: at most one write per run per tick, whatever the provider sends,
and every due run of a store in one transaction (so 16 live runs cost the database ten small transactions a
second, not 160, and a fast offline run one write, not one per step). A stored event that makes the row
stale (a draft, a verdict) is written on the next tick; the page drops what the stored events already show
meanwhile (views/live_payload.py). The run part's end deletes the row. The page polls the row, so the
preview works across processes, Dask and PostgreSQL as the events do.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rubric_core.engine.redaction import redact
from rubric_core.events import TERMINAL_EVENT_TYPES
from rubric_core.store.live_preview import clear_live, write_live

if TYPE_CHECKING:
    from rubric_core.engine.live_activity import LiveActivity
    from rubric_core.events import RunEvent
    from rubric_core.store import Store

logger = logging.getLogger(__name__)

LIVE_INTERVAL_S = 0.1
"""At most one write of a run's preview per this many seconds (about ten a second), however fast tokens come."""


class LivePublisher:
    """One run part's live preview: a subscriber of its events and the sink of its activity."""

    def __init__(
        self, store: Store, run_id: str, *, keys: Mapping[str, str] | None = None, interval: float | None = None
    ) -> None:
        self.store, self.run_id = store, run_id
        self.keys = dict(keys or {})
        """The session's API keys (in memory only): redacted from what is written, like every other boundary."""
        self.interval = LIVE_INTERVAL_S if interval is None else interval
        self.activity: LiveActivity | None = None
        self.due: float | None = None
        self.last_write = -math.inf
        self.written_version = -1
        self.writes = 0
        """Preview rows written (tests and the bench read it)."""
        self.closed = False
        self._stale = False
        """A row of an earlier part may be there (a resumed or continued run): deleted at this part's end too."""
        self._failed = False

    # ---- LiveSink ---------------------------------------------------------------------------------------------

    def changed(self, activity: LiveActivity) -> None:
        """Schedule a write of `activity`'s newest snapshot on the next tick (see `next_due`)."""
        _FLUSHER.schedule(self, activity)

    def next_due(self, now: float) -> float:
        """The first tick (a multiple of the interval, shared by every run of the process) at least one interval
        after this run's last write: at most one write per run per interval."""
        if self.interval <= 0:
            return now
        at = max(now, self.last_write + self.interval)
        return math.ceil(at / self.interval - 1e-9) * self.interval  # a time on a tick is that tick

    # ---- subscriber -------------------------------------------------------------------------------------------

    def __call__(self, event: RunEvent) -> None:
        """After the store has `event`: a resumed or continued part starts from no preview (what a part that died
        left: a killed worker writes no end); an ended part leaves none behind."""
        if event.type == "run_started" and event.data.get("mode") != "start":
            self._stale = True
            self._delete()
        elif event.type in TERMINAL_EVENT_TYPES:
            self.close()

    def close(self) -> None:
        """No more writes for this part; its row, if it wrote one, is deleted (after any write in flight)."""
        _FLUSHER.forget(self)
        with _FLUSHER.write_lock:  # a write in flight ends first; none starts after (the publisher is closed)
            if self.writes or self._stale:
                self._delete()

    def _delete(self) -> None:
        try:
            clear_live(self.store, self.run_id)
        except Exception as exc:  # noqa: BLE001 -- the preview is never worth a run: logged, and the run goes on
            self._failed_once(exc)

    def data(self) -> str | None:
        """The snapshot to write, as JSON text with the session's keys redacted; None when nothing changed."""
        activity = self.activity
        if activity is None or activity.version == self.written_version:
            return None
        snapshot = activity.snapshot()
        self.written_version = int(snapshot["version"])
        return redact(json.dumps(snapshot, ensure_ascii=False), self.keys)

    def _failed_once(self, exc: BaseException) -> None:
        if not self._failed:
            self._failed = True
            logger.info("Run %s: its live preview could not be written (%s); the run goes on", self.run_id, exc)


class _Flusher:
    """The one thread of a process that writes due previews, grouped by store, one transaction per store."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.write_lock = threading.Lock()
        """Held while writing: a publisher closing waits for the write in flight, so no row outlives its part."""
        self.waiting: set[LivePublisher] = set()
        self.thread: threading.Thread | None = None

    def schedule(self, publisher: LivePublisher, activity: LiveActivity) -> None:
        with self.cond:
            if publisher.closed:
                return
            publisher.activity = activity
            if publisher.due is None:
                publisher.due = publisher.next_due(time.monotonic())
            self.waiting.add(publisher)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._loop, name="rubric-live-preview", daemon=True)
                self.thread.start()
            self.cond.notify()

    def forget(self, publisher: LivePublisher) -> None:
        with self.cond:
            publisher.closed = True
            publisher.due = None
            self.waiting.discard(publisher)

    def _take_due(self) -> list[LivePublisher]:
        with self.cond:
            while True:
                now = time.monotonic()
                due = [p for p in self.waiting if p.due is not None and p.due <= now]
                if due:
                    for p in due:
                        p.due, p.last_write = None, now
                        self.waiting.discard(p)
                    return due
                nearest = min((p.due for p in self.waiting if p.due is not None), default=None)
                self.cond.wait(None if nearest is None else max(0.0, nearest - now))

    def _loop(self) -> None:
        while True:
            due = self._take_due()
            with self.write_lock:
                by_store: dict[int, tuple[Store, list[LivePublisher]]] = {}
                for p in due:
                    if not p.closed:
                        by_store.setdefault(id(p.store), (p.store, []))[1].append(p)
                for store, publishers in by_store.values():
                    self._write(store, publishers)

    @staticmethod
    def _write(store: Store, publishers: list[LivePublisher]) -> None:
        rows = []
        for p in publishers:
            try:
                data = p.data()
            except Exception as exc:  # noqa: BLE001 -- a snapshot that cannot be read is skipped, not fatal
                p._failed_once(exc)
                continue
            if data is not None:
                rows.append((p, data))
        if not rows:
            return
        try:
            write_live(store, [(p.run_id, data) for p, data in rows])
        except Exception as exc:  # noqa: BLE001 -- a busy or full database: the preview waits for the next change
            for p, _ in rows:
                p._failed_once(exc)
            return
        for p, _ in rows:
            p.writes += 1


_FLUSHER = _Flusher()
