"""One Start, one run (issue 33 item 2): a start's click token is claimed in the store, once."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import AlreadyStarted, RunManager
from rubric_core.store import Store, open_store
from rubric_core.store.start_clicks import claim_start
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config


def test_a_click_token_starts_one_run_however_often_it_arrives(db_url: str, store: Store, engine: Engine) -> None:
    """Before, every call started a run: one click delivered twice ran twice (double cost with a paid model)."""
    manager = RunManager(engine, store)
    first = manager.start(example_config("haiku"), click_token="a" * 32)
    with pytest.raises(AlreadyStarted) as again:
        manager.start(example_config("haiku"), click_token="a" * 32)
    assert again.value.run_id == first.run_id
    assert first.wait(PROCESS_TIMEOUT_S)
    other = manager.start(example_config("haiku"), click_token="b" * 32)  # the next click: a run of its own
    assert other.run_id != first.run_id and other.wait(PROCESS_TIMEOUT_S)
    assert {r["id"] for r in store.list_runs()} == {first.run_id, other.run_id}


def test_two_processes_racing_with_one_token_start_one_run(db_url: str, home: Path, store: Store) -> None:
    """Two dashboards' stores (two connections) claim the same token at once: one wins, both name its run."""
    stores = [open_store() for _ in range(8)]
    barrier = threading.Barrier(len(stores))
    won: list[str] = []

    def claim(s: Store, n: int) -> None:
        barrier.wait()
        won.append(claim_start(s, "c" * 32, f"run-{n}"))

    threads = [threading.Thread(target=claim, args=(s, n)) for n, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert len(won) == len(stores) and len(set(won)) == 1


def test_a_start_that_fails_gives_its_token_back(store: Store, engine: Engine) -> None:
    """Nothing started (the backend refused the job): the same click may be tried again, and then starts."""
    manager = RunManager(engine, store)
    real = manager.backend.submit
    calls = {"n": 0}

    def refuse_once(job, subscribers):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 1:
            msg = "the cluster is unreachable"
            raise ValueError(msg)
        return real(job, subscribers)

    manager.backend.submit = refuse_once  # type: ignore[method-assign]
    with pytest.raises(ValueError, match="unreachable"):
        manager.start(example_config("haiku"), click_token="d" * 32)
    handle = manager.start(example_config("haiku"), click_token="d" * 32)
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert [r["id"] for r in store.list_runs()] == [handle.run_id]


def test_a_token_must_be_a_short_string(store: Store) -> None:
    for bad in ("", "x" * 65):
        with pytest.raises(ValueError, match="1 to 64 characters"):
            claim_start(store, bad, "run")
