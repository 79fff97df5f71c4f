"""The execution backend interface: what the run manager needs from threads, processes or Dask.

The run manager decides WHAT to run (it validates, reads the store for a resume
or a follow-up, builds a `RunJob`); a backend decides WHERE it runs and gives
back a `LiveRun` handle. Contract every backend keeps (the thread backend is the
reference, `threads.py`; the process pool is `processes.py`):

1. Store first. Each event of the run is written to the store named by
   `job.db_url` (by whoever executes the run: the thread backend in this process,
   a pool worker or a Dask worker in its own process) BEFORE it is appended to
   `LiveRun.events` or given to any subscriber here. A page that sees an event
   (or `done`) can rely on the store saying the same.
2. Same events. The events are exactly those `Engine` emits for the job when run
   in this process: same types, same `seq` numbering (from `job.first_seq`),
   same data, in order. Executing a job remotely means: build (or reuse) an
   `Engine(job.home)` and a `Store(job.db_url)` there (once per worker, reused),
   call `rubric_core.execution.jobs.start_job(engine, store, job, [forward])`,
   which starts the run in a thread there and returns its `RunHandle`
   (`forward` gets each event after that store has it; `handle.wait()` blocks
   to the end); ship each event back (a `RunEvent` pickles; `to_dict` /
   `from_dict` for JSON) and re-deliver it here in order.
3. Always an end. Every submitted run ends with exactly one terminal event
   (`finished`, `error`, `cancelled`, `interrupted`). If the place running it
   dies (worker SIGKILLed, Dask worker lost), the backend itself writes an
   `interrupted` event to the store (seq = `store.next_seq(run_id)`, data
   `{"turn", "reason": "worker_lost", "message", "tokens", "wall_time_s"}`,
   see `jobs.lost_worker_event`) and delivers it: the run is then resumable.
4. Cancel is a message. `LiveRun.cancel()` sends it; the executing side calls
   its own `RunHandle.cancel()` (which stores `cancel_requested` at once) and the
   run ends `cancelled` after the step in flight. `cancel()` returns once
   `cancel_requested` came back (or the run ended), so the page can show
   "Cancelling…" from the store; called from the thread that delivers events
   (a subscriber) it returns at once. `remote_handle.RemoteRunHandle(run_id,
   subscribers, send_cancel)` does all of this for events shipped back: feed it
   with `deliver(event)`; a Dask backend can reuse it.
5. Secrets. `job.keys` (API keys typed into a browser session) travel only
   inside the job message, in memory: never in the store, a file, a log line,
   a process's environment or command line, or a Dask task name / key. Do not
   log a `RunJob` (its `repr` hides the keys; keep it that way).
6. Long-lived. A backend is started once per process and reused by every
   manager (see `get_backend`; `RunManager(engine, store, backend=...)` takes
   any backend); `submit` must not start processes per run.
   `shutdown()` ends every live run as `interrupted` (stored) and stops workers.

A backend never imports streamlit; it imports the agent stack lazily.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

if TYPE_CHECKING:
    from rubric_core.engine.handle import RunPrior, Subscriber
    from rubric_core.events import RunEvent

RunMode = Literal["start", "resume", "follow_up", "continue", "fork"]


@dataclass(frozen=True)
class RunJob:
    """Everything needed to execute one part of a run anywhere: picklable plain data.

    Built by the run manager; executed by `jobs.run_job`. `prior` holds the stored events of
    a resumed or continued run (so a replayed step is not stored twice).
    """

    mode: RunMode
    """start a new run, resume an interrupted one, a follow_up turn on a finished one, continue a paused one
    (step mode), or fork a stored run (a new run from a checkpoint of it)."""
    run_id: str
    """The run (and checkpointer thread) id; the manager picks it for a new run too."""
    config: dict[str, Any]
    """`RunConfig.to_dict()` (no secrets in it)."""
    home: str
    """The data directory: the executing side's `Engine(home)` keeps checkpoints there."""
    db_url: str
    """The store's SQLAlchemy URL (may hold a database password: never log or show it; `mask_url`)."""
    message: str | None = None
    """The follow-up message (mode follow_up)."""
    rubric: str | None = None
    """A new rubric for a follow-up turn; None keeps the current one."""
    first_seq: int = 0
    """The seq of the first event of this part (`store.next_seq(run_id)` for resume / follow_up)."""
    prior: RunPrior | None = None
    """What the store already holds of the run (resume / follow_up); None for a new run."""
    step: str = ""
    """The run's step mode ('' never pauses, 'verdicts', 'drafts'; rubric_core/engine/steering.py)."""
    steer: Mapping[str, Any] | None = None
    """continue: the person's decision at the pause (checked by the manager; plain data)."""
    fork: Mapping[str, Any] | None = None
    """fork: {parent, checkpoint_id, turn, iteration, kind, rubric?, draft?, feedback?, by} (checked by the manager)."""
    keys: Mapping[str, str] = field(default_factory=dict, repr=False)
    """API keys of the browser session, by env var name. In memory only; never stored or logged."""
    providers: tuple[str, ...] = ()
    """Providers the job's batch uses besides its own models (a matrix's other columns): the executing process
    imports them all before the run starts (`engine.stack.load_providers`), so no run's model call meets a
    provider package half imported by another."""

    def __repr__(self) -> str:  # keys and the URL's password stay out of every log line
        return f"RunJob(mode={self.mode!r}, run_id={self.run_id!r}, home={self.home!r})"


@runtime_checkable
class LiveRun(Protocol):
    """A run being executed somewhere, seen from this process: `RunHandle`'s reading interface.

    `RunHandle` (thread backend) is one; `processes.RemoteRunHandle` re-delivers a worker's
    events. The UI, the CLI and the suite runner use only these members.
    """

    run_id: str
    events: list[RunEvent]
    """Events so far, in seq order (each already stored)."""
    cancel_requested: bool
    """Cancel was asked for (set at once by `cancel`)."""

    def subscribe(self, subscriber: Subscriber) -> None:
        """Also send future events to `subscriber` (called after the store has each)."""

    def cancel(self) -> None:
        """Ask the run to stop after its step in flight (returns at once)."""

    def wait(self, timeout: float | None = None) -> bool:
        """Block until a terminal event arrived; False on timeout."""
        ...

    @property
    def done(self) -> bool:
        """Whether a terminal event arrived."""
        ...

    @property
    def last(self) -> RunEvent | None:
        """The newest event."""
        ...


class ExecutionBackend(Protocol):
    """Executes `RunJob`s; one per process, shared by every run manager (see module docstring)."""

    name: str
    """"threads", "processes" or "dask" (shown in the bench and the logs)."""

    saver_here: bool
    """Whether Start opens the checkpoint saver in this process (threads; Dask, as before) or only checks the
    checkpoint file and leaves the saver to the worker process that runs the run (the pool)."""

    def submit(self, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> LiveRun:
        """Start the job now (return without waiting for it); `subscribers` get each event after the store.

        Raises ValueError with a clear message for a job it cannot take (e.g. the pool is shut down).
        """
        ...

    def shutdown(self) -> None:
        """End every live run as `interrupted` (stored, resumable) and release workers; idempotent."""
        ...
