"""Cold start: from starting the server (as `make run` does) to the first page rendered in Chromium; server RSS after one offline run.

Target: 2.5 s. Run: `python -m bench.cold_start [--repeat 3]`.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.browser_common import chromium, rss_mb
from bench.common import table, write_section
from tests.browser.server import AppServer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    starts, rss_idle, rss_after = [], [], []
    with chromium() as browser:
        for _ in range(args.repeat):
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            t0 = time.perf_counter()
            server = AppServer(Path(tempfile.mkdtemp(prefix="bench-cold-")))
            try:
                page.goto(server.url)
                page.get_by_label("Task", exact=True).wait_for(timeout=60_000)
                starts.append(time.perf_counter() - t0)
                rss_idle.append(rss_mb(server.proc.pid))
                page.get_by_role("button", name="Load example").click()
                page.wait_for_function("() => document.querySelector('textarea[aria-label=\"Task\"]').value.length > 0")
                page.get_by_role("button", name="Start run").click()
                page.get_by_text("Satisfied ·", exact=False).wait_for(timeout=60_000)
                time.sleep(0.5)
                rss_after.append(rss_mb(server.proc.pid))
            finally:
                server.stop()
                page.close()
    med = statistics.median(starts)
    rows = [
        [
            "server start to the first page rendered",
            f"{med:.2f} s",
            f"{min(starts):.2f}-{max(starts):.2f} s",
            "2.5 s",
            "met" if med <= 2.5 else "MISSED",
        ],
        ["server RSS before any run", f"{statistics.median(rss_idle):.0f} MB", "", "", ""],
        ["server RSS after one offline run", f"{statistics.median(rss_after):.0f} MB", "", "", ""],
    ]
    body = (
        f"{args.repeat} cold starts, each a new server process as `make run` starts it and a new page; the page counts as "
        "rendered when the Task editor is visible. The agent stack is imported only when the first run starts.\n\n"
        + table(["measure", "median", "spread", "target", ""], rows)
    )
    write_section("cold-start", "5. Cold start", body)


if __name__ == "__main__":
    main()
