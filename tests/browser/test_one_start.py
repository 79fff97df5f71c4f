"""One Start, one run (issue 33 item 2) in real Chromium, along the sequence of the report: a live run, the page
left and opened again, Back and Forward, a second tab, then the rubric edited and Start pressed at once."""

from __future__ import annotations

from rubric_core.access.audit import AuditFilter, count_audit
from rubric_core.store import RunFilter
from tests.browser.helpers import (
    open_server_store,
    run_id_of,
    start_example,
    wait_app_idle,
    wait_for_verdict,
    wait_no_live_run,
    wait_run_page_settled,
    wait_run_status,
    watched_page,
)

ENDS = {"satisfied", "max_iterations_reached", "failed", "grader_error"}
_LANDED_JS = """(run) => {
  // Where a Back or Forward landed, once the app has drawn it: the Runs list, the run's page, or the Run page
  // (its editor, or the run still shown: a Back that only changes the query string may draw nothing new).
  const title = ((document.querySelector('h1') || {}).innerText || '').trim();
  if (location.pathname.endsWith('/runs')) return title === 'Runs';
  if (location.search.includes('run=' + run)) return !!document.querySelector('.rs-run-page');
  return title === 'Run';
}"""
_SHOWS_RUN_JS = (
    """(run) => !!document.querySelector('.rs-run-page') && document.body.innerText.includes('Run ' + run)"""
)


def test_one_click_on_start_after_back_forward_and_a_second_tab_starts_one_run(page, server) -> None:
    with open_server_store(server) as store:
        runs_before = store.count_runs()
        starts_before = count_audit(store, AuditFilter(action="start"))
    server.gates.arm()
    first = start_example(page, server, "haiku", model="offline:writer")
    wait_for_verdict(page, 0, live=True)  # a live run, held before its next draft
    page.get_by_role("link", name="Runs").click()  # leave, and come back
    page.wait_for_url("**/runs*")
    wait_app_idle(page)
    page.get_by_role("link", name="Run", exact=True).click()
    page.wait_for_url(f"**run={first}*")
    wait_app_idle(page)
    # Back, then Forward to the run. Streamlit adds the Run page's history entry and the ?run= it puts back in one
    # step or in two, as its messages happen to arrive, and a Back that only changes the query string may draw
    # nothing new (all seen): Back lands on the Runs list or on the Run page (the editor, or the run still shown),
    # and Forward may land on the editor entry before the run's. Each step waits on what the app then shows,
    # never on one shape of the history: Forward is pressed while the address is not yet the run's (at most 3
    # times; pressed once more at the run's entry, the last one, it has no entry to go to: seen under load), then
    # the test waits for the app to show the run there.
    page.go_back()
    page.wait_for_function(_LANDED_JS, arg=first)
    wait_app_idle(page)
    for _ in range(3):
        if f"run={first}" in page.url:
            break
        page.go_forward()
        page.wait_for_function(_LANDED_JS, arg=first)
        wait_app_idle(page)
    assert f"run={first}" in page.url, page.url
    page.wait_for_function(_SHOWS_RUN_JS, arg=first)
    second_tab = watched_page(page.context)
    second_tab.goto(f"{server.url}/?run={first}")
    wait_app_idle(second_tab)
    server.gates.release_all()
    wait_run_status(server, first, ENDS)
    wait_run_page_settled(page)

    page.bring_to_front()
    page.get_by_text("Task and rubric: edit them", exact=False).click()
    rubric = page.get_by_label("Rubric", exact=True)
    rubric.wait_for()
    rubric.fill("- Exactly three lines\n- Mentions spring")
    page.get_by_role("button", name="Start run").click()  # at once: the rubric's commit and the click race
    page.wait_for_url(lambda url: "run=" in url and first not in url)
    started = run_id_of(page)
    wait_run_status(server, started, ENDS)
    wait_no_live_run(server)
    wait_run_page_settled(page)
    second_tab.close()

    with open_server_store(server) as store:
        new_runs = [r["id"] for r in store.list_runs(RunFilter(), limit=10)][: store.count_runs() - runs_before]
        assert sorted(new_runs) == sorted([first, started]), new_runs
        assert count_audit(store, AuditFilter(action="start")) - starts_before == 2
        assert store.get_run(started)["config"]["rubric"] == "- Exactly three lines\n- Mentions spring"
