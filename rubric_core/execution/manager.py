"""The run manager: one per process; starts, resumes, continues and cancels runs with the store subscribed.

The dashboard holds one in `st.cache_resource`; the command line uses one
too. Live runs are kept by id, so any page, tab or reload can re-attach.
It decides what to run (checks, what the store holds) and hands a `RunJob` to
an execution backend that decides where: the shared pool of worker processes
by default, threads of this process with RUBRIC_STUDIO_WORKERS=0 or
`backend=ThreadBackend(...)` (see rubric_core/execution).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.engine.runner import RunPrior, Subscriber, new_run_id
from rubric_core.execution import ExecutionBackend, LiveRun, RunJob, RunMode, get_backend
from rubric_core.execution.cancel_watcher import CancelWatcher
from rubric_core.projects.checks import check_project_config
from rubric_core.store import Store
from rubric_core.store.start_clicks import claim_start, release_start

RESUMABLE_STATUSES = ("interrupted", "cancelled")
"""Stored statuses of a run that stopped before its end (its checkpoint says where it stands)."""


class AlreadyStarted(Exception):
    """The click that asked for this start already started a run: nothing new was started."""

    def __init__(self, run_id: str) -> None:
        super().__init__(f"This click already started run {run_id}.")
        self.run_id = run_id
        """The run the click started."""


class RunManager:
    """Runs on an execution backend, each event written to the store as it arrives.

    `backend` None: the one `RUBRIC_STUDIO_WORKERS` asks for (WorkersSettingError, a
    ValueError, for a bad value). `engine` is this process's: it checks the checkpoint
    file before anything starts and reads checkpoints (is a run resumable?).
    """

    def __init__(self, engine: Engine, store: Store, *, backend: ExecutionBackend | None = None) -> None:
        self.engine = engine
        self.store = store
        self.backend: ExecutionBackend = backend if backend is not None else get_backend(engine, store)
        self._live: dict[str, LiveRun] = {}
        self._lock = threading.Lock()
        # Cancel requests stored by other processes (dashboards, the CLI) for runs this manager started.
        self._watcher = CancelWatcher(store, self._handles)

    def _handles(self) -> list[Any]:
        with self._lock:
            return list(self._live.values())

    def start(
        self,
        config: RunConfig,
        *,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[Subscriber] = (),
        click_token: str | None = None,
        providers: Iterable[str] = (),
        step: str = "",
    ) -> LiveRun:
        """Start a new run (`subscribers` get its events after the store); `step` 'verdicts' or 'drafts' runs it
        step by step (rubric_core/engine/steering.py).

        `providers`: what the run's batch (a matrix's other columns) uses too, imported before it starts.

        `click_token` names the click that asked for it (a page's Start): the first start with a token claims
        it in the store; any other start with the same token, in this process or another, raises
        AlreadyStarted naming the run the click started, and starts nothing.
        """
        from rubric_core.engine.steering import STEP_MODES

        if step not in STEP_MODES:
            msg = f"Step mode must be one of {', '.join(repr(m) for m in STEP_MODES)}; got {step!r}."
            raise ValueError(msg)
        run_id = new_run_id()
        if click_token is None:
            return self._submit(
                "start", run_id, config, keys=keys, subscribers=subscribers, providers=providers, step=step
            )
        # The checks that refuse a start come before the claim, so a refused click can be tried again as is.
        self._check(config)
        owner = claim_start(self.store, click_token, run_id)
        if owner != run_id:
            raise AlreadyStarted(owner)
        try:
            return self._submit(
                "start",
                run_id,
                config,
                keys=keys,
                subscribers=subscribers,
                checked=True,
                providers=providers,
                step=step,
            )
        except BaseException:
            release_start(self.store, click_token, run_id)  # nothing started: the same click may try again
            raise

    def _check(self, config: RunConfig) -> None:
        """What refuses any start before it is stored: the checkpoint file, the project's agent and tools."""
        self.engine.check_files(open_saver=self.backend.saver_here)  # CheckpointFileError: nothing started or stored
        # Code is loaded only from the project this process opened; ConfigError (by field) otherwise.
        check_project_config(config)

    def _submit(
        self,
        mode: RunMode,
        run_id: str,
        config: RunConfig,
        *,
        keys: Mapping[str, str] | None,
        subscribers: Iterable[Subscriber] = (),
        message: str | None = None,
        rubric: str | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
        checked: bool = False,
        providers: Iterable[str] = (),
        step: str = "",
        steer: dict[str, Any] | None = None,
        fork: dict[str, Any] | None = None,
    ) -> LiveRun:
        if not checked:
            self._check(config)
        job = RunJob(
            mode=mode,
            run_id=run_id,
            config=config.to_dict(),
            home=str(self.engine.home),
            db_url=self.store.url,
            message=message,
            rubric=rubric,
            first_seq=first_seq,
            prior=prior,
            step=step,
            steer=steer,
            fork=fork,
            keys=dict(keys or {}),
            providers=tuple(sorted(set(providers))),
        )
        return self._keep(self.backend.submit(job, subscribers))

    def resume(
        self,
        run_id: str,
        *,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[Subscriber] = (),
        providers: Iterable[str] = (),
    ) -> LiveRun:
        """Resume an interrupted or cancelled run from its checkpoint.

        Whether it can be resumed is the store's word (it never reached an end) together with
        its checkpoint (a next step, or saved writes of a step with no next checkpoint), never
        the checkpoint's next steps alone: a process stopped mid-step leaves `next == ()`.
        """
        config = self._config(run_id)
        problem = self.resume_problem(run_id, config)
        if problem:
            raise ValueError(problem)
        run = self.store.get_run(run_id)
        unfinished = (run["status"] if run else "") in RESUMABLE_STATUSES
        self._clear_requests(run_id)
        return self._submit(
            "resume",
            run_id,
            config,
            keys=keys,
            subscribers=subscribers,
            first_seq=self.store.next_seq(run_id),
            prior=self._prior(run_id, unfinished=unfinished),
            providers=providers,
            step=str(run["step"]) if run else "",
        )

    def resume_problem(self, run_id: str, config: RunConfig | None = None) -> str | None:
        """Why this run cannot be resumed now (live, running elsewhere, already ended), else None. Reads only."""
        config = config or self._config(run_id)
        if self.is_live(run_id):
            return "This run is still running: it cannot be resumed twice."
        run = self.store.get_run(run_id)
        status = run["status"] if run else ""
        if status == "running":
            return "This run is still running in another process: cancel it first, or wait for it to end."
        if status == "paused":
            return f"This run is paused at a step: continue it (rubric-studio run continue {run_id}), or stop it."
        if status not in RESUMABLE_STATUSES and not self.engine.is_resumable(run_id, config):
            return "This run has nothing left to resume: it already ended. Use Continue to send a follow-up message."
        return None

    def _prior(self, run_id: str, *, unfinished: bool) -> RunPrior:
        totals = self.store.run_totals(run_id)
        return RunPrior(
            events=self.store.run_events(run_id),
            tokens=totals["tokens"],
            wall_time_s=totals["wall_time_s"],
            unfinished=unfinished,
        )

    def follow_up(
        self, run_id: str, message: str, *, rubric: str | None = None, keys: Mapping[str, str] | None = None
    ) -> LiveRun:
        """A new user message on a finished run's thread; the rubric kept unless `rubric` is given."""
        config = self._config(run_id)
        if self.is_live(run_id):
            msg = "This run is still running: wait for it to finish before continuing it."
            raise ValueError(msg)
        row = self.store.get_run(run_id)
        if row is not None and row["status"] == "paused":
            msg = "This run is paused at a step: continue it from its pause (or stop it) before a follow-up message."
            raise ValueError(msg)
        if rubric is not None and not rubric.strip():
            msg = "The new rubric is empty: keep the current rubric or write at least one criterion."
            raise ValueError(msg)
        if not message.strip():
            msg = "Follow-up message is empty: write what the agent should do next."
            raise ValueError(msg)
        self._clear_requests(run_id)
        return self._submit(
            "follow_up",
            run_id,
            config,
            keys=keys,
            message=message,
            rubric=rubric,
            first_seq=self.store.next_seq(run_id),
            prior=self._prior(run_id, unfinished=False),
            step=str(row["step"]) if row is not None else "",  # a step run's follow-up turns pause too
        )

    def continue_paused(
        self,
        run_id: str,
        decision: dict[str, Any],
        *,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[Subscriber] = (),
    ) -> LiveRun | None:
        """Go on from a pause with a decision of `steer_requests.build_decision` (checked there, nothing written
        yet): its overrides are stored as reviews, then the run goes to a worker again; None for a stop (the run
        ends `cancelled` here, resumable)."""
        from rubric_core.execution.steer_requests import SteerError, paused_at

        config = self._config(run_id)
        if self.is_live(run_id):
            raise SteerError("This run is running here already: wait for its next pause.")
        paused_at(self.store, run_id)  # still paused (another tab may have gone on meanwhile)
        self._check(config)
        self._store_overrides(run_id, decision)
        self._clear_requests(run_id)
        if decision["action"] == "stop":
            from rubric_core.execution.steer_stop import record_stop

            record_stop(self.store, run_id, decision)
            with self._lock:  # its handle here ended at the pause: the store now says more than it
                self._live.pop(run_id, None)
            return None
        run = self.store.get_run(run_id)
        return self._submit(
            "continue",
            run_id,
            config,
            keys=keys,
            subscribers=subscribers,
            first_seq=self.store.next_seq(run_id),
            prior=self._prior(run_id, unfinished=True),
            checked=True,
            step=str(run["step"]) if run else "",
            steer=decision,
        )

    def _store_overrides(self, run_id: str, decision: dict[str, Any]) -> None:
        from rubric_core.store import judge as judge_store

        for o in decision.get("overrides") or []:
            judge_store.add_review(
                self.store,
                run_id=run_id,
                turn=int(decision["turn"]),
                iteration=int(decision["iteration"]),
                position=int(o["position"]),
                criterion=str(o["criterion"]),
                passed=o["verdict"] == "pass",
                verdict=str(o["verdict"]),
                reason=str(o.get("reason") or ""),
                reviewer=str(decision["reviewer"]),
            )

    def fork(
        self,
        spec: dict[str, Any],
        config: RunConfig,
        *,
        step: str | None = None,
        keys: Mapping[str, str] | None = None,
        subscribers: Iterable[Subscriber] = (),
    ) -> LiveRun:
        """Start a fork of `spec["parent"]` (a spec and config of `steer_requests.build_fork`, checked there): a new
        run, its own thread copied from the parent's up to the fork point. `step` None: the parent's step mode."""
        parent = self.store.get_run(str(spec["parent"]))
        mode = str(parent["step"]) if step is None and parent else (step or "")
        return self._submit("fork", new_run_id(), config, keys=keys, subscribers=subscribers, step=mode, fork=spec)

    def cancel(self, run_id: str) -> bool:
        """Ask a live run to stop after its current step; False if it is not running anywhere.

        A run started here is cancelled through its handle: a `cancel_requested` event is stored
        at once (the page can show "Cancelling…"), and the run ends `cancelled` once the step in
        flight is saved. A run started by another process (another dashboard, the CLI, on a Dask
        worker) gets a cancel request in the store, which the process running it acts on.
        """
        handle = self.get(run_id)
        if handle is not None and not handle.done:
            handle.cancel()
            return True
        run = self.store.get_run(run_id)
        if run is None or run["status"] != "running":  # `interrupted` when its worker is gone
            return False
        from rubric_core.store.requests import request_cancel

        request_cancel(self.store, run_id)
        return True

    def _clear_requests(self, run_id: str) -> None:
        """Forget a run's stored requests before a new part of it starts: an old cancel must not stop it."""
        if self.store.readonly or self.store.get_run(run_id) is None:
            return
        from rubric_core.store.requests import clear_requests

        clear_requests(self.store, run_id)

    def get(self, run_id: str) -> LiveRun | None:
        """The live (or recently finished) handle of a run started by this process."""
        with self._lock:
            return self._live.get(run_id)

    def is_live(self, run_id: str) -> bool:
        """Whether this process is running it now."""
        handle = self.get(run_id)
        return handle is not None and not handle.done

    def _keep(self, handle: LiveRun) -> LiveRun:
        with self._lock:
            # Finished runs live on in the store; keeping every handle (and its events) would grow forever.
            for run_id in [rid for rid, h in self._live.items() if h.done]:
                del self._live[run_id]
            self._live[handle.run_id] = handle
        self._watcher.ensure_running()
        return handle

    def _config(self, run_id: str) -> RunConfig:
        run = self.store.get_run(run_id)
        if run is None:
            msg = f"No run {run_id!r} in the store."
            raise KeyError(msg)
        data: dict[str, Any] = dict(run["config"])
        return RunConfig.from_dict(data)
