"""A suite run executing in this process, as the suite runner hands it out: its events, live cell runs, cancel
(whole or per column) and wait."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rubric_core.execution import LiveRun

if TYPE_CHECKING:
    from rubric_core.suites.cell_pool import CellPool

logger = logging.getLogger("rubric_core.suites.runner")
SuiteSubscriber = Callable[[dict[str, Any]], None]


class SuiteHandle:
    """A suite run executing in this process: its events, live cell runs, cancel (whole or per column) and wait."""

    def __init__(self, suite_run_id: str, total: int, subscribers: Iterable[SuiteSubscriber] = ()) -> None:
        self.suite_run_id = suite_run_id
        self.total = total
        """Cells of the suite run (its items, times its columns for a matrix)."""
        self.events: list[dict[str, Any]] = []
        self.live_runs: dict[tuple[int, int | None], LiveRun] = {}
        """(item position, column or None) -> the run in flight."""
        self.cancel_requested = False
        self.cancelled_columns: set[int] = set()
        """Columns of a matrix cancelled on their own: their cells start no more (the other columns go on)."""
        self._subscribers = list(subscribers)
        self._lock = threading.RLock()
        self._done = threading.Event()
        self.thread: threading.Thread | None = None
        self._pool: CellPool | None = None
        self.providers: tuple[str, ...] = ()
        """The providers its cells use (every column's), imported before any cell starts."""

    def emit(self, type_: str, **data: Any) -> None:
        """Record a suite event and send it to every subscriber (a broken one is logged, not fatal)."""
        event = {"type": type_, "suite_run_id": self.suite_run_id, "at": time.time(), **data}
        with self._lock:
            self.events.append(event)
            subscribers = list(self._subscribers)
        # Outside the lock: a slow subscriber must not block cancel() from another thread.
        for subscriber in subscribers:
            try:
                subscriber(event)
            except Exception:
                logger.exception("Suite event subscriber failed (%s)", type_)

    def subscribe(self, subscriber: SuiteSubscriber) -> None:
        """Also send future events to `subscriber`."""
        with self._lock:
            self._subscribers.append(subscriber)

    def cancel(self, column: int | None = None) -> None:
        """Start no more cells and stop the live ones after their current step (they stay resumable).

        `column`: only that column of a matrix; the others go on.
        """
        with self._lock:
            if column is None:
                self.cancel_requested = True
            else:
                self.cancelled_columns.add(column)
            live = [run for (_, col), run in self.live_runs.items() if column is None or col == column]
        for run in live:
            run.cancel()

    def skipped(self, column: int | None) -> bool:
        """Whether a cell of this column is not to start (the whole run or its column was cancelled)."""
        with self._lock:
            return self.cancel_requested or (column is not None and column in self.cancelled_columns)

    @property
    def done(self) -> bool:
        """Whether the suite run stopped (every item ended, or cancel took effect)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done; False on timeout."""
        return self._done.wait(timeout)
