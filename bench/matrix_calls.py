"""Runs and provider calls per cell of a 4-provider matrix with cancels and resumes (issue 42 item 7).

A matrix of the bundled short poems under four columns, each column's working model and grader one provider's
real LangChain client talking to a loopback server that answers as the offline models do: OpenAI
(tests/stubs/openai_stub.py), Anthropic, Gemini and Ollama (tests/stubs/provider_stubs.py). While it runs, a
column is cancelled as one of its cells starts and resumed as a cell of another column ends, again and again,
each column in turn; at the end any column still cancelled is resumed. Then, per cell: how many runs the store
holds for it (target: exactly 1), and how many calls its provider answered for it, writer and grader, against
what its one run stored (its drafts and its grading passes): a cancel may cost the draft whose call was in flight
(it is written anew on resume), never a whole run's calls.

Run: `python -m bench.matrix_calls [--items 6] [--concurrency 4] [--steers 8] [--workers N]` (workers: the
process pool's size, 0 for threads; default RUBRIC_STUDIO_WORKERS, else 2).
"""

from __future__ import annotations

import argparse
import logging
import os
import tempfile
import threading
import time
from collections import Counter
from typing import Any

from bench.common import table, write_section

COLUMNS = (
    ("openai", "openai:gpt-4o-mini"),
    ("anthropic", "anthropic:claude-haiku-4-5"),
    ("google_genai", "google_genai:gemini-2.5-flash"),
    ("ollama", "ollama:llama3.2"),
)
DEADLINE_S = 900.0


def _env(stubs: dict[str, Any]) -> dict[str, str]:
    return {
        "OPENAI_API_KEY": "sk-bench-openai-0000",
        "OPENAI_BASE_URL": stubs["openai"].base_url,
        "ANTHROPIC_API_KEY": "sk-ant-bench-0000",
        "ANTHROPIC_BASE_URL": stubs["anthropic"].address,
        "GOOGLE_API_KEY": "google-bench-0000",
        "GOOGLE_GEMINI_BASE_URL": stubs["google_genai"].address + "/",
        "OLLAMA_HOST": stubs["ollama"].address,
    }


def _steer(runner: Any, steers: int) -> tuple[Any, dict[str, int]]:
    """A subscriber cancelling one column at a time (the next in turn) as one of its cells starts, and resuming it
    as a cell of another column ends; how many of each it did."""
    lock = threading.Lock()
    state: dict[str, Any] = {"cancels": 0, "resumes": 0, "held": None, "next": 0}

    def steer(event: dict[str, Any]) -> None:
        suite_id = event["suite_run_id"]
        act = None
        with lock:
            column = event.get("column")
            if event["type"] == "item_started" and state["held"] is None and state["cancels"] < steers:
                if column == state["next"] % len(COLUMNS):
                    state["held"], act = column, ("cancel", column)
                    state["cancels"] += 1
            elif event["type"] == "item_finished" and state["held"] is not None and column != state["held"]:
                act = ("resume", state["held"])
                state["held"], state["next"] = None, state["next"] + 1
                state["resumes"] += 1
        if act is None:
            return
        try:
            if act[0] == "cancel":
                runner.cancel(suite_id, column=act[1])
            else:
                runner.resume(suite_id, column=act[1])
        except ValueError:  # a resume as the matrix was ending: resumed again at the end
            pass

    return steer, state


def _stored(store: Any, run_id: str) -> tuple[int, int, int]:
    """(drafts, grading passes, parts ended cancelled) of one run."""
    from sqlalchemy import text

    with store.engine.connect() as conn:
        drafts, graded = conn.execute(
            text("SELECT COUNT(draft_at), COUNT(graded_at) FROM iterations WHERE run_id = :r"), {"r": run_id}
        ).one()
        cancels = conn.execute(
            text("SELECT COUNT(*) FROM events WHERE run_id = :r AND type = 'cancelled'"), {"r": run_id}
        ).scalar()
    return int(drafts), int(graded), int(cancels or 0)


def _runs_per_cell(store: Any, suite_id: str) -> Counter[tuple[str, str]]:
    from sqlalchemy import text

    from rubric_core.suites.runner import SUITE_TAG_PREFIX

    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT r.model, r.task FROM runs r JOIN run_tags t ON t.run_id = r.id WHERE t.tag = :t"),
            {"t": SUITE_TAG_PREFIX + suite_id[:12]},
        )
        return Counter((str(m), str(t)) for m, t in rows)


def _calls(stub: Any, tasks: list[str]) -> tuple[Counter[str], Counter[str]]:
    """Writer and grader calls the stub answered, by item (its task: a writer call's first message, quoted by the
    grader's)."""
    writer: Counter[str] = Counter()
    grader: Counter[str] = Counter()
    by_length = sorted(tasks, key=len, reverse=True)
    for first, grading in stub.calls:
        task = next((t for t in by_length if t in first), "?")
        (grader if grading else writer)[task] += 1
    return writer, grader


def bench(items: int, concurrency: int, steers: int) -> tuple[str, bool]:
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import open_store
    from rubric_core.suites import suite_store as ss
    from rubric_core.suites.columns import build_columns
    from rubric_core.suites.datasets import Dataset
    from rubric_core.suites.example import example_dataset, example_rubric
    from rubric_core.suites.runner import SuiteRunner

    store = open_store()
    runner = SuiteRunner(RunManager(Engine(os.environ["RUBRIC_STUDIO_HOME"]), store))
    data = Dataset("short-poems", example_dataset().items[:items])
    base = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1), "max_iterations": 3})
    columns = build_columns(base, [{"model": spec, "grader": spec} for _, spec in COLUMNS])
    steer, state = _steer(runner, steers)
    started = time.perf_counter()
    handle = runner.start(data, base, columns=columns, concurrency=concurrency, subscribers=[steer])
    assert handle.wait(DEADLINE_S), "the matrix did not end"
    suite_id = handle.suite_run_id
    for _ in range(len(COLUMNS) + 1):  # a column the steering left cancelled: resume it to its end
        open_columns = {c["column_index"] for c in ss.suite_cells(store, suite_id) if not c["has_result"]}
        if not open_columns:
            break
        for column in sorted(open_columns):
            assert runner.resume(suite_id, column=column).wait(DEADLINE_S)
    seconds = time.perf_counter() - started
    return _report(store, suite_id, data, state, seconds)


def _report(store: Any, suite_id: str, data: Any, state: dict[str, Any], seconds: float) -> tuple[str, bool]:
    from rubric_core.suites import suite_store as ss

    tasks = [i.task for i in data.items]
    runs = _runs_per_cell(store, suite_id)
    calls = {name: _calls(STUBS[name], tasks) for name, _ in COLUMNS}
    rows, good, totals = [], True, Counter()
    for cell in ss.suite_cells(store, suite_id):
        name, spec = COLUMNS[int(cell["column_index"])]
        drafts, graded, cancels = _stored(store, cell["run_id"]) if cell["run_id"] else (0, 0, 0)
        writer, grader = calls[name][0][cell["task"]], calls[name][1][cell["task"]]
        n_runs = runs[(spec, cell["task"])]
        ok = n_runs == 1 and drafts <= writer <= drafts + cancels and graded <= grader <= graded + cancels
        good = good and ok and cell["has_result"]
        totals.update(runs=n_runs, writer=writer, grader=grader, drafts=drafts, graded=graded, cancels=cancels)
        rows.append(
            [
                cell["item_id"],
                f"{int(cell['column_index']) + 1} {name}",
                cell["run_status"],
                n_runs,
                f"{writer} / {drafts}",
                f"{grader} / {graded}",
                cancels,
                "ok" if ok else "**NO**",
            ]
        )
    cells = len(rows)
    body = (
        f"{len(data.items)} items x {len(COLUMNS)} providers = {cells} cells, concurrency "
        f"{runner_concurrency()}, workers {os.environ.get('RUBRIC_STUDIO_WORKERS')}; {state['cancels']} column "
        f"cancels and {state['resumes']} resumes while the others ran, then the rest resumed; {seconds:.1f} s.\n\n"
        f"**Runs: {totals['runs']} for {cells} cells** (target: 1 each). Provider calls: writer "
        f"{totals['writer']} for {totals['drafts']} stored drafts, grader {totals['grader']} for {totals['graded']} "
        f"stored grading passes; {totals['cancels']} parts of cell runs ended cancelled (each may cost the draft "
        f"whose call was in flight). Every cell as targeted: **{'yes' if good else 'NO'}**.\n\n"
        + table(
            [
                "item",
                "column",
                "status",
                "runs",
                "writer calls / drafts",
                "grader calls / passes",
                "cancelled parts",
                "as targeted",
            ],
            rows,
        )
    )
    return body, good


STUBS: dict[str, Any] = {}
_CONCURRENCY = [4]


def runner_concurrency() -> int:
    return _CONCURRENCY[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=6)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--steers", type=int, default=8)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)
    os.environ["RUBRIC_STUDIO_HOME"] = tempfile.mkdtemp(prefix="bench-matrix-calls-")
    os.environ["RUBRIC_STUDIO_WORKERS"] = str(
        args.workers if args.workers is not None else os.environ.get("RUBRIC_STUDIO_WORKERS", "2")
    )
    _CONCURRENCY[0] = args.concurrency
    from tests.stubs.openai_stub import StubOpenAI
    from tests.stubs.provider_stubs import StubAnthropic, StubGemini, StubOllama

    STUBS.update(openai=StubOpenAI(), anthropic=StubAnthropic(), google_genai=StubGemini(), ollama=StubOllama())
    for stub in STUBS.values():
        stub.__enter__()
    try:
        os.environ.update(_env(STUBS))  # before the worker pool starts: its workers read the same
        body, good = bench(args.items, args.concurrency, args.steers)
    finally:
        for stub in STUBS.values():
            stub.__exit__(None, None, None)
    write_section("matrix-calls", "Runs and provider calls per matrix cell (issue 42 item 7)", body)
    if not good:
        raise SystemExit("a cell did not run exactly once, or its provider answered calls no stored step accounts for")


if __name__ == "__main__":
    main()
