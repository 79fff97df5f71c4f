"""A page showing a cancelled run follows it when another process resumes it: no stale "Cancelled" for minutes.

The run is started and cancelled by this test process (another dashboard, or the CLI, on the same data
directory); the page opened on it says Cancelled; the test then resumes it here, and the page must show
the finished run by itself, without a click or a reload. Every wait is on what the page shows or stores.
"""

from __future__ import annotations

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.threads import ThreadBackend
from tests.browser.helpers import (
    PAGE_RECORDER_JS,
    RUN_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    open_server_store,
    wait_app_idle,
    watched_page,
)
from tests.browser.server import AppServer
from tests.core.helpers import CancelAt, example_config


@pytest.fixture
def page_and_server(browser, tmp_path_factory):
    server = AppServer(tmp_path_factory.mktemp("elsewhere-home"))
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    yield watched_page(context), server
    context.close()
    server.stop()


def test_a_cancelled_run_resumed_elsewhere_shows_its_end_without_a_click(page_and_server) -> None:
    page, server = page_and_server
    with open_server_store(server) as store:
        engine = Engine(server.home)
        manager = RunManager(engine, store, backend=ThreadBackend(engine, store))
        cancel = CancelAt("evaluation", 0)
        handle = cancel.attach(manager.start(example_config("haiku"), subscribers=[cancel]))
        assert handle.wait(RUN_TIMEOUT_MS / 1000)
        assert store.get_run(handle.run_id)["status"] == "cancelled"  # type: ignore[index]

        page.goto(f"{server.url}?run={handle.run_id}")
        wait_app_idle(page)
        page.get_by_text("Cancelled ·", exact=False).wait_for(timeout=STEP_TIMEOUT_MS)

        resumed = manager.resume(handle.run_id)  # "elsewhere": not the page's process
        assert resumed.wait(RUN_TIMEOUT_MS / 1000)
        assert store.get_run(handle.run_id)["status"] == "satisfied"  # type: ignore[index]
        # No click, no reload: the page notices the new part and draws the run's real end.
        page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=STEP_TIMEOUT_MS)
        assert not page.get_by_text("Cancelled ·", exact=False).is_visible()
