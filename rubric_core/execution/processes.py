"""The process pool backend: runs execute in W long-lived worker processes, each running many runs in threads.

Why: runs in threads of one process share its GIL, and the library's own CPU
work (graph steps, serialisation, the store) then caps concurrency (the bench
measured 22% of ideal at 64 runs). Workers come from a forkserver that imported
the agent stack once (never a plain fork of the threaded server), so starting or
replacing one is quick. Each worker writes its runs' events to the store and
sends them back on a pipe; a reader thread per worker re-delivers them to the
run's `RemoteRunHandle`. A worker that dies is noticed when its pipe closes:
its unfinished runs are stored `interrupted` (resumable) and a new worker
takes its place.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from rubric_core.execution.backend import RunJob
from rubric_core.execution.remote_handle import RemoteRunHandle
from rubric_core.execution.worker_start import main_script_hidden, worker_context

if TYPE_CHECKING:
    from rubric_core.engine.handle import Subscriber
    from rubric_core.store import Store

logger = logging.getLogger(__name__)
STORAGE_REASONS = ("disk_full", "store_lost")
"""`interrupted` reasons whose event the worker could not store (its row may still say `running`)."""
STOP_TIMEOUT_S = 20.0
"""How long shutdown waits for workers to record their runs `interrupted` before killing them."""


class _WorkerProcess:
    """One worker process as the parent sees it: its pipes, its live runs, its reader thread."""

    def __init__(self, pool: ProcessPoolBackend, index: int) -> None:
        ctx = pool.context
        to_worker_r, to_worker_w = ctx.Pipe(duplex=False)
        from_worker_r, from_worker_w = ctx.Pipe(duplex=False)
        from rubric_core.execution.worker import worker_main

        self.process = ctx.Process(
            target=worker_main, args=(to_worker_r, from_worker_w), name=f"rubric-worker-{index}", daemon=True
        )
        with main_script_hidden():
            self.process.start()
        # Close our copies of the worker's ends: its death then reads as EOF here.
        to_worker_r.close()
        from_worker_w.close()
        self.inbox: Connection = to_worker_w
        self.outbox: Connection = from_worker_r
        self.pool = pool
        self.runs: dict[str, tuple[RemoteRunHandle, RunJob]] = {}
        self.lock = threading.Lock()
        self.send_lock = threading.Lock()
        self.alive = True
        self.answered = False
        """It sent an event: it started fine (a worker lost before that is not replaced in a loop)."""
        self.reader = threading.Thread(target=self._read, name=f"rubric-worker-{index}-reader", daemon=True)
        self.reader.start()

    @property
    def load(self) -> int:
        with self.lock:
            return len(self.runs)

    def send(self, message: tuple[Any, ...]) -> bool:
        # Its own lock, not `self.lock`: a send blocks while the worker's pipe is full, and the reader
        # thread (which takes `self.lock` for every event) must keep draining the other pipe meanwhile.
        with self.lock:
            if not self.alive:
                return False
        with self.send_lock:
            try:
                self.inbox.send(message)
            except (OSError, ValueError):
                return False
            return True

    def cancel(self, run_id: str) -> None:
        self.send(("cancel", run_id))

    def submit(self, handle: RemoteRunHandle, job: RunJob) -> bool:
        with self.lock:
            if not self.alive:
                return False
            self.runs[job.run_id] = (handle, job)
        if self.send(("run", job)):
            return True
        with self.lock:
            self.runs.pop(job.run_id, None)
        return False

    def _read(self) -> None:
        while True:
            try:
                message = self.outbox.recv()
            except (EOFError, OSError):
                break
            kind = message[0]
            if kind == "event":
                self._deliver(message[1])
            elif kind == "failed":
                self._failed(message[1], message[2])
        self._lost()

    def _deliver(self, event: Any) -> None:
        self.answered = True
        with self.lock:
            entry = self.runs.get(event.run_id)
        if entry is None:
            return
        if event.type == "interrupted" and event.data.get("reason") in STORAGE_REASONS and self.process.pid:
            # The worker could not store its end (disk full, database gone): its row still says `running` with that
            # live worker. Reading it here (the dashboard) must say interrupted, so Resume is offered.
            from rubric_core.store.liveness import mark_stopped, worker_of_pid

            mark_stopped(event.run_id, worker_of_pid(self.process.pid))
        entry[0].deliver(event)
        if entry[0].done:
            with self.lock:
                self.runs.pop(event.run_id, None)

    def _failed(self, run_id: str, message: str) -> None:
        from rubric_core.events import RunEvent

        with self.lock:
            entry = self.runs.pop(run_id, None)
        if entry is not None:
            handle, job = entry
            handle.deliver(
                RunEvent(run_id=run_id, seq=job.first_seq, type="error", at=_now(), data={"message": message})
            )

    def _lost(self) -> None:
        """The pipe closed: the worker ended (stopped, killed or crashed). Unfinished runs become `interrupted`."""
        with self.lock:
            self.alive = False
            orphans = list(self.runs.values())
            self.runs.clear()
        self.process.join(timeout=STOP_TIMEOUT_S)
        if orphans:
            logger.warning(
                "Worker process %s ended (exit code %s) with %d run(s) unfinished: recorded interrupted",
                self.process.pid,
                self.process.exitcode,
                len(orphans),
            )
        for handle, job in orphans:
            if not handle.done:
                handle.deliver(self._lost_event(handle, job))
        self.pool._replace(self, at_once=self.answered)

    def _lost_event(self, handle: RemoteRunHandle, job: RunJob) -> Any:
        """The run's end after its worker was lost: stored `interrupted`, or (the store failing) at least delivered."""
        from rubric_core.events import RunEvent
        from rubric_core.execution.jobs import LOST_WORKER_MESSAGE, lost_worker_event

        if handle.events:
            try:
                return lost_worker_event(self.pool.store_for(job.db_url), job.run_id, handle.events)
            except Exception:
                logger.exception("Could not record run %s as interrupted after its worker was lost", job.run_id)
            data = {"turn": 0, "reason": "worker_lost", "message": LOST_WORKER_MESSAGE.format(run_id=job.run_id)}
            return RunEvent(run_id=job.run_id, seq=handle.events[-1].seq + 1, type="interrupted", at=_now(), data=data)
        # Lost before the run started: nothing of it was stored, so there is nothing to resume.
        message = "The worker process stopped before the run started; nothing was run or stored. Start it again."
        return RunEvent(run_id=job.run_id, seq=job.first_seq, type="error", at=_now(), data={"message": message})


class ProcessPoolBackend:
    """W worker processes started once (on first use) and reused; runs go to the least busy one."""

    name = "processes"
    saver_here = False

    def __init__(self, size: int) -> None:
        if size < 1:
            msg = "A process pool needs at least one worker process."
            raise ValueError(msg)
        self.size = size
        self.context = worker_context()
        self._workers: list[_WorkerProcess] = []
        self._lock = threading.Lock()
        self._stores: dict[str, Store] = {}
        self._closed = False
        self._booted = threading.Event()
        """The first workers are up (the forkserver has loaded the agent stack): a run goes straight to one."""
        self._pending: list[tuple[RemoteRunHandle, RunJob]] = []
        self._pending_lock = threading.Lock()
        self._booting: threading.Thread | None = None
        _shutdown_at_exit(self)

    def start(self) -> None:
        """Start the worker processes now (otherwise on the first run), then hand them the runs that waited."""
        try:
            with self._lock:
                self._fill()
        except Exception as exc:
            self._fail_pending(f"The worker processes could not start ({exc}); see the log. The run was not started.")
            raise
        self._booted.set()
        self._dispatch_pending()

    def _fill(self) -> None:
        self._workers = [w for w in self._workers if w.alive]
        while len(self._workers) < self.size and not self._closed:
            self._workers.append(_WorkerProcess(self, len(self._workers)))

    def _replace(self, worker: _WorkerProcess, *, at_once: bool) -> None:
        """Drop a lost worker; start its replacement now if it had worked (else on the next run: no crash loop)."""
        with self._lock:
            if worker in self._workers:
                self._workers.remove(worker)
            if at_once and not self._closed:
                self._fill()

    @property
    def worker_pids(self) -> list[int]:
        """Process ids of the live workers."""
        with self._lock:
            return [w.process.pid for w in self._workers if w.alive and w.process.pid is not None]

    def store_for(self, url: str) -> Store:
        """A store of this process on `url` (to record a lost worker's runs)."""
        from rubric_core.store.store import Store

        with self._lock:
            if url not in self._stores:
                self._stores[url] = Store(url)
            return self._stores[url]

    def submit(self, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> RemoteRunHandle:
        """Send the job to the least busy worker; its handle gets the events as the worker stores them.

        While the first workers are still starting (the forkserver loads the agent stack: seconds), the job waits
        in this process and the handle is returned at once, so the page that asked draws the run right away
        (bench/first_run.py); the workers take the waiting jobs, in order, as soon as they are up.
        """
        if not self._booted.is_set():
            handle = self._wait_for_boot(job, subscribers)
            if handle is not None:
                return handle
        return self._send(job, subscribers)[0]

    def _wait_for_boot(self, job: RunJob, subscribers: Iterable[Subscriber]) -> RemoteRunHandle | None:
        """Keep `job` until the workers are up (None: they are up now, send it)."""
        with self._pending_lock:
            if self._booted.is_set():
                return None
            if self._closed:
                msg = "The worker pool is shut down (the process is stopping): the run was not started."
                raise ValueError(msg)
            handle = RemoteRunHandle(job.run_id, subscribers, lambda _run_id: None)  # a cancel is sent on dispatch
            self._pending.append((handle, job))
            if self._booting is None or not self._booting.is_alive():  # no warm-up ran, or a start failed: start now
                self._booting = threading.Thread(target=self._boot, name="rubric-studio-pool-start", daemon=True)
                self._booting.start()
        return handle

    def _boot(self) -> None:
        try:
            self.start()
        except Exception:
            logger.exception("The worker processes could not start")

    def _dispatch_pending(self) -> None:
        with self._pending_lock:
            waiting, self._pending = self._pending, []
        for handle, job in waiting:
            try:
                _, worker = self._send(job, (), waiting=handle)
            except ValueError as exc:
                _refuse(handle, job, str(exc))
                continue
            if handle.cancel_requested:  # cancelled while it waited: the worker records it and stops at once
                worker.cancel(job.run_id)

    def _fail_pending(self, message: str) -> None:
        with self._pending_lock:
            waiting, self._pending = self._pending, []
        for handle, job in waiting:
            _refuse(handle, job, message)

    def _send(
        self, job: RunJob, subscribers: Iterable[Subscriber], *, waiting: RemoteRunHandle | None = None
    ) -> tuple[RemoteRunHandle, _WorkerProcess]:
        """The job sent to the least busy worker, with a new handle (or the handle it `waiting` had)."""
        for _attempt in range(3):
            with self._lock:
                if self._closed:
                    msg = "The worker pool is shut down (the process is stopping): the run was not started."
                    raise ValueError(msg)
                self._fill()
                worker = min(self._workers, key=lambda w: w.load)
            handle = waiting or RemoteRunHandle(job.run_id, subscribers, worker.cancel)
            handle.send_cancel_to(worker.cancel)
            if worker.submit(handle, job):
                return handle, worker
        msg = "No worker process could take the run (they keep stopping): see the log. The run was not started."
        raise ValueError(msg)

    def shutdown(self) -> None:
        """Ask every worker to record its runs `interrupted` and stop; kill those that do not in time."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers)
        self._fail_pending("The server stopped before the run started; nothing was run or stored. Start it again.")
        from rubric_core.engine.shutdown import stop_reason

        why = stop_reason()
        for worker in workers:
            worker.send(("stop", why))
        for worker in workers:
            worker.reader.join(STOP_TIMEOUT_S)
            if worker.process.is_alive():
                worker.process.kill()
                worker.reader.join(STOP_TIMEOUT_S)
        with self._lock:
            stores = list(self._stores.values())
            self._stores.clear()
        for store in stores:
            store.close()


def _refuse(handle: RemoteRunHandle, job: RunJob, message: str) -> None:
    """A job that waited for the workers and could not go to one: its handle ends with an error, nothing stored."""
    from rubric_core.events import RunEvent

    handle.deliver(RunEvent(run_id=job.run_id, seq=job.first_seq, type="error", at=_now(), data={"message": message}))


def _now() -> float:
    import time

    return time.time()


def _shutdown_at_exit(pool: ProcessPoolBackend) -> None:
    """Stop the pool when the main thread ends (server SIGTERM, CLI exit), before thread pools shut down.

    Like the engine's hook (see `engine.runner._stop_at_exit`): the workers record their runs
    `interrupted` while this process can still read their pipes.
    """
    ref = weakref.ref(pool)

    def hook() -> None:
        live = ref()
        if live is not None:
            live.shutdown()

    try:
        threading._register_atexit(hook)  # type: ignore[attr-defined]
    except (AttributeError, RuntimeError):
        pass


_pools: dict[int, ProcessPoolBackend] = {}
_pools_lock = threading.Lock()


def shared_pool(size: int) -> ProcessPoolBackend:
    """The process's pool of `size` workers, started once and reused by every run manager."""
    with _pools_lock:
        pool = _pools.get(size)
        if pool is None or pool._closed:
            pool = _pools[size] = ProcessPoolBackend(size)
        return pool
