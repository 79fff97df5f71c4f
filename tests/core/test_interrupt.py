"""Every interrupted run resumes with nothing lost and nothing counted twice.

For each way a run is interrupted (Cancel, Ctrl-C in the CLI, SIGTERM of the
process hosting the runs, SIGKILL, a full disk) and each point of the loop
(while drafting, while grading, between the two), the run is interrupted,
resumed, and its stored iterations, criteria, events and token totals must
equal those of an uninterrupted run of the same config. The interrupt point is
chosen by waiting for a stored event; the offline models' `?latency=` holds
each phase open so the interrupt lands inside it.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.engine.checkpoints import FencedSqliteSaver, _Fenced, _grader_scope
from rubric_core.events import event_key
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store, open_store
from rubric_core.store.store import Store as StoreClass
from tests.core.helpers import ROOT, example_config, sigint_as_at_a_terminal

LATENCY = "0.3"
MODELS = {"model": f"offline:writer?latency={LATENCY}", "grader": f"offline:grader?latency={LATENCY}"}
CONTENT = ("draft", "tool_call", "tool_result", "grading_started", "evaluation", "feedback")
DEADLINE_S = 180.0

# Where to interrupt: the stored event to wait for, and what the loop is doing right after it.
POINTS = {
    "drafting": ("feedback", 0),  # feedback on iteration 0 stored: the writer is drafting iteration 1
    "between": ("draft", 1),  # draft 1 stored: the step that grades it is about to start
    "grading": ("grading_started", 1),  # the grader is checking iteration 1
}


def _config() -> Any:
    return example_config("haiku", **MODELS)


def _summary(store: Store, run_id: str) -> dict[str, Any]:
    """What must be equal between an interrupted-and-resumed run and an uninterrupted one."""
    run = store.get_run(run_id)
    assert run is not None
    iterations = [
        {k: it[k] for k in ("turn", "iteration", "draft_text", "files_json", "draft_tokens", "result", "explanation")}
        | {k: it[k] for k in ("unverified", "input_tokens", "output_tokens", "total_tokens", "feedback_text")}
        for it in store.iterations([run_id])
    ]
    criteria = [
        {k: c[k] for k in ("turn", "iteration", "position", "name", "passed", "gap")} for c in store.criteria([run_id])
    ]
    events = []
    for e in store.run_events(run_id):
        if e.type in CONTENT:
            d = e.data
            events.append(
                (
                    e.type,
                    d.get("turn"),
                    d.get("iteration"),
                    d.get("text"),
                    d.get("result"),
                    d.get("criteria"),
                    d.get("tokens"),
                )
            )
    return {
        "status": run["status"],
        "final_output": run["final_output"],
        "iterations_count": run["iterations"],
        "tokens": (run["input_tokens"], run["output_tokens"], run["total_tokens"]),
        "iterations": iterations,
        "criteria": criteria,
        "events": events,
    }


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The same config run once without interruption."""
    home = tmp_path_factory.mktemp("baseline")
    store = Store(f"sqlite:///{home / 'runs.sqlite'}")
    handle = RunManager(Engine(home), store).start(_config())
    assert handle.wait(DEADLINE_S)
    summary = _summary(store, handle.run_id)
    store.close()
    assert summary["status"] == "satisfied" and summary["iterations_count"] == 3
    return summary


def _wait_stored(
    store: Store, run_id: str, kind: str, iteration: int, alive: Callable[[], bool] = lambda: True
) -> None:
    """Block until the store holds an event `kind` of `iteration` for the run (the interrupt point)."""
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if any(e.type == kind and e.data.get("iteration") == iteration for e in store.run_events(run_id)):
            return
        assert alive(), "the run's process ended before the interrupt point"
        time.sleep(0.02)
    raise AssertionError(f"no stored {kind} of iteration {iteration}: {[e.type for e in store.run_events(run_id)]}")


def _raw_status(store: Store, run_id: str) -> str:
    """The status column as stored (not as read for a dead worker)."""
    from sqlalchemy import text

    with store.engine.connect() as conn:
        return str(conn.execute(text("SELECT status FROM runs WHERE id = :r"), {"r": run_id}).scalar())


def _assert_equal_to_uninterrupted(store: Store, run_id: str, baseline: dict[str, Any], real_time_s: float) -> None:
    """Same iterations, criteria, events and tokens as the uninterrupted run; time counted once."""
    summary = _summary(store, run_id)
    # A step cut short by the interrupt had model calls that finished and were paid for: the run counts
    # them (its interrupted event says how many), then counts the step again when it is done on resume.
    spent = [e.data.get("unrecorded_tokens") or {} for e in store.run_events(run_id) if e.type == "interrupted"]
    extra = tuple(sum(int(s.get(k, 0)) for s in spent) for k in ("input_tokens", "output_tokens", "total_tokens"))
    baseline = baseline | {"tokens": tuple(b + x for b, x in zip(baseline["tokens"], extra, strict=True))}
    assert summary["iterations"] == baseline["iterations"]
    assert summary["criteria"] == baseline["criteria"]
    assert [e[:3] for e in summary["events"]] == [e[:3] for e in baseline["events"]]
    assert summary["events"] == baseline["events"]
    assert summary["tokens"] == baseline["tokens"]
    assert summary | {"events": None} == baseline | {"events": None}
    events = store.run_events(run_id)
    assert [e.seq for e in events] == list(range(len(events)))
    keys = [e.key for e in events if e.key is not None]
    assert len(keys) == len(set(keys)), "an event was stored twice"
    # Working time: the stored total and the final event agree, every step's own time is in it
    # (no part was dropped), and it is no more than the parts' real durations (nothing counted twice).
    run = store.get_run(run_id)
    finished = [e for e in events if e.type == "finished"]
    assert len(finished) == 1
    assert run["wall_time_s"] == pytest.approx(finished[0].data["wall_time_s"], abs=0.002)
    steps = sum(float(e.data.get("wall_time_s") or 0) for e in events if e.type in ("draft", "evaluation"))
    assert steps - 0.05 <= run["wall_time_s"] <= real_time_s


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT)}


def _resume_here(home: Path, store: Store, run_id: str) -> float:
    """Resume in this process through a fresh manager (as after a restart); the real time it took."""
    started = time.monotonic()
    handle = RunManager(Engine(home), store).resume(run_id)
    assert handle.wait(DEADLINE_S)
    assert handle.last.type == "finished", [e.type for e in handle.events]
    return time.monotonic() - started


# ---- Cancel (the UI's button) ------------------------------------------------------------


@pytest.mark.parametrize("point", list(POINTS))
def test_cancel_then_resume_equals_an_uninterrupted_run(
    db_url: str, home: Path, store: Store, baseline: dict, point: str
) -> None:
    manager = RunManager(Engine(home), store)
    started = time.monotonic()
    handle = manager.start(_config())
    _wait_stored(store, handle.run_id, *POINTS[point])
    assert manager.cancel(handle.run_id)
    # The request is stored at once, before the step in flight ends: the page can say "Cancelling…".
    assert any(e.type == "cancel_requested" for e in store.run_events(handle.run_id))
    assert handle.wait(DEADLINE_S)
    first = time.monotonic() - started
    assert handle.last.type == "cancelled"
    assert _raw_status(store, handle.run_id) == store.get_run(handle.run_id)["status"] == "cancelled"
    second = _resume_here(home, store, handle.run_id)
    _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)


# ---- Ctrl-C in the command line ------------------------------------------------------------


def _cli(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "rubric_core", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(home),
        cwd=ROOT,
        preexec_fn=sigint_as_at_a_terminal,
    )


@pytest.mark.parametrize("point", list(POINTS))
def test_ctrl_c_in_the_cli_cancels_cleanly_and_resume_finishes(home: Path, baseline: dict, point: str) -> None:
    started = time.monotonic()
    proc = _cli(home, "run", "--example", "haiku", "--model", MODELS["model"], "--grader", MODELS["grader"])
    header = proc.stdout.readline()
    assert header.startswith("run "), header + proc.stderr.read()
    run_id = header.split()[1]
    store = open_store()
    _wait_stored(store, run_id, *POINTS[point], alive=lambda: proc.poll() is None)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=DEADLINE_S)
    first = time.monotonic() - started
    assert proc.returncode == 130, (out, err)
    assert f"python -m rubric_core resume {run_id}" in err
    assert "Traceback" not in err
    # The stored row says what `runs` says: never `running` for a run that stopped.
    assert _raw_status(store, run_id) == store.get_run(run_id)["status"] == "cancelled"
    listed = subprocess.run(
        [sys.executable, "-m", "rubric_core", "runs"],
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=ROOT,
        check=True,
    )
    assert "cancelled" in listed.stdout and "running" not in listed.stdout

    started = time.monotonic()
    resumed = subprocess.run(
        [sys.executable, "-m", "rubric_core", "resume", run_id],
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=ROOT,
        timeout=DEADLINE_S,
        check=False,
    )
    second = time.monotonic() - started
    assert resumed.returncode == 0, (resumed.stdout, resumed.stderr)
    total = baseline["tokens"][2]
    assert f"status: satisfied after 3 iterations, {total} tokens" in resumed.stdout
    _assert_equal_to_uninterrupted(store, run_id, baseline, first + second)
    store.close()


@pytest.mark.parametrize("second", ["ctrl-c", "ctrl-c-hammered", "sigterm"])
def test_a_second_ctrl_c_or_sigterm_stops_the_cli_at_once_and_resume_finishes(
    home: Path, baseline: dict, second: str
) -> None:
    started = time.monotonic()
    # A slow writer holds the step in flight open while the cancel waits for it.
    proc = _cli(home, "run", "--example", "haiku", "--model", "offline:writer?latency=3", "--grader", MODELS["grader"])
    run_id = proc.stdout.readline().split()[1]
    store = open_store()
    _wait_stored(store, run_id, "feedback", 0, alive=lambda: proc.poll() is None)
    if second == "ctrl-c":
        proc.send_signal(signal.SIGINT)
        _wait_stored_type(store, run_id, "cancel_requested", alive=lambda: proc.poll() is None)
        proc.send_signal(signal.SIGINT)
        expected = 130
    elif second == "ctrl-c-hammered":
        # A user pressing Ctrl-C over and over: the presses after the second land while the CLI prints the
        # hint and while its exit hook records the run; none of them may end it by SIGINT (returncode -2).
        proc.send_signal(signal.SIGINT)
        _wait_stored_type(store, run_id, "cancel_requested", alive=lambda: proc.poll() is None)
        deadline = time.monotonic() + DEADLINE_S
        while proc.poll() is None and time.monotonic() < deadline:
            proc.send_signal(signal.SIGINT)
            time.sleep(0.001)
        expected = 130
    else:
        proc.send_signal(signal.SIGTERM)
        expected = 143
    out, err = proc.communicate(timeout=DEADLINE_S)
    first = time.monotonic() - started
    assert proc.returncode == expected, out + err
    assert f"python -m rubric_core resume {run_id}" in err and "Traceback" not in err
    # Stopped at once (interrupted) or, if the step in flight ended first, cancelled: the row says which.
    assert _raw_status(store, run_id) == store.get_run(run_id)["status"]
    assert store.get_run(run_id)["status"] in ("interrupted", "cancelled")
    second_part = _resume_here(home, store, run_id)
    _assert_equal_to_uninterrupted(store, run_id, baseline, first + second_part)
    store.close()


def _wait_stored_type(store: Store, run_id: str, kind: str, alive: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if any(e.type == kind for e in store.run_events(run_id)):
            return
        assert alive(), "the run's process ended first"
        time.sleep(0.02)
    raise AssertionError(f"no stored {kind}")


# ---- The process hosting the runs stops: SIGTERM (a server stop) and SIGKILL ----------------


def _host(home: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tests/core/interrupt_host.py"), json.dumps(_config().to_dict())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(home),
        cwd=ROOT,
    )


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
@pytest.mark.parametrize("point", list(POINTS))
def test_stopping_the_hosting_process_leaves_it_interrupted_and_resumable(
    db_url: str, home: Path, store: Store, baseline: dict, point: str, sig: signal.Signals
) -> None:
    started = time.monotonic()
    proc = _host(home)
    run_id = proc.stdout.readline().strip()
    assert run_id, proc.stderr.read()
    _wait_stored(store, run_id, *POINTS[point], alive=lambda: proc.poll() is None)
    proc.send_signal(sig)
    proc.communicate(timeout=DEADLINE_S)
    first = time.monotonic() - started
    run = store.get_run(run_id)
    stored = json.dumps([e.to_dict() for e in store.run_events(run_id)]) + run["error"]
    assert "cannot schedule new futures" not in stored and "RuntimeError" not in stored
    assert run["status"] == "interrupted"
    if sig == signal.SIGTERM:
        assert _raw_status(store, run_id) == "interrupted"  # recorded by the stopping process itself
        assert "resume" in run["error"]
    events = store.run_events(run_id)
    assert not [e for e in events if e.type == "error"]
    assert all(e.data["result"] != "grader_error" for e in events if e.type == "evaluation"), "a fake grader error"
    second = _resume_here(home, store, run_id)
    _assert_equal_to_uninterrupted(store, run_id, baseline, first + second)


# ---- A full disk ------------------------------------------------------------------------------


class _DiskFull:
    """Makes every write of one kind fail as SQLite does on a full disk, from when it is armed until freed."""

    def __init__(self) -> None:
        self.armed = False
        self.failures = 0

    def check(self) -> None:
        if self.armed:
            self.failures += 1
            raise sqlite3.OperationalError("database or disk is full")


@pytest.mark.parametrize("where", ["checkpoint", "store"])
@pytest.mark.parametrize("point", list(POINTS))
def test_disk_full_at_a_write_interrupts_and_resumes_once_there_is_space(
    home: Path, store: Store, baseline: dict, point: str, where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = _DiskFull()
    if where == "checkpoint":
        put, put_writes = FencedSqliteSaver.put, FencedSqliteSaver.put_writes

        def failing_put(self: Any, config: Any, *args: Any) -> Any:
            if not _grader_scope(config):  # the grader's steps are never written (see FencedSqliteSaver)
                disk.check()
            return put(self, config, *args)

        def failing_put_writes(self: Any, config: Any, *args: Any) -> Any:
            if not _grader_scope(config):
                disk.check()
            return put_writes(self, config, *args)

        monkeypatch.setattr(FencedSqliteSaver, "put", failing_put)
        monkeypatch.setattr(FencedSqliteSaver, "put_writes", failing_put_writes)
        expected_file = home / "checkpoints.sqlite"
    else:
        record = StoreClass._record

        def failing_record(self: Any, ev: Any) -> None:
            disk.check()
            record(self, ev)

        monkeypatch.setattr(StoreClass, "_record", failing_record)
        expected_file = Path(store.path)

    engine = Engine(home)
    started = time.monotonic()
    handle = RunManager(engine, store).start(_config())
    _wait_stored(store, handle.run_id, *POINTS[point])
    disk.armed = True
    assert handle.wait(DEADLINE_S)
    first = time.monotonic() - started
    assert disk.failures >= 1
    last = handle.last
    assert last.type == "interrupted", [e.type for e in handle.events]
    message = last.data["message"]
    assert "disk is full" in message and str(expected_file) in message
    assert "working model" not in message
    # The store says interrupted, not running, even though this process (its worker) lives on.
    assert store.get_run(handle.run_id)["status"] == "interrupted"
    if where == "checkpoint":
        assert _raw_status(store, handle.run_id) == "interrupted" and message in store.get_run(handle.run_id)["error"]
    disk.armed = False  # space is back
    second = _resume_here(home, store, handle.run_id)
    _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)


def _mount_tmpfs(path: Path, size: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    return (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True
        ).returncode
        == 0
    )


def _fill(directory: Path) -> Path:
    filler = directory / "filler.bin"
    block = b"\0" * (1 << 20)
    with filler.open("wb", buffering=0) as f:
        try:
            while True:
                f.write(block)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    # Fill the last partial block too, byte pages at a time.
    with filler.open("ab", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 512)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    return filler


@pytest.mark.parametrize("point", list(POINTS))
def test_disk_full_on_a_real_small_filesystem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, baseline: dict, point: str
) -> None:
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "64m"):
        pytest.skip("cannot mount a tmpfs here (needs root); test_disk_full_at_a_write injects the fault instead")
    try:
        monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(disk))
        store = open_store()
        engine = Engine(disk)
        started = time.monotonic()
        handle = RunManager(engine, store).start(_config())
        _wait_stored(store, handle.run_id, *POINTS[point])
        filler = _fill(disk)
        assert handle.wait(DEADLINE_S)
        first = time.monotonic() - started
        last = handle.last
        assert last.type == "interrupted", [e.type for e in handle.events]
        assert "disk is full" in last.data["message"] and str(disk) in last.data["message"]
        assert store.get_run(handle.run_id)["status"] == "interrupted"
        filler.unlink()  # space is back
        second = _resume_here(disk, store, handle.run_id)
        _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)
        store.close()
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


# ---- Resumability and the checkpoint file ----------------------------------------------------


def test_a_step_saved_as_pending_writes_without_a_next_checkpoint_is_resumable(
    db_url: str, home: Path, store: Store, baseline: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Ctrl-C trap: a finished task's writes are saved, the next checkpoint is not; `next` is empty."""
    disk = _DiskFull()
    put = _Fenced.put

    def failing_put(self: Any, config: Any, *args: Any) -> Any:
        if not _grader_scope(config):
            disk.check()
        return put(self, config, *args)

    monkeypatch.setattr(_Fenced, "put", failing_put)  # put_writes still saves the step's writes (either saver)
    engine = Engine(home)
    manager = RunManager(engine, store)
    started = time.monotonic()
    handle = manager.start(_config())
    _wait_stored(store, handle.run_id, "feedback", 0)
    disk.armed = True
    assert handle.wait(DEADLINE_S)
    first = time.monotonic() - started
    assert handle.last.type == "interrupted"
    snapshot = engine.snapshot(handle.run_id, _config())
    saved = engine.checkpointer.get_tuple({"configurable": {"thread_id": handle.run_id}})
    assert snapshot.next == () and saved.pending_writes, "the trap: pending writes, no next step"
    assert engine.is_resumable(handle.run_id, _config())
    disk.armed = False
    second = _resume_here(home, store, handle.run_id)
    _assert_equal_to_uninterrupted(store, handle.run_id, baseline, first + second)


def test_resume_reads_the_checkpoint_without_unregistered_types(
    db_url: str, home: Path, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    manager = RunManager(Engine(home), store)
    handle = manager.start(example_config("photosynthesis", model="offline:writer?latency=0.2"))
    _wait_stored(store, handle.run_id, "evaluation", 0)
    manager.cancel(handle.run_id)
    assert handle.wait(DEADLINE_S)
    caplog.set_level("WARNING")
    resumed = RunManager(Engine(home), store).resume(handle.run_id)
    assert resumed.wait(DEADLINE_S) and resumed.last.type == "finished"
    assert not [r for r in caplog.records if "unregistered type" in r.getMessage()]
    assert not [r for r in caplog.records if "blocked" in r.getMessage().lower()]


def test_a_garbage_checkpoint_file_is_refused_before_the_run_starts(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    garbage = b"this is not a database\n" * 40
    (home / "checkpoints.sqlite").write_bytes(garbage)
    proc = subprocess.run(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku"],
        capture_output=True,
        text=True,
        env=_env(home),
        cwd=ROOT,
        timeout=DEADLINE_S,
        check=False,
    )
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "checkpoints.sqlite is not a Rubric Studio checkpoint database" in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert (home / "checkpoints.sqlite").read_bytes() == garbage
    store = open_store()
    assert store.list_runs() == []
    with pytest.raises(ValueError, match="not an SQLite file"):
        RunManager(Engine(home), store).start(_config())
    assert store.list_runs() == []
    assert (home / "checkpoints.sqlite").read_bytes() == garbage
    store.close()


def test_resume_of_a_finished_run_is_refused(home: Path, store: Store) -> None:
    manager = RunManager(Engine(home), store)
    handle = manager.start(example_config("photosynthesis"))
    assert handle.wait(DEADLINE_S)
    with pytest.raises(ValueError, match="nothing left to resume"):
        manager.resume(handle.run_id)


def test_event_keys_identify_replayed_events() -> None:
    assert event_key("draft", {"turn": 0, "iteration": 1, "message_id": "m1"}) == ("draft", 0, 1)
    assert event_key("tool_call", {"turn": 0, "iteration": 1, "message_id": "m1"}) == ("tool_call", 0, "m1")
    assert event_key("evaluation", {"grading_run_id": "g", "iteration": 2}) == ("evaluation", "g", 2)
    assert event_key("run_started", {"turn": 0}) is None
    assert event_key("cancelled", {"turn": 0}) is None
