"""The run view element (rubric_ui/widgets/run_element.py) in real Chromium: it draws a run from its one payload,
never lets planted text run or become an element, keeps only safe links, and takes clicks.

Waits are on what the page shows (elements, attributes, the page recorder's counts), never on a stretch of time.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.helpers import (
    STEP_TIMEOUT_MS,
    open_server_store,
    page_requests,
    planted,
    wait_app_idle,
    wait_requested_after,
)
from tests.core.helpers import XSS_IMG, XSS_LINK, XSS_SCRIPT, planted_run_events

ELEMENT = "[data-testid='rs-run-view']"
UNSAFE_LINKS_JS = """() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))
  .filter((h) => /^\\s*(javascript|data|vbscript):/i.test(h))"""

expect.set_options(timeout=STEP_TIMEOUT_MS)  # what the page shows is waited on as long as any step


def _seed_planted(server, run_id: str) -> str:
    with open_server_store(server) as store:
        if store.get_run(run_id) is None:
            store.import_runs([(planted_run_events(run_id), "planted")])
    return run_id


def _no_planted_code(page, where: str) -> None:
    assert planted(page) == [], where
    assert page.evaluate("() => window.__xss") is None, where
    assert page.evaluate(UNSAFE_LINKS_JS) == [], where


def test_planted_text_in_every_part_of_a_run_is_drawn_as_text_and_never_runs(page, server) -> None:
    """Task, rubric, drafts (Markdown), files, criteria, checks, gaps, explanations, grader tool calls, feedback and
    the final output all carry `<img onerror>`, `<script>` and a `javascript:` link: the element shows each as text,
    on the Run page and on Present, through every chip, cell and replay step."""
    run_id = _seed_planted(server, "plant" + "0" * 27)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server.url}/?run={run_id}")
    wait_app_idle(page)
    element = page.locator(ELEMENT)
    element.locator(".rs-hm-grid").wait_for()
    for fold in element.locator("details").all():  # the rubric, the draft's file, the grader's tool calls
        fold.locator("summary").click()
    text = element.inner_text()
    notice = f"The writer's note: Wrote the nearest genre {XSS_SCRIPT}"  # the draft event's notice, beside it
    for needle in (XSS_IMG, XSS_SCRIPT, f"explained {XSS_SCRIPT}", f"word match: {XSS_IMG}", f"gap {XSS_IMG}", notice):
        assert needle in text, needle
    # The draft is Markdown drawn with DOM calls: a heading, bold text and a list are elements, the planted HTML
    # is text, the javascript: link is text and the https one is a link (opened in a new tab).
    draft = element.locator(".rs-draft")
    assert draft.locator("h4").first.inner_text().startswith("Draft 2")
    assert draft.locator("strong").first.inner_text() == "sea" and draft.locator("li").count() == 2
    assert XSS_LINK in draft.inner_text()
    assert draft.locator("a").evaluate_all("els => els.map(a => [a.getAttribute('href'), a.target])") == [
        ["https://example.org/1", "_blank"]
    ]
    # Raw text shows the draft's source as it was written.
    element.get_by_text("Raw text").click()
    assert XSS_LINK in element.locator(".rs-draft-raw").inner_text()
    _no_planted_code(page, "the run page")
    # n/a apart: the second pass's n/a criterion sits in its own table, under its heading.
    assert element.locator(".rs-na-apart .rs-na[data-verdict='n/a']").count() == 1
    assert element.locator(".rs-na-apart").inner_text().startswith("Not judged (n/a)")
    for n in range(element.locator(".rs-chips .rs-chip").count()):
        element.locator(".rs-chips .rs-chip").nth(n).click()
        element.locator(f".rs-chips .rs-chip.on[data-key='0:{n}']").wait_for()
        _no_planted_code(page, f"chip {n + 1}")
    cells = element.locator("button.rs-hm-cell")
    for n in range(cells.count()):
        cells.nth(n).click()
        assert element.locator(".rs-hm-detail-text").inner_text() == cells.nth(n).get_attribute("title")
    assert XSS_SCRIPT in element.locator(".rs-hm-draft").inner_text()
    _no_planted_code(page, "the heatmap's details")
    # Present: every replay step, the task, rubric, heatmap and the final output.
    page.goto(f"{server.url}/?run={run_id}&view=present")
    wait_app_idle(page)
    present = page.locator(ELEMENT)
    # The final draft under What came out, the replay on the verdicts about it (issue 40 item 4); First goes to
    # the start.
    present.get_by_text("The verdicts on the final draft", exact=False).wait_for()
    assert present.locator(".rs-output").inner_text() == f"final {XSS_SCRIPT}"
    present.get_by_role("button", name="First", exact=True).click()
    present.get_by_text("Step 1 of 5", exact=False).wait_for()
    assert notice in present.locator(".rs-stage").inner_text()  # the replay's draft step says it too
    for n in range(2, 6):
        present.get_by_role("button", name="Step", exact=True).click()
        present.get_by_text(f"Step {n} of 5", exact=False).wait_for()
        _no_planted_code(page, f"replay step {n}")
    assert f"final {XSS_SCRIPT}" in present.inner_text()
    _no_planted_code(page, "present")


def test_a_chip_click_reaches_the_page_and_choosing_follows_the_newest_again(page, server) -> None:
    """A chip shows its iteration's draft and criteria at once, and its click goes back to Python (a script run
    of the page follows it); "Back to the newest" returns to the newest."""
    run_id = _seed_planted(server, "plant" + "1" * 27)
    page.goto(f"{server.url}/?run={run_id}")
    wait_app_idle(page)
    element = page.locator(ELEMENT)
    element.locator(".rs-hm-grid").wait_for()
    summary = element.locator(".rs-crit-col .rs-summary")
    expect(summary).to_have_text(re.compile(r"^Iteration 2:"))
    asked = page_requests(page)
    element.locator(".rs-chips .rs-chip[data-key='0:0']").click()
    expect(summary).to_have_text(re.compile(r"^Iteration 1:"))
    expect(element.locator(".rs-draft-col .rs-col-head")).to_have_text(re.compile(r"^Draft · iteration 1"))
    # The click reached the server: the page asked for a run (read on its websocket: a quick fragment run can start
    # and end within one React render, and a count of the page's "running" states missed it in CI), and it ended.
    wait_requested_after(page, asked)
    # The rerun kept the choice: waited on as the page shows it (a redraw may land after the idle check).
    expect(element.locator(".rs-chips .rs-chip.on")).to_have_attribute("data-key", "0:0")
    element.get_by_role("button", name="Back to the newest").click()
    expect(element.locator(".rs-chips .rs-chip.on")).to_have_count(0)
    expect(summary).to_have_text(re.compile(r"^Iteration 2:"))


GAP_CODE = 'Missing section heading "Risks" (use e.g. `## Risks`).'
LONG_GAP = 'No "£11.50/hour"; include it. The draft names a wage nowhere, and the post asks for one.'


def _seed_reviewed(server, run_id: str) -> str:
    """A run of one graded pass whose n/a criterion a person overrode to fail, with gaps of a sentence and code."""
    from rubric_core.events import RunEvent
    from rubric_core.store.judge import add_review

    names = ["Mentions £11.50/hour", "Has a Risks section", "Says no experience is needed"]
    verdicts = [("fail", LONG_GAP), ("fail", GAP_CODE), ("n/a", "An offline grader cannot judge this criterion.")]
    criteria = [
        {"name": n, "passed": False, "verdict": v, "gap": gap, "check": {"kind": "word_match", "label": "word match"}}
        for n, (v, gap) in zip(names, verdicts, strict=True)
    ]
    config = {"task": "Write a job post.", "rubric": "\n".join(f"- {n}" for n in names), "max_iterations": 1}
    config |= {"model": "offline:writer", "grader": "offline:grader"}
    data = [
        ("run_started", {"mode": "start", "config": config, "models": {"model": "m", "grader": "g"}, "turn": 0}),
        ("draft", {"turn": 0, "iteration": 0, "text": "A job."}),
        ("grading_started", {"turn": 0, "iteration": 0}),
        (
            "evaluation",
            {
                "turn": 0,
                "iteration": 0,
                "result": "max_iterations_reached",
                "criteria": criteria,
                "explanation": "Two fail.",
            },
        ),
        ("finished", {"turn": 0, "status": "max_iterations_reached", "final_output": "A job."}),
    ]
    events = [RunEvent(run_id=run_id, seq=n, type=t, at=1_700_000_000.0 + n, data=d) for n, (t, d) in enumerate(data)]  # type: ignore[arg-type]
    with open_server_store(server) as store:
        if store.get_run(run_id) is None:
            store.import_runs([(events, "reviewed")])
            add_review(
                store, run_id=run_id, turn=0, iteration=0, position=2, criterion=names[2], passed=False,
                reason="It never says so: a miss, not n/a.", reviewer="local",
            )  # fmt: skip
    return run_id


def test_a_reviewed_criteria_table_keeps_three_readable_columns_and_draws_code_in_gaps(page, server) -> None:
    """Issue 40 items 1 and 6: a person's override added "human" and "human reason" columns and left the gap
    about four letters wide (the page grew to ~5,200 px); a gap's `code` showed its backticks."""
    run_id = _seed_reviewed(server, "review" + "0" * 26)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server.url}/?run={run_id}")
    wait_app_idle(page)
    element = page.locator(ELEMENT)
    table = element.locator("table.rs-crit").first
    table.wait_for()
    assert table.locator("th").all_inner_texts() == ["criterion", "verdict", "gap"]
    gap_px = table.locator("th.rs-th-gap").evaluate("th => th.getBoundingClientRect().width")
    assert gap_px >= 160, gap_px  # as wide as a table with no review gives it (it was about 30 px)
    # The person's verdict is a line in the verdict cell, their reason a line under the gap.
    na = element.locator(".rs-na-apart table.rs-crit tr").nth(1)
    assert "person: ✘ fail (a person) ≠ grader" in na.locator("td").nth(1).inner_text()
    assert "person: It never says so: a miss, not n/a." in na.locator("td.rs-gap").inner_text()
    # A gap's code is code, as the Diff draws it; the text around it stays text.
    code_gap = table.locator("td.rs-gap").nth(1)
    assert code_gap.locator("code").all_inner_texts() == ["## Risks"]
    assert "`" not in code_gap.inner_text() and code_gap.inner_text().startswith('Missing section heading "Risks"')
    # The long gap wraps at words, not letters: a few lines at most.
    lines = table.locator("td.rs-gap").first.evaluate(
        "td => Math.round(td.getBoundingClientRect().height / parseFloat(getComputedStyle(td).lineHeight))"
    )
    assert lines <= 4, lines


def test_both_heatmaps_of_a_compare_show_their_cells(page, server) -> None:
    """Issue 40 item 9: in the Runs page's compare both heatmaps collapsed to a thin strip (the legend and a cut
    "Click a cell" box), also after a reload: every cell of both grids is drawn inside the page, with room."""
    a = _seed_planted(server, "plant" + "2" * 27)
    b = _seed_reviewed(server, "review" + "1" * 26)
    page.set_viewport_size({"width": 1440, "height": 900})
    for n in range(2):  # the second pass is a reload
        if n == 0:
            page.goto(f"{server.url}/runs?compare={a},{b}")
        else:
            page.reload()
        wait_app_idle(page)
        maps = page.locator(f"{ELEMENT} .rs-hm")
        page.wait_for_function(
            "() => document.querySelectorAll(\"[data-testid='rs-run-view'] .rs-hm\").length === 2", timeout=120_000
        )
        for k, cells in enumerate((6, 3)):
            grid = maps.nth(k)
            grid.locator("button.rs-hm-cell").nth(cells - 1).wait_for()
            assert grid.locator("button.rs-hm-cell").count() == cells
            # The grid's scrolling frame: a cell outside it is not seen (the frame had collapsed to a strip).
            frame = grid.locator(".rs-hm-scroll").evaluate(
                "e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; }"
            )
            for box in grid.locator("button.rs-hm-cell").evaluate_all(
                "els => els.map(c => { const r = c.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })"
            ):
                left, right, top, bottom = box
                assert right - left >= 20 and bottom - top >= 20, box  # a cell one can see and click
                assert frame[0] - 1 <= left and right <= frame[1] + 1, (box, frame)
                assert frame[2] - 1 <= top and bottom <= frame[3] + 1, (box, frame)
            # The "Click a cell" box is whole, not a cut strip (its text fits in it).
            room, needed = grid.locator(".rs-hm-details").evaluate("e => [e.clientHeight, e.scrollHeight]")
            assert needed <= room + 1 and room > 20, (room, needed)
