"""Concurrency: 64 offline runs of 3 iterations, 0.2 s simulated latency per model call.

At concurrency 1, 4, 16 and 64 (worker threads through the run manager, the
store subscribed): throughput, and efficiency against ideal (sequential time
divided by concurrency). Target at 16: at least 85% of ideal.
Run: `python -m bench.concurrency [--runs 64]`.
"""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import time

from bench.common import table, write_section

LATENCY = 0.2


def batch(n_runs: int, concurrency: int) -> float:
    from rubric_core.engine import Engine
    from rubric_core.manager import RunManager
    from rubric_core.store import open_store
    from tests.core.helpers import example_config

    home = tempfile.mkdtemp(prefix=f"bench-conc-{concurrency}-")
    os.environ["RUBRIC_STUDIO_HOME"] = home
    manager = RunManager(Engine(home), open_store())
    config = example_config(
        "haiku", model=f"offline:writer?latency={LATENCY}", grader=f"offline:grader?latency={LATENCY}"
    )
    start = time.perf_counter()
    pending = list(range(n_runs))
    live = []
    while pending or live:
        while pending and len(live) < concurrency:
            pending.pop()
            live.append(manager.start(config))
        for h in list(live):
            if h.done:
                assert h.last.data.get("status") == "satisfied", h.last
                live.remove(h)
        time.sleep(0.005)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=64)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    batch(2, 2)  # warm-up
    results = {c: batch(args.runs, c) for c in (1, 4, 16, 64)}
    sequential = results[1]
    rows = []
    for c, secs in results.items():
        ideal = sequential / c
        rows.append(
            [c, f"{secs:.2f} s", f"{args.runs / secs:.2f} runs/s", f"{ideal:.2f} s", f"{ideal / secs * 100:.0f}%"]
        )
    eff16 = sequential / 16 / results[16] * 100
    per_run = 6 * LATENCY
    body = (
        f"{args.runs} runs of the `haiku` example (3 drafts + 3 grading passes, {LATENCY} s per model call, so "
        f"{per_run:.1f} s of model time per run), started by the run manager in worker threads with the store "
        "subscribed.\n\n"
        + table(["concurrency", "wall time", "throughput", "ideal", "efficiency"], rows)
        + f"\n\n**Efficiency at 16: {eff16:.0f}%** (target at least 85%: {'met' if eff16 >= 85 else 'MISSED'})."
    )
    write_section("concurrency", "3. Concurrency", body)


if __name__ == "__main__":
    main()
