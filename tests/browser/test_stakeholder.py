"""A run page you'd show a stakeholder (issue 22), in real Chromium at 1440x900.

Each test waits on what the page shows (a DOM element or attribute) or on a stored row, never on a window of
time; a run is held at a known point with the test gate (gate.py) where the test needs one.
"""

from __future__ import annotations

import random
import time

import pytest

from rubric_ui.screens.runs_table import STATUS_PX, TASK_PX
from tests.browser.conftest import shot
from tests.browser.helpers import (
    click_cancel,
    open_server_store,
    set_textarea,
    start_example,
    wait_app_idle,
    wait_run_page_settled,
    wait_run_status,
)

VIEW = {"width": 1440, "height": 900}
RUN_VIEW_RECTS_JS = """() => {
  const shown = (sel) => [...document.querySelectorAll(sel)].find((el) => el.getClientRects().length > 0);
  const chips = shown('.rs-chips'), crit = shown('.rs-crit');
  if (!chips || !crit) return null;
  return {chips_bottom: chips.getBoundingClientRect().bottom, crit_top: crit.getBoundingClientRect().top};
}"""
"""Where the run view's chips end and its first verdict starts, in the window (null while not drawn)."""


@pytest.fixture
def page900(page):
    page.set_viewport_size(VIEW)
    return page


def _custom_run(page, server, *, rubric: str, max_iterations: int, task: str = "Describe a lighthouse.") -> None:
    """The editor with a task, a rubric and a cap, not started."""
    page.goto(server.url)
    wait_app_idle(page)
    set_textarea(page, "Task", task)
    set_textarea(page, "Rubric", rubric)
    box = page.get_by_role("spinbutton", name="Max iterations")
    box.fill(str(max_iterations))
    box.press("Tab")
    wait_app_idle(page)
    assert box.input_value() == str(max_iterations)


def _stored_drafts(server, run_id: str) -> list[int]:
    with open_server_store(server) as store:
        return [int(e.data["iteration"]) for e in store.run_events(run_id) if e.type == "draft"]


def test_start_with_the_editor_open_brings_the_live_view_into_sight(page900, server) -> None:
    """Item 2: Start folds the editor; the run's chips and verdicts are in the first screen."""
    page = page900
    first = start_example(page, server, "haiku")
    wait_run_page_settled(page)
    page.get_by_text("Task and rubric: edit them", exact=False).click()
    page.get_by_label("Task", exact=True).wait_for()
    wait_app_idle(page)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url(lambda url: "run=" in url and first not in url)
    page.wait_for_selector(".rs-chips", state="visible")
    wait_run_page_settled(page)
    assert page.get_by_label("Task", exact=True).count() == 0, "the editor is folded"
    # Read in one go in the page: the run view element can be between two draws of its DOM when a locator's
    # second step runs (a bounding box of None was seen under load). The test does not scroll.
    in_sight = f"(h) => {{ const r = ({RUN_VIEW_RECTS_JS})(); return !!r && r.chips_bottom <= h && r.crit_top < h; }}"
    try:
        page.wait_for_function(in_sight, arg=VIEW["height"])
    except Exception:
        raise AssertionError(f"chips or verdicts below the first screen: {page.evaluate(RUN_VIEW_RECTS_JS)}") from None
    shot(page, "stakeholder-start-folds-editor")


def test_cancel_while_the_next_draft_is_written_writes_no_further_draft(page900, server) -> None:
    """Item 3: Cancel stops before another draft appears, even when that draft's model call was under way."""
    page = page900
    _custom_run(page, server, rubric="- Is witty and original", max_iterations=6)
    server.gates.arm()
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = page.url.split("run=")[1].split("&")[0]
    page.wait_for_selector(".rs-verdict", state="attached")  # the first draft is graded: the gate is claimed
    assert server.gates.claimed() == [run_id]
    server.gates.release(run_id, 3)  # writer calls 0 to 2: drafts 1 to 3; draft 4's call is held, in flight
    page.wait_for_selector('.rs-progress:has-text("writing draft 4")')
    click_cancel(page)
    page.wait_for_selector('.rs-progress[data-phase="cancelling"]', state="attached")
    server.gates.release_all()
    wait_run_status(server, run_id, {"cancelled"})
    wait_run_page_settled(page)
    assert _stored_drafts(server, run_id) == [0, 1, 2]
    page.get_by_text("Cancelled ·", exact=False).wait_for()


def test_chips_never_wrap_mid_label(page900, server) -> None:
    """Item 14: a run of 12 iterations: every chip is on one line ("9: needs revision", never "9: needs / revision")."""
    page = page900
    _custom_run(page, server, rubric="- Is witty and original", max_iterations=12)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    page.get_by_text("Max iterations reached ·", exact=False).wait_for()
    wait_run_page_settled(page)
    chips = page.eval_on_selector_all(".rs-chip", "els => els.map(e => [e.textContent, e.getClientRects().length])")
    assert len(chips) == 12, chips
    assert all(lines == 1 for _text, lines in chips), chips


def _seed_long_run(server, iterations: int) -> str:
    from bench.seed import run_events

    run_id = f"long{iterations:02d}".ljust(32, "0")  # one per length: the tests share a server and its store
    with open_server_store(server) as store:
        if store.get_run(run_id) is None:
            store.import_runs(
                [(run_events(run_id, time.time() + 3600, iterations=iterations, criteria=4, rng=random.Random(3)), "t")]
            )
    return run_id


def _runs_grid(page, server):
    page.goto(f"{server.url}/runs")
    wait_app_idle(page)
    grid = page.locator("[data-testid='stDataFrame']").first
    grid.locator("canvas").first.wait_for()
    return grid.bounding_box()


def test_runs_preview_shows_every_iteration_and_one_click_opens_a_run(page900, server) -> None:
    """Item 5: the preview heatmap of a 16-iteration run shows every column. Item 6: one click on a run opens it."""
    page = page900
    run_id = _seed_long_run(server, 16)
    box = _runs_grid(page, server)
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)  # the newest row's box: the preview
    # The run view's own heatmap in the page (issue 40 item 2: it was a grid in a frame of its own).
    grid = page.locator(".rs-rv[data-mode='heatmap'] .rs-hm-grid").first
    grid.wait_for()
    shown = grid.evaluate(
        """(grid) => {
          const heads = [...grid.querySelectorAll('.rs-hm-h')];
          const last = heads[heads.length - 1].getBoundingClientRect();
          const view = grid.closest('.rs-hm-scroll').getBoundingClientRect();
          return {last: heads[heads.length - 1].textContent, right: last.right, viewRight: view.right,
                  frameWidth: document.documentElement.clientWidth};
        }"""
    )
    assert shown["last"] == "16", shown
    assert shown["right"] <= shown["viewRight"] + 1 and shown["right"] <= shown["frameWidth"], shown
    shot(page, "stakeholder-runs-preview-16")
    # One click on a run's task (a button in the table) opens it on the Run page: no tick, no Open button.
    box = _runs_grid(page, server)
    task_x = box["x"] + 18 + (STATUS_PX + 5) + 90 + 60  # the box, the status and created columns, into the task
    page.mouse.click(task_x, box["y"] + 35 + 17)
    page.wait_for_url(f"**run={run_id}*")
    page.wait_for_selector(f".rs-verdict[data-iteration='{15}']", state="attached")
    # A click on another of its cells (the model) opens it too, through the table's selection.
    box = _runs_grid(page, server)
    assert "run=" not in page.url
    page.mouse.click(box["x"] + 18 + (STATUS_PX + 5) + 90 + (TASK_PX[0] + 45) + 90 + 60, box["y"] + 35 + 17)
    page.wait_for_url(f"**run={run_id}*")
    page.wait_for_selector(f".rs-verdict[data-iteration='{15}']", state="attached")


def test_a_wide_heatmap_scrolls_sideways_with_every_row_and_its_details_in_sight(page900, server) -> None:
    """Item 5, second pass: a 20-iteration run's heatmap on the Run page scrolls sideways inside its box, with the
    legend above it, every row and the scroll bar inside the box (in its frame the last row and the bar had sat
    below the frame's edge), and the details of a clicked cell beside it."""
    page = page900
    run_id = _seed_long_run(server, 20)
    page.goto(f"{server.url}/?run={run_id}")
    wait_app_idle(page)
    element = page.locator("[data-testid='rs-run-view']")
    element.locator(".rs-hm-grid").wait_for()
    fit = element.locator(".rs-hm-scroll").evaluate(
        """(scroller) => {
          const box = scroller.getBoundingClientRect();
          const grid = scroller.querySelector('.rs-hm-grid').getBoundingClientRect();
          const legend = scroller.closest('.rs-hm').querySelector('.rs-hm-legend').getBoundingClientRect();
          const details = scroller.closest('.rs-hm').querySelector('.rs-hm-details').getBoundingClientRect();
          return {sideways: scroller.scrollWidth > scroller.clientWidth,
                  rowsInside: scroller.scrollHeight <= scroller.clientHeight + 1,
                  gridBottom: grid.bottom, boxBottom: box.bottom, legendAbove: legend.bottom <= box.top + 1,
                  detailsBeside: details.left >= box.right - 1};
        }"""
    )
    assert fit["sideways"], fit  # 20 columns are wider than the grid's box: it scrolls sideways
    assert fit["rowsInside"] and fit["gridBottom"] <= fit["boxBottom"], fit  # no row (nor the bar) cut off
    assert fit["legendAbove"] and fit["detailsBeside"], fit
    last = element.locator('.rs-hm-cell[data-iteration="19"]').first
    last.scroll_into_view_if_needed()
    last.click()
    assert "Iteration 20:" in element.locator(".rs-hm-detail-text").inner_text()


def test_runs_filters_match_any_case_and_part_of_a_model_or_tag(page900, server) -> None:
    """Item 7: "WRITER" finds offline:writer, "bike" finds bike-lock, and the page says how many match."""
    page = page900
    run_id = start_example(page, server, "haiku")
    wait_run_page_settled(page)
    with open_server_store(server) as store:
        store.set_tags(run_id, ["bike-lock"])
        total = store.count_runs()
    page.goto(f"{server.url}/runs")
    wait_app_idle(page)
    page.get_by_text("Filters", exact=True).click()
    set_textarea(page, "Model contains (working or grader)", "WRITER")
    page.get_by_text(f"{total:,} run{'s match' if total != 1 else ' matches'} the filters", exact=False).wait_for()
    set_textarea(page, "Tag contains", "bike")
    page.get_by_text("1 run matches the filters", exact=False).wait_for()


def test_review_opens_the_run_you_came_from_keeps_the_reviewer_and_colours_the_verdicts(page900, server) -> None:
    """Item 11: Review opens the watched run (not the newest), the reviewer name outlives a reload, and Pass and
    Fail each have a colour and an icon of their own."""
    page = page900
    older = start_example(page, server, "haiku")
    wait_run_page_settled(page)
    start_example(page, server, "photosynthesis")  # a newer run
    wait_run_page_settled(page)
    page.goto(f"{server.url}/?run={older}")
    wait_run_page_settled(page)
    page.get_by_role("link", name="Review").click()
    page.wait_for_url("**/review*")
    wait_app_idle(page)
    assert f"run={older}" in page.url  # the page writes the run it picked into its URL
    set_textarea(page, "Reviewer name", "ann")
    page.wait_for_url(lambda url: "reviewer=ann" in url)  # the name is in the address the reload opens
    page.reload()
    wait_app_idle(page)
    assert page.get_by_label("Reviewer name", exact=True).input_value() == "ann"
    look = page.evaluate(
        """() => ['review_pass', 'review_fail'].map(k => {
          const b = document.querySelector('.st-key-' + k + ' button');
          return [getComputedStyle(b).backgroundColor, b.querySelector('[data-testid="stIconMaterial"]')?.textContent];
        })"""
    )
    (pass_bg, pass_icon), (fail_bg, fail_icon) = look
    assert pass_bg != fail_bg, look
    assert pass_icon and fail_icon and pass_icon != fail_icon, look
    shot(page, "stakeholder-review")


def test_present_from_the_sidebar_opens_the_watched_run_with_the_replay_in_sight(page900, server) -> None:
    """Item 12: the sidebar's Present link opens the run being watched; its replay is in the first screen."""
    page = page900
    run_id = start_example(page, server, "haiku")
    wait_run_page_settled(page)
    page.get_by_test_id("stSidebarNavItems").get_by_role("link", name="Present").click()
    page.wait_for_url(lambda url: "view=present" in url and f"run={run_id}" in url)
    play = page.get_by_role("button", name="Play")
    play.wait_for()
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= VIEW["height"], box
    page.get_by_text("What came out: the final draft", exact=False).wait_for()  # in the first screen (issue 40)
    shot(page, "stakeholder-present")


def test_every_page_title_has_the_same_size(page900, server) -> None:
    """Item 17: Run, Runs, Rubrics, Suites, Review and Export open with a title of one size."""
    page = page900
    sizes = {}
    for path in ("/", "/runs", "/rubrics", "/suites", "/review", "/export"):
        page.goto(server.url + path)
        wait_app_idle(page)
        sizes[path] = page.evaluate(
            """() => { const h = document.querySelector('[data-testid="stMain"] h1, [data-testid="stMain"] h2,'
                + ' [data-testid="stMain"] h3');
              return h ? [h.tagName, getComputedStyle(h).fontSize] : null; }"""
        )
    assert len({tuple(v) for v in sizes.values() if v}) == 1 and all(sizes.values()), sizes


def test_max_iterations_field_holds_its_range(page900, server) -> None:
    """Item 20: the field says its range; 40 typed in it becomes 20 and the page says so beside the field, so
    Start never answers in config-file words nor runs silently with the old value."""
    page = page900
    page.goto(server.url)
    wait_app_idle(page)
    set_textarea(page, "Task", "Describe a lighthouse.")
    set_textarea(page, "Rubric", "- At most 40 words")
    box = page.get_by_role("spinbutton", name="Max iterations")
    assert "1 to 20" in (box.get_attribute("aria-label") or "")
    box.fill("40")
    box.press("Enter")
    page.get_by_text("40 is more than allowed: Max iterations is set to 20", exact=False).wait_for()
    wait_app_idle(page)
    assert box.input_value() == "20"
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = page.url.split("run=")[1].split("&")[0]
    assert "Write for example" not in page.inner_text("[data-testid='stMain']")
    row = wait_run_status(server, run_id, {"satisfied", "max_iterations_reached"})
    assert row["config"]["max_iterations"] == 20, row["config"]


_PICKER_TEXT_JS = """(sel) => { const els = document.querySelectorAll(sel); const e = els[els.length - 1];
  if (!e || e.closest('[data-stale="true"]')) return '';
  return [...e.querySelectorAll('input')].map((i) => i.value).join(' ') + ' ' + e.innerText; }"""
"""The text a suite picker shows: its chosen option is the value of its input."""


def test_suite_picker_says_the_suite_run_ended(page900, server) -> None:
    """Item 8: once a suite run is cancelled, its picker label says so (not "Running · 0/24" until a reload)."""
    page = page900
    page.goto(f"{server.url}/suites")
    wait_app_idle(page)
    set_textarea(page, "Working model", "offline:writer?latency=0.3")
    page.get_by_role("button", name="Start suite run").click()
    page.wait_for_url("**suite=*")
    suite_id = page.url.split("suite=")[1].split("&")[0]
    progress = f'.rs-suite-progress[data-suite="{suite_id}"]'
    page.wait_for_selector(f'{progress}[data-status="running"]', state="attached")
    picker = f"[class*='st-key-suites_pick_{suite_id}']"
    page.wait_for_function(f"(sel) => ({_PICKER_TEXT_JS})(sel).includes('Running')", arg=picker)
    page.get_by_role("button", name="Cancel suite run").click()
    page.wait_for_selector(f'{progress}[data-status="cancelled"]', state="attached")
    page.wait_for_function(f"(sel) => ({_PICKER_TEXT_JS})(sel).includes('Cancelled')", arg=picker)
    wait_app_idle(page)
    assert "Running" not in page.evaluate(_PICKER_TEXT_JS, picker)
