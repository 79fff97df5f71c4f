"""Fixtures for the real app in real Chromium.

No Chromium is a failure with the command that installs it, never a silent
skip: a suite that passes without running its browser tests proves nothing.
Each module gets one server (its own data directory, gated: see gate.py); each
test gets a fresh browser context with the page recorder installed, and leaves
no run live behind it for the next test.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import PAGE_RECORDER_JS, STEP_TIMEOUT_MS, wait_no_live_run, watch_wire
from tests.browser.server import AppServer
from tests.browser.wire import WireTrace

SHOTS = Path(__file__).with_name("screenshots")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.stash[_FAILED] = report.failed


_FAILED = pytest.StashKey[bool]()
_PAGE_STATE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const rs = window.__rs || {};
  return {
    url: location.href,
    script: app && app.getAttribute('data-test-script-state'),
    connection: app && app.getAttribute('data-test-connection-state'),
    script_runs: rs.runs, ms_since_last_run: rs.lastRunAt ? Date.now() - rs.lastRunAt : null,
    verdicts: rs.verdicts,
    verdict_markers: [...document.querySelectorAll('.rs-verdict')].map((e) => e.outerHTML),
    run_page: [...document.querySelectorAll('.rs-run-page')].map((e) => e.outerHTML),
    progress: [...document.querySelectorAll('.rs-progress')].map((e) => e.textContent),
    stale: document.querySelectorAll('[data-stale="true"]').length,
    text: (document.querySelector('[data-testid="stMain"]') || document.body).innerText.slice(0, 3000),
  };
}"""


def _diagnose(page: Any, server: AppServer, frames: dict[str, Any], wire: WireTrace, test: str) -> None:
    """After a failed browser test: what the page showed, its websocket traffic, the server's threads.

    Written to the terminal and to `diagnosis-<test>.txt` beside the server's data directory: pytest prints a
    failure's report only at the end of the whole run, and the file can be read while a long run goes on."""
    try:
        state = page.evaluate(_PAGE_STATE_JS)
    except Exception as exc:  # the page may be gone; say so and go on
        state = {"error": repr(exc)}
    now = time.monotonic()
    traffic = {
        "sent": frames["sent"],
        "received": frames["received"],
        "s_since_sent": round(now - frames["last_sent"], 2) if frames["last_sent"] else None,
        "s_since_received": round(now - frames["last_received"], 2) if frames["last_received"] else None,
        "page_requests_unanswered": dict(wire.pending),
        "requests": wire.requests,
    }
    parts = [
        "\n--- page state ---\n" + json.dumps(state, indent=1)[:8000] + "\n",
        "--- websocket ---\n" + json.dumps(traffic) + "\n",
        "--- websocket messages (newest last) ---\n" + wire.text()[-20000:] + "\n",
    ]
    if server.proc.poll() is None:
        os.kill(server.proc.pid, signal.SIGUSR1)  # launch_app.py: every thread's stack into the log
        time.sleep(1.0)  # diagnostics only: give the handler a moment to write
    parts.append(
        "--- server log (tail) ---\n" + server.log.read_text(encoding="utf-8", errors="replace")[-12000:] + "\n"
    )
    # Straight to the terminal: pytest shows no captured output of a fixture's teardown for a failed test.
    out = sys.__stderr__ or sys.stderr
    out.write("".join(parts))
    out.flush()
    name = "".join(c if c.isalnum() or c in "-_" else "_" for c in test)[:120]
    (server.home.parent / f"diagnosis-{name}.txt").write_text("".join(parts), encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    srv = AppServer(tmp_path_factory.mktemp("app-home"), gated=True)
    yield srv
    srv.stop()


class PageWatch:
    """What a failed test prints about its page: websocket frame counts and the decoded message trace."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: dict[str, Any] = {"sent": 0, "received": 0, "last_sent": 0.0, "last_received": 0.0}
        page.on("websocket", self._on_socket)
        self.wire = watch_wire(page)

    def _count(self, kind: str) -> Any:
        def on_frame(_payload: Any) -> None:
            self.frames[kind] += 1
            self.frames[f"last_{kind}"] = time.monotonic()

        return on_frame

    def _on_socket(self, ws: Any) -> None:
        ws.on("framesent", self._count("sent"))
        ws.on("framereceived", self._count("received"))

    def diagnose(self, server: AppServer, test: str) -> None:
        _diagnose(self.page, server, self.frames, self.wire, test)


def failed(request: pytest.FixtureRequest) -> bool:
    """Whether the test's own call failed (for a fixture's teardown)."""
    return request.node.stash.get(_FAILED, False)


@pytest.fixture
def page(browser, server, request: pytest.FixtureRequest):
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True)
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.set_default_navigation_timeout(STEP_TIMEOUT_MS)
    pg = context.new_page()
    watch = PageWatch(pg)
    yield pg
    if failed(request):
        watch.diagnose(server, request.node.name)
    context.close()
    # The next test must not share the machine with this one's run: let gated runs go, wait for their end.
    if server.gates is not None:
        server.gates.release_all()
    wait_no_live_run(server)


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
