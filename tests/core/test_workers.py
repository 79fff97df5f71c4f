"""Runs in the pool of worker processes end, cancel, resume, continue and survive a killed worker as in threads.

The pool is the process-wide one (started once for the session, as in the
server); the test that kills a worker uses a pool of its own. Interrupt
points are chosen by waiting for a stored event (see test_interrupt.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.processes import ProcessPoolBackend, shared_pool
from rubric_core.execution.remote_handle import RemoteRunHandle
from rubric_core.execution.settings import WORKERS_ENV, WorkersSettingError, machine_cores, worker_count
from rubric_core.execution.threads import ThreadBackend
from rubric_core.store import Store
from tests.core.helpers import ROOT, example_config, sigint_as_at_a_terminal
from tests.core.test_interrupt import (
    DEADLINE_S,
    POINTS,
    _assert_equal_to_uninterrupted,
    _config,
    _raw_status,
    _summary,
    _wait_stored,
    _wait_stored_type,
)
from tests.stubs.openai_stub import StubOpenAI

POOL_SIZE = 2


@pytest.fixture(scope="module")
def pool() -> ProcessPoolBackend:
    pool = shared_pool(POOL_SIZE)
    pool.start()
    return pool


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The interrupt tests' config run once, uninterrupted, in a thread of this process."""
    home = tmp_path_factory.mktemp("workers-baseline")
    store = Store(f"sqlite:///{home / 'runs.sqlite'}")
    engine = Engine(home)
    handle = RunManager(engine, store, backend=ThreadBackend(engine, store)).start(_config())
    assert handle.wait(DEADLINE_S)
    summary = _summary(store, handle.run_id)
    store.close()
    assert summary["status"] == "satisfied"
    return summary


def _pooled(home: Path, store: Store, pool: Any) -> RunManager:
    return RunManager(Engine(home), store, backend=pool)


def _worker_pid(store: Store, run_id: str) -> int:
    """The pid of the process the store says runs the run (`host|pid|start`)."""
    run = store.get_run(run_id)
    assert run is not None and run["worker"], run
    return int(run["worker"].split("|")[1])


def _resume_in_pool(home: Path, store: Store, pool: Any, run_id: str) -> float:
    started = time.monotonic()
    handle = _pooled(home, store, pool).resume(run_id)
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "finished", [e.type for e in handle.events]
    return time.monotonic() - started


def test_a_run_in_a_worker_process_ends_as_in_a_thread(home: Path, store: Store, pool: ProcessPoolBackend) -> None:
    config = example_config("haiku")
    threads_store = Store(f"sqlite:///{home / 'threads.sqlite'}")
    engine = Engine(home / "threads")
    in_thread = RunManager(engine, threads_store, backend=ThreadBackend(engine, threads_store)).start(config)
    assert in_thread.wait(DEADLINE_S)

    seen: list[str] = []
    handle = _pooled(home, store, pool).start(config, subscribers=[lambda e: seen.append(e.type)])
    assert isinstance(handle, RemoteRunHandle)
    assert handle.wait(DEADLINE_S)
    # Same stored run (iterations, criteria, events, tokens) and the same events delivered here, in order.
    assert _summary(store, handle.run_id) == _summary(threads_store, in_thread.run_id)
    assert [e.type for e in handle.events] == [e.type for e in in_thread.events] == seen
    assert [e.seq for e in handle.events] == [e.seq for e in store.run_events(handle.run_id)]
    assert store.get_run(handle.run_id)["status"] == "satisfied"
    threads_store.close()


def test_the_run_executes_in_a_worker_not_here(home: Path, store: Store, pool: ProcessPoolBackend) -> None:
    config = example_config("haiku", model="offline:writer?latency=0.3", grader="offline:grader")
    handle = _pooled(home, store, pool).start(config)
    _wait_stored(store, handle.run_id, "draft", 0)
    assert _worker_pid(store, handle.run_id) in pool.worker_pids
    assert _worker_pid(store, handle.run_id) != os.getpid()
    assert handle.wait(DEADLINE_S)


def test_a_pooled_start_checks_the_checkpoint_file_but_leaves_the_saver_to_the_worker(
    home: Path, store: Store, pool: ProcessPoolBackend
) -> None:
    """The server checks the file before anything starts; only the worker opens the saver (and imports LangGraph:
    a server's first Start spent 0.5 s importing it for a saver it never used)."""
    from rubric_core.engine.checkpoint_file import CheckpointFileError

    bad_home = home / "bad"
    bad_home.mkdir()
    (bad_home / "checkpoints.sqlite").write_text("not a database", encoding="utf-8")
    before = store.count_runs()
    with pytest.raises(CheckpointFileError, match="not a Rubric Studio checkpoint database"):
        _pooled(bad_home, store, pool).start(example_config("haiku"))
    assert store.count_runs() == before  # refused here, before anything was stored or sent to a worker

    engine = Engine(home)
    handle = RunManager(engine, store, backend=pool).start(example_config("haiku"))
    assert handle.wait(DEADLINE_S) and store.get_run(handle.run_id)["status"] == "satisfied"
    assert engine._checkpointer is None  # the worker saved the run's checkpoints; this process opened nothing
    assert (home / "checkpoints.sqlite").is_file()


def test_cancel_in_a_worker_then_resume_equals_an_uninterrupted_run(
    home: Path, store: Store, pool: ProcessPoolBackend, baseline: dict[str, Any]
) -> None:
    manager = _pooled(home, store, pool)
    started = time.monotonic()
    handle = manager.start(_config())
    _wait_stored(store, handle.run_id, *POINTS["drafting"])
    assert manager.cancel(handle.run_id)
    # Stored when cancel returns (the page shows "Cancelling…" from the store).
    assert any(e.type == "cancel_requested" for e in store.run_events(handle.run_id))
    assert handle.wait(DEADLINE_S)
    first = time.monotonic() - started
    assert handle.last is not None and handle.last.type == "cancelled"
    assert _raw_status(store, handle.run_id) == "cancelled"
    second = _resume_in_pool(home, store, pool, handle.run_id)
    _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)


def test_continue_in_a_worker_equals_continue_in_a_thread(home: Path, store: Store, pool: ProcessPoolBackend) -> None:
    config = example_config("haiku")
    summaries = []
    for backend_name in ("threads", "processes"):
        s = Store(f"sqlite:///{home / backend_name}.sqlite")
        engine = Engine(home / backend_name)
        backend = ThreadBackend(engine, s) if backend_name == "threads" else pool
        manager = RunManager(engine, s, backend=backend)
        first = manager.start(config)
        assert first.wait(DEADLINE_S)
        second = manager.follow_up(first.run_id, "Now write it about autumn.", rubric="- Mentions autumn")
        assert second.wait(DEADLINE_S)
        assert second.last is not None and second.last.type == "finished"
        summaries.append(_summary(s, first.run_id))
        assert {it["turn"] for it in s.iterations([first.run_id])} == {0, 1}
        s.close()
    assert summaries[0] == summaries[1]


@pytest.mark.parametrize("point", ["drafting", "grading"])
def test_a_killed_worker_leaves_its_run_interrupted_and_resumable(
    home: Path, store: Store, baseline: dict[str, Any], point: str
) -> None:
    own = ProcessPoolBackend(1)  # killing a worker of the shared pool would hit other tests' runs
    try:
        started = time.monotonic()
        handle = _pooled(home, store, own).start(_config())
        _wait_stored(store, handle.run_id, *POINTS[point])
        killed = _worker_pid(store, handle.run_id)
        os.kill(killed, signal.SIGKILL)
        assert handle.wait(DEADLINE_S)
        first = time.monotonic() - started
        assert handle.last is not None and handle.last.type == "interrupted"
        assert handle.last.data["reason"] == "worker_lost" and "resume" in handle.last.data["message"]
        assert _raw_status(store, handle.run_id) == store.get_run(handle.run_id)["status"] == "interrupted"
        # The pool replaced the worker, and the replacement finishes the run as if nothing happened.
        second = _resume_in_pool(home, store, own, handle.run_id)
        assert killed not in own.worker_pids and len(own.worker_pids) == 1
        _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)
    finally:
        own.shutdown()


def test_session_keys_reach_the_worker_and_nothing_else(
    home: Path, store: Store, pool: ProcessPoolBackend, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "sk-session-only-key-for-the-worker-0042"
    with StubOpenAI() as stub:
        keys = {"OPENAI_API_KEY": secret, "OPENAI_BASE_URL": stub.base_url}
        config = example_config("photosynthesis", model="openai:gpt-4o-mini", grader="openai:gpt-4o-mini")
        handle = _pooled(home, store, pool).start(config, keys=keys)
        assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.data.get("status") == "satisfied", handle.last
    assert stub.requests and all(r["auth"] == f"Bearer {secret}" for r in stub.requests)
    assert secret not in os.environ.get("OPENAI_API_KEY", "")
    assert secret not in json.dumps([e.to_dict() for e in store.run_events(handle.run_id)])
    assert secret not in caplog.text
    for path in home.rglob("*"):  # the store, its WAL, the checkpoints
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
    for pid in pool.worker_pids:  # not in a worker's environment or command line
        for part in ("environ", "cmdline"):
            assert secret.encode() not in Path(f"/proc/{pid}/{part}").read_bytes()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_stopping_the_server_interrupts_its_workers_runs(
    home: Path, store: Store, baseline: dict[str, Any], sig: signal.Signals
) -> None:
    """SIGTERM or SIGKILL of the process hosting the pool: its workers record the run `interrupted` themselves."""
    started = time.monotonic()
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT), WORKERS_ENV: "1"}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/core/interrupt_host.py"), json.dumps(_config().to_dict())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    run_id = proc.stdout.readline().strip()
    assert run_id, proc.stderr.read()
    _wait_stored(store, run_id, *POINTS["grading"], alive=lambda: proc.poll() is None)
    worker = _worker_pid(store, run_id)
    assert worker != proc.pid
    proc.send_signal(sig)
    _out, err = proc.communicate(timeout=DEADLINE_S)
    if sig == signal.SIGKILL:  # the worker outlives its parent for as long as it takes to notice
        _wait_stored_type(store, run_id, "interrupted", alive=lambda: True)
    first = time.monotonic() - started
    run = store.get_run(run_id)
    stored = json.dumps([e.to_dict() for e in store.run_events(run_id)]) + run["error"]
    assert "cannot schedule new futures" not in stored and "RuntimeError" not in stored, err
    assert _raw_status(store, run_id) == "interrupted"
    assert "resume" in store.get_run(run_id)["error"]
    second = _resume_in_pool(home, store, shared_pool(POOL_SIZE), run_id)
    _assert_equal_to_uninterrupted(store, run_id, baseline, first + second)


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "65", "two"])
def test_bad_workers_setting_is_refused_with_the_fix(
    value: str, home: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(WORKERS_ENV, value)
    with pytest.raises(WorkersSettingError) as caught:
        worker_count()
    message = str(caught.value)
    assert WORKERS_ENV in message and repr(value) in message and "0 runs them in threads" in message
    with pytest.raises(WorkersSettingError):
        RunManager(Engine(home), store)


def test_the_cli_refuses_a_bad_workers_setting_with_exit_2(home: Path, store: Store) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), WORKERS_ENV: "many"},
        cwd=ROOT,
        timeout=DEADLINE_S,
        check=False,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert WORKERS_ENV in done.stderr and "Traceback" not in done.stderr
    assert store.list_runs() == []


def test_the_cli_refuses_a_bad_workers_setting_before_creating_a_store(home: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), WORKERS_ENV: "-3"},
        cwd=ROOT,
        timeout=DEADLINE_S,
        check=False,
    )
    assert done.returncode == 2 and WORKERS_ENV in done.stderr, done.stderr
    assert not (home / "runs.sqlite").exists()


def test_workers_setting_values(monkeypatch: pytest.MonkeyPatch, home: Path, store: Store) -> None:
    assert worker_count({}) == worker_count({WORKERS_ENV: " "}) == machine_cores()
    assert worker_count({WORKERS_ENV: "3"}) == 3
    monkeypatch.setenv(WORKERS_ENV, "0")
    assert RunManager(Engine(home), store).backend.name == "threads"
    monkeypatch.setenv(WORKERS_ENV, str(POOL_SIZE))
    assert RunManager(Engine(home), store).backend is shared_pool(POOL_SIZE)


def test_ctrl_c_in_the_cli_cancels_a_pooled_run_and_resume_finishes(home: Path, baseline: dict[str, Any]) -> None:
    """Ctrl-C reaches the CLI and its workers (one process group): the workers ignore it, the CLI cancels."""
    from rubric_core.store import open_store

    started = time.monotonic()
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT), WORKERS_ENV: "1"}
    model, grader = _config().model, _config().grader
    proc = subprocess.Popen(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku", "--model", model, "--grader", grader],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,  # its own process group, as a terminal's job: the signal goes to every process
        preexec_fn=sigint_as_at_a_terminal,
    )
    header = proc.stdout.readline()
    assert header.startswith("run "), header + proc.stderr.read()
    run_id = header.split()[1]
    store = open_store()
    _wait_stored(store, run_id, *POINTS["drafting"], alive=lambda: proc.poll() is None)
    assert _worker_pid(store, run_id) != proc.pid
    os.killpg(proc.pid, signal.SIGINT)
    _out, err = proc.communicate(timeout=DEADLINE_S)
    first = time.monotonic() - started
    assert proc.returncode == 130, err
    assert f"python -m rubric_core resume {run_id}" in err
    assert _raw_status(store, run_id) == store.get_run(run_id)["status"] == "cancelled"
    second = _resume_in_pool(home, store, shared_pool(POOL_SIZE), run_id)
    _assert_equal_to_uninterrupted(store, run_id, baseline, first + second)
    store.close()


def test_a_subscriber_may_cancel_from_the_delivering_thread(home: Path, store: Store, pool: ProcessPoolBackend) -> None:
    """Cancel called inside a subscriber (the thread that delivers events) neither waits on itself nor is lost."""
    import threading

    handles: list[Any] = []
    ready = threading.Event()

    def cancel_at_first_evaluation(event: Any) -> None:
        if event.type == "evaluation" and event.data["iteration"] == 0:
            ready.wait(DEADLINE_S)  # the handle is known once `start` returned
            handles[0].cancel()

    config = example_config("haiku")
    handle = _pooled(home, store, pool).start(config, subscribers=[cancel_at_first_evaluation])
    handles.append(handle)
    ready.set()
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "cancelled"
    types = [e.type for e in handle.events]
    assert types.index("cancel_requested") > types.index("evaluation")
    assert store.get_run(handle.run_id)["status"] == "cancelled"


def test_a_worker_lost_before_the_run_started_ends_it_with_an_error_and_no_crash_loop(home: Path, store: Store) -> None:
    own = ProcessPoolBackend(1)
    try:
        own.start()
        (pid,) = own.worker_pids
        os.kill(pid, signal.SIGSTOP)  # it cannot take the job before it dies
        handle = _pooled(home, store, own).start(example_config("haiku"))
        os.kill(pid, signal.SIGKILL)
        assert handle.wait(DEADLINE_S)
        assert handle.last is not None and handle.last.type == "error"
        assert "before the run started" in handle.last.data["message"]
        assert store.get_run(handle.run_id) is None
        # A worker that never answered is replaced on the next run, not at once (a crashing start would loop).
        assert own.worker_pids == []
        again = _pooled(home, store, own).start(example_config("haiku"))
        assert again.wait(DEADLINE_S) and again.last is not None and again.last.type == "finished"
        assert len(own.worker_pids) == 1 and pid not in own.worker_pids
    finally:
        own.shutdown()


def test_a_suite_runs_its_items_in_worker_processes(home: Path, store: Store, pool: ProcessPoolBackend) -> None:
    """The suite runner works unchanged on the pool: same outcomes as its thread test (test_suite_runner.py)."""
    from rubric_core.suites import suite_run_ids
    from rubric_core.suites import suite_store as ss
    from rubric_core.suites.runner import SuiteRunner
    from tests.core.test_suite_runner import _config as suite_config
    from tests.core.test_suite_runner import _small

    handle = SuiteRunner(_pooled(home, store, pool)).start(_small(), suite_config(), concurrency=3)
    assert handle.wait(DEADLINE_S)
    suite = ss.get_suite_run(store, handle.suite_run_id)
    assert suite is not None and suite["status"] == "finished"
    runs = store.get_runs(suite_run_ids(store, handle.suite_run_id))
    assert sorted(r["status"] for r in runs) == ["satisfied", "satisfied", "satisfied"]


def test_a_full_disk_under_a_worker_leaves_the_run_interrupted_here_and_resumable(
    tmp_path: Path, pool: ProcessPoolBackend, baseline: dict[str, Any]
) -> None:
    """The worker cannot store its `interrupted` end (the disk is full) and lives on; this process must read
    the run as interrupted, not `running` (its row keeps that live worker), and resume it once there is space."""
    from tests.core.test_interrupt import _fill, _mount_tmpfs

    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "64m"):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        store = Store(f"sqlite:///{disk / 'runs.sqlite'}")
        started = time.monotonic()
        handle = _pooled(disk, store, pool).start(_config())
        _wait_stored(store, handle.run_id, *POINTS["grading"])
        filler = _fill(disk)
        assert handle.wait(DEADLINE_S)
        first = time.monotonic() - started
        last = handle.last
        assert last is not None and last.type == "interrupted", [e.type for e in handle.events]
        assert "disk is full" in last.data["message"]
        assert _raw_status(store, handle.run_id) == "running"  # the worker could not store its end ...
        assert store.get_run(handle.run_id)["status"] == "interrupted"  # ... and this process knows
        filler.unlink()  # space is back
        second = _resume_in_pool(disk, store, pool, handle.run_id)
        _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)
        store.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_pooled_run_writes_what_it_is_writing_to_the_store(
    home: Path, store: Store, pool: ProcessPoolBackend
) -> None:
    """Issue 39: a worker process streams the working model's tokens into the run's live-preview row, which any
    dashboard reads; the draft is held by the stub after 100 words until the row has them."""
    import threading

    from rubric_core.store.live_preview import read_live
    from tests.core.test_live_preview import held_stub, stub_config, stub_keys, wait_for

    release = threading.Event()
    with held_stub(release) as stub:
        handle = _pooled(home, store, pool).start(stub_config(), keys=stub_keys(stub))
        try:
            wait_for(
                lambda: (r := read_live(store, handle.run_id)) is not None and "tok099" in r["text"],
                "the first 100 words in the live row",
            )
            assert _worker_pid(store, handle.run_id) in pool.worker_pids
            assert "draft" not in [e.type for e in store.run_events(handle.run_id)]
        finally:
            release.set()
        assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "finished"
    assert read_live(store, handle.run_id) is None
