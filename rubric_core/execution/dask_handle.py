"""A run executing elsewhere (a Dask worker), followed through the store: the same face as a local RunHandle.

The worker writes every event to the shared store; this handle reads them back
(`poll`, driven by the executor's follower thread), keeps them in `events` and
hands each to its subscribers, so the command line, the suite runner and the
pages follow a remote run exactly as a local one. Cancel stores a request that
the worker acts on.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from typing import Any

from rubric_core.engine.handle import Subscriber
from rubric_core.events import TERMINAL_EVENT_TYPES, RunEvent
from rubric_core.store import Store


class DaskRunHandle:
    """One part of a run (start, resume, follow-up) sent to a cluster; done once its terminal event is stored."""

    cancelled_through_store = True
    """Its worker reads cancel requests from the store itself: a manager's CancelWatcher leaves it alone."""

    def __init__(
        self, run_id: str, store: Store, future: Any, *, first_seq: int, subscribers: Iterable[Subscriber] = ()
    ) -> None:
        self.run_id = run_id
        self.store = store
        self.future = future
        self.events: list[RunEvent] = []
        self.cancel_requested = False
        self.fault: BaseException | None = None
        self.frozen = False
        self.thread: threading.Thread | None = None
        self._next_seq = first_seq
        self._first_seq = first_seq
        self._cancel_sent = False
        self._subscribers = list(subscribers)
        self._lock = threading.RLock()
        self._done = threading.Event()

    def subscribe(self, subscriber: Subscriber) -> None:
        """Also send future events to `subscriber`."""
        with self._lock:
            self._subscribers.append(subscriber)

    def cancel(self) -> None:
        """Store a cancel request; the worker stops the run after its step in flight (it stays resumable).

        A run not yet started on a worker gets its request as soon as its first event is stored
        (cancelling the Dask future instead could miss a task a worker is just starting).
        """
        with self._lock:
            if self.done or self.cancel_requested:
                return
            self.cancel_requested = True
        self._send_cancel()

    def _send_cancel(self) -> None:
        from rubric_core.store.requests import request_cancel

        with self._lock:
            if self._cancel_sent or self.store.get_run(self.run_id) is None:
                return
            self._cancel_sent = True
        request_cancel(self.store, self.run_id)

    def poll(self) -> None:
        """Read the events the worker stored since the last poll; end the handle when the part ended."""
        if self.done:
            return
        # Whether the task ended is read before the events, so its last events are read after it ended.
        ended = self.future.done()
        if self.cancel_requested and not self._cancel_sent:
            self._send_cancel()
        for event in self.store.events_since(self.run_id, self._next_seq - 1):
            self._deliver(event)
            if event.type in TERMINAL_EVENT_TYPES:
                self._done.set()
                return
        if ended:
            self._end_without_terminal()

    def _deliver(self, event: RunEvent) -> None:
        with self._lock:
            self._next_seq = event.seq + 1
            self.events.append(event)
            subscribers = list(self._subscribers)
        self._notify(subscribers, event)

    def _notify(self, subscribers: list[Subscriber], event: RunEvent) -> None:
        for subscriber in subscribers:
            try:
                subscriber(event)
            except Exception:  # a broken consumer must not stop following the run
                import logging

                logging.getLogger(__name__).exception("Remote run subscriber failed (run %s)", self.run_id)

    def _end_without_terminal(self) -> None:
        """The task ended and stored no end of this part: its worker died, or the task failed before the run began."""
        error = None if self.future.cancelled() else self.future.exception()
        if self.store.next_seq(self.run_id) > self._first_seq:
            # The run is in the store and this part did not end: its worker was lost (Dask ran the task
            # again, or gave up on it). Stored `interrupted`, it can be resumed.
            from rubric_core.execution.jobs import lost_worker_event

            event = lost_worker_event(self.store, self.run_id, self.events)
            with self._lock:
                self._next_seq = event.seq + 1
                self.events.append(event)
                subscribers = list(self._subscribers)
            self._notify(subscribers, event)
            self._done.set()
            return
        text = (str(error).strip() or type(error).__name__) if error is not None else "its worker was lost"
        self._end("error", {"turn": 0, "message": f"The Dask task of this run failed: {text[:1000]}"})

    def _end(self, type_: str, data: dict[str, Any]) -> None:
        # Shown here only: the store keeps what the worker wrote (and reads `interrupted` for a dead worker).
        self._deliver(RunEvent(run_id=self.run_id, seq=self._next_seq, type=type_, at=time.time(), data=data))  # type: ignore[arg-type]
        self._done.set()

    @property
    def done(self) -> bool:
        """Whether this part of the run ended."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the part ends; False on timeout."""
        return self._done.wait(timeout)

    @property
    def last(self) -> RunEvent | None:
        """The newest event."""
        with self._lock:
            return self.events[-1] if self.events else None
