"""Is the process that owns a running run still alive?

A run is written `running` with its worker: host, pid and the process start
time (so a reused pid is not mistaken for the owner). A run still `running`
whose worker is gone was interrupted and can be resumed.
"""

from __future__ import annotations

import os
import socket
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
