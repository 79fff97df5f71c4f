"""The main loop of a pool worker process: take jobs, run them in threads, send their events back.

A worker imports the agent stack once, keeps one `Engine` and `Store` per (home,
database URL), runs any number of runs at once in threads, writes each event to
the store itself and then sends it to the parent. Messages from the parent:
("run", RunJob), ("cancel", run_id), ("stop",). Messages to the parent:
("event", RunEvent), ("failed", run_id, message). The parent going away (its end
of the pipe closes) stops the worker the same way as ("stop",): every live run
is recorded `interrupted`, resumable.
"""

from __future__ import annotations

import logging
import signal
import sys
import threading
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any

from rubric_core.engine.shutdown import DEFAULT_STOP_REASON

if TYPE_CHECKING:
    from rubric_core.engine import Engine
    from rubric_core.engine.handle import RunHandle
    from rubric_core.events import RunEvent
    from rubric_core.execution.backend import RunJob
    from rubric_core.store import Store

logger = logging.getLogger(__name__)
PARENT_LOST = (
    "the dashboard or command line that started it ended without stopping its runs: "
    "it was killed (SIGKILL, out of memory) or crashed"
)
WORKER_SIGTERM = "its worker process received SIGTERM"
_KEEP_PLACES = 8
"""(home, URL) pairs whose engine and store a worker keeps open; older idle ones are closed."""


class _Worker:
    def __init__(self, inbox: Connection, outbox: Connection) -> None:
        self.inbox, self.outbox = inbox, outbox
        self.send_lock = threading.Lock()
        self.places: dict[tuple[str, str], tuple[Engine, Store]] = {}
        self.handles: dict[str, RunHandle] = {}
        self.lock = threading.Lock()

    def send(self, message: tuple[Any, ...]) -> None:
        with self.send_lock:
            try:
                self.outbox.send(message)
            except (OSError, ValueError):  # the parent is gone: the store still has every event
                pass

    def place(self, job: RunJob) -> tuple[Engine, Store]:
        from rubric_core.engine import Engine
        from rubric_core.store.store import Store

        key = (job.home, job.db_url)
        with self.lock:
            if key not in self.places:
                self._forget_idle_places()
                engine = Engine(job.home)
                # The checkpoints follow the job's store (an engine that puts them beside a PostgreSQL
                # store reads `db_url`), not this worker's environment; set before the saver opens.
                engine.db_url = job.db_url  # type: ignore[attr-defined]
                self.places[key] = (engine, Store(job.db_url))
            return self.places[key]

    def _forget_idle_places(self) -> None:
        for key in list(self.places):
            engine, store = self.places[key]
            if len(self.places) >= _KEEP_PLACES and not engine._executions:
                del self.places[key]
                store.close()

    def run(self, job: RunJob) -> None:
        engine, store = self.place(job)

        def forward(event: RunEvent) -> None:
            self.send(("event", event))

        try:
            handle = start_job_here(engine, store, job, forward)
        except Exception as exc:  # noqa: BLE001 -- reported to the parent as the run's error
            self.send(("failed", job.run_id, str(exc) or type(exc).__name__))
            return
        with self.lock:
            self.handles = {rid: h for rid, h in self.handles.items() if not h.done}
            self.handles[job.run_id] = handle

    def cancel(self, run_id: str) -> None:
        with self.lock:
            handle = self.handles.get(run_id)
        if handle is not None:
            handle.cancel()

    def stop(self, why: str) -> None:
        with self.lock:
            engines = [engine for engine, _store in self.places.values()]
        for engine in engines:
            engine.stop_all(why)

    def serve(self) -> None:
        while True:
            try:
                message = self.inbox.recv()
            except (EOFError, OSError):
                self.stop(PARENT_LOST)  # the parent is gone without saying so: it was killed or crashed
                return
            kind = message[0]
            if kind == "run":
                self.run(message[1])
            elif kind == "cancel":
                self.cancel(message[1])
            elif kind == "stop":
                self.stop(message[1] if len(message) > 1 else DEFAULT_STOP_REASON)
                return


def start_job_here(engine: Engine, store: Store, job: RunJob, forward: Any) -> RunHandle:
    """`jobs.start_job` with `forward` subscribed after the store."""
    from rubric_core.execution.jobs import start_job

    return start_job(engine, store, job, [forward])


def worker_main(inbox: Connection, outbox: Connection) -> None:
    """Entry point of a worker process (spawned or forked from the forkserver, never from the server)."""
    # Ctrl-C in a terminal reaches the whole process group: the parent decides (cancel, then stop).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from rubric_core import logs

    logs.configure()  # tracebacks to the data directory's log (and stderr with RUBRIC_STUDIO_DEBUG=1), as the CLI's
    from rubric_core.engine.tool_output import redirect_process_output

    redirect_process_output()  # what the agent's tools print goes to logs/tool-output.log, not the terminal
    from rubric_core.engine.stack import load_agent_stack

    load_agent_stack()
    worker = _Worker(inbox, outbox)

    def on_sigterm(signum: int, frame: Any) -> None:
        worker.stop(WORKER_SIGTERM)
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, on_sigterm)
    try:
        worker.serve()
    except SystemExit:
        pass
    except Exception:  # logged, then the worker ends as after a stop
        logger.exception("The worker process failed")
    finally:
        outbox.close()
    _end_now(worker)


def _end_now(worker: _Worker) -> None:
    """End the worker process now: its runs are already recorded `interrupted`.

    A model call still in flight (a grader that takes its time, a slow provider) runs in a thread of a
    thread pool, and a normal exit joins those threads: the process lingered until the call returned, and a
    second Ctrl-C or SIGTERM in the CLI waited up to the parent's kill timeout for it. Nothing that call could
    still produce is kept (the checkpointer is fenced), so the stores are closed, the log flushed, and the
    process exits without waiting for it.
    """
    import os

    with worker.lock:
        stores = [store for _engine, store in worker.places.values()]
    for store in stores:
        try:
            store.close()
        except Exception:  # a store that cannot close (its server is gone) has nothing left to write
            logger.debug("a store did not close cleanly", exc_info=True)
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    os._exit(0)
