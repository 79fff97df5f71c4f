"""Issue 39 item 1 in real Chromium: the run view shows the draft as the working model streams it, and the agent's
tool calls, todos and subagent steps, and the grader's pass and tool calls, while they happen.

The working model is the real `ChatOpenAI` talking SSE to the loopback stub (tests/stubs/openai_stub.py). The
stub holds its answer before a known piece until the test releases it (an event, never a sleep), so each check
below looks at a run held at a known point. Waits are on what the page shows or the store holds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.threads import ThreadBackend
from rubric_core.store import open_store
from tests.browser.helpers import (
    RUN_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    open_server_store,
    planted,
    start_example,
    wait_app_idle,
    wait_run_page_settled,
)
from tests.browser.server import AppServer
from tests.core.helpers import XSS_IMG
from tests.stubs.openai_stub import StubOpenAI, offline_brain

KEY = "sk-live-view-test-0123456789abcdef"
HOLD_S = 240.0
"""Upper bound of a hold: a test that never releases its stub fails instead of hanging."""
LIVE = "[data-testid='rs-live']"
DRAFT = f"Spring {XSS_IMG} " + " ".join(f"word{i:03d}" for i in range(120))
SUBTASK = "Find three facts about spring"
FACTS = "Facts: buds open, birds return, days grow longer."


class Holds:
    """The stub's hold: each named point waits for its event once (later answers pass)."""

    def __init__(self) -> None:
        self.events: dict[str, threading.Event] = {}
        self.reached: dict[str, threading.Event] = {}
        self.rules: list[tuple[str, Any]] = []

    def add(self, name: str, rule: Any) -> None:
        self.events[name], self.reached[name] = threading.Event(), threading.Event()
        self.rules.append((name, rule))

    def __call__(self, piece: dict[str, Any]) -> None:
        for name, rule in self.rules:
            if not self.events[name].is_set() and rule(piece):
                self.reached[name].set()
                assert self.events[name].wait(HOLD_S), f"hold {name!r} was never released"

    def release(self, name: str) -> None:
        self.events[name].set()

    def release_all(self) -> None:
        for event in self.events.values():
            event.set()


@pytest.fixture(scope="module")
def stub() -> Iterator[StubOpenAI]:
    with StubOpenAI() as s:
        yield s


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, stub: StubOpenAI) -> Iterator[AppServer]:
    env = {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url}
    srv = AppServer(tmp_path_factory.mktemp("live-home"), env=env)
    yield srv
    srv.stop()


@pytest.fixture
def holds(stub: StubOpenAI) -> Iterator[Holds]:
    h = Holds()
    stub.hold = h
    yield h
    h.release_all()  # before the page fixture's teardown waits for no live run
    stub.hold = None


def _live_text(page: Any) -> str:
    box = page.locator(f"{LIVE} .rs-live-text")
    return box.inner_text() if box.count() else ""


def test_tokens_appear_in_the_run_view_before_the_draft_is_written(
    page: Any, server: AppServer, stub: StubOpenAI, holds: Holds
) -> None:
    stub.brain = lambda messages, kwargs: AIMessage(DRAFT)
    holds.add("draft", lambda p: p["kind"] == "text" and p["text"].startswith("word060"))
    run_id = start_example(page, server, "haiku", model="openai:gpt-4o-mini")
    assert holds.reached["draft"].wait(HOLD_S)
    # Held before word 60: the run view shows the words so far in a visible "writing…" state.
    page.wait_for_function(
        "() => { const t = document.querySelector(\"[data-testid='rs-live'] .rs-live-text\");"
        " return !!t && t.textContent.includes('word059'); }",
        timeout=STEP_TIMEOUT_MS,
    )
    box = page.locator(LIVE)
    assert box.get_attribute("data-writing") == "true" and box.get_attribute("data-phase") == "writing"
    assert box.locator(".rs-live-state").inner_text() == "writing…"
    assert "The agent is writing draft 1…" in box.inner_text()
    text = _live_text(page)
    assert "word060" not in text and XSS_IMG in text  # planted HTML in the tokens is text
    assert planted(page) == [] and page.evaluate("() => window.__xss") is None
    with open_server_store(server) as store:
        assert "draft" not in [e.type for e in store.run_events(run_id)]  # the draft is still being written
    holds.release("draft")
    # The draft is written: it shows as the run's draft, and the live text for it goes.
    page.locator(".rs-draft-col").get_by_text("word119", exact=False).first.wait_for(timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    assert page.locator(LIVE).count() == 0
    with open_server_store(server) as store:
        drafts = [e.data["text"] for e in store.run_events(run_id) if e.type == "draft"]
    assert drafts and all(d == DRAFT for d in drafts)


PLANNER = """
from deepagents import create_deep_agent
from langchain.agents.middleware import TodoListMiddleware


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(
        model=model, middleware=[*middleware, TodoListMiddleware()], checkpointer=checkpointer
    )
"""


def _planner_project(root: Path) -> Path:
    """A project whose agent is a deep agent that also plans with write_todos (TodoListMiddleware)."""
    root.mkdir(parents=True)
    (root / "rubric-studio.toml").write_text('[agents.planner]\nfactory = "planner:make_agent"\n', encoding="utf-8")
    (root / "planner.py").write_text(PLANNER, encoding="utf-8")
    return root


def _is_grading(body: dict[str, Any]) -> bool:
    tools = [t.get("name") for t in body.get("tools") or []]
    return ((body.get("text") or {}).get("format") or {}).get("type") == "json_schema" or "GraderResponse" in tools


def agent_brain(messages: list[Any], kwargs: dict[str, Any]) -> AIMessage:
    """A working agent that plans (write_todos), asks a subagent (task), then writes; a grader that counts words
    with its tool before it answers (as the offline grader)."""
    answered = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
    if "response_format" in kwargs or "GraderResponse" in [t["function"]["name"] for t in kwargs.get("tools", [])]:
        if "g-count" not in answered:
            return AIMessage(
                "", tool_calls=[{"name": "count_words", "args": {"text": "three words here"}, "id": "g-count"}]
            )
        return offline_brain(messages, kwargs)
    first = next((m for m in messages if isinstance(m, HumanMessage)), None)
    if first is not None and first.content == SUBTASK:
        return AIMessage(FACTS)  # the subagent's answer
    if "c-todos" not in answered:
        todos = [
            {"content": "Gather facts", "status": "in_progress"},
            {"content": "Write the piece", "status": "pending"},
        ]
        return AIMessage("", tool_calls=[{"name": "write_todos", "args": {"todos": todos}, "id": "c-todos"}])
    if "c-task" not in answered:
        args = {"description": SUBTASK, "subagent_type": "general-purpose"}
        return AIMessage("", tool_calls=[{"name": "task", "args": args, "id": "c-task"}])
    return AIMessage(DRAFT)


def test_tool_calls_todos_a_subagent_and_the_grader_show_as_they_happen(
    page: Any, server: AppServer, stub: StubOpenAI, holds: Holds, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run executes in another process than the dashboard (here, the test's), as on a pool or Dask worker:
    the page follows it through the store alone. Its agent is a project's deep agent that also plans
    (write_todos) and asks the built-in general-purpose subagent (task)."""
    project = _planner_project(tmp_path / "project")
    monkeypatch.setenv("RUBRIC_STUDIO_PROJECT", str(project))  # the project this process opened
    stub.brain = agent_brain
    holds.add("subagent", lambda p: p["kind"] == "text" and p["text"].startswith("Facts:"))
    holds.add("draft", lambda p: p["kind"] == "text" and p["text"].startswith("word030"))
    holds.add(
        "verdict",
        lambda p: (
            p["kind"] == "text"
            and _is_grading(stub.requests[p["request"]]["body"])
            and any(
                i.get("type") == "function_call_output" for i in stub.requests[p["request"]]["body"].get("input", [])
            )
        ),
    )
    config = RunConfig.from_dict(
        {
            "task": "Write about spring.",
            "rubric": "- At least 20 words",
            "model": "openai:gpt-4o-mini",
            "grader": "openai:gpt-4o-mini",
            "grader_tools": ["word_count"],
            "max_iterations": 1,
            "project": str(project),
            "agent": "planner",
        }
    )
    store = open_store(server.store_url)
    engine = Engine(tmp_path / "elsewhere")
    handle = None
    try:
        manager = RunManager(engine, store, backend=ThreadBackend(engine, store))
        handle = manager.start(config, keys={"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url})
        assert holds.reached["subagent"].wait(HOLD_S)
        page.goto(f"{server.url}/?run={handle.run_id}")
        wait_app_idle(page)
        box = page.locator(LIVE)
        # The subagent is working: its task call runs, the todo list is there, write_todos is done.
        box.locator(".rs-live-call[data-kind='subagent'][data-state='running']").wait_for(timeout=STEP_TIMEOUT_MS)
        assert f"general-purpose: {SUBTASK}" in box.locator(".rs-live-call[data-kind='subagent']").inner_text()
        assert box.locator(".rs-live-call[data-kind='todos'][data-state='done']").count() == 1
        todos = box.locator(".rs-live-todo")
        assert todos.count() == 2 and "Gather facts" in todos.first.inner_text()
        assert todos.first.get_attribute("data-status") == "in_progress"
        holds.release("subagent")
        # The draft is being written: the subagent's step is done, the words so far show.
        assert holds.reached["draft"].wait(HOLD_S)
        page.wait_for_function(
            "() => { const t = document.querySelector(\"[data-testid='rs-live'] .rs-live-text\");"
            " return !!t && t.textContent.includes('word029'); }",
            timeout=STEP_TIMEOUT_MS,
        )
        assert box.locator(".rs-live-call[data-kind='subagent'][data-state='done']").count() == 1
        holds.release("draft")
        # The grader's pass: its tool call made, its verdict being written.
        assert holds.reached["verdict"].wait(HOLD_S)
        page.locator(
            f"{LIVE}[data-phase='grading'] .rs-live-call[data-name='count_words'][data-state='done']"
        ).wait_for(timeout=STEP_TIMEOUT_MS)
        assert "The grader is on pass 1 (draft 1)" in page.locator(LIVE).inner_text()
        assert page.locator(f"{LIVE} .rs-live-text").count() == 0  # the draft is stored: shown once, as the draft
        holds.release("verdict")
        assert handle.wait(HOLD_S)
        wait_run_page_settled(page)
        assert page.locator(LIVE).count() == 0
    finally:
        holds.release_all()
        if handle is not None:
            handle.wait(HOLD_S)  # its end stored before the store closes
        store.close()


STEER_PANEL = ".st-key-steer_panel"


def test_a_paused_step_run_shows_no_preview_and_its_continue_streams_the_next_draft(
    page: Any, server: AppServer, stub: StubOpenAI, holds: Holds
) -> None:
    """Issue 39 items 1 and 2 together: while a step run waits at its pause nothing is being written, so the run
    view shows no "writing…" preview (none left from the draft before it); Continue streams draft 2 live."""
    stub.brain = lambda messages, kwargs: AIMessage(DRAFT)  # no haiku: the first pass needs a revision
    first: list[int] = []

    def draft_1(p: dict[str, Any]) -> bool:
        if p["kind"] == "text" and p["text"].startswith("word060"):
            first.append(p["request"])
            return True
        return False

    holds.add("draft 1", draft_1)
    holds.add("draft 2", lambda p: bool(first) and p["request"] > first[0] and p["text"].startswith("word060"))
    run_id = start_example(page, server, "haiku", model="openai:gpt-4o-mini", step=True)
    assert holds.reached["draft 1"].wait(HOLD_S)
    page.locator(f"{LIVE}[data-writing='true']").wait_for(timeout=STEP_TIMEOUT_MS)
    holds.release("draft 1")
    # Paused after grading draft 1: the pause panel, and no live preview of the draft that was being written.
    page.locator(STEER_PANEL).filter(has_text="Paused after grading iteration 1").wait_for(timeout=RUN_TIMEOUT_MS)
    page.locator(LIVE).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
    with open_server_store(server) as store:
        assert store.get_run(run_id)["status"] == "paused"
    wait_app_idle(page)
    page.locator(STEER_PANEL).get_by_role("button", name="Continue").click()
    # Going on: draft 2 streams into the run view as it is written.
    assert holds.reached["draft 2"].wait(HOLD_S)
    page.wait_for_function(
        "() => { const t = document.querySelector(\"[data-testid='rs-live'] .rs-live-text\");"
        " return !!t && t.textContent.includes('word059'); }",
        timeout=STEP_TIMEOUT_MS,
    )
    assert "The agent is writing draft 2…" in page.locator(LIVE).inner_text()
    holds.release("draft 2")
    page.locator(STEER_PANEL).filter(has_text="Paused after grading iteration 2").wait_for(timeout=RUN_TIMEOUT_MS)
    page.locator(LIVE).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
    wait_app_idle(page)
    page.locator(STEER_PANEL).get_by_role("button", name="Stop the run here").click()
    page.locator(STEER_PANEL).wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
