"""Where runs execute: threads of this process, a pool of worker processes, or a Dask cluster.

Every backend implements `ExecutionBackend` (see `backend.py`); the run manager
submits `RunJob`s to one and gets back handles with `RunHandle`'s interface.
"""

from rubric_core.execution.backend import ExecutionBackend, LiveRun, RunJob, RunMode

__all__ = ["ExecutionBackend", "LiveRun", "RunJob", "RunMode"]
