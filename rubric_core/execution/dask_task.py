"""What a Dask worker executes for one run part: the job on this worker's Engine and Store, to its end.

A worker keeps one Store and Engine per database and home (compiled agents and
connections are reused between tasks). The run executes as it would in the
dashboard: the real loop via `jobs.start_job`, every event stored as it comes.
While it runs, the task polls the store for a cancel request (any dashboard or
CLI on the database may store one) and refreshes the run's heartbeat.

Dask runs a task again when the worker running it dies. A re-run must never start
the run over or count anything twice, so a task executes only if the stored run is
as it was when the task was sent (its next event number is still `job.first_seq`);
else it returns at once and the sender records the run `interrupted` (resumable).
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from typing import Any

from rubric_core.execution.backend import RunJob

POLL_S = 0.5
"""How often the store is read for a cancel request while the run executes."""
HEARTBEAT_EVERY_S = 15.0
"""How often the run's heartbeat is refreshed between its events (dashboards on other hosts read it)."""

_lock = threading.Lock()
_resources: dict[tuple[str, str], tuple[Any, Any]] = {}


def run_task(job: RunJob, store_display: str) -> dict[str, Any]:
    """Execute one run part on this worker; a small summary of the stored outcome."""
    from rubric_core.engine.handle import RunPrior
    from rubric_core.store.liveness import this_worker

    store, engine = _open(_store_url(job, store_display), job.home)
    if store.next_seq(job.run_id) != job.first_seq:
        # An earlier attempt of this task ran on a worker that died: leave the run as stored.
        return _summary(store, job.run_id, executed=False)
    if job.mode != "start":
        # The sender keeps task arguments small: what the store already holds is read here.
        totals = store.run_totals(job.run_id)
        prior = RunPrior(
            events=store.run_events(job.run_id),
            tokens=totals["tokens"],
            wall_time_s=totals["wall_time_s"],
            unfinished=bool(job.prior and job.prior.unfinished),
        )
        job = dataclasses.replace(job, prior=prior)
    from rubric_core.execution.jobs import start_job

    handle = start_job(engine, store, job)
    worker = this_worker()
    beat = time.monotonic()
    while not handle.wait(POLL_S):
        _act_on_requests(store, handle)
        if time.monotonic() - beat >= HEARTBEAT_EVERY_S:
            from rubric_core.store.heartbeat import touch_heartbeat

            beat = time.monotonic()
            touch_heartbeat(store, job.run_id, worker)
    return _summary(store, job.run_id, executed=True)


def _act_on_requests(store: Any, handle: Any) -> None:
    from rubric_core.store.requests import mark_handled, pending_cancels

    try:
        if handle.run_id in pending_cancels(store, [handle.run_id]):
            handle.cancel()
            mark_handled(store, handle.run_id)
    except Exception:  # a database hiccup: the next poll reads again
        import logging

        logging.getLogger(__name__).exception("Reading run requests failed (run %s)", handle.run_id)


def _store_url(job: RunJob, store_display: str) -> str:
    """The store URL: the job's when it was sent (no password in it), else this worker's $RUBRIC_STUDIO_DB_URL.

    The worker's own URL must name the same database as the sender's (compared with the
    password masked), so a worker configured for another database refuses the task.
    """
    from rubric_core.store import DB_URL_ENV, mask_url

    if job.db_url:
        return job.db_url
    own = os.environ.get(DB_URL_ENV, "")
    if not own:
        msg = (
            f"This Dask worker has no {DB_URL_ENV}: start it with the team database URL in its environment "
            "(docs/SCALING.md)."
        )
        raise RuntimeError(msg)
    if mask_url(own) != store_display:
        msg = (
            f"This Dask worker's {DB_URL_ENV} is {mask_url(own)}, not the database of the dashboard that sent "
            f"the run ({store_display}): point every worker at the same database."
        )
        raise RuntimeError(msg)
    return own


def _open(store_url: str, home: str) -> tuple[Any, Any]:
    from pathlib import Path

    from rubric_core.engine import Engine
    from rubric_core.engine.stack import load_agent_stack
    from rubric_core.store import open_store

    with _lock:
        key = (store_url, home)
        if key not in _resources:
            load_agent_stack()  # once, before this worker's task threads need it (import deadlock otherwise)
            # Checkpoints beside the store: on its PostgreSQL server (any worker resumes any run), else in `home`.
            _resources[key] = (open_store(store_url), Engine(Path(home) if home else None, db_url=store_url))
        return _resources[key]


def _summary(store: Any, run_id: str, *, executed: bool) -> dict[str, Any]:
    run = store.get_run(run_id) or {}
    return {
        "run_id": run_id,
        "executed": executed,
        "status": run.get("status", ""),
        "iterations": run.get("iterations", 0),
        "total_tokens": run.get("total_tokens", 0),
    }
