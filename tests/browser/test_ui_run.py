"""The Run page as a demanding user sees it, in real Chromium: numbering, heatmap, live view, state.

Every wait is on the page's DOM (Playwright waits, MutationObserver and PerformanceObserver records)
or the store, never on a window of wall time.
"""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.conftest import shot
from tests.browser.gate import RELEASE_ALL
from tests.browser.helpers import (
    RUN_FACTS,
    choose_custom_model,
    click_cancel,
    set_textarea,
    wait_run_page_settled,
)
from tests.browser.helpers import load_example as load_one_example
from tests.browser.helpers import wait_app_idle as wait_app

# Records long tasks (main-thread work over 50 ms) and whether the progress header was ever drawn
# inside the viewport, from the very first paint of every page of the context.
OBSERVERS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.__longtasks.push([Math.round(e.startTime), Math.round(e.duration)]);
  }).observe({type: 'longtask', buffered: true});
} catch (e) { window.__longtasks = null; }
window.__headerSeen = [];
window.__headerTexts = [];
new MutationObserver(() => {
  const el = document.querySelector('.rs-progress');
  if (el) {
    const r = el.getBoundingClientRect();
    if (!window.__liveFrom) window.__liveFrom = performance.now();
    window.__headerSeen.push(r.top >= 0 && r.bottom <= window.innerHeight);
    if (!window.__headerTexts.includes(el.textContent)) window.__headerTexts.push(el.textContent);
  }
}).observe(document, {subtree: true, childList: true});
"""

FREEZE_GUARD_MS = 1000
"""The longest main-thread task the test tolerates while a run is live, on an idle machine.

The product's target is 200 ms; bench/live_freeze.py measures it (a figure, not an assertion: a long task
is wall time, and a shared CI machine stretches a 150 ms redraw past 200 ms now and then). This test
guards the behaviour behind the figure: the freezes the issue saw (1.7 to 4.9 s, growing with every
iteration, from heavy views re-sent every poll) fail it by a wide margin.
"""


def freeze_bar_ms() -> float:
    """The guard scaled by how oversubscribed the machine is now (load average per core, at least 1)."""
    return FREEZE_GUARD_MS * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


def load_example(page, server, example: str) -> None:
    page.goto(server.url)
    wait_app(page)
    load_one_example(page, example)


def heatmap(page):
    """The run view element (drawn in the page itself, no frame), where the heatmap is."""
    return page.locator("[data-testid='rs-run-view']").first


def start(page) -> str:
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    return page.url.split("run=")[1].split("&")[0]


@pytest.fixture(autouse=True)
def _screen(page) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})


@pytest.fixture
def observed(page):
    page.context.add_init_script(OBSERVERS)
    return page


def test_live_run_counts_from_one_keeps_header_in_view_and_never_freezes(observed, server) -> None:
    page = observed
    load_example(page, server, "haiku")
    choose_custom_model(page, "offline:writer?latency=0.6")
    # The first draft is held until the page has said it is being written: on a loaded machine the first draw
    # after Start could come after a 0.6 s first draft, and "writing draft 1" was then never on screen.
    server.gates.arm(free=0)
    run_id = start(page)
    page.wait_for_function(
        "() => window.__headerTexts.includes('Iteration 1 of 3 · The agent is writing draft 1…')", timeout=90_000
    )
    server.gates.wait_claimed(page, run_id)  # held before its first writer call
    server.gates.release(run_id, RELEASE_ALL)
    page.wait_for_selector(".rs-progress")
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=90_000)
    # The banner comes from the polling fragment; the full redraw that follows replaces the heatmap's frame.
    wait_run_page_settled(page)
    # One numbering: chips, heatmap columns and the verdict summary count from 1.
    chips = page.eval_on_selector_all(".rs-chip", "els => els.map(e => e.textContent)")
    assert "1: needs revision" in chips and "3: satisfied" in chips, chips
    assert not any(c.startswith("0:") for c in chips), chips
    heads = heatmap(page).locator(".rs-hm-h").all_inner_texts()
    assert heads == ["Criterion", "1", "2", "3"], heads
    assert heatmap(page).locator(".rs-hm-cell").count() == 9
    # The header the user watches was drawn inside the viewport after Start.
    seen = page.evaluate("() => window.__headerSeen")
    assert seen and all(seen), seen
    # The phase is said in words, once, in the header (no extra "grading" pill or box beside it), with the run's
    # own cap from the first draw on.
    said = page.evaluate("() => window.__headerTexts")
    assert any("Iteration 1 of 3 · The agent is writing draft 1…" == t for t in said), said
    # The grading phase lasts milliseconds with the offline grader: whether a poll catches it depends on the
    # machine's load, so its words are checked where the page is drawn at that moment
    # (tests/ui/test_run_page_view.py::test_the_header_says_the_phase_in_words_with_the_runs_cap).
    assert all(" of 3 · " in t for t in said), said
    # The verdict summary is said once, in words (no raw status names).
    body = page.inner_text("[data-testid='stMain']")
    assert "needs_revision" not in body and "max_iterations_reached" not in body
    assert body.count("Grader's explanation") == 1, body
    longtasks = page.evaluate("() => window.__longtasks")
    assert longtasks is not None, "this Chromium has no long-task timing"
    live_from = page.evaluate("() => window.__liveFrom")
    during = [duration for start_ms, duration in longtasks if start_ms >= live_from]
    assert max(during, default=0) <= freeze_bar_ms(), (during, os.getloadavg())
    shot(page, "ui-run-finished")


def test_heatmap_labels_escaped_once_hover_and_click_show_gap_and_draft(page, server) -> None:
    page.goto(server.url)
    wait_app(page)
    criterion = 'Uses the letter "e" & never <b>bold</b> tags, and stays under forty words in total'
    set_textarea(page, "Task", "Write one short sentence about a cat.")
    set_textarea(page, "Rubric", f"- {criterion}\n- Exactly two sentences")
    start(page)
    page.get_by_text(RUN_FACTS).wait_for(timeout=90_000)
    wait_run_page_settled(page)  # the full redraw after the end is done: the heatmap frame stays
    grid = heatmap(page)
    label = grid.locator(".rs-hm-label").first
    assert label.inner_text() == criterion
    assert label.get_attribute("title") == criterion
    # A long label shows at most two whole lines inside its row (a third line's top showed below the first two).
    fit = label.evaluate(
        """(el) => { const s = el.querySelector('span'), r = s.getBoundingClientRect(), o = el.getBoundingClientRect();
        return {height: r.height, line: parseFloat(getComputedStyle(s).lineHeight), inside: r.top >= o.top && r.bottom <= o.bottom}; }"""
    )
    assert fit["inside"] and fit["height"] <= 2 * fit["line"] + 1, fit
    assert "&quot;" not in grid.locator(".rs-hm").inner_text()
    cell = grid.locator(".rs-hm-cell.fail").first
    title = cell.get_attribute("title") or ""
    assert title.startswith(grid.locator(".rs-hm-label").nth(int(cell.get_attribute("data-criterion"))).inner_text())
    assert "Gap:" in title
    # The heatmap takes the app's own font (its frame's policy had blocked it): the same family as the page's text.
    fonts = page.evaluate(
        """() => [getComputedStyle(document.querySelector('.rs-hm-cell')).fontFamily,
                  getComputedStyle(document.querySelector('[data-testid="stCaptionContainer"]')).fontFamily]"""
    )
    assert fonts[0] == fonts[1] and "Source Sans" in fonts[0], fonts
    # A clicked cell's details (its verdict, check and gap) and the draft at that iteration show beside the grid.
    assert grid.locator(".rs-hm-detail-text").count() == 0
    assert "Click a cell" in grid.locator(".rs-hm-details").first.inner_text()
    cell.click()
    details = grid.locator(".rs-hm-detail-text").first
    details.wait_for()
    assert details.inner_text() == title
    assert "Check: " in title and "Iteration" in title, title
    assert "Draft at iteration" in grid.locator(".rs-hm-draft").first.inner_text()
    assert "sel" in (cell.get_attribute("class") or "")
    shot(page, "ui-heatmap-clicked")
    # The arrow keys move along the row, as on a map, each cell reached chosen with its details.
    row, it = cell.get_attribute("data-criterion"), int(cell.get_attribute("data-iteration") or 0)
    columns = grid.locator(".rs-hm-h").count() - 1
    assert columns >= 2, "the run revised at least once, so the row has somewhere to go"
    key, target = ("ArrowRight", it + 1) if it + 1 < columns else ("ArrowLeft", it - 1)
    cell.focus()
    cell.press(key)
    moved = grid.locator(f'.rs-hm-cell[data-criterion="{row}"][data-iteration="{target}"]')
    assert moved.evaluate("(el) => el.classList.contains('sel') && document.activeElement === el"), (
        f"{key} did not move along the row"
    )
    assert details.inner_text() == moved.get_attribute("title")
    # Down moves across the criteria, in the same iteration.
    moved.press("ArrowDown")
    below = grid.locator(f'.rs-hm-cell[data-criterion="{int(row) + 1}"][data-iteration="{target}"]')
    if below.count():
        assert below.evaluate("(el) => document.activeElement === el")


def test_navigation_keeps_the_editor_and_the_watched_run(page, server) -> None:
    load_example(page, server, "photosynthesis")
    run_id = start(page)
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=90_000)
    wait_run_page_settled(page)  # click after the full redraw that follows the end, not during it
    page.get_by_text("Task and rubric: edit them", exact=False).click()
    page.get_by_label("Task", exact=True).wait_for()
    set_textarea(page, "Task", "A task typed but not started")
    page.get_by_role("link", name="Runs").click()
    page.wait_for_url("**/runs*")
    page.get_by_text(re.compile(r"\d+ runs? · page 1 of")).wait_for()
    page.get_by_role("link", name="Run", exact=True).click()
    page.wait_for_url(f"**run={run_id}*")
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    wait_run_page_settled(page)
    # The editor is still open and holds what was typed.
    assert page.get_by_label("Task", exact=True).input_value() == "A task typed but not started"
    assert "Mentions light" in page.get_by_label("Rubric", exact=True).input_value()


def test_cancel_shows_cancelling_at_once_and_no_live_state_after(page, server) -> None:
    load_example(page, server, "lipogram")
    choose_custom_model(page, "offline:writer?latency=2.5")
    start(page)
    page.wait_for_selector(".rs-progress")
    try:
        click_cancel(page, timeout=90_000)
    except Exception:
        shot(page, "debug-cancel")
        raise
    page.get_by_text("Cancelling", exact=False).first.wait_for()
    page.get_by_text("Cancelled ·", exact=False).wait_for(timeout=60_000)
    wait_run_page_settled(page)
    main = page.locator("[data-testid='stMain']")
    assert main.locator(".rs-chip[data-status='grading']").count() == 0
    assert main.get_by_text("The grader is checking", exact=False).count() == 0
    assert main.get_by_text("Cancelling", exact=False).count() == 0
    shot(page, "ui-run-cancelled")


# Every label, button caption and picked option in the main area whose text the browser had to cut (an ellipsis,
# or an input scrolled sideways).
CUT_TEXT_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const cut = [];
  for (const el of main.querySelectorAll('button p, button div, [data-testid="stWidgetLabel"] p, input[role="combobox"]')) {
    if (el.offsetParent === null) continue;
    if (el.scrollWidth > el.clientWidth + 1) cut.push((el.value || el.textContent || '').slice(0, 80));
  }
  return cut;
}"""


def test_editor_labels_buttons_and_pickers_are_never_cut_and_errors_have_room(page, server) -> None:
    load_example(page, server, "lipogram")  # the longest example title
    wait_app(page)
    assert page.evaluate(CUT_TEXT_JS) == []
    page.get_by_label("Grader model", exact=True).click()
    page.get_by_role("option", name="Custom provider:model", exact=False).click()
    set_textarea(page, "Grader model spec", "nonsense-provider:foo")
    page.get_by_role("button", name="Start run").click()
    error = page.locator("[data-testid='stAlertContentError']").filter(has_text="Unknown provider").first
    error.wait_for()
    wait_app(page)
    assert page.evaluate(CUT_TEXT_JS) == []
    # The message beside the field wraps at the width of a sentence, not every two or three words.
    box = error.bounding_box()
    assert box is not None and box["width"] >= 320, box
    shot(page, "ui-run-editor-error")
