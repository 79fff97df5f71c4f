"""`make bench`: every benchmark, each writing its section of bench/RESULTS.md."""

from __future__ import annotations

import subprocess
import sys

SCRIPTS = [
    "bench.overhead",
    "bench.live_latency",
    "bench.live_tokens",
    "bench.live_freeze",
    "bench.concurrency",
    "bench.scale",
    "bench.cold_start",
    "bench.store_scale",
    "bench.suite",
    "bench.first_suite",
    "bench.offline_draft",
    "bench.offline_grader",
    "bench.matrix_calls",
    "bench.drafter",
    "bench.steer_calls",
]


def main() -> None:
    failed = []
    for name in SCRIPTS:
        print(f"== {name}", flush=True)
        if subprocess.run([sys.executable, "-m", name], check=False).returncode != 0:
            failed.append(name)
    if failed:
        raise SystemExit(f"benchmarks failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
