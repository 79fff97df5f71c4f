"""The engine: one per process; builds agents on one checkpointer and starts runs in threads.

One `Engine` per process holds the SQLite checkpointer; each run executes in
its own thread (or the caller's, with `execute`) as a `RunExecution`
(execution.py), with its own agent, models, usage counters and event list, so
concurrent runs never share state. Where runs execute (threads here, worker
processes, Dask) is chosen above the engine, in rubric_core/execution.
"""

from __future__ import annotations

import logging
import threading
import uuid
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.engine.execution import RunExecution
from rubric_core.engine.handle import RunHandle, RunPrior, Subscriber
from rubric_core.engine.redaction import redact
from rubric_core.engine.shutdown import Mode, shutdown_message
from rubric_core.engine.steering import GraderCalls, PartOptions
from rubric_core.paths import data_dir

logger = logging.getLogger(__name__)


def _store_url_setting() -> str | None:
    """RUBRIC_STUDIO_DB_URL, the store's setting (read here so `Engine()` follows the store)."""
    import os

    from rubric_core.store import DB_URL_ENV

    return os.environ.get(DB_URL_ENV) or None


class Engine:
    """Builds and runs agents; owns the checkpointer (beside the store)."""

    def __init__(self, home: Path | str | None = None, *, db_url: str | None = None) -> None:
        self.home = Path(home) if home else data_dir()
        self.home.mkdir(parents=True, exist_ok=True)
        self.db_url = db_url if db_url is not None else _store_url_setting()
        """The store's database URL: a PostgreSQL one puts the checkpoints on that server too."""
        self._checkpointer: Any = None
        self._lock = threading.Lock()
        self._agents: Any = None
        self._executions: dict[str, RunExecution] = {}
        self._executions_lock = threading.Lock()
        self.grader_calls = GraderCalls()
        """The grader answers of step-mode runs' passes in flight (a paused pass gets them back on resume)."""
        self.stopping = False
        _stop_at_exit(self)
        from rubric_core.redaction import install_log_redaction, register_url

        # Every process that runs runs builds an engine (the dashboard, the CLI, a pool or Dask worker): from here
        # on its log records are redacted, and the database's password is one of the secrets.
        install_log_redaction()
        register_url(self.db_url or "")

    @property
    def checkpoint_path(self) -> Path:
        """The checkpoint database file (SQLite; unused when the checkpoints are on PostgreSQL)."""
        return self.home / "checkpoints.sqlite"

    @property
    def checkpointer(self) -> Any:
        """One fenced saver: on the store's PostgreSQL server, else `checkpoints.sqlite` in the data directory."""
        with self._lock:
            if self._checkpointer is None:
                from rubric_core.engine.checkpointer import open_checkpointer_for

                self._checkpointer = open_checkpointer_for(self.home, self.db_url)
            return self._checkpointer

    def check_files(self, *, open_saver: bool = True) -> None:
        """Refuse a checkpoint file that is not ours, or an unreachable checkpoint server, before anything
        is started or stored (CheckpointFileError).

        `open_saver=False`: the run executes in another process, which opens the file itself; a checkpoint
        file is then only checked here, without importing LangGraph (a PostgreSQL server is still reached,
        since connecting is how it is checked).
        """
        from rubric_core.engine.checkpoint_file import check_checkpoint_file
        from rubric_core.store.sql import is_postgres

        if self._checkpointer is None:
            postgres = bool(self.db_url and is_postgres(self.db_url))
            if not postgres:
                check_checkpoint_file(self.checkpoint_path)
            if open_saver or postgres:
                self.checkpointer  # noqa: B018 -- open it now, while the file is known to be good

    def stop_all(self, why: str = "") -> None:
        """The process is stopping: fence the checkpointer, end every live run here as `interrupted`.

        `why` is what the stored message says stopped it (default: what `set_stop_reason` said, if anything).

        Called before the interpreter shuts its thread pools down (see `_stop_at_exit`): a step
        still in flight then fails with "cannot schedule new futures"; neither its events nor its
        checkpoint are kept, and Resume runs it again.
        """
        self.stopping = True
        if self._checkpointer is not None:
            self._checkpointer.fence()
        with self._executions_lock:
            executions = list(self._executions.values())
        for execution in executions:
            execution.interrupt("shutdown", shutdown_message(execution.handle.run_id, why or None))

    def agent(self, config: RunConfig, keys: Mapping[str, str] | None = None) -> Any:
        """The compiled agent for a config, shared between runs with the same settings."""
        from rubric_core.engine.agent import AgentCache

        checkpointer = self.checkpointer  # takes self._lock itself
        with self._lock:
            if self._agents is None:
                self._agents = AgentCache(
                    checkpointer=checkpointer, on_evaluation=self._dispatch_evaluation, grader_calls=self.grader_calls
                )
        return self._agents.get(config, keys)

    def _dispatch_evaluation(self, evaluation: Any, library: Any = None) -> None:
        # Agents are shared, so `on_evaluation` finds its run by the thread being graded.
        from langgraph.config import get_config

        thread_id = get_config().get("configurable", {}).get("thread_id")
        with self._executions_lock:
            execution = self._executions.get(str(thread_id))
        if execution is not None:
            execution._on_evaluation(evaluation, library)

    # ---- public API -------------------------------------------------------------------

    def start(
        self,
        config: RunConfig,
        *,
        run_id: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        options: PartOptions | None = None,
    ) -> RunHandle:
        """Start a new run in a worker thread (CheckpointFileError before anything starts if it cannot be saved).

        `options`: its step mode (steering.py)."""
        self.check_files()
        handle = RunHandle(run_id or new_run_id(), subscribers)
        return self._spawn(handle, config, "start", None, None, keys, options=options)

    def resume(
        self,
        run_id: str,
        config: RunConfig,
        *,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
        options: PartOptions | None = None,
    ) -> RunHandle:
        """Continue an interrupted run (crash, kill, cancel) from its last checkpoint, in a worker thread."""
        self.check_files()
        handle = RunHandle(run_id, subscribers, first_seq=first_seq)
        return self._spawn(handle, config, "resume", None, None, keys, prior, options=options)

    def continue_paused(
        self,
        run_id: str,
        config: RunConfig,
        options: PartOptions,
        *,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
    ) -> RunHandle:
        """Go on from a step-mode pause with the person's decision (`options.decision`), in a worker thread."""
        self.check_files()
        handle = RunHandle(run_id, subscribers, first_seq=first_seq)
        return self._spawn(handle, config, "continue", None, None, keys, prior, options=options)

    def fork(
        self,
        run_id: str,
        config: RunConfig,
        options: PartOptions,
        *,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
    ) -> RunHandle:
        """Start the fork `run_id` of `options.fork["parent"]` from its fork point, in a worker thread."""
        self.check_files()
        handle = RunHandle(run_id, subscribers)
        return self._spawn(handle, config, "fork", None, None, keys, options=options)

    def follow_up(
        self,
        run_id: str,
        config: RunConfig,
        message: str,
        *,
        rubric: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
        options: PartOptions | None = None,
    ) -> RunHandle:
        """A new user turn on a finished run's thread; the rubric is kept unless `rubric` is given."""
        if not message.strip():
            msg = "Follow-up message is empty: write what the agent should do next."
            raise ValueError(msg)
        self.check_files()
        handle = RunHandle(run_id, subscribers, first_seq=first_seq)
        return self._spawn(handle, config, "follow_up", message, rubric, keys, prior, options=options)

    def execute(
        self,
        config: RunConfig,
        *,
        run_id: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        mode: Mode = "start",
        message: str | None = None,
        rubric: str | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
        options: PartOptions | None = None,
    ) -> RunHandle:
        """Run to the end (or a pause) in the calling thread (tests; the command line runs in a worker)."""
        self.check_files()
        handle = RunHandle(run_id or new_run_id(), subscribers, first_seq=first_seq)
        RunExecution(self, handle, config, mode, message, rubric, keys, prior, options).run()
        return handle

    def snapshot(self, run_id: str, config: RunConfig) -> Any:
        """The checkpointed LangGraph state snapshot of a run's thread (values, next steps)."""
        return self.agent(config).graph.get_state({"configurable": {"thread_id": run_id}})

    def is_resumable(self, run_id: str, config: RunConfig) -> bool:
        """Whether the run's thread has work left: a next step, or saved writes of a step with no next checkpoint."""
        from rubric_core.engine.checkpoints import has_pending_work

        return has_pending_work(self.checkpointer, run_id, self.snapshot(run_id, config))

    def _spawn(
        self,
        handle: RunHandle,
        config: RunConfig,
        mode: Mode,
        message: str | None,
        rubric: str | None,
        keys: Mapping[str, str] | None,
        prior: RunPrior | None = None,
        *,
        options: PartOptions | None = None,
    ) -> RunHandle:
        from rubric_core.engine.stack import load_agent_stack

        load_agent_stack()  # in the caller's thread, before the run's own thread imports anything of it
        execution = RunExecution(self, handle, config, mode, message, rubric, keys, prior, options)
        thread = threading.Thread(target=execution.run, name=f"rubric-run-{handle.run_id[:8]}", daemon=True)
        handle.thread = thread
        thread.start()
        return handle


def _stop_at_exit(engine: Engine) -> None:
    """Interrupt the engine's live runs when the main thread ends, before thread pools shut down.

    Worker threads are daemons: when the main thread returns (Streamlit after SIGTERM,
    the CLI after a second Ctrl-C) they still run while the interpreter shuts down,
    and every model call then fails with "cannot schedule new futures after shutdown".
    `threading._register_atexit` hooks run first (newest first, so before
    concurrent.futures' own hook); `atexit` would be too late.
    """
    import concurrent.futures.thread  # noqa: F401 -- its exit hook must be registered before ours (ours runs first)

    ref = weakref.ref(engine)

    def hook() -> None:
        live = ref()
        if live is not None:
            live.stop_all()

    try:
        threading._register_atexit(hook)  # type: ignore[attr-defined]
    except (AttributeError, RuntimeError):  # already shutting down, or another interpreter
        pass


def new_run_id() -> str:
    """A fresh run id (also the checkpointer thread id)."""
    return uuid.uuid4().hex


__all__ = ["Engine", "RunHandle", "RunPrior", "Subscriber", "new_run_id", "redact"]
