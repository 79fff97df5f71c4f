"""How many worker processes run the runs: `RUBRIC_STUDIO_WORKERS`, checked with a clear message."""

from __future__ import annotations

import os
from collections.abc import Mapping

WORKERS_ENV = "RUBRIC_STUDIO_WORKERS"
MAX_WORKERS = 64
"""More worker processes than this is a typo, not a machine (each imports the agent stack: ~150 MB)."""


class WorkersSettingError(ValueError):
    """`RUBRIC_STUDIO_WORKERS` is not a usable number; the message says how to fix it."""


def machine_cores() -> int:
    """Cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_count(env: Mapping[str, str] | None = None) -> int:
    """Worker processes to use: unset means one per core; 0 means threads of this process.

    Raises WorkersSettingError for anything else than a whole number from 0 to MAX_WORKERS.
    """
    raw = (os.environ if env is None else env).get(WORKERS_ENV, "")
    text = raw.strip()
    if not text:
        return machine_cores()
    problem = ""
    try:
        value = int(text)
    except ValueError:
        problem = "it is not a whole number"
    else:
        if value < 0:
            problem = "it is negative"
        elif value > MAX_WORKERS:
            problem = f"it is more than {MAX_WORKERS}"
    if problem:
        msg = (
            f"{WORKERS_ENV} is {raw!r}: {problem}. Set it to the number of worker processes that run the runs "
            f"(1 to {MAX_WORKERS}; 0 runs them in threads of this process), or unset it for one per core "
            f"({machine_cores()} here). Nothing was run."
        )
        raise WorkersSettingError(msg)
    return value
