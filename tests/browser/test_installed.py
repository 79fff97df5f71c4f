"""The browser smoke tests again, on the app started exactly as the README says: `rubric-studio ui`.

`make run` runs the checkout's app.py, which calls rubric_ui/app.py's main(); the installed command runs
rubric_ui/app.py itself as Streamlit's script, so a defect of that way alone (issue 40 item 1: a docstring drawn
at the top of every page) was seen by no test. The tests imported here run with this module's server.
"""

from __future__ import annotations

import time

import pytest

from rubric_core.access.share import create_link
from rubric_core.access.share_key import share_key
from tests.browser.helpers import open_server_store, wait_app_idle
from tests.browser.server import AppServer
from tests.browser.test_ui_pages import (  # noqa: F401 -- collected here again, on the installed command's server
    assert_page_opens_with,
    run_example,
    test_every_page_opens_by_its_url_with_its_title_and_nothing_from_outside,
    test_present_shows_the_rubric_and_a_way_back,
    watched,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = AppServer(tmp_path_factory.mktemp("installed-home"), installed=True)
    yield srv
    srv.stop()


def test_a_share_link_opens_with_nothing_above_the_run(page, server) -> None:
    """The share view too (no sign-in, no secrets.toml: the dashboard's own key, made on the first link)."""
    run_id = run_example(page, server, "haiku")
    key = share_key(None, None, home=server.home, create=True)
    assert key is not None
    with open_server_store(server) as store:
        link = create_link(store, key.key, run_id=run_id, created_by="local", expires_at=time.time() + 3600)
    page.goto(f"{server.url}/?share={link['token']}")
    wait_app_idle(page)
    page.locator(".st-key-rs_shared_run").wait_for()
    assert_page_opens_with(page, "A read-only view of one run")
