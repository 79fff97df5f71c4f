"""Applying the numbered migrations of `schema.py` on SQLite or PostgreSQL, safely from many processes at once.

SQLite writers queue on the file's write lock (BEGIN IMMEDIATE); PostgreSQL
migrators queue on an advisory lock held for the migration's transaction
(PostgreSQL DDL is transactional: a failed migration leaves nothing behind).
A database that is not a Rubric Studio store, or that a newer version wrote,
is refused untouched.
"""

from __future__ import annotations

import re
import time
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

from rubric_core.store import schema
from rubric_core.store.errors import StoreError
from rubric_core.store.sql import text, transaction_lock

MIGRATION_LOCK = "schema-migrations"
_REAL = re.compile(r"\bREAL\b")


def ddl_for(statement: str, dialect: str) -> str:
    """A migration statement for this dialect: PostgreSQL's REAL is 4 bytes (a unix time to the
    minute), so unix times and durations are DOUBLE PRECISION there, as REAL is in SQLite."""
    return _REAL.sub("DOUBLE PRECISION", statement) if dialect == "postgresql" else statement


def check_compatible(conn: Connection, display_url: str) -> set[int] | None:
    """Raise for a foreign or a newer database; the applied versions (None: an empty database)."""
    tables = set(inspect(conn).get_table_names())
    if not tables:
        return None
    if "schema_migrations" not in tables:
        listed = ", ".join(sorted(tables)[:5])
        msg = (
            f"The database at {display_url} holds other data (tables: {listed}) and is not a "
            "Rubric Studio store. Nothing was changed. Point RUBRIC_STUDIO_HOME or "
            "RUBRIC_STUDIO_DB_URL elsewhere."
        )
        raise StoreError(msg)
    applied = {int(row[0]) for row in conn.execute(text("SELECT version FROM schema_migrations"))}
    newest = max(applied, default=0)
    if newest > schema.SCHEMA_VERSION:
        msg = (
            f"The store at {display_url} has schema version {newest}, newer than this Rubric Studio "
            f"(version {schema.SCHEMA_VERSION}). Upgrade Rubric Studio to open it; nothing was changed."
        )
        raise StoreError(msg)
    return applied


def missing_versions(applied: set[int] | None) -> list[int]:
    """The migration numbers this code has and the database lacks."""
    return [v for v, _, _ in schema.MIGRATIONS if v not in (applied or set())]


def apply_migrations(engine: Engine, write_conn: Any, display_url: str) -> None:
    """Apply what the database lacks, in one transaction, under the migration lock.

    `write_conn` is a connection marked for writing (SQLite then begins IMMEDIATE).
    """
    with engine.connect() as conn:
        check_compatible(conn, display_url)  # refuse a foreign or newer database before touching it
    if engine.dialect.name == "sqlite":
        # Only now that the file is known to be ours (or empty): WAL changes the file.
        from rubric_core.store.sqlite_setup import setup_lock

        with setup_lock(engine.url.database or ""):  # another process may be creating the same file now
            raw = engine.raw_connection()
            try:
                raw.cursor().execute("PRAGMA journal_mode=WAL")
            finally:
                raw.close()
    with write_conn as conn, conn.begin():
        transaction_lock(conn, MIGRATION_LOCK)
        applied = check_compatible(conn, display_url)  # again, under the lock: another process may have raced
        if applied is None:
            conn.execute(
                text(
                    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                    "applied_at REAL NOT NULL)"
                    if conn.dialect.name == "sqlite"
                    else "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                    "applied_at DOUBLE PRECISION NOT NULL)"
                )
            )
            applied = set()
        for version, name, statements in schema.MIGRATIONS:
            if version in applied:
                continue
            for statement in statements:
                conn.execute(text(ddl_for(statement, conn.dialect.name)))
            conn.execute(
                text("INSERT INTO schema_migrations (version, name, applied_at) VALUES (:v, :n, :t)"),
                {"v": version, "n": name, "t": time.time()},
            )
