"""A fresh server's first page and its first run, before and after a change, in one run (issue 40 item 9).

Each round starts a fresh server (as `make run` starts it) of each side in turn, in an order that turns each
round: the time from starting it to the first page drawn (the Task editor visible, as bench/cold_start.py), then
in that tab run 1, and runs 2 to --runs in new tabs, as bench/first_run.py makes them (the `haiku` example, a working model that
takes --latency seconds an answer, Start to the first verdict drawn). The code before is another checkout with its
own `.venv` (`git worktree add ../before COMMIT && make -C ../before .venv/.installed-stamp`).
Run: `python -m bench.first_page_and_run --before ../before [--rounds 4] [--runs 3] [--latency 0.4]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.before_after import turn
from bench.browser_common import chromium
from bench.first_run import OBSERVER, one_run
from tests.browser.helpers import set_textarea, wait_app_idle
from tests.browser.server import AppServer

SIDES = ("before", "after")


def one_server(browser, checkout: Path | None, runs: int, latency: float) -> dict[str, float]:
    """Server start to the first page drawn, then in that same tab run 1 as bench/first_run.py makes it (its tab is
    the first page, as there); runs 2 to `runs` in new tabs: Start to the first verdict of run 1 and of the last."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    started = time.perf_counter()
    server = AppServer(Path(tempfile.mkdtemp(prefix="bench-fpr-")), checkout=checkout)
    try:
        page.goto(server.url)
        page.get_by_label("Task", exact=True).wait_for(timeout=120_000)
        out = {"page": time.perf_counter() - started}
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
        out["first"] = (page.evaluate("() => window.__first.at") - clicked) / 1000
        page.wait_for_selector('.rs-run-page[data-live="false"]', state="attached", timeout=120_000)
        page.close()
        times = [one_run(browser, server, latency)[0] for _ in range(runs - 1)]
        out["last"] = times[-1] if times else out["first"]
        return out
    finally:
        if not page.is_closed():
            page.close()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True, help="a checkout of the code before, with its own .venv")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3, help="runs on each fresh server (the last is the warm one)")
    parser.add_argument("--latency", type=float, default=0.4, help="seconds per working-model answer")
    args = parser.parse_args()
    checkouts: dict[str, Path | None] = {"before": Path(args.before).resolve(), "after": None}
    load = os.getloadavg()
    got: dict[str, list[dict[str, float]]] = {s: [] for s in SIDES}
    with chromium() as browser:
        for n in range(args.rounds):
            for side in turn(SIDES, n):
                got[side].append(one_server(browser, checkouts[side], args.runs, args.latency))
                print(side, {k: round(v, 2) for k, v in got[side][-1].items()}, flush=True)
    end = os.getloadavg()
    print(f"load average at start {load[0]:.1f}, at the end {end[0]:.1f}; medians over {args.rounds} servers a side")
    for key, label in (
        ("page", "server start to the first page drawn"),
        ("first", "Start to the first verdict, 1st run"),
        ("last", f"Start to the first verdict, run {args.runs}"),
    ):
        b = statistics.median(x[key] for x in got["before"])
        a = statistics.median(x[key] for x in got["after"])
        print(f"{label}: before {b:.2f} s, after {a:.2f} s, after/before {a / b:.2f}x")


if __name__ == "__main__":
    main()
