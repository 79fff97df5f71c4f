"""Dask: a suite through a LocalCluster of 2 worker processes, against the same suite in threads of one process.

Both run N items at concurrency C with `offline:writer?latency=0.2` on one shared
SQLite store. On the cluster, the suite runner of this process sends each item to
a worker and follows it through the store (as a dashboard does); the efficiency is
ideal (model time / C) over wall time. It shows what the cluster path costs on one
machine (2 cores here): the gain of Dask is more machines, not this one.
Run: `python -m bench.dask_suite [--items 60] [--concurrency 16]`.
"""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import time
from typing import Any

from bench.common import table, write_section

LATENCY = 0.2


def _suite(runner: Any, store: Any, items: tuple[Any, ...], config: Any, concurrency: int) -> tuple[float, int]:
    from rubric_core.suites import suite_run_ids
    from rubric_core.suites.datasets import Dataset

    start = time.perf_counter()
    handle = runner.start(Dataset("bench", items), config, concurrency=concurrency)
    handle.wait()
    wall = time.perf_counter() - start
    ids = suite_run_ids(store, handle.suite_run_id)
    drafts = sum(1 for it in store.iterations(ids) if it["draft_at"] is not None)
    return wall, drafts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    home = tempfile.mkdtemp(prefix="bench-dask-")
    os.environ["RUBRIC_STUDIO_HOME"] = home

    from distributed import Client, LocalCluster

    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.execution.dask_backend import DaskBackend
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import open_store
    from rubric_core.suites.datasets import SuiteItem
    from rubric_core.suites.example import example_dataset, example_rubric
    from rubric_core.suites.runner import SuiteRunner

    base = example_dataset().items
    items = tuple(
        SuiteItem(id=f"{base[i % len(base)].id}-{i // len(base)}", task=base[i % len(base)].task)
        for i in range(args.items)
    )
    config = RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "model": f"offline:writer?latency={LATENCY}"}
    )
    store = open_store()
    rows = []
    with (
        LocalCluster(n_workers=2, processes=True, threads_per_worker=8, dashboard_address=None) as cluster,
        Client(cluster, set_as_default=False) as client,
    ):
        backends = {
            "threads of this process": None,
            "Dask LocalCluster, 2 workers x 8 threads": DaskBackend(cluster.scheduler_address, store, client=client),
        }
        for name, backend in backends.items():
            runner = SuiteRunner(RunManager(Engine(home), store, backend=backend))
            _suite(runner, store, items[:4], config, 4)  # warm-up: imports and agent builds are not the suite's cost
            wall, drafts = _suite(runner, store, items, config, args.concurrency)
            ideal = drafts * LATENCY / args.concurrency
            rows.append(
                [
                    name,
                    args.items,
                    args.concurrency,
                    drafts,
                    f"{ideal:.2f} s",
                    f"{wall:.2f} s",
                    f"{ideal / wall * 100:.0f}%",
                ]
            )
    body = (
        f"{args.items} items (bundled short-poems, cycled), rubric v1, `offline:writer?latency={LATENCY}`, one shared "
        f"SQLite store; ideal = drafts x {LATENCY} s / {args.concurrency}. Load average (1 min) at the end: "
        f"{os.getloadavg()[0]:.1f} (other work shares this machine).\n\n"
        + table(["executes in", "items", "concurrency", "drafts", "ideal", "wall time", "efficiency"], rows)
    )
    write_section("dask-suite", "Dask suite on one machine", body)
    store.close()


if __name__ == "__main__":
    main()
