"""Refuse before you write, kept by the store: a statement that writes, run while a command is still checking its
input, raises instead of writing; and every write is counted, so a command can tell whether it wrote anything.

The command line resolves each command (reads and checks all it was given) inside `checking()`; any INSERT,
UPDATE, DELETE or schema change through a store's engine (or the SQLite hot path) raises WriteBeforeChecked
there, a bug in that command, never a user's error. Opening a store (its migrations, the runs of dead processes
marked interrupted) is not the command's write: `Store` opens inside `opening()`. The guard is per context (a
thread started later does not inherit it); the count is per process.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from contextvars import ContextVar

_checking: ContextVar[str | None] = ContextVar("rubric_store_checking", default=None)
_WRITES = re.compile(
    r"^\s*(?:INSERT|UPDATE|DELETE|REPLACE|UPSERT|MERGE|CREATE|DROP|ALTER|TRUNCATE|VACUUM|REINDEX)\b"
    r"|^\s*WITH\b.*\b(?:INSERT|UPDATE|DELETE)\b",
    re.IGNORECASE | re.DOTALL,
)
_count = 0
_count_lock = threading.Lock()


class WriteBeforeChecked(RuntimeError):
    """A command wrote to the store while it was still checking what it was given (a bug in that command)."""


def is_write(statement: str) -> bool:
    """Whether a SQL statement changes rows or the schema."""
    return bool(_WRITES.match(statement))


def note_statement(statement: str) -> None:
    """Called before every statement sent to a store: a write is counted, or refused while checking."""
    global _count
    if not is_write(statement):
        return
    what = _checking.get()
    if what is not None:
        first = " ".join(statement.split())[:60]
        msg = f"{what} tried to write to the store ({first}...) before it had checked everything it was given."
        raise WriteBeforeChecked(msg)
    with _count_lock:
        _count += 1


def writes() -> int:
    """How many writing statements this process has sent to a store so far."""
    return _count


@contextlib.contextmanager
def checking(what: str) -> Iterator[None]:
    """While the block runs (in this context), no statement may write to a store: `what` names who is checking."""
    token = _checking.set(what)
    try:
        yield
    finally:
        _checking.reset(token)


@contextlib.contextmanager
def opening() -> Iterator[None]:
    """Lift the guard for opening a store (migrations, marking dead runs): infrastructure, not a command's write."""
    token = _checking.set(None)
    try:
        yield
    finally:
        _checking.reset(token)
