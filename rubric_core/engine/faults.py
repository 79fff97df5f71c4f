"""Failures that interrupt a run instead of ending it: the disk filling up.

A full disk is not the working model's fault and loses nothing that was
saved: the run stops as `interrupted` with a message that says which file
could not be written, and resumes once there is space again.
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
    """The message for a run stopped by a full disk: the file, or the PostgreSQL server (masked URL), that refused."""
    from rubric_core.store.sql import is_postgres
    from rubric_core.store.urls import mask_url

    path = getattr(exc, "filename", None)
    # The store names a PostgreSQL store by its masked URL; a checkpoint write on that server names nothing.
    if is_postgres(str(path)) if path else bool(db_url and is_postgres(db_url)):
        return server_disk_full_message(str(path) if path else mask_url(str(db_url)), run_id)
    return disk_full_message(path or checkpoint_path, run_id)
