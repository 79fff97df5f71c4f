"""The real app in real Chromium.

Runs that a test must catch while live are gated (gate.py): the writer waits
before each revision until the test lets it go, so "while the run is live" is a
fact of the test, not a race against the machine's speed.
"""

from __future__ import annotations

import json

from rubric_core.views.heatmap import GRID_KEYS_SCRIPT
from tests.browser.conftest import shot
from tests.browser.gate import RELEASE_ALL
from tests.browser.helpers import (
    RUN_FACTS_JS,
    RUN_TIMEOUT_MS,
    click_cancel,
    open_server_store,
    planted,
    run_id_of,
    set_textarea,
    start_example,
    verdicts,
    wait_app_idle,
    wait_for_verdict,
    wait_run_page_settled,
    watched_page,
)

XSS_IMG = '<img src=x onerror="window.__xss=1">'
XSS_SCRIPT = "<script>window.__xss=2</script>"


def test_watch_an_offline_example_live_then_heatmap_and_diff(page, server) -> None:
    server.gates.arm()
    run_id = start_example(page, server, "haiku", model="offline:writer")
    # The writer is held before each revision: each verdict must be on screen while the run is live.
    wait_for_verdict(page, 0, live=True)
    assert server.gates.claimed() == [run_id]
    server.gates.release(run_id, 2)  # draft 1
    wait_for_verdict(page, 1, live=True)
    server.gates.release(run_id, 3)  # draft 2, which satisfies the rubric
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    seen = verdicts(page)
    live = [v["iteration"] for v in seen if v["live"]]
    assert live[:2] == [0, 1] and set(live) <= {0, 1, 2}, seen  # one by one, in order, while it ran
    assert [v["iteration"] for v in seen] == sorted(v["iteration"] for v in seen), seen
    assert seen[-1] == {"iteration": 2, "result": "satisfied", "live": False}, seen
    page.locator("[data-testid='rs-run-view'] .rs-hm-grid").wait_for()
    assert page.locator(".rs-hm-grid .rs-hm-h").all_inner_texts() == ["Criterion", "1", "2", "3"]
    shot(page, "run-live-finished")
    page.get_by_role("radio", name="Diff").click()
    page.wait_for_selector(".rs-diff ins.rs-ins")
    assert page.locator(".rs-diff del.rs-del").count() >= 1
    shot(page, "run-diff")
    page.get_by_role("radio", name="Transcript").click()
    # The transcript folds each iteration (the newest open): earlier feedback is in the page, folded.
    page.get_by_text("Grader feedback after iteration 1", exact=False).first.wait_for(state="attached")
    shot(page, "run-transcript")


def test_present_follows_a_live_run_to_its_end_without_a_reload(page, server) -> None:
    """Present (and a share link, the same view) opened on a running run redraws as the run goes on."""
    server.gates.arm()
    run_id = start_example(page, server, "haiku", model="offline:writer")
    wait_for_verdict(page, 0, live=True)  # held before draft 1: the run is live
    page.goto(f"{server.url}/?run={run_id}&view=present")
    marker = ".rs-present"
    page.wait_for_selector(f'{marker}[data-live="true"]', state="attached")
    page.get_by_text("Live: this view follows the run", exact=False).wait_for()
    seen = int(page.get_attribute(marker, "data-seq") or "-1")
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    server.gates.release(run_id, RELEASE_ALL)
    page.wait_for_selector(
        f'{marker}[data-status="satisfied"][data-live="false"]', state="attached", timeout=RUN_TIMEOUT_MS
    )
    assert int(page.get_attribute(marker, "data-seq") or "-1") > seen
    assert navigations == []  # redrawn in place, not reloaded
    page.get_by_text("Live: this view follows the run", exact=False).wait_for(state="detached")


def test_cancel_then_resume(page, server) -> None:
    server.gates.arm()
    run_id = start_example(page, server, "lipogram", model="offline:writer")
    wait_for_verdict(page, 0, live=True)  # the writer is held before draft 1: the run is live
    click_cancel(page)
    page.get_by_text("Cancelling", exact=False).first.wait_for()  # the app took the request
    server.gates.release(run_id, RELEASE_ALL)
    page.get_by_text("Cancelled ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    shot(page, "run-cancelled")
    with open_server_store(server) as store:  # what the page shows is already stored
        assert store.get_run(run_id)["status"] == "cancelled"
        graded = [i["iteration"] for i in store.iterations([run_id]) if i["result"]]
    assert graded == [0]  # cancelled before the next grading pass
    page.get_by_role("button", name="Resume").click()
    page.get_by_text("Max iterations reached ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    with open_server_store(server) as store:
        assert store.get_run(run_id)["status"] == "max_iterations_reached"
        iterations = store.iterations([run_id])
    assert [i["iteration"] for i in iterations] == [0, 1, 2]
    assert all(i["result"] for i in iterations)


def test_reload_mid_run_reattaches_without_duplicating(page, server) -> None:
    with open_server_store(server) as store:
        before = store.count_runs()
    server.gates.arm()
    run_id = start_example(page, server, "haiku", model="offline:writer")
    wait_for_verdict(page, 0, live=True)  # held before draft 1: the reload happens mid-run
    page.reload()
    wait_app_idle(page)
    assert run_id_of(page) == run_id
    wait_for_verdict(page, 0, live=True)  # the reloaded page re-attached to the live run
    server.gates.release(run_id, RELEASE_ALL)
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    first = verdicts(page)[0]  # what the reloaded page drew first: the held run, still live
    assert (first["iteration"], first["live"]) == (0, True)
    with open_server_store(server) as store:
        assert store.count_runs() == before + 1
        assert [i["iteration"] for i in store.iterations([run_id])] == [0, 1, 2]
    other = watched_page(page.context)  # another tab on the same run
    other.goto(f"{server.url}/?run={run_id}")
    other.get_by_text("Satisfied ·", exact=False).wait_for()
    other.close()


def test_export_downloads_a_file(page, server) -> None:
    start_example(page, server, "photosynthesis")
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    page.goto(f"{server.url}/export")
    wait_app_idle(page)
    page.get_by_role("button", name="Prepare export").click()
    page.get_by_text("Ready:", exact=False).wait_for()
    shot(page, "export")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download jsonl export").click()
    path = info.value.path()
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    assert records and {"inputs", "outputs", "metadata"} <= set(records[0])


def test_presentation_replay_steps(page, server) -> None:
    run_id = start_example(page, server, "photosynthesis")
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    page.goto(f"{server.url}/?run={run_id}&view=present")
    wait_app_idle(page)
    page.get_by_text("Step 5 of 5", exact=False).wait_for()  # the verdicts on the final draft (issue 40 item 4)
    page.get_by_role("button", name="First").click()
    page.get_by_text("Step 1 of 5", exact=False).wait_for()
    page.get_by_role("button", name="Step").click()
    page.get_by_text("Step 2 of 5", exact=False).wait_for()
    page.get_by_role("button", name="Play").click()
    page.get_by_role("button", name="Pause").wait_for()
    page.get_by_text("Step 4 of 5", exact=False).wait_for()  # playing steps on by itself
    shot(page, "present")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download HTML report").click()
    report = open(info.value.path(), encoding="utf-8").read()
    # Its one script is the heatmap's constant arrow-key handler (admitted by its hash), nothing from the run.
    assert report.count("<script") == 1 and GRID_KEYS_SCRIPT in report and "Criteria by draft" in report


def test_planted_html_never_executes(page, server) -> None:
    page.goto(server.url)
    wait_app_idle(page)
    task = f"Describe the sea {XSS_IMG} {XSS_SCRIPT}"
    set_textarea(page, "Task", task)
    set_textarea(page, "Rubric", f"- Mentions {XSS_IMG}\n- Exactly two sentences {XSS_SCRIPT}")
    wait_app_idle(page)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = run_id_of(page)
    page.wait_for_selector(".rs-verdict", state="attached", timeout=RUN_TIMEOUT_MS)
    page.wait_for_function(f"() => {RUN_FACTS_JS}.test(document.body.innerText)", timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    element = page.locator("[data-testid='rs-run-view']")
    element.locator(".rs-hm-grid").wait_for()
    # Every iteration's draft and criteria (its chip), and a cell's details with its draft (the heatmap).
    for n in range(element.locator(".rs-chips .rs-chip").count()):
        element.locator(".rs-chips .rs-chip").nth(n).click()
        element.locator(".rs-chips .rs-chip.on").wait_for()
        assert planted(page) == [], f"chip {n + 1}"
    element.locator("button.rs-hm-cell").first.click()
    element.locator(".rs-hm-detail-text").wait_for()
    assert "Mentions <img" in element.locator(".rs-hm-detail-text").inner_text()  # shown as text
    drawn = {  # what each view below the element draws once it is on screen
        "Diff": page.locator(".rs-diff").or_(page.get_by_text("The diff appears once", exact=False)),
        "Transcript": page.get_by_text("User · turn 1", exact=False),
    }
    for view, content in drawn.items():
        page.get_by_role("radio", name=view, exact=True).click()
        content.first.wait_for(state="attached")  # drawn (a folded transcript part is drawn, not shown)
        wait_app_idle(page)
        assert planted(page) == [], view
    assert "onerror" in page.content() or "&lt;img" in page.content()  # shown as text
    for url in (f"{server.url}/runs", f"{server.url}/?run={run_id}&view=present", f"{server.url}/rubrics"):
        page.goto(url)
        wait_app_idle(page)
        assert planted(page) == [], url
        assert page.evaluate("() => window.__xss") is None, url
    page.goto(f"{server.url}/?run={run_id}")
    wait_run_page_settled(page)
    page.get_by_role("radio", name="Transcript").click()
    page.get_by_text(XSS_SCRIPT, exact=False).first.wait_for(state="attached")  # shown as text (maybe folded)
    assert planted(page) == []  # no planted tag ever became an element, so none could run
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("img[src='x']").count() == 0


def test_screenshots_of_the_main_pages(page, server) -> None:
    for name, path in (("run", "/"), ("runs", "/runs"), ("rubrics", "/rubrics"), ("export", "/export")):
        page.goto(server.url + path)
        wait_app_idle(page)
        shot(page, f"page-{name}")
