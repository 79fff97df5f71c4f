"""Scale: 2,000 and 10,000 stored runs (5 iterations x 8 criteria) in the real app.

At each size, in Chromium against the app as `make run` starts it: the Runs page's first draw, a stored run opened
in a fresh tab and opened from the Runs page (one click on its task), and the run of 20 iterations
x 50 criteria; then export of all runs to JSONL and Parquet in fresh processes; peak RSS.
Targets: Runs page 1.5 s, a run or Present in a fresh tab 1.2 s, a run opened from the list 3.98 s (half of
7.95 s) with max/median under 1.5x and, beside Inspect's viewer, 0.8x of its time; the 20 x 50 run 1 s, export
5 s, peak RSS 400 MB.
Run: `python -m bench.scale [--runs 2000,10000] [--no-export]`.
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
from typing import Any

from bench.browser_common import chromium, rss_mb, wait_app
from bench.common import table, write_section
from tests.browser.server import AppServer


def seed(home: Path, runs: int, *, already: int = 0) -> str:
    """Fill the store up to `runs` synthetic runs (5 x 8) plus one run of 20 x 50; returns the big run's id."""
    os.environ["RUBRIC_STUDIO_HOME"] = str(home)
    from bench.seed import run_events, seed_runs
    from rubric_core.store import open_store

    store = open_store()
    if runs > already:
        seed_runs(store, runs - already, seed=7 + already)
    big = "big" + "0" * 29
    if store.get_run(big) is None:
        store.import_runs(
            [(run_events(big, time.time() + 3600, iterations=20, criteria=50, rng=random.Random(1)), "bench")]
        )
    return big


def timed_page(context, url: str, ready, *, streamlit: bool = True) -> float:
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    if streamlit:
        wait_app(page)
    ready(page)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


def run_ready(iteration: int):
    """A run page is drawn when its heatmap's grid and its last verdict are in the page (the run view element draws
    both in the page itself; before it, the grid was in a frame of its own)."""

    def ready(page) -> None:
        page.wait_for_selector(".rs-hm-grid", state="attached", timeout=60_000)
        page.wait_for_selector(f".rs-verdict[data-iteration='{iteration}']", state="attached", timeout=60_000)

    return ready


def present_ready(page) -> None:
    """Present is drawn when its status marker, what came out, the replay's step (whichever it opens on: it waited
    for "Step 1 of" and hung once Present opened on the final draft) and the report's download are in the page (the
    download button is the page's last element)."""
    page.wait_for_selector(".rs-present[data-status]", state="attached", timeout=60_000)
    page.wait_for_selector(".rs-rv .rs-output", timeout=60_000)
    page.wait_for_selector(".rs-rv .rs-stage .rs-step-title", timeout=60_000)
    page.get_by_role("button", name="Download HTML report").wait_for(timeout=60_000)


def open_from_runs_page(context, url: str, history_ready, row: int, *, query: str = "") -> float:
    """Click row `row` of the Runs table once (a cell of it: that opens the run), time until the run is drawn."""
    page = context.new_page()
    page.goto(f"{url}/runs" + (f"?{query}" if query else ""))
    wait_app(page)
    history_ready(page)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000)
    box = page.locator("[data-testid='stDataFrame']").first.bounding_box()
    start = time.perf_counter()
    page.mouse.click(box["x"] + 18 + 155 + 90 + 60, box["y"] + 35 + 17 + 35 * row)  # the row's task cell
    run_ready(4)(page)
    elapsed = time.perf_counter() - start
    page.close()
    return elapsed


class Side:
    """One viewer in the side-by-side comparison: its list in a new tab, and one click on an item of it."""

    def __init__(self, name: str, list_url: str, listed, open_one, *, streamlit: bool = True) -> None:
        self.name = name
        self.streamlit = streamlit
        """A Streamlit app: a page counts as drawn once the app is idle, then `listed`."""
        self.list_url = list_url
        self.listed = listed
        self.open_one = open_one
        """open_one(context, row) -> seconds from the click on the list's row `row` until its item is drawn."""

    def list_once(self, context) -> float:
        return timed_page(context, self.list_url, self.listed, streamlit=self.streamlit)


WARM_UP_ROW = 1
"""The row the warm-up opens; the measured opens take the rows after it, each a different item (see open_row)."""
OPEN_ROWS = 8
"""How many different rows the measured opens take in turn (rows 2 to 9: all in sight in each viewer's list)."""


def open_row(n: int) -> int:
    """The row of the n-th measured open."""
    return WARM_UP_ROW + 1 + n % OPEN_ROWS


def side_by_side(context, sides: list[Side], repeat: int, opens: int) -> dict[str, dict[str, list[float]]]:
    """Each measure taken in turn on every side, in one browser: a slow spell of this shared machine then
    falls on all of them alike, and the ratios compare like with like. The order turns each round, so the
    tail of one side's page (a server still sending it after its tab closed) does not always fall on the same
    next side."""
    out: dict[str, dict[str, list[float]]] = {side.name: {"history": [], "from_runs": []} for side in sides}

    def turn(n: int) -> list[Side]:
        k = n % len(sides)
        return sides[k:] + sides[:k]

    for side in sides:  # warm-up: first script compile, the viewer's JavaScript in the browser's cache
        side.list_once(context)
        side.open_one(context, WARM_UP_ROW)
    for n in range(repeat):
        for side in turn(n):
            out[side.name]["history"].append(side.list_once(context))
    for n in range(opens):
        for side in turn(n):
            out[side.name]["from_runs"].append(side.open_one(context, open_row(n)))
    return out


def stop_all(stops: list[Any]) -> None:
    """Stop every server or process in `stops`, each on its own: one that fails to stop does not keep the
    others running, and a process that does not end when asked is killed."""
    for what in stops:
        try:
            if isinstance(what, subprocess.Popen):
                what.terminate()
                try:
                    what.wait(30)
                except subprocess.TimeoutExpired:
                    what.kill()
                    what.wait(30)
            else:
                what.stop()
        except Exception as exc:  # reported; the others are still stopped
            print(f"could not stop {what!r}: {exc}", file=sys.stderr)


def floor_side(total: int) -> tuple[Side, AppServer]:
    """bench/streamlit_floor_app.py: a Streamlit page of the Runs list's shape with no store and no query behind
    it, and the one-click switch to a page of a run's shape. No Streamlit page of that shape can be drawn
    faster, so this is the floor under the comparison with Inspect's viewer."""
    server = AppServer(
        Path(tempfile.mkdtemp(prefix="bench-floor-")), script=Path(__file__).with_name("streamlit_floor_app.py")
    )

    def listed(page) -> None:
        page.get_by_text(f"{total:,} runs · page 1 of", exact=False).wait_for(timeout=60_000)
        page.wait_for_selector("[data-testid='stDataFrame'] canvas", timeout=60_000)

    query = f"total={total:,}"

    def open_one(context, row: int) -> float:
        return open_from_runs_page(context, server.url, listed, row, query=query)

    return Side("floor", f"{server.url}/runs?{query}", listed, open_one), server


# ---- Inspect's log viewer, side by side -----------------------------------------------------------------


def inspect_logs(python: str, samples: int) -> Path:
    """An Inspect eval log of `samples` samples (5 drafts x 8 criteria each), written by Inspect's own Python."""
    out = Path(tempfile.mkdtemp(prefix=f"bench-inspect-{samples}-"))
    subprocess.run(
        [python, str(Path(__file__).with_name("inspect_logs.py")), "--samples", str(samples), "--out", str(out)],
        check=True,
        capture_output=True,
    )
    return out


def inspect_side(python: str, logs: Path, samples: int) -> tuple[Side, subprocess.Popen]:
    """Inspect's viewer (`inspect view`): its sample list in a new tab, and a sample opened with one click."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    inspect_cmd = str(Path(python).with_name("inspect"))
    proc = subprocess.Popen(
        [inspect_cmd, "view", "--log-dir", str(logs), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while True:  # until the viewer listens
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            if time.monotonic() > deadline:
                stop_all([proc])
                raise
            time.sleep(0.1)

    def listed(page) -> None:
        page.get_by_text(f"{samples} Samples", exact=False).first.wait_for(timeout=120_000)
        page.get_by_text("Task 0: write a short answer", exact=False).first.wait_for(timeout=120_000)

    def open_one(context, row: int) -> float:
        page = context.new_page()
        page.goto(url)
        listed(page)
        # A mouse click at the row's place, as on our table: the clock does not run while Playwright finds it.
        box = page.get_by_text(f"Task {row}: write a short answer", exact=False).first.bounding_box()
        start = time.perf_counter()
        page.mouse.click(box["x"] + 10, box["y"] + box["height"] / 2)
        page.get_by_text(f"Draft 5 of task {row}.", exact=False).first.wait_for(timeout=120_000)
        elapsed = time.perf_counter() - start
        page.close()
        return elapsed

    return Side("inspect", url, listed, open_one, streamlit=False), proc


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


def measure(
    home: Path, total: int, big: str, repeat: int, opens: int, inspect_python: str = "", samples: int = 0
) -> tuple[dict[str, list[float]], dict[str, dict[str, list[float]]]]:
    """Our app: a stored 5 x 8 run in a fresh tab, the 20 x 50 run, peak RSS; then the Runs list in a new tab and
    a run opened from it with one click, side by side with Inspect's viewer and the Streamlit floor (with
    `inspect_python`) or alone. Returns (ours, side-by-side figures by side)."""
    from rubric_core.store import open_store

    ids = [r["id"] for r in open_store().list_runs(limit=200) if r["id"] != big]
    server = AppServer(home)
    others: list[Any] = []
    out: dict[str, list[float]] = {"fresh": [], "present": [], "big": [], "rss": []}
    floor_fresh: list[float] = []
    try:
        with chromium() as browser:
            # One browser context, so each viewer's JavaScript is cached as in a user's browser; each
            # measurement is a new tab (and for ours a new Streamlit session: the page's first render).
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            caption = f"{total:,} runs · page 1 of"

            def history_ready(page) -> None:
                page.get_by_text(caption, exact=False).wait_for(timeout=60_000)
                page.wait_for_selector("[data-testid='stDataFrame'] canvas", timeout=60_000)

            def open_ours(context, row: int) -> float:
                return open_from_runs_page(context, server.url, history_ready, row)

            floor_server = None
            if inspect_python:
                floor, floor_server = floor_side(total)
                others.append(floor_server)
                timed_page(context, f"{floor_server.url}/?run=warm", run_ready(4))  # warm-up
            timed_page(context, f"{server.url}/?run={ids[-1]}", run_ready(4))  # warm-up: first script compile
            # Each measure in a row of its own: a tab closed as soon as its page was drawn can leave the server
            # sending the rest of that page, and the big run's page held up the list's tab that came next.
            for _ in range(repeat):
                out["big"].append(timed_page(context, f"{server.url}/?run={big}", run_ready(19)))
            for n in range(opens):
                out["fresh"].append(timed_page(context, f"{server.url}/?run={ids[10 + n * 7]}", run_ready(4)))
                if floor_server is not None:  # the floor's run page in a new tab, in turn with ours
                    floor_fresh.append(timed_page(context, f"{floor_server.url}/?run={n}", run_ready(4)))
            for n in range(opens):  # Present of a stored run in a new tab: what a share link's reader gets
                url = f"{server.url}/?run={ids[12 + n * 7]}&view=present"
                out["present"].append(timed_page(context, url, present_ready))
            sides = [Side("ours", f"{server.url}/runs", history_ready, open_ours)]
            if inspect_python:
                theirs, proc = inspect_side(inspect_python, inspect_logs(inspect_python, samples), samples)
                others.append(proc)
                sides += [theirs, floor]
            figures = side_by_side(context, sides, repeat, opens)
            if floor_fresh:
                figures["floor"]["fresh"] = floor_fresh
        out["rss"].append(rss_mb(server.proc.pid, "VmHWM"))
    finally:
        stop_all([server, *others])
    out |= figures["ours"]
    return out, figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", default="2000,10000", help="comma-separated store sizes, ascending")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--opens", type=int, default=11, help="stored runs opened per way and size")
    parser.add_argument("--no-export", action="store_true")
    parser.add_argument(
        "--inspect-python",
        default="",
        help="the Python of a separate venv with inspect-ai: also measure Inspect's log viewer side by side",
    )
    args = parser.parse_args()
    sizes = [int(x) for x in args.runs.split(",")]
    home = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    results: dict[int, dict[str, list[float]]] = {}
    inspect: dict[int, dict[str, list[float]]] = {}
    floor: dict[int, dict[str, list[float]]] = {}
    already = 0
    for size in sizes:
        big = seed(home, size, already=already)
        already = size
        results[size], figures = measure(home, size + 1, big, args.repeat, args.opens, args.inspect_python, size)
        if args.inspect_python:
            inspect[size], floor[size] = figures["inspect"], figures["floor"]

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    def spread(xs: list[float]) -> str:
        return f"{min(xs):.2f}-{max(xs):.2f} s (max/median {max(xs) / med(xs):.2f}x)"

    rows = []
    for size, r in results.items():
        rows += [
            [
                f"Runs page draw, {size:,} runs",
                f"{med(r['history']):.2f} s",
                spread(r["history"]),
                "1.5 s",
                "met" if med(r["history"]) <= 1.5 else "MISSED",
            ],
            [
                f"open a 5 x 8 run in a fresh tab, {size:,} runs",
                f"{med(r['fresh']):.2f} s",
                spread(r["fresh"]),
                "1.2 s",
                "met" if med(r["fresh"]) <= 1.2 else "MISSED",
            ],
            [
                f"Present of a 5 x 8 run in a fresh tab, {size:,} runs",
                f"{med(r['present']):.2f} s",
                spread(r["present"]),
                "1.2 s",
                "met" if med(r["present"]) <= 1.2 else "MISSED",
            ],
            [
                f"open a 5 x 8 run from the Runs page, {size:,} runs",
                f"{med(r['from_runs']):.2f} s",
                spread(r["from_runs"]),
                "3.98 s, spread < 1.5x",
                "met" if med(r["from_runs"]) <= 3.98 and max(r["from_runs"]) < 1.5 * med(r["from_runs"]) else "MISSED",
            ],
            [
                f"run of 20 iterations x 50 criteria, {size:,} runs",
                f"{med(r['big']):.2f} s",
                spread(r["big"]),
                "1 s",
                "met" if med(r["big"]) <= 1.0 else "MISSED",
            ],
            [
                f"peak RSS: app server, {size:,} runs",
                f"{max(r['rss']):.0f} MB",
                "",
                "400 MB",
                "met" if max(r["rss"]) <= 400 else "MISSED",
            ],
        ]
    for size, theirs in inspect.items():
        ours = results[size]
        for key, what in (("history", "the list in a new tab"), ("from_runs", "a run opened from the list, one click")):
            mine, other = med(ours[key]), med(theirs[key])
            rows.append(
                [
                    f"{what} vs Inspect's viewer, {size:,} runs / samples",
                    f"{mine:.2f} s vs {other:.2f} s ({mine / other:.2f}x)",
                    f"Inspect {spread(theirs[key])}",
                    f"0.8x ({0.8 * other:.2f} s)",
                    "met" if mine <= 0.8 * other else "MISSED",
                ]
            )
            least = med(floor[size][key])
            rows.append(
                [
                    f"{what}: the Streamlit floor (bench/streamlit_floor_app.py), {size:,}",
                    f"{least:.2f} s ({least / other:.2f}x Inspect)",
                    spread(floor[size][key]),
                    f"0.8x ({0.8 * other:.2f} s)",
                    "met" if least <= 0.8 * other else "MISSED even with no store and no query",
                ]
            )
    for size, least in floor.items():
        if least.get("fresh"):
            rows.append(
                [
                    f"a run in a fresh tab: the Streamlit floor's run page (bench/streamlit_floor_app.py), {size:,}",
                    f"{med(least['fresh']):.2f} s (ours {med(results[size]['fresh']):.2f} s, "
                    f"Present {med(results[size]['present']):.2f} s)",
                    spread(least["fresh"]),
                    "1.2 s",
                    "met" if med(least["fresh"]) <= 1.2 else "MISSED even with no store and no query",
                ]
            )
    if not args.no_export:
        jsonl = [export_op(home, "export_jsonl") for _ in range(args.repeat)]
        parquet = [export_op(home, "export_parquet") for _ in range(args.repeat)]
        for name, xs in (("JSONL", jsonl), ("Parquet", parquet)):
            secs = [x["seconds"] for x in xs]
            peak = max(x["peak_rss_mb"] for x in xs)
            rows.append(
                [
                    f"export all runs to {name}",
                    f"{med(secs):.2f} s",
                    spread(secs),
                    "5 s",
                    "met" if med(secs) <= 5 else "MISSED",
                ]
            )
            rows.append(
                [f"peak RSS: {name} export", f"{peak:.0f} MB", "", "400 MB", "met" if peak <= 400 else "MISSED"]
            )
    body = (
        f"Stores of {', '.join(f'{s:,}' for s in sizes)} synthetic runs (5 iterations x 8 criteria) plus one of "
        f"20 x 50, in Chromium at 1440x900 against the app as `make run` starts it. Medians of {args.repeat} (pages) and "
        f"{args.opens} (opened runs, Present) after a warm-up: in a fresh tab each a different run; from a list, rows "
        f"{open_row(0)} to {open_row(OPEN_ROWS - 1)} in turn (the warm-up opened row {WARM_UP_ROW}). "
        "A page counts as drawn when the table "
        "(Runs), the heatmap and the last verdict (a run), or the status, what came out, the replay's step and the report's "
        "download (Present) are in the page; opening from the Runs page runs from "
        "the one click on the run's task (a button in its row). The open-a-run target is half of the 7.95 s measured before "
        "this change. With --inspect-python, Inspect AI's log viewer (`inspect view`, installed in a separate venv) "
        "is measured in the same run on an eval log of as many samples (5 drafts x 8 criteria each): its sample "
        "list in a new tab (until the sample count and the first row show) and a sample opened with one mouse click "
        "on its row (until its last draft shows). Beside it, the floor: the same two measures on "
        "bench/streamlit_floor_app.py, a Streamlit page of the Runs list's shape (title, caption, a 100-row table) "
        "with no store behind it, and the one-click switch to a page of a run's shape (one components v2 element "
        "drawing a grid and a verdict mark, as the run view element does): no Streamlit page of that shape is drawn faster."
        + (
            " The three are measured interleaved, in one browser: each list and each open is taken in turn on "
            "ours, Inspect's and the floor, in an order that turns each round, so a slow spell of the shared "
            "machine falls on all three alike."
            if inspect
            else ""
        )
        + "\n\n"
        + table(["measure", "median", "spread", "target", ""], rows)
    )
    write_section("scale", "4. Scale", body)


if __name__ == "__main__":
    main()
