"""Loop overhead: the bare library vs Rubric Studio's engine with the store subscribed.

One 20-iteration offline run (a grader that always asks for revision, zero
latency), (a) through create_deep_agent + RubricMiddleware + SqliteSaver with
no product code, (b) through the engine with the store subscribed. Reports ms
per iteration and the ratio b/a (target: at most 1.10).
Run: `python -m bench.overhead [--repeat N]`.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
import uuid
import warnings
from pathlib import Path

from bench.common import table, write_section

ITERATIONS = 20
TASK = "Describe a lighthouse."
RUBRIC = "- Is witty and original"  # the offline grader cannot judge it: needs_revision every pass


def bare(home: str) -> float:
    from deepagents import create_deep_agent
    from deepagents.middleware.rubric import RubricMiddleware
    from langchain.agents.middleware import ModelCallLimitMiddleware
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.sqlite import SqliteSaver

    from rubric_core.models.offline import OfflineGrader, OfflineWriter

    conn = sqlite3.connect(os.path.join(home, f"bare-{uuid.uuid4().hex}.sqlite"), check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rubric = RubricMiddleware(
            model=OfflineGrader(),
            max_iterations=ITERATIONS,
            grader_middleware=[ModelCallLimitMiddleware(run_limit=4, exit_behavior="error")],
        )
    start = time.perf_counter()
    agent = create_deep_agent(model=OfflineWriter(), middleware=[rubric], checkpointer=SqliteSaver(conn))
    cfg = {"configurable": {"thread_id": uuid.uuid4().hex}}
    agent.invoke({"messages": [HumanMessage(TASK)], "rubric": RUBRIC}, cfg)
    elapsed = time.perf_counter() - start
    assert agent.get_state(cfg).values["_rubric_status"] == "max_iterations_reached"
    return elapsed


_PRODUCT: dict[str, object] = {}


def product(home: str) -> float:
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.store import open_store

    # One engine and one store per process, as in the app and the command line.
    if not _PRODUCT:
        _PRODUCT.update(store=open_store(), engine=Engine(home))
    store, engine = _PRODUCT["store"], _PRODUCT["engine"]
    config = RunConfig.from_dict({"task": TASK, "rubric": RUBRIC, "max_iterations": ITERATIONS})
    start = time.perf_counter()
    handle = engine.execute(config, subscribers=[store.record])  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    assert handle.last.data["status"] == "max_iterations_reached"
    return elapsed


def project_agent(home: str) -> float:
    """(c): the same run on a project's agent (examples/fixer's factory), through the same engine and store."""
    from rubric_core.config import RunConfig

    fixer = str(Path(__file__).resolve().parents[1] / "examples" / "fixer")
    store, engine = _PRODUCT["store"], _PRODUCT["engine"]
    config = RunConfig.from_dict(
        {"task": TASK, "rubric": RUBRIC, "max_iterations": ITERATIONS, "project": fixer, "agent": "fixer"}
    )
    start = time.perf_counter()
    handle = engine.execute(config, subscribers=[store.record])  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    assert handle.last.data["status"] == "max_iterations_reached", handle.last
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="bench-overhead-")
    os.environ["RUBRIC_STUDIO_HOME"] = home
    import logging

    logging.disable(logging.CRITICAL)
    bare(home), product(home), project_agent(home)  # warm-up: imports, first compilation, caches
    a, b, c = [], [], []
    for _ in range(args.repeat):  # interleaved, so machine noise hits all alike
        a.append(bare(home) / ITERATIONS * 1000)
        b.append(product(home) / ITERATIONS * 1000)
        c.append(project_agent(home) / ITERATIONS * 1000)
    ma, mb, mc = statistics.median(a), statistics.median(b), statistics.median(c)
    rows = [
        ["(a) bare library + SqliteSaver", f"{ma:.2f}", f"{min(a):.2f}-{max(a):.2f}"],
        ["(b) Rubric Studio engine + store", f"{mb:.2f}", f"{min(b):.2f}-{max(b):.2f}"],
        ["(c) (b) on a project's agent (examples/fixer)", f"{mc:.2f}", f"{min(c):.2f}-{max(c):.2f}"],
    ]
    ratio = mb / ma
    body = (
        f"One {ITERATIONS}-iteration offline run, zero model latency, {args.repeat} interleaved repetitions "
        f"after a warm-up; ms per iteration.\n\n"
        + table(["path", "median ms/iteration", "spread"], rows)
        + f"\n\n**Ratio b/a: {ratio:.3f}** (target at most 1.10: {'met' if ratio <= 1.10 else 'MISSED'}). "
        f"A project's agent, c/b: {mc / mb:.3f} (its own tools and subagent add nodes and tool schemas; "
        "the project file and its code stamp are read once a run)."
    )
    write_section("overhead", "1. Loop overhead", body)


if __name__ == "__main__":
    main()
