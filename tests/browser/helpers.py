"""Shared helpers for the browser tests: wait on what the app shows or stores, never on a stretch of time.

- `PAGE_RECORDER_JS` is installed in every page (see conftest.py) before the app
  loads. A MutationObserver records, as they happen: every verdict marker drawn
  (`.rs-verdict`: iteration, result, and whether the run was still live), every
  script run the app starts, and any planted HTML that became a live element.
  Tests assert on that record after the fact, so a slow machine cannot make a
  sample miss what the page showed.
- `wait_app_idle`: every script run the page asked for has been answered by the
  server (its websocket, decoded: see wire.py), the app is connected, not running
  its script (Streamlit's own `data-test-script-state`), every widget's code has
  loaded (no skeleton), and a full run drew the marker app.py draws last. The
  websocket part matters: Streamlit 1.67's page asks for a run without changing its
  script state, so right after a click or a key the attribute alone still read
  "notRunning" before the run the action caused had started.
- `wait_run_page_settled`: the Run page was redrawn for an ended run (click its
  controls only after this).
- `start_example`: load a bundled example, optionally with a custom working model,
  and start it; returns the run id from the URL.
- `open_server_store`, `wait_run_status`, `wait_no_live_run`: read the store of the
  test server, and wait on a stored row.

Playwright timeouts here are upper bounds sized for a loaded 2-core machine, not
windows a step must fit in; pytest-timeout (300 s a test) bounds the whole test.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from weakref import WeakKeyDictionary

from rubric_core.store import RunFilter, Store, open_store
from tests.browser.server import AppServer
from tests.browser.wire import WireTrace

RUN_FACTS = re.compile(r"\d+ iterations? · [\d,]+ tokens? ·")
"""What an ended run's banner (and the Runs preview, and Present) says of it: "3 iterations · 4,210 tokens · "."""
RUN_FACTS_JS = r"/\d+ iterations? · [\d,]+ tokens? ·/"
"""The same, as a JavaScript regular expression literal."""

STEP_TIMEOUT_MS = 120_000
"""Upper bound for one page step (a navigation, a script run, an element to appear)."""
RUN_TIMEOUT_MS = 200_000
"""Upper bound for a whole offline run to reach its end on screen."""
STORE_TIMEOUT_S = 200.0
"""Upper bound for a stored row to reach an expected state."""

PAGE_RECORDER_JS = r"""
(() => {
  if (window.__rs) return;
  const rs = (window.__rs = { verdicts: [], planted: [], runs: 0, lastRunAt: 0 });
  const key = (r) => [r.iteration, r.result, r.live].join("|");
  const verdict = (el) => {
    const r = {
      iteration: Number(el.dataset.iteration),
      result: el.dataset.result || "",
      live: el.dataset.live === "true",
    };
    const last = rs.verdicts[rs.verdicts.length - 1];
    if (!last || key(last) !== key(r)) rs.verdicts.push(r);
  };
  const PLANTED = "img, script, iframe, object, embed, [onerror], [onload], [onclick], [onmouseover]";
  const plantedIn = (el) => {
    const html = el.outerHTML || "";
    return html.includes("__xss") || (el.tagName === "IMG" && el.getAttribute("src") === "x");
  };
  const planted = (el) => {
    if (el.tagName === "IFRAME" && el.hasAttribute("srcdoc")) {
      // A drawn-in-a-frame view (the heatmap grid): its document carries the run's text escaped, so the
      // attribute itself names __xss. Look at the elements its document would have instead.
      const doc = new DOMParser().parseFromString(el.getAttribute("srcdoc"), "text/html");
      doc.querySelectorAll(PLANTED).forEach((inner) => {
        if (plantedIn(inner)) rs.planted.push("in a frame: " + inner.outerHTML.slice(0, 280));
      });
      return;
    }
    if (plantedIn(el)) rs.planted.push((el.outerHTML || "").slice(0, 300));
  };
  const visit = (node) => {
    if (node.nodeType !== 1) return;
    if (node.matches(".rs-verdict")) verdict(node);
    if (node.matches(PLANTED)) planted(node);
    node.querySelectorAll(".rs-verdict").forEach(verdict);
    node.querySelectorAll(PLANTED).forEach(planted);
  };
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === "attributes" && m.attributeName === "data-test-script-state") {
        // Diagnostics for a failed test (see conftest.py): how many script runs the page started, when.
        if (m.target.getAttribute("data-test-script-state") === "running") {
          rs.runs += 1;
          rs.lastRunAt = Date.now();
        }
        continue;
      }
      if (m.type === "attributes") visit(m.target);
      else m.addedNodes.forEach(visit);
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-iteration", "data-result", "data-live", "src", "srcdoc", "onerror", "data-test-script-state"],
  });
})();
"""

_IDLE_JS = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  // The marker every full script run draws last (app.py): the "notRunning" state alone also holds before a
  // page's first run has started. (Streamlit marks elements stale only while a run is in flight.)
  const drawn = !!document.querySelector('.rs-drawn');
  // Streamlit loads most widgets' code on first use and shows a skeleton until it has arrived. A field still
  // loading has given the browser no value to send: a run requested meanwhile (another field committed)
  // redrew it empty, and the next run sent that empty text (Suites' Rubric, under load).
  const loading = !!document.querySelector('[data-testid="stSkeleton"]');
  return !!app && drawn && !loading && app.getAttribute('data-test-script-state') === 'notRunning'
    && app.getAttribute('data-test-connection-state') === 'CONNECTED';
}"""


# ---- the page -------------------------------------------------------------------------


WIRES: WeakKeyDictionary[Any, WireTrace] = WeakKeyDictionary()
"""Each test page's websocket trace (conftest.py's `page`, and `watched_page` for the pages tests open themselves)."""


def watch_wire(page: Any) -> WireTrace:
    """Trace the websocket of `page` (before it navigates: a socket already open is not seen)."""
    wire = WIRES.get(page)
    if wire is None:
        wire = WIRES[page] = WireTrace()
        wire.attach(page)
    return wire


def watched_page(context: Any) -> Any:
    """A new page of `context` whose websocket is traced (so `wait_app_idle` knows the runs it asked for)."""
    page = context.new_page()
    watch_wire(page)
    return page


def _until_wire(page: Any, done: Callable[[WireTrace], bool], what: str, timeout: float) -> None:
    """Until `done(wire)` holds. Playwright hands the test the websocket's frames only while it waits on the page,
    so each check is followed by a short wait on the page (a poll of a condition, bounded by `timeout`)."""
    wire = WIRES.get(page)
    if wire is None:
        return
    deadline = time.monotonic() + timeout / 1000
    while not done(wire):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still waiting after {timeout / 1000:.0f} s\n{wire.text()[-4000:]}")
        page.wait_for_timeout(25)


def wait_app_idle(page: Any, timeout: float = STEP_TIMEOUT_MS) -> None:
    """Every script run the page asked for has been answered, the app is connected, no script run is in flight,
    and a full run has drawn the page to its end.

    After a navigation that is the page's first run: typing earlier was lost (see `mark_drawn` in rubric_ui/session/drawn.py).
    """
    deadline = time.monotonic() + timeout / 1000
    while True:
        _until_wire(page, lambda wire: not wire.pending, "a script run the page asked for", timeout)
        page.wait_for_function(_IDLE_JS, timeout=max(1_000.0, (deadline - time.monotonic()) * 1000))
        wire = WIRES.get(page)
        if wire is None or not wire.pending:  # nothing asked for while the page was being waited on
            return


def page_requests(page: Any) -> int:
    """How many script runs the page has asked for by itself so far (see `wait_requested_after`)."""
    wire = WIRES.get(page)
    if wire is None:
        raise AssertionError("the page's websocket is not traced: open it with `watched_page` or the `page` fixture")
    return wire.requests


def wait_requested_after(page: Any, before: int, timeout: float = STEP_TIMEOUT_MS) -> None:
    """Until the page has asked for a script run since it had asked for `before` (an action reached the server),
    that run is answered, and the page is idle."""
    _until_wire(page, lambda wire: wire.requests > before, "the page to ask for a script run", timeout)
    _until_wire(page, lambda wire: wire.finished > wire.last_request, "a script run after the page asked", timeout)
    wait_app_idle(page, timeout)


def wait_run_page_settled(page: Any, timeout: float = RUN_TIMEOUT_MS) -> None:
    """Until the Run page has been redrawn in full for a run that is no longer live, and that redraw is done.

    When a run ends, its polling fragment draws the final banner and then asks for a full rerun; a click in
    between can be overwritten by that rerun. Click the ended run's controls only after this.
    """
    page.wait_for_selector('.rs-run-page[data-live="false"]', state="attached", timeout=timeout)
    wait_app_idle(page)


_ONE_FRESH_CANCEL_JS = """() => {
  const fresh = [...document.querySelectorAll('.st-key-run_cancel')].filter(
    (el) => !el.closest('[data-stale="true"]'));
  return fresh.length === 1 && !!fresh[0].querySelector('button:not([disabled])');
}"""


def click_cancel(page: Any, timeout: float = STEP_TIMEOUT_MS) -> None:
    """Click the Run page's Cancel once it is drawn once and enabled.

    The polling fragment redraws the controls; while a redraw is in flight Streamlit keeps the previous
    button on screen (stale) beside the new one, and a plain role locator then finds two Cancel buttons.
    """
    page.wait_for_function(_ONE_FRESH_CANCEL_JS, timeout=timeout)
    page.locator(".st-key-run_cancel button").last.click(timeout=timeout)


def set_textarea(page: Any, label: str, value: str) -> None:
    """Fill a text area or text input and commit it to the app (Streamlit commits on blur)."""
    area = page.get_by_label(label, exact=True)
    # Typed only while no script run is in flight: a run that was already drawing when the field was filled
    # redraws the field with the value the server knew, and the filled text is gone before it is committed.
    wait_app_idle(page)
    area.fill(value)
    area.press("Tab")  # the blur sends the value: wait_app_idle waits for the run it asks for (see wire.py)
    wait_app_idle(page)
    if area.input_value() != value:
        raise AssertionError(f"the field {label!r} did not keep the value it was given: {area.input_value()!r}")


def open_selectbox(page: Any, label: str, attempts: int = 3) -> None:
    """Open the dropdown of the selectbox `label` from the keyboard and wait for its options.

    A selectbox with no value yet (a combobox showing its placeholder) opens on ArrowDown; a click in its empty
    text field only focuses it. Seen in CI: on a page just redrawn (a suite run ended), the focus arrived but the
    dropdown stayed closed, with no script run in flight. So the key is pressed again while no option shows: the
    wait is on the listbox being drawn, and each attempt is bounded, not a pause.
    """
    field = page.get_by_label(label)
    options = page.get_by_role("option")
    for attempt in range(attempts):
        field.press("ArrowDown")
        try:
            options.first.wait_for(timeout=10_000)
            return
        except Exception:
            if attempt == attempts - 1:
                raise
            field.press("Escape")


def choose_option(page: Any, label: str, option: str, attempts: int = 3) -> None:
    """Choose `option` in the selectbox `label` from the keyboard: open it, type the option, Enter.

    Not a click on the option: in CI the dropdown of a selectbox low on a page that polls (a paused run) stayed
    open beside the window, and a click on its option waited two minutes for "element is outside of the
    viewport". Typing filters the list to the option, and Enter chooses the option that has the focus: so Enter
    waits until `option` is the focused one (react-aria's `data-focused`).

    Chosen when the page has sent the server the new value (its websocket, see wire.py). Not when the field shows
    it: the field shows the typed text too, and in CI (under load, then locally once in three) Enter closed the
    list without choosing, the field read "2" as typed, and no script run was asked for.
    """
    field = page.get_by_label(label)
    wire = WIRES.get(page)
    if field.input_value() == option and not field.evaluate("(el) => el === document.activeElement"):
        return  # already chosen: choosing it again asks the server for nothing
    wanted = page.get_by_role("option", name=option, exact=True)
    for attempt in range(attempts):
        since = wire.seq if wire is not None else 0
        open_selectbox(page, label)
        field.press("ControlOrMeta+a")
        field.press_sequentially(option)
        try:
            wanted.wait_for(timeout=10_000)
            for _ in range(page.get_by_role("option").count() + 1):
                if wanted.get_attribute("data-focused") == "true":
                    break
                field.press("ArrowDown")
            field.press("Enter")
            page.get_by_role("listbox").wait_for(state="detached", timeout=10_000)
            if wire is None:
                page.wait_for_function(
                    "([el, want]) => el.value === want", arg=[field.element_handle(), option], timeout=10_000
                )
            else:
                _until_wire(
                    page, lambda w, since=since: w.sent_change(option, since), f"{label!r} set to {option!r}", 10_000
                )
            return
        except Exception:
            if attempt == attempts - 1:
                raise
            field.press("Escape")


def start_example(
    page: Any, server: AppServer, example: str = "haiku", *, model: str | None = None, step: bool = False
) -> str:
    """Open the Run page, load a bundled example, optionally set a custom working model (and step mode), start it:
    the run id."""
    page.goto(server.url)
    wait_app_idle(page)
    load_example(page, example)
    if model:
        choose_custom_model(page, model)
    if step:
        wait_app_idle(page)
        page.locator(".st-key-run_step label").click()  # Streamlit's box: its label takes the click
    wait_app_idle(page)  # every field is committed before the click that reads them
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    return run_id_of(page)


def load_example(page: Any, example: str) -> None:
    """Choose bundled example `example` and load it, each step after the run the one before asked for (a click on
    the dropdown while the choice's run redraws it closes the list, and the option click waited its 120 s)."""
    page.get_by_label("Bundled example").click()
    page.get_by_role("option", name=example, exact=False).first.click()
    wait_app_idle(page)
    page.get_by_role("button", name="Load example").click()
    wait_example_loaded(page, example)
    wait_app_idle(page)


def choose_custom_model(page: Any, spec: str) -> None:
    """Working model: "Custom provider:model", then `spec` typed into its field (each after the page is idle)."""
    wait_app_idle(page)
    page.get_by_label("Working model").click()
    page.get_by_role("option", name="Custom provider:model", exact=False).click()
    set_textarea(page, "Working model spec", spec)  # waits for the choice's run, which draws the field


WAIT_TASK_JS = "(task) => document.querySelector('textarea[aria-label=\"Task\"]').value === task"


def wait_example_loaded(page: Any, example: str) -> None:
    """Until the editor holds bundled example `example`'s own task. (The editor opens with an example loaded: a
    wait for any task at all passed at once, and Start then started the example the editor had opened with.)"""
    from rubric_core.examples import get_example

    page.wait_for_function(WAIT_TASK_JS, arg=get_example(example).task)


def run_id_of(page: Any) -> str:
    """The run id in the page's URL."""
    return page.url.split("run=")[1].split("&")[0]


# ---- what the page recorded --------------------------------------------------------------


def verdicts(page: Any) -> list[dict[str, Any]]:
    """Every verdict marker drawn since the page loaded, in order: {iteration, result, live}."""
    return list(page.evaluate("() => window.__rs ? window.__rs.verdicts : []"))


def wait_for_verdict(page: Any, iteration: int, *, live: bool | None = None, timeout: float = RUN_TIMEOUT_MS) -> None:
    """Until the page has drawn the verdict of `iteration` (while the run was live, if `live` is True)."""
    page.wait_for_function(
        "([it, live]) => (window.__rs ? window.__rs.verdicts : [])"
        ".some(v => v.iteration === it && (live === null || v.live === live))",
        arg=[iteration, live],
        timeout=timeout,
    )


def planted(page: Any) -> list[str]:
    """Planted HTML (from agent or grader text) that became a live element since the page loaded."""
    return list(page.evaluate("() => window.__rs ? window.__rs.planted : []"))


# ---- the server's store ----------------------------------------------------------------


@contextmanager
def open_server_store(server: AppServer) -> Iterator[Store]:
    """The test server's store, opened from the test process."""
    store = open_store(server.store_url)
    try:
        yield store
    finally:
        store.close()


def _wait_stored(server: AppServer, check: Callable[[Store], Any], what: str) -> Any:
    # Polls a stored row: the app writes it; the bound only turns a hang into a message.
    deadline = time.monotonic() + STORE_TIMEOUT_S
    with open_server_store(server) as store:
        while True:
            found = check(store)
            if found:
                return found
            if time.monotonic() > deadline:
                msg = f"the store never showed {what} (waited {STORE_TIMEOUT_S:.0f} s)"
                raise AssertionError(msg)
            time.sleep(0.05)


def wait_run_status(server: AppServer, run_id: str, statuses: set[str]) -> dict[str, Any]:
    """Until the stored run has one of `statuses`; its row."""

    def check(store: Store) -> dict[str, Any] | None:
        row = store.get_run(run_id)
        return row if row is not None and row["status"] in statuses else None

    return _wait_stored(server, check, f"run {run_id} in {sorted(statuses)}")


def wait_no_live_run(server: AppServer) -> None:
    """Until no run of the server is running (so one test's run cannot disturb the next)."""
    _wait_stored(server, lambda store: not store.list_runs(RunFilter(statuses=["running"])), "no running run")
