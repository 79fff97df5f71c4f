"""Concurrency: 64 offline runs of 3 iterations, 0.2 s simulated latency per model call, threads vs worker processes.

For each backend (threads of one process: RUBRIC_STUDIO_WORKERS=0; the pool of
worker processes: one per core), at concurrency 1, 4, 16 and 64 through the run
manager with the store written for every event: wall time, throughput, and
efficiency against ideal (the measured sequential time per run x runs /
concurrency). Each backend is measured in a fresh process, so the server's peak
RSS is its own; the workers' peak RSS (VmHWM) is read before the pool stops.
Targets with the pool on 2 cores: at least 85% of ideal at 16 and 60% at 64.
Run: `python -m bench.concurrency [--runs 64] [--backend both|threads|processes]`.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import subprocess
import sys
import tempfile
import time

from bench.common import table, write_section

LATENCY = 0.2
LEVELS = (1, 4, 16, 64)
SEQUENTIAL_RUNS = 8
"""Runs measured one at a time for the sequential baseline (all 64 would take 80 s per backend)."""


def _manager(backend_name: str):
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.execution.settings import machine_cores
    from rubric_core.execution.threads import ThreadBackend
    from rubric_core.store import open_store

    home = tempfile.mkdtemp(prefix=f"bench-conc-{backend_name}-")
    os.environ["RUBRIC_STUDIO_HOME"] = home
    engine, store = Engine(home), open_store()
    if backend_name == "threads":
        return RunManager(engine, store, backend=ThreadBackend(engine, store))
    from rubric_core.execution.processes import shared_pool

    pool = shared_pool(machine_cores())
    pool.start()
    return RunManager(engine, store, backend=pool)


def batch(backend_name: str, n_runs: int, concurrency: int) -> float:
    from tests.core.helpers import example_config

    manager = _manager(backend_name)  # a fresh store and home per batch; the pool is the same one
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
    elapsed = time.perf_counter() - start
    manager.store.close()
    return elapsed


def _peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(backend_name: str, n_runs: int) -> dict:
    """One backend, every level, in this process (a fresh one: see `main`)."""
    logging.disable(logging.CRITICAL)
    batch(backend_name, 2, 2)  # warm-up: imports, and the pool's workers started and warm
    cpu_before = _cpu_seconds(backend_name)
    per_run = batch(backend_name, SEQUENTIAL_RUNS, 1) / SEQUENTIAL_RUNS
    cpu_per_run = (_cpu_seconds(backend_name) - cpu_before) / SEQUENTIAL_RUNS
    results = {c: batch(backend_name, n_runs, c) for c in LEVELS if c > 1}
    results[1] = per_run * n_runs
    workers: list[float] = []
    if backend_name == "processes":
        from rubric_core.execution.processes import shared_pool
        from rubric_core.execution.settings import machine_cores

        pool = shared_pool(machine_cores())
        workers = [_peak_rss_mb(pid) for pid in pool.worker_pids]
        pool.shutdown()
    server = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {
        "backend": backend_name,
        "per_run": per_run,
        "cpu_per_run": cpu_per_run,
        "results": results,
        "server_mb": server,
        "workers_mb": workers,
    }


def _cpu_seconds(backend_name: str) -> float:
    """CPU time used so far by this process and, for the pool, its workers."""
    total = time.process_time()
    if backend_name == "processes":
        from rubric_core.execution.processes import shared_pool
        from rubric_core.execution.settings import machine_cores

        tick = os.sysconf("SC_CLK_TCK")
        for pid in shared_pool(machine_cores()).worker_pids:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=64)
    parser.add_argument("--backend", choices=["both", "threads", "processes"], default="both")
    parser.add_argument("--only", choices=["threads", "processes"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only:
        print(json.dumps(measure(args.only, args.runs)))
        return
    names = ["threads", "processes"] if args.backend == "both" else [args.backend]
    load_before = os.getloadavg()
    measured = []
    for name in names:
        out = subprocess.run(
            [sys.executable, "-m", "bench.concurrency", "--only", name, "--runs", str(args.runs)],
            capture_output=True,
            text=True,
            check=True,
        )
        measured.append(json.loads(out.stdout.strip().splitlines()[-1]))
    load_after = os.getloadavg()
    rows = []
    verdicts = []
    for m in measured:
        sequential = m["per_run"] * args.runs
        for c in LEVELS:
            secs = m["results"][str(c)] if str(c) in m["results"] else m["results"][c]
            ideal = sequential / c
            rows.append(
                [
                    m["backend"],
                    c,
                    f"{secs:.2f} s",
                    f"{args.runs / secs:.2f} runs/s",
                    f"{ideal:.2f} s",
                    f"{ideal / secs * 100:.0f}%",
                ]
            )
        eff = {c: sequential / c / float(m["results"][str(c)]) * 100 for c in (16, 64)}
        workers = ", ".join(f"{w:.0f} MB" for w in m["workers_mb"]) or "none (runs in the server)"
        verdicts.append(
            f"- **{m['backend']}**: {eff[16]:.0f}% of ideal at 16 (target 85%: {'met' if eff[16] >= 85 else 'MISSED'}), "
            f"{eff[64]:.0f}% at 64 (target 60%: {'met' if eff[64] >= 60 else 'MISSED'}); "
            f"server peak RSS {m['server_mb']:.0f} MB; workers' peak RSS {workers}; "
            f"CPU per run {m['cpu_per_run'] * 1000:.0f} ms, so 64 runs need at least "
            f"{64 * m['cpu_per_run'] / 2:.2f} s of 2 free cores (ideal at 64: {m['per_run']:.2f} s)."
        )
    per_run = 6 * LATENCY
    body = (
        f"{args.runs} runs of the `haiku` example (3 drafts + 3 grading passes, {LATENCY} s per model call, so "
        f"{per_run:.1f} s of model time per run), started by the run manager with the store written for every "
        f"event; `threads` = every run a thread of the server process, `processes` = the pool of worker processes "
        f"(one per core, each running its runs in threads). Sequential time = {SEQUENTIAL_RUNS} runs one at a time, "
        f"per run x {args.runs}. Load average (1, 5, 15 min) before {load_before[0]:.2f} {load_before[1]:.2f} "
        f"{load_before[2]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} (the machine is "
        "shared).\n\n"
        + table(["backend", "concurrency", "wall time", "throughput", "ideal", "efficiency"], rows)
        + "\n\n"
        + "\n".join(verdicts)
    )
    write_section("concurrency", "3. Concurrency", body)


if __name__ == "__main__":
    main()
