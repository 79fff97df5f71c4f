"""Before and after a change, side by side in one run: exports, a cold server, the first run and suite, new tabs.

Every measure is taken in turn on the code before (`--before`, another checkout with its own `.venv`, e.g.
`git worktree add ../before main && make -C ../before .venv/.installed-stamp`) and on this checkout, in an
order that turns each round, so a slow spell of this shared machine falls on both alike. Beside them, the
floor: a Streamlit app with nothing behind it (a cold start of a one-field page; bench/streamlit_floor_app.py
for a new tab), which no page of ours can beat.

- exports: all runs of a 10,000-run store to JSONL and to Parquet, each in a fresh process
  (`bench.store_scale --op`): its own timer, its CPU time and peak RSS;
- cold start: a new server (as `make run` starts it) to its first page drawn (the Task editor visible);
- first run: on that new server, the `haiku` example loaded and started at once: Start to the run's first
  progress (the live header) and to its first verdict in the page;
- first suite: a new server's Suites page, the bundled suite started at once: Start to its progress line;
- new tab at 10,000 runs: the Run page, and Present opened through a share link, each in a new tab.
Run: `python -m bench.before_after --before ../before [--rounds 3] [--home DIR]`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sqlite3
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.browser_common import chromium
from bench.common import table, write_section
from bench.scale import floor_side, timed_page
from tests.browser.helpers import wait_app_idle
from tests.browser.server import ROOT, AppServer

SIDES = ("before", "after")
SECRET = "bench-share-signing-key-" + "x" * 24
STAMPS = """(selectors) => {
  window.__stamps = {};
  const mark = () => {
    for (const s of selectors) {
      if (!(s in window.__stamps) && document.querySelector(s)) window.__stamps[s] = Date.now();
    }
  };
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true, attributes: true});
  mark();
}"""


def turn(names: tuple[str, ...] | list[str], n: int) -> list[str]:
    """`names` in an order that turns each round."""
    k = n % len(names)
    return [*names[k:], *names[:k]]


def export_once(checkout: Path, home: Path, op: str) -> dict[str, float]:
    out = tempfile.mkdtemp(prefix="bench-ba-out-")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [str(checkout / ".venv" / "bin" / "python"), "-m", "bench.store_scale", "--op", op, "--out", out],
        cwd=checkout,
        env={**os.environ, "RUBRIC_STUDIO_HOME": str(home)},
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(["rm", "-rf", out], check=False)
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": result["seconds"], "cpu": cpu, "rss": result["peak_rss_mb"]}


def cold_start_and_first_run(browser, checkout: Path | None, floor_script: Path | None = None) -> dict[str, float]:
    """A new server to its first page; then (ours) the haiku example started at once: first progress, verdict."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    started = time.perf_counter()
    server = AppServer(Path(tempfile.mkdtemp(prefix="bench-ba-cold-")), checkout=checkout, script=floor_script)
    try:
        page.goto(server.url)
        page.get_by_label("Task", exact=True).wait_for(timeout=120_000)
        out = {"cold": time.perf_counter() - started}
        if floor_script is not None:
            return out
        wait_app_idle(page)
        page.get_by_label("Bundled example").click()
        page.get_by_role("option", name="haiku", exact=False).first.click()
        page.get_by_role("button", name="Load example").click()
        page.wait_for_function("() => document.querySelector('textarea[aria-label=\"Task\"]').value.length > 0")
        wait_app_idle(page)
        page.evaluate(STAMPS, [".rs-progress", ".rs-verdict"])
        clicked = page.evaluate("() => Date.now()")
        page.get_by_role("button", name="Start run").click()
        page.wait_for_function("() => window.__stamps['.rs-verdict'] !== undefined", timeout=120_000)
        stamps = page.evaluate("() => window.__stamps")
        out["progress"] = (stamps.get(".rs-progress", stamps[".rs-verdict"]) - clicked) / 1000
        out["verdict"] = (stamps[".rs-verdict"] - clicked) / 1000
        return out
    finally:
        page.close()
        server.stop()


def first_suite(browser, checkout: Path | None) -> float:
    """A new server's Suites page, the bundled suite started at once: Start to its progress line."""
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    server = AppServer(Path(tempfile.mkdtemp(prefix="bench-ba-suite-")), checkout=checkout)
    try:
        page.goto(f"{server.url}/suites")
        page.get_by_role("button", name="Start suite run").wait_for(timeout=120_000)
        wait_app_idle(page)
        page.evaluate(STAMPS, [".rs-suite-progress"])
        clicked = page.evaluate("() => Date.now()")
        page.get_by_role("button", name="Start suite run").click()
        page.wait_for_function("() => window.__stamps['.rs-suite-progress'] !== undefined", timeout=120_000)
        return (page.evaluate("() => window.__stamps['.rs-suite-progress']") - clicked) / 1000
    finally:
        page.close()
        server.stop()


SHARE_CODE = """
import sys, time
from rubric_core.access.share import create_link, signing_key, token_for
from rubric_core.store import open_store
key = signing_key(sys.argv[1], None)
print(token_for(key, create_link(open_store(), key, run_id=sys.argv[2], created_by="bench", expires_at=time.time() + 86400)))
"""


def share_token(checkout: Path, home: Path, run_id: str) -> str:
    """A share link to `run_id` in the store at `home`, made by that checkout's own code (its own schema)."""
    proc = subprocess.run(
        [str(checkout / ".venv" / "bin" / "python"), "-c", SHARE_CODE, SECRET, run_id],
        cwd=checkout,
        env={**os.environ, "RUBRIC_STUDIO_HOME": str(home)},
        capture_output=True,
        text=True,
        check=True,
    )
    return proc.stdout.strip().splitlines()[-1]


def stores_for(checkouts: dict[str, Path], runs: int, seeded: str) -> dict[str, Path]:
    """A store of `runs` runs for each side: seeded once by the code before (or `seeded`, a store it wrote), and
    copied for the code after, which migrates its copy when it opens it (the code before cannot read a store
    migrated by newer code)."""
    first = Path(seeded) if seeded else Path(tempfile.mkdtemp(prefix="bench-ba-before-"))
    if not seeded:
        code = f"from pathlib import Path; from bench.scale import seed; seed(Path({str(first)!r}), {runs})"
        subprocess.run(
            [str(checkouts["before"] / ".venv" / "bin" / "python"), "-c", code],
            cwd=checkouts["before"],
            env={**os.environ, "RUBRIC_STUDIO_HOME": str(first)},
            check=True,
        )
    homes = {"before": first}
    for side in SIDES[1:]:
        home = Path(tempfile.mkdtemp(prefix=f"bench-ba-{side}-"))
        with sqlite3.connect(first / "runs.sqlite") as src, sqlite3.connect(home / "runs.sqlite") as dst:
            src.backup(dst)
        homes[side] = home
    return homes


def middle_run(home: Path) -> tuple[int, str]:
    """How many runs the store holds, and the id of the one in the middle (read with sqlite3: no migration)."""
    with sqlite3.connect(home / "runs.sqlite") as db:
        total = int(db.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
        row = db.execute("SELECT id FROM runs ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ?", (total // 2,))
        return total, str(row.fetchone()[0])


def editor_ready(page) -> None:
    page.get_by_label("Task", exact=True).wait_for(timeout=60_000)


def present_ready(page) -> None:
    page.wait_for_selector(".rs-present", state="attached", timeout=60_000)
    # The heatmap's grid: in the page (the run view element), or in a frame of its own (the code before it).
    in_page = page.locator(".rs-hm-grid")
    in_frame = page.frame_locator("iframe[srcdoc*='rs-hm-grid']").locator(".rs-hm-grid")
    deadline = time.monotonic() + 60
    while not (in_page.count() or in_frame.count()):
        if time.monotonic() > deadline:
            raise TimeoutError("Present drew no heatmap within 60 s")
        page.wait_for_timeout(10)
    page.get_by_role("button", name="Download HTML report").wait_for(timeout=60_000)


def new_tabs(
    browser, checkouts: dict[str, Path | None], paths: dict[str, Path], homes: dict[str, Path], rounds: int
) -> dict[str, list[float]]:
    """The floor's first page, and ours (Run page; Present through a share link) in new tabs, interleaved."""
    total, run_id = middle_run(homes["before"])
    servers = {}
    tokens = {}
    for side, checkout in checkouts.items():
        tokens[side] = share_token(paths[side], homes[side], run_id)
        secrets = homes[side] / "bench-secrets.toml"
        secrets.write_text(f'[share]\nsigning_key = "{SECRET}"\n', encoding="utf-8")
        servers[side] = AppServer(homes[side], checkout=checkout, args=["--secrets.files", str(secrets)])
    floor, floor_server = floor_side(total)
    out: dict[str, list[float]] = {}
    try:
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        measures: dict[str, Callable[[], float]] = {"floor": lambda: floor.list_once(context)}
        for side, server in servers.items():
            measures[f"run page, {side}"] = lambda s=server: timed_page(context, s.url, editor_ready)
            measures[f"present, {side}"] = lambda s=server, t=tokens[side]: timed_page(
                context, f"{s.url}/?share={t}", present_ready
            )
        for fn in measures.values():  # warm-up: the first script compile, the JavaScript in the browser's cache
            fn()
        out = {name: [] for name in measures}
        for n in range(rounds):
            for name in turn(list(measures), n):
                out[name].append(measures[name]())
    finally:
        for server in [*servers.values(), floor_server]:
            server.stop()
    return out


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def spread(xs: list[float]) -> str:
    return f"{min(xs):.2f}-{max(xs):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", required=True, help="a checkout of the code before, with its own .venv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tabs", type=int, default=5, help="rounds of new tabs")
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--home", default="", help="a store the code before seeded with bench.scale.seed (else one is)")
    args = parser.parse_args()
    checkouts: dict[str, Path | None] = {"before": Path(args.before).resolve(), "after": None}
    paths = {"before": Path(args.before).resolve(), "after": ROOT}
    load_start = os.getloadavg()
    homes = stores_for(paths, args.runs, args.home)
    total, _ = middle_run(homes["before"])
    exports: dict[str, dict[str, list[dict[str, float]]]] = {op: {s: [] for s in SIDES} for op in ("jsonl", "parquet")}
    for n in range(args.rounds):
        for op in ("jsonl", "parquet"):
            for side in turn(SIDES, n):
                exports[op][side].append(export_once(paths[side], homes[side], f"export_{op}"))
    cold: dict[str, list[dict[str, float]]] = {s: [] for s in (*SIDES, "floor")}
    suites: dict[str, list[float]] = {s: [] for s in SIDES}
    floor_script = Path(tempfile.mkdtemp(prefix="bench-ba-floor-")) / "one_field.py"
    floor_script.write_text("import streamlit as st\n\nst.text_area('Task')\n", encoding="utf-8")
    with chromium() as browser:
        for n in range(args.rounds):
            for side in turn([*SIDES, "floor"], n):
                if side == "floor":
                    cold[side].append(cold_start_and_first_run(browser, None, floor_script))
                else:
                    cold[side].append(cold_start_and_first_run(browser, checkouts[side]))
            for side in turn(SIDES, n):
                suites[side].append(first_suite(browser, checkouts[side]))
        tabs = new_tabs(browser, checkouts, paths, homes, args.tabs)
    load_end = os.getloadavg()

    rows: list[list[Any]] = []
    for op, label in (("jsonl", "JSONL"), ("parquet", "Parquet")):
        b, a = exports[op]["before"], exports[op]["after"]
        bs, as_ = [x["seconds"] for x in b], [x["seconds"] for x in a]
        rows.append(
            [
                f"export {total:,} runs to {label} (its own timer)",
                f"{med(bs):.2f} s ({spread(bs)})",
                f"{med(as_):.2f} s ({spread(as_)})",
                f"{med(as_) / med(bs):.2f}x",
                "5 s: " + ("met" if med(as_) <= 5 else "MISSED"),
            ]
        )
        bc, ac = [x["cpu"] for x in b], [x["cpu"] for x in a]
        rows.append(
            [
                f"  CPU time of that process, {label}",
                f"{med(bc):.2f} s",
                f"{med(ac):.2f} s",
                f"{med(ac) / med(bc):.2f}x",
                "",
            ]
        )
        rows.append(
            [
                f"  peak RSS, {label}",
                f"{max(x['rss'] for x in b):.0f} MB",
                f"{max(x['rss'] for x in a):.0f} MB",
                "",
                "400 MB: " + ("met" if max(x["rss"] for x in a) <= 400 else "MISSED"),
            ]
        )
    fl = [x["cold"] for x in cold["floor"]]
    bcold, acold = [x["cold"] for x in cold["before"]], [x["cold"] for x in cold["after"]]
    rows.append(
        [
            "server start to the first page",
            f"{med(bcold):.2f} s ({spread(bcold)})",
            f"{med(acold):.2f} s ({spread(acold)})",
            f"{med(acold) / med(bcold):.2f}x",
            f"2.5 s: {'met' if med(acold) <= 2.5 else 'MISSED'}; a one-field Streamlit app: {med(fl):.2f} s ({spread(fl)})",
        ]
    )
    for key, what, target in (
        ("progress", "first run: Start to its first progress", 1.0),
        ("verdict", "first run: Start to its first verdict", None),
    ):
        b1, a1 = [x[key] for x in cold["before"]], [x[key] for x in cold["after"]]
        rows.append(
            [
                what,
                f"{med(b1):.2f} s ({spread(b1)})",
                f"{med(a1):.2f} s ({spread(a1)})",
                f"{med(a1) / med(b1):.2f}x",
                f"{target:g} s: {'met' if med(a1) <= target else 'MISSED'}" if target else "",
            ]
        )
    rows.append(
        [
            "first suite: Start to its progress line",
            f"{med(suites['before']):.2f} s ({spread(suites['before'])})",
            f"{med(suites['after']):.2f} s ({spread(suites['after'])})",
            f"{med(suites['after']) / med(suites['before']):.2f}x",
            f"1 s: {'met' if med(suites['after']) <= 1 else 'MISSED'}",
        ]
    )
    floor_tab = med(tabs["floor"])
    for what, key, target in (
        ("the Run page in a new tab", "run page", None),
        (f"Present through a share link, {total:,} runs", "present", 1.5),
    ):
        b2, a2 = tabs[f"{key}, before"], tabs[f"{key}, after"]
        goal = (
            f"1.5 s: {'met' if med(a2) <= target else 'MISSED'}"
            if target
            else f"1.3x the floor ({1.3 * floor_tab:.2f} s): {'met' if med(a2) <= 1.3 * floor_tab else 'MISSED'}"
        )
        rows.append(
            [
                what,
                f"{med(b2):.2f} s ({spread(b2)}; {med(b2) / floor_tab:.2f}x floor)",
                f"{med(a2):.2f} s ({spread(a2)}; {med(a2) / floor_tab:.2f}x floor)",
                f"{med(a2) / med(b2):.2f}x",
                goal,
            ]
        )
    rows.append(
        [
            "the floor's first page in a new tab (bench/streamlit_floor_app.py)",
            "",
            f"{floor_tab:.2f} s ({spread(tabs['floor'])})",
            "",
            "",
        ]
    )
    body = (
        f"`--before` {args.before}; this checkout after. {args.rounds} rounds (exports, cold starts, first runs and "
        f"suites) and {args.tabs} rounds of new tabs, each measure taken in turn on before, after (and the floor) "
        "in an order that turns each round; medians (spread). Load average (1, 5, 15 min) at the start "
        f"{' '.join(f'{x:.2f}' for x in load_start)}, at the end {' '.join(f'{x:.2f}' for x in load_end)} (a 2-core "
        "machine shared with other engineers' test runs).\n\n"
        + table(["measure", "before", "after", "after/before", "target"], rows)
    )
    write_section("before-after", "11. Before and after (issue 34: exports, cold start, first run, new tab)", body)


if __name__ == "__main__":
    main()
