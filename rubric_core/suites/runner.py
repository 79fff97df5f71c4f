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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.execution import LiveRun
from rubric_core.execution.manager import RunManager
from rubric_core.suites import suite_store as ss
from rubric_core.suites.admission import DEFAULT_CONCURRENCY, MAX_CONCURRENCY, check_concurrency, check_items
from rubric_core.suites.cell_pool import CellPool
from rubric_core.suites.claims import cell_now, claim_cell, release_cell
from rubric_core.suites.columns import MAX_COLUMNS, MIN_COLUMNS, ColumnSpec
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.ending import end_suite_run, unfinished_cells
from rubric_core.suites.handle import SuiteHandle, SuiteSubscriber

logger = logging.getLogger(__name__)
SUITE_TAG_PREFIX = "suite:"
"""Item runs are tagged `suite:<first 12 characters of the suite run id>`; a matrix's also with their column
(`column_tag`)."""


def suite_providers(suite: Mapping[str, Any]) -> set[str]:
    """The providers a suite run's cells use: every column's working model and grader (a matrix's), else the
    suite's own."""
    from rubric_core.engine.stack import providers_of

    configs = [c["config"] for c in suite.get("columns") or []] or [suite.get("config") or {}]
    return providers_of([spec for config in configs for spec in (config.get("model"), config.get("grader"))])


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
            from rubric_core.engine.stack import load_providers
            from rubric_core.execution.threads import ThreadBackend

            suite = ss.get_suite_run(self.store, suite_id)
            assert suite is not None
            handle.providers = tuple(sorted(suite_providers(suite)))
            if isinstance(self.manager.backend, ThreadBackend):
                # Items run in threads of this process: the stack and every column's provider once, before they
                # start. (Run elsewhere, in worker processes or on Dask, they never need it here: an import of
                # seconds, competing with the page that shows the suite; each worker loads them itself.)
                _load_stack_first()
                load_providers(handle.providers)
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

            def work(queued: dict[str, Any]) -> None:
                column = queued["column_index"] if matrix else None
                if handle.skipped(column):
                    return
                # Claimed in the store before anything starts: a copy of this cell queued elsewhere (another
                # process resuming the same suite run) is refused while this one holds it.
                claim = claim_cell(self.store, suite_id, queued["position"], column)
                if claim is None:
                    return
                cell = queued
                try:
                    # As the store has it now, not as it was queued: it may have got its result, or a run to resume.
                    now = cell_now(self.store, suite_id, queued["position"], column)
                    if now is None or now["has_result"] or handle.skipped(column):
                        return
                    cell = now
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
                finally:
                    release_cell(self.store, claim)

            pool = CellPool(concurrency, work, f"rubric-suite-{suite_id[:8]}")
            handle._pool = pool
            # Item by item, each item's columns side by side: the matrix fills row by row, every column at once.
            pool.add(pending)
            pool.join()
            status = end_suite_run(self.store, handle, only_column)
            handle.emit(
                "suite_finished",
                status=status,
                unfinished=len(unfinished_cells(self.store, suite_id)),
                without_result=[i["item_id"] for i in unfinished_cells(self.store, suite_id)],
            )
        except Exception as exc:
            logger.exception("Suite run %s failed", suite_id)
            try:
                ss.set_suite_status(self.store, suite_id, "cancelled")
            finally:
                handle.emit("suite_finished", status="cancelled", error=f"{type(exc).__name__}: {exc}")
        finally:
            handle._done.set()

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
        run = self._start_or_resume(suite, item, keys, column, handle.providers)
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
        self,
        suite: dict[str, Any],
        item: dict[str, Any],
        keys: Mapping[str, str] | None,
        column: int | None = None,
        providers: Iterable[str] = (),
    ) -> LiveRun:
        config = ss.item_config(suite, item, column=column)
        if item.get("run_id") and item.get("run_status") in ("cancelled", "interrupted"):
            try:
                return self.manager.resume(item["run_id"], keys=keys, providers=providers)
            except (ValueError, KeyError):
                # Its checkpoint has nothing left (e.g. cancelled before the first step): a fresh run replaces it.
                logger.info("Item %s: run %s not resumable; starting a new run", item["item_id"], item["run_id"])
        return self.manager.start(config, keys=keys, providers=providers)


def column_tag(suite_run_id: str, column: int) -> str:
    """The tag of a matrix column's runs: `suite:<first 12 characters of the suite run id>/<column from 1>`."""
    return f"{SUITE_TAG_PREFIX}{suite_run_id[:12]}/{column + 1}"


__all__ = [
    "DEFAULT_CONCURRENCY",
    "MAX_CONCURRENCY",
    "SUITE_TAG_PREFIX",
    "SuiteHandle",
    "SuiteRunner",
    "SuiteSubscriber",
    "check_concurrency",
    "check_items",
    "column_tag",
    "suite_providers",
]
