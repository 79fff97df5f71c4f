"""First suite run after a server start: from the click on Start to the suite on screen, then to its first item.

A fresh server as `make run` starts it (`python -m rubric_ui.serve run app.py`, the default pool of worker
processes), real Chromium at 1440x900. The Suites page opens with the "New suite run" form open (no suite run
yet); the bundled 24-item suite starts with `offline:writer?latency=--latency`. A MutationObserver stamps
(`Date.now()`) the first moment the page shows the new suite run's progress marker (`.rs-suite-progress` with its
items counted), the first moment it counts an item done, and whether the page was ever blank meanwhile (no
element in the main block). Also recorded once the suite is shown: whether the form folded. Target (issue 33 item 4): the suite on screen within 1 s of Start.
Run: `python -m bench.first_suite [--servers 3] [--latency 0.3]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from bench.browser_common import chromium
from bench.common import table, write_section
from tests.browser.helpers import set_textarea, wait_app_idle
from tests.browser.server import AppServer

OBSERVER = """() => {
  window.__suite = {shown: null, firstDone: null, blank: 0, total: 0};
  const mark = () => {
    const s = window.__suite;
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    if (main && s.shown === null && !main.innerText.trim()) s.blank += 1;
    const el = document.querySelector('.rs-suite-progress');
    if (!el || !location.search.includes('suite=')) return;
    if (s.shown === null && Number(el.dataset.total) > 0) { s.shown = Date.now(); s.total = Number(el.dataset.total); }
    if (s.firstDone === null && Number(el.dataset.done) >= 1) s.firstDone = Date.now();
  };
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def one_suite(browser, server: AppServer, latency: float) -> dict:
    """Seconds from the click on Start to the suite shown and to its first item done, and what the page showed."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    try:
        page.goto(f"{server.url}/suites")
        wait_app_idle(page)
        set_textarea(page, "Working model", f"offline:writer?latency={latency}")
        wait_app_idle(page)
        page.evaluate(OBSERVER)
        clicked = page.evaluate("() => Date.now()")
        page.get_by_role("button", name="Start suite run").click()
        page.wait_for_function("() => window.__suite.shown !== null", timeout=180_000)
        page.wait_for_function("() => window.__suite.firstDone !== null", timeout=180_000)
        got = page.evaluate("() => window.__suite")
        folded = page.get_by_role("button", name="Start suite run").count() == 0
        return {
            "shown": (got["shown"] - clicked) / 1000,
            "first_done": (got["firstDone"] - clicked) / 1000,
            "blank": got["blank"],
            "folded": folded,
        }
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--servers", type=int, default=3, help="fresh servers, one suite run each")
    parser.add_argument("--latency", type=float, default=0.3, help="seconds per working-model answer")
    args = parser.parse_args()
    load = os.getloadavg()
    results = []
    with chromium() as browser:
        for _ in range(args.servers):
            server = AppServer(Path(tempfile.mkdtemp(prefix="bench-first-suite-")))
            try:
                results.append(one_suite(browser, server, args.latency))
            finally:
                server.stop()
            print(results[-1], flush=True)
    shown = statistics.median(r["shown"] for r in results)
    first = statistics.median(r["first_done"] for r in results)
    rows = [
        [
            "Start to the suite on screen (queued items counted)",
            f"{shown:.2f} s",
            ", ".join(f"{r['shown']:.2f}" for r in results),
            "target 1 s: " + ("met" if shown <= 1.0 else "MISSED"),
        ],
        ["Start to its first item done", f"{first:.2f} s", ", ".join(f"{r['first_done']:.2f}" for r in results), ""],
        [
            "Blank main block seen before the suite (mutations)",
            str(statistics.median(r["blank"] for r in results)),
            ", ".join(str(r["blank"]) for r in results),
            "",
        ],
        ["Form folded after Start", "", ", ".join("yes" if r["folded"] else "no" for r in results), ""],
    ]
    body = (
        f"{args.servers} fresh servers (as `make run` starts them), one suite run each: the bundled 24-item suite "
        f"with `offline:writer?latency={args.latency}`, concurrency 4, started from the Suites page at 1440x900, "
        "from the click on Start (MutationObserver). Medians over the servers. Load average at start "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (shared 2-core machine).\n\n"
        + table(["measure", "median", "each server", ""], rows)
    )
    write_section("first-suite", "First suite run after a server start", body)


if __name__ == "__main__":
    main()
