"""Issue 40 item 3: the Run page's address keeps the chosen iteration and the open view (a reload shows them)."""

from __future__ import annotations

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_ui.widgets.run_address import iteration_key, iteration_param
from tests.core.helpers import example_config
from tests.ui.helpers import run_payload
from tests.ui.test_pages import app


def test_iterations_are_said_from_1_in_the_address_and_read_back() -> None:
    assert iteration_param("0:1") == "2" and iteration_param("1:0") == "2.1" and iteration_param(None) is None
    for key in ("0:0", "0:4", "2:3"):
        assert iteration_key(iteration_param(key)) == key
    for typed in ("0", "x", "1.0", "0.2", "-1", "2:3", "", "9999"):
        assert iteration_key(typed) is None, typed


def test_an_address_with_an_iteration_and_a_view_opens_them(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    at = app(run=run_id, it="2", more="transcript")
    assert not at.exception
    assert run_payload(at)["chosen"]["iteration"] == "0:1"
    assert at.session_state["run_view"] == "Transcript"
    other = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at.query_params["run"] = other  # the same session moves to another run: no iteration carried over
    at.session_state["run_attached"] = other
    at.run()
    assert run_payload(at)["chosen"]["iteration"] is None and "it" not in at.query_params
