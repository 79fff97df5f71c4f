"""The HTML the product writes, laid out by real Chromium without a server: the stakeholder report, the
dashboard's heatmap frame and the suite grid (issue 22, items 13, 15, 16 and 18).

Each page is the product's own HTML set as the page's content; nothing here waits on time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rubric_core.events import RunEvent
from rubric_core.exports.report import render_report
from rubric_core.views.frames import criteria_frame_from_rows
from rubric_core.views.heatmap import heatmap_document
from rubric_core.views.run_view import RunView, criteria_rows

CRITERIA = ["Exactly three lines", "Is about spring", "Mentions rain", "At most 40 words", "Has a title"]


def _view(iterations: int = 4) -> RunView:
    events = [RunEvent("r1", 0, "run_started", 0.0, {"config": {"task": "t", "rubric": "- a", "model": "x:y"}})]
    for it in range(iterations):
        seq = len(events)
        events.append(RunEvent("r1", seq, "draft", 0.0, {"iteration": it, "text": f"draft {it + 1}\nline two"}))
        criteria = [
            {"name": n, "passed": (k + it) % 3 != 0, "gap": f"gap of {n} at {it + 1}"} for k, n in enumerate(CRITERIA)
        ]
        events.append(
            RunEvent(
                "r1",
                seq + 1,
                "evaluation",
                0.0,
                {"iteration": it, "result": "needs_revision", "criteria": criteria, "explanation": "e"},
            )
        )
    return RunView.from_events("r1", events)


@pytest.fixture
def html_page(browser) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    yield page
    context.close()


_COVERED_JS = """() => [...document.querySelectorAll('.rs-hm-cell')].filter((cell) => {
  const r = cell.getBoundingClientRect();
  if (r.bottom < 0 || r.top > innerHeight) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(hit === cell || cell.contains(hit));
}).map((c) => c.dataset.criterion + '/' + c.dataset.iteration)"""
"""Grid cells in view whose middle is covered by something else (a popover, a details panel)."""
_CHECKED_JS = """() => { const i = [...document.querySelectorAll('.rs-hm-cell input')].findIndex((x) => x.checked);
  if (i < 0) return null; const c = document.querySelectorAll('.rs-hm-cell:not(.none)')[i];
  return c.dataset.criterion + '/' + c.dataset.iteration; }"""


def _show_frame(page: Any, *, width: int = 1300, narrow: bool = False) -> int:
    """The dashboard's heatmap frame document of `_view()` in a viewport as large as the frame; its height."""
    view = _view()
    frame = criteria_frame_from_rows(criteria_rows("r1", view.all_iterations()))
    doc, height = heatmap_document(frame, key="t", drafts=view.drafts(), narrow=narrow)
    page.set_viewport_size({"width": width, "height": height})
    page.set_content(doc)
    return height


def test_report_details_never_cover_a_cell_and_the_next_click_works(html_page) -> None:
    """Item 13: a clicked cell's details cover no cell (nor are cut by the draft panel); the next click works."""
    page = html_page
    page.set_content(render_report(_view()))
    cell = page.locator('.rs-hm-cell[data-criterion="0"][data-iteration="1"]')
    cell.scroll_into_view_if_needed()
    cell.click()
    assert page.evaluate(_CHECKED_JS) == "0/1"
    assert page.evaluate(_COVERED_JS) == []
    details = cell.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert "Gap:" in details
    below = page.locator('.rs-hm-cell[data-criterion="1"][data-iteration="1"]')
    below.click()
    assert page.evaluate(_CHECKED_JS) == "1/1", "the click on the cell below selected it"
    assert page.evaluate(_COVERED_JS) == []
    # The draft panel and the details sit side by side, not one over the other.
    boxes = page.evaluate(
        """() => { const d = [...document.querySelectorAll('.rs-hm-draft')].find((e) => e.offsetParent !== null);
          const g = document.querySelector('.rs-hm-grid').getBoundingClientRect();
          const r = d.getBoundingClientRect(); return {draftTop: r.top, gridBottom: g.bottom}; }"""
    )
    assert boxes["draftTop"] >= boxes["gridBottom"], boxes


def _walk_the_grid_from_the_keyboard(page) -> None:
    """Tab reaches the grid; Enter checks the focused cell; the arrow keys move as on a map, each cell they
    reach checked (its details shown) and outlined. The radios alone went down the column on ArrowRight."""
    page.locator('.rs-hm-cell[data-criterion="0"][data-iteration="0"] input').focus()
    assert page.evaluate("() => document.activeElement.closest('.rs-hm-cell') !== null")
    page.keyboard.press("Enter")
    assert page.evaluate(_CHECKED_JS) == "0/0"
    walk = [
        ("ArrowRight", "0/1"),
        ("ArrowDown", "1/1"),
        ("ArrowRight", "1/2"),
        ("ArrowLeft", "1/1"),
        ("ArrowUp", "0/1"),
    ]
    for key, where in walk:
        page.keyboard.press(key)
        assert page.evaluate(_CHECKED_JS) == where, f"{key} should reach {where}"
    page.keyboard.press("ArrowUp")  # off the grid's edge: nothing moves
    assert page.evaluate(_CHECKED_JS) == "0/1"
    outline = page.evaluate("() => getComputedStyle(document.activeElement.closest('.rs-hm-cell')).outlineStyle")
    assert outline != "none"


def test_report_grid_works_from_the_keyboard(html_page) -> None:
    """Item 13: the report's grid from the keyboard alone."""
    page = html_page
    page.set_content(render_report(_view()))
    _walk_the_grid_from_the_keyboard(page)


def test_dashboard_heatmap_frame_works_from_the_keyboard(html_page) -> None:
    """The dashboard's heatmap frame, the same grid in its own document, moves the same way."""
    page = html_page
    _show_frame(page)
    _walk_the_grid_from_the_keyboard(page)


def test_dashboard_heatmap_frame_keeps_no_empty_box_and_shows_details_beside_the_grid(html_page) -> None:
    """Item 16: no empty "Click a cell" area under the grid; the clicked cell's details cover no cell."""
    page = html_page
    _show_frame(page)
    below = page.evaluate("() => innerHeight - document.querySelector('.rs-hm-grid').getBoundingClientRect().bottom")
    assert below < 60, f"{below} px of empty frame under the grid"
    hint = page.evaluate("() => document.querySelector('.rs-hm-hint').getBoundingClientRect().height")
    assert hint < 60, hint
    page.locator('.rs-hm-cell[data-criterion="2"][data-iteration="2"]').click()
    assert page.evaluate(_COVERED_JS) == []


def test_heatmap_legend_explains_the_review_marks() -> None:
    """Item 15: with reviews in the grid, the legend says what the blue dot and the blue outline mean."""
    import pandas as pd

    view = _view(2)
    frame = criteria_frame_from_rows(criteria_rows("r1", view.all_iterations()))
    frame["human_passed"] = pd.array([True] + [None] * (len(frame) - 1), dtype="boolean")
    frame["human_reason"] = pd.array([None] * len(frame), dtype="string")
    frame["reviewer"] = pd.array(["ann"] + [None] * (len(frame) - 1), dtype="string")
    doc, _ = heatmap_document(frame, key="t")
    assert "reviewed by a person" in doc and "disagrees with the grader" in doc
    plain, _ = heatmap_document(criteria_frame_from_rows(criteria_rows("r1", view.all_iterations())), key="t")
    assert "reviewed by a person" not in plain


def test_suite_grid_headers_are_not_cut(html_page) -> None:
    """Item 18: with room on the page, every criterion header of the suite grid shows its whole name."""
    import pandas as pd

    from rubric_core.suites.frames import SuiteFrames
    from rubric_ui.widgets.suite_views import grid_html

    names = [
        'Does not contain the letter "e"',
        "At least 22 words and no more than 26 words in all",
        "Exactly three lines",
        "Mentions the season named in the task",
    ]
    items = pd.DataFrame(
        [{"position": 0, "item_id": "poem-01", "task": "t", "run_id": "a" * 32, "status": "satisfied"}]
    )
    cells = pd.DataFrame(
        [
            {
                "position": 0,
                "criterion": n,
                "final_passed": True,
                "final_verdict": "pass",
                "final_gap": "",
                "final_check": "",
            }
            for n in names
        ]
    )
    frames = SuiteFrames({}, items, cells, names)
    page = html_page
    page.set_content(f"<div style='width:1300px'>{grid_html(frames)}</div>")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('th.rs-crit')].filter((th) => th.scrollWidth > th.clientWidth + 1
          || getComputedStyle(th).textOverflow === 'ellipsis').map((th) => th.textContent)"""
    )
    assert cut == [], cut


@pytest.mark.parametrize("width", [480, 560])
def test_a_half_width_heatmap_frame_shows_every_criterion_row(html_page, width: int) -> None:
    """Compare draws two grids side by side: in a half-width frame the legend wraps to more lines, and a frame
    sized for two lines cut off the last criterion row."""
    page = html_page
    height = _show_frame(page, width=width, narrow=True)
    last = page.locator(".rs-hm-label").last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= height, (last, height)
    below = page.evaluate("() => innerHeight - document.querySelector('.rs-hm-grid').getBoundingClientRect().bottom")
    assert below < 90, f"{below} px of empty frame under the grid"
