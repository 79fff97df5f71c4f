"""Issue 40 item 4: Present for a stakeholder at 1280x720.

What was asked, what came out, whether it met the bar and why are in the first screen; Play never moves a step out
of sight; the final draft is drawn once and the heatmap once while the replay is on a Verdicts step.
"""

from __future__ import annotations

from tests.browser.helpers import start_example, wait_app_idle, wait_run_page_settled

VIEW = {"width": 1280, "height": 720}
ELEMENT = ".rs-rv[data-mode='present']"
IN_SIGHT_JS = """(sel) => [...document.querySelectorAll(sel)].map((el) => {
  const r = el.getBoundingClientRect();
  return {sel, top: r.top, bottom: r.bottom, height: r.height};
})"""
RECORD_STAGE_JS = """() => {
  window.__stage = [];
  const stage = document.querySelector('.rs-rv .rs-stage');
  const note = () => {
    const r = stage.getBoundingClientRect();
    const title = stage.querySelector('.rs-step-title');
    window.__stage.push({top: r.top, bottom: r.bottom, title: title ? title.textContent : ''});
  };
  new MutationObserver(note).observe(stage, {childList: true, subtree: true});
}"""


def _present(page, server, example: str = "haiku") -> str:
    page.set_viewport_size(VIEW)
    run_id = start_example(page, server, example)
    wait_run_page_settled(page)
    page.goto(f"{server.url}/?run={run_id}&view=present")
    wait_app_idle(page)
    page.locator(f"{ELEMENT} .rs-present[data-status]").wait_for(state="attached")
    return run_id


def test_the_first_screen_says_what_was_asked_what_came_out_and_whether_it_met_the_bar(page, server) -> None:
    _present(page, server)
    element = page.locator(ELEMENT)
    for part in (".rs-verdict-sentence", ".rs-ask-text", ".rs-rubric-verdicts", ".rs-output"):
        (box,) = page.evaluate(IN_SIGHT_JS, f"{ELEMENT} {part}")
        assert box["height"] > 0 and box["bottom"] <= VIEW["height"], box
    assert element.locator(".rs-rubric-verdicts li").count() == 3  # the haiku's three criteria, each marked
    assert set(element.locator(".rs-rubric-verdicts li").evaluate_all("(l) => l.map((x) => x.dataset.verdict)")) == {
        "pass"
    }
    assert element.get_by_text("What came out: the final draft", exact=False).is_visible()


def test_the_final_draft_once_and_the_heatmap_once_on_a_verdicts_step(page, server) -> None:
    _present(page, server)
    element = page.locator(ELEMENT)
    element.get_by_text("The verdicts on the final draft", exact=False).wait_for()  # the replay opens on them
    final = element.locator(".rs-output").inner_text().strip()
    assert final
    copies = element.locator(".rs-plain").evaluate_all(
        "(els, t) => els.filter((e) => e.innerText.trim() === t).length", final
    )
    assert copies == 1, "the final draft is drawn once"
    assert element.locator(".rs-hm-grid").count() == 1, "one heatmap, not a second one in the Verdicts step"
    assert element.locator(".rs-stage .rs-crit").count() >= 1  # the step's own content: the verdicts table


def test_play_never_moves_a_step_out_of_sight(page, server) -> None:
    _present(page, server, "lipogram")  # three drafts: eight steps to play
    element = page.locator(ELEMENT)
    element.get_by_role("button", name="First", exact=True).click()
    element.get_by_text("Step 1 of", exact=False).wait_for()
    page.evaluate(RECORD_STAGE_JS)
    element.get_by_role("button", name="Play", exact=True).click()
    element.get_by_role("button", name="Pause", exact=True).wait_for()
    total = element.locator(".rs-step-title").inner_text().split(" of ")[1].split(" ")[0]
    element.get_by_text(f"Step {total} of {total}", exact=False).wait_for(timeout=120_000)
    element.get_by_role("button", name="Play", exact=True).wait_for(timeout=60_000)  # played to the end
    seen = page.evaluate("() => window.__stage")
    titles = {s["title"].split(" · ")[0] for s in seen if s["title"]}
    assert len(titles) >= int(total) - 1, seen
    # Every step drawn while playing was in sight (after the replay scrolled into view at the first one).
    settled = [s for s in seen if s["title"] and not s["title"].startswith("Step 1 of")]
    assert settled and all(s["top"] >= 0 and s["bottom"] <= VIEW["height"] for s in settled), settled
