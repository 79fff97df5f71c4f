"""The Review page in real Chromium: the review queue driven by its keyboard shortcuts, and the what-if view."""

from __future__ import annotations

import json

import pytest

from rubric_core.store import judge as judge_store
from rubric_core.store import open_store
from tests.browser.conftest import shot
from tests.browser.helpers import wait_app_idle as wait_app
from tests.core.helpers import run_cli


@pytest.fixture(scope="module")
def haiku_run(server) -> str:
    """A stored offline haiku run in the app's data directory (made by the command line)."""
    out = run_cli("run", "--example", "haiku", "--jsonl", env={"RUBRIC_STUDIO_HOME": str(server.home)})
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[0])["run_id"]


def _cell(page, n: int) -> None:
    page.get_by_text(f"Cell {n} of 9", exact=False).wait_for()


def _press(page, key: str) -> None:
    # Only once the run that drew the cell has ended: a shortcut pressed while that run was still redrawing
    # the buttons was lost (no rerun was sent; loaded clean-clone CI run, the second "b" of two).
    wait_app(page)
    # Shortcuts are ignored while a text field has focus (as they should be): press them on the page.
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)


def test_review_queue_with_keyboard_shortcuts(page, server, haiku_run) -> None:
    page.goto(f"{server.url}/review?run={haiku_run}")
    wait_app(page)
    _cell(page, 1)
    page.get_by_text("Cherry blossoms drift", exact=False).first.wait_for()
    name = page.get_by_label("Reviewer name", exact=True)
    name.fill("ann")
    name.press("Enter")
    page.wait_for_selector("[data-testid='stButton'] button:has-text('Pass'):not([disabled])")
    # Only the fresh field: a rerun keeps the previous one on screen (stale) until it ends.
    page.wait_for_function("() => document.querySelectorAll(\"input[aria-label='Reason (optional)']\").length === 1")
    reason = page.locator("input[aria-label='Reason (optional)']")
    reason.fill("it has four lines")
    reason.press("Enter")
    # Typing "f" in the reason field must not fail the cell: the shortcut only acts outside fields.
    page.wait_for_function("() => [...document.querySelectorAll('input')].some(i => i.value === 'it has four lines')")
    _press(page, "f")
    _cell(page, 2)
    store = open_store(server.store_url)
    try:
        rows = judge_store.latest_reviews(store, [haiku_run])
        assert [(r["iteration"], r["criterion"], r["passed"], r["reviewer"], r["reason"]) for r in rows] == [
            (0, "Exactly three lines", False, "ann", "it has four lines")
        ]
        _press(page, "s")
        _cell(page, 3)
        _press(page, "b")
        _cell(page, 2)
        _press(page, "b")
        _cell(page, 1)
        page.get_by_text("Reviewed: ✘ fail by ann", exact=False).wait_for()
        shot(page, "review-queue")
        _press(page, "p")
        _cell(page, 2)
        assert [r["passed"] for r in judge_store.latest_reviews(store, [haiku_run])] == [True]
        assert len(judge_store.review_history(store, haiku_run)) == 2
        _press(page, "n")
        _cell(page, 3)
    finally:
        store.close()


def test_what_if_view_side_by_side(page, server, haiku_run) -> None:
    page.goto(f"{server.url}/review?run={haiku_run}")
    wait_app(page)
    page.get_by_role("tab", name="What-if regrade").click()
    page.get_by_text("written in reply to the ORIGINAL grader's feedback", exact=False).wait_for()
    area = page.get_by_label("Rubric to regrade with")
    area.fill("- Exactly three lines\n- Mentions blossoms")
    area.press("Tab")
    page.get_by_role("button", name="Regrade every draft").click()
    page.get_by_text("regraded, it would stop at iteration 2", exact=False).wait_for(timeout=60_000)
    tables = page.locator("table.rv-whatif")
    # The summary line can be on screen before the script run that draws it has sent its last table: wait for
    # the third table and for the run's end before counting.
    tables.nth(2).wait_for()
    wait_app(page)
    assert tables.count() == 3
    assert page.get_by_text("the what-if loop stops here", exact=False).count() == 1
    first = tables.first.inner_text()
    assert "Follows a 5-7-5 syllable pattern" in first and "dropped" in first
    shot(page, "review-what-if")
