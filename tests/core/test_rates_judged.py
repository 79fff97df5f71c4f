"""Rates that mean what they say (issue 42 item 3).

Pass rates, live rates, gates and Wilson intervals count judged results only; errors, grader errors, n/a and
unstarted items are counted beside them; every record numbers columns from 1 (as the page and the flags do); a
gate that cannot pass names what failed: the writer, the grader, or no verdict but n/a.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.cli.main import main
from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.frames import criterion_rates, suite_frames, summarize
from rubric_core.suites.matrix import read_matrix
from rubric_core.suites.matrix_stats import column_summaries
from rubric_core.suites.runner import SuiteRunner
from rubric_core.views.matrix_view import matrix_payload
from tests.stubs.openai_stub import StubOpenAI

SMALL_IDS = ("poem-01", "poem-02", "poem-03")


def _dataset(tmp_path: Path) -> Path:
    path = tmp_path / "items.jsonl"
    items = [i for i in example_dataset().items if i.id in SMALL_IDS]
    path.write_text("".join(json.dumps({"id": i.id, "task": i.task}) + "\n" for i in items), encoding="utf-8")
    return path


def _records(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def test_a_dead_writer_and_a_dead_grader_are_named_and_counted_beside_the_rates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rubric = tmp_path / "rubric.md"
    rubric.write_text(example_rubric(1), encoding="utf-8")
    with StubOpenAI(refuse=lambda body: True) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        argv = ["suite", "run", "--dataset", str(_dataset(tmp_path)), "--rubric-file", str(rubric)]
        for model, grader in (
            ("offline:writer", "offline:grader"),
            ("openai:gpt-4o-mini", "offline:grader"),
            ("offline:writer", "openai:gpt-4o-mini"),
        ):
            argv += ["--model", model, "--grader", grader]
        code = main([*argv, "--min-pass-rate", "0.5", "--jsonl"])
    out, err = capsys.readouterr()
    assert code == 1, err
    records = _records(out)
    summary = records[-1]
    columns = summary["columns"]
    # One numbering: columns from 1 in the summary, the failed columns, the cells and the suite's own events.
    assert [c["column"] for c in columns] == [1, 2, 3]
    assert summary["failed_columns"] == [2, 3]
    assert {r["column"] for r in records if r["type"] == "matrix_cell"} == {1, 2, 3}
    assert {r["column"] for r in records if r["type"] == "item_finished"} == {1, 2, 3}
    assert {r["column"] for r in records if r["type"] == "matrix_criterion"} == {1, 2, 3}
    # The dead writer's column: no rate over nothing, its errors counted beside it, the writer named.
    dead_writer, dead_grader = columns[1], columns[2]
    assert dead_writer["pass_rate"] is None and dead_writer["pass_rate_over"] == 0
    assert dead_writer["left_out_errors"] == 3 and dead_writer["left_out_grader_errors"] == 0
    assert dead_grader["left_out_grader_errors"] == 3 and dead_grader["left_out_errors"] == 0
    assert columns[0]["pass_rate"] == 1.0 and columns[0]["pass_rate_over"] == 3
    writer_gate = " ".join(f for f in summary["gate_failures"] if f.startswith("column 2 ("))
    grader_gate = " ".join(f for f in summary["gate_failures"] if f.startswith("column 3 ("))
    assert "working model (writer)" in writer_gate and "3 errors" in writer_gate, writer_gate
    assert "grader that can judge" not in writer_gate and "0.0% (0/0" not in writer_gate, writer_gate
    assert "the grader failed on 3 items" in grader_gate and "0.0% (0/0" not in grader_gate, grader_gate
    assert "working model" not in grader_gate
    # The text summary says the same.
    assert main(["suite", "show", summary["suite_run_id"]]) == 1
    shown = capsys.readouterr().out
    assert "column 2: " in shown and "satisfied: no judged result (the working model (writer)" in shown
    assert "left out: 3 errors (the working model or the agent failed)" in shown
    assert "column 1: " in shown and "satisfied 3/3 judged = 100%" in shown


def test_while_a_suite_runs_unstarted_items_are_no_failures(engine: Engine, store: Store) -> None:
    """A suite cancelled after two items ended satisfied: 2/2, with two items not run counted beside it (the live
    rate read "2/4 · 50%")."""
    runner = SuiteRunner(RunManager(engine, store))
    holder: dict[str, Any] = {}

    def cancel_after_two(event: dict[str, Any]) -> None:
        if event["type"] == "item_finished" and event.get("status") == "satisfied":
            holder["done"] = holder.get("done", 0) + 1
            if holder["done"] == 2:
                runner.cancel(event["suite_run_id"])

    items = Dataset(
        "four", tuple(i for i in example_dataset().items if i.id in SMALL_IDS) + example_dataset().items[5:6]
    )
    config = RunConfig.from_dict({"task": "(each)", "rubric": example_rubric(1), "max_iterations": 3})
    handle = runner.start(items, config, concurrency=1, subscribers=[cancel_after_two])
    assert handle.wait(300)
    summary = summarize(suite_frames(store, handle.suite_run_id))
    assert summary.satisfied.passed == 2 and summary.satisfied.total == 2 and summary.satisfied.rate == 1.0
    assert summary.left_out_unfinished == 2 and summary.left_out_errors == 0
    assert all(r.final.total <= 2 for r in criterion_rates(suite_frames(store, handle.suite_run_id)))


def test_the_matrix_element_says_judged_over_judged_and_what_is_left_out(
    engine: Engine, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rubric_core.suites.columns import build_columns

    runner = SuiteRunner(RunManager(engine, store))
    base = RunConfig.from_dict({"task": "(each)", "rubric": example_rubric(1), "max_iterations": 3})
    data = Dataset("three", tuple(i for i in example_dataset().items if i.id in SMALL_IDS))
    with StubOpenAI(refuse=lambda body: True) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        columns = build_columns(base, [{"model": "offline:writer"}, {"model": "openai:gpt-4o-mini"}])
        handle = runner.start(data, base, columns=columns, concurrency=2)
        assert handle.wait(300)
    matrix = read_matrix(store, [handle.suite_run_id])
    summaries = column_summaries(matrix)
    payload = matrix_payload(matrix, summaries=summaries, deltas=[], baseline=0, stamp="s")
    first, dead = payload["columns"]
    assert [c["number"] for c in payload["columns"]] == [1, 2]
    assert first["rate"].startswith("3/3 judged · 100%") and first["judged"] == 3
    # An all-error column says so in its header (the matrix page's wording, issue 40 item 7), not a rate of nothing.
    assert dead["rate"].startswith("no result: all 3 runs ended in an error") and dead["errors"] == 3
    assert dead["judged"] == 0
    assert ss.get_suite_run(store, handle.suite_run_id)["status"] == "finished_with_errors"
