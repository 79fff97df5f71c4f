"""The matrix page as a new user meets it, in real Chromium at 1440x900 (issue 40 item 7): the matrix in the first
screen, headers that show what sets each column apart first, a column whose runs all failed saying what happened,
the per-column table in words, and the Run page's "Back to the suite run" keeping the view the cell was opened from.

The matrix is stored before the page opens (3 items x 3 columns, offline; the third column's model has no key, so
each of its runs ends in an error). Every wait is on the DOM or the URL.
"""

from __future__ import annotations

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import open_store
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SuiteRunner
from tests.browser.conftest import shot
from tests.browser.helpers import wait_app_idle as wait_app

SHARED = "house writer with the long style prompt"


@pytest.fixture(scope="module")
def matrix(server, tmp_path_factory: pytest.TempPathFactory) -> str:
    store = open_store(server.store_url)
    try:
        base = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "sp"})
        items = tuple(example_dataset().items[:3])
        columns = build_columns(
            base,
            [
                {"max_iterations": 1, "label": f"{SHARED} · one shot"},
                {"max_iterations": 3, "label": f"{SHARED} · three tries"},
                {"model": "openai:gpt-4o-mini", "label": "openai:gpt-4o-mini"},
            ],
        )
        engine = Engine(str(tmp_path_factory.mktemp("matrix-views-checkpoints")))
        handle = SuiteRunner(RunManager(engine, store)).start(
            Dataset("views", items), base, columns=columns, concurrency=3
        )
        assert handle.wait(300)
        return handle.suite_run_id
    finally:
        store.close()


def test_the_matrix_reads_at_first_sight_and_back_keeps_the_view(page, server, matrix) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server.url}/suites?suite={matrix}")
    wait_app(page)
    page.wait_for_selector("table.rs-mx[data-shown='3']", state="attached")
    wait_app(page)
    # The suite run's status in words in the picker (it read 'Finished_with_errors').
    picker = page.locator("[data-testid='stSelectbox']").filter(has=page.get_by_text("Suite run", exact=True))
    picked = picker.evaluate(
        "(el) => el.textContent + ' ' + [...el.querySelectorAll('input')].map((i) => i.value).join(' ')"
    )
    assert "Finished with errors ·" in picked, picked
    # In the first screen: the header and the first rows of the matrix, without a scroll.
    bottom = page.evaluate("() => document.querySelector('table.rs-mx tbody tr').getBoundingClientRect().bottom")
    assert bottom <= 900, f"the matrix's first row ends at {bottom}px, below a 900px window"
    # What sets the column apart first; the shared lead on a line of its own.
    heads = page.locator("th.rs-mx-col .rs-mx-col-label").all_inner_texts()
    assert heads[:2] == ["1. one shot", "2. three tries"], heads
    assert page.locator("th.rs-mx-col[data-column='0'] .rs-mx-col-shared").inner_text() == SHARED
    # The column whose runs all failed says so, and why (not "no outcome yet").
    errors = page.locator("th.rs-mx-col[data-column='2']")
    assert "no result: all 3 runs ended in an error" in errors.inner_text()
    assert "OPENAI_API_KEY" in errors.locator(".rs-mx-col-problem").inner_text()
    assert "no outcome yet" not in page.locator("table.rs-mx thead").inner_text()
    # The per-column table: a few grouped columns, offline costs in words, a total.
    table = page.locator("[data-table='suites-columns']")
    assert table.locator("tr").first.locator("th").count() == 7
    text = table.inner_text()
    assert "offline, no cost" in text and "$0.0000" not in text and "all columns" in text
    shot(page, "matrix-first-screen")

    # A view: failures only. A cell opened from it, then "Back to the suite run": the same view.
    page.locator("button.rs-mx-mode[data-mode='failures']").click()
    page.wait_for_url("**mode=failures*")
    page.wait_for_selector("table.rs-mx[data-mode='failures']", state="attached")
    wait_app(page)
    link = page.locator("tr:not([hidden]) td[data-column='0'] a.rs-mx-open").first
    page.wait_for_function(
        "() => [...document.querySelectorAll('a.rs-mx-open')].every((a) => a.href.includes('mode%3Dfailures'))"
    )
    link.click()
    page.wait_for_url("**/?run=*")
    wait_app(page)
    back = page.get_by_role("link", name="Back to the suite run", exact=False)
    back.wait_for()
    assert "mode=failures" in (back.get_attribute("href") or "")
    back.click()
    page.wait_for_url("**/suites?*mode=failures*")
    page.wait_for_selector("table.rs-mx[data-mode='failures']", state="attached")
