"""Back and Forward around runs (issue 33 item 13): the first Back after a Start leaves the run, and Back from
a run opened on the Runs list lands on the list without the run in its URL."""

from __future__ import annotations

from tests.browser.helpers import start_example, wait_app_idle, wait_run_page_settled

NO_RUN_IN_URL = "() => !location.search.includes('run=')"


def _title(page) -> str:
    return page.locator("h1").first.inner_text()


def test_back_after_start_shows_the_editor_then_the_page_before(page, server) -> None:
    page.goto(f"{server.url}/runs")
    wait_app_idle(page)
    run_id = start_example(page, server, "haiku")  # opens the Run page (a new entry), then Start
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    wait_run_page_settled(page)
    page.go_back()
    # The entry before the Start: the editor, not the run put back (before, the URL got ?run= again at once
    # and the page stayed on the run).
    page.wait_for_function(NO_RUN_IN_URL)
    page.get_by_role("button", name="Start run").wait_for()
    wait_app_idle(page)
    assert run_id not in page.url and _title(page) == "Run"
    page.go_forward()
    page.wait_for_url(f"**run={run_id}*")
    page.get_by_text("Satisfied ·", exact=False).wait_for()


def test_back_from_a_run_opened_on_the_runs_list_lands_on_the_list_without_the_run(page, server) -> None:
    run_id = start_example(page, server, "haiku")
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    wait_run_page_settled(page)
    page.get_by_role("link", name="Runs").click()
    page.wait_for_function("() => location.pathname.endsWith('/runs')")
    wait_app_idle(page)
    grid = page.locator("[data-testid='stDataFrame']").first
    grid.locator("canvas").first.wait_for()
    box = grid.bounding_box()
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)  # the first row's box: the newest run
    page.get_by_role("button", name="Open", exact=True).click()
    page.wait_for_url(f"**run={run_id}*")
    wait_app_idle(page)
    page.go_back()
    page.wait_for_function("() => location.pathname.endsWith('/runs')")
    page.wait_for_function(NO_RUN_IN_URL)  # was /runs?run=<id>
    wait_app_idle(page)
    assert "run=" not in page.url and _title(page) == "Runs"
