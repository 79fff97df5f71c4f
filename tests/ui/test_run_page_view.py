"""The Run page as a stakeholder sees it (issue 22): one moment of the run per page draw, the task in sight,
the turns of a continued run said plainly, the editor folded on Start, the offline writer named beside drafts."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.models.notice import OFFLINE_DRAFT_NOTICE
from rubric_core.store import Store
from rubric_core.views.run_view import RunView
from rubric_ui.screens.run import follow_open_key
from rubric_ui.session.state import edit_toggle_key
from tests.core.helpers import example_config
from tests.ui.helpers import is_start, run_payload, start_button
from tests.ui.test_pages import app, browser_held, wait_finished


def _graded_chips(payload: dict) -> int:
    chips = [it["chip"]["status"] for turn in payload["turns"] for it in turn["iterations"]]
    return sum(1 for s in chips if s not in ("drafting", "grading", "cancelled"))


def _heatmap_columns(payload: dict) -> int:
    assert len(payload["heatmaps"]) == 1, "one heatmap on the page"
    return len(payload["heatmaps"][0]["iterations"])


def test_one_page_draw_shows_one_moment_of_a_running_run(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 1: the run moves on while the page draws; chips, verdicts and heatmap still agree with each other.

    Each load of the run's view here returns the run one graded pass further on (as a live run moves while a
    slow first page draw is under way). Drawn from separate loads, the chips, the newest verdicts and the
    heatmap showed three different moments of the run.
    """
    done = engine.execute(example_config("lipogram"), subscribers=[store.record])
    events = store.run_events(done.run_id)
    cuts = [n + 1 for n, e in enumerate(events) if e.type == "evaluation"]
    assert len(cuts) >= 3
    calls = {"n": 0}

    def advancing_view(run_id: str) -> RunView | None:
        k = min(calls["n"], len(cuts) - 2)  # never the last pass: the run stays live
        calls["n"] += 1
        return RunView.from_events(run_id, events[: cuts[k]])

    import rubric_ui.screens.run as page_run

    monkeypatch.setattr(page_run, "load_view", advancing_view)
    at = app(run=done.run_id)
    assert not at.exception
    payload = run_payload(at)  # the verdict marker, the chips and the heatmap: one element, one payload
    assert payload["newest"] is not None
    newest = payload["newest"]["iteration"] + 1
    assert _graded_chips(payload) == newest, "the chips say as many graded passes as the newest verdict shown"
    assert _heatmap_columns(payload) == newest, "the heatmap has as many iterations as the newest verdict shown"


def test_a_stored_run_shows_its_task_without_the_editor(store: Store, engine: Engine) -> None:
    """Item 19: the task is in sight on a run page; the rubric one click away; the toggle stays off."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    assert not at.exception
    assert not at.toggle(key=edit_toggle_key(run_id)).value
    payload = run_payload(at)
    assert payload["task"] == "Write a haiku about spring."
    assert payload["rubric_label"] == "Rubric: 3 criteria" and payload["rubric"].startswith("- Exactly three lines")


def test_drafts_of_the_offline_writer_say_so(store: Store, engine: Engine) -> None:
    """Item 22: beside an offline writer's draft the page says plainly that no model wrote it."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    assert run_payload(at)["offline_notice"] == OFFLINE_DRAFT_NOTICE


def test_present_says_the_offline_writer_wrote_the_drafts(store: Store, engine: Engine) -> None:
    """Item 22 in the Present view too: a stakeholder watching the replay is told no model wrote the drafts."""
    offline = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=offline, view="present")
    assert not at.exception
    payload = run_payload(at)
    assert payload["mode"] == "present" and payload["offline_notice"] == OFFLINE_DRAFT_NOTICE


def test_start_folds_the_editor(store: Store, engine: Engine) -> None:
    """Item 2: Start from an open editor folds it, so the live view comes right under the run's header."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    at.toggle(key=edit_toggle_key(run_id)).set_value(True).run()
    assert start_button(at)
    start_button(at).click().run()
    new_id = at.query_params["run"]
    new_id = new_id if isinstance(new_id, str) else new_id[0]
    assert new_id and new_id != run_id
    assert not at.toggle(key=edit_toggle_key(new_id)).value
    assert not [b for b in at.button if is_start(b.key)], "the editor is folded"
    wait_finished(at, new_id)


def test_start_folds_the_editor_when_the_browser_still_sends_the_toggle_on(store: Store, engine: Engine) -> None:
    """Item 2, on a busy page: the browser sends a rerun (the live view's polling) with the values it held
    before Start's answer reached it, the edit toggle on among them. The editor stays folded (it did not, 2
    Starts in 8, in a new user's pass)."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    at.toggle(key=edit_toggle_key(run_id)).set_value(True).run()
    held = browser_held(at)  # what the browser holds: the editor open
    start_button(at).click().run()
    new_id = at.query_params["run"]
    new_id = new_id if isinstance(new_id, str) else new_id[0]
    assert new_id != run_id
    at._run(widget_state=held)  # the stale rerun
    assert not at.exception
    assert not [b for b in at.button if is_start(b.key)], "the editor is folded"
    assert not at.toggle(key=edit_toggle_key(new_id)).value
    wait_finished(at, new_id)


def test_a_value_typed_while_a_run_was_cut_short_is_kept(home: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run cut short before it drew the editor (preempted by the rerun a newer field's value asks for) must not
    count as "the editor was folded": the next run wrote the kept copy, as the cut run had read it, over the
    value just typed (CI under load: the rubric came back empty after the task's rerun was preempted)."""
    import streamlit as st

    import rubric_ui.screens.run as page_run

    at = app()
    at.text_area(key="run_task").set_value("Describe the sea.").run()
    at.text_area(key="run_rubric").set_value("- Old").run()
    held = browser_held(at)  # what the browser holds
    original = page_run.render

    def cut_short() -> None:  # the run stops before the page draws anything, once
        monkeypatch.setattr(page_run, "render", original)
        st.stop()

    monkeypatch.setattr(page_run, "render", cut_short)
    at.run()
    assert not [t for t in at.text_area if t.key == "run_rubric"], "the cut run drew no editor"
    rubric = next(w for w in held.widgets if w.id.endswith("-run_rubric"))
    rubric.string_value = "- New"  # typed meanwhile: the newer rerun carries it
    at._run(widget_state=held)
    assert not at.exception
    assert at.text_area(key="run_rubric").value == "- New"
    assert at.text_area(key="run_task").value == "Describe the sea."


def test_the_editor_reopened_over_a_run_just_started_holds_what_was_started(store: Store, engine: Engine) -> None:
    """Start folds the editor; reopened over the new run it offers what was started (task, cap, custom model),
    not the settings of the run the page showed before (Streamlit dropped the folded fields' values, and their
    keys read the earlier run's preset)."""
    from rubric_ui.screens.run_editor import CUSTOM

    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    at.toggle(key=edit_toggle_key(run_id)).set_value(True).run()
    at.text_area(key="run_task").set_value("Write a limerick about tea.").run()
    at.number_input(key="run_max_iterations").set_value(5).run()
    at.selectbox(key="run_model").set_value(CUSTOM).run()
    at.text_input(key="run_model_custom").set_value("offline:writer?latency=0.01").run()
    start_button(at).click().run()
    new_id = at.query_params["run"]
    new_id = new_id if isinstance(new_id, str) else new_id[0]
    at.run()
    at.toggle(key=edit_toggle_key(new_id)).set_value(True).run()
    assert not at.exception
    assert at.text_area(key="run_task").value == "Write a limerick about tea."
    assert at.number_input(key="run_max_iterations").value == 5
    assert at.text_input(key="run_model_custom").value == "offline:writer?latency=0.01"
    wait_finished(at, new_id)


def _follow_up(at: AppTest, run_id: str, message: str) -> None:
    assert not [t for t in at.text_area if t.key == "run_follow_message"], "drawn only while the panel is open"
    at.session_state[follow_open_key(run_id)] = True  # its fields are drawn only while the panel is open
    at.run()
    at.text_area(key="run_follow_message").set_value(message)
    at.button(key="run_follow_go").click().run()
    wait_finished(at, run_id)


def test_a_continued_run_says_its_turns_plainly(store: Store, engine: Engine) -> None:
    """Item 4: after a follow-up the banner counts every turn's iterations (as its tokens and time do), and each
    turn keeps its row of chips."""
    from rubric_ui.session.resources import get_manager

    at = app()
    at.button(key="run_load_example").click().run()
    start_button(at).click().run()
    run_id = at.query_params["run"]
    wait_finished(at, run_id)
    _follow_up(at, run_id, "Now write one about autumn.")
    assert not at.exception
    view = RunView.from_events(run_id, get_manager().store.run_events(run_id))
    total = len(view.all_iterations())
    assert len(view.turns) == 2 and total > len(view.turns[-1].iterations)
    # The stored start of turn 2 says its turn, so its message is shown as turn 2's (it was stored as turn 0's:
    # "Turn 2 message (empty)", and the task again in the transcript).
    started = [e.data["turn"] for e in get_manager().store.run_events(run_id) if e.type == "run_started"]
    assert started == [0, 1], started
    assert view.turns[1].message == "Now write one about autumn."
    assert [t.text for t in view.transcript if t.role == "user"] == [
        "Write a haiku about spring.",
        "Now write one about autumn.",
    ]
    payload = run_payload(at)
    assert payload["messages"] == [{"label": "Turn 2 message", "text": "Now write one about autumn."}]
    assert payload["banner"]["facts"].startswith(f"2 turns · {total} iterations ·"), payload["banner"]
    assert [(t["turn"], t["label"]) for t in payload["turns"]] == [(0, "Turn 1"), (1, "Turn 2")]


@pytest.mark.parametrize(
    ("cut_after", "said"),
    [("grading_started", "The grader is checking draft 1…"), ("run_started", "The agent is writing draft 1…")],
)
def test_the_header_says_the_phase_in_words_with_the_runs_cap(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch, cut_after: str, said: str
) -> None:
    """The phase of a live run, in words, once, in the header: "Iteration 1 of 3 · The grader is checking draft 1…".

    (The browser test watches a run go by; the offline grader's phase lasts milliseconds, too short to be seen
    there under load: this draws the page at that moment.)
    """
    done = engine.execute(example_config("haiku"), subscribers=[store.record])
    events = store.run_events(done.run_id)
    cut = next(n for n, e in enumerate(events) if e.type == cut_after) + 1
    import rubric_ui.screens.run as page_run

    monkeypatch.setattr(page_run, "load_view", lambda run_id: RunView.from_events(run_id, events[:cut]))
    at = app(run=done.run_id)
    assert not at.exception
    header = run_payload(at)["header"]
    assert f"{header['count']} · {header['text']}" == f"Iteration 1 of 3 · {said}", header


def test_a_chip_and_a_cell_clicked_in_the_run_view_come_back_in_its_payload(store: Store, engine: Engine) -> None:
    """The element sends a clicked chip and a clicked heatmap cell back as its state; the page puts them in the next
    payload (`chosen`), so a redraw (a poll, the end of the run, a rerun) shows the same choice, and another run's
    page starts with none."""
    import json

    from tests.ui.test_pages import _rerun_with

    ids = [engine.execute(example_config(n), subscribers=[store.record]).run_id for n in ("lipogram", "haiku")]
    at = app(run=ids[0])
    assert run_payload(at)["chosen"] == {"iteration": None, "cell": None}
    (element,) = at.get("bidi_component")
    _rerun_with(at, element.proto.id, json_value=json.dumps({"iteration": "0:1", "cell": "0:2:1"}))
    assert not at.exception
    payload = run_payload(at)
    assert payload["chosen"] == {"iteration": "0:1", "cell": "0:2:1"}
    at.run()  # any later draw of the page keeps it
    assert run_payload(at)["chosen"] == {"iteration": "0:1", "cell": "0:2:1"}
    at.query_params["run"] = ids[1]
    at.session_state["run_attached"] = ids[1]
    at.run()
    other = run_payload(at)
    assert other["run_id"] == ids[1] and other["chosen"] == {"iteration": None, "cell": None}


def test_a_project_path_is_shown_as_typed_without_markdown_escapes() -> None:
    """Issue 33 item 17: a project path was drawn in a code span through md(), so `deep_research` read
    `deep\\_research`. The run view element sets it as text: it reads as typed."""
    from rubric_core.events import RunEvent
    from rubric_core.views.run_payload import run_payload as payload_of

    agent = {"name": "researcher", "factory": "deep_research.agent:make", "project": "/srv/deep_research"}
    data = {"mode": "start", "config": {"task": "t", "rubric": "- a"}, "agent": agent}
    said = payload_of(RunView.from_events("r1", [RunEvent("r1", 0, "run_started", 0.0, data)]))["agent"]
    assert said.startswith("Work done by agent researcher") and said.endswith("project /srv/deep_research"), said
