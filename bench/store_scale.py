"""Store at scale: 10,000 runs of 5 iterations x 8 criteria.

Times listing the newest 100 runs, building the frames of one run, and
exporting all runs to JSONL and Parquet; each measured in a fresh process so
its peak RSS is its own. Run: `python -m bench.store_scale [--runs N]`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import table, write_section

OPS = ("baseline", "list_newest_100", "frames_one_run", "export_jsonl", "export_parquet")


def _op(name: str, out_dir: str) -> dict:
    from rubric_core.exports import export_runs
    from rubric_core.store import open_store
    from rubric_core.views import frames

    store = open_store()
    run_id = store.list_runs(limit=1, offset=store.count_runs() // 2)[0]["id"]
    start = time.perf_counter()
    if name == "list_newest_100":
        frames.runs_frame(store, limit=100)
    elif name == "frames_one_run":
        frames.iterations_frame(store, [run_id])
        frames.criteria_frame(store, [run_id])
    elif name == "export_jsonl":
        export_runs(store, "jsonl", Path(out_dir) / "runs.jsonl")
    elif name == "export_parquet":
        export_runs(store, "parquet", Path(out_dir) / "parquet")
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--op", choices=OPS)
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.op:
        print(json.dumps(_op(args.op, args.out)))
        return
    home = tempfile.mkdtemp(prefix="bench-store-")
    env = {**os.environ, "RUBRIC_STUDIO_HOME": home}
    os.environ["RUBRIC_STUDIO_HOME"] = home
    from bench.seed import seed_runs
    from rubric_core.store import open_store

    start = time.perf_counter()
    seed_runs(open_store(), args.runs)
    seeded = time.perf_counter() - start
    rows = []
    for op in OPS:
        results = []
        for _ in range(args.repeat):
            out = tempfile.mkdtemp(prefix="bench-out-")
            proc = subprocess.run(
                [sys.executable, "-m", "bench.store_scale", "--op", op, "--out", out],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            results.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        secs = [r["seconds"] for r in results]
        rss = max(r["peak_rss_mb"] for r in results)
        rows.append(
            [
                op,
                f"{statistics.median(secs) * 1000:.1f} ms" if op != "baseline" else "-",
                f"{min(secs) * 1000:.1f}-{max(secs) * 1000:.1f} ms" if op != "baseline" else "-",
                f"{rss:.0f} MB",
            ]
        )
    size = (Path(home) / "runs.sqlite").stat().st_size / 1e6
    body = (
        f"{args.runs:,} runs x 5 iterations x 8 criteria, seeded through the store's event path in "
        f"{seeded:.1f} s; database {size:.0f} MB. Each operation runs in a fresh process "
        f"({args.repeat} repetitions); peak RSS includes the interpreter and imports (see `baseline`).\n\n"
        + table(["operation", "median", "spread", "peak RSS"], rows)
    )
    write_section("store-scale", "Store at scale (issue: run store)", body)


if __name__ == "__main__":
    main()
