"""The Run page refuses bad editor values with a message beside the field, and starts nothing.

Before: max iterations 0 or 50 turned the field red with no message and the run
started with the previous value; an empty custom model spec silently ran offline:writer.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_ui.screens.run_editor import CUSTOM
from tests.ui.helpers import start_button
from tests.ui.test_pages import wait_finished

ROOT = Path(__file__).resolve().parents[2]


def _editor_with_example() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.button(key="run_load_example").click().run()
    assert at.text_area(key="run_task").value
    return at


def _column_with(at: AppTest, kind: str, key: str):
    """The column that holds the widget `key` (a message beside the field is in the same column)."""
    for col in at.columns:
        if any(w.key == key for w in getattr(col, kind)):
            return col
    raise AssertionError(f"no column holds {key}")


@pytest.mark.parametrize(("value", "used"), [(0, 1), (40, 20), (-3, 1), (20, 20)])
def test_max_iterations_is_held_to_its_range(value: int, used: int, store: Store) -> None:
    """Issue 22 item 20: the field holds 1 to 20 (said in its label); a number past 20 becomes 20 and the page
    says so beside the field; no config-file words follow and the run uses the value shown."""
    at = _editor_with_example()
    field = at.number_input(key="run_max_iterations")
    assert "1 to 20" in field.label
    field.set_value(value).run()
    said = [w.value for w in at.warning if "Max iterations is set to" in w.value]
    if value > 20:
        assert said == [f"{value} is more than allowed: Max iterations is set to 20, its highest value."]
    elif value < 1:
        assert said == [f"{value} is less than allowed: Max iterations is set to 1, its lowest value."]
    else:
        assert said == []
    assert at.number_input(key="run_max_iterations").value == used
    start_button(at).click().run()
    assert not at.exception
    assert not any("max_iterations" in e.value or "Write for example" in e.value for e in at.error)
    run_id = at.query_params.get("run")
    assert run_id, "the run started with the value held to the range"
    _wait_until_stored_run_ends(store, run_id, max_iterations=used)


@pytest.mark.parametrize(
    ("select_key", "spec_key", "label"),
    [
        ("run_model", "run_model_custom", "Working model spec is empty"),
        ("run_grader", "run_grader_custom", "Grader model spec is empty"),
    ],
)
def test_an_empty_custom_model_spec_is_refused_beside_the_field(
    select_key: str, spec_key: str, label: str, store: Store
) -> None:
    at = _editor_with_example()
    at.selectbox(key=select_key).set_value(CUSTOM).run()
    at.text_input(key=spec_key).set_value("   ")
    start_button(at).click().run()
    assert not at.exception
    column = _column_with(at, "text_input", spec_key)
    messages = [e.value for e in column.error]
    assert any(label in m and "provider:model-id" in m for m in messages), messages
    assert not at.query_params.get("run")
    assert store.count_runs() == 0


def test_a_pre_flight_failure_is_shown_beside_the_model_and_stores_nothing(store: Store) -> None:
    at = _editor_with_example()
    at.selectbox(key="run_grader").set_value("anthropic:claude-haiku-4-5")
    start_button(at).click().run()
    column = _column_with(at, "selectbox", "run_grader")
    assert any("ANTHROPIC_API_KEY" in e.value for e in column.error)
    assert not at.query_params.get("run")
    assert store.count_runs() == 0


def test_a_corrected_value_starts_the_run(store: Store) -> None:
    at = _editor_with_example()
    at.number_input(key="run_call_limit").set_value(0)
    start_button(at).click().run()
    assert not at.query_params.get("run")
    said = [e.value for e in at.error]
    assert any("Grader calls per pass must be a whole number from 1 to 50" in m for m in said), said
    assert not any("Write for example" in m for m in said), said  # the page's words, not a config file's
    at.number_input(key="run_call_limit").set_value(4)
    at.number_input(key="run_max_iterations").set_value(2)
    start_button(at).click().run()
    run_id = at.query_params.get("run")
    assert run_id, "a valid value starts the run"
    assert not any("Grader calls per pass" in e.value for e in at.error)
    _wait_until_stored_run_ends(store, run_id[0] if isinstance(run_id, list) else run_id)


def _wait_until_stored_run_ends(store: Store, run_id: str, max_iterations: int | None = 2) -> None:
    # Waits on the stored row (not on wall time); the deadline only bounds a hang.
    import time

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        run = store.get_run(run_id)
        if run is not None and run["status"] not in ("running", "interrupted"):
            used = run["config"]["max_iterations"]
            assert used == max_iterations if max_iterations is not None else 1 <= used <= 20, used
            return
        time.sleep(0.05)
    raise AssertionError("the run did not end")


def test_a_garbage_checkpoint_file_is_refused_beside_start_and_stays_untouched(store: Store, home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    garbage = home / "checkpoints.sqlite"
    garbage.write_bytes(b"this is not a database\n" * 10)
    before = garbage.read_bytes()
    at = _editor_with_example()
    start_button(at).click().run()
    assert not at.exception
    column = _column_with(at, "button", start_button(at).key)
    messages = [e.value for e in column.error] or [e.value for e in at.error]
    assert any("checkpoints.sqlite" in m for m in messages), messages
    assert not at.query_params.get("run")
    assert store.count_runs() == 0
    assert garbage.read_bytes() == before


def test_a_message_beside_a_field_goes_once_that_field_is_changed() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").input("").run()  # the editor opens with an example: emptied by hand
    at.text_area(key="run_rubric").input("").run()
    start_button(at).click().run()
    shown = [e.value for e in at.error]
    assert any("Task is empty" in m for m in shown) and any("Rubric is empty" in m for m in shown), shown
    at.text_area(key="run_task").input("Write a haiku about spring.").run()
    shown = [e.value for e in at.error]
    assert not any("Task is empty" in m for m in shown), shown  # fixed: its message is gone
    assert any("Rubric is empty" in m for m in shown), shown  # not touched yet: still said
    at.text_area(key="run_rubric").input("- Exactly three lines").run()
    assert not at.error


def test_the_editor_opens_with_the_example_its_picker_shows(store: Store) -> None:
    """Issue 33 item 11: the editor opened empty while the picker showed "haiku", and Start gave two red errors.
    It opens with the picked example; Start runs it; an editor emptied by hand is not filled again."""
    from rubric_core.examples import EXAMPLES, get_example

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    picked = at.selectbox(key="run_example").value
    assert picked == next(iter(EXAMPLES))
    assert at.text_area(key="run_task").value == get_example(picked).task
    assert at.text_area(key="run_rubric").value == get_example(picked).rubric
    at.text_area(key="run_task").input("").run()
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    at.switch_page("rubric_ui/app_pages/run.py").run()
    assert at.text_area(key="run_task").value == "", "emptied by hand: stays empty"
    at.text_area(key="run_task").input(get_example(picked).task).run()
    start_button(at).click().run()
    run_id = at.query_params.get("run")
    assert not at.error and run_id
    wait_finished(at, run_id if isinstance(run_id, str) else run_id[0])


def test_saving_the_rubric_says_so_in_sight(store: Store) -> None:
    """Issue 33 item 13: "Saved … as version 1" was drawn under the settings, below the fold; a toast says it too."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_input(key="run_rubric_name").input("haiku-rules").run()
    at.button(key="run_save_rubric").click().run()
    assert [t.value for t in at.toast] == ["Saved haiku\\-rules as version 1."]
    assert store.get_rubric("haiku-rules") is not None


def test_after_new_run_the_example_picker_names_the_example_the_editor_holds(store: Store, engine: Engine) -> None:
    """Issue 40 item 7: a run of the report example opened in a new session fills the editor from the run; after
    New run the editor held the report example's task and the picker said haiku."""
    from rubric_core.examples import get_example
    from tests.core.helpers import example_config

    run_id = engine.execute(example_config("report"), subscribers=[store.record]).run_id
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["run"] = run_id
    at.run()
    at.button(key="run_new").click().run()
    assert not at.exception
    assert at.text_area(key="run_task").value == get_example("report").task
    assert at.selectbox(key="run_example").value == "report"
