"""Present's replay heatmap (issue 40, second first-user pass): a person's override showed on the Run page's heatmap
and not on Present's."""

from __future__ import annotations

from rubric_core.engine import Engine
from rubric_core.judge.reviews import record_review
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.helpers import run_payload
from tests.ui.test_pages import app


def _reviewed_cells(payload: dict) -> list[str]:
    return [
        c["details"]
        for grid in payload["heatmaps"]
        for row in grid["cells"]
        for c in row
        if c and "review" in c["details"].lower()
    ]


def test_presents_heatmap_draws_a_persons_review_as_the_run_page_does(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    record_review(
        store, run_id, iteration=0, criterion="Is about spring", verdict="fail", reviewer="Ana", reason="autumn"
    )
    on_run = _reviewed_cells(run_payload(app(run=run_id)))
    assert on_run and any("Ana" in d for d in on_run), on_run
    at = app(run=run_id, view="present")
    assert not at.exception
    assert _reviewed_cells(run_payload(at)) == on_run
