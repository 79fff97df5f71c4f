"""The suite runner: one real loop per item through the RunManager, N at a time, resumable and cancellable.

Each item is an ordinary run started by the manager (so every run view works on
it, and another executor can be swapped in behind the manager later) and linked
to the suite run in the store as soon as it starts. A resume runs only the items
whose run did not finish: an interrupted or cancelled run is resumed from its
checkpoint, an item never started is started; a finished item is never rerun.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.execution import LiveRun
from rubric_core.execution.manager import RunManager
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import MAX_COLUMNS, MIN_COLUMNS, ColumnSpec
from rubric_core.suites.datasets import Dataset

logger = logging.getLogger(__name__)
SuiteSubscriber = Callable[[dict[str, Any]], None]
DEFAULT_CONCURRENCY = 4
MAX_CONCURRENCY = 64
SUITE_TAG_PREFIX = "suite:"
"""Item runs are tagged `suite:<first 12 characters of the suite run id>`; a matrix's also with their column
(`column_tag`)."""


def check_items(dataset: Dataset, config: RunConfig) -> None:
    """Refuse a dataset whose items the run config check refuses (an over-long task, a NUL in it), naming them.

    Checked before the suite run is stored: an item refused later would never start and leave the
    suite waiting on it.
    """
    from rubric_core.config import ConfigError

    shared = {**config.to_dict(), "task": ""}
    suite = {"config": {k: v for k, v in shared.items() if k != "task"}}
    refused = []
    for position, item in enumerate(dataset.items):
        try:
            ss.item_config(suite, {"task": item.task, "reference": item.reference, "position": position}, checking=True)
        except ConfigError as exc:
            problem = next(iter(exc.errors.values()))
            refused.append(f"item {item.id!r}: {problem.rstrip('.')}")  # joined with '; ' and ended once, below
    if refused:
        more = f" (and {len(refused) - 3} more)" if len(refused) > 3 else ""
        msg = (
            f"{len(refused)} item(s) of {dataset.name} cannot run: {'; '.join(refused[:3])}{more}. "
            "Fix or remove them; nothing was run or stored."
        )
        raise ValueError(msg)


def check_concurrency(value: Any) -> int:
    """A whole number from 1 to 64, else ValueError with the fix."""
    bad = f"Concurrency must be a whole number from 1 to {MAX_CONCURRENCY}; got {value!r}."
    if isinstance(value, bool):
        raise ValueError(bad)
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(bad) from None
    if not 1 <= n <= MAX_CONCURRENCY:
        raise ValueError(bad)
    return n


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
        self._pool: _CellPool | None = None

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


class _CellPool:
    """The cells to run, shared by up to `concurrency` worker threads: one queue for the whole matrix.

    Cells can join while it runs (a column resumed while the others still run): more workers start, up to the
    concurrency, and the pool ends when the queue is empty and no worker is busy.
    """

    def __init__(self, concurrency: int, work: Callable[[dict[str, Any]], None], name: str) -> None:
        self.concurrency = concurrency
        self._work = work
        self._name = name
        self._queue: list[dict[str, Any]] = []
        self._busy = 0
        self._started = 0
        self._cond = threading.Condition()
        self._closed = False

    def add(self, cells: list[dict[str, Any]]) -> bool:
        """Queue cells (in the order given) and start the workers they need; False once the pool has ended."""
        with self._cond:
            if self._closed:
                return False
            self._queue.extend(cells)
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
            self._work(cell)

    def join(self) -> None:
        """Until every queued cell ran (or was skipped) and every worker stopped."""
        with self._cond:
            while self._busy or self._queue:
                self._cond.wait()
            self._closed = True  # a column resumed from now on waits for the end and starts anew


def _load_stack_first() -> None:
    """Import the agent stack once, before the item workers start (they would import it at the same time).

    Called by the suite's own thread when its items run in threads of this process, after the suite run is
    stored and registered here: done before Start returned, the first import (6.6 s measured on a server whose
    worker pool was starting beside it) was time the page showed nothing new after the click."""
    from rubric_core.engine.stack import load_agent_stack

    load_agent_stack()


class SuiteRunner:
    """Starts, resumes and cancels suite runs; one per process, beside the RunManager."""

    def __init__(self, manager: RunManager) -> None:
        self.manager = manager
        self.store = manager.store
        self._live: dict[str, SuiteHandle] = {}
        self._lock = threading.Lock()

    def start(
        self,
        dataset: Dataset,
        config: RunConfig,
        *,
        name: str = "",
        rubric_version: int | None = None,
        concurrency: int = DEFAULT_CONCURRENCY,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[SuiteSubscriber] = (),
        columns: Sequence[ColumnSpec] = (),
    ) -> SuiteHandle:
        """Store a new suite run over `dataset` and start its items in a background thread.

        `columns` (2 to 8) makes it a matrix: every item runs under each column's configuration, all cells sharing
        one queue of `concurrency` runs at a time. Each column's rubric is saved in the library as a suite's is.
        """
        concurrency = check_concurrency(concurrency)
        if columns:
            if not MIN_COLUMNS <= len(columns) <= MAX_COLUMNS:
                msg = f"A matrix takes {MIN_COLUMNS} to {MAX_COLUMNS} columns; got {len(columns)}."
                raise ValueError(msg)
            for n, column in enumerate(columns, 1):
                try:
                    check_items(dataset, column.config)
                except ValueError as exc:
                    msg = f"Column {n} ({column.label}): {exc}"
                    raise ValueError(msg) from None
            columns = [self._with_library_version(c) for c in columns]
        else:
            check_items(dataset, config)
            if config.rubric_name and rubric_version is None:
                rubric_version = self.store.save_rubric(config.rubric_name, config.rubric)
        suite_run_id = ss.create_suite_run(
            self.store,
            dataset,
            config,
            name=name,
            rubric_version=rubric_version,
            concurrency=concurrency,
            columns=columns,
        )
        return self._launch(suite_run_id, concurrency, keys, subscribers)

    def _with_library_version(self, column: ColumnSpec) -> ColumnSpec:
        if not column.config.rubric_name or column.rubric_version is not None:
            return column
        version = self.store.save_rubric(column.config.rubric_name, column.config.rubric)
        return ColumnSpec(column.label, column.config, version)

    def resume(
        self,
        suite_run_id: str,
        *,
        concurrency: int | None = None,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[SuiteSubscriber] = (),
        column: int | None = None,
    ) -> SuiteHandle:
        """Run again the cells of a suite run that have no quality result (never started, interrupted, cancelled,
        grader_error, error); `column`: only that column of a matrix.

        A column resumed while the suite run is live here joins its queue (a column cancelled on its own, the
        others still running).
        """
        suite = ss.get_suite_run(self.store, suite_run_id)
        if suite is None:
            msg = f"No suite run {suite_run_id!r} in the store."
            raise KeyError(msg)
        if column is not None:
            indexes = [c["index"] for c in suite["columns"]]
            if column not in indexes:
                msg = f"Suite run {suite_run_id[:12]} has no column {column + 1}" + (
                    f": it has columns 1 to {len(indexes)}." if indexes else ": it is a one-column suite run."
                )
                raise ValueError(msg)
        cells = [
            c
            for c in ss.suite_cells(self.store, suite_run_id)
            if not c["has_result"] and (column is None or c["column_index"] == column)
        ]
        live = self.get(suite_run_id)
        if column is not None and live is not None and not live.done:
            if self._join_live(live, column, cells):
                return live
            live.wait()  # it was ending as the column was resumed: resume it anew once it has
        current = ss.get_suite_run(self.store, suite_run_id) or suite
        if self.is_live(suite_run_id) or current["status"] == "running":
            msg = "This suite run is still running: it cannot be resumed twice."
            raise ValueError(msg)
        if not cells:
            msg = (
                f"Every cell of column {column + 1} already has its result: nothing to resume."
                if column is not None
                else "Every item of this suite run already has its result: nothing to resume. "
                "Start a new suite run instead."
            )
            raise ValueError(msg)
        n = check_concurrency(concurrency if concurrency is not None else suite["concurrency"])
        ss.set_suite_status(self.store, suite_run_id, "running")
        for c in suite["columns"]:
            if column is None or c["index"] == column:
                ss.set_column_status(self.store, suite_run_id, c["index"], "running")
        return self._launch(suite_run_id, n, keys, subscribers, column=column)

    def _join_live(self, live: SuiteHandle, column: int, cells: list[dict[str, Any]]) -> bool:
        """Queue a cancelled column's cells in the live matrix run; False when that run is ending (resume anew)."""
        with live._lock:
            if column not in live.cancelled_columns or live._pool is None:
                msg = f"Column {column + 1} is still running: it cannot be resumed twice."
                raise ValueError(msg)
            if not cells:
                msg = f"Every cell of column {column + 1} already has its result: nothing to resume."
                raise ValueError(msg)
            live.cancelled_columns.discard(column)
            if not live._pool.add(cells):
                live.cancelled_columns.add(column)
                return False
        ss.set_column_status(self.store, live.suite_run_id, column, "running")
        live.emit("column_resumed", column=column, pending=len(cells))
        return True

    def cancel(self, suite_run_id: str, *, column: int | None = None) -> bool:
        """Cancel a suite run live in this process (or one column of a matrix); False if it is not live here."""
        handle = self.get(suite_run_id)
        if handle is None or handle.done:
            return False
        handle.cancel(column)
        if column is not None:
            ss.set_column_status(self.store, suite_run_id, column, "cancelled")
            handle.emit("column_cancelled", column=column)
        return True

    def get(self, suite_run_id: str) -> SuiteHandle | None:
        """The handle of a suite run started here (live or recently finished)."""
        with self._lock:
            return self._live.get(suite_run_id)

    def is_live(self, suite_run_id: str) -> bool:
        """Whether this process is running it now."""
        handle = self.get(suite_run_id)
        return handle is not None and not handle.done

    # ---- execution ----------------------------------------------------------------------

    def _launch(
        self,
        suite_run_id: str,
        concurrency: int,
        keys: Mapping[str, str] | None,
        subscribers: Iterable[SuiteSubscriber],
        *,
        column: int | None = None,
    ) -> SuiteHandle:
        cells = ss.suite_cells(self.store, suite_run_id)
        handle = SuiteHandle(suite_run_id, len(cells), subscribers)
        with self._lock:
            self._live[suite_run_id] = handle
        thread = threading.Thread(
            target=self._execute,
            args=(handle, cells, concurrency, keys, column),
            name=f"rubric-suite-{suite_run_id[:8]}",
            daemon=True,
        )
        handle.thread = thread
        thread.start()
        return handle

    def _execute(
        self,
        handle: SuiteHandle,
        cells: list[dict[str, Any]],
        concurrency: int,
        keys: Mapping[str, str] | None,
        only_column: int | None,
    ) -> None:
        suite_id = handle.suite_run_id
        try:
            from rubric_core.execution.threads import ThreadBackend

            if isinstance(self.manager.backend, ThreadBackend):
                # Items run in threads of this process: the stack once, before they start. (Run elsewhere, in worker
                # processes or on Dask, they never need it here: an import of seconds, competing with the page
                # that shows the suite.)
                _load_stack_first()
            suite = ss.get_suite_run(self.store, suite_id)
            assert suite is not None
            matrix = ss.is_matrix(suite)
            pending = [
                c for c in cells if not c["has_result"] and (only_column is None or c["column_index"] == only_column)
            ]
            handle.emit(
                "suite_started",
                total=len(cells),
                pending=len(pending),
                already_finished=len(cells) - len(pending),
                columns=len(suite["columns"]) or 1,
            )

            def work(cell: dict[str, Any]) -> None:
                column = cell["column_index"] if matrix else None
                if handle.skipped(column):
                    return
                try:
                    self._run_item(handle, suite, cell, keys, column)
                except Exception as exc:
                    logger.exception("Suite run %s: item %s failed", suite_id, cell["item_id"])
                    handle.emit(
                        "item_finished",
                        position=cell["position"],
                        item_id=cell["item_id"],
                        run_id=cell.get("run_id"),
                        status="error",
                        message=f"{type(exc).__name__}: {exc}",
                        **({"column": column} if column is not None else {}),
                    )

            pool = _CellPool(concurrency, work, f"rubric-suite-{suite_id[:8]}")
            handle._pool = pool
            # Item by item, each item's columns side by side: the matrix fills row by row, every column at once.
            pool.add(pending)
            pool.join()
            status = self._end(handle, only_column)
            handle.emit(
                "suite_finished",
                status=status,
                unfinished=len(self._unfinished(suite_id)),
                without_result=[i["item_id"] for i in self._unfinished(suite_id)],
            )
        except Exception as exc:
            logger.exception("Suite run %s failed", suite_id)
            try:
                ss.set_suite_status(self.store, suite_id, "cancelled")
            finally:
                handle.emit("suite_finished", status="cancelled", error=f"{type(exc).__name__}: {exc}")
        finally:
            handle._done.set()

    def _unfinished(self, suite_id: str) -> list[dict[str, Any]]:
        return [c for c in ss.suite_cells(self.store, suite_id) if not c["has_result"]]

    def _end(self, handle: SuiteHandle, only_column: int | None) -> str:
        """Store the end of the suite run and of the columns that ran; returns the suite run's status."""
        suite_id = handle.suite_run_id
        unfinished = self._unfinished(suite_id)
        open_columns = {c["column_index"] for c in unfinished}
        suite = ss.get_suite_run(self.store, suite_id) or {"columns": []}
        stopped = set()
        for column in suite["columns"]:
            index = column["index"]
            if index not in open_columns:
                ss.set_column_status(self.store, suite_id, index, "finished")
            elif handle.cancel_requested or index in handle.cancelled_columns:
                ss.set_column_status(self.store, suite_id, index, "cancelled")
                stopped.add(index)
            elif only_column is None or index == only_column:
                ss.set_column_status(self.store, suite_id, index, "finished")  # read: finished_with_errors
            elif column["status"] in ("cancelled", "interrupted", "running"):
                stopped.add(index)  # not run this time: it stays as it was left
        if not unfinished:
            status = "finished"
        elif handle.cancel_requested or stopped:
            status = "cancelled"
        else:
            status = "finished_with_errors"
        ss.set_suite_status(self.store, suite_id, status)
        return status

    def _run_item(
        self,
        handle: SuiteHandle,
        suite: dict[str, Any],
        item: dict[str, Any],
        keys: Mapping[str, str] | None,
        column: int | None = None,
    ) -> None:
        position = item["position"]
        where = {"column": column} if column is not None else {}
        run = self._start_or_resume(suite, item, keys, column)
        ss.link_item(self.store, handle.suite_run_id, position, run.run_id, column=column)
        with handle._lock:
            handle.live_runs[(position, column)] = run
        if handle.skipped(column):  # cancel came between taking the item and starting it
            run.cancel()
        handle.emit("item_started", position=position, item_id=item["item_id"], run_id=run.run_id, **where)
        run.wait()
        with handle._lock:
            handle.live_runs.pop((position, column), None)
        row = self.store.get_run(run.run_id) or {}
        tags = [SUITE_TAG_PREFIX + handle.suite_run_id[:12]]
        if column is not None:
            tags.append(column_tag(handle.suite_run_id, column))
        if row and any(t not in row["tags"] for t in tags):
            # A tag lets the Runs page and `runs --tag` find a suite's item runs (a matrix column's) among the others.
            self.store.set_tags(run.run_id, [*row["tags"], *(t for t in tags if t not in row["tags"])])
        handle.emit(
            "item_finished",
            position=position,
            item_id=item["item_id"],
            run_id=run.run_id,
            status=row.get("status", "error"),
            iterations=row.get("iterations", 0),
            total_tokens=row.get("total_tokens", 0),
            wall_time_s=row.get("wall_time_s", 0.0),
            **where,
        )

    def _start_or_resume(
        self, suite: dict[str, Any], item: dict[str, Any], keys: Mapping[str, str] | None, column: int | None = None
    ) -> LiveRun:
        config = ss.item_config(suite, item, column=column)
        if item.get("run_id") and item.get("run_status") in ("cancelled", "interrupted"):
            try:
                return self.manager.resume(item["run_id"], keys=keys)
            except (ValueError, KeyError):
                # Its checkpoint has nothing left (e.g. cancelled before the first step): a fresh run replaces it.
                logger.info("Item %s: run %s not resumable; starting a new run", item["item_id"], item["run_id"])
        return self.manager.start(config, keys=keys)


def column_tag(suite_run_id: str, column: int) -> str:
    """The tag of a matrix column's runs: `suite:<first 12 characters of the suite run id>/<column from 1>`."""
    return f"{SUITE_TAG_PREFIX}{suite_run_id[:12]}/{column + 1}"
