"""The queue of a suite run's cells, shared by up to `concurrency` worker threads: one queue for the whole matrix.

Cells can join while it runs (a column resumed while the others still run): more workers start, up to the
concurrency, and the pool ends when the queue is empty and no worker is busy. A cell is in the queue at most
once: one queued already is not queued again, and one being worked on when it is queued again (its run still
ending the cancel that a resume now undoes) is worked on once more by the same worker after it ends. The store's
claim (claims.py) is what makes a cell run once across processes; this keeps the queue from holding copies.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

CellKey = tuple[int, int | None]
"""(item position, column index or None)."""


def cell_key(cell: dict[str, Any]) -> CellKey:
    """A cell's place in its suite run."""
    column = cell.get("column_index")
    return int(cell["position"]), None if column is None else int(column)


class CellPool:
    """Cells to work on, by up to `concurrency` threads; see the module docstring."""

    def __init__(self, concurrency: int, work: Callable[[dict[str, Any]], None], name: str) -> None:
        self.concurrency = concurrency
        self._work = work
        self._name = name
        self._queue: list[dict[str, Any]] = []
        self._queued: set[CellKey] = set()
        self._working: set[CellKey] = set()
        self._again: dict[CellKey, dict[str, Any]] = {}
        self._busy = 0
        self._started = 0
        self._cond = threading.Condition()
        self._closed = False

    def add(self, cells: list[dict[str, Any]]) -> bool:
        """Queue cells (in the order given) and start the workers they need; False once the pool has ended."""
        with self._cond:
            if self._closed:
                return False
            for cell in cells:
                key = cell_key(cell)
                if key in self._queued:
                    continue
                if key in self._working:
                    self._again[key] = cell
                    continue
                self._queue.append(cell)
                self._queued.add(key)
            wanted = min(self.concurrency - self._busy, len(self._queue))
            for _ in range(max(0, wanted)):
                self._busy += 1
                self._started += 1
                threading.Thread(target=self._loop, name=f"{self._name}-{self._started}", daemon=True).start()
            return True

    def _loop(self) -> None:
        while True:
            with self._cond:
                if not self._queue:
                    self._busy -= 1
                    self._cond.notify_all()
                    return
                cell = self._queue.pop(0)
                key = cell_key(cell)
                self._queued.discard(key)
                self._working.add(key)
            try:
                self._work(cell)
            finally:
                with self._cond:
                    self._working.discard(key)
                    again = self._again.pop(key, None)
                    if again is not None and key not in self._queued:
                        self._queue.append(again)
                        self._queued.add(key)

    def join(self) -> None:
        """Until every queued cell ran (or was skipped) and every worker stopped."""
        with self._cond:
            while self._busy or self._queue:
                self._cond.wait()
            self._closed = True  # a column resumed from now on waits for the end and starts anew
