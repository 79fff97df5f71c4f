"""A run executing in another process, seen from this one: `RunHandle`'s interface fed by forwarded events."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

from rubric_core.engine.handle import Subscriber
from rubric_core.events import TERMINAL_EVENT_TYPES, RunEvent

CANCEL_ACK_TIMEOUT_S = 30.0
"""How long `cancel` waits for the worker's stored `cancel_requested` (it normally takes milliseconds)."""


class RemoteRunHandle:
    """Events arrive already stored (by the worker); they are re-delivered here to this process's subscribers."""

    def __init__(self, run_id: str, subscribers: Iterable[Subscriber], send_cancel: Callable[[str], None]) -> None:
        import logging

        self._logger = logging.getLogger("rubric_core.engine.runner")
        self.run_id = run_id
        self.events: list[RunEvent] = []
        self.cancel_requested = False
        self.thread: threading.Thread | None = None
        self._subscribers = list(subscribers)
        self._send_cancel = send_cancel
        self._lock = threading.RLock()
        self._done = threading.Event()
        self._cancel_seen = threading.Event()
        self._delivering: int | None = None
        """The thread that delivers events (a subscriber may call `cancel` from it)."""

    def send_cancel_to(self, send_cancel: Callable[[str], None]) -> None:
        """Where `cancel` sends from now on (a run that waited for the workers, once one has taken it)."""
        self._send_cancel = send_cancel

    def subscribe(self, subscriber: Subscriber) -> None:
        """Also send future events to `subscriber`."""
        with self._lock:
            self._subscribers.append(subscriber)

    def deliver(self, event: RunEvent) -> None:
        """An event the executing side has stored: give it to the subscribers, then publish it."""
        self._delivering = threading.get_ident()
        with self._lock:
            if self._done.is_set():
                return  # one terminal event per run; anything after it (a lost-worker race) is dropped
            for subscriber in list(self._subscribers):
                try:
                    subscriber(event)
                except Exception:
                    # A broken consumer must not stop the run or the other consumers.
                    self._logger.exception("Run event subscriber failed (run %s, event %s)", self.run_id, event.type)
            self.events.append(event)
            if event.type == "cancel_requested":
                self._cancel_seen.set()
            if event.type in TERMINAL_EVENT_TYPES:
                self._done.set()
                self._cancel_seen.set()

    def cancel(self) -> None:
        """Ask the worker to stop after the step in flight; returns once `cancel_requested` is stored (or the run ended)."""
        with self._lock:
            if self.done or self.cancel_requested:
                return
            self.cancel_requested = True
        self._send_cancel(self.run_id)
        if threading.get_ident() == self._delivering:
            return  # a subscriber cancelling from the thread that delivers: the acknowledgement comes after it
        # Callers (the page's "Cancelling…", the CLI) rely on the request being stored when this returns.
        self._cancel_seen.wait(CANCEL_ACK_TIMEOUT_S)

    @property
    def done(self) -> bool:
        """Whether a terminal event arrived."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends; False on timeout."""
        return self._done.wait(timeout)

    @property
    def last(self) -> RunEvent | None:
        """The newest event."""
        with self._lock:
            return self.events[-1] if self.events else None
