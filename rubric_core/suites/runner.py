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
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.execution import LiveRun
from rubric_core.execution.manager import RunManager
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset

logger = logging.getLogger(__name__)
SuiteSubscriber = Callable[[dict[str, Any]], None]
DEFAULT_CONCURRENCY = 4
MAX_CONCURRENCY = 64
SUITE_TAG_PREFIX = "suite:"
"""Item runs are tagged `suite:<first 12 characters of the suite run id>`."""


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
            refused.append(f"item {item.id!r}: {problem}")
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
    """A suite run executing in this process: its events, live item runs, cancel and wait."""

    def __init__(self, suite_run_id: str, total: int, subscribers: Iterable[SuiteSubscriber] = ()) -> None:
        self.suite_run_id = suite_run_id
        self.total = total
        self.events: list[dict[str, Any]] = []
        self.live_runs: dict[int, LiveRun] = {}
        self.cancel_requested = False
        self._subscribers = list(subscribers)
        self._lock = threading.RLock()
        self._done = threading.Event()
        self.thread: threading.Thread | None = None

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

    def cancel(self) -> None:
        """Start no more items and stop the live ones after their current step (they stay resumable)."""
        with self._lock:
            self.cancel_requested = True
            live = list(self.live_runs.values())
        for run in live:
            run.cancel()

    @property
    def done(self) -> bool:
        """Whether the suite run stopped (every item ended, or cancel took effect)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done; False on timeout."""
        return self._done.wait(timeout)


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
    ) -> SuiteHandle:
        """Store a new suite run over `dataset` and start its items in a background thread."""
        concurrency = check_concurrency(concurrency)
        check_items(dataset, config)
        if config.rubric_name and rubric_version is None:
            rubric_version = self.store.save_rubric(config.rubric_name, config.rubric)
        suite_run_id = ss.create_suite_run(
            self.store, dataset, config, name=name, rubric_version=rubric_version, concurrency=concurrency
        )
        return self._launch(suite_run_id, concurrency, keys, subscribers)

    def resume(
        self,
        suite_run_id: str,
        *,
        concurrency: int | None = None,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[SuiteSubscriber] = (),
    ) -> SuiteHandle:
        """Run again the items of a suite run that have no quality result (never started, interrupted, cancelled,
        grader_error, error)."""
        suite = ss.get_suite_run(self.store, suite_run_id)
        if suite is None:
            msg = f"No suite run {suite_run_id!r} in the store."
            raise KeyError(msg)
        if self.is_live(suite_run_id) or suite["status"] == "running":
            msg = "This suite run is still running: it cannot be resumed twice."
            raise ValueError(msg)
        if all(item["has_result"] for item in ss.suite_items(self.store, suite_run_id)):
            msg = (
                "Every item of this suite run already has its result: nothing to resume. Start a new suite run instead."
            )
            raise ValueError(msg)
        n = check_concurrency(concurrency if concurrency is not None else suite["concurrency"])
        ss.set_suite_status(self.store, suite_run_id, "running")
        return self._launch(suite_run_id, n, keys, subscribers)

    def cancel(self, suite_run_id: str) -> bool:
        """Cancel a suite run live in this process; False if it is not."""
        handle = self.get(suite_run_id)
        if handle is None or handle.done:
            return False
        handle.cancel()
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
    ) -> SuiteHandle:
        items = ss.suite_items(self.store, suite_run_id)
        handle = SuiteHandle(suite_run_id, len(items), subscribers)
        with self._lock:
            self._live[suite_run_id] = handle
        thread = threading.Thread(
            target=self._execute,
            args=(handle, items, concurrency, keys),
            name=f"rubric-suite-{suite_run_id[:8]}",
            daemon=True,
        )
        handle.thread = thread
        thread.start()
        return handle

    def _execute(
        self,
        handle: SuiteHandle,
        items: list[dict[str, Any]],
        concurrency: int,
        keys: Mapping[str, str] | None,
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
            pending = [item for item in items if not item["has_result"]]
            handle.emit(
                "suite_started", total=len(items), pending=len(pending), already_finished=len(items) - len(pending)
            )
            queue = list(reversed(pending))
            queue_lock = threading.Lock()

            def work() -> None:
                while True:
                    with queue_lock:
                        if handle.cancel_requested or not queue:
                            return
                        item = queue.pop()
                    try:
                        self._run_item(handle, suite, item, keys)
                    except Exception as exc:
                        logger.exception("Suite run %s: item %s failed", suite_id, item["item_id"])
                        handle.emit(
                            "item_finished",
                            position=item["position"],
                            item_id=item["item_id"],
                            run_id=item.get("run_id"),
                            status="error",
                            message=f"{type(exc).__name__}: {exc}",
                        )

            workers = [
                threading.Thread(target=work, name=f"rubric-suite-{suite_id[:8]}-{i}", daemon=True)
                for i in range(min(concurrency, max(1, len(pending))))
            ]
            for w in workers:
                w.start()
            for w in workers:
                w.join()
            unfinished = [i for i in ss.suite_items(self.store, suite_id) if not i["has_result"]]
            if handle.cancel_requested and unfinished:
                status = "cancelled"
            else:
                status = "finished_with_errors" if unfinished else "finished"
            ss.set_suite_status(self.store, suite_id, status)
            handle.emit(
                "suite_finished",
                status=status,
                unfinished=len(unfinished),
                without_result=[i["item_id"] for i in unfinished],
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
        self, handle: SuiteHandle, suite: dict[str, Any], item: dict[str, Any], keys: Mapping[str, str] | None
    ) -> None:
        position = item["position"]
        run = self._start_or_resume(suite, item, keys)
        ss.link_item(self.store, handle.suite_run_id, position, run.run_id)
        with handle._lock:
            handle.live_runs[position] = run
            cancelled = handle.cancel_requested
        if cancelled:  # cancel came between taking the item and starting it
            run.cancel()
        handle.emit("item_started", position=position, item_id=item["item_id"], run_id=run.run_id)
        run.wait()
        with handle._lock:
            handle.live_runs.pop(position, None)
        row = self.store.get_run(run.run_id) or {}
        if row and SUITE_TAG_PREFIX + handle.suite_run_id[:12] not in row["tags"]:
            # A tag lets the Runs page and `runs --tag` find a suite's item runs among the others.
            self.store.set_tags(run.run_id, [*row["tags"], SUITE_TAG_PREFIX + handle.suite_run_id[:12]])
        handle.emit(
            "item_finished",
            position=position,
            item_id=item["item_id"],
            run_id=run.run_id,
            status=row.get("status", "error"),
            iterations=row.get("iterations", 0),
            total_tokens=row.get("total_tokens", 0),
            wall_time_s=row.get("wall_time_s", 0.0),
        )

    def _start_or_resume(self, suite: dict[str, Any], item: dict[str, Any], keys: Mapping[str, str] | None) -> LiveRun:
        config = ss.item_config(suite, item)
        if item.get("run_id") and item.get("run_status") in ("cancelled", "interrupted"):
            try:
                return self.manager.resume(item["run_id"], keys=keys)
            except (ValueError, KeyError):
                # Its checkpoint has nothing left (e.g. cancelled before the first step): a fresh run replaces it.
                logger.info("Item %s: run %s not resumable; starting a new run", item["item_id"], item["run_id"])
        return self.manager.start(config, keys=keys)
