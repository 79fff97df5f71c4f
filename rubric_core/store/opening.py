"""Opening the store's database: the SQLAlchemy engine, SQLite's file checks and pragmas, PostgreSQL's pre-flight.

Everything that can go wrong before the first query (a file that is not a
database, a folder that cannot be written, a server that cannot be reached,
a refused login, a missing database) becomes a StoreError naming the masked
URL and the fix here, so no driver traceback reaches a user.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine

from rubric_core.redaction import redact_data, register_url
from rubric_core.store.errors import StoreError
from rubric_core.store.sql import is_postgres
from rubric_core.store.urls import mask_url, scrub
from rubric_core.store.write_guard import note_statement

SQLITE_HEADER = b"SQLite format 3\x00"
CONNECT_TIMEOUT_S = 10
"""How long a PostgreSQL connection attempt may take before the store says the server is unreachable."""
URL_HELP = (
    "Check RUBRIC_STUDIO_DB_URL (a SQLAlchemy URL such as sqlite:////path/runs.sqlite or "
    "postgresql+psycopg://user:password@host:5432/database)."
)


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL (None: not SQLite, or in memory)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split(":///", 1)[1] if ":///" in url else ""
    path = path.split("?", 1)[0]
    return None if not path or path == ":memory:" else path


def in_memory_problem(url: str) -> str | None:
    """Why a SQLite URL that names no file cannot be the store (it lives in memory and vanishes), else None."""
    if not url.startswith("sqlite"):
        return None
    path = sqlite_path(url)
    memory = "mode=memory" in url.lower() or (path or "").startswith(("file::memory:", ":memory:"))
    if path is not None and not memory:
        return None
    return (
        f"The store URL {mask_url(url)} is a SQLite database in memory: every run, import and review would vanish "
        "when the process exits (and each process would have its own). Nothing was written. Give a file instead, "
        "sqlite:////absolute/path/runs.sqlite (four slashes before an absolute path), or unset RUBRIC_STUDIO_DB_URL "
        "to keep runs.sqlite in RUBRIC_STUDIO_HOME."
    )


def create_store_engine(url: str, *, readonly: bool) -> Engine:
    """The engine for a store URL (SQLite files checked first; nothing is connected yet)."""
    is_sqlite = url.startswith("sqlite")
    if is_sqlite:
        problem = in_memory_problem(url)
        if problem:
            raise StoreError(problem)
        check_sqlite_file(url, readonly)
    kwargs: dict[str, Any] = {"future": True}
    if is_sqlite:
        kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
    elif is_postgres(url):
        kwargs["pool_pre_ping"] = True  # a team server restarts; a stale pooled connection reconnects
        if "connect_timeout" not in url:
            kwargs["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT_S}
    register_url(url)  # its password is a secret of this process from now on: redacted wherever it shows
    try:
        if readonly and sqlite_path(url):
            engine = _readonly_engine(str(sqlite_path(url)))
        else:
            engine = create_engine(url, **kwargs)
    except StoreError:
        raise
    except Exception as exc:  # noqa: BLE001 -- bad URL, missing driver
        msg = scrub(f"Cannot open the store at {mask_url(url)}: {exc}. {URL_HELP}", url)
        raise StoreError(msg) from None
    if is_sqlite:
        _sqlite_pragmas(engine)
    _no_nul_characters(engine)
    return engine


NUL_REPLACEMENT = "\ufffd"
"""What a NUL character in stored text becomes, on every database (PostgreSQL's text type cannot hold NUL).

One rule for both stores: what a user types is refused when it holds NUL (RunConfig, imports, reviews
say so); text a model produced is stored with NUL replaced, the same on SQLite as on PostgreSQL."""


def without_nul(value: Any) -> Any:
    """`value` with NUL replaced by NUL_REPLACEMENT in every string it holds (dicts, lists, tuples too)."""
    if isinstance(value, str):
        return value.replace("\x00", NUL_REPLACEMENT) if "\x00" in value else value
    if isinstance(value, dict):
        return {k: without_nul(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(without_nul(v) for v in value)
    return value


def _no_nul_characters(engine: Engine) -> None:
    """Replace NUL in every text parameter sent to the database (model output is untrusted and may hold one), and
    redact every secret the process knows in it.

    PostgreSQL refuses the whole statement otherwise ("cannot contain NUL characters"), which would stop
    the run as if the store had failed; SQLite gets the same replacement so both stores hold the same text.
    """

    @event.listens_for(engine, "before_cursor_execute", retval=True)
    def _clean(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> Any:
        note_statement(statement)  # counted, or refused while a command still checks its input (write_guard.py)
        # And no secret the process knows is ever stored, whatever wrote it (rubric_core/redaction.py).
        return statement, without_nul(redact_data(parameters))


def preflight(engine: Engine, url: str) -> None:
    """Connect once to a server database; a StoreError says why it failed and how to fix it."""
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError as exc:
        raise StoreError(connect_problem(url, exc.orig if exc.orig is not None else exc)) from None
    except Exception as exc:  # noqa: BLE001 -- e.g. a driver raising outside DB-API
        raise StoreError(connect_problem(url, exc)) from None


def connect_problem(url: str, exc: BaseException) -> str:
    """What a failed connection to a database server means for the user, with the URL masked."""
    from sqlalchemy.engine import make_url

    shown = mask_url(url)
    detail = " ".join(str(exc).split())
    lowered = detail.lower()
    try:
        parsed = make_url(url)
        # libpq takes the user and the database from the query string too (`?user=rubric&dbname=...`).
        query = {k.lower(): v for k, v in parsed.query.items()}
        user = parsed.username or str(query.get("user") or "")
        database = parsed.database or str(query.get("dbname") or "")
    except Exception:  # noqa: BLE001 -- unparseable URLs fail earlier; be safe anyway
        user, database = "", ""
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        msg = (
            f"The database server at {shown} refused the login of user {user!r} (wrong or missing password). "
            "Nothing was written. Fix the user or password in RUBRIC_STUDIO_DB_URL."
        )
    elif "does not exist" in lowered and "database" in lowered:
        msg = (
            f"The database {database!r} does not exist on the server at {shown}. Nothing was written. "
            f"Create it (createdb {database}, or CREATE DATABASE {database}; its owner needs CREATE on it) "
            "or fix the database name in RUBRIC_STUDIO_DB_URL."
        )
    elif "role" in lowered and "does not exist" in lowered:
        msg = (
            f"The database server at {shown} has no user {user!r}. Nothing was written. "
            "Create the role, or fix the user in RUBRIC_STUDIO_DB_URL."
        )
    elif any(
        k in lowered
        for k in ("connection refused", "could not connect", "timeout", "timed out", "no such file", "name or service")
    ):
        msg = (
            f"Cannot reach the database server at {shown} ({detail}). Nothing was written. Start the server, "
            "or fix the host and port in RUBRIC_STUDIO_DB_URL."
        )
    else:
        msg = f"Cannot open the store at {shown}: {detail}. Nothing was written. {URL_HELP}"
    return scrub(msg, url)


def _readonly_engine(path: str) -> Engine:
    """An engine on a SQLite file opened read-only (mode=ro; immutable when its WAL files cannot be made)."""

    def connect(flags: str) -> sqlite3.Connection:
        conn = sqlite3.connect(f"file:{quote(path)}?{flags}", uri=True, check_same_thread=False, timeout=30)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn

    try:
        connect("mode=ro").close()
        flags = "mode=ro"
    except sqlite3.Error:
        flags = "mode=ro&immutable=1"  # a WAL store in a folder this user cannot write
    return create_engine("sqlite://", creator=lambda: connect(flags), future=True)


def check_sqlite_file(url: str, readonly: bool = False) -> None:
    """Refuse a path that is a folder or not an SQLite file; create the folder of a new store."""
    path = sqlite_path(url)
    if path is None:
        return
    p = Path(path)
    fix = "Move it away, or set RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) to another place."
    if p.is_dir():
        raise StoreError(f"The store {p} is a directory, not a database file. Nothing was written. {fix}")
    if p.exists() and p.is_file() and p.stat().st_size > 0:
        from rubric_core.store.sqlite_setup import is_sqlite_file

        try:
            sqlite_file = is_sqlite_file(p)
        except OSError as exc:
            raise StoreError(f"Cannot read the store {p}: {exc.strerror or exc}. Nothing was written.") from None
        if not sqlite_file:
            msg = (
                f"{p} is not a Rubric Studio database (it is not an SQLite file, or it is damaged). Nothing was written to it. "
                f"Move it away, or set RUBRIC_STUDIO_HOME to another directory."
            )
            raise StoreError(msg)
    if readonly:
        return
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        msg = (
            f"Cannot create the store folder {p.parent}: {exc.strerror or exc}. Nothing was written. "
            "Set RUBRIC_STUDIO_HOME to a directory you can write (it is created if missing)."
        )
        raise StoreError(msg) from None


def _sqlite_pragmas(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA busy_timeout=30000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # IMMEDIATE takes the write lock up front, so two writers queue on the busy
        # timeout instead of failing when a read transaction tries to upgrade.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")


def raw_sqlite_connection(url: str) -> sqlite3.Connection | None:
    """The event path's plain sqlite3 connection (None: not a SQLite file).

    One plain connection, the same SQL, no SQLAlchemy layers: a few statements per
    event, thousands of events (see bench/overhead.py). Other databases go through SQLAlchemy.
    """
    path = sqlite_path(url)
    if path is None:
        return None
    conn = sqlite3.connect(path, timeout=30, check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA busy_timeout=30000")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn
