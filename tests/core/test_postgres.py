"""The store and the checkpoints on a real PostgreSQL server (the embedded one from tests/pg.py).

What only a server can show: several processes migrating one empty database
at once, a refused login or a missing database named clearly without the
password, and the checkpoints living beside the store in their own schema.
The shared store and engine behaviour runs on both databases through the
`db_url` fixture in the other test modules.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rubric_core.engine import Engine
from rubric_core.engine.checkpoint_file import CheckpointFileError
from rubric_core.engine.checkpoints import CheckpointFenced
from rubric_core.store import SCHEMA_VERSION, StoreError, open_store
from rubric_core.store.schema import MIGRATIONS
from tests.core.helpers import PROCESS_TIMEOUT_S, ROOT, example_config, run_cli
from tests.pg import PASSWORD_ROLE, PASSWORD_ROLE_SECRET

WRONG = "wrong-Pw-4471"

_MIGRATE = """
import sys, time
from pathlib import Path
from rubric_core.store import open_store
go = Path(sys.argv[1])
print("ready", flush=True)
while not go.exists():  # all children start migrating at the same moment
    time.sleep(0.001)
store = open_store()
print(store.schema_version(), flush=True)
"""


@pytest.mark.parametrize("processes", [3])
def test_processes_migrating_one_empty_database_at_once_apply_each_migration_once(
    db_url: str, tmp_path: Path, processes: int
) -> None:
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _MIGRATE, str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(processes)
    ]
    for p in procs:  # every child is past its imports before any of them migrates
        assert p.stdout.readline().strip() == "ready", p.stderr.read()
    go.touch()
    outs = [p.communicate(timeout=PROCESS_TIMEOUT_S) for p in procs]
    assert [p.returncode for p in procs] == [0] * processes, [o[1][-2000:] for o in outs]
    assert [o[0].strip() for o in outs] == [str(SCHEMA_VERSION)] * processes
    store = open_store()
    with store.engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT version FROM schema_migrations ORDER BY version").all()
    assert [r[0] for r in rows] == [v for v, _, _ in MIGRATIONS]
    store.close()


def test_a_wrong_password_is_refused_by_name_and_never_shown(pg_server, caplog: pytest.LogCaptureFixture) -> None:
    database = pg_server.new_database(owner=PASSWORD_ROLE)
    url = pg_server.url(database, user=PASSWORD_ROLE, password=WRONG)
    caplog.set_level(logging.DEBUG)
    with pytest.raises(StoreError) as info:
        open_store(url)
    message = str(info.value)
    assert WRONG not in message and f"{PASSWORD_ROLE}:***@" in message
    assert "refused the login" in message and "Fix the user or password in RUBRIC_STUDIO_DB_URL" in message
    with pytest.raises(CheckpointFileError) as cp_info:
        Engine(db_url=url).check_files()
    assert WRONG not in str(cp_info.value) and "refused the login" in str(cp_info.value)
    out = run_cli("runs", env={"RUBRIC_STUDIO_DB_URL": url})
    assert out.returncode == 2 and "refused the login" in out.stderr and "Traceback" not in out.stderr
    assert WRONG not in out.stdout + out.stderr + caplog.text
    # The right password opens it: the refusal was the password's, nothing else.
    store = open_store(pg_server.url(database, user=PASSWORD_ROLE, password=PASSWORD_ROLE_SECRET))
    assert store.schema_version() == SCHEMA_VERSION and PASSWORD_ROLE_SECRET not in store.display_url
    store.close()


def test_a_missing_database_says_how_to_create_it(pg_server) -> None:
    url = pg_server.url("no_such_db")
    with pytest.raises(StoreError, match="The database 'no_such_db' does not exist") as info:
        open_store(url)
    assert "createdb no_such_db" in str(info.value)
    out = run_cli("export", "--format", "jsonl", "--out", "x.jsonl", env={"RUBRIC_STUDIO_DB_URL": url})
    assert out.returncode == 2 and "does not exist" in out.stderr and "Traceback" not in out.stderr


def test_checkpoints_live_beside_the_store_in_their_own_schema(pg_url: str, home: Path) -> None:
    store = open_store()
    engine = Engine(home)
    handle = engine.execute(example_config("haiku"), subscribers=[store.record])
    assert store.get_run(handle.run_id)["status"] == "satisfied"
    assert not (home / "checkpoints.sqlite").exists()
    with store.engine.connect() as conn:
        saved = conn.exec_driver_sql(
            "SELECT COUNT(*) FROM rubric_checkpoints.checkpoints WHERE thread_id = %(t)s", {"t": handle.run_id}
        ).scalar()
    assert saved > 0
    assert open_store().schema_version() == SCHEMA_VERSION  # the checkpoint tables are not taken for foreign data
    saver = engine.checkpointer
    config = {"configurable": {"thread_id": handle.run_id, "checkpoint_ns": ""}}
    latest = saver.get_tuple(config)
    saver.fence()
    with pytest.raises(CheckpointFenced):
        saver.put(latest.config, latest.checkpoint, latest.metadata, {})
    with pytest.raises(CheckpointFenced):
        saver.put_writes(latest.config, [("messages", [])], "task-1")
    assert saver.get_tuple(config).checkpoint["id"] == latest.checkpoint["id"]  # nothing was written
    saver.close()
    store.close()


def test_a_process_waiting_to_set_up_checkpoints_does_not_block_the_one_setting_them_up(pg_url: str) -> None:
    """LangGraph's setup builds indexes CONCURRENTLY, which waits for every older snapshot in the database.

    A process blocked in pg_advisory_lock holds one for as long as it waits, so two processes starting on a
    fresh database deadlocked through the client (seen in test_two_processes_write_one_file[postgres]).
    Here the test is the process setting up (it holds the setup lock and builds an index concurrently)
    while another opens the checkpointer and waits for the lock.
    """
    import threading

    import psycopg

    from rubric_core.engine.checkpoints_pg import libpq_conninfo, open_postgres_checkpointer
    from rubric_core.store.sql import lock_key

    conninfo = libpq_conninfo(pg_url)
    with psycopg.connect(conninfo, autocommit=True) as holder, psycopg.connect(conninfo, autocommit=True) as builder:
        holder.execute("SELECT pg_advisory_lock(%s)", (lock_key("checkpoint-setup"),))
        builder.execute("CREATE TABLE probe (x INTEGER)")
        opened: list[object] = []
        waiter = threading.Thread(target=lambda: opened.append(open_postgres_checkpointer(pg_url)))
        waiter.start()
        while not holder.execute(  # the other process is waiting for the setup lock
            "SELECT COUNT(*) FROM pg_stat_activity WHERE query LIKE '%%advisory_lock(%%' AND pid <> pg_backend_pid()"
        ).fetchone()[0]:
            assert waiter.is_alive() and not opened
        # A bound for a hang, not a time window: it took milliseconds with the fix, forever without it.
        builder.execute("SET lock_timeout = '60s'")
        builder.execute("CREATE INDEX CONCURRENTLY probe_x ON probe (x)")
        holder.execute("SELECT pg_advisory_unlock(%s)", (lock_key("checkpoint-setup"),))
        waiter.join(PROCESS_TIMEOUT_S)
    assert opened, "the waiting process never set the checkpoints up"
    saver = opened[0]
    assert saver.get_tuple({"configurable": {"thread_id": "none", "checkpoint_ns": ""}}) is None
    saver.close()


def test_a_full_disk_on_the_server_says_so_without_the_password(pg_server, home: Path, monkeypatch) -> None:
    """SQLSTATE 53100 (disk full) at a store write: the run is interrupted with the server named, masked."""
    import psycopg
    from psycopg import errors as pg_errors

    from rubric_core.execution.manager import RunManager
    from rubric_core.store.store import Store as StoreClass

    database = pg_server.new_database(owner=PASSWORD_ROLE)
    url = pg_server.url(database, user=PASSWORD_ROLE, password=PASSWORD_ROLE_SECRET)
    store = open_store(url)
    record = StoreClass._record
    full = {"armed": False}

    def failing_record(self, ev) -> None:
        if full["armed"]:
            raise pg_errors.DiskFull("could not extend file: No space left on device")
        if ev.type == "evaluation":
            full["armed"] = True  # the next write finds the server's disk full
        record(self, ev)

    monkeypatch.setattr(StoreClass, "_record", failing_record)
    handle = RunManager(Engine(home, db_url=url), store).start(example_config("haiku"))
    assert handle.wait(PROCESS_TIMEOUT_S)
    last = handle.last
    assert last.type == "interrupted", [e.type for e in handle.events]
    message = last.data["message"]
    assert "disk of the database server is full" in message and f"{PASSWORD_ROLE}:***@" in message
    assert PASSWORD_ROLE_SECRET not in message and "checkpoints.sqlite" not in message
    assert issubclass(pg_errors.DiskFull, psycopg.Error)


def test_a_query_string_login_that_is_refused_names_its_user(pg_server) -> None:
    """'?user=rubric&password=...' refused said "refused the login of user ''"."""
    from urllib.parse import quote

    database = pg_server.new_database(owner=PASSWORD_ROLE)
    url = f"postgresql+psycopg:///{database}?host={quote(pg_server.socket_dir)}&user={PASSWORD_ROLE}&password={WRONG}"
    with pytest.raises(StoreError) as info:
        open_store(url)
    message = str(info.value)
    assert f"refused the login of user {PASSWORD_ROLE!r}" in message and WRONG not in message


def test_a_password_with_an_unencoded_at_is_masked_whole(pg_server) -> None:
    """`rubric:ab@cd-S3CRETX@/rubric` was shown from its second part on ('rubric:***@cd-S3CRETX@...')."""
    url = f"postgresql+psycopg://{PASSWORD_ROLE}:ab@cd-S3CRETX@/rubric?host={pg_server.socket_dir}"
    with pytest.raises(StoreError) as info:
        open_store(url)
    assert "S3CRETX" not in str(info.value) and f"{PASSWORD_ROLE}:***@/rubric" in str(info.value)
    out = run_cli("runs", env={"RUBRIC_STUDIO_DB_URL": url})
    assert out.returncode == 2 and "S3CRETX" not in out.stdout + out.stderr, out.stderr
