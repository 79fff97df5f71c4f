"""What a Dask worker executes for one run: open the shared store and an Engine, run the run, return a summary.

A worker keeps one Store, Engine and RunManager per database (so compiled agents
and connections are reused between tasks). The run executes in the worker exactly
as in a dashboard: the real loop, every event written to the store as it comes,
cancel requests read from the store by the manager's watcher.

Dask runs a task again when the worker running it dies. A re-run must never start
the run over or count anything twice, so a task runs only if the stored run is as
it was when the task was sent (`expect_seq`, its next event number then). A run
whose first attempt left events is left as the store shows it: `interrupted` once
its worker is known dead, and resumable from its checkpoint.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_resources: dict[tuple[str, str], tuple[Any, Any, Any]] = {}


def run_task(spec: dict[str, Any]) -> dict[str, Any]:
    """Execute one run part (start, resume or follow-up) described by `spec`; the run's stored outcome."""
    from rubric_core.config import RunConfig

    store_url = _store_url(spec)
    store, _engine, manager = _open(store_url, spec.get("home") or "")
    run_id = spec["run_id"]
    if store.next_seq(run_id) != spec["expect_seq"]:
        # An earlier attempt of this task started the run on a worker that died: leave it as stored.
        return _summary(store, run_id, executed=False)
    keys = spec.get("keys") or None
    mode = spec["mode"]
    if mode == "start":
        handle = manager.start(RunConfig.from_dict(spec["config"]), keys=keys, run_id=run_id)
    elif mode == "resume":
        handle = manager.resume(run_id, keys=keys)
    else:
        handle = manager.follow_up(run_id, spec["message"], rubric=spec.get("rubric"), keys=keys)
    handle.wait()
    return _summary(store, run_id, executed=True)


def _store_url(spec: dict[str, Any]) -> str:
    """The store URL: sent in the task when it holds no password, else this worker's $RUBRIC_STUDIO_DB_URL.

    The worker's own URL must name the same database as the sender's (compared with the
    password masked), so a worker configured for another database refuses the task.
    """
    from rubric_core.store import DB_URL_ENV, mask_url

    if spec.get("store_url"):
        return str(spec["store_url"])
    own = os.environ.get(DB_URL_ENV, "")
    if not own:
        msg = (
            f"This Dask worker has no {DB_URL_ENV}: start it with the team database URL in its environment "
            "(docs/SCALING.md)."
        )
        raise RuntimeError(msg)
    if mask_url(own) != spec["store_display"]:
        msg = (
            f"This Dask worker's {DB_URL_ENV} is {mask_url(own)}, not the database of the dashboard that sent "
            f"the run ({spec['store_display']}): point every worker at the same database."
        )
        raise RuntimeError(msg)
    return own


def _open(store_url: str, home: str) -> tuple[Any, Any, Any]:
    from rubric_core.engine import Engine
    from rubric_core.engine.stack import load_agent_stack
    from rubric_core.manager import RunManager
    from rubric_core.store import open_store

    with _lock:
        key = (store_url, home)
        if key not in _resources:
            load_agent_stack()  # once, before this worker's task threads need it (import deadlock otherwise)
            store = open_store(store_url)
            engine = Engine(Path(home) if home else None)
            manager = RunManager(engine, store)
            manager.clears_requests = False  # the sender cleared them; a cancel stored since must count
            _resources[key] = (store, engine, manager)
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
