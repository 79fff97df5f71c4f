"""Scale: 10,000 stored runs (5 iterations x 8 criteria) in the real app.

First render of the history page and render of a run with 20 iterations x 50
criteria, in Chromium against `streamlit run`; export of all runs to JSONL and
Parquet in fresh processes; peak RSS of the server and of each export.
Targets: history 1.5 s, run 1 s, export 5 s, peak RSS 400 MB.
Run: `python -m bench.scale [--runs 10000]`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.browser_common import chromium, rss_mb, wait_app
from bench.common import table, write_section
from tests.browser.server import AppServer


def seed(home: Path, runs: int) -> str:
    os.environ["RUBRIC_STUDIO_HOME"] = str(home)
    from bench.seed import run_events, seed_runs
    from rubric_core.store import open_store

    store = open_store()
    seed_runs(store, runs)
    big = "big" + "0" * 29
    store.import_runs(
        [(run_events(big, time.time() + 3600, iterations=20, criteria=50, rng=random.Random(1)), "bench")]
    )
    return big


def timed_page(context, url: str, ready) -> float:
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    wait_app(page)
    ready(page)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def export_op(home: Path, op: str) -> dict:
    out = tempfile.mkdtemp(prefix="bench-scale-out-")
    proc = subprocess.run(
        [sys.executable, "-m", "bench.store_scale", "--op", op, "--out", out],
        env={**os.environ, "RUBRIC_STUDIO_HOME": str(home)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    big = seed(home, args.runs)
    total = args.runs + 1
    server = AppServer(home)
    history, run = [], []
    try:
        with chromium() as browser:
            # One browser context, so the app's JavaScript is cached as in a user's browser; each
            # measurement is a new tab and a new Streamlit session (the page's first render).
            context = browser.new_context(viewport={"width": 1440, "height": 1000})
            caption = f"{total:,} runs · page 1 of"

            def history_ready(page) -> None:
                page.get_by_text(caption, exact=False).wait_for(timeout=60_000)
                page.wait_for_selector("[data-testid='stDataFrame'] canvas", timeout=60_000)

            def run_ready(page) -> None:
                page.wait_for_selector(".js-plotly-plot", timeout=60_000)
                page.wait_for_selector(".rs-verdict[data-iteration='19']", state="attached", timeout=60_000)

            timed_page(context, f"{server.url}/runs", history_ready)  # warm-up: first script compile
            for _ in range(args.repeat):
                history.append(timed_page(context, f"{server.url}/runs", history_ready))
                run.append(timed_page(context, f"{server.url}/?run={big}", run_ready))
        server_peak = rss_mb(server.proc.pid, "VmHWM")
    finally:
        server.stop()
    jsonl = [export_op(home, "export_jsonl") for _ in range(args.repeat)]
    parquet = [export_op(home, "export_parquet") for _ in range(args.repeat)]

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    rows = [
        [
            "history page, first render (Chromium)",
            f"{med(history):.2f} s",
            "1.5 s",
            "met" if med(history) <= 1.5 else "MISSED",
        ],
        [
            "run of 20 iterations x 50 criteria (Chromium)",
            f"{med(run):.2f} s",
            "1 s",
            "met" if med(run) <= 1.0 else "MISSED",
        ],
        [
            "export all runs to JSONL",
            f"{med([j['seconds'] for j in jsonl]):.2f} s",
            "5 s",
            "met" if med([j["seconds"] for j in jsonl]) <= 5 else "MISSED",
        ],
        [
            "export all runs to Parquet",
            f"{med([p['seconds'] for p in parquet]):.2f} s",
            "5 s",
            "met" if med([p["seconds"] for p in parquet]) <= 5 else "MISSED",
        ],
        ["peak RSS: app server", f"{server_peak:.0f} MB", "400 MB", "met" if server_peak <= 400 else "MISSED"],
        [
            "peak RSS: JSONL export",
            f"{max(j['peak_rss_mb'] for j in jsonl):.0f} MB",
            "400 MB",
            "met" if max(j["peak_rss_mb"] for j in jsonl) <= 400 else "MISSED",
        ],
        [
            "peak RSS: Parquet export",
            f"{max(p['peak_rss_mb'] for p in parquet):.0f} MB",
            "400 MB",
            "met" if max(p["peak_rss_mb"] for p in parquet) <= 400 else "MISSED",
        ],
    ]
    body = (
        f"{total:,} stored runs ({args.runs:,} of 5 iterations x 8 criteria, one of 20 x 50); medians of "
        f"{args.repeat} after a warm-up. Page times run from navigation to the table (history) or the heatmap and "
        "the last verdict (run) being in the page.\n\n"
        + table(["measure", "median", "target", ""], rows)
        + f"\n\nSpread: history {min(history):.2f}-{max(history):.2f} s, run {min(run):.2f}-{max(run):.2f} s."
    )
    write_section("scale", "4. Scale", body)


if __name__ == "__main__":
    main()
