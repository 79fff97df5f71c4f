"""Cancel a run from another process on the same database: a request stored in `run_requests` (migration 6).

Another RunManager on the same store stands for another dashboard or the CLI: it
never saw the run start, so it stores a cancel request, and the manager running
the run acts on it. The run's writer is held inside its second call until the
cancel took effect, so the cancel lands mid-run on any machine.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.models.offline import OfflineWriter
from rubric_core.store import Store
from rubric_core.store.requests import cancel_pending, clear_requests, pending_cancels, request_cancel
from tests.core.helpers import example_config

BOUND_S = 120.0
"""Upper bound of a wait (a hang guard, not a timing assertion)."""


@pytest.fixture
def held_writer(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The writer's second call waits until its run's handle was asked to cancel."""
    holder: dict[str, Any] = {"handle": None, "attached": threading.Event(), "calls": 0, "held": threading.Event()}
    original = OfflineWriter.respond

    def respond(self: OfflineWriter, messages: list[Any], **kwargs: Any) -> Any:
        holder["calls"] += 1
        if holder["calls"] == 2:
            holder["held"].set()
            assert holder["attached"].wait(BOUND_S)
            end = time.monotonic() + BOUND_S
            while not holder["handle"].cancel_requested and time.monotonic() < end:
                threading.Event().wait(0.02)
        return original(self, messages, **kwargs)

    monkeypatch.setattr(OfflineWriter, "respond", respond)
    return holder


def test_a_run_is_cancelled_from_another_manager_through_the_store(
    db_url: str, engine: Engine, store: Store, home: Path, held_writer: dict[str, Any]
) -> None:
    running = RunManager(engine, store)
    handle = running.start(example_config("haiku"))
    held_writer["handle"] = handle
    held_writer["attached"].set()
    assert held_writer["held"].wait(BOUND_S)  # mid-run: drafting iteration 1

    other = RunManager(Engine(home, db_url=db_url), store)  # another dashboard: the run is not live there
    assert not other.is_live(handle.run_id)
    assert other.cancel(handle.run_id) is True
    assert handle.wait(BOUND_S)
    assert handle.last is not None and handle.last.type == "cancelled"
    assert store.get_run(handle.run_id)["status"] == "cancelled"  # type: ignore[index]
    types = [e.type for e in store.run_events(handle.run_id)]
    assert types.count("cancel_requested") == 1 and types[-1] == "cancelled"
    assert not cancel_pending(store, handle.run_id)  # handled by the process running it

    # Resumed (from either manager), an old request cannot stop the new part.
    resumed = other.resume(handle.run_id)
    assert resumed.wait(BOUND_S)
    assert resumed.last is not None and resumed.last.type == "finished"


def test_cancel_of_a_run_running_nowhere_stores_nothing(engine: Engine, store: Store) -> None:
    manager = RunManager(engine, store)
    handle = manager.start(example_config("haiku"))
    assert handle.wait(BOUND_S)
    assert manager.cancel(handle.run_id) is False
    assert manager.cancel("no-such-run") is False
    assert not pending_cancels(store, [handle.run_id, "no-such-run"])


def test_requests_are_kept_per_run_until_handled_or_cleared(db_url: str, engine: Engine, store: Store) -> None:
    handle = RunManager(engine, store).start(example_config("haiku"))
    assert handle.wait(BOUND_S)
    request_cancel(store, handle.run_id)
    request_cancel(store, handle.run_id)  # asked twice: still one request
    assert pending_cancels(store, [handle.run_id]) == {handle.run_id}
    clear_requests(store, handle.run_id)
    assert pending_cancels(store, [handle.run_id]) == set()
