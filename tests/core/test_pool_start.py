"""A run started while the worker processes are still starting is taken at once and goes to them when they are up.

The workers' start is held at a gate (no timing): Start returns while it is closed, which it could not on the
old code (submit started the workers itself and waited for the forkserver to load the agent stack).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.processes import ProcessPoolBackend
from rubric_core.store import Store
from tests.core.helpers import example_config

DEADLINE_S = 120.0
"""A bound on a wait that normally takes milliseconds to seconds; never a window the test relies on."""


class HeldStart:
    """A pool of one worker whose start waits at a gate the test opens."""

    def __init__(self, *, fails: bool = False) -> None:
        self.pool = ProcessPoolBackend(1)
        self.gate = threading.Event()
        self.entered = threading.Event()
        fill = self.pool._fill

        def held_fill() -> None:
            self.entered.set()
            assert self.gate.wait(DEADLINE_S)
            if fails:
                msg = "no more processes"
                raise OSError(msg)
            fill()

        self.pool._fill = held_fill  # type: ignore[method-assign]


@pytest.fixture
def held() -> Iterator[HeldStart]:
    held = HeldStart()
    yield held
    held.gate.set()
    held.pool.shutdown()


def _in_thread(fn, *args):
    """Call fn in a thread; its result (or exception) once it returns within the deadline."""
    out: dict = {}

    def call() -> None:
        try:
            out["value"] = fn(*args)
        except BaseException as exc:
            out["error"] = exc

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(DEADLINE_S)
    assert not thread.is_alive(), f"{fn} did not return while the workers were held"
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_a_start_while_the_workers_start_returns_at_once_and_the_run_goes_to_them(
    home: Path, store: Store, held: HeldStart
) -> None:
    warm_up = threading.Thread(target=held.pool.start, daemon=True)  # the server's warm-up, held at the gate
    warm_up.start()
    assert held.entered.wait(DEADLINE_S)
    manager = RunManager(Engine(home), store, backend=held.pool)
    first = _in_thread(manager.start, example_config("haiku"))
    second = _in_thread(manager.start, example_config("photosynthesis"))
    assert not held.gate.is_set()  # both returned while the workers were still starting
    assert first.events == [] and not first.done and store.get_run(first.run_id) is None
    cancelling = threading.Thread(target=second.cancel, daemon=True)  # waits for the worker's stored request
    cancelling.start()
    held.gate.set()
    assert first.wait(DEADLINE_S) and second.wait(DEADLINE_S)
    cancelling.join(DEADLINE_S)
    assert first.last is not None and first.last.type == "finished", [e.type for e in first.events]
    assert store.get_run(first.run_id)["status"] == "satisfied"
    assert [e.type for e in second.events][-1] == "cancelled"
    assert store.get_run(second.run_id)["status"] == "cancelled"
    assert len(held.pool.worker_pids) == 1


def test_workers_that_cannot_start_end_the_waiting_run_with_a_message_and_nothing_stored(
    home: Path, store: Store
) -> None:
    held = HeldStart(fails=True)
    try:
        manager = RunManager(Engine(home), store, backend=held.pool)
        handle = _in_thread(manager.start, example_config("haiku"))  # no warm-up ran: the pool starts itself
        assert held.entered.wait(DEADLINE_S)
        held.gate.set()
        assert handle.wait(DEADLINE_S)
        assert handle.last is not None and handle.last.type == "error"
        assert "could not start" in handle.last.data["message"] and "no more processes" in handle.last.data["message"]
        assert store.get_run(handle.run_id) is None
    finally:
        held.pool.shutdown()
