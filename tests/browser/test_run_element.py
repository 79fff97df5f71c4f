"""The run view element (rubric_ui/widgets/run_element.py) in real Chromium: it draws a run from its one payload,
never lets planted text run or become an element, keeps only safe links, and takes clicks.

Waits are on what the page shows (elements, attributes, the page recorder's counts), never on a stretch of time.
"""

from __future__ import annotations

from tests.browser.helpers import open_server_store, planted, wait_app_idle
from tests.core.helpers import XSS_IMG, XSS_LINK, XSS_SCRIPT, planted_run_events

ELEMENT = "[data-testid='rs-run-view']"
UNSAFE_LINKS_JS = """() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))
  .filter((h) => /^\\s*(javascript|data|vbscript):/i.test(h))"""


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
    for needle in (XSS_IMG, XSS_SCRIPT, f"explained {XSS_SCRIPT}", f"word match: {XSS_IMG}", f"gap {XSS_IMG}"):
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
    assert element.locator(".rs-crit-col .rs-summary").inner_text().startswith("Iteration 2:")
    runs = page.evaluate("() => window.__rs.runs")
    element.locator(".rs-chips .rs-chip[data-key='0:0']").click()
    assert element.locator(".rs-crit-col .rs-summary").inner_text().startswith("Iteration 1:")
    assert element.locator(".rs-draft-col .rs-col-head").inner_text().startswith("Draft · iteration 1")
    page.wait_for_function("(n) => window.__rs.runs > n", arg=runs)  # the click reached the server
    wait_app_idle(page)
    assert element.locator(".rs-chips .rs-chip.on").get_attribute("data-key") == "0:0", "the rerun kept the choice"
    element.get_by_role("button", name="Back to the newest").click()
    assert element.locator(".rs-chips .rs-chip.on").count() == 0
    assert element.locator(".rs-crit-col .rs-summary").inner_text().startswith("Iteration 2:")
