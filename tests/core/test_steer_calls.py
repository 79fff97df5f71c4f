"""A pause never costs a second grader call, and a fork no writer call before its fork point: counted where a real
provider would bill them, at the loopback OpenAI-compatible stub (tests/stubs/openai_stub.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import Override, build_decision, build_fork
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.stubs.counting import calls_by_role
from tests.stubs.openai_stub import StubOpenAI

WAIT_S = 180
STUB_MODEL = "openai:gpt-4o-mini"


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Any:
    with StubOpenAI() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-steer-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        yield server


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S), "the run part never ended"
    return handle


def test_a_paused_pass_of_a_provider_grader_is_billed_once(stub: Any, store: Store, engine: Engine, home: Any) -> None:
    manager = RunManager(engine, store)
    handle = _ended(manager.start(example_config("haiku", grader=STUB_MODEL), step="verdicts"))
    assert handle.events[-1].type == "paused", [e.type for e in handle.events]
    assert calls_by_role(stub.requests) == {"grader": 1, "writer": 0}
    run_id = handle.run_id
    # An override, in a new engine (a restarted server): pass 1's node runs again, its grader call does not.
    decision = build_decision(store, run_id, overrides=[Override("Is about spring", "fail")], reviewer="ann")
    handle = _ended(RunManager(Engine(home), store).continue_paused(run_id, decision))
    assert handle.events[-1].type == "paused" and handle.events[-1].data["iteration"] == 1
    assert calls_by_role(stub.requests) == {"grader": 2, "writer": 0}
    handle = _ended(manager.continue_paused(run_id, build_decision(store, run_id)))
    passes = sum(1 for e in store.run_events(run_id) if e.type == "evaluation")
    assert calls_by_role(stub.requests)["grader"] == passes == 3


def test_a_fork_from_iteration_k_makes_no_writer_call_before_k(stub: Any, store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    config = example_config("haiku", model=STUB_MODEL, grader=STUB_MODEL)
    parent = _ended(manager.start(config))
    assert parent.events[-1].data["iterations"] == 3
    parent_calls = calls_by_role(stub.requests)
    assert parent_calls["writer"] >= 3 and parent_calls["grader"] == 3
    spec, fork_config = build_fork(store, engine, parent.run_id, iteration=2, rubric="- Exactly three lines", by="ann")
    stub.requests.clear()
    fork = _ended(manager.fork(spec, fork_config))
    assert fork.events[-1].type == "finished"
    # Draft 3 is the parent's: graded again under the new rubric (one grader call), not written again.
    assert calls_by_role(stub.requests) == {"grader": 1, "writer": 0}


def test_a_paused_pass_that_needed_the_coverage_retry_gives_both_answers_back(
    monkeypatch: pytest.MonkeyPatch, store: Store, engine: Engine
) -> None:
    """The library grades again once when the first answer judged no criterion (its coverage retry): both calls
    belong to the pass, and both come back on resume, in order."""
    import json

    from langchain_core.messages import AIMessage

    from tests.stubs.openai_stub import is_grading, offline_brain

    answers = {"grading": 0}

    def brain(messages: Any, kwargs: dict[str, Any]) -> AIMessage:
        if is_grading(kwargs):
            answers["grading"] += 1
            if answers["grading"] == 1:  # the first answer judges nothing: the library asks again at once
                return AIMessage(content=json.dumps({"result": "needs_revision", "explanation": "?", "criteria": []}))
        return offline_brain(messages, kwargs)

    with StubOpenAI(brain) as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-steer-0123456789")
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        manager = RunManager(engine, store)
        handle = _ended(manager.start(example_config("haiku", grader=STUB_MODEL), step="verdicts"))
        assert handle.events[-1].type == "paused"
        assert calls_by_role(server.requests)["grader"] == 2  # the pass: its answer and the retry
        handle = _ended(manager.continue_paused(handle.run_id, build_decision(store, handle.run_id)))
        assert handle.events[-1].type == "paused" and handle.events[-1].data["iteration"] == 1
        assert calls_by_role(server.requests)["grader"] == 3  # pass 1 given back whole; pass 2 graded once
