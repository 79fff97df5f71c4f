"""Issue 39 item 1: a run's live preview (what its model is writing and doing between two events).

Tokens reach the store's live row (the page's source, whichever process runs the run) throttled, and never
its events; tool calls, todos, subagent steps and the grader's pass are followed; the row is gone when the
run ends. Waits are on what the store holds (a bound, never a window of time); a stub answer is held at a
known piece by an event the test releases.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage, ToolMessage

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.engine.live_activity import MAX_TEXT, LiveActivity
from rubric_core.events import RunEvent
from rubric_core.execution import live_channel
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.store import live_preview as lp
from rubric_core.views.live_payload import live_payload
from rubric_core.views.run_view import RunView
from tests.stubs.openai_stub import StubOpenAI, is_grading, offline_brain

DEADLINE_S = 120.0
"""Upper bound of every wait below (a bound on a hang, not a timing assertion)."""
WORDS = 240
DRAFT = " ".join(f"tok{i:03d}" for i in range(WORDS))
HELD_AT = 100
"""The stub holds the draft before this word (0-based) until the test lets it go."""
KEY = "sk-live-preview-test-key-0123456789"


def wait_for(condition: Callable[[], Any], what: str) -> Any:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    pytest.fail(f"never happened: {what}")


def draft_brain(messages: list[Any], kwargs: dict[str, Any]) -> AIMessage:
    """The working model writes DRAFT; grading goes to the offline grader."""
    return offline_brain(messages, kwargs) if is_grading(kwargs) else AIMessage(DRAFT)


def stub_config() -> RunConfig:
    return RunConfig.from_dict(
        {
            "task": "Write 240 words.",
            "rubric": "- At least 50 words",
            "model": "openai:gpt-4o-mini",
            "grader": "offline:grader",
            "max_iterations": 2,
        }
    )


def stub_keys(stub: StubOpenAI) -> dict[str, str]:
    return {"OPENAI_API_KEY": KEY, "OPENAI_BASE_URL": stub.base_url}


class Writes:
    """Every live row written, spied on at the store's door: (monotonic time, run id, data)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rows: list[tuple[float, str, dict[str, Any]]] = []
        original = lp.write_live

        def spy(store: Store, previews: Any) -> None:
            previews = list(previews)
            original(store, previews)
            now = time.monotonic()
            self.rows.extend((now, run_id, json.loads(data)) for run_id, data in previews)

        monkeypatch.setattr(live_channel, "write_live", spy)

    def of(self, run_id: str) -> list[tuple[float, dict[str, Any]]]:
        return [(at, data) for at, r, data in self.rows if r == run_id]


def held_stub(release: threading.Event) -> StubOpenAI:
    def hold(piece: dict[str, Any]) -> None:
        if piece["request"] == 0 and piece["kind"] == "text" and piece["piece"] == HELD_AT:
            assert release.wait(DEADLINE_S), "the test never released the draft"

    return StubOpenAI(draft_brain, hold=hold)


def test_tokens_reach_the_live_row_before_the_draft_throttled_and_are_never_stored(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes = Writes(monkeypatch)
    release = threading.Event()
    with held_stub(release) as stub:
        handle = RunManager(engine, store).start(stub_config(), keys=stub_keys(stub))
        try:
            # Held after 100 words: the store's live row has them, and the run has stored no draft.
            row = wait_for(
                lambda: (r := lp.read_live(store, handle.run_id)) is not None and "tok099" in r["text"] and r,
                "the first 100 words in the live row",
            )
            assert "tok100" not in row["text"] and DRAFT.startswith(row["text"].rstrip())
            assert row["phase"] == "writing" and row["iteration"] == 0 and row["turn"] == 0
            assert "draft" not in [e.type for e in store.run_events(handle.run_id)]
            assert KEY not in json.dumps(row)
        finally:
            release.set()
        assert handle.wait(DEADLINE_S)
        sent = [p for p in stub.sent if p["request"] == 0 and p["kind"] == "text"]
    events = store.run_events(handle.run_id)
    # The record of the run is its events as before: one draft with the whole text, no token of it apart.
    assert [e.type for e in events] == ["run_started", "draft", "grading_started", "evaluation", "finished"]
    assert next(e for e in events if e.type == "draft").data["text"] == DRAFT
    assert lp.read_live(store, handle.run_id) is None  # the part ended: no preview left behind
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT COUNT(*) FROM run_live").scalar() == 0
    assert len(sent) == WORDS and writes.of(handle.run_id)  # streamed word by word; the row written meanwhile


def test_whatever_the_provider_sends_a_run_writes_at_most_once_per_interval(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an interval of an hour, a run's 240 tokens, tool calls and events make at most one write: on the
    process's next tick (the top of an hour), and none of the tokens is stored anywhere else."""
    monkeypatch.setattr(live_channel, "LIVE_INTERVAL_S", 3600.0)
    writes = Writes(monkeypatch)
    with StubOpenAI(draft_brain) as stub:
        handle = RunManager(engine, store).start(stub_config(), keys=stub_keys(stub))
        assert handle.wait(DEADLINE_S)
        assert len([p for p in stub.sent if p["request"] == 0 and p["kind"] == "text"]) == WORDS
    assert len(writes.of(handle.run_id)) <= 1
    assert handle.last is not None and handle.last.data["status"] == "satisfied"
    assert [e.type for e in store.run_events(handle.run_id)].count("draft") == 1


def test_a_run_is_written_on_the_processs_ticks_at_most_once_per_interval() -> None:
    """However often its activity changes, a run's next write is on a tick (a multiple of the interval, shared by
    every run of the process, so their writes go in one transaction) at least one interval after its last."""
    publisher = live_channel.LivePublisher(store=None, run_id="r", interval=0.1)  # type: ignore[arg-type]
    assert publisher.next_due(12.34) == pytest.approx(12.4)  # the first write: on the next tick
    publisher.last_write = 12.4
    for now in (12.41, 12.45, 12.49):
        assert publisher.next_due(now) == pytest.approx(12.5)
    publisher.last_write = 12.53  # a write taken late (a busy machine)
    assert publisher.next_due(12.54) == pytest.approx(12.7)
    assert publisher.next_due(20.0) == pytest.approx(20.0)  # long after: the tick it is on


# ---- the activity: tool calls, todos, subagents, the grader (fed as the graph streams them) -------------------


class Sink:
    def __init__(self) -> None:
        self.changes = 0

    def changed(self, activity: LiveActivity) -> None:
        self.changes += 1


def _chunk(id_: str, text: str = "", calls: list[dict[str, Any]] | None = None) -> tuple[AIMessageChunk, dict]:
    return AIMessageChunk(content=text, id=id_, tool_call_chunks=calls or []), {}


def _event(type_: str, **data: Any) -> RunEvent:
    return RunEvent(run_id="r", seq=0, type=type_, at=0.0, data={"turn": 0, **data})  # type: ignore[arg-type]


GRADER_NS = ("RubricMiddleware.after_agent:0f3c",)


def test_the_activity_follows_tool_calls_todos_subagents_and_the_grader() -> None:
    sink = Sink()
    live = LiveActivity(sink)
    live.on_event(_event("run_started"))
    todos = json.dumps({"todos": [{"content": "Read the brief", "status": "in_progress"}, {"content": "Write it"}]})
    # The agent plans: write_todos streamed in pieces (the list shows while its arguments arrive).
    live.on_stream((), "messages", _chunk("m1", calls=[{"name": "write_todos", "id": "c1", "index": 0, "args": ""}]))
    cut = todos.index("}") + 1
    live.on_stream((), "messages", _chunk("m1", calls=[{"index": 0, "args": todos[: cut - 5]}]))
    assert live.snapshot()["todos"] == [{"content": "Read the brief", "status": "pending"}]  # its status half-read
    live.on_stream((), "messages", _chunk("m1", calls=[{"index": 0, "args": todos[cut - 5 : cut]}]))
    assert live.snapshot()["todos"] == [{"content": "Read the brief", "status": "in_progress"}]
    live.on_stream((), "messages", _chunk("m1", calls=[{"index": 0, "args": todos[cut:]}]))
    live.on_stream((), "messages", (ToolMessage("ok", tool_call_id="c1"), {}))
    live.on_stream((), "updates", {"tools": {"todos": [{"content": "Write it", "status": "completed"}]}})
    snap = live.snapshot()
    assert snap["todos"] == [{"content": "Write it", "status": "completed"}]
    assert [(c["name"], c["kind"], c["state"]) for c in snap["calls"]] == [("write_todos", "todos", "done")]
    # A subagent: the task call, then the subgraph's own tool call and its result, then the task's result.
    task_args = json.dumps({"description": "Find three facts", "subagent_type": "general-purpose"})
    live.on_stream((), "messages", _chunk("m2", calls=[{"name": "task", "id": "c2", "index": 0, "args": task_args}]))
    sub = ("tools:77aa",)
    live.on_stream(sub, "messages", _chunk("s1", calls=[{"name": "read_file", "id": "s-c1", "index": 0}]))
    live.on_stream(sub, "messages", (ToolMessage("text", tool_call_id="s-c1"), {}))
    call = live.snapshot()["calls"][-1]
    assert (call["kind"], call["state"], call["args"]) == ("subagent", "running", "general-purpose: Find three facts")
    assert call["steps"] == [{"name": "read_file", "state": "done"}]
    live.on_stream((), "messages", (ToolMessage("facts", tool_call_id="c2"), {}))
    assert live.snapshot()["calls"][-1]["state"] == "done"
    # The draft streams; its event clears the text at once and the grader's pass begins.
    for word in ("Three ", "facts ", "follow."):
        live.on_stream((), "messages", _chunk("m3", word))
    assert live.snapshot()["text"] == "Three facts follow."
    before = sink.changes
    live.on_event(_event("draft", iteration=0))
    snap = live.snapshot()
    assert sink.changes == before + 1 and snap["text"] == "" and snap["phase"] == "grading"
    assert snap["grader"]["pass"] == 0 and snap["calls"] == []
    # The grader's own tool call (its namespace), not its structured answer.
    live.on_stream(GRADER_NS, "messages", _chunk("g1", calls=[{"name": "word_count", "id": "g-c1", "index": 0}]))
    live.on_stream(GRADER_NS, "messages", (ToolMessage("42", tool_call_id="g-c1"), {}))
    live.on_stream(GRADER_NS, "messages", (AIMessage("", id="g2", tool_calls=[_answer()]), {}))
    grader = live.snapshot()["grader"]
    assert [(c["name"], c["state"]) for c in grader["calls"]] == [("word_count", "done")]
    assert grader["answering"] is True
    live.on_event(_event("evaluation", iteration=0))
    snap = live.snapshot()
    assert (snap["phase"], snap["iteration"], snap["grader"]) == ("writing", 1, None)
    live.on_event(_event("finished"))
    version = live.version
    live.on_stream((), "messages", _chunk("m4", "late"))
    assert live.version == version  # an ended part changes nothing more


def _answer() -> dict[str, Any]:
    return {"name": "GraderResponse", "args": {"result": "satisfied"}, "id": "ans"}


def test_a_todo_list_a_failed_call_wrote_is_not_kept() -> None:
    """An agent without write_todos (the default deep agent) calls it anyway: its list is shown while the call
    runs, and dropped when the call fails."""
    live = LiveActivity(Sink())
    args = json.dumps({"todos": [{"content": "Plan", "status": "pending"}]})
    live.on_stream((), "messages", _chunk("m1", calls=[{"name": "write_todos", "id": "t1", "index": 0, "args": args}]))
    assert live.snapshot()["todos"] == [{"content": "Plan", "status": "pending"}]
    live.on_stream((), "messages", (ToolMessage("Error: not a valid tool", tool_call_id="t1", status="error"), {}))
    snap = live.snapshot()
    assert snap["todos"] == [] and snap["calls"][0]["state"] == "error"


def test_a_long_answer_is_kept_as_its_tail() -> None:
    live = LiveActivity(Sink())
    for n in range(3 * MAX_TEXT // 10):
        live.on_stream((), "messages", _chunk("m", f"{n:09d} "))
    snap = live.snapshot()
    assert len(snap["text"]) == MAX_TEXT and snap["text_chars"] > MAX_TEXT
    assert snap["text"].endswith(f"{3 * MAX_TEXT // 10 - 1:09d} ")


def test_a_human_message_or_an_unknown_tool_result_changes_nothing() -> None:
    live = LiveActivity(Sink())
    live.on_stream((), "messages", (HumanMessage("feedback"), {}))
    live.on_stream((), "messages", (ToolMessage("x", tool_call_id="nobody"), {}))
    assert live.version == 0


# ---- the page's side: what is shown of a row --------------------------------------------------------------------


def _view(*events: tuple[str, dict[str, Any]]) -> RunView:
    return RunView.from_events(
        "r",
        [RunEvent("r", n, t, 0.0, {"turn": 0, **d}) for n, (t, d) in enumerate(events)],  # type: ignore[arg-type]
    )


def test_the_page_never_shows_a_draft_twice_nor_an_ended_runs_preview() -> None:
    row = {"seq": 3, "version": 9, "turn": 0, "iteration": 0, "phase": "writing", "text": "Half a dra", "calls": []}
    started = _view(("run_started", {"config": {"max_iterations": 3}}))
    shown = live_payload(started, row)
    assert shown is not None and shown["writing"] and shown["text"] == "Half a dra"
    assert shown["label"] == "The agent is writing draft 1…"
    drafted = _view(("run_started", {}), ("draft", {"iteration": 0, "text": "Half a draft."}))
    behind = live_payload(drafted, row)  # stored a moment ago, before the row's next write: the grader is on it
    assert behind is not None and behind["text"] == "" and behind["phase"] == "grading"
    assert behind["label"] == "The grader is on pass 1 (draft 1)"
    graded = _view(
        ("run_started", {}),
        ("draft", {"iteration": 0, "text": "Half a draft."}),
        ("grading_started", {"iteration": 0, "grading_run_id": "g"}),
        ("evaluation", {"iteration": 0, "grading_run_id": "g", "result": "needs_revision", "criteria": []}),
    )
    grading_row = {**row, "phase": "grading", "text": "", "grader": {"pass": 0, "answering": True, "calls": []}}
    after = live_payload(graded, grading_row)  # graded a moment ago: the agent is on the next draft
    assert after is not None and after["phase"] == "writing" and after["label"] == "The agent is working on draft 2…"
    ended = _view(("run_started", {}), ("finished", {"status": "satisfied"}))
    assert live_payload(ended, row) is None
    grading = {**row, "phase": "grading", "text": "", "grader": {"pass": 1, "answering": True, "calls": []}}
    assert live_payload(started, grading)["label"] == "The grader is on pass 2 (draft 2) · writing its verdict"


# ---- the store's row, on SQLite and PostgreSQL -------------------------------------------------------------------


def test_the_live_row_is_upserted_read_and_cleared(db_url: str, store: Store, engine: Engine) -> None:
    from tests.core.helpers import example_config

    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    lp.write_live(store, [(run_id, json.dumps({"text": "a"})), ("no-such-run", json.dumps({"text": "x"}))])
    lp.write_live(store, [(run_id, json.dumps({"text": "ab"}))])
    row = lp.read_live(store, run_id)
    assert row is not None and row["text"] == "ab" and row["seq"] == 2
    assert lp.read_live(store, "no-such-run") is None  # a run not in the store has no row
    lp.clear_live(store, run_id)
    assert lp.read_live(store, run_id) is None
    lp.write_live(store, [(run_id, json.dumps({"text": "c"}))])
    assert store.delete_run(run_id)
    assert lp.read_live(store, run_id) is None  # deleted with its run
