"""Failures that interrupt a run instead of ending it: the disk filling up, the database going away.

Neither is the working model's fault and neither loses anything that was
saved: the run stops as `interrupted` with a message that says which file
could not be written, or which database (URL masked) stopped answering, and
it resumes once there is space, or the database answers, again.
"""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

_PG_DISK_FULL = frozenset({"53100"})
"""PostgreSQL's SQLSTATE disk_full (the server could not extend a file)."""


class DiskFullError(OSError):
    """A write failed because the disk is full; `filename` is the file that could not be written."""

    def __init__(self, path: Path | str) -> None:
        super().__init__(errno.ENOSPC, "The disk is full", str(path))


def is_disk_full(exc: BaseException) -> bool:
    """Whether `exc` (or what caused it) is a full disk or an exhausted quota."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, OSError) and current.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        if isinstance(current, sqlite3.OperationalError) and (
            getattr(current, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(current)
        ):
            return True
        if getattr(current, "sqlstate", None) in _PG_DISK_FULL:  # psycopg: the server's disk or quota
            return True
        orig = getattr(current, "orig", None)  # SQLAlchemy wraps the driver's error
        current = orig if isinstance(orig, BaseException) else (current.__cause__ or current.__context__)
    return False


_PG_CONNECTION_STATES = ("08", "57P01", "57P02", "57P03")
"""SQLSTATE connection_exception (class 08), admin_shutdown, crash_shutdown, cannot_connect_now."""
_SQLITE_LOST = ("unable to open database file", "disk i/o error")
"""SQLite errors of a database file that went away (its folder removed, its disk unplugged)."""


class StoreUnreachableError(ConnectionError):
    """The database stopped answering while a run wrote to it; `where` names it (a masked URL or a file)."""

    def __init__(self, where: str, cause: BaseException) -> None:
        super().__init__(f"Lost the database at {where}: {short_cause(cause)}")
        self.where = where


def short_cause(exc: BaseException) -> str:
    """The first line of an exception's text (a driver's error spans several), with its type; never a traceback.

    A SQLAlchemy error is described by the driver's error it wraps (its own text repeats it with a prefix).
    """
    orig = getattr(exc, "orig", None)
    if isinstance(orig, BaseException):
        exc = orig
    text = (str(exc).strip().splitlines() or [""])[0].strip()
    return f"{type(exc).__name__}: {text[:300]}" if text else type(exc).__name__


def is_store_unreachable(exc: BaseException) -> bool:
    """Whether `exc` (or what caused it) says the database cannot be reached any more (not a bad query)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, StoreUnreachableError):
            return True
        module = type(current).__module__ or ""
        if module.startswith(("psycopg", "psycopg_pool")):
            state = getattr(current, "sqlstate", None)
            if state is None and type(current).__name__ in ("OperationalError", "PoolTimeout", "PoolClosed"):
                return True  # a connection-level failure: the server is down, gone or unreachable
            if isinstance(state, str) and state.startswith(_PG_CONNECTION_STATES):
                return True
        if type(current).__name__ in ("DisconnectionError",) and module.startswith("sqlalchemy"):
            return True
        if getattr(current, "connection_invalidated", False):
            return True
        if isinstance(current, sqlite3.OperationalError) and str(current).lower().startswith(_SQLITE_LOST):
            return True
        orig = getattr(current, "orig", None)
        current = orig if isinstance(orig, BaseException) else (current.__cause__ or current.__context__)
    return False


def store_lost_message(where: str, run_id: str, cause: BaseException | None = None) -> str:
    """What happened (the database, URL masked), that nothing stored is lost, and the resume command."""
    because = f" ({short_cause(cause)})" if cause is not None else ""
    return (
        f"The database at {where} stopped answering{because}, so the run stopped. Everything it stored before "
        f"is kept and the run can be resumed: once the database answers again, run "
        f"python -m rubric_core resume {run_id}"
    )


def disk_full_message(path: Path | str, run_id: str) -> str:
    """What happened, where, and how to go on."""
    p = Path(path)
    return (
        f"The disk is full: {p} could not be written (in {p.parent}). Everything saved before is kept. "
        f"Free some space there, then resume the run: python -m rubric_core resume {run_id}"
    )


def server_disk_full_message(masked_url: str, run_id: str) -> str:
    """The PostgreSQL server refused a write for lack of space (`masked_url` has no password)."""
    return (
        f"The disk of the database server is full: the store at {masked_url} refused a write. Everything saved "
        f"before is kept. Free some space on that server, then resume the run: python -m rubric_core resume {run_id}"
    )


def storage_fault_message(exc: BaseException | None, db_url: str | None, checkpoint_path: Path, run_id: str) -> str:
    """The message for a run stopped by a full disk or a lost database: the file or server (masked URL) at fault."""
    from rubric_core.store.sql import is_postgres
    from rubric_core.store.urls import mask_url

    if exc is not None and not is_disk_full(exc) and is_store_unreachable(exc):
        where = getattr(exc, "where", None) or (mask_url(db_url) if db_url else str(checkpoint_path))
        cause = exc.__cause__ if isinstance(exc, StoreUnreachableError) and exc.__cause__ is not None else exc
        return store_lost_message(str(where), run_id, cause)
    path = getattr(exc, "filename", None)
    # The store names a PostgreSQL store by its masked URL; a checkpoint write on that server names nothing.
    if is_postgres(str(path)) if path else bool(db_url and is_postgres(db_url)):
        return server_disk_full_message(str(path) if path else mask_url(str(db_url)), run_id)
    return disk_full_message(path or checkpoint_path, run_id)
