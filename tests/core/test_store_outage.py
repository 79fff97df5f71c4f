"""The database goes away mid-run (an embedded PostgreSQL server stopped): named, stored right, resumable.

A server of its own (tests/pg.py), so stopping it touches no other test. The
interrupt point is a stored event; every wait is on what the CLI prints or the
store holds (a bound on a hang, never a window of time).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.core.helpers import PROCESS_TIMEOUT_S, ROOT, example_config

DEADLINE_S = 180.0


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    from tests.pg import PostgresForTests

    pg = PostgresForTests()
    yield pg
    pg.stop()


def _wait(condition: Callable[[], Any], what: str) -> Any:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"never happened: {what}")


def _stored(server: Any, database: str, sql: str, *params: Any) -> list[tuple]:
    import psycopg

    try:
        with psycopg.connect(server.dsn(database)) as conn:
            return list(conn.execute(sql, params).fetchall())
    except psycopg.Error:
        return []


def _feedback_stored(server: Any, database: str, run_id: str) -> bool:
    return bool(_stored(server, database, "SELECT 1 FROM events WHERE run_id = %s AND type = 'feedback'", run_id))


def _env(home: Path, url: str, workers: str) -> dict[str, str]:
    return {
        **os.environ,
        "RUBRIC_STUDIO_HOME": str(home),
        "RUBRIC_STUDIO_DB_URL": url,
        "RUBRIC_STUDIO_WORKERS": workers,
        "PYTHONPATH": str(ROOT),
    }


@pytest.mark.parametrize("workers", ["1", "0"], ids=["pool", "threads"])
def test_the_cli_names_the_lost_database_and_the_run_is_marked_and_resumes(
    server: Any, tmp_path: Path, workers: str
) -> None:
    database = server.new_database()
    url = server.url(database)
    env = _env(tmp_path / "home", url, workers)
    proc = subprocess.Popen(
        [sys.executable, "-m", "rubric_core", "run", "--example", "haiku", "--model", "offline:writer?latency=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.stdout is not None
    header = proc.stdout.readline()
    assert header.startswith("run "), header + (proc.stderr.read() if proc.stderr else "")
    run_id = header.split()[1]
    # Feedback on iteration 0 stored: the writer is drafting iteration 1 (1 s) when the server goes.
    _wait(lambda: _feedback_stored(server, database, run_id) or proc.poll() is not None, "feedback stored")
    assert proc.poll() is None
    server.halt()
    try:
        out, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
    finally:
        server.start_again()
    from rubric_core.store import mask_url

    masked = mask_url(url)
    assert proc.returncode == 1, (out, err)
    assert "Traceback" not in out + err and "Run event subscriber failed" not in err
    assert f"The database at {masked} stopped answering" in out, out
    assert "the run can be resumed" in out and f"python -m rubric_core resume {run_id}" in out + err
    assert "working model or the agent raised" not in out + err
    # The process that lost the database is gone: the next one to open the store records the end.
    from rubric_core.store import open_store

    store = open_store(url)
    try:
        raw = _stored(server, database, "SELECT status, error FROM runs WHERE id = %s", run_id)
        assert raw and raw[0][0] == "interrupted", raw
        assert "killed" in raw[0][1] and "lost its database" in raw[0][1]
        assert "a server stop, Ctrl-C or SIGTERM" not in raw[0][1]
    finally:
        store.close()
    resumed = subprocess.run(
        [sys.executable, "-m", "rubric_core", "resume", run_id],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=PROCESS_TIMEOUT_S,
        check=False,
    )
    assert resumed.returncode == 0, (resumed.stdout, resumed.stderr)
    assert "status: satisfied" in resumed.stdout and "Traceback" not in resumed.stderr


def test_a_process_that_lives_on_records_the_end_once_the_database_answers_again(
    server: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.execution.threads import ThreadBackend
    from rubric_core.store import open_store

    database = server.new_database()
    url = server.url(database)
    monkeypatch.setenv("RUBRIC_STUDIO_DB_URL", url)
    store = open_store(url)
    engine = Engine(tmp_path / "home", db_url=url)
    manager = RunManager(engine, store, backend=ThreadBackend(engine, store))
    handle = manager.start(example_config("haiku", model="offline:writer?latency=1"))
    _wait(lambda: _feedback_stored(server, database, handle.run_id), "feedback stored")
    server.halt()
    try:
        assert handle.wait(DEADLINE_S)
        last = handle.last
        assert last is not None and last.type == "interrupted", [e.type for e in handle.events]
        assert last.data["reason"] == "store_lost"
        assert f"The database at {store.display_url} stopped answering" in last.data["message"]
        # Not `running` to anyone in this process meanwhile: Resume is offered.
        assert [e.type for e in handle.events].count("interrupted") == 1
    finally:
        server.start_again()
    # As soon as the server answers, the end is written (no restart, no new open of the store).
    _wait(
        lambda: _stored(server, database, "SELECT status FROM runs WHERE id = %s", handle.run_id) == [("interrupted",)],
        "the stored row reads interrupted",
    )
    events = store.run_events(handle.run_id)
    assert events[-1].type == "interrupted" and events[-1].data["reason"] == "store_lost"
    assert [e.seq for e in events] == list(range(len(events)))
    resumed = manager.resume(handle.run_id)
    assert resumed.wait(DEADLINE_S)
    assert resumed.last is not None and resumed.last.type == "finished", [e.type for e in resumed.events]
    assert store.get_run(handle.run_id)["status"] == "satisfied"  # type: ignore[index]
    store.close()
    engine._checkpointer.close()


def test_a_killed_process_leaves_a_reason_that_says_so(tmp_path: Path) -> None:
    """SIGKILL records nothing; the next process to open the store says what is known, not "server stop"."""
    from tests.core.test_interrupt import _host

    home = tmp_path / "home"
    proc = _host(home)
    assert proc.stdout is not None
    run_id = proc.stdout.readline().strip()
    from rubric_core.store import open_store

    db = home / "runs.sqlite"
    import sqlite3

    def drafted() -> bool:
        try:
            with sqlite3.connect(db) as conn:
                return bool(
                    conn.execute("SELECT 1 FROM events WHERE run_id = ? AND type = 'draft'", (run_id,)).fetchone()
                )
        except sqlite3.Error:
            return False

    _wait(lambda: drafted() or proc.poll() is not None, "a stored draft")
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=PROCESS_TIMEOUT_S)
    store = open_store(f"sqlite:///{db}")
    try:
        run = store.get_run(run_id)
        assert run is not None and run["status"] == "interrupted"
        assert f"pid {proc.pid}" in run["error"] and "killed" in run["error"]
        assert "server stop" not in run["error"]
        assert store.run_events(run_id)[-1].data["reason"] == "process_lost"
    finally:
        store.close()


def test_the_checkpoint_pool_tries_a_returned_server_within_seconds_after_a_long_outage(server: Any) -> None:
    """The checkpointer's pool reconnects every 1 to 2 s, not after pauses doubling to 32 s and more.

    Stock psycopg_pool, after six failed attempts (31 s of outage), waits 32 s before the next: a run resumed
    as soon as the server answered waited out the pool's 30 s and stopped as "store lost" (seen in CI).
    """
    import psycopg_pool

    from rubric_core.engine.checkpoints_pg import open_postgres_checkpointer

    saver = open_postgres_checkpointer(server.url(server.new_database()))
    pool = saver.conn
    try:
        server.halt()
        try:
            with pytest.raises(psycopg_pool.PoolTimeout):  # the pooled connection is found dead and dropped
                with pool.connection(timeout=0.5):
                    pass
            # Six failed attempts to reconnect: with the stock backoff the next one would be 32 s away.
            _wait(lambda: pool.get_stats().get("connections_errors", 0) >= 6, "six failed reconnection attempts")
        finally:
            server.start_again()
        # Within the 20 s given here only if the pool tries again within seconds.
        with pool.connection(timeout=20) as conn:
            assert conn.execute("SELECT 1").fetchone() == {"?column?": 1}
    finally:
        saver.close()
