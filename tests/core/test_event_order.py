"""Event order: a run's events reach every subscriber (the store) before readers of the handle can see them,
and notices that arrive late through the stream do not renumber later events.

The browser test of cancel read the stored status right after the page showed
"Cancelled" and sometimes found `running`: the page reads `handle.events`, and
an event used to be listed there before the store had written it.
"""

from __future__ import annotations

from rubric_core.engine import RunHandle


def test_an_event_is_delivered_before_it_is_listed_or_ends_the_run() -> None:
    probes: list[tuple[str, bool, bool]] = []

    def probe(event) -> None:
        probes.append((event.type, event in handle.events, handle.done))

    handle = RunHandle("r1", [probe])
    handle.emit("run_started", {"turn": 0})
    handle.emit("draft", {"turn": 0, "iteration": 0, "text": "x"})
    handle.emit("cancelled", {"turn": 0, "iterations": 0})
    assert probes == [("run_started", False, False), ("draft", False, False), ("cancelled", False, False)]
    assert [e.type for e in handle.events] == ["run_started", "draft", "cancelled"] and handle.done


def test_a_late_grading_start_notice_does_not_renumber_the_next_draft(tmp_path) -> None:
    """The grader's start notice comes through the stream, its evaluation straight from the grader's thread.

    Under load the stream lags: the notice of pass 0 can arrive after pass 0's evaluation. The next draft
    must still be iteration 1 (it was numbered 0 again and dropped as a duplicate: a CI run saw 2 drafts).
    """
    from langchain_core.messages import AIMessage

    from rubric_core.engine import Engine
    from rubric_core.engine.execution import RunExecution
    from tests.core.helpers import example_config

    handle = RunHandle("r" * 32)
    run = RunExecution(Engine(tmp_path), handle, example_config("haiku"), "start", None, None, None)
    run._on_update("model", {"messages": [AIMessage(content="first draft", id="m0")]})
    run._on_evaluation({"iteration": 0, "grading_run_id": "g", "result": "needs_revision", "criteria": []})
    run._on_custom({"type": "rubric_evaluation_start", "iteration": 0, "grading_run_id": "g"})  # late
    run._on_update("model", {"messages": [AIMessage(content="second draft", id="m1")]})
    drafts = [(e.data["iteration"], e.data["text"]) for e in handle.events if e.type == "draft"]
    assert drafts == [(0, "first draft"), (1, "second draft")]
    assert [e.data["iteration"] for e in handle.events if e.type == "grading_started"] == [0]
