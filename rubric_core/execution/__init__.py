"""Where runs execute: threads of this process, a pool of worker processes, or a Dask cluster.

Every backend implements `ExecutionBackend` (see `backend.py`); the run manager
submits `RunJob`s to one and gets back handles with `RunHandle`'s interface.

Imports: `engine`, `store`, `projects`, `config` and the shared base modules (a steering override's name and
reason are checked by `review_words`, as a review's are).
"""

from typing import Any

from rubric_core.execution.backend import ExecutionBackend, LiveRun, RunJob, RunMode

__all__ = ["ExecutionBackend", "LiveRun", "RunJob", "RunMode", "get_backend"]


def get_backend(engine: Any, store: Any) -> ExecutionBackend:
    """The backend `RUBRIC_STUDIO_WORKERS` asks for: the shared process pool (default) or threads (0).

    Raises WorkersSettingError (a ValueError with the fix in its message) for a bad value.
    """
    from rubric_core.execution.settings import worker_count

    workers = worker_count()
    if workers == 0:
        from rubric_core.execution.threads import ThreadBackend

        return ThreadBackend(engine, store)
    from rubric_core.execution.processes import shared_pool

    return shared_pool(workers)
