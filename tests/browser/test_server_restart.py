"""The server stops under a page that watches a live run, and comes back: the page finds its run again by itself.

Its own gated server (see gate.py), stopped with SIGTERM as a service manager stops it and started again on the
same port and data directory. Every wait is on what the page shows (its connection state, the run's banner) or
on a stored row, never on a stretch of time.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import PageWatch, failed
from tests.browser.gate import RELEASE_ALL
from tests.browser.helpers import (
    PAGE_RECORDER_JS,
    RUN_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    open_server_store,
    run_id_of,
    start_example,
    wait_for_verdict,
    wait_run_page_settled,
    wait_run_status,
    watched_page,
)
from tests.browser.server import AppServer

_CONNECTION_JS = """(wanted) => {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.getAttribute('data-test-connection-state');
  return wanted === 'CONNECTED' ? state === 'CONNECTED' : !!state && state !== 'CONNECTED';
}"""


@pytest.fixture
def restart_page(browser, request: pytest.FixtureRequest):
    """A page of its own; on failure it prints what the page showed and the log of the server it watched last."""
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    page = watched_page(context)
    watch = PageWatch(page)
    servers: list[AppServer] = []
    page.servers = servers  # type: ignore[attr-defined]  # the test appends each server it starts
    yield page
    if failed(request) and servers:
        watch.diagnose(
            servers[-1], request.node.name
        )  # before the servers stop: the page as it was when the test failed
    context.close()
    for server in servers:
        if server.gates is not None:
            server.gates.release_all()
        server.stop()


def test_a_watched_run_comes_back_after_a_server_restart_and_resumes(restart_page, tmp_path_factory) -> None:
    page = restart_page
    home = tmp_path_factory.mktemp("restart-home")
    first = AppServer(home, gated=True)
    page.servers.append(first)
    first.gates.arm()  # type: ignore[union-attr]
    run_id = start_example(page, first, "haiku", model="offline:writer")
    wait_for_verdict(page, 0, live=True)  # held before draft 1: live when the server stops
    first.stop()  # SIGTERM while the page watches
    page.wait_for_function(_CONNECTION_JS, arg="DISCONNECTED")  # the page saw the server go
    # Which server session drew the page (sidebar marker): a new server's session draws another one.
    session_before = page.get_attribute(".rs-session", "data-session")
    assert wait_run_status(first, run_id, {"interrupted"})["status"] == "interrupted"
    # While it is down the page says so in the product's words, not Streamlit's "streamlit run yourscript.py".
    dialog = page.locator("[role='dialog']")
    dialog.wait_for()
    said = dialog.evaluate("(el) => getComputedStyle(el, '::before').content")
    assert "Reconnecting to the Rubric Studio server" in said and "Nothing is lost" in said, said
    assert "yourscript" not in dialog.inner_text() and dialog.inner_text().strip() == ""

    # The same address again: the page reconnects and redraws its run without a click or a reload.
    second = AppServer(home, gated=True, port=first.port)
    page.servers.append(second)
    page.wait_for_function(_CONNECTION_JS, arg="CONNECTED")
    page.wait_for_function(
        "(before) => { const m = document.querySelector('.rs-session'); return !!m && m.dataset.session !== before; }",
        arg=session_before,
    )  # the new server drew the page
    page.get_by_text("Interrupted ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    assert dialog.count() == 0  # Streamlit closed it on reconnecting
    assert run_id_of(page) == run_id  # still the run it watched
    assert [v["iteration"] for v in page.evaluate("() => window.__rs.verdicts")][:1] == [0]

    # Nothing was lost: Resume finishes it from the stored verdict, which is neither redone nor counted twice.
    second.gates.release(run_id, RELEASE_ALL)  # type: ignore[union-attr]  # its gate file outlived the server
    page.get_by_role("button", name="Resume").click()
    page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=RUN_TIMEOUT_MS)
    with open_server_store(second) as store:
        assert store.get_run(run_id)["status"] == "satisfied"
        iterations = [i["iteration"] for i in store.iterations([run_id]) if i["result"]]
    assert iterations == [0, 1, 2]
