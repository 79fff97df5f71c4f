"""Execute a `RunJob` on an engine of this process, and the event a backend stores when a worker is lost.

Every backend ends up here on the side that runs the job: the thread backend in
the dashboard's process, a pool worker or a Dask worker in theirs.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rubric_core.config import RunConfig
from rubric_core.events import RunEvent
from rubric_core.execution.backend import RunJob

if TYPE_CHECKING:
    from rubric_core.engine import Engine
    from rubric_core.engine.handle import RunHandle, Subscriber
    from rubric_core.store import Store

LOST_WORKER_MESSAGE = (
    "The worker process running this run stopped unexpectedly (killed or crashed) before the run ended. "
    "Nothing saved is lost: resume it to finish (python -m rubric_core resume {run_id})."
)


def start_job(engine: Engine, store: Store, job: RunJob, subscribers: Iterable[Subscriber] = ()) -> RunHandle:
    """Start the job in a new thread of this process; the store records each event before `subscribers` see it.

    Returns the run's `RunHandle` at once (`cancel()` it to cancel, `wait()` for its end).
    Raises CheckpointFileError before anything starts if the checkpoint file cannot be used.
    """
    from rubric_core.engine.stack import load_providers, providers_of
    from rubric_core.engine.steering import PartOptions
    from rubric_core.execution.live_channel import LivePublisher

    config = RunConfig.from_dict(dict(job.config))
    # Before the run's thread starts: the run's own providers and its matrix's, once per process (see stack.py).
    load_providers(providers_of([config.model, config.grader]) | set(job.providers))
    # After the store, before anyone else: the run's live preview (what it is writing now), kept in the store too.
    subs: list[Subscriber] = [store.record, LivePublisher(store, job.run_id, keys=job.keys), *subscribers]
    keys = dict(job.keys) or None
    options = PartOptions(step=job.step)
    if job.mode == "start":
        return engine.start(config, run_id=job.run_id, subscribers=subs, keys=keys, options=options)
    if job.mode == "resume":
        return engine.resume(
            job.run_id, config, subscribers=subs, keys=keys, first_seq=job.first_seq, prior=job.prior, options=options
        )
    if job.mode == "continue":
        options = PartOptions(step=job.step, decision=job.steer)
        return engine.continue_paused(
            job.run_id, config, options, subscribers=subs, keys=keys, first_seq=job.first_seq, prior=job.prior
        )
    if job.mode == "fork":
        from rubric_core.engine.forking import inherited_events

        fork = dict(job.fork or {})
        # Read here, where the run executes (a Dask task's arguments stay small whatever the parent's length).
        inherited = inherited_events(store.run_events(str(fork["parent"])), fork)
        options = PartOptions(step=job.step, fork=fork, inherited=inherited)
        return engine.fork(job.run_id, config, options, subscribers=subs, keys=keys)
    return engine.follow_up(
        job.run_id,
        config,
        job.message or "",
        rubric=job.rubric,
        subscribers=subs,
        keys=keys,
        first_seq=job.first_seq,
        prior=job.prior,
        options=options,
    )


def lost_worker_event(store: Store, run_id: str, events: list[RunEvent]) -> RunEvent:
    """The `interrupted` event for a run whose worker died; recorded in the store here, then returned.

    Its seq follows what the store holds (the worker may have stored an event it could not
    forward); its totals are the store's (kept current by every stored step).
    """
    totals = store.run_totals(run_id)
    turn = next((int(e.data["turn"]) for e in reversed(events) if "turn" in e.data), 0)
    event = RunEvent(
        run_id=run_id,
        seq=store.next_seq(run_id),
        type="interrupted",
        at=time.time(),
        data={
            "turn": turn,
            "reason": "worker_lost",
            "message": LOST_WORKER_MESSAGE.format(run_id=run_id),
            "tokens": totals["tokens"],
            "wall_time_s": totals["wall_time_s"],
        },
    )
    store.record(event)
    return event
