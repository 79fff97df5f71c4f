"""The matrix in real Chromium (issue 32 item 2): drawn as one element, modes filtered in the browser and written to
the URL, a baseline's count showing only its items, two cells of a row side by side, the shared URL restoring the
view, a cell opening its run, and item text that stays text.

The matrix is stored before the page opens (3 items x 2 columns, offline): the browser is what is tested here, not
the runner. Every wait is on the DOM (attributes the element writes) or the URL, never on a window of time.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import open_store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SuiteRunner
from tests.browser.conftest import shot
from tests.browser.helpers import wait_app_idle as wait_app

EVIL_ID = "<img src=x onerror=window.__rs_pwned=1>"


@pytest.fixture(scope="module")
def matrix(server, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[tuple[int, int], str]]:
    """A finished matrix in the server's store: poem-01, poem-02 and an item whose id is HTML, under max 1 and max 3
    iterations (the first column leaves every item unmet on the lipogram, the second satisfies them)."""
    store = open_store(server.store_url)
    try:
        base = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "sp"})
        poems = example_dataset().items
        items = (poems[0], poems[1], replace(poems[2], id=EVIL_ID))
        columns = build_columns(base, [{"max_iterations": 1, "label": "one shot"}, {"max_iterations": 3}])
        engine = Engine(str(tmp_path_factory.mktemp("matrix-checkpoints")))
        handle = SuiteRunner(RunManager(engine, store)).start(
            Dataset("matrix", items), base, columns=columns, concurrency=3
        )
        assert handle.wait(300)
        cells = {(c["position"], c["column_index"]): c["run_id"] for c in ss.suite_cells(store, handle.suite_run_id)}
        return handle.suite_run_id, cells
    finally:
        store.close()


def _rows_shown(page) -> int:
    return int(page.locator("table.rs-mx").get_attribute("data-shown") or -1)


def test_the_matrix_filters_pairs_and_shares_its_view(page, server, matrix) -> None:
    suite_id, runs = matrix
    page.goto(f"{server.url}/suites?suite={suite_id}")
    wait_app(page)
    page.wait_for_selector("table.rs-mx[data-mode='all'][data-shown='3']", state="attached")
    assert page.locator("td.rs-mx-cell").count() == 6
    assert page.locator("td.rs-mx-cell.rs-o-fail[data-column='0']").count() == 3
    assert page.locator("td.rs-mx-cell.rs-o-pass[data-column='1']").count() == 3
    # The item whose id is HTML is text: no image element, no script ran.
    assert page.locator("table.rs-mx img").count() == 0
    assert page.evaluate("() => window.__rs_pwned === undefined")
    assert page.locator(f"tr[data-item='{EVIL_ID}'] .rs-mx-id").inner_text() == EVIL_ID
    shot(page, "matrix")

    # A mode switch filters in the browser at once, then the URL follows.
    page.locator("button.rs-mx-mode[data-mode='errors']").click()
    page.wait_for_selector("table.rs-mx[data-mode='errors'][data-shown='0']", state="attached")
    page.wait_for_url("**mode=errors*")
    page.locator("button.rs-mx-mode[data-mode='different']").click()
    page.wait_for_selector("table.rs-mx[data-mode='different'][data-shown='3']", state="attached")
    page.wait_for_url("**mode=different*")

    # The baseline (column 1) against column 2: "+3" improved on satisfied; its click shows only those items.
    improved = page.locator("button.rs-mx-imp[data-filter='imp:1:0']")
    assert improved.inner_text() == "+3"
    improved.click()
    page.wait_for_selector("table.rs-mx[data-only='imp:1:0']", state="attached")
    page.wait_for_url("**only=imp%3A1%3A0*")
    page.locator("button.rs-mx-clear").click()
    page.wait_for_selector("table.rs-mx[data-only='']", state="attached")

    # Two cells of the second row, side by side: their criteria and the word diff of their final drafts.
    row = page.locator("tr[data-row='1']")
    row.locator("td[data-column='0'] .rs-mx-pick").click()
    page.wait_for_selector("tr[data-row='1'] td.rs-mx-picked", state="attached")
    row.locator("td[data-column='1'] .rs-mx-pick").click()
    page.wait_for_url("**pair=1.0.1*")
    page.wait_for_selector(".rs-pair[data-row='1'][data-a='0'][data-b='1']", state="attached")
    page.wait_for_selector("tr[data-row='1'] td.rs-mx-pair[data-column='1']", state="attached")
    # The panel's marker comes first in its script run, the word diff a few elements later: wait for both sides.
    page.wait_for_function("() => document.querySelectorAll('.rs-cols .rs-diff').length === 2")
    wait_app(page)
    assert page.locator(".rs-cols .rs-diff").count() == 2
    shot(page, "matrix-pair")

    # The URL is the view: opened anew (another tab, a link someone shared), mode and pair come back.
    shared = page.url
    page.goto(shared)
    wait_app(page)
    page.wait_for_selector("table.rs-mx[data-mode='different']", state="attached")
    page.wait_for_selector(".rs-pair[data-row='1']", state="attached")
    page.wait_for_selector("table.rs-mx[data-mode='different'][data-shown='3']", state="attached")
    assert _rows_shown(page) == 3

    # A cell opens its run.
    page.locator("tr[data-row='0'] td[data-column='1'] a.rs-mx-open").click()
    page.wait_for_url(f"**run={runs[(0, 1)]}*")
    page.get_by_text("Satisfied ·", exact=False).first.wait_for()
