"""Is the process that owns a running run still alive?

A run is written `running` with its worker: host, pid and the process start
time (so a reused pid is not mistaken for the owner). A run still `running`
whose worker is gone was interrupted and can be resumed.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from functools import cache

REMOTE_HEARTBEAT_S = 600.0
"""A worker on another host counts as alive while its heartbeat is younger than this."""


def _start_time(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


@cache
def this_worker() -> str:
    """`host|pid|start` of this process."""
    return f"{socket.gethostname()}|{os.getpid()}|{_start_time(os.getpid())}"


def worker_alive(worker: str, heartbeat_at: float | None) -> bool:
    """Whether `worker` still runs (same host: by pid and start time; elsewhere: by heartbeat)."""
    if not worker:
        return False
    if worker == this_worker():
        return True
    host, _, rest = worker.partition("|")
    pid_text, _, start = rest.partition("|")
    if host != socket.gethostname():
        return heartbeat_at is not None and time.time() - heartbeat_at < REMOTE_HEARTBEAT_S
    try:
        pid = int(pid_text)
    except ValueError:
        return False
    return _start_time(pid) == start and start != ""


_stopped: dict[str, str] = {}
"""Run id -> the worker (host|pid|start) that stopped it without the store hearing of it."""
_stopped_lock = threading.Lock()


def worker_of_pid(pid: int) -> str:
    """`host|pid|start` of a process on this host (a pool worker of this process, say)."""
    return f"{socket.gethostname()}|{pid}|{_start_time(pid)}"


def mark_running(run_id: str) -> None:
    """A worker of this process (re)starts the run."""
    with _stopped_lock:
        _stopped.pop(run_id, None)


def mark_stopped(run_id: str, worker: str | None = None) -> None:
    """`worker` (default: this process) stopped the run without the store recording its end (disk full, shutdown).

    Its row may still say `running` with that (alive) worker; it reads `interrupted` from now
    on in this process, so it can be resumed without restarting anything. A pool worker's
    stop is marked by the parent that received the worker's `interrupted` event.
    """
    with _stopped_lock:
        _stopped[run_id] = worker or this_worker()


def stopped_here(run_id: str, worker: str | None = None) -> bool:
    """Whether `worker` (default: this process) was marked as having stopped the run (and it did not restart)."""
    with _stopped_lock:
        return _stopped.get(run_id) == (worker or this_worker())
