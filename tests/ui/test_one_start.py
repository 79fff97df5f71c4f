"""One Start, one run (issue 33 item 2), on the Run page: a click the server receives twice starts one run."""

from __future__ import annotations

from typing import Any

import pytest

from rubric_core.access.audit import AuditFilter, count_audit
from rubric_core.engine import Engine
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.helpers import is_start, start_button
from tests.ui.test_pages import app, wait_finished


def _run_id(at: Any) -> str:
    value = at.query_params["run"]
    return value if isinstance(value, str) else value[0]


def test_a_start_click_delivered_twice_starts_one_run(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sequence of the report: a live run watched, the page left and opened again, the editor opened above the
    run, the rubric edited and Start pressed at once. The server dispatches Start's callback twice for the one
    click (as a replayed rerun does): before, that started two identical runs (two 'start' rows in the audit
    trail, one running unseen to its cap); now the second finds the click's token claimed, starts nothing, and
    the page shows the run the click started."""
    import rubric_ui.screens.run as run_page

    watched = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(run=watched)
    at.switch_page("rubric_ui/app_pages/runs.py").run()  # leave, and come back
    at.switch_page("rubric_ui/app_pages/run.py").run()
    assert _run_id(at) == watched
    real = run_page._start

    def delivered_twice(*args: Any) -> None:
        real(*args)
        real(*args)

    # Patched before the editor is drawn: the button's callback is the function it was drawn with.
    monkeypatch.setattr(run_page, "_start", delivered_twice)
    at.toggle(key=f"run_edit_open_{watched}").set_value(True).run()
    at.text_area(key="run_rubric").set_value("- Exactly three lines\n- Mentions spring")
    start_button(at).click().run()  # the rubric's edit and Start's click in one rerun
    assert not at.exception
    started = _run_id(at)
    assert started != watched
    wait_finished(at, started)
    assert {r["id"] for r in store.list_runs()} == {watched, started}
    assert count_audit(store, AuditFilter(action="start")) == 1
    assert not [e.value for e in at.error]
    assert not [b for b in at.button if is_start(b.key)], "the editor is folded over the new run"


def test_the_next_click_starts_the_next_run(store: Store, engine: Engine) -> None:
    """The token is the click's, not the session's: Start pressed again later (the editor opened again) starts a
    run of its own, with the same task and rubric too."""
    at = app()
    at.button(key="run_load_example").click().run()
    first_key = start_button(at).key
    start_button(at).click().run()
    first = _run_id(at)
    wait_finished(at, first)
    at.toggle(key=f"run_edit_open_{first}").set_value(True).run()
    assert start_button(at).key != first_key, "a new button, with a new token"
    start_button(at).click().run()
    second = _run_id(at)
    assert second != first
    wait_finished(at, second)
    assert len(store.list_runs()) == 2
    assert count_audit(store, AuditFilter(action="start")) == 2


def test_a_start_refused_for_a_field_keeps_the_click_usable(store: Store) -> None:
    """A Start refused before anything is stored (an empty rubric) claims nothing: fixed, the same button starts."""
    at = app()
    at.text_area(key="run_task").set_value("Write a haiku about spring.")
    at.text_area(key="run_rubric").set_value("")
    key = start_button(at).key
    start_button(at).click().run()
    assert not at.query_params.get("run")
    at.text_area(key="run_rubric").set_value("- Exactly three lines")
    assert start_button(at).key == key
    start_button(at).click().run()
    run_id = _run_id(at)
    assert run_id
    wait_finished(at, run_id)
    assert len(store.list_runs()) == 1


def test_start_brings_the_new_runs_header_into_sight_once(store: Store) -> None:
    """Issue 33 item 10: Streamlit keeps the scroll across a Start; the page run after Start draws a hidden frame
    whose one script (admitted by its hash) scrolls the header into sight; the page runs up to the one for the
    run's end draw it at the same place (one frame in the browser: a quick run's end could otherwise remove it
    before it loaded), and no later run draws it again (the page never jumps while someone reads it)."""
    at = app()
    at.button(key="run_load_example").click().run()
    start_button(at).click().run()
    run_id = _run_id(at)

    def scroll_frames() -> list[Any]:
        return [f for f in at.get("iframe") if "scrollIntoView" in getattr(f.proto, "srcdoc", "")]

    frames = scroll_frames()
    assert len(frames) == 1
    doc = frames[0].proto.srcdoc
    assert "script-src 'sha256-" in doc and "st-key-rs_run_header" in doc
    wait_finished(at, run_id)
    assert len(scroll_frames()) == 1, "the page run for the run's end still draws it (the same frame)"
    at.run()  # a page run after the one that drew the ended run
    assert not scroll_frames()


def test_back_to_a_bare_run_page_after_leaving_it_puts_the_watched_run_back(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Back to the editor a Start began from shows that editor (issue 33 item 13); but once the person left the
    Run page and came back to the run through the navigation, a bare Run page reached by Back is that return's
    passing entry, and the watched run is put back, not forgotten. (AppTest cannot press Back: the page's
    reading of Streamlit's history flag is switched on for the runs that stand for a Back.)"""
    import rubric_ui.session.state as state

    back = {"on": False}
    monkeypatch.setattr(state, "arrived_by_history", lambda: back["on"])

    def press_back(at: Any) -> None:
        at.query_params.pop("run", None)
        back["on"] = True
        at.run()
        back["on"] = False

    at = app()
    at.button(key="run_load_example").click().run()
    start_button(at).click().run()
    run_id = _run_id(at)
    wait_finished(at, run_id)
    press_back(at)  # right after the Start: the editor it began from, the run no longer watched
    assert not at.query_params.get("run") and start_button(at)
    at.query_params["run"] = run_id  # Forward
    at.run()
    at.switch_page("rubric_ui/app_pages/runs.py").run()  # away, and back to the run through the navigation
    at.switch_page("rubric_ui/app_pages/run.py").run()
    assert _run_id(at) == run_id
    press_back(at)
    assert _run_id(at) == run_id, "the watched run is put back"
