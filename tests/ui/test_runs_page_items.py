"""Issue 40 item 2, the Runs page as a new user meets it: one's own save is never "another session", filters live
in the address and stay in sight, task labels tell runs apart, Delete asks first, and the preview's heatmap is the
run view's."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.helpers import run_payloads
from tests.ui.test_pages import _runs_table, app, open_filters, texts
from tests.ui.test_runs_list import RUNS, _row_of, _tick

ELSEWHERE = "after you opened them"


def _save(at: AppTest, run_id: str, tags: str, note: str) -> None:
    gen = at.session_state[f"runs_edit_gen_{run_id}"] if f"runs_edit_gen_{run_id}" in at.session_state else 0
    at.text_input(key=f"runs_tags_{run_id}_{gen}").set_value(tags)
    at.text_area(key=f"runs_note_{run_id}_{gen}").set_value(note)
    at.button(key=f"runs_save_{run_id}").click().run()
    assert not at.exception


def test_ones_own_saves_are_never_said_to_be_another_sessions(store: Store, engine: Engine) -> None:
    """After each save of one's own tags and note the page said "another session of this dashboard … changed these
    tags … after you opened them"; only someone else's save is."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(RUNS)
    _tick(at, 0)
    _save(at, run_id, "demo", "first note")
    assert "Saved." in texts(at) and ELSEWHERE not in texts(at)
    _save(at, run_id, "demo, board", "second note")
    assert "Saved." in texts(at) and ELSEWHERE not in texts(at) and "Nothing was overwritten" not in texts(at)
    assert store.get_run(run_id)["note"] == "second note"
    at.run()  # a later redraw says nothing either
    assert ELSEWHERE not in texts(at)

    # Another session saves: that one is said.
    stamp = store.edit_stamp(run_id)["stamp"]
    store.save_run_edits(run_id, tags=["theirs"], note="their note", based_on=stamp, by="local")
    at.run()
    assert ELSEWHERE in texts(at) and "another session of this dashboard" in texts(at)


def test_saved_tags_show_in_the_table_at_once(store: Store, engine: Engine) -> None:
    """Issue 40 item 11: after Save tags and note the page said "Saved." and the tags column stayed empty until
    a reload."""
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(RUNS)
    _tick(at, 0)
    _save(at, run_id, "demo, board", "a note")
    assert "Saved." in texts(at)
    tags = str(_runs_table(at).value["tags"].iloc[0])
    assert "demo" in tags and "board" in tags, tags


def test_filters_are_kept_in_the_address_and_an_address_opens_them(store: Store, engine: Engine) -> None:
    for name in ("haiku", "lipogram"):
        engine.execute(example_config(name), subscribers=[store.record])
    at = app(RUNS)
    open_filters(at)
    at.text_input(key="runs_search").set_value("ocean").run()
    at.multiselect(key="runs_status").set_value(["max_iterations_reached"]).run()
    assert "1 run matches the filters" in texts(at)
    params = {k: at.query_params[k] for k in ("task", "status")}
    assert params == {"task": "ocean", "status": "max_iterations_reached"} or params == {
        "task": ["ocean"],
        "status": ["max_iterations_reached"],
    }

    # A reload is a new session with the same address: the same list, the fields as they were.
    again = app(RUNS, task="ocean", status="max_iterations_reached")
    assert "1 run matches the filters" in texts(again)
    assert "Filtered:** status Max iterations reached · task contains “ocean”" in texts(again)
    open_filters(again)
    assert again.text_input(key="runs_search").value == "ocean"
    assert again.multiselect(key="runs_status").value == ["max_iterations_reached"]

    # An address that asks for something that is not a filter says so, and lists what it can.
    odd = app(RUNS, status="finished,satisfied")
    assert "not understood, left out: status finished" in texts(odd)
    assert "1 run matches the filters" in texts(odd)


def test_a_filter_in_force_is_in_sight_with_its_panel_closed_and_can_be_cleared(store: Store, engine: Engine) -> None:
    """After Back a filter stayed on with the Filters fold closed and no sign of it ("1 run matches the filters")."""
    for name in ("haiku", "lipogram"):
        engine.execute(example_config(name), subscribers=[store.record])
    at = app(RUNS)
    open_filters(at)
    at.text_input(key="runs_search").set_value("haiku").run()
    at.session_state["runs_filters_open"] = False
    at.run()
    assert "Filtered:** task contains “haiku”" in texts(at)
    at.button(key="runs_clear_filters").click().run()
    assert not at.exception
    assert "2 runs · page 1 of 1" in texts(at) and "Filtered:" not in texts(at)
    assert "task" not in at.query_params


def test_task_labels_start_where_similar_tasks_differ(store: Store, engine: Engine) -> None:
    """A suite's tasks opened alike and, cut at the column's edge, every row read the same."""
    for topic in ("a kettle singing on the stove", "a bridge in the morning fog"):
        task = f"Write a short poem of three lines about {topic}."
        engine.execute(example_config("haiku", task=task), subscribers=[store.record])
    engine.execute(example_config("haiku"), subscribers=[store.record])
    at = app(RUNS)
    labels = list(_runs_table(at).value["task"])
    assert labels == ["Write a haiku about spring.", "…a bridge in the morning fog.", "…a kettle singing on the stove."]


def test_delete_asks_first_and_says_what_went(store: Store, engine: Engine) -> None:
    keep = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    gone = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at = app(RUNS)
    _tick(at, _row_of(at, "Write a paragraph"))
    assert not [b for b in at.button if b.key == f"runs_delete_{gone}"]  # nothing deletes in one press
    at.button(key=f"runs_ask_{gone}").click().run()
    said = texts(at)
    assert "this cannot be undone" in said and gone[:8] in said
    at.button(key=f"runs_keep_{gone}").click().run()
    assert "this cannot be undone" not in texts(at) and store.get_run(gone) is not None
    at.button(key=f"runs_ask_{gone}").click().run()
    at.button(key=f"runs_delete_{gone}").click().run()
    assert not at.exception
    assert store.get_run(gone) is None and store.get_run(keep) is not None
    assert f"Deleted run {gone[:8]}" in texts(at)


def test_the_preview_heatmap_is_the_run_views_not_a_frame(store: Store, engine: Engine, home: Path) -> None:
    engine.execute(example_config("haiku"), subscribers=[store.record])
    at = app(RUNS)
    _tick(at, 0)
    assert not at.exception
    (payload,) = run_payloads(at)
    assert payload["mode"] == "heatmap" and payload["heatmaps"]
    assert "its check" in payload["hint"]
    assert not at.get("iframe")  # the old grid lived in a frame of its own, in another font, with no check


def test_the_status_column_holds_its_longest_badge(store: Store, engine: Engine) -> None:
    """Issue 40 item 12: the "Max iterations reached" badge was cut by the status column (150 px)."""
    import json

    from rubric_core.views.run_view import STATUS_LABELS

    engine.execute(example_config("haiku"), subscribers=[store.record])
    at = app(RUNS)
    config = json.loads(_runs_table(at).proto.columns)
    width = int(config["status"]["width"])
    # About 6.5 px a character of the badge's font (measured in Chromium: "Max iterations reached" drew 148 px wide
    # with its padding), and the badge's padding.
    badge = 6.5 * max(len(label) for label in STATUS_LABELS.values()) + 16
    assert width >= badge, (width, badge)
