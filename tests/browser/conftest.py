"""Fixtures for the real app in real Chromium.

No Chromium is a failure with the command that installs it, never a silent
skip: a suite that passes without running its browser tests proves nothing.
Each module gets one server (its own data directory, gated: see gate.py); each
test gets a fresh browser context with the page recorder installed, and leaves
no run live behind it for the next test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.helpers import PAGE_RECORDER_JS, STEP_TIMEOUT_MS, wait_no_live_run
from tests.browser.server import CHROMIUM_ARGS, CHROMIUM_MISSING, AppServer, chromium_path

SHOTS = Path(__file__).with_name("screenshots")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, timeout=STEP_TIMEOUT_MS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = AppServer(tmp_path_factory.mktemp("app-home"), gated=True)
    yield srv
    srv.stop()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True)
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.set_default_navigation_timeout(STEP_TIMEOUT_MS)
    pg = context.new_page()
    yield pg
    context.close()
    # The next test must not share the machine with this one's run: let gated runs go, wait for their end.
    if server.gates is not None:
        server.gates.release_all()
    wait_no_live_run(server)


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
