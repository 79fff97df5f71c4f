"""Opening SQLite files that other processes use: the setup lock, and a header check that keeps locks.

One process at a time sets up a SQLite file (WAL mode, tables): an advisory lock beside it.

Switching a new database to WAL takes an exclusive lock that SQLite's busy handler
does not wait for. Two processes opening the same new file at once (two pool
workers starting, two command-line runs, a test's two writers) failed with
"database is locked" or "disk I/O error". The `filelock` library's lock file
(`<file>.lock`, left in place and empty) makes the second process wait until the
first has finished; later opens find the file in WAL mode already and pass at once.

The header check: SQLite locks a database with POSIX record locks, and closing ANY
descriptor of a file drops all of the process's locks on it. Reading the first bytes
with `open()` while this process already had the database open (a second Engine or
Store on the same file) silently dropped its locks; another process then took the
database for unused and reset its WAL index under it ("disk I/O error"). SQLite
itself defers such closes, so the check asks SQLite first.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

SQLITE_HEADER = b"SQLite format 3\x00"
_SQLITE_NOTADB = 26

SETUP_LOCK_TIMEOUT_S = 300.0
"""How long to wait for another process's setup of the same file (it takes milliseconds)."""


@contextlib.contextmanager
def setup_lock(db_path: Path | str) -> Iterator[None]:
    """Hold the setup lock of `db_path` (no lock when its folder cannot be written: opening it fails clearly)."""
    from filelock import FileLock, Timeout

    if str(db_path) in ("", ":memory:") or str(db_path).startswith("file:"):
        yield  # in memory (or a URI the tests pass): no other process can open it
        return
    lock = FileLock(f"{db_path}.lock", timeout=SETUP_LOCK_TIMEOUT_S)
    try:
        lock.acquire()
    except Timeout:
        msg = (
            f"Another process has been setting up {db_path} for {SETUP_LOCK_TIMEOUT_S:.0f} s. "
            f"Stop it, or remove {db_path}.lock if no process uses the file."
        )
        raise RuntimeError(msg) from None
    except OSError:  # a read-only folder: nothing can be set up there, and the open that follows says so
        yield
        return
    try:
        yield
    finally:
        lock.release()


def is_sqlite_file(path: Path) -> bool:
    """Whether the existing, non-empty file `path` is an SQLite database, without dropping this process's locks.

    OSError when it cannot be read at all.
    """
    try:
        conn = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
        try:
            conn.execute("PRAGMA schema_version")
            return True
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) == _SQLITE_NOTADB:
            return False
    # SQLite could not open it read-only here (a read-only folder without the WAL index, say): read the header.
    with path.open("rb") as f:
        return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER
