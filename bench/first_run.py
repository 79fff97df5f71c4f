"""First run after a server start: the time from Start to the first verdict drawn, 1st run against the 5th.

A fresh server as `make run` starts it (`python -m rubric_ui.serve run app.py`, the default pool of worker
processes), real Chromium at 1440x900. Each run is a new tab that loads the `haiku` example with a working model that takes `--latency` seconds per answer (so a run
lasts long enough for its verdicts to arrive while it is live, as a hosted model's would), clicks Start, and
stamps (MutationObserver, `Date.now()`) the moment the first verdict marker is in the page and whether the
run was still live when it was drawn. Target: the 1st run's time within 1.5x of the 5th.
Run: `python -m bench.first_run [--servers 3] [--runs 5] [--latency 0.4]`.
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
  window.__first = null;
  const mark = () => {
    const el = document.querySelector('.rs-verdict');
    if (el && window.__first === null) window.__first = {at: Date.now(), live: el.dataset.live === 'true'};
  };
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def one_run(browser, server: AppServer, latency: float) -> tuple[float, bool]:
    """Seconds from the click on Start to the first verdict drawn, and whether the run was live then."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    try:
        page.goto(server.url)
        wait_app_idle(page)
        page.get_by_label("Bundled example").click()
        page.get_by_role("option", name="haiku", exact=False).first.click()
        page.get_by_role("button", name="Load example").click()
        page.wait_for_function("() => document.querySelector('textarea[aria-label=\"Task\"]').value.length > 0")
        wait_app_idle(page)
        page.get_by_label("Working model").click()
        page.get_by_role("option", name="Custom provider:model", exact=False).click()
        set_textarea(page, "Working model spec", f"offline:writer?latency={latency}")
        page.evaluate(OBSERVER)
        clicked = page.evaluate("() => Date.now()")
        page.get_by_role("button", name="Start run").click()
        page.wait_for_function("() => window.__first !== null", timeout=120_000)
        first = page.evaluate("() => window.__first")
        page.wait_for_selector('.rs-run-page[data-live="false"]', state="attached", timeout=120_000)
        return (first["at"] - clicked) / 1000, bool(first["live"])
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--servers", type=int, default=3, help="fresh servers (each: runs 1 to --runs)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--latency", type=float, default=0.4, help="seconds per working-model answer")
    args = parser.parse_args()
    load = os.getloadavg()
    firsts, fifths, live_first = [], [], []
    with chromium() as browser:
        for _ in range(args.servers):
            server = AppServer(Path(tempfile.mkdtemp(prefix="bench-first-run-")))
            try:
                times = [one_run(browser, server, args.latency) for _ in range(args.runs)]
            finally:
                server.stop()
            print("runs 1..N (s, live):", [(round(t, 2), live) for t, live in times], flush=True)
            firsts.append(times[0][0])
            fifths.append(times[-1][0])
            live_first.append(times[0][1])
    first, fifth = statistics.median(firsts), statistics.median(fifths)
    ratio = first / fifth
    rows = [
        [
            "Start to the first verdict, 1st run",
            f"{first:.2f} s",
            ", ".join(f"{x:.2f}" for x in firsts),
            f"drawn live: {sum(live_first)} of {len(live_first)}",
        ],
        [f"Start to the first verdict, {args.runs}th run", f"{fifth:.2f} s", ", ".join(f"{x:.2f}" for x in fifths), ""],
        ["1st / 5th", f"{ratio:.2f}x", "target 1.5x", "met" if ratio <= 1.5 else "MISSED"],
    ]
    body = (
        f"{args.servers} fresh servers (as `make run` starts them: `python -m rubric_ui.serve run app.py`, "
        f"the default pool of worker processes), {args.runs} runs each, "
        f"every run in a new tab at 1440x900: the `haiku` example with `offline:writer?latency={args.latency}`, "
        "from the click on Start to the first verdict marker in the page (MutationObserver). Medians over the "
        f"servers. Load average at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (shared 2-core machine).\n\n"
        + table(["measure", "median", "each server", ""], rows)
    )
    write_section("first-run", "8. First run after a server start", body)


if __name__ == "__main__":
    main()
