"""AppTest for every page, on the real store and engine with offline models."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_ui.session.state import edit_toggle_key
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config
from tests.ui.helpers import payload_words, run_payload, start_button

ROOT = Path(__file__).resolve().parents[2]
APPTEST_TIMEOUT_S = 120
"""Upper bound for one script run (the first imports pandas and plotly; a loaded machine is slow)."""


def app(page: str = "rubric_ui/app_pages/run.py", **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=APPTEST_TIMEOUT_S)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    if page != "rubric_ui/app_pages/run.py":
        at.switch_page(page)
        at.run()
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [s.value for s in at.success] + [i.value for i in at.info] + [c.value for c in at.caption]
    parts += [t.value for t in at.text] + [h.value for h in [*at.title, *at.header, *at.subheader]]
    parts.append(payload_words(at))  # what the run view element draws
    return "\n".join(str(p) for p in parts)


def wait_finished(at: AppTest, run_id: str) -> None:
    """Until the run has ended (its handle in the app's run manager says so), then draw the page again."""
    from rubric_ui.session.resources import get_manager

    handle = get_manager().get(run_id)
    assert handle is not None and handle.wait(PROCESS_TIMEOUT_S), texts(at)
    at.run()


def test_run_page_loads_an_example_and_runs_it_to_the_end(home: Path) -> None:
    at = app()
    assert not at.exception
    at.button(key="run_load_example").click().run()
    assert at.text_area(key="run_task").value == "Write a haiku about spring."
    assert "1. Exactly three lines" in texts(at)
    start_button(at).click().run()
    run_id = at.query_params["run"]
    assert run_id
    wait_finished(at, run_id)
    assert not at.exception
    banner = run_payload(at)["banner"]
    assert banner["label"] == "Satisfied" and banner["facts"].startswith("3 iterations ·"), banner
    seg = at.get("button_group")
    assert seg, "the view selector (Diff, Transcript) is shown"


def test_run_page_shows_field_errors_beside_the_fields() -> None:
    at = app()
    at.text_area(key="run_task").set_value("Write something.")
    at.text_area(key="run_rubric").set_value("")  # the editor opens with an example's rubric: emptied
    start_button(at).click().run()
    assert any("Rubric is empty" in e.value for e in at.error)
    assert not at.query_params.get("run")
    at.text_area(key="run_rubric").set_value("- Exactly three lines")
    at.selectbox(key="run_model").set_value("openai:gpt-4o-mini")
    start_button(at).click().run()
    assert any("OPENAI_API_KEY" in e.value for e in at.error)
    assert not at.query_params.get("run")


def test_rubric_lint_warnings_in_the_preview() -> None:
    at = app()
    at.text_area(key="run_rubric").set_value("- A good poem\n- A good poem")
    at.run()
    warnings = " ".join(w.value for w in at.warning)
    assert "Vague word" in warnings and "Same criterion as line 1" in warnings


def test_save_rubric_to_library_needs_a_name(store: Store) -> None:
    at = app()
    at.text_area(key="run_rubric").set_value("- Exactly three lines")
    at.button(key="run_save_rubric").click().run()
    assert any("name is empty" in e.value for e in at.error)
    at.text_input(key="run_rubric_name").set_value("three-lines")
    at.button(key="run_save_rubric").click().run()
    assert any("version 1" in s.value for s in at.success)
    assert store.get_rubric("three-lines")["text"] == "- Exactly three lines"
    at.text_area(key="run_rubric").set_value("- Exactly three lines\n- Is about spring")
    at.button(key="run_save_rubric").click().run()
    assert any("version 2" in s.value for s in at.success)
    assert "three-lines (v2)" in at.selectbox(key="run_library_pick").options  # the picker names the new version


def test_opening_a_stored_run_by_url(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    assert not at.exception
    assert run_payload(at)["banner"]["label"] == "Max iterations reached"
    assert at.session_state["run_task"].startswith("Write a paragraph")  # editor pre-filled from the run
    at.toggle(key=edit_toggle_key(run_id)).set_value(True).run()  # drawn only when asked for
    assert at.text_area(key="run_task").value.startswith("Write a paragraph")
    at = app(run="does-not-exist")
    assert any("No run with id" in e.value for e in at.error)


def test_kept_widgets_have_no_default_beside_their_session_value(
    store: Store, engine: Engine, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run view's choice survives page switches through session state; it must not also pass a default.

    Streamlit logs a warning with a stack trace on every such widget (once per process: reset here).
    """
    from streamlit.elements.lib import policies

    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    run_id = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    at.button_group(key="run_view").set_value("Diff").run()
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    at.switch_page("rubric_ui/app_pages/run.py").run()
    at.run()
    assert not at.exception
    assert at.session_state["run_view"] == "Diff"
    assert not [r for r in caplog.records if "created with a default value" in r.getMessage()]


def test_runs_page_lists_filters_and_pages(store: Store, engine: Engine) -> None:
    for name in ("haiku", "lipogram"):
        engine.execute(example_config(name), subscribers=[store.record])
    at = app("rubric_ui/app_pages/runs.py")
    assert not at.exception
    assert "2 runs · page 1 of 1" in texts(at)
    assert "runs_status" not in [m.key for m in at.multiselect], "the filters' fields wait for their panel to open"
    open_filters(at)
    at.multiselect(key="runs_status").set_value(["max_iterations_reached"]).run()
    assert "1 run matches the filters · page 1 of 1" in texts(at)
    at.text_input(key="runs_search").set_value("no such task").run()
    assert not at.exception
    assert "0 runs match the filters" in texts(at)


def _runs_table(at: AppTest) -> Any:
    """The Runs list's table element (its proto names the task buttons' widget)."""
    return next(d for d in at.dataframe if "tags" in d.value.columns)


def browser_held(at: AppTest) -> Any:
    """The widget values the browser holds after the last run, as it sends them with a rerun (`at._run(widget_state=
    ...)`): AppTest lists every button unpressed, a browser sends a press once, with the rerun it causes."""
    held = at._tree.get_widget_states()
    kept = [w for w in held.widgets if w.WhichOneof("value") != "trigger_value"]
    del held.widgets[:]
    held.widgets.extend(kept)
    return held


def _rerun_with(at: AppTest, widget_id: str, **value: Any) -> None:
    """A rerun carrying what the browser sends for one widget (AppTest cannot click inside a table)."""
    held = browser_held(at)
    sent = held.widgets.add(id=widget_id)
    for name, v in value.items():
        if name == "string_trigger_value":
            sent.string_trigger_value.data = v
        else:
            setattr(sent, name, v)
    at._run(widget_state=held)


def test_one_click_on_a_runs_task_opens_that_run(store: Store, engine: Engine) -> None:
    """Item 6: the task in each row is a button; its click opens that row's run on the Run page at once (the
    table's own selection reaches the server 150 ms after a click). A click on another cell opens it too."""
    import json

    ids = [engine.execute(example_config(n), subscribers=[store.record]).run_id for n in ("haiku", "lipogram")]
    at = app("rubric_ui/app_pages/runs.py")
    table = _runs_table(at)
    assert list(table.value["task"])[1] == "Write a haiku about spring."  # newest first: the haiku is row 1
    button = table.proto.button_click_widgets["task"]
    _rerun_with(at, button, string_trigger_value=json.dumps({"row": 1, "label": "Write a haiku about spring."}))
    assert not at.exception
    assert at.query_params["run"] in (ids[0], [ids[0]])
    assert [t.value for t in at.title] == ["Run"]
    assert run_payload(at)["heatmaps"], "the run's heatmap is drawn"
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    assert [t.value for t in at.title] == ["Runs"], "the click is spent: the list stays the list"
    selection = {"selection": {"rows": [], "columns": [], "cells": [[0, "model"]]}}
    _rerun_with(at, _runs_table(at).proto.id, string_value=json.dumps(selection))
    assert at.query_params["run"] in (ids[1], [ids[1]])
    assert [t.value for t in at.title] == ["Run"]


def test_a_task_that_reads_as_cell_markup_is_labelled_as_plain_text(store: Store, engine: Engine) -> None:
    """The table's button column draws a label starting `:material/…:` as an icon and a JSON list as a menu of
    buttons (Streamlit's DataFrame.js); a task is text, so its label starts with a word joiner there."""
    from rubric_ui.screens.runs_table import WORD_JOINER

    tasks = [
        ":material/home: Write a haiku about spring.",
        '["Write a haiku", "about spring"]',
        '\ufeff["Write a haiku", "from a file"]',  # the column trims a byte-order mark away
        "Write a haiku.",
    ]
    for task in tasks:
        engine.execute(example_config("haiku", task=task), subscribers=[store.record])
    at = app("rubric_ui/app_pages/runs.py")
    labels = list(_runs_table(at).value["task"])
    assert labels == [tasks[3], *(WORD_JOINER + t for t in reversed(tasks[:3]))]  # newest first


def test_the_api_keys_panel_draws_its_fields_only_when_open_and_keeps_a_key(home: Path) -> None:
    """Drawn folded on every page, the four key fields cost each page's first draw; a key typed stays in the
    session while the panel is closed, and is counted as configured (never shown)."""
    at = app()
    assert not [t for t in at.text_input if t.key == "keys_input_OPENAI_API_KEY"]
    at.session_state["keys_panel_open"] = True
    at.run()
    at.text_input(key="keys_input_OPENAI_API_KEY").set_value("sk-test-4711").run()
    at.session_state["keys_panel_open"] = False
    at.run()
    assert not [t for t in at.text_input if t.key == "keys_input_OPENAI_API_KEY"]
    assert "OpenAI: key configured" in "\n".join(c.value for c in [*at.sidebar.caption, *at.sidebar.markdown])
    assert "sk-test-4711" not in texts(at)
    # Typed, then the panel folded by the same rerun (a click on its title while the field still has focus).
    at.session_state["keys_panel_open"] = True
    at.run()
    at.text_input(key="keys_input_ANTHROPIC_API_KEY").set_value("sk-ant-4711")
    at.session_state["keys_panel_open"] = False
    at.run()
    assert "Anthropic: key configured" in "\n".join(c.value for c in [*at.sidebar.caption, *at.sidebar.markdown])


def open_filters(at: AppTest) -> None:
    """Open the Runs page's Filters panel (its fields are drawn only while it is open)."""
    at.session_state["runs_filters_open"] = True
    at.run()
    assert at.text_input(key="runs_search")


def test_runs_filters_stay_in_force_with_their_panel_closed_and_on_return(store: Store, engine: Engine) -> None:
    """The Filters panel draws its fields only while open (drawn folded, they cost a new tab 0.6 s): what was
    set still filters when it is closed, after a visit to another page, and comes back into the fields."""
    for name in ("haiku", "lipogram"):
        engine.execute(example_config(name), subscribers=[store.record])
    at = app("rubric_ui/app_pages/runs.py")
    open_filters(at)
    at.text_input(key="runs_search").set_value("haiku").run()
    at.multiselect(key="runs_status").set_value(["satisfied", "max_iterations_reached"]).run()
    assert "1 run matches the filters · page 1 of 1" in texts(at)
    at.session_state["runs_filters_open"] = False
    at.run()
    assert not [t for t in at.text_input if t.key == "runs_search"], "the panel is closed"
    assert "1 run matches the filters · page 1 of 1" in texts(at)
    at.switch_page("rubric_ui/app_pages/rubrics.py").run()
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    assert not at.exception
    assert "1 run matches the filters · page 1 of 1" in texts(at)
    open_filters(at)
    assert at.text_input(key="runs_search").value == "haiku"
    assert at.multiselect(key="runs_status").value == ["satisfied", "max_iterations_reached"]
    at.text_input(key="runs_search").set_value("").run()
    assert "2 runs match the filters · page 1 of 1" in texts(at)


def test_runs_filters_match_part_of_a_model_or_a_tag_in_any_case(store: Store, engine: Engine) -> None:
    """Issue 22 item 7: "WRITER" finds offline:writer, "bike" finds the tag bike-lock; the page says how many."""
    ids = [engine.execute(example_config(n), subscribers=[store.record]).run_id for n in ("haiku", "lipogram")]
    store.set_tags(ids[0], ["bike-lock"])
    at = app("rubric_ui/app_pages/runs.py")
    open_filters(at)
    at.text_input(key="runs_model").set_value("WRITER").run()
    assert "2 runs match the filters" in texts(at)
    at.text_input(key="runs_tag").set_value("Bike").run()
    assert "1 run matches the filters" in texts(at)
    at.text_input(key="runs_model").set_value("gpt").run()
    assert "0 runs match the filters" in texts(at)


def test_runs_filter_hides_suite_items(store: Store, engine: Engine) -> None:
    """The Runs list fills with a suite's items; a toggle beside the count (not in the Filters fold) offers to leave
    them out, saying how many, and the count says how many it hides (issue 40 item 2)."""
    from rubric_core.config import RunConfig
    from rubric_core.suites.datasets import Dataset
    from rubric_core.suites.example import example_dataset, example_rubric
    from rubric_core.suites.runner import SuiteRunner

    engine.execute(example_config("haiku"), subscribers=[store.record])
    config = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1)})
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset("two", example_dataset().items[:2]), config)
    assert handle.wait(PROCESS_TIMEOUT_S)
    at = app("rubric_ui/app_pages/runs.py")
    assert "3 runs · page 1 of 1" in texts(at)
    assert at.toggle(key="runs_no_suite_items").label == "Hide the 2 suite items"
    at.toggle(key="runs_no_suite_items").set_value(True).run()
    assert not at.exception
    assert "1 run · 2 suite items hidden · page 1 of 1" in texts(at)
    assert at.query_params["own"] in ("1", ["1"])  # kept in the address: a reload lists the same
    assert list(_runs_table(at).value["task"]) == ["Write a haiku about spring."]


def test_compare_two_runs_component(store: Store, engine: Engine) -> None:
    a = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    b = engine.execute(example_config("haiku", max_iterations=2), subscribers=[store.record]).run_id

    def compare(a: str, b: str) -> None:
        from rubric_ui.screens.runs_compare import show_compare as _compare
        from rubric_ui.session.resources import get_store

        _compare(get_store(), a, b)

    at = AppTest.from_function(compare, args=(a, b), default_timeout=APPTEST_TIMEOUT_S).run()
    assert not at.exception
    frame = next(d.value for d in at.dataframe if "A (final)" in d.value.columns)
    row = frame[frame["criterion in A"] == "Follows a 5-7-5 syllable pattern"].iloc[0]
    assert (row["A (final)"], row["B (final)"], bool(row["differs"])) == ("✔ pass", "✘ fail", True)
    settings = next(d.value for d in at.dataframe if "setting" in d.value.columns)
    assert settings.to_dict("records") == [{"setting": "Max iterations", "A": "3", "B": "2"}]
    at.radio(key=f"runs_cmp_a_{min(a, b)}_{max(a, b)}").set_value(b).run()  # the user picks which run is A
    frame = next(d.value for d in at.dataframe if "A (final)" in d.value.columns)
    row = frame[frame["criterion in A"] == "Follows a 5-7-5 syllable pattern"].iloc[0]
    assert (row["A (final)"], row["B (final)"]) == ("✘ fail", "✔ pass")
    # Ticked in the list's order (newest first), the older run is still A: the diff reads forward in time.
    at = AppTest.from_function(compare, args=(b, a), default_timeout=APPTEST_TIMEOUT_S).run()
    assert at.radio(key=f"runs_cmp_a_{min(a, b)}_{max(a, b)}").value == a
    settings = next(d.value for d in at.dataframe if "setting" in d.value.columns)
    assert settings.to_dict("records") == [{"setting": "Max iterations", "A": "3", "B": "2"}]


def test_compare_pairs_renamed_criteria_and_shows_the_rubric_diff(store: Store, engine: Engine) -> None:
    from rubric_core.config import RunConfig

    base = example_config("photosynthesis").to_dict()
    a = engine.execute(
        RunConfig.from_dict({**base, "rubric": "- At most 40 words\n- Mentions light"}), subscribers=[store.record]
    ).run_id
    b = engine.execute(
        RunConfig.from_dict({**base, "rubric": "- At most 80 words\n- Mentions light"}), subscribers=[store.record]
    ).run_id

    def compare(a: str, b: str) -> None:
        from rubric_ui.screens.runs_compare import show_compare as _compare
        from rubric_ui.session.resources import get_store

        _compare(get_store(), a, b)

    at = AppTest.from_function(compare, args=(a, b), default_timeout=APPTEST_TIMEOUT_S).run()
    assert not at.exception
    frame = next(d.value for d in at.dataframe if "A (final)" in d.value.columns)
    assert frame["criterion in A"].tolist() == ["At most 40 words", "Mentions light"]
    assert frame["criterion in B"].tolist() == ["At most 80 words", "(same)"]
    diff_html = " ".join(m.value for m in at.markdown if "rs-diff" in m.value)
    assert "rs-del" in diff_html and "40" in diff_html and "80" in diff_html


def test_rubrics_page_versions_diff_and_start(store: Store) -> None:
    at = app("rubric_ui/app_pages/rubrics.py")
    assert any("library is empty" in i.value for i in at.info)
    store.save_rubric("haiku", "- Exactly three lines")
    at = app("rubric_ui/app_pages/rubrics.py")
    assert "Only version 1 so far" in texts(at) and not any("rs-diff" in m.value for m in at.markdown)
    store.save_rubric("haiku", "- Exactly three lines\n- Is about spring")
    at = app("rubric_ui/app_pages/rubrics.py")
    assert not at.exception
    assert "haiku · 2 versions" in texts(at)
    diff_html = " ".join(m.value for m in at.markdown if "rs-diff" in m.value)
    assert "Is about spring" in diff_html and "rs-ins" in diff_html
    editor = at.text_area(key="rubrics_edit_haiku_0")
    editor.set_value("- Exactly three lines\n- Is about spring\n- At most 20 words")
    at.button(key="rubrics_save_haiku").click().run()
    assert store.get_rubric("haiku")["version"] == 3
    assert any("Saved haiku as version 3." in s.value for s in at.success)  # survives the rerun
    assert (at.selectbox(key="rubrics_a_haiku_3").value, at.selectbox(key="rubrics_b_haiku_3").value) == (2, 3)
    at = app("rubric_ui/app_pages/rubrics.py")
    at.button(key="rubrics_run_haiku").click().run()
    assert at.text_area(key="run_rubric").value.endswith("At most 20 words")


def test_export_page_prepares_a_download(store: Store, engine: Engine) -> None:
    engine.execute(example_config("photosynthesis"), subscribers=[store.record])
    at = app("rubric_ui/app_pages/export.py")
    assert not at.exception
    assert "1 run matches." in texts(at)
    at.selectbox(key="export_format").set_value("csv").run()
    at.button(key="export_go").click().run()
    assert any("Ready: 4 records" in s.value for s in at.success)
    at.selectbox(key="export_format").set_value("langsmith").run()
    assert any("LangSmith upload is off" in i.value for i in at.info)


def test_presentation_view_and_replay(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    at = app(run=run_id, view="present")
    assert not at.exception
    # The replay steps in the page (tests/browser/test_app.py clicks through them): its steps are in the payload.
    # It opens on the verdicts on the final draft (the draft itself is under What came out: issue 40 item 4).
    present = run_payload(at)["present"]
    titles = [s["title"] for s in present["steps"]]
    assert present["start"] == 4 and titles[4] == "Step 5 of 5 · Iteration 2 · Verdicts"
    assert titles[0].startswith("Step 1 of 5") and titles[1] == "Step 2 of 5 · Iteration 1 · Verdicts"
    assert titles[-1].startswith("Step 5 of 5")


def test_present_with_no_run_offers_the_stored_ones(store: Store, engine: Engine) -> None:
    """Present opened with no run (its sidebar link from a page that watched none) offers the newest stored runs;
    picking one presents it. With none stored it says to start one."""
    empty = app(view="present")
    assert not empty.exception
    assert "No run to present yet" in texts(empty) and not empty.selectbox
    run_id = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    at = app(view="present")
    assert not at.exception
    assert "No run to present yet" not in texts(at)
    pick = at.selectbox(key="present_pick")
    assert pick.options == [pick.format_func(run_id)] or run_id in str(pick.options[0])
    pick.set_value(run_id).run()
    assert at.query_params["run"] == run_id
    assert "Step 4 of 5" in texts(at)


def test_a_broken_store_file_gets_a_message_not_a_traceback(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "runs.sqlite").write_text("not a database")
    at = app()
    assert not at.exception
    assert any("not a Rubric Studio database" in e.value for e in at.error)


def test_first_page_renders_before_the_agent_stack_is_imported(home: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from streamlit.testing.v1 import AppTest\n"
        f"at = AppTest.from_file({str(ROOT / 'app.py')!r}, default_timeout={APPTEST_TIMEOUT_S}).run()\n"
        "assert not at.exception, at.exception\n"
        "assert at.text_area(key='run_task') is not None\n"
        "loaded = [m for m in ('deepagents', 'langchain', 'langgraph', 'langchain_core') if m in sys.modules]\n"
        "print('LOADED', loaded)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=PROCESS_TIMEOUT_S, check=False
    )
    assert out.returncode == 0, out.stderr
    assert "LOADED []" in out.stdout


def test_editor_names_criteria_the_offline_grader_cannot_judge_before_start(home: Path) -> None:
    at = app()
    at.text_area(key="run_rubric").set_value("- Exactly three lines\n- Is very funny").run()
    warning = " ".join(w.value for w in at.warning)
    assert "cannot judge 1 criterion" in warning and "Is very funny" in warning and "three lines" not in warning
    assert any("Phrasings the offline grader understands" in e.label for e in at.expander)
    at.selectbox(key="run_grader").set_value("openai:gpt-4o-mini").run()
    assert "cannot judge" not in " ".join(w.value for w in at.warning)


def test_editor_values_survive_another_page_and_typing_is_never_overwritten(home: Path) -> None:
    """Values typed on the Run page come back after a visit to Runs; no run writes over a field the page drew.

    A value the script writes to a widget's key is pushed to the browser and replaces what the field shows:
    re-saving every field on every run wiped text typed into one field while the run started by another
    field's commit was drawing. Only a field whose state Streamlit dropped may be written back.
    """
    at = app()
    at.text_area(key="run_task").set_value("Write a limerick about tea.").run()
    at.text_area(key="run_rubric").set_value("- Exactly five lines").run()
    at.run()
    # A value the script wrote is sent with `set_value` (the browser then replaces the field's text).
    assert not at.text_area(key="run_task").proto.set_value
    assert not at.text_area(key="run_rubric").proto.set_value
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    at.switch_page("rubric_ui/app_pages/run.py").run()
    assert not at.exception
    assert at.text_area(key="run_task").value == "Write a limerick about tea."
    assert at.text_area(key="run_rubric").value == "- Exactly five lines"


def test_the_editor_shown_again_is_sent_its_values(store: Store, engine: Engine) -> None:
    """Unfolding the editor over a watched run sends every field its value (the browser draws them anew)."""
    run_id = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at = app(run=run_id)
    assert "run_task" not in [t.key for t in at.text_area]  # folded away while the run is shown
    task = at.session_state["run_task"]
    at.toggle(key=edit_toggle_key(run_id)).set_value(True).run()
    assert not at.exception
    for key in ("run_task", "run_rubric"):
        field = at.text_area(key=key)
        assert field.proto.set_value and field.value == at.session_state[key]
    assert at.text_area(key="run_task").value == task
    at.text_area(key="run_task").set_value("Another task").run()  # drawn twice in a row: nothing sent
    assert not at.text_area(key="run_rubric").proto.set_value


# Seen in a browser test under load: Resume was clicked, the page redrew before the worker process had sent
# the resumed run's first event, the view folded from the stored events still ended "Interrupted", so the
# page drew no polling fragment and never looked again. A run this process is running is live, whatever its
# stored events said last.


@dataclass
class _NotYetStarted:
    """A resumed run whose worker has not sent its first event yet (LiveRun's reading interface)."""

    run_id: str
    events: list[Any] = field(default_factory=list)
    cancel_requested: bool = False

    def subscribe(self, subscriber: Any) -> None:
        pass

    def cancel(self) -> None:
        self.cancel_requested = True

    def wait(self, timeout: float | None = None) -> bool:
        return False

    @property
    def done(self) -> bool:
        return False

    @property
    def last(self) -> Any:
        return None


def test_resume_makes_the_page_live_before_the_first_event(
    home: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    handle = RunManager(Engine(home), store).start(example_config("haiku", model="offline:writer?latency=0.5"))
    handle.cancel()
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert store.get_run(handle.run_id)["status"] == "cancelled"  # type: ignore[index]

    def resume(self: RunManager, run_id: str, **_: Any) -> Any:
        return self._keep(_NotYetStarted(run_id))

    monkeypatch.setattr(RunManager, "resume", resume)
    at = app(run=handle.run_id)
    assert not at.exception
    resume_button = next(b for b in at.button if b.key == "run_resume")
    resume_button.click().run()
    assert not at.exception
    keys = [b.key for b in at.button]
    assert "run_cancel" in keys and "run_resume" not in keys  # live: Cancel, no Resume
    shown = run_payload(at)
    assert shown["live"] and shown["banner"] is None, "no 'Cancelled' banner"


def test_a_run_just_started_shows_its_own_cap_before_the_first_event(monkeypatch: pytest.MonkeyPatch) -> None:
    # Until the worker's first event arrives the header drew "Iteration 1 of 3" (the library default) for a run
    # capped at 5.
    def start(self: RunManager, config: Any, **_: Any) -> Any:
        return self._keep(_NotYetStarted("a" * 32))

    monkeypatch.setattr(RunManager, "start", start)
    at = app()
    at.button(key="run_load_example").click().run()
    at.number_input(key="run_max_iterations").set_value(5)
    start_button(at).click().run()
    assert not at.exception
    assert at.query_params["run"] == "a" * 32
    header = run_payload(at)["header"]
    assert header and header["count"] == "Iteration 1 of 5", header


def _stalls_after_two_revisions(messages: list[Any], kwargs: dict[str, Any]) -> Any:
    """A working model that stops changing its answer after its second revision (the offline writer never does)."""
    from langchain_core.messages import AIMessage

    from rubric_core.models.offline import is_grader_feedback
    from tests.stubs.openai_stub import is_grading, offline_brain

    if is_grading(kwargs):
        return offline_brain(messages, kwargs)
    revision = sum(1 for m in messages if is_grader_feedback(m))
    texts = ("The sea is wide.", "The sea is wide and grey.", "The sea is wide, grey and loud.")
    return AIMessage(texts[min(revision, 2)])


def test_the_diff_starts_at_the_newest_revision_that_differs_from_the_last(
    store: Store, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A run that stalls at the cap repeats its last draft: the diff opened on two identical texts.
    from tests.stubs.openai_stub import StubOpenAI

    with StubOpenAI(brain=_stalls_after_two_revisions) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-stub-diff-0001")
        config = example_config("lipogram", max_iterations=5, model="openai:gpt-4o-mini")
        handle = engine.execute(config, subscribers=[store.record])
    from rubric_core.views.run_view import RunView

    drafts = [it.draft for it in RunView.from_events(handle.run_id, store.run_events(handle.run_id)).all_iterations()]
    assert len(drafts) == 5 and drafts[-1] == drafts[-2] != drafts[0], drafts  # what this test is about
    differs = max(k for k, d in enumerate(drafts) if d != drafts[-1])

    def diff(run_id: str) -> None:
        from rubric_core.store import open_store
        from rubric_core.views.run_view import RunView
        from rubric_ui.widgets.diff_view import show_revision_diff

        s = open_store()
        show_revision_diff(RunView.from_events(run_id, s.run_events(run_id)), key="d")

    at = AppTest.from_function(diff, args=(handle.run_id,), default_timeout=APPTEST_TIMEOUT_S).run()
    assert not at.exception
    assert (at.selectbox(key="d_from").value, at.selectbox(key="d_to").value) == (differs, 4)
    assert "No change in the text." not in texts(at)
    assert f"Iteration {differs + 2} to iteration 5 have the same text" in texts(at)


PAGE_FILES = sorted(p.name for p in (ROOT / "rubric_ui" / "app_pages").glob("*.py") if p.name != "__init__.py")
assert len(PAGE_FILES) == 9, PAGE_FILES  # a moved folder must not leave this test with nothing to run


@pytest.mark.parametrize("page", PAGE_FILES)
def test_every_page_opens_on_a_new_install_with_no_run_stored(home: Path, page: str) -> None:
    # A new user's first visit: the Runs page raised on its empty table (string + Int64).
    at = app(f"rubric_ui/app_pages/{page}")
    assert not at.exception, at.exception
    if page == "runs.py":
        assert any("No runs yet" in i.value for i in at.info)


def test_the_editor_starts_the_worker_processes_before_the_first_start(monkeypatch: pytest.MonkeyPatch) -> None:
    # The first Start of a server spent about 1.2 s starting the pool while the page sat faded.
    import time

    from rubric_core.execution.processes import shared_pool

    monkeypatch.setenv("RUBRIC_STUDIO_WORKERS", "1")
    pool = shared_pool(1)
    try:
        assert pool.worker_pids == []
        at = app()
        assert not at.exception
        deadline = time.monotonic() + PROCESS_TIMEOUT_S
        while not pool.worker_pids and time.monotonic() < deadline:  # the page's background start
            time.sleep(0.05)
        assert len(pool.worker_pids) == 1  # started by the page, no run asked for
    finally:
        pool.shutdown()
