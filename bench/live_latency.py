"""Live latency: from the `on_evaluation` call (server clock) to that iteration's verdicts visible in Chromium.

Runs with 20 iterations each (an unjudgeable criterion keeps the loop going)
and 0.3 s simulated model latency; a MutationObserver in the page stamps the
moment each iteration's verdict marker appears. Same machine, so the two
clocks agree. Target: p50 at most 150 ms, p95 at most 400 ms.
Run: `python -m bench.live_latency [--iterations 40]`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from bench.browser_common import chromium, wait_app
from bench.common import table, write_section
from tests.browser.server import AppServer

OBSERVER = """() => {
  window.__seen = {};
  const mark = () => document.querySelectorAll('.rs-verdict').forEach(e => {
    const k = e.dataset.iteration;
    if (!(k in window.__seen)) window.__seen[k] = Date.now();
  });
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true, attributes: true});
  mark();
}"""


def one_run(page, server: AppServer, iterations: int) -> list[float]:
    from rubric_core.store import open_store

    page.goto(server.url)
    wait_app(page)
    page.get_by_label("Task", exact=True).fill("Describe a lighthouse in two sentences.")
    page.get_by_label("Rubric", exact=True).fill("- Is witty and original")
    page.get_by_role("spinbutton", name="Max iterations").fill(str(iterations))
    page.get_by_role("spinbutton", name="Max iterations").press("Enter")
    time.sleep(0.8)
    page.get_by_label("Working model", exact=True).click()
    page.get_by_role("option", name="Custom provider:model", exact=False).click()
    page.get_by_label("Working model spec", exact=True).fill("offline:writer?latency=0.3")
    page.get_by_label("Working model spec", exact=True).press("Tab")
    time.sleep(0.8)
    page.get_by_label("Grader model", exact=True).click()
    page.get_by_role("option", name="offline:grader?latency=0.3", exact=False).click()
    time.sleep(0.5)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    run_id = page.url.split("run=")[1].split("&")[0]
    page.evaluate(OBSERVER)
    page.get_by_text("Max iterations reached ·", exact=False).wait_for(timeout=iterations * 3000 + 30000)
    seen = page.evaluate("() => window.__seen")
    os.environ["RUBRIC_STUDIO_HOME"] = str(server.home)
    events = [e for e in open_store().run_events(run_id) if e.type == "evaluation"]
    latencies = []
    for ev in events:
        stamp = seen.get(str(ev.data["iteration"]))
        if stamp is not None:
            latencies.append(stamp / 1000 - ev.at)
    return latencies


BACKENDS = {"processes": "", "threads": "0"}
"""RUBRIC_STUDIO_WORKERS of the server per backend ("" = the default pool, one worker per core)."""


def measure(backend: str, iterations: int) -> list[float]:
    """Latencies (s) of `iterations` verdicts with the server running runs on `backend`."""
    server = AppServer(Path(tempfile.mkdtemp(prefix="bench-live-")), env={"RUBRIC_STUDIO_WORKERS": BACKENDS[backend]})
    latencies: list[float] = []
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            while len(latencies) < iterations:
                latencies += one_run(page, server, 20)
    finally:
        server.stop()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=40, help="iterations measured in all (20 per run)")
    parser.add_argument("--backend", choices=["both", *BACKENDS], default="both")
    args = parser.parse_args()
    names = list(BACKENDS) if args.backend == "both" else [args.backend]
    load = os.getloadavg()
    rows = []
    for name in names:
        ms = sorted(x * 1000 for x in measure(name, args.iterations))
        p50 = statistics.median(ms)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        rows += [
            [name, "p50", f"{p50:.0f} ms", "150 ms", "met" if p50 <= 150 else "MISSED"],
            [name, "p95", f"{p95:.0f} ms", "400 ms", "met" if p95 <= 400 else "MISSED"],
            [name, "min / max", f"{ms[0]:.0f} / {ms[-1]:.0f} ms", "", ""],
        ]
    body = (
        f"{args.iterations} iterations per backend (runs of 20, 0.3 s simulated latency per model call), from the "
        "`on_evaluation` timestamp (in the process running the run: the server for `threads`, a worker for "
        "`processes`) to the verdict marker appearing in Chromium (MutationObserver, `Date.now()`). Load average "
        f"at start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (shared machine).\n\n"
        + table(["backend", "statistic", "measured", "target", ""], rows)
    )
    write_section("live-latency", "2. Live latency", body)


if __name__ == "__main__":
    main()
