"""The real app in real Chromium."""

from __future__ import annotations

import json
import time

from rubric_core.store import open_store
from tests.browser.conftest import shot

XSS_IMG = '<img src=x onerror="window.__xss=1">'
XSS_SCRIPT = "<script>window.__xss=2</script>"


def wait_app(page) -> None:
    page.wait_for_selector("[data-testid='stApp']")
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000)


def set_textarea(page, label: str, value: str) -> None:
    area = page.get_by_label(label, exact=True)
    area.fill(value)
    area.press("Tab")  # commit the value to the app


def start_example(page, server, example: str = "haiku", slow: bool = True, model: str | None = None) -> str:
    page.goto(server.url)
    wait_app(page)
    page.get_by_label("Bundled example").click()
    page.get_by_role("option", name=example, exact=False).first.click()
    page.get_by_role("button", name="Load example").click()
    page.wait_for_function("() => document.querySelector('textarea[aria-label=\"Task\"]').value.length > 0")
    if model:
        page.get_by_label("Working model").click()
        page.get_by_role("option", name="Custom provider:model", exact=False).click()
        set_textarea(page, "Working model spec", model)
    elif slow:
        page.get_by_label("Working model").click()
        page.get_by_role("option", name="offline:writer?latency=0.4", exact=False).click()
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    return page.url.split("run=")[1].split("&")[0]


def verdict_iterations(page) -> list[int]:
    return page.eval_on_selector_all(".rs-verdict", "els => els.map(e => Number(e.dataset.iteration))")


def test_watch_an_offline_example_live_then_heatmap_and_diff(page, server) -> None:
    start_example(page, server, model="offline:writer?latency=1.0")
    seen: list[tuple[float, list[int]]] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        its = verdict_iterations(page)
        if its and (not seen or seen[-1][1] != its):
            seen.append((time.monotonic(), its))
        if page.get_by_text("Satisfied ·", exact=False).count():
            break
        time.sleep(0.05)
    first_seen = [its[0] for _, its in seen if its]
    assert 0 in first_seen and 1 in first_seen, seen  # verdicts arrived one by one while it ran
    assert page.get_by_text("Satisfied ·", exact=False).count()
    page.frame_locator("iframe[srcdoc*='rs-hm-grid']").locator(".rs-hm-grid").wait_for()
    shot(page, "run-live-finished")
    page.get_by_role("radio", name="Heatmap").click()
    page.frame_locator("iframe[srcdoc*='rs-hm-grid']").locator(".rs-hm-grid").wait_for()
    page.get_by_role("radio", name="Diff").click()
    page.wait_for_selector(".rs-diff ins.rs-ins")
    assert page.locator(".rs-diff del.rs-del").count() >= 1
    shot(page, "run-diff")
    page.get_by_role("radio", name="Transcript").click()
    # The transcript folds each iteration (the newest open): earlier feedback is in the page, folded.
    page.get_by_text("Grader feedback after iteration 1", exact=False).first.wait_for(state="attached")
    shot(page, "run-transcript")


def test_cancel_then_resume(page, server) -> None:
    run_id = start_example(page, server, "lipogram", model="offline:writer?latency=2.5")
    page.wait_for_selector(".rs-verdict", state="attached")
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Cancelled ·", exact=False).wait_for(timeout=30_000)
    shot(page, "run-cancelled")
    assert open_store_for(server).get_run(run_id)["status"] == "cancelled"
    page.get_by_role("button", name="Resume").click()
    page.get_by_text("Max iterations reached ·", exact=False).wait_for(timeout=60_000)
    store = open_store_for(server)
    assert [i["iteration"] for i in store.iterations([run_id])] == [0, 1, 2]


def open_store_for(server):
    import os

    old = os.environ.get("RUBRIC_STUDIO_HOME")
    os.environ["RUBRIC_STUDIO_HOME"] = str(server.home)
    try:
        return open_store()
    finally:
        if old is None:
            os.environ.pop("RUBRIC_STUDIO_HOME")
        else:
            os.environ["RUBRIC_STUDIO_HOME"] = old


def test_reload_mid_run_reattaches_without_duplicating(page, server) -> None:
    store = open_store_for(server)
    before = store.count_runs()
    run_id = start_example(page, server, "haiku")
    page.wait_for_selector(".rs-verdict", state="attached")
    page.reload()
    wait_app(page)
    assert run_id in page.url
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=60_000)
    assert store.count_runs() == before + 1
    assert [i["iteration"] for i in store.iterations([run_id])] == [0, 1, 2]
    other = page.context.new_page()  # another tab on the same run
    other.goto(f"{server.url}/?run={run_id}")
    other.get_by_text("Satisfied ·", exact=False).wait_for()
    other.close()


def test_export_downloads_a_file(page, server) -> None:
    start_example(page, server, "photosynthesis", slow=False)
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    page.goto(f"{server.url}/export")
    wait_app(page)
    page.get_by_role("button", name="Prepare export").click()
    page.get_by_text("Ready:", exact=False).wait_for()
    shot(page, "export")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download jsonl export").click()
    path = info.value.path()
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    assert records and {"inputs", "outputs", "metadata"} <= set(records[0])


def test_presentation_replay_steps(page, server) -> None:
    run_id = start_example(page, server, "photosynthesis", slow=False)
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    page.goto(f"{server.url}/?run={run_id}&view=present")
    wait_app(page)
    page.get_by_text("Step 1 of 5", exact=False).wait_for()
    page.get_by_role("button", name="Step").click()
    page.get_by_text("Step 2 of 5", exact=False).wait_for()
    page.get_by_role("button", name="Play").click()
    page.get_by_role("button", name="Pause").wait_for()
    page.get_by_text("Step 4 of 5", exact=False).wait_for(timeout=15_000)
    shot(page, "present")
    with page.expect_download() as info:
        page.get_by_role("button", name="Download HTML report").click()
    report = open(info.value.path(), encoding="utf-8").read()
    assert "<script" not in report and "Criteria by iteration" in report


def test_planted_html_never_executes(page, server) -> None:
    page.goto(server.url)
    wait_app(page)
    task = f"Describe the sea {XSS_IMG} {XSS_SCRIPT}"
    set_textarea(page, "Task", task)
    set_textarea(page, "Rubric", f"- Mentions {XSS_IMG}\n- Exactly two sentences {XSS_SCRIPT}")
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = page.url.split("run=")[1]
    page.wait_for_selector(".rs-verdict", state="attached", timeout=60_000)
    page.wait_for_function("() => document.body.innerText.includes('iteration(s)')", timeout=60_000)
    page.get_by_role("radio", name="Heatmap").wait_for()  # the views are drawn once the run has ended
    for view in ("Criteria", "Heatmap", "Diff", "Transcript"):
        page.get_by_role("radio", name=view, exact=True).click()
        time.sleep(0.6)
    assert "onerror" in page.content() or "&lt;img" in page.content()  # shown as text
    for url in (f"{server.url}/runs", f"{server.url}/?run={run_id}&view=present", f"{server.url}/rubrics"):
        page.goto(url)
        wait_app(page)
        time.sleep(0.5)
    page.goto(f"{server.url}/?run={run_id}")
    wait_app(page)
    page.get_by_role("radio", name="Transcript").click()
    page.get_by_text(XSS_SCRIPT, exact=False).first.wait_for(state="attached")  # shown as text (maybe folded)
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("img[src='x']").count() == 0


def test_screenshots_of_the_main_pages(page, server) -> None:
    for name, path in (("run", "/"), ("runs", "/runs"), ("rubrics", "/rubrics"), ("export", "/export")):
        page.goto(server.url + path)
        wait_app(page)
        time.sleep(0.5)
        shot(page, f"page-{name}")
