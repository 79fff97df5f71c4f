"""A run's handle (its events, cancel, interrupt) and what a resumed run inherits from the store.

The handle is the one place events pass through: it numbers them, drops one the
run already has (a step replayed on resume), and delivers each to its subscribers
(the store, the dashboard, the command line) in order.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from rubric_core.events import TERMINAL_EVENT_TYPES, EventType, RunEvent, event_key
from rubric_core.redaction import redact_data
from rubric_core.store.faults import is_disk_full, is_store_unreachable, short_cause

logger = logging.getLogger("rubric_core.engine.runner")
Subscriber = Callable[[RunEvent], None]


@runtime_checkable
class LiveSink(Protocol):
    """Where a run's live activity goes (engine/live_activity.py's LiveActivity): told that it changed, it reads
    `snapshot()` when it writes."""

    def changed(self, activity: Any) -> None:
        """The activity changed (a sink throttles: it reads the newest snapshot when it writes)."""


@dataclass
class RunPrior:
    """What the store already holds of a run being resumed or continued (so nothing is counted twice)."""

    events: list[RunEvent] = field(default_factory=list)
    """Its stored events: a replayed step's events with the same key are not emitted again."""
    tokens: dict[str, int] = field(default_factory=dict)
    """Token totals of every earlier part and turn."""
    wall_time_s: float = 0.0
    """Working time of every earlier part and turn."""
    unfinished: bool = False
    """The store says the run never reached a terminal status (interrupted or cancelled)."""


class RunHandle:
    """A run in progress or done: its events, its status, and cancel."""

    def __init__(self, run_id: str, subscribers: Iterable[Subscriber] = (), *, first_seq: int = 0) -> None:
        from langgraph.runtime import RunControl

        self.run_id = run_id
        self.events: list[RunEvent] = []
        self.control = RunControl()
        self._subscribers = list(subscribers)
        self._lock = threading.RLock()
        self._seq = first_seq
        self._seen: set[tuple[Any, ...]] = set()
        self._done = threading.Event()
        self.ending = False
        """A terminal event is being delivered or was: set before the subscribers get it (a consumer can act on
        it, e.g. send a Continue, before `done` is set)."""
        self._frozen = False
        self.cancel_requested = False
        self.fault: BaseException | None = None
        """A subscriber's write failed for lack of disk space: the run must stop, its events cannot be kept."""
        self.thread: threading.Thread | None = None

    def subscribe(self, subscriber: Subscriber) -> None:
        """Also send future events to `subscriber`."""
        with self._lock:
            self._subscribers.append(subscriber)

    def emit(self, type_: str, data: dict[str, Any], *, at: float | None = None) -> RunEvent | None:
        """Record an event and deliver it to every subscriber, in order; None if the run already has it.

        `at`: when it happened, if not now (a start announced once the run's turn is known is dated when the
        part began, so the stored working time still starts there).
        """
        # Every event leaves the run redacted: the store, the terminal, the page and an export get what it says
        # with no secret the process knows (a key a provider echoed in an error, in a grader's verdict...).
        data = redact_data(data)
        with self._lock:
            if self._frozen:
                return None
            key = event_key(type_, data)
            if key is not None:
                if key in self._seen:
                    return None
                self._seen.add(key)
            when = time.time() if at is None else at
            event = RunEvent(run_id=self.run_id, seq=self._seq, type=cast(EventType, type_), at=when, data=data)
            self._seq += 1
            if type_ in TERMINAL_EVENT_TYPES:
                self.ending = True
            for subscriber in list(self._subscribers):
                try:
                    subscriber(event)
                except Exception as exc:  # noqa: BLE001 -- logged; one consumer must not stop the others
                    self._subscriber_failed(exc, type_)
            # Published only after every subscriber (the store among them) has it: a page that sees an
            # event in `events`, or sees `done`, can rely on the stored run saying the same.
            self.events.append(event)
            if type_ in TERMINAL_EVENT_TYPES:
                self._done.set()
            return event

    def _subscriber_failed(self, exc: Exception, type_: str) -> None:
        """A broken consumer must not stop the run or the other consumers; a broken store stops the run.

        A full disk or a database that stopped answering: the store lost this event, so the run stops
        before it goes further than what is stored. Logged once with its traceback (a run emits many
        events while it stops, and each would fail the same way), the rest in one line each.
        """
        storage = is_disk_full(exc) or is_store_unreachable(exc)
        first = self.fault is None
        if storage and first:
            self.fault = exc
        if storage and not first:
            logger.info("Run %s: event %s not stored either (%s)", self.run_id, type_, short_cause(exc))
            return
        logger.exception("Run event subscriber failed (run %s, event %s)", self.run_id, type_)

    @property
    def live_sink(self) -> Any:
        """The subscriber that also takes the run's live activity (a LiveSink), or None."""
        with self._lock:
            return next((s for s in self._subscribers if isinstance(s, LiveSink)), None)

    def mark_seen(self, key: tuple[Any, ...]) -> None:
        """Treat `key` as already emitted (resume after another process's events)."""
        with self._lock:
            self._seen.add(key)

    def cancel(self) -> None:
        """Stop after the step in flight; the run stays resumable. Emits `cancel_requested` at once."""
        with self._lock:
            if self.done or self.cancel_requested:
                return
            self.cancel_requested = True
            last = self.events[-1].data.get("turn", 0) if self.events else 0
            self.emit("cancel_requested", {"turn": last})
        self.control.request_drain("cancelled")

    def interrupt(self, data: dict[str, Any]) -> RunEvent | None:
        """End the run now as `interrupted` (the process is stopping): record it, then record nothing more."""
        with self._lock:
            if self.done:
                self._frozen = True
                return None
            event = self.emit("interrupted", data)
            self._frozen = True
        self.control.request_drain("interrupted")
        return event

    @property
    def done(self) -> bool:
        """Whether a terminal event (finished, error, cancelled, interrupted) was emitted."""
        return self._done.is_set()

    @property
    def frozen(self) -> bool:
        """Whether the handle records no more events (it was interrupted)."""
        return self._frozen

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends; False on timeout."""
        return self._done.wait(timeout)

    @property
    def last(self) -> RunEvent | None:
        """The newest event."""
        with self._lock:
            return self.events[-1] if self.events else None


class DraftCancelled(Exception):
    """Cancel was asked for while the working model was writing a draft: the draft is dropped, unsaved."""
