"""Live latency: from the `on_evaluation` call (server clock) to that iteration's verdicts visible in Chromium.

Runs with 20 iterations each (an unjudgeable criterion keeps the loop going)
and 0.3 s simulated model latency; a MutationObserver in the page stamps the
moment each iteration's verdict marker appears. Same machine, so the two
clocks agree. Target: p50 at most 150 ms, p95 at most 400 ms.
Run: `python -m bench.live_latency [--iterations 40]`.
"""

from __future__ import annotations

import argparse
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
    page.get_by_label("Max iterations").fill(str(iterations))
    page.get_by_label("Max iterations").press("Enter")
    time.sleep(0.8)
    page.get_by_label("Working model", exact=True).click()
    page.get_by_role("option", name="Custom provider:model", exact=False).click()
    page.get_by_label("Working model spec").fill("offline:writer?latency=0.3")
    page.get_by_label("Working model spec").press("Tab")
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
    import os

    os.environ["RUBRIC_STUDIO_HOME"] = str(server.home)
    events = [e for e in open_store().run_events(run_id) if e.type == "evaluation"]
    latencies = []
    for ev in events:
        stamp = seen.get(str(ev.data["iteration"]))
        if stamp is not None:
            latencies.append(stamp / 1000 - ev.at)
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=40, help="iterations measured in all (20 per run)")
    args = parser.parse_args()
    server = AppServer(Path(tempfile.mkdtemp(prefix="bench-live-")))
    latencies: list[float] = []
    try:
        with chromium() as browser:
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            while len(latencies) < args.iterations:
                latencies += one_run(page, server, 20)
    finally:
        server.stop()
    ms = sorted(x * 1000 for x in latencies)
    p50 = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    rows = [
        ["p50", f"{p50:.0f} ms", "150 ms", "met" if p50 <= 150 else "MISSED"],
        ["p95", f"{p95:.0f} ms", "400 ms", "met" if p95 <= 400 else "MISSED"],
        ["min / max", f"{ms[0]:.0f} / {ms[-1]:.0f} ms", "", ""],
    ]
    body = (
        f"{len(ms)} iterations (runs of 20, 0.3 s simulated latency per model call), from the server's "
        "`on_evaluation` timestamp to the verdict marker appearing in Chromium (MutationObserver, `Date.now()`).\n\n"
        + table(["statistic", "measured", "target", ""], rows)
    )
    write_section("live-latency", "2. Live latency", body)


if __name__ == "__main__":
    main()
