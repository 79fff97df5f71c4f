"""The browser smoke tests again, on the app started exactly as the README says: `rubric-studio ui`.

`make run` runs the checkout's app.py, which calls rubric_ui/app.py's main(); the installed command runs
rubric_ui/app.py itself as Streamlit's script, so a defect of that way alone (issue 40 item 1: a docstring drawn
at the top of every page) was seen by no test. The tests imported here run with this module's server.
"""

from __future__ import annotations

import pytest

from tests.browser.server import AppServer
from tests.browser.test_ui_pages import (  # noqa: F401 -- collected here again, on the installed command's server
    test_every_page_opens_by_its_url_with_its_title_and_nothing_from_outside,
    test_present_shows_the_rubric_and_a_way_back,
    watched,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = AppServer(tmp_path_factory.mktemp("installed-home"), installed=True)
    yield srv
    srv.stop()
