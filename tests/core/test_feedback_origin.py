"""The feedback the agent reads after a person steered a pause (issue 40 items 4 and 5): composed again from the
overridden verdicts (the grader's explanation no longer holds), never the author's advice for an n/a criterion,
and labelled as a person's wherever it is shown (transcript, Present, the HTML report)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import Override, build_decision
from rubric_core.exports.report import render_report
from rubric_core.store import Store
from rubric_core.views.feedback_origin import feedback_caption
from rubric_core.views.run_payload import run_payload
from rubric_core.views.run_view import RunView
from tests.core.helpers import example_config

WAIT_S = 120
UNJUDGED = "Is witty"
"""A criterion the offline grader cannot judge (n/a)."""
ADVICE = "Rephrase it as one of the phrasings"


def _view(store: Store, run_id: str) -> RunView:
    return RunView.from_events(run_id, store.run_events(run_id), stored_status=store.get_run(run_id)["status"])


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S)
    return handle


def _config() -> Any:
    config = example_config("haiku")
    return replace(config, rubric=config.rubric + f"\n- {UNJUDGED}")


def _feedback(store: Store, run_id: str, iteration: int) -> str:
    return next(
        e.data["text"]
        for e in store.run_events(run_id)
        if e.type == "feedback" and int(e.data.get("iteration", -1)) == iteration
    )


def test_an_override_recomposes_the_feedback_and_the_agent_never_reads_the_authors_advice(
    store: Store, engine: Engine
) -> None:
    manager = RunManager(engine, store)
    run_id = _ended(manager.start(_config(), step="verdicts")).run_id
    pause = store.run_events(run_id)[-1].data
    assert ADVICE not in pause["feedback"]  # what the pause panel's box shows
    decision = build_decision(store, run_id, overrides=[Override(UNJUDGED, "fail", "not witty")], reviewer="ann")
    _ended(manager.continue_paused(run_id, decision))
    told = _feedback(store, run_id, 0)
    assert "ann overrode the grader on 1 criterion" in told.lower()
    assert "cannot be judged" not in told and ADVICE not in told
    assert f"- {UNJUDGED}: A reviewer marked this criterion failed. not witty" in told
    view = _view(store, run_id)
    said = feedback_caption(view, 0, 0, 1)
    assert said.startswith("Grader feedback after iteration 1 (composed by the middleware after ")
    assert said.endswith(" overrode 1 verdict)")


def test_a_plain_runs_feedback_leaves_the_authors_advice_out(store: Store, engine: Engine) -> None:
    run_id = engine.execute(_config(), subscribers=[store.record]).run_id
    told = _feedback(store, run_id, 0)
    assert f"- {UNJUDGED}: An offline grader cannot judge this criterion" in told and ADVICE not in told
    # The page still shows the author the advice, in the gap.
    gaps = [str(c.get("gap")) for it in _view(store, run_id).all_iterations() for c in it.criteria]
    assert any(ADVICE in gap for gap in gaps)


def test_feedback_a_person_wrote_is_labelled_theirs_in_the_transcript_present_and_the_report(
    store: Store, engine: Engine
) -> None:
    manager = RunManager(engine, store)
    run_id = _ended(manager.start(example_config("haiku"), step="verdicts")).run_id
    _ended(manager.continue_paused(run_id, build_decision(store, run_id, feedback="Three lines.", reviewer="ann")))
    view = _view(store, run_id)
    who = view.steer.decisions_at(0, 0)[0]["reviewer"]
    assert who
    mark = f"written by {who}, not the grader"
    assert feedback_caption(view, 0, 0, 1) == f"Feedback after iteration 1, {mark} (a person edited it)"
    titles = [s["title"] for s in run_payload(view, mode="present")["present"]["steps"]]
    assert any(t.endswith(f"Feedback to the agent ({mark})") for t in titles), titles
    assert f"<h4>Feedback to the agent ({mark})</h4>" in render_report(view)
    # The next pass's feedback (if any) is the grader's own, said as before.
    assert feedback_caption(view, 0, 1, 2) == "Grader feedback after iteration 2 (injected by the middleware)"
