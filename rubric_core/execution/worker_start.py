"""How the process pool starts a worker process: from a forkserver that preloaded the agent stack (spawn where
there is none; never a plain fork of the threaded server), without re-running this process's main script."""

from __future__ import annotations

import contextlib
import multiprocessing
import sys
import threading
from collections.abc import Iterator
from typing import Any

_MISSING = object()
_main_lock = threading.Lock()


@contextlib.contextmanager
def main_script_hidden() -> Iterator[None]:
    """Start a worker without it importing this process's main script again.

    multiprocessing (spawn and forkserver) re-imports the parent's `__main__` file in the child
    so objects defined there unpickle. A worker needs nothing from it (it runs
    `worker.worker_main`), and a script not guarded by `if __name__ == "__main__"` (the
    streamlit launcher is guarded; test hosts and users' scripts may not be) would run again
    in every worker. `python -m module` mains are skipped by multiprocessing itself.
    """
    main = sys.modules.get("__main__")
    with _main_lock:
        if main is None or getattr(main, "__spec__", None) is not None:
            yield
            return
        path = main.__dict__.pop("__file__", _MISSING)
        try:
            yield
        finally:
            if path is not _MISSING:
                main.__file__ = path  # type: ignore[assignment]


def worker_context() -> Any:
    """forkserver (the agent stack preloaded in it) where there is one, else spawn; never a plain fork."""
    try:
        ctx = multiprocessing.get_context("forkserver")
    except ValueError:
        return multiprocessing.get_context("spawn")
    ctx.set_forkserver_preload(["rubric_core.execution._preload"])
    return ctx
