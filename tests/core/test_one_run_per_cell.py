"""Exactly one run per cell (issue 42 item 1), whatever is cancelled, resumed or restarted.

A cell is claimed in the store before its run starts and a second claim is refused, so a column cancelled and
resumed while the others run, many times, pays each cell once: the store holds one run per cell, and the
provider (the loopback OpenAI stub, which counts requests) saw the calls of that one run only.
"""

from __future__ import annotations

import socket
import threading
from collections import Counter
from typing import Any

import pytest
from sqlalchemy import text

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SUITE_TAG_PREFIX, SuiteRunner
from tests.stubs.openai_stub import StubOpenAI, is_grading

DEADLINE_S = 240.0
ITEMS = 8
STEERS = 6
"""How many times the middle column is cancelled, then resumed."""
DEAD = f"{socket.gethostname()}|999999999|0"
"""A process of this host that is not running (no such pid)."""


def _data(n: int = ITEMS) -> Dataset:
    return Dataset(name="eight", items=example_dataset().items[:n])


def _base() -> RunConfig:
    return RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems", "max_iterations": 3}
    )


def _runs_by_cell(store: Store, suite_id: str) -> Counter[tuple[str, str]]:
    """(model, task) -> how many runs of the suite run (by its tag) the store holds: each column has its own
    working model."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT r.model, r.task FROM runs r JOIN run_tags t ON t.run_id = r.id WHERE t.tag = :t"),
            {"t": SUITE_TAG_PREFIX + suite_id[:12]},
        )
        return Counter((str(m), str(t)) for m, t in rows)


def _task_of(body: dict[str, Any], tasks: list[str]) -> str:
    """The item a request is for: the task its first user message is (the writer's) or quotes (the grader's)."""
    for item in body.get("input") or []:
        if item.get("role") == "user":
            content = item.get("content")
            said = content if isinstance(content, str) else "".join(p.get("text", "") for p in content)
            return next((t for t in sorted(tasks, key=len, reverse=True) if t in said), "?")
    return "?"


def _calls_by_task(stub: StubOpenAI, tasks: list[str]) -> tuple[Counter[str], Counter[str]]:
    """Writer and grader requests the stub received, by item."""
    writer: Counter[str] = Counter()
    grader: Counter[str] = Counter()
    for request in stub.requests:
        body = request["body"]
        kwargs: dict[str, Any] = {}
        if body.get("tools"):
            kwargs["tools"] = [{"type": "function", "function": {"name": t.get("name")}} for t in body["tools"]]
        if ((body.get("text") or {}).get("format") or {}).get("type") == "json_schema":
            kwargs["response_format"] = True
        (grader if is_grading(kwargs) else writer)[_task_of(body, tasks)] += 1
    return writer, grader


def _paid_for(store: Store, run_id: str) -> tuple[int, int, int]:
    """(drafts stored, grading passes stored, parts of the run that ended cancelled) of one run."""
    with store.engine.connect() as conn:
        drafts, graded = conn.execute(
            text("SELECT COUNT(draft_at), COUNT(graded_at) FROM iterations WHERE run_id = :r"), {"r": run_id}
        ).one()
        cancels = conn.execute(
            text("SELECT COUNT(*) FROM events WHERE run_id = :r AND type = 'cancelled'"), {"r": run_id}
        ).scalar()
    return int(drafts), int(graded), int(cancels or 0)


@pytest.fixture
def runner(engine: Engine, store: Store) -> SuiteRunner:
    return SuiteRunner(RunManager(engine, store))


def steer_a_matrix(runner: SuiteRunner, store: Store, stub: StubOpenAI, keys: dict[str, str] | None = None) -> str:
    """A 3-column matrix whose middle column (through the stub) is cancelled and resumed many times while the others
    run; then every cell is checked: one run each, and only that run's calls reached the provider. Returns its id."""
    base = _base()
    columns = build_columns(
        base,
        [
            {"model": "offline:writer"},
            {"model": "openai:gpt-4o-mini", "grader": "openai:gpt-4o-mini"},
            {"model": "offline:writer?latency=0.01"},
        ],
    )
    lock = threading.Lock()
    state = {"cancels": 0, "resumes": 0, "cancelled": False}

    def steer(event: dict[str, Any]) -> None:
        # Driven by what the suite says, never by time: the middle column is cancelled as one of its cells
        # starts, and resumed as a cell of another column ends, again and again.
        suite_id = event["suite_run_id"]
        with lock:
            act = None
            if event["type"] == "item_started" and event.get("column") == 1 and not state["cancelled"]:
                if state["cancels"] < STEERS:
                    state["cancels"] += 1
                    state["cancelled"] = True
                    act = "cancel"
            elif event["type"] == "item_finished" and event.get("column") != 1 and state["cancelled"]:
                if state["resumes"] < STEERS:
                    state["resumes"] += 1
                    state["cancelled"] = False
                    act = "resume"
        try:
            if act == "cancel":
                runner.cancel(suite_id, column=1)
            elif act == "resume":
                runner.resume(suite_id, column=1, keys=keys)
        except ValueError:  # a resume that came as the matrix was ending: resumed again below
            pass

    handle = runner.start(_data(), base, columns=columns, concurrency=2, subscribers=[steer], keys=keys)
    assert handle.wait(DEADLINE_S)
    suite_id = handle.suite_run_id
    for _ in range(3):  # the matrix may have ended with the column still cancelled: finish it
        if all(c["has_result"] for c in ss.suite_cells(store, suite_id)):
            break
        assert runner.resume(suite_id, column=1, keys=keys).wait(DEADLINE_S)
    assert state["cancels"] >= 2, state
    cells = ss.suite_cells(store, suite_id)
    assert len(cells) == 3 * ITEMS and all(c["has_result"] for c in cells), [c["run_status"] for c in cells]
    runs = _runs_by_cell(store, suite_id)
    assert sum(runs.values()) == 3 * ITEMS, runs
    assert set(runs.values()) == {1}, [cell for cell, n in runs.items() if n > 1]
    writer, grader = _calls_by_task(stub, [i.task for i in _data().items])
    assert "?" not in writer and "?" not in grader
    for cell in (c for c in cells if c["column_index"] == 1):
        drafts, graded, cancels = _paid_for(store, cell["run_id"])
        # Each call the provider saw is a draft or a grading pass of the cell's one run; a cancel may drop
        # the draft whose call was in flight (it is written anew on resume), never a whole run's calls.
        assert drafts <= writer[cell["task"]] <= drafts + cancels, (cell["item_id"], writer[cell["task"]], drafts)
        assert graded <= grader[cell["task"]] <= graded + cancels, (cell["item_id"], grader[cell["task"]], graded)
    from rubric_core.suites.claims import claimed_cells

    assert claimed_cells(store, suite_id) == []
    return suite_id


def test_a_column_cancelled_and_resumed_many_times_while_the_others_run_pays_each_cell_once(
    runner: SuiteRunner, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    with StubOpenAI() as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        steer_a_matrix(runner, store, stub)


def test_the_same_in_worker_processes(home: Any, store: Store) -> None:
    """The process pool: the cells run in worker processes (the stub's address and key travel in the job)."""
    from rubric_core.execution.processes import shared_pool

    pool = shared_pool(2)
    pool.start()
    with StubOpenAI() as stub:
        keys = {"OPENAI_API_KEY": "sk-test-key-12345678", "OPENAI_BASE_URL": stub.base_url}
        runner = SuiteRunner(RunManager(Engine(home), store, backend=pool))
        steer_a_matrix(runner, store, stub, keys)


def test_a_cell_is_claimed_once_and_a_dead_holders_claim_is_taken_over(db_url: str, store: Store) -> None:
    """The claim itself, on SQLite and PostgreSQL: of many threads claiming one cell at once, exactly one wins."""
    from rubric_core.suites.claims import claim_cell, claimed_cells, release_cell

    suite_id = ss.create_suite_run(store, _data(2), _base())
    barrier = threading.Barrier(8)
    won: list[Any] = []

    def claim() -> None:
        barrier.wait()
        got = claim_cell(store, suite_id, 0, None)
        if got is not None:
            won.append(got)

    threads = [threading.Thread(target=claim) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(DEADLINE_S)
    assert len(won) == 1
    assert claim_cell(store, suite_id, 0, None) is None  # held by a live process (this one)
    other = claim_cell(store, suite_id, 1, None)  # another cell is free
    assert other is not None and [c[:2] for c in claimed_cells(store, suite_id)] == [(0, None), (1, None)]
    release_cell(store, other)
    release_cell(store, won[0].__class__(suite_id, 0, None, "not-the-holders-token"))  # only the holder releases
    assert [c[:2] for c in claimed_cells(store, suite_id)] == [(0, None)]
    with store.engine.connect().execution_options(write=True) as conn, conn.begin():
        conn.execute(text("UPDATE suite_claims SET worker = :w"), {"w": DEAD})  # its process died
    again = claim_cell(store, suite_id, 0, None)
    assert again is not None and again.token != won[0].token
    release_cell(store, won[0])  # the dead holder's token no longer removes anything
    assert [c[:2] for c in claimed_cells(store, suite_id)] == [(0, None)]
    release_cell(store, again)
    assert claimed_cells(store, suite_id) == []


def test_two_processes_resuming_one_suite_run_at_once_run_each_item_once(
    engine: Engine, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-column suite run whose process died, resumed by two runners at once (two dashboards, or a dashboard
    and `suite resume`): each item runs once, and a claim the dead process left is taken over."""
    from rubric_core.suites.claims import claimed_cells

    with StubOpenAI() as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        config = _base().replace(model="openai:gpt-4o-mini")
        data = _data(6)
        suite_id = ss.create_suite_run(store, data, config, concurrency=3)
        with store.engine.connect().execution_options(write=True) as conn, conn.begin():
            conn.execute(text("UPDATE suite_runs SET worker = :w"), {"w": DEAD})
            conn.execute(
                text(
                    "INSERT INTO suite_claims (suite_run_id, position, column_index, token, worker, claimed_at) "
                    "VALUES (:s, 2, -1, 'left-behind', :w, 0)"
                ),
                {"s": suite_id, "w": DEAD},
            )
        assert ss.get_suite_run(store, suite_id)["status"] == "interrupted"
        first, second = SuiteRunner(RunManager(engine, store)), SuiteRunner(RunManager(engine, store))
        a = first.resume(suite_id)
        # The second process read the suite run as interrupted before the first stored it running: it launches too.
        b = second._launch(suite_id, 3, None, ())
        assert a.wait(DEADLINE_S) and b.wait(DEADLINE_S)
        cells = ss.suite_cells(store, suite_id)
        assert all(c["has_result"] for c in cells), [c["run_status"] for c in cells]
        runs = _runs_by_cell(store, suite_id)
        assert sum(runs.values()) == len(data.items) and set(runs.values()) == {1}, runs
        started = [e for h in (a, b) for e in h.events if e["type"] == "item_started"]
        assert sorted(e["position"] for e in started) == list(range(len(data.items)))
        writer, _grader = _calls_by_task(stub, [i.task for i in data.items])
        for cell in cells:
            drafts, _graded, _cancels = _paid_for(store, cell["run_id"])
            assert writer[cell["task"]] == drafts, (cell["item_id"], writer[cell["task"]], drafts)
        assert claimed_cells(store, suite_id) == []


def test_a_matrix_whose_process_was_killed_mid_cell_resumes_each_cell_once(
    home: Any, engine: Engine, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process hosting a matrix is killed (SIGKILL) while a cell of its provider column waits on the provider;
    a new runner resumes the suite run (as after a restart). Every cell ends with one run: a run started before
    the kill goes on (the same run, its stored drafts not written again), the claims the dead process left are
    taken over, and the provider saw, per cell, its stored drafts plus at most the one call in flight at the kill
    (a cell's run makes one call at a time), never a second run's calls."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from rubric_core.suites.claims import claimed_cells
    from tests.stubs.openai_stub import call_of, offline_brain

    items, hold_from = 4, 3
    data = _data(items)
    tasks = [i.task for i in data.items]
    gate, holding = threading.Event(), threading.Event()
    writer_calls = [0]
    lock = threading.Lock()

    def brain(messages: Any, kwargs: dict[str, Any]) -> Any:
        # From the 3rd writer call on, the provider answers nothing until the host is dead.
        _task, grading = call_of(messages, kwargs)
        with lock:
            writer_calls[0] += 0 if grading else 1
            hold = not gate.is_set() and writer_calls[0] >= hold_from
        if hold:
            holding.set()
            gate.wait(DEADLINE_S)
        return offline_brain(messages, kwargs)

    with StubOpenAI(brain) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(root)}
        host = subprocess.Popen(
            [sys.executable, str(root / "tests/core/suite_kill_host.py"), str(items), "2"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=root,
        )
        try:
            suite_id = (host.stdout.readline() if host.stdout else "").strip()
            assert suite_id, host.stderr.read() if host.stderr else ""
            ceiling = time.monotonic() + DEADLINE_S
            while not holding.wait(0.05) and host.poll() is None and time.monotonic() < ceiling:
                pass  # waits on what the provider received: no timed assertion
            assert holding.is_set(), "the host never reached its 3rd writer call"
        finally:
            host.send_signal(signal.SIGKILL)
            host.communicate(timeout=DEADLINE_S)
        left = claimed_cells(store, suite_id)
        assert left and all(worker.split("|")[1] == str(host.pid) for _p, _c, worker in left), left
        assert ss.get_suite_run(store, suite_id)["status"] == "interrupted"
        started = {(c["position"], c["column_index"]): c["run_id"] for c in ss.suite_cells(store, suite_id)}
        started = {cell: run for cell, run in started.items() if run}
        assert started, "cells had started before the kill"
        gate.set()  # the provider answers again (the held calls answer a dead process)

        handle = SuiteRunner(RunManager(engine, store)).resume(suite_id)
        assert handle.wait(DEADLINE_S)
        cells = ss.suite_cells(store, suite_id)
        assert all(c["has_result"] for c in cells), [c["run_status"] for c in cells]
        assert claimed_cells(store, suite_id) == []
        runs = _runs_by_cell(store, suite_id)
        assert sum(runs.values()) == 2 * items and set(runs.values()) == {1}, runs
        now = {(c["position"], c["column_index"]): c["run_id"] for c in cells}
        assert all(now[cell] == run for cell, run in started.items()), "a run started before the kill was replaced"
        writer, grader = _calls_by_task(stub, tasks)
        assert "?" not in writer and not grader  # the column's grader is the offline one
        extra = 0
        for cell in (c for c in cells if c["column_index"] == 0):
            drafts, _graded, _cancels = _paid_for(store, cell["run_id"])
            paid = writer[cell["task"]]
            assert drafts <= paid <= drafts + 1, (cell["item_id"], paid, drafts)
            extra += paid - drafts
        assert extra <= 2  # at most the calls in flight at the kill: concurrency 2
