"""The Suites page in real Chromium: run the bundled suite live, open an item from the grid, compare two runs.

Every wait is on the DOM (data attributes the page writes) or the store, never on a window of time.
"""

from __future__ import annotations

from rubric_core.store import open_store
from rubric_core.suites import suite_run_ids
from rubric_core.suites.example import example_rubric
from rubric_core.suites.suite_store import get_suite_run
from tests.browser.conftest import shot
from tests.browser.helpers import open_selectbox, set_textarea
from tests.browser.helpers import wait_app_idle as wait_app

PROGRESS = ".rs-suite-progress"


def _done_js(suite_id: str, condition: str) -> str:
    """A JS predicate on the progress marker of `suite_id` (a stale marker of another suite run never counts)."""
    return (
        f"() => {{ const e = document.querySelector('{PROGRESS}[data-suite=\"{suite_id}\"]'); if (!e) return false; "
        f"const done = Number(e.dataset.done), total = Number(e.dataset.total), status = e.dataset.status; "
        f"return {condition}; }}"
    )


def _wait_settled(page, suite_id: str) -> None:
    """Until the page has been redrawn in full for the ended suite run and that redraw is done.

    When a suite run ends, its polling fragment draws the final counts and then asks for a full rerun; a click or a
    key press in between can be lost in that rerun (an open dropdown closes). Click only after this.
    """
    page.wait_for_selector(f'{PROGRESS}[data-suite="{suite_id}"][data-polling="false"]', state="attached")
    wait_app(page)


def _start_suite(page, previous: str = "") -> str:
    """Click Start and wait for the URL to name the new suite run (not the one already in the URL)."""
    page.get_by_role("button", name="Start suite run").click()

    def _new_suite(url: str) -> bool:
        return "suite=" in url and url.split("suite=")[1].split("&")[0] not in ("", previous)

    page.wait_for_url(_new_suite, timeout=60_000)
    return page.url.split("suite=")[1].split("&")[0]


def test_run_the_bundled_suite_live_open_an_item_and_compare(page, server, monkeypatch) -> None:
    page.goto(f"{server.url}/suites")
    wait_app(page)
    set_textarea(page, "Working model", "offline:writer?latency=0.5")
    first = _start_suite(page)
    # It fills in while it runs: some items done, not all, then all 24.
    page.wait_for_function(_done_js(first, "done >= 1 && done < total && status === 'running'"), timeout=120_000)
    shot(page, "suite-live")
    page.wait_for_function(_done_js(first, "done === 24 && status === 'finished'"), timeout=300_000)
    _wait_settled(page, first)
    # Every item x criterion cell links to its run (the full redraw after the end replaces the live grid).
    page.wait_for_function("() => document.querySelectorAll('a.rs-cell').length === 24 * 4", timeout=60_000)
    shot(page, "suite-finished")

    # Open an item's run from the grid: poem-01 ends satisfied under rubric v1 (an e-free poem at the second draft);
    # its page links back to the suite run (issue 22 item 10).
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(server.home))
    store = open_store()
    try:
        run_ids = suite_run_ids(store, first)
    finally:
        store.close()
    page.locator('a.rs-cell[data-item="poem-01"]').first.click()
    page.wait_for_url(f"**run={run_ids[0]}*")
    page.get_by_text("Satisfied ·", exact=False).first.wait_for(timeout=60_000)
    back = page.get_by_role("link", name="Back to the suite run", exact=False)
    back.wait_for()
    back.click()
    page.wait_for_url(f"**/suites?suite={first}*")
    page.wait_for_selector(f'{PROGRESS}[data-suite="{first}"]', state="attached")

    # Edit the rubric into v2, run the suite again, compare the two runs: the four poems at the cap under v1 (a
    # band of 22 to 26 words) are satisfied under v2 (20 to 40): 4 fixed, none broken.
    page.goto(f"{server.url}/suites?suite={first}")
    wait_app(page)
    page.get_by_text("New suite run").click()
    set_textarea(page, "Working model", "offline:writer")
    set_textarea(page, "Rubric", example_rubric(2))
    second = _start_suite(page, previous=first)
    page.wait_for_function(_done_js(second, "done === 24 && status === 'finished'"), timeout=300_000)
    store = open_store()
    try:
        assert get_suite_run(store, second)["rubric_version"] == 2  # the edit became library version 2
    finally:
        store.close()
    _wait_settled(page, second)
    page.get_by_role("tab", name="Compare with another").click()
    wait_app(page)
    open_selectbox(page, "Compare with (A is the older suite run, B the newer)")
    page.get_by_role("option").first.click()
    page.wait_for_selector('.rs-compare[data-fixed="4"][data-broken="0"]', state="attached", timeout=60_000)
    # The compare view is several Streamlit elements drawn one after another: wait for the flip list and the
    # rubric diff themselves, not only for the summary element that comes first.
    page.wait_for_function(
        """() => document.querySelectorAll('li.rs-flip[data-side="fixed"]').length >= 4
             && document.querySelectorAll('.rs-rubric-diff ins.rs-ins').length >= 1""",
        timeout=60_000,
    )
    flips = page.locator('li.rs-flip[data-side="fixed"]')
    assert flips.count() == 4
    assert flips.first.get_attribute("data-item") == "poem-04"
    href = flips.first.locator("a").first.get_attribute("href")
    assert href == f"./?run={run_ids[3]}"
    assert page.locator(".rs-rubric-diff ins.rs-ins").count() >= 1
    # The first suite run's writer was slowed (?latency=0.5): the compare says the models differ, naming both.
    warning = page.get_by_text("The two suite runs used different models", exact=False)
    warning.wait_for()
    assert "A offline:writer?latency=0.5, B offline:writer" in warning.inner_text()
    shot(page, "suite-compare")
