"""Step mode and forks in the pool of worker processes: a pause frees its worker and outlives it; a fork runs there.

A pool of its own (one worker) for the test that kills its worker; every wait is on a stored row or the pool's
own state (a bound on a hang, never a window of time).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.processes import ProcessPoolBackend
from rubric_core.execution.steer_requests import Override, build_decision, build_fork
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.core.test_fork import checkpoint_digest, store_digest

DEADLINE_S = 240.0


def wait_for(condition: Any, what: str) -> Any:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"never happened: {what}")


@pytest.fixture
def own_pool() -> Any:
    pool = ProcessPoolBackend(1)  # killing a worker of the shared pool would hit other tests' runs
    pool.start()
    yield pool
    pool.shutdown()


def test_a_paused_run_frees_its_worker_outlives_its_kill_and_goes_on_in_the_next(
    home: Path, store: Store, own_pool: ProcessPoolBackend
) -> None:
    manager = RunManager(Engine(home), store, backend=own_pool)
    handle = manager.start(example_config("haiku"), step="verdicts")
    assert handle.wait(DEADLINE_S) and handle.last is not None and handle.last.type == "paused"
    (worker,) = own_pool._workers
    assert worker.load == 0  # the pause holds no worker: the run's part ended there
    killed = worker.process.pid
    assert killed is not None
    os.kill(killed, signal.SIGKILL)
    wait_for(lambda: not worker.alive, "the pool saw its worker die")
    run = store.get_run(handle.run_id)
    assert run is not None and run["status"] == "paused"  # nothing of the run was on the dead worker
    decision = build_decision(store, handle.run_id, overrides=[Override("Is about spring", "fail")], reviewer="ann")
    going = manager.continue_paused(handle.run_id, decision)
    assert going is not None and going.wait(DEADLINE_S)
    assert going.last is not None and going.last.type == "paused" and going.last.data["iteration"] == 1
    assert killed not in own_pool.worker_pids and len(own_pool.worker_pids) == 1
    assert sum(e.type == "evaluation" for e in store.run_events(handle.run_id)) == 2


def test_a_fork_runs_in_a_worker_process_and_leaves_its_parent_alone(
    home: Path, store: Store, own_pool: ProcessPoolBackend
) -> None:
    engine = Engine(home)
    manager = RunManager(engine, store, backend=own_pool)
    parent = manager.start(example_config("haiku"))
    assert parent.wait(DEADLINE_S) and parent.last is not None and parent.last.type == "finished"
    spec, config = build_fork(store, engine, parent.run_id, iteration=1, rubric="- Exactly three lines", by="ann")
    before = store_digest(store, parent.run_id), checkpoint_digest(engine, parent.run_id)
    fork = manager.fork(spec, config)
    assert fork.wait(DEADLINE_S) and fork.last is not None and fork.last.type == "finished"
    assert (store_digest(store, parent.run_id), checkpoint_digest(engine, parent.run_id)) == before
    row = store.get_run(fork.run_id)
    assert row is not None and (row["parent_run"], row["forked_at"]) == (parent.run_id, 1)
    assert [e.data["iteration"] for e in fork.events if e.type == "draft" and not e.data.get("inherited")] == []
