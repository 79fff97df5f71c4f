"""Checkpoints on PostgreSQL, beside a PostgreSQL store (one URL for both).

The same fenced, grader-free saver as on SQLite, over LangGraph's
PostgresSaver. Its tables live in their own schema (`rubric_checkpoints`) of
the store's database, so the store's migrations never see them as foreign
tables. `setup()` (LangGraph's own migrations) runs once per process, under
an advisory lock so two processes starting at once do not race on it.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from rubric_core.engine.checkpoint_file import CheckpointFileError
from rubric_core.engine.checkpoints import _Fenced, serializer

CHECKPOINT_SCHEMA = "rubric_checkpoints"
"""The PostgreSQL schema holding LangGraph's checkpoint tables."""
CONNECT_TIMEOUT_S = 10
SETUP_WAIT_S = 120.0
"""How long a process waits for another one to finish setting up the checkpoint tables."""
RECONNECT_DELAY_MAX_S = 2.0
"""The longest pause between two attempts to reconnect to a server that stopped answering."""


class _CappedAttempt(AttemptWithBackoff):
    """psycopg_pool's reconnection backoff, its pause capped at RECONNECT_DELAY_MAX_S."""

    def update_delay(self, now: float) -> None:
        super().update_delay(now)
        self.delay = min(self.delay, RECONNECT_DELAY_MAX_S)


class PromptReconnectingPool(ConnectionPool):  # type: ignore[type-arg]
    """psycopg_pool's ConnectionPool, retrying every 1 to 2 s while the server is away.

    The stock pool doubles its pause after each failed attempt (1, 2, 4, ... 32 s), so a server back after half a
    minute could wait as long again before the pool tried it: a run resumed meanwhile waited out `getconn`'s
    30 s and stopped as "store lost" on a database that answered (seen in CI). The pool holds one connection,
    so an attempt every two seconds costs the server nothing.
    """

    def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        super()._add_connection(attempt or _CappedAttempt(timeout=self.reconnect_timeout), growing=growing)


class FencedPostgresSaver(_Fenced, PostgresSaver):
    """A fenced PostgresSaver on a one-connection pool (the saver serializes its calls anyway)."""

    def __init__(self, pool: Any, *, display_url: str) -> None:
        super().__init__(pool, serde=serializer())
        self.display_url = display_url
        """Where the checkpoints are, as it may be shown (password masked)."""
        self.path = display_url
        self._init_fence()

    def close(self) -> None:
        """Close the pool's connection (the saver cannot be used afterwards)."""
        self.conn.close()


def libpq_conninfo(url: str) -> str:
    """The libpq URI of a SQLAlchemy PostgreSQL URL (the driver name dropped, everything else kept)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _wait_for_setup_lock(conn: Any, key: int, shown: str) -> None:
    """Take the setup lock, polling with a try-lock between sleeps.

    Not `pg_advisory_lock`: a session blocked in it is a running statement with a snapshot, and LangGraph's
    setup runs CREATE INDEX CONCURRENTLY, which waits for every older snapshot in the database; the
    holder's index build would wait on the waiter, the waiter on the holder's lock, through the client,
    where PostgreSQL's deadlock detector cannot see it (seen: two processes starting on a fresh database).
    """
    deadline = time.monotonic() + SETUP_WAIT_S
    while not conn.execute("SELECT pg_try_advisory_lock(%s)", (key,)).fetchone()[0]:
        if time.monotonic() > deadline:
            msg = (
                f"Another process has been setting up the checkpoint tables at {shown} for over "
                f"{SETUP_WAIT_S:.0f} s. Check that process (or the server's locks), then start the run again."
            )
            raise CheckpointFileError(msg)
        time.sleep(0.05)


def open_postgres_checkpointer(url: str) -> FencedPostgresSaver:
    """The checkpointer in the store's PostgreSQL database; CheckpointFileError (masked) if it cannot connect."""
    import psycopg
    from psycopg.rows import dict_row

    from rubric_core.store.opening import connect_problem
    from rubric_core.store.sql import lock_key
    from rubric_core.store.urls import mask_url

    conninfo = libpq_conninfo(url)
    try:
        admin = psycopg.connect(conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
    except psycopg.Error as exc:
        raise CheckpointFileError(connect_problem(url, exc)) from None
    try:
        with admin:
            _wait_for_setup_lock(admin, lock_key("checkpoint-setup"), mask_url(url))
            admin.execute(f"CREATE SCHEMA IF NOT EXISTS {CHECKPOINT_SCHEMA}")
            pool: ConnectionPool[Any] = PromptReconnectingPool(
                conninfo,
                min_size=1,
                max_size=1,
                num_workers=1,
                open=True,
                check=ConnectionPool.check_connection,  # a restarted server: reconnect, not fail every run
                kwargs={
                    "autocommit": True,
                    "prepare_threshold": 0,
                    "row_factory": dict_row,
                    "connect_timeout": CONNECT_TIMEOUT_S,
                    "options": f"-c search_path={CHECKPOINT_SCHEMA}",
                },
            )
            saver = FencedPostgresSaver(pool, display_url=mask_url(url))
            saver.setup()
            # The session lock ends with this connection.
    except psycopg.Error as exc:
        raise CheckpointFileError(connect_problem(url, exc)) from None
    return saver
