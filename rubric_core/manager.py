"""The run manager: one per process; starts, resumes, continues and cancels runs with the store subscribed.

The dashboard holds one in `st.cache_resource`; the command line uses one
too. Live runs are kept by id, so any page, tab or reload can re-attach.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from rubric_core.cancel_watcher import CancelWatcher
from rubric_core.config import RunConfig
from rubric_core.engine import Engine, RunHandle
from rubric_core.engine.runner import RunPrior, Subscriber
from rubric_core.store import Store

if TYPE_CHECKING:
    from rubric_core.execution import ExecutionBackend

RESUMABLE_STATUSES = ("interrupted", "cancelled")
"""Stored statuses of a run that stopped before its end (its checkpoint says where it stands)."""


class RunManager:
    """Runs in worker threads, each event written to the store as it arrives."""

    def __init__(self, engine: Engine, store: Store, *, backend: ExecutionBackend | None = None) -> None:
        self.engine = engine
        self.store = store
        self.backend = backend
        """Where runs execute: None for worker threads of this process, else a backend (a Dask cluster)."""
        self._live: dict[str, Any] = {}
        self._lock = threading.Lock()
        # Cancel requests stored by other processes (dashboards, the CLI) for runs executing here.
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
        run_id: str | None = None,
    ) -> RunHandle:
        """Start a new run (`subscribers` get its events after the store); `run_id` for a task re-sent to a worker."""
        if self.backend is not None:
            from rubric_core.engine.runner import new_run_id

            return self._submit("start", run_id or new_run_id(), config, keys, subscribers)
        handle = self.engine.start(config, run_id=run_id, subscribers=[self.store.record, *subscribers], keys=keys)
        return self._keep(handle)

    def resume(
        self, run_id: str, *, keys: Mapping[str, str] | None = None, subscribers: Iterable[Subscriber] = ()
    ) -> RunHandle:
        """Resume an interrupted or cancelled run from its checkpoint.

        Whether it can be resumed is the store's word (it never reached an end) together with
        its checkpoint (a next step, or saved writes of a step with no next checkpoint), never
        the checkpoint's next steps alone: a process stopped mid-step leaves `next == ()`.
        """
        config = self._config(run_id)
        if self.is_live(run_id):
            msg = "This run is still running: it cannot be resumed twice."
            raise ValueError(msg)
        run = self.store.get_run(run_id)
        status = run["status"] if run else ""
        if status == "running":
            msg = "This run is still running in another process: cancel it first, or wait for it to end."
            raise ValueError(msg)
        unfinished = status in RESUMABLE_STATUSES
        if not unfinished and not self.engine.is_resumable(run_id, config):
            msg = "This run has nothing left to resume: it already ended. Use Continue to send a follow-up message."
            raise ValueError(msg)
        self._clear_requests(run_id)
        if self.backend is not None:
            return self._submit(
                "resume",
                run_id,
                config,
                keys,
                subscribers,
                first_seq=self.store.next_seq(run_id),
                prior=self._prior(run_id, unfinished=unfinished),
            )
        handle = self.engine.resume(
            run_id,
            config,
            subscribers=[self.store.record, *subscribers],
            keys=keys,
            first_seq=self.store.next_seq(run_id),
            prior=self._prior(run_id, unfinished=unfinished),
        )
        return self._keep(handle)

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
    ) -> RunHandle:
        """A new user message on a finished run's thread; the rubric kept unless `rubric` is given."""
        config = self._config(run_id)
        if self.is_live(run_id):
            msg = "This run is still running: wait for it to finish before continuing it."
            raise ValueError(msg)
        if rubric is not None and not rubric.strip():
            msg = "The new rubric is empty: keep the current rubric or write at least one criterion."
            raise ValueError(msg)
        self._clear_requests(run_id)
        if self.backend is not None:
            return self._submit(
                "follow_up",
                run_id,
                config,
                keys,
                (),
                message=message,
                rubric=rubric,
                first_seq=self.store.next_seq(run_id),
                prior=self._prior(run_id, unfinished=False),
            )
        handle = self.engine.follow_up(
            run_id,
            config,
            message,
            rubric=rubric,
            subscribers=[self.store.record],
            keys=keys,
            first_seq=self.store.next_seq(run_id),
            prior=self._prior(run_id, unfinished=False),
        )
        return self._keep(handle)

    def cancel(self, run_id: str) -> bool:
        """Ask a live run to stop after its current step; False if it is not running anywhere.

        A run live here is cancelled through its handle: a `cancel_requested` event is stored at
        once (the page can show "Cancelling…"), and the run ends `cancelled` once the step in
        flight is saved. A run executing elsewhere (a Dask worker, another dashboard) gets a
        cancel request in the store, which the process executing it acts on within a second.
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

    def _submit(
        self,
        mode: Any,
        run_id: str,
        config: RunConfig,
        keys: Mapping[str, str] | None,
        subscribers: Iterable[Subscriber],
        *,
        message: str | None = None,
        rubric: str | None = None,
        first_seq: int = 0,
        prior: RunPrior | None = None,
    ) -> Any:
        from rubric_core.execution import RunJob

        assert self.backend is not None
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
            keys=dict(keys or {}),
        )
        return self._keep(self.backend.submit(job, subscribers))

    def _clear_requests(self, run_id: str) -> None:
        if self.store.readonly or self.store.get_run(run_id) is None:
            return
        from rubric_core.store.requests import clear_requests

        clear_requests(self.store, run_id)

    def get(self, run_id: str) -> Any:
        """The live (or recently finished) handle of a run started by this process."""
        with self._lock:
            return self._live.get(run_id)

    def is_live(self, run_id: str) -> bool:
        """Whether this process is running it now."""
        handle = self.get(run_id)
        return handle is not None and not handle.done

    def _keep(self, handle: Any) -> Any:
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
