"""Issue 40 item 4: Present from the sidebar presents the run the page showed (the Review page's, the one previewed
on Runs), not a picker of the newest runs."""

from __future__ import annotations

from rubric_core.engine import Engine
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.test_pages import app
from tests.ui.test_review_page import review_page
from tests.ui.test_runs_list import RUNS, _row_of, _tick

PRESENT = "rubric_ui/app_pages/present.py"


def _present_from_the_sidebar(at) -> str:
    at.query_params.clear()  # the sidebar's link carries no parameters
    at.switch_page(PRESENT)
    at.run()
    assert not at.exception
    run = at.query_params.get("run")
    return run if isinstance(run, str) else (run or [""])[0]


def test_present_from_review_presents_the_reviewed_run(store: Store, engine: Engine) -> None:
    """Watched on the Run page: one run; then another picked on the Review page: Present presents the reviewed one."""
    watched = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    reviewed = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    at = review_page(run=watched)  # opened from the Run page of `watched`
    at.selectbox(key="review_run").set_value(reviewed).run()
    assert not at.exception
    assert _present_from_the_sidebar(at) == reviewed


def test_present_from_runs_presents_the_previewed_run(store: Store, engine: Engine) -> None:
    older = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    engine.execute(example_config("photosynthesis"), subscribers=[store.record])
    at = app(RUNS)
    _tick(at, _row_of(at, "Write a haiku"))
    assert _present_from_the_sidebar(at) == older
