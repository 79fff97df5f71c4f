"""Runs and suites on a real Dask cluster (a LocalCluster of 2 worker processes), followed through the store.

The store and the checkpoints are on embedded PostgreSQL (the team configuration);
the command-line test uses a SQLite data directory on this machine (allowed with a
scheduler on the loopback address).

The test process plays the dashboard: it sends runs, reads their events from the
store while they are live, cancels through the store, and kills a worker mid-run.
Every wait is on a stored row or event (a bound, not a window of time).
"""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.dask_backend import DaskBackend
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store, open_store
from rubric_core.suites import suite_run_ids
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SuiteRunner
from tests.browser.gate import GATES_ENV, RELEASE_ALL, Gates
from tests.core.helpers import example_config, local_cluster, run_cli

distributed = pytest.importorskip("distributed")

DEADLINE_S = 240.0
"""Upper bound of any wait below (a bound on a hang, never a timing assertion)."""


def wait_for(condition: Callable[[], Any], what: str) -> Any:
    """Poll `condition` until it returns something truthy; fail after DEADLINE_S saying what never happened."""
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"never happened: {what}")


@pytest.fixture(scope="module")
def shared(pg_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Path]]:
    """The team configuration: one PostgreSQL database for the store and the checkpoints, shared by every worker.

    (The data directory only holds what a process keeps locally; nothing of a run is kept there.)
    """
    url = pg_server.url(pg_server.new_database())
    store = open_store(url)
    yield store, tmp_path_factory.mktemp("dask") / "home"
    store.close()


def _engine(home: Path, store: Store) -> Engine:
    return Engine(home, db_url=store.url)


def _install_gate(directory: str) -> None:
    """In a worker: hold a gated run's writer calls until the test releases them (tests/browser/gate.py).

    Once per worker process: a worker the nanny restarted after a kill has none, one gated already keeps its own.
    """
    import os

    from rubric_core.models.offline import OfflineWriter
    from tests.browser.gate import install_from_env

    if getattr(OfflineWriter, "_test_gated", False):
        return
    os.environ[GATES_ENV] = directory
    install_from_env()
    OfflineWriter._test_gated = True  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def gates(tmp_path_factory: pytest.TempPathFactory) -> Gates:
    return Gates(tmp_path_factory.mktemp("gates"))


@pytest.fixture(scope="module")
def cluster(gates: Gates) -> Iterator[Any]:
    with local_cluster(2) as client:
        client.run(_install_gate, str(gates.dir))  # the workers started now (a restarted one is not gated)
        try:
            yield client
        finally:
            gates.release_all()


def _gated_start(manager: RunManager, gates: Gates) -> Any:
    """Start a run whose writer waits before every call after its first draft, until released."""
    gates.arm()
    handle = manager.start(example_config("haiku"))
    wait_for(lambda: handle.run_id in gates.claimed(), "the run claimed the gate")
    return handle


@pytest.fixture
def manager(cluster: Any, shared: tuple[Store, Path]) -> RunManager:
    store, home = shared
    backend = DaskBackend(cluster.scheduler.address, store, client=cluster)
    return RunManager(_engine(home, store), store, backend=backend)


def _summary(store: Store, run_id: str) -> dict[str, Any]:
    """What must be equal between an interrupted-and-resumed run and an uninterrupted one."""
    run = store.get_run(run_id)
    assert run is not None
    keep = ("turn", "iteration", "draft_text", "result", "explanation", "feedback_text", "total_tokens")
    return {
        "status": run["status"],
        "iterations": run["iterations"],
        "final_output": run["final_output"],
        "total_tokens": run["total_tokens"],
        "rows": [{k: it[k] for k in keep} for it in store.iterations([run_id])],
        "criteria": [(c["iteration"], c["name"], c["passed"]) for c in store.criteria([run_id])],
        "drafts": sum(e.type == "draft" for e in store.run_events(run_id)),
    }


def _worker_pid(store: Store, run_id: str) -> int:
    run = store.get_run(run_id)
    assert run is not None and run["worker"], run
    return int(run["worker"].split("|")[1])


def test_a_run_executes_on_a_worker_and_the_dashboard_sees_its_events_live(manager: RunManager, gates: Gates) -> None:
    store = manager.store
    handle = _gated_start(manager, gates)
    # The "dashboard" (this process) reads the run's events from the store while a worker runs it.
    wait_for(lambda: any(e.type == "feedback" for e in store.run_events(handle.run_id)), "stored feedback")
    live = store.get_run(handle.run_id)
    assert live is not None and live["status"] == "running"
    assert _worker_pid(store, handle.run_id) not in (os.getpid(), 0)
    assert not handle.done
    gates.release(handle.run_id, RELEASE_ALL)
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "finished"
    run = store.get_run(handle.run_id)
    assert run is not None and run["status"] == handle.last.data["status"] == "satisfied"
    assert [e.seq for e in handle.events] == [e.seq for e in store.run_events(handle.run_id)]
    assert handle.future.result()["executed"] is True


def test_a_suite_of_20_items_runs_on_the_cluster(manager: RunManager) -> None:
    items = example_dataset().items[:20]
    config = example_config("haiku").__class__.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems"}
    )
    handle = SuiteRunner(manager).start(Dataset(name="twenty", items=items), config, concurrency=20)
    assert handle.wait(DEADLINE_S)
    suite = ss.get_suite_run(manager.store, handle.suite_run_id)
    assert suite is not None and suite["status"] == "finished"
    ids = suite_run_ids(manager.store, handle.suite_run_id)
    assert len(ids) == 20 == len(set(ids))
    runs = manager.store.get_runs(ids)
    assert {r["status"] for r in runs} <= {"satisfied", "max_iterations_reached"}
    assert [r["task"] for r in runs] == [i.task for i in items]
    # Every item ran on a worker: the manager here holds remote handles only, never a local thread's.
    assert all(h.__class__.__name__ == "DaskRunHandle" for h in manager._live.values())


def test_a_matrix_column_cancelled_and_resumed_many_times_on_the_cluster_runs_each_cell_once(
    manager: RunManager,
) -> None:
    """Issue 42 item 1 on Dask: cells claimed in the store before they start, whatever is cancelled and resumed."""
    from tests.core.test_one_run_per_cell import steer_a_matrix
    from tests.stubs.openai_stub import StubOpenAI

    with StubOpenAI() as stub:
        keys = {"OPENAI_API_KEY": "sk-test-key-12345678", "OPENAI_BASE_URL": stub.base_url}
        steer_a_matrix(SuiteRunner(manager), manager.store, stub, keys)


def test_cancel_from_another_process_through_the_store(
    manager: RunManager, shared: tuple[Store, Path], gates: Gates
) -> None:
    store, home = shared
    handle = _gated_start(manager, gates)  # held before its second draft: live until released
    wait_for(lambda: any(e.type == "draft" for e in store.run_events(handle.run_id)), "a stored draft")
    # Another dashboard on the same database: it never saw the run start, and cancels it through the store.
    other = RunManager(_engine(home, store), store)
    assert not other.is_live(handle.run_id)
    assert other.cancel(handle.run_id) is True
    # The worker read the request: it stored `cancel_requested`; the step in flight may now end.
    wait_for(
        lambda: any(e.type == "cancel_requested" for e in store.run_events(handle.run_id)), "cancel_requested stored"
    )
    gates.release(handle.run_id, RELEASE_ALL)
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "cancelled"
    run = store.get_run(handle.run_id)
    assert run is not None and run["status"] == "cancelled"
    types = [e.type for e in store.run_events(handle.run_id)]
    assert "cancel_requested" in types and types[-1] == "cancelled"
    assert other.cancel(handle.run_id) is False  # nothing running any more
    resumed = manager.resume(handle.run_id)
    assert resumed.wait(DEADLINE_S)
    assert resumed.last is not None and resumed.last.type == "finished"


def test_a_worker_killed_mid_run_leaves_it_interrupted_and_resumable_to_the_same_end(
    manager: RunManager, cluster: Any, gates: Gates
) -> None:
    store = manager.store
    reference = manager.start(example_config("haiku"))
    assert reference.wait(DEADLINE_S)
    expected = _summary(store, reference.run_id)

    handle = _gated_start(manager, gates)
    # Feedback on iteration 0 stored: the worker is held before drafting iteration 1 (until killed).
    wait_for(
        lambda: any(e.type == "feedback" for e in store.run_events(handle.run_id)), "feedback on iteration 0 stored"
    )
    os.kill(_worker_pid(store, handle.run_id), signal.SIGKILL)
    # Dask sends the task again to a live worker; it finds the run started and leaves it as stored.
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "interrupted"
    assert handle.future.result()["executed"] is False
    wait_for(lambda: (store.get_run(handle.run_id) or {}).get("status") == "interrupted", "the run reads interrupted")
    assert store.get_run(handle.run_id)["status"] == "interrupted"  # type: ignore[index]
    gates.release(handle.run_id, RELEASE_ALL)  # the resumed part is not held (whichever worker takes it)
    resumed = manager.resume(handle.run_id)
    assert resumed.wait(DEADLINE_S)
    assert resumed.last is not None and resumed.last.type == "finished"
    assert _summary(store, handle.run_id) == expected
    wait_for(lambda: len(cluster.scheduler_info()["workers"]) == 2, "the nanny restarted the killed worker")


def test_the_command_line_sends_a_run_to_the_cluster_with_scheduler(cluster: Any, tmp_path: Path) -> None:
    home = tmp_path / "cli-home"
    address = cluster.scheduler.address
    done = run_cli(
        "run", "--example", "haiku", "--jsonl", "--scheduler", address, env={"RUBRIC_STUDIO_HOME": str(home)}
    )
    assert done.returncode == 0, done.stderr[-2000:]
    printed = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert printed[0]["type"] == "run_started" and printed[-1]["type"] == "finished"
    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        run = store.get_run(printed[0]["run_id"])
        assert run is not None and run["status"] == "satisfied"
        assert [e.seq for e in store.run_events(run["id"])] == [e["seq"] for e in printed]
    finally:
        store.close()


def test_a_worker_lost_under_a_suite_item_is_named_and_the_suite_finishes_with_errors(
    cluster: Any, gates: Gates, tmp_path: Path
) -> None:
    """Not a quality result: the CLI exits 1 naming the item, the suite is stored `finished_with_errors`, the
    item's run `interrupted`, and `suite resume` runs it again to its result."""
    import sqlite3
    import subprocess
    import sys

    from tests.core.helpers import PROCESS_TIMEOUT_S, ROOT

    home = tmp_path / "cli-home"
    data, rubric = tmp_path / "d.jsonl", tmp_path / "r.md"
    data.write_text(
        '{"id": "held", "task": "Write a haiku about spring."}\n{"id": "free", "task": "Write a haiku about rain."}\n',
        encoding="utf-8",
    )
    rubric.write_text("- Exactly three lines\n- Is about spring\n", encoding="utf-8")
    address = cluster.scheduler.address
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT)}
    wait_for(lambda: len(cluster.scheduler_info()["workers"]) == 2, "two workers")
    cluster.run(_install_gate, str(gates.dir))  # a worker restarted after an earlier test's kill is gated too
    before = set(gates.claimed())
    gates.arm()
    argv = ["suite", "run", "--dataset", str(data), "--rubric-file", str(rubric), "--scheduler", address]
    proc = subprocess.Popen(
        [sys.executable, "-m", "rubric_core", *argv, "--concurrency", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    run_id = wait_for(lambda: next(iter(set(gates.claimed()) - before), None), "an item claimed the gate")

    def stored(sql: str) -> Any:
        try:
            with sqlite3.connect(home / "runs.sqlite") as conn:
                return conn.execute(sql, (run_id,)).fetchone()
        except sqlite3.Error:
            return None

    wait_for(lambda: stored("SELECT 1 FROM events WHERE run_id = ? AND type = 'feedback'"), "feedback stored")
    worker = stored("SELECT worker FROM runs WHERE id = ?")[0]
    os.kill(int(worker.split("|")[1]), signal.SIGKILL)
    out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
    gates.release(run_id, RELEASE_ALL)
    assert proc.returncode == 1, out + err
    assert "finished with errors" in err and "held (interrupted" in err and "Traceback" not in err, err
    suite_id = out.splitlines()[0].split()[2]
    assert f"suite resume {suite_id}" in err
    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        assert ss.get_suite_run(store, suite_id)["status"] == "finished_with_errors"  # type: ignore[index]
        items = {i["item_id"]: i for i in ss.suite_items(store, suite_id)}
        assert items["held"]["run_status"] == "interrupted"
        resumed = run_cli("suite", "resume", suite_id, "--scheduler", address, env={"RUBRIC_STUDIO_HOME": str(home)})
        assert resumed.returncode == 0, resumed.stderr[-2000:]
        assert ss.get_suite_run(store, suite_id)["status"] == "finished"  # type: ignore[index]
    finally:
        store.close()
    wait_for(lambda: len(cluster.scheduler_info()["workers"]) == 2, "the nanny restarted the killed worker")


def test_a_run_on_a_worker_writes_what_it_is_writing_to_the_shared_store(manager: RunManager) -> None:
    """Issue 39: a Dask worker streams the working model's tokens into the run's live-preview row on PostgreSQL,
    which this process (the dashboard) reads; the draft is held by the stub after 100 words until it has them."""
    import threading

    from rubric_core.store.live_preview import read_live
    from tests.core.test_live_preview import held_stub, stub_config, stub_keys

    store = manager.store
    release = threading.Event()
    with held_stub(release) as stub:
        handle = manager.start(stub_config(), keys=stub_keys(stub))
        try:
            wait_for(
                lambda: (r := read_live(store, handle.run_id)) is not None and "tok099" in r["text"],
                "the first 100 words in the live row",
            )
            assert _worker_pid(store, handle.run_id) not in (os.getpid(), 0)
            assert "draft" not in [e.type for e in store.run_events(handle.run_id)]
        finally:
            release.set()
        assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "finished"
    assert read_live(store, handle.run_id) is None


def test_a_step_run_pauses_and_goes_on_and_a_fork_runs_on_the_cluster(manager: RunManager) -> None:
    """Issue 39: a pause frees the worker (the task ends), `continue` sends a new task, and a fork copies the
    parent's checkpoint chain on the worker that runs it (checkpoints on PostgreSQL)."""
    from rubric_core.execution.steer_requests import Override, build_decision, build_fork

    store = manager.store
    handle = manager.start(example_config("haiku"), step="verdicts")
    assert handle.wait(DEADLINE_S) and handle.last is not None and handle.last.type == "paused"
    assert handle.future.result()["status"] == "paused"  # the task ended: the pause holds no worker
    run = store.get_run(handle.run_id)
    assert run is not None and run["status"] == "paused" and run["worker"] == ""
    decision = build_decision(store, handle.run_id, overrides=[Override("Is about spring", "fail")], reviewer="ann")
    going = manager.continue_paused(handle.run_id, decision)
    assert going is not None and going.wait(DEADLINE_S)
    assert going.last is not None and going.last.type == "paused" and going.last.data["iteration"] == 1
    spec, config = build_fork(store, manager.engine, handle.run_id, iteration=0, rubric="- Exactly three lines")
    fork = manager.fork(spec, config, step="")
    assert fork.wait(DEADLINE_S) and fork.last is not None and fork.last.type == "finished"
    row = store.get_run(fork.run_id)
    assert row is not None and row["parent_run"] == handle.run_id and row["status"] == fork.last.data["status"]
    assert store.get_run(handle.run_id)["status"] == "paused"  # the parent waits at its pause, untouched
