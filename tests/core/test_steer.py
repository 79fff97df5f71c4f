"""Step mode (issue 39 item 2): a run pauses after each grading pass; a person goes on, overrides, edits or stops.

The grader and the writer are the offline models, counted where they answer: a pause never costs a second
grader call, in this process or in a new engine (a restarted server). The library seams the product relies
on (the on_evaluation dict, `_invoke_grader`, `_revision_prompt`) are pinned at the end.
"""

from __future__ import annotations

from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import Override, SteerError, build_decision
from rubric_core.models.offline import OfflineGrader, OfflineWriter
from rubric_core.store import RunFilter, Store
from rubric_core.store import judge as judge_store
from rubric_core.store.filters import FINAL_STATUSES
from tests.core.helpers import example_config

WAIT_S = 120


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Model calls as the offline models answer them (every grader and writer call of the process)."""
    counted = {"grader": 0, "writer": 0}
    for cls, role in ((OfflineGrader, "grader"), (OfflineWriter, "writer")):
        original = cls.respond

        def respond(self: Any, *args: Any, _original: Any = original, _role: str = role, **kwargs: Any) -> Any:
            counted[_role] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "respond", respond)
    return counted


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S), "the run part never ended"
    return handle


def _types(handle: Any) -> list[str]:
    return [e.type for e in handle.events if e.type not in ("tool_call", "tool_result")]


def _paused_run(manager: RunManager, step: str = "verdicts", example: str = "haiku") -> str:
    handle = _ended(manager.start(example_config(example), step=step))
    assert handle.events[-1].type == "paused", _types(handle)
    return handle.run_id


def test_a_step_run_pauses_after_its_first_pass_and_reads_paused_everywhere(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    handle = manager.get(run_id)
    assert _types(handle) == ["run_started", "draft", "grading_started", "evaluation", "paused"]
    paused = handle.events[-1].data
    assert paused["pause"] == "after_grading" and paused["iteration"] == 0 and paused["result"] == "needs_revision"
    assert paused["feedback"].startswith("A grader reviewed your work")  # what the agent would be told
    row = store.get_run(run_id)
    assert row["status"] == "paused" and row["step"] == "verdicts" and row["finished_at"] is None
    assert row["worker"] == ""  # it holds no worker: never read as interrupted, never marked an orphan
    assert [r["id"] for r in store.list_runs(RunFilter(statuses=["paused"]))] == [run_id]
    assert store.list_runs(RunFilter(statuses=list(FINAL_STATUSES))) == []  # never counted as finished
    assert store.list_runs(RunFilter(statuses=["running"])) == []


def test_a_paused_pass_is_graded_once_in_this_process_and_after_a_restart(
    store: Store, engine: Engine, home: Any, calls: dict[str, int]
) -> None:
    run_id = _paused_run(RunManager(engine, store))
    assert calls == {"grader": 1, "writer": 1}
    # A new engine and manager (a restarted server or another dashboard) goes on from the stored pause.
    other = RunManager(Engine(home), store)
    handle = _ended(other.continue_paused(run_id, build_decision(store, run_id)))
    assert handle.events[-1].type == "paused" and handle.events[-1].data["iteration"] == 1
    # Pass 1 was not graded again when its node ran again on resume: 2 passes, 2 grader calls.
    assert calls == {"grader": 2, "writer": 2}
    assert [e.type for e in store.run_events(run_id)].count("evaluation") == 2  # nothing stored twice


def test_an_override_goes_back_to_the_agent_and_is_stored_as_a_review(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    graded = {c["name"]: c for c in store.criteria([run_id])}
    assert graded["Is about spring"]["passed"]  # the grader passed it
    decision = build_decision(
        store, run_id, overrides=[Override("is about spring", "fail", "It is about autumn leaves.")], reviewer="ann"
    )
    handle = _ended(manager.continue_paused(run_id, decision))
    feedback = next(e.data["text"] for e in handle.events if e.type == "feedback")
    still = feedback.split("Criteria that still need work:")[1].split("Criteria already satisfied")[0]
    assert "Is about spring: A reviewer marked this criterion failed. It is about autumn leaves." in still
    # The grader's verdict stays as it was; the human one is a review of that cell, with the reviewer.
    assert {c["name"]: c for c in store.criteria([run_id]) if c["iteration"] == 0}["Is about spring"]["passed"]
    (review,) = judge_store.latest_reviews(store, [run_id])
    assert (review["criterion"], review["verdict"], review["reviewer"], review["iteration"]) == (
        "Is about spring",
        "fail",
        "ann",
        0,
    )
    steered = next(e.data for e in handle.events if e.type == "steered")
    assert steered["overrides"][0]["verdict"] == "fail" and steered["reviewer"] == "ann"


def test_overriding_every_failure_ends_the_loop_satisfied_with_no_more_writing(
    store: Store, engine: Engine, calls: dict[str, int]
) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    failing = [c["name"] for c in store.criteria([run_id]) if not c["passed"]]
    decision = build_decision(store, run_id, overrides=[Override(n, "pass") for n in failing], reviewer="ann")
    handle = _ended(manager.continue_paused(run_id, decision))
    assert handle.events[-1].type == "finished" and handle.events[-1].data["status"] == "satisfied"
    assert not [e for e in handle.events if e.type in ("feedback", "draft")]
    assert calls == {"grader": 1, "writer": 1}
    assert store.get_run(run_id)["status"] == "satisfied"


def test_a_human_na_is_a_failure_for_the_loop_and_left_out_of_agreement(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    decision = build_decision(store, run_id, overrides=[Override("Is about spring", "n/a")], reviewer="ann")
    handle = _ended(manager.continue_paused(run_id, decision))
    feedback = next(e.data["text"] for e in handle.events if e.type == "feedback")
    assert "Is about spring: A reviewer marked this criterion n/a" in feedback
    (review,) = judge_store.latest_reviews(store, [run_id])
    assert review["verdict"] == "n/a" and review["passed"] is False
    assert judge_store.reviewed_cells(store, [run_id]) == []  # neither agrees nor disagrees with the grader


def test_edited_feedback_is_what_the_agent_reads_next(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    text = "Keep the cherry blossoms; write exactly three lines about them."
    handle = _ended(manager.continue_paused(run_id, build_decision(store, run_id, feedback=text, reviewer="ann")))
    assert [e.data["text"] for e in handle.events if e.type == "feedback"] == [text]
    values = engine.snapshot(run_id, example_config("haiku")).values
    grader_messages = [m.content for m in values["messages"] if m.additional_kwargs.get("lc_source") == "rubric_grader"]
    assert grader_messages == [text]
    assert next(i for i in store.iterations([run_id]) if i["iteration"] == 0)["feedback_text"] == text


def test_a_new_rubric_at_a_pause_grades_the_same_draft_again_as_a_new_grading_run(
    store: Store, engine: Engine, calls: dict[str, int]
) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    rubric = "- Exactly four lines\n- Mentions blossoms"
    handle = _ended(manager.continue_paused(run_id, build_decision(store, run_id, rubric=rubric, reviewer="ann")))
    assert _types(handle) == ["run_started", "steered", "draft", "grading_started", "evaluation", "paused"]
    rows = {i["iteration"]: i for i in store.iterations([run_id])}
    assert rows[1]["draft_text"] == rows[0]["draft_text"]  # the same draft, graded again
    assert rows[1]["grading_run_id"] != rows[0]["grading_run_id"] and rows[0]["result"] == "needs_revision"
    assert {c["name"] for c in store.criteria([run_id]) if c["iteration"] == 1} == {
        "Exactly four lines",
        "Mentions blossoms",
    }
    assert store.get_run(run_id)["rubric"] == rubric
    assert calls == {"grader": 2, "writer": 1}  # a new rubric is a new pass: no writer call


def test_drafts_mode_pauses_before_grading_and_grades_the_edited_draft(
    store: Store, engine: Engine, calls: dict[str, int]
) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager, step="drafts")
    paused = store.run_events(run_id)[-1].data
    assert paused["pause"] == "before_grading" and paused["draft"] and calls == {"grader": 0, "writer": 1}
    edited = "Blossoms drift\nSoft rain on the garden pond\nSpring wakes the robins"  # 3-7-5: one line short
    handle = _ended(manager.continue_paused(run_id, build_decision(store, run_id, draft=edited, reviewer="ann")))
    assert handle.events[-1].data["pause"] == "after_grading" and calls == {"grader": 1, "writer": 1}
    row = next(i for i in store.iterations([run_id]) if i["iteration"] == 0)
    assert row["draft_text"] == edited
    original = next(e.data["text"] for e in store.run_events(run_id) if e.type == "draft")
    assert original != edited  # what the model wrote stays in its event
    # Going on: the agent revises, then the run pauses before grading the new draft.
    handle = _ended(manager.continue_paused(run_id, build_decision(store, run_id)))
    assert (handle.events[-1].type, handle.events[-1].data["pause"], handle.events[-1].data["iteration"]) == (
        "paused",
        "before_grading",
        1,
    )
    assert calls == {"grader": 1, "writer": 2}


def test_stop_ends_the_run_cancelled_and_resume_pauses_there_again_without_a_model_call(
    store: Store, engine: Engine, calls: dict[str, int]
) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    assert manager.continue_paused(run_id, build_decision(store, run_id, stop=True, reviewer="ann")) is None
    assert store.get_run(run_id)["status"] == "cancelled"
    assert [e.type for e in store.run_events(run_id)][-2:] == ["steered", "cancelled"]
    handle = _ended(manager.resume(run_id))
    assert handle.events[-1].type == "paused" and handle.events[-1].data["iteration"] == 0
    assert calls == {"grader": 1, "writer": 1}


def test_a_paused_run_refuses_resume_and_follow_up_and_says_continue(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    for attempt in (lambda: manager.resume(run_id), lambda: manager.follow_up(run_id, "more")):
        with pytest.raises(ValueError, match="paused at a step"):
            attempt()


def _state(store: Store, run_id: str) -> tuple[int, int, str]:
    return (
        len(store.run_events(run_id)),
        len(judge_store.review_history(store, run_id)),
        store.get_run(run_id)["status"],
    )


@pytest.mark.parametrize(
    ("ask", "said"),
    [
        ({"overrides": [Override("Nope", "fail")]}, "Criterion 'Nope' was not graded at iteration 1. Its criteria:"),
        ({"overrides": [Override("Is about spring", "maybe")]}, "must be pass, fail or n/a"),
        ({"overrides": [Override("Is about spring", "fail"), Override("is about spring", "pass")]}, "twice"),
        ({"draft": "Another draft"}, "is graded already: its draft cannot change now"),
        ({"rubric": "- New", "overrides": [Override("Is about spring", "fail")]}, "not both"),
        ({"rubric": "   "}, "The new rubric: Rubric is empty"),
        ({"stop": True, "feedback": "x"}, "--stop ends the run where it stands"),
        ({"feedback": " \u200b "}, "The feedback is empty"),
        ({"overrides": [Override("Is about spring", "fail")], "reviewer": " "}, "Say who decides"),
    ],
)
def test_a_bad_decision_is_refused_whole_before_anything_is_written(
    store: Store, engine: Engine, ask: dict[str, Any], said: str
) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    before = _state(store, run_id)
    with pytest.raises(SteerError, match=said.replace("(", r"\(").replace(")", r"\)")):
        build_decision(store, run_id, **{"reviewer": "ann", **ask})
    assert _state(store, run_id) == before


def test_feedback_for_a_pass_that_ends_the_loop_is_refused(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    failing = [Override(c["name"], "pass") for c in store.criteria([run_id]) if not c["passed"]]
    with pytest.raises(SteerError, match=r"ends the loop \(satisfied once the overrides apply\)"):
        build_decision(store, run_id, overrides=failing, feedback="Revise anyway.", reviewer="ann")


def test_a_run_that_is_not_paused_says_so(store: Store, engine: Engine) -> None:
    handle = _ended(RunManager(engine, store).start(example_config("haiku")))
    with pytest.raises(SteerError, match=f"Run {handle.run_id} is not paused.*fork it"):
        build_decision(store, handle.run_id)
    with pytest.raises(SteerError, match="No run 'nope'"):
        build_decision(store, "nope")


def test_step_modes_are_checked(store: Store, engine: Engine) -> None:
    with pytest.raises(ValueError, match="Step mode must be one of"):
        RunManager(engine, store).start(example_config("haiku"), step="sometimes")
    assert store.list_runs() == []


# ---- the library seams the product relies on (deepagents' RubricMiddleware source) -------------------------


def _seam_graph(on_evaluation: Any, calls: Any = None, saver: Any = None) -> Any:
    from deepagents import create_deep_agent
    from langgraph.checkpoint.memory import InMemorySaver

    from rubric_core.engine.steering import steered_middleware_class

    rubric = steered_middleware_class()(model=OfflineGrader(), max_iterations=3, on_evaluation=on_evaluation)
    rubric.grader_calls = calls
    return create_deep_agent(model=OfflineWriter(), middleware=[rubric], checkpointer=saver or InMemorySaver())


def _seam_input() -> dict[str, Any]:
    from langchain_core.messages import HumanMessage

    config = example_config("haiku")
    return {"messages": [HumanMessage(config.task)], "rubric": config.rubric}


def test_the_on_evaluation_dict_decides_the_loop_and_what_the_agent_reads() -> None:
    """Pinned seam: the dict `on_evaluation` gets is the one `_compose_update` turns into the feedback and the
    loop's next step. Setting one result to satisfied ends the loop there; a criterion's gap is what the agent
    reads; the feedback key replaces the whole message (`_revision_prompt`)."""
    from rubric_core.engine.steering import FEEDBACK_KEY

    def satisfied(ev: dict[str, Any]) -> None:
        ev["result"] = "satisfied"

    cfg = {"configurable": {"thread_id": "seam-1"}}
    graph = _seam_graph(satisfied)
    graph.invoke(_seam_input(), cfg)
    values = graph.get_state(cfg).values
    assert values["_rubric_status"] == "satisfied" and values["_rubric_iterations"] == 1

    def rewritten(ev: dict[str, Any]) -> None:
        if ev["iteration"] == 0:
            ev["criteria"][0].update(passed=False, gap="PINNED GAP")
        else:
            ev[FEEDBACK_KEY] = "PINNED FEEDBACK"

    cfg = {"configurable": {"thread_id": "seam-2"}}
    graph = _seam_graph(rewritten)
    graph.invoke(_seam_input(), cfg)
    told = [m.content for m in graph.get_state(cfg).values["messages"] if m.additional_kwargs.get("lc_source")]
    assert "PINNED GAP" in told[0] and told[1] == "PINNED FEEDBACK"


def test_the_grading_node_runs_again_on_resume_and_only_a_given_back_answer_saves_the_grader_call(
    calls: dict[str, int], tmp_path: Any
) -> None:
    """Pinned seams: an `interrupt()` in `on_evaluation` runs the grading node again from its start on resume,
    and the product's checkpointer keeps no grader sub-graph (checkpoints.py), so the grader would answer again;
    `_invoke_grader` is the one place it is called (`_grade` and its coverage retry go through it), so an answer
    given back there is a pass with no second call."""
    from langgraph.types import Command, interrupt

    from rubric_core.engine.checkpoints import open_checkpointer
    from rubric_core.engine.steering import GraderCalls

    grader_calls = GraderCalls()

    def pause(ev: dict[str, Any]) -> None:
        thread = "given-back" if "given-back" in grader_calls._watched else "not-given"
        interrupt({"graded": grader_calls.take(thread, ev["grading_run_id"], ev["iteration"])})

    graph = _seam_graph(pause, grader_calls, open_checkpointer(tmp_path / "checkpoints.sqlite"))
    for thread, give_back in (("not-given", False), ("given-back", True)):
        grader_calls.watch(thread)
        cfg = {"configurable": {"thread_id": thread}}
        before = calls["grader"]
        graph.invoke(_seam_input(), cfg)
        snapshot = graph.get_state(cfg)
        (answer,) = snapshot.interrupts[0].value["graded"]
        assert calls["grader"] == before + 1 and answer["result"] == "needs_revision"
        if give_back:
            grader_calls.prime(thread, snapshot.values["_current_grading_run_id"], 0, [answer])
        graph.invoke(Command(resume="go on"), cfg)  # pass 1 runs again, then pass 2 is graded and pauses
        assert calls["grader"] == before + (2 if give_back else 3)
        grader_calls.forget(thread)


def test_a_follow_up_turn_of_a_step_run_pauses_too(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _paused_run(manager)
    failing = [Override(c["name"], "pass") for c in store.criteria([run_id]) if not c["passed"]]
    _ended(manager.continue_paused(run_id, build_decision(store, run_id, overrides=failing, reviewer="ann")))
    assert store.get_run(run_id)["status"] == "satisfied"
    handle = _ended(manager.follow_up(run_id, "Now about autumn.", rubric="- Mentions autumn"))
    assert handle.events[-1].type == "paused" and handle.events[-1].data["turn"] == 1
