"""One message per problem on the terminal; the tracebacks behind it go to the log file (or stderr with --debug).

Run through `python -m rubric_core` in a subprocess with the default worker pool
(RUBRIC_STUDIO_WORKERS=1), where the workers' own stderr is the terminal's.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.core.helpers import PROCESS_TIMEOUT_S, ROOT, sigint_as_at_a_terminal
from tests.stubs.openai_stub import StubOpenAI, is_grading, offline_brain

DEADLINE_S = 180.0


def _env(home: Path, **more: str) -> dict[str, str]:
    return {
        **os.environ,
        "RUBRIC_STUDIO_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "RUBRIC_STUDIO_WORKERS": "1",
        **more,
    }


def _cli(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rubric_core", *args],
        capture_output=True,
        text=True,
        env=_env(home, **env),
        cwd=home.parent,
        timeout=PROCESS_TIMEOUT_S,
        check=False,
    )


class _NotJson:
    """A grader that answers prose where JSON was asked for."""

    def __call__(self, messages, kwargs):  # type: ignore[no-untyped-def]
        from langchain_core.messages import AIMessage

        if is_grading(kwargs):
            return AIMessage("I think it is fine, mostly.")
        return offline_brain(messages, kwargs)


@pytest.mark.parametrize("failure", ["http-500", "not-json"])
def test_a_failing_grader_in_the_worker_pool_prints_its_message_and_no_traceback(tmp_path: Path, failure: str) -> None:
    home = tmp_path / "home"
    stub = StubOpenAI(status=500) if failure == "http-500" else StubOpenAI(_NotJson())
    with stub:
        done = _cli(
            home,
            "run",
            "--example",
            "haiku",
            "--grader",
            "openai:gpt-4o-mini",
            OPENAI_API_KEY="sk-test-key-12345678",
            OPENAI_BASE_URL=stub.base_url,
        )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert "status: grader_error" in done.stdout
    if failure == "http-500":
        assert "HTTP 500" in done.stdout
    log = (home / "logs" / "rubric-studio.log").read_text(encoding="utf-8")
    assert "Traceback" in log  # the details are kept, where a bug report can quote them
    assert "sk-test-key-12345678" not in log + done.stdout + done.stderr


def test_debug_prints_the_traceback_on_the_terminal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with StubOpenAI(status=500) as stub:
        done = _cli(
            home,
            "--debug",
            "run",
            "--example",
            "haiku",
            "--grader",
            "openai:gpt-4o-mini",
            OPENAI_API_KEY="sk-test-key-12345678",
            OPENAI_BASE_URL=stub.base_url,
        )
    assert done.returncode == 1
    assert "Traceback" in done.stderr


def _wait_stored(db: Path, run_id: str, kind: str, proc: subprocess.Popen) -> None:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        try:
            with sqlite3.connect(db) as conn:
                if conn.execute("SELECT 1 FROM events WHERE run_id = ? AND type = ?", (run_id, kind)).fetchone():
                    return
        except sqlite3.Error:
            pass
        assert proc.poll() is None, "the CLI ended first"
        time.sleep(0.02)
    pytest.fail(f"no stored {kind}")


class _HeldGrader:
    """A grader whose call is held open until the test lets it go: `in_flight` is set once the call arrived.

    "grading_started" is stored before the grader's model call is made; a Cancel landing in that gap ends
    the run as `cancelled` at once (the grader's nested graph drains before calling the model). Loaded CI
    machines hit that gap. Waiting for the request itself puts the stop where the test means it to be.
    """

    def __init__(self) -> None:
        self.in_flight = threading.Event()
        self.release = threading.Event()

    def __call__(self, messages, kwargs):  # type: ignore[no-untyped-def]
        if is_grading(kwargs):
            self.in_flight.set()
            self.release.wait(DEADLINE_S)
        return offline_brain(messages, kwargs)


@pytest.mark.parametrize("stop", ["second-ctrl-c", "sigterm"])
def test_stopping_while_grading_in_the_pool_prints_the_hint_and_no_traceback(tmp_path: Path, stop: str) -> None:
    home = tmp_path / "home"
    grader = _HeldGrader()
    stub = StubOpenAI(grader)
    with stub:
        proc = subprocess.Popen(
            # The grading call is held open by the stub until the end: the stop always lands while it is in flight.
            [sys.executable, "-m", "rubric_core", "run", "--example", "haiku", "--grader", "openai:gpt-4o-mini"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(home, OPENAI_API_KEY="sk-test-key-12345678", OPENAI_BASE_URL=stub.base_url),
            cwd=tmp_path,
            preexec_fn=sigint_as_at_a_terminal,
        )
        try:
            assert proc.stdout is not None
            run_id = proc.stdout.readline().split()[1]
            end = time.monotonic() + DEADLINE_S
            while not grader.in_flight.wait(0.05):
                assert proc.poll() is None, "the CLI ended before its grader was called"
                assert time.monotonic() < end, "the grader was never called"
            if stop == "sigterm":
                proc.send_signal(signal.SIGTERM)
            else:
                proc.send_signal(signal.SIGINT)
                _wait_stored(home / "runs.sqlite", run_id, "cancel_requested", proc)
                proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        finally:
            grader.release.set()
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    assert proc.returncode == (143 if stop == "sigterm" else 130), out + err
    assert f"python -m rubric_core resume {run_id}" in err
    assert "Traceback" not in out + err and "cannot schedule new futures" not in err, err
    with sqlite3.connect(home / "runs.sqlite") as conn:
        status, error = conn.execute("SELECT status, error FROM runs WHERE id = ?", (run_id,)).fetchone()
    assert status == "interrupted"
    # The stored reason says what stopped it, not a list of guesses.
    assert ("SIGTERM to the command line" if stop == "sigterm" else "a second Ctrl-C") in error


def test_a_killed_command_line_leaves_its_pool_run_with_a_true_reason(tmp_path: Path) -> None:
    """SIGKILL of the CLI: the pool worker sees its parent vanish; it must not call that a server stop."""
    home = tmp_path / "home"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku", "--model", "offline:writer?latency=2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(home),
        cwd=tmp_path,
    )
    assert proc.stdout is not None
    run_id = proc.stdout.readline().split()[1]
    _wait_stored(home / "runs.sqlite", run_id, "feedback", proc)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=PROCESS_TIMEOUT_S)
    from rubric_core.store import open_store

    end = time.monotonic() + DEADLINE_S
    store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        while time.monotonic() < end:  # the orphaned worker records the end as it stops
            run = store.get_run(run_id)
            if run is not None and run["error"]:
                break
            time.sleep(0.05)
        assert run is not None and run["status"] == "interrupted"
        assert "killed" in run["error"] and "server stop" not in run["error"], run["error"]
    finally:
        store.close()


def test_a_full_disk_under_the_cli_prints_its_message_and_no_traceback(tmp_path: Path) -> None:
    from tests.core.test_interrupt import _fill, _mount_tmpfs

    home = tmp_path / "disk"
    if not _mount_tmpfs(home, "64m"):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rubric_core", "run", "--example", "haiku", "--model", "offline:writer?latency=1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(home),
            cwd=tmp_path,
        )
        assert proc.stdout is not None
        run_id = proc.stdout.readline().split()[1]
        _wait_stored(home / "runs.sqlite", run_id, "feedback", proc)
        filler = _fill(home)
        out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        filler.unlink()
        assert proc.returncode == 1, out + err
        assert "disk is full" in out and f"python -m rubric_core resume {run_id}" in out + err
        assert "Traceback" not in out + err and "DiskFullError" not in err, err
    finally:
        subprocess.run(["umount", "-l", str(home)], check=False)
