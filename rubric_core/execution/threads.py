"""The thread backend: each run in a thread of this process (RUBRIC_STUDIO_WORKERS=0, and tests that inject faults).

Every run shares this process's GIL, so CPU-heavy concurrency scales poorly
(bench/concurrency.py); in exchange a test can patch the engine or the store
in-process and see the effect in the run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rubric_core.execution.backend import RunJob
from rubric_core.execution.jobs import start_job

if TYPE_CHECKING:
    from rubric_core.engine import Engine
    from rubric_core.engine.handle import RunHandle, Subscriber
    from rubric_core.store import Store


class ThreadBackend:
    """Runs jobs on the run manager's own engine and store (the job's home and URL are theirs)."""

    name = "threads"
    saver_here = True

    def __init__(self, engine: Engine, store: Store) -> None:
        self.engine = engine
        self.store = store

    def submit(self, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> RunHandle:
        """Start the job in a new thread of this process."""
        return start_job(self.engine, self.store, job, subscribers)

    def shutdown(self) -> None:
        """Interrupt every live run of the engine (also done by the engine's own exit hook)."""
        self.engine.stop_all()
