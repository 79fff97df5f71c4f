"""Issue 40 item 3, the Run page in Chromium: ▶ Present beside the task (never over it), the gap column in whole
lines, a reload that keeps the chosen iteration and the open Diff, Home and End in the heatmap."""

from __future__ import annotations

import pytest

from tests.browser.helpers import set_textarea, wait_app_idle, wait_run_page_settled

LONG_TASK = (
    "Write a short paragraph for the front page of our neighbourhood newsletter about the new community garden "
    "that opens on Saturday at the corner of Elm Street and Fifth Avenue, and invite every neighbour to come."
)
RUBRIC = (
    "- At most 20 words\n- Mentions the garden\n- Contains the word tomatoes\n"
    '- Does not contain the word "Saturday"\n- Ends with a question\n'
)


@pytest.fixture(params=[(1440, 900), (1280, 720)], ids=["1440x900", "1280x720"])
def sized(page, request):
    page.set_viewport_size({"width": request.param[0], "height": request.param[1]})
    return page


def _run(page, server) -> str:
    page.goto(server.url)
    wait_app_idle(page)
    set_textarea(page, "Task", LONG_TASK)
    set_textarea(page, "Rubric", RUBRIC)
    wait_app_idle(page)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    wait_run_page_settled(page)
    return page.url.split("run=")[1].split("&")[0]


OVERLAP_JS = """() => {
  const link = document.querySelector('.rs-rv .rs-present-link').getBoundingClientRect();
  const range = document.createRange();
  const text = document.querySelector('.rs-rv .rs-task-text');
  range.selectNodeContents(text);
  return [...range.getClientRects()].some((r) => r.width > 0 && r.left < link.right && r.right > link.left
    && r.top < link.bottom && r.bottom > link.top);
}"""
GAPS_JS = """() => [...document.querySelectorAll('.rs-rv .rs-crit-col td.rs-gap')].filter((td) => td.textContent.trim())
  .map((td) => {
    const range = document.createRange();
    range.selectNodeContents(td);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return {width: td.getBoundingClientRect().width, lines: tops.size, words: td.textContent.trim().split(/\\s+/).length};
  })"""


def test_present_sits_beside_the_task_and_the_gap_keeps_whole_lines(sized, server) -> None:
    page = sized
    _run(page, server)
    page.locator(".rs-rv .rs-task-text").wait_for()
    assert page.evaluate(OVERLAP_JS) is False, "▶ Present is drawn over the task's text"
    page.locator(".rs-rv .rs-chips .rs-chip").first.click()  # iteration 1: criteria with gaps
    page.locator(".rs-rv .rs-crit-col td.rs-gap").first.wait_for()
    gaps = page.evaluate(GAPS_JS)
    assert gaps, "no gap drawn"
    for gap in gaps:
        assert gap["width"] >= 120, gaps
        assert gap["words"] <= 2 or gap["lines"] < gap["words"], f"one word per line: {gaps}"


def _wait_address(page, part: str) -> None:
    page.wait_for_function("(part) => location.search.includes(part)", arg=part)


def test_a_reload_keeps_the_chosen_iteration_and_the_open_diff(page, server) -> None:
    run_id = _run(page, server)
    page.locator(".rs-rv .rs-chips .rs-chip").first.click()
    _wait_address(page, "it=1")
    page.get_by_role("radio", name="Diff").click()
    page.wait_for_selector(".rs-diff")
    _wait_address(page, "more=diff")
    _wait_address(page, "it=1")
    page.reload()
    wait_app_idle(page)
    assert run_id in page.url
    page.wait_for_selector(".rs-rv .rs-chips .rs-chip.on[data-key='0:0']", state="attached")
    assert page.locator(".rs-rv .rs-draft-col .rs-col-head").inner_text().startswith("Draft · iteration 1")
    page.wait_for_selector(".rs-diff")  # the Diff is open again
    # Back to the newest: the address says no iteration any more.
    page.get_by_role("button", name="Back to the newest").click()
    page.wait_for_function("() => !location.search.includes('it=')")


def test_home_and_end_move_along_the_heatmap(page, server) -> None:
    _run(page, server)
    grid = page.locator(".rs-rv[data-mode='run'] .rs-hm-grid").first
    grid.locator("button.rs-hm-cell").first.click()
    cols = grid.locator(".rs-hm-h").count() - 1
    rows = grid.locator(".rs-hm-label").count()
    assert cols >= 2 and rows >= 2

    def selected() -> tuple[int, int]:
        cell = grid.locator("button.rs-hm-cell.sel")
        return int(cell.get_attribute("data-criterion") or -1), int(cell.get_attribute("data-col") or -1)

    assert selected() == (0, 0)
    page.keyboard.press("End")
    assert selected() == (0, cols - 1)
    page.keyboard.press("Home")
    assert selected() == (0, 0)
    page.keyboard.press("Control+End")
    assert selected() == (rows - 1, cols - 1)
    page.keyboard.press("Control+Home")
    assert selected() == (0, 0)
