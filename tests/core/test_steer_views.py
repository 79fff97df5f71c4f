"""What the views make of steering: a paused run reads Paused (neither live nor ended), a fork's run view says
where it branched, Present replays a fork as its own story, and compare starts at the fork point."""

from __future__ import annotations

from typing import Any

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import build_decision, build_fork
from rubric_core.store import Store
from rubric_core.views.fork_view import from_point
from rubric_core.views.run_payload import is_live, payload_text, run_payload
from rubric_core.views.run_view import RunView
from tests.core.helpers import example_config

WAIT_S = 120


def _view(store: Store, run_id: str) -> RunView:
    return RunView.from_events(run_id, store.run_events(run_id), stored_status=store.get_run(run_id)["status"])


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S)
    return handle


def test_a_paused_run_reads_paused_with_its_pause_and_decisions(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    run_id = _ended(manager.start(example_config("haiku"), step="verdicts")).run_id
    view = _view(store, run_id)
    assert (view.status, view.ended, is_live(view)) == ("paused", False, False)
    assert view.steer.step == "verdicts" and view.steer.pause["iteration"] == 0
    payload = run_payload(view)
    assert payload["banner"]["label"] == "Paused" and payload["banner"]["kind"] == "info"
    assert "waits for you at a step" in payload["banner"]["tail"] and payload["header"] is None
    _ended(manager.continue_paused(run_id, build_decision(store, run_id, feedback="Three lines.", reviewer="ann")))
    view = _view(store, run_id)
    assert view.steer.decisions_at(0, 0)[0]["feedback"] == "Three lines." and view.steer.pause["iteration"] == 1


def test_a_fork_says_where_it_branched_in_its_view_and_in_present(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    parent = _ended(manager.start(example_config("haiku"))).run_id
    spec, config = build_fork(store, engine, parent, iteration=1, rubric="- Exactly three lines", by="ann")
    fork = _ended(manager.fork(spec, config)).run_id
    view = _view(store, fork)
    assert view.steer.fork["parent_run"] == parent
    said = f"A fork of run {parent[:12]} from iteration 2 (before its grading): the rubric was edited by ann."
    assert said in " ".join(run_payload(view)["notes"])
    present = run_payload(view, mode="present")["present"]
    assert present["sentence"].startswith(said)
    notes = [(s["title"].split(" · ", 1)[1], s.get("note", "")) for s in present["steps"]]
    assert notes[0] == ("Iteration 1 · Draft", "The parent run's step (not run again in this fork).")
    branched = [title for title, note in notes if note.startswith("Here this fork branched")]
    assert branched == ["Iteration 2 · Draft"]
    # Steps after the fork point are the fork's own: no note says otherwise.
    point = [title for title, _note in notes].index("Iteration 2 · Draft")
    assert all("parent run" not in note for _title, note in notes[point + 1 :])
    assert any(line.startswith(said) for line in present["details"])
    assert said in " ".join(payload_text(present))


def test_compare_from_the_fork_point_leaves_out_what_the_two_share(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    parent = _ended(manager.start(example_config("haiku"))).run_id
    view = _view(store, parent)
    trimmed = from_point(view, 0, 1)
    assert [it.iteration for it in trimmed.all_iterations()] == [1, 2]
    assert [it.iteration for it in view.all_iterations()] == [0, 1, 2]  # the view itself is left whole


def test_a_forks_tokens_are_its_own_as_the_runs_list_says(store: Store, engine: Engine) -> None:
    """Issue 40 item 10: a fork's run page, preview and compare counted the parent's events before the fork point
    (6,653 tokens) where the Runs list said 6,518 (the fork's own, stored)."""
    manager = RunManager(engine, store)
    parent = _ended(manager.start(example_config("haiku"))).run_id
    for edits in ({"iteration": 1, "rubric": "- Exactly three lines"}, {"iteration": 0, "feedback": "Three lines."}):
        spec, config = build_fork(store, engine, parent, by="ann", **edits)  # type: ignore[arg-type]
        fork = _ended(manager.fork(spec, config)).run_id
        stored = int(store.get_run(fork)["total_tokens"])
        assert stored > 0 and _view(store, fork).tokens == stored, edits
    assert _view(store, parent).tokens == int(store.get_run(parent)["total_tokens"])
