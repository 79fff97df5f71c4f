"""Steps of the team-server browser tests: a signed-in browser per person, a websocket tap that can hold back
and replay Streamlit's widget messages, and the Runs page's selection."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg

from tests.browser.helpers import PAGE_RECORDER_JS, STEP_TIMEOUT_MS, wait_app_idle, watched_page
from tests.browser.oidc import only_loopback, sign_in
from tests.browser.server import AppServer


class WsTap:
    """Sits on a page's websocket to the app: forwards everything, except the messages `hold` says to keep.

    A held message never reaches the server (the press it carries did not happen); `inject` sends a message
    (held here, or in another person's browser) to the server as this page's own.
    """

    def __init__(self) -> None:
        self.hold: Callable[[BackMsg], bool] | None = None
        self.held: list[bytes] = []
        self.server: Any = None

    def install(self, page: Any) -> None:
        page.route_web_socket("**/_stcore/stream", self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.server = server

        def from_page(message: Any) -> None:
            if isinstance(message, bytes) and self.hold is not None:
                msg = BackMsg()
                msg.ParseFromString(message)
                if self.hold(msg):
                    self.held.append(message)
                    return
            server.send(message)

        ws.on_message(from_page)
        server.on_message(ws.send)

    def inject(self, message: bytes) -> None:
        assert self.server is not None, "the page has no websocket to the app yet"
        self.server.send(message)


def presses(msg: BackMsg) -> list[str]:
    """The widget ids a rerun message says were pressed (buttons, form submits)."""
    if msg.WhichOneof("type") != "rerun_script":
        return []
    return [
        w.id
        for w in msg.rerun_script.widget_states.widgets
        if w.WhichOneof("value") == "trigger_value" and w.trigger_value
    ]


def pressing(key: str) -> Callable[[BackMsg], bool]:
    """Holds the message that presses the control with widget key `key`."""
    return lambda msg: any(wid.endswith(f"-{key}") for wid in presses(msg))


def open_as(browser: Any, server: AppServer, sub: str, *, tap: WsTap | None = None) -> Any:
    """A fresh browser (context) signed in as `sub`, on the app's first page once drawn."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True)
    context.add_init_script(PAGE_RECORDER_JS)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.set_default_navigation_timeout(STEP_TIMEOUT_MS)
    only_loopback(context)
    page = watched_page(context)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs  # type: ignore[attr-defined]
    if tap is not None:
        tap.install(page)
    page.goto(server.url)
    wait_app_idle(page)
    sign_in(page, server.url, sub)
    wait_app_idle(page)
    return page


def goto(page: Any, url: str) -> None:
    """Open a page of the app (a new session, signed in by the cookie) and wait until it is drawn."""
    page.goto(url)
    wait_app_idle(page)


def select_run(page: Any, server: AppServer, task_word: str, run_id: str) -> None:
    """On the Runs page: filter on a word of the task, select the one row left, wait for its controls."""
    goto(page, f"{server.url}/runs")
    page.get_by_text("Filters", exact=True).click()
    search = page.get_by_label("Task contains", exact=True)
    search.fill(task_word)
    search.press("Enter")
    page.get_by_text("1 run matches the filters · page 1 of 1", exact=False).wait_for()
    wait_app_idle(page)
    page.keyboard.press("Escape")  # the focus may have moved on to the date field, whose picker covers the table
    page.wait_for_function("() => !document.querySelector('[data-baseweb=\"popover\"]')")
    grid = page.locator("[data-testid='stDataFrame']").first
    grid.locator("canvas").first.wait_for()
    box = _still_box(page, grid)
    page.mouse.click(box["x"] + 18, box["y"] + 35 + 17)  # the first row's selection box
    page.get_by_text(f"Selected run {run_id}", exact=False).wait_for()
    wait_app_idle(page)


def _still_box(page: Any, locator: Any) -> dict[str, float]:
    """The element's box once it has stopped moving (an expander opening or closing slides what follows it)."""
    last = None
    while True:
        box = locator.bounding_box()
        if box is not None and box == last:
            return dict(box)
        last = box
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def main_text(page: Any) -> str:
    """What the page's main area says."""
    return str(page.locator("[data-testid='stMain']").inner_text())


def sidebar_text(page: Any) -> str:
    """What the sidebar says ('' when there is none)."""
    bar = page.locator("[data-testid='stSidebar']")
    return str(bar.inner_text()) if bar.count() else ""
