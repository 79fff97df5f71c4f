"""The server goes down and comes back: nothing is lost and the run view returns by itself.

Streamlit 1.67 draws its own connection box while the server is away (its text is not configurable
from the app); what the product guarantees is that the run, its URL and its view come back without a
reload. Waits are on the page's DOM and the server's health endpoint, never on wall time.
"""

from __future__ import annotations

import urllib.request

import pytest

from tests.browser.server import AppServer


def on_port(home, port: int) -> AppServer:
    """A server on a given port (the browser reconnects to the same address)."""
    return AppServer(home, port=port)


def is_down(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
            return False
    except OSError:
        return True


@pytest.fixture
def own_server(tmp_path):
    servers: list[AppServer] = [AppServer(tmp_path / "home")]
    yield servers
    for srv in servers:
        if srv.proc.poll() is None:
            srv.stop()


def test_run_view_comes_back_by_itself_after_a_restart(browser, own_server) -> None:
    first = own_server[0]
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(first.url)
    page.wait_for_selector("[data-testid='stApp']")
    page.get_by_label("Bundled example").click()
    page.get_by_role("option", name="photosynthesis", exact=False).first.click()
    page.get_by_role("button", name="Load example").click()
    page.wait_for_function("() => document.querySelector('textarea[aria-label=\"Task\"]').value.length > 0")
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = page.url.split("run=")[1].split("&")[0]
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    page.evaluate("() => { document.body.dataset.sameDocument = 'yes'; }")  # a reload would drop it
    session = page.get_attribute(".rs-session", "data-session")

    first.stop()
    assert is_down(first.url)
    own_server.append(on_port(first.home, first.port))
    # Reconnected: a new server session redrew the page, in the same document.
    page.wait_for_function(
        "old => { const e = document.querySelector('.rs-session'); return e && e.dataset.session !== old; }",
        arg=session,
        timeout=120_000,
    )
    page.get_by_text("Satisfied ·", exact=False).wait_for()
    assert page.evaluate("() => document.body.dataset.sameDocument") == "yes"
    assert run_id in page.url
    page.get_by_text("Task and rubric: edit them", exact=False).click()
    page.get_by_label("Task", exact=True).wait_for()
    assert page.get_by_label("Task", exact=True).input_value()  # the editor is filled from the run again
    context.close()
