"""The cyclic garbage collector paused while an export builds its rows.

An export makes millions of small dicts and lists (400,000 criterion rows for 10,000 runs), none of them in a
reference cycle: reference counting frees each batch. Left on, the collector ran a pass every 700 new
containers and a full pass over the whole heap (pandas, SQLAlchemy, the app) again and again as batches
lived on: about a quarter of the export's CPU time (bench/RESULTS.md, section 12). The pause is process-wide
(the collector has no other switch); exports at once in two threads keep it paused until the last ends, and
whatever cycles other threads made meanwhile are collected when it resumes.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_paused = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Automatic cyclic collection off inside the block (as it was before, once the last such block ends)."""
    global _paused, _was_enabled
    with _lock:
        if _paused == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _lock:
            _paused -= 1
            if _paused == 0 and _was_enabled:
                gc.enable()
