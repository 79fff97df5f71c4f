"""The run checkpointer: a checked, fenced saver (SQLite file, or PostgreSQL beside a PostgreSQL store).

Checked: a file that is not SQLite is refused before a run starts, untouched
(like the run store); an unreachable PostgreSQL server is named (masked) before
a run starts. Fenced: once the process is stopping, no checkpoint is
written, so a step cut short by the shutdown (whose model calls then fail with
"cannot schedule new futures") never becomes the run's saved state.
Allow-listed: the checkpoint holds the grader's `GraderResponse`; LangGraph
will stop loading unregistered types, so they are registered explicitly.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from langgraph.checkpoint.base import CheckpointTuple
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.checkpoint.sqlite import SqliteSaver

from rubric_core.engine.checkpoint_file import check_checkpoint_file

CHECKPOINT_TYPES: tuple[tuple[str, str], ...] = (("deepagents.middleware.rubric", "GraderResponse"),)
"""Types a run stores in its checkpoint beyond LangGraph's built-in safe list (messages, dates...)."""
GRADER_NAMESPACE = "RubricMiddleware."
"""Checkpoint namespaces of the grader sub-agent (run inside the middleware's nodes): never saved."""


class CheckpointFenced(RuntimeError):
    """A checkpoint write was refused because the process is stopping."""


class RedactingSerializer(JsonPlusSerializer):
    """LangGraph's serializer, with every secret the process knows masked in what it writes (rubric_core.redaction).

    The exceptions a run's models raise reach the checkpoint (a failed step's error write, a tool's error in the
    messages) with whatever the provider put in them, an API key echoed in a 401 body among them. Masked in the
    serialized bytes, one '*' per byte, so the encoding's lengths still hold; the exception text itself is
    redacted before that (engine/redact_errors.py).
    """

    def dumps_typed(self, obj: Any) -> tuple[str, bytes]:
        from rubric_core.redaction import mask_bytes

        kind, data = super().dumps_typed(obj)
        return kind, mask_bytes(data)


def serializer() -> JsonPlusSerializer:
    """LangGraph's serializer with the run's own types registered (strict: nothing else loads), secrets masked."""
    return RedactingSerializer(allowed_msgpack_modules=list(CHECKPOINT_TYPES))


def _grader_scope(config: Any) -> bool:
    return str((config or {}).get("configurable", {}).get("checkpoint_ns", "")).startswith(GRADER_NAMESPACE)


class _Fenced:
    """Writes stop for good once `fence()` is called, and no grader state is kept (mixed into a saver).

    The grader sub-agent inherits the run's checkpointer. If its steps were saved, a
    grading pass cut short (cancel, kill, server stop, full disk) would resume after
    its last saved grader call, and the calls before it would never be counted; unsaved,
    the pass is graded again whole on resume and counts once, as in an uninterrupted run.
    (The graph's own `durability="sync"` needs a saver to wait on, so `checkpointer=False`
    on the grader is not an option.)
    """

    def _init_fence(self) -> None:
        self._fence_lock = threading.RLock()
        self._fenced = False

    def fence(self) -> None:
        """Refuse every later write; returns once no write is in progress."""
        with self._fence_lock:
            self._fenced = True

    @property
    def fenced(self) -> bool:
        """Whether writes are refused."""
        return self._fenced

    def _check(self) -> None:
        if self._fenced:
            msg = "The process is stopping: the checkpoint was not written."
            raise CheckpointFenced(msg)

    def put(self, config: Any, checkpoint: Any, metadata: Any, new_versions: Any) -> Any:
        with self._fence_lock:
            self._check()
            if _grader_scope(config):
                configurable = {**config.get("configurable", {}), "checkpoint_id": checkpoint["id"]}
                return {**config, "configurable": configurable}
            return super().put(config, checkpoint, metadata, new_versions)  # type: ignore[misc]

    def put_writes(self, config: Any, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = "") -> None:
        with self._fence_lock:
            self._check()
            if not _grader_scope(config):
                super().put_writes(config, writes, task_id, task_path)  # type: ignore[misc]

    def get_tuple(self, config: Any) -> CheckpointTuple | None:
        return None if _grader_scope(config) else super().get_tuple(config)  # type: ignore[misc]

    def list(self, config: Any, *, filter: Any = None, before: Any = None, limit: int | None = None) -> Iterator[Any]:
        if _grader_scope(config):
            return iter(())
        return super().list(config, filter=filter, before=before, limit=limit)  # type: ignore[misc,no-any-return]


class FencedSqliteSaver(_Fenced, SqliteSaver):
    """A fenced SqliteSaver on the checkpoint file of the data directory."""

    def __init__(self, conn: sqlite3.Connection, *, path: Path) -> None:
        super().__init__(conn, serde=serializer())
        self.path = path
        self._init_fence()


def open_checkpointer(path: Path) -> FencedSqliteSaver:
    """The checkpointer on `path` (checked first), WAL mode."""
    from rubric_core.store.sqlite_setup import setup_lock

    with setup_lock(path):  # another process may be creating the same file right now
        check_checkpoint_file(path)
        conn = sqlite3.connect(path, check_same_thread=False, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA busy_timeout=30000")
        # WAL + NORMAL survives a killed process (the crash this store is for) without an fsync per
        # step; an fsync per checkpoint stalled runs for seconds when the disk was busy.
        conn.execute("PRAGMA synchronous=NORMAL")
        saver = FencedSqliteSaver(conn, path=path)
        saver.setup()  # its tables, now, rather than at the first step in whichever process comes first
    return saver


def has_pending_work(checkpointer: Any, thread_id: str, snapshot: Any) -> bool:
    """Whether the thread has steps left: a next step, or a finished task's writes saved with no next checkpoint.

    LangGraph leaves a task whose writes are saved out of `snapshot.next`, so a
    process stopped between saving those writes and the next checkpoint shows
    `next == ()` although `stream(None)` still applies them and goes on.
    """
    if snapshot.next:
        return True
    saved = checkpointer.get_tuple({"configurable": {"thread_id": thread_id}})
    return bool(saved is not None and saved.pending_writes)
