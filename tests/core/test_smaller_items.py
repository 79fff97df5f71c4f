"""Issue 40 item 8, the smaller things: a suite summary with nothing countable says "–" (not "satisfied 0/0 =
0.0%"), the Parquet export types `agent` and `files` even when every value is empty, and exported files are named
by what was exported and when."""

from __future__ import annotations

from pathlib import Path

import pytest

from rubric_core.cli.main import main
from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.exports.file_names import audit_filter_words, file_name, run_filter_words
from rubric_core.store import RunFilter, Store
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset
from rubric_core.suites.runner import SuiteRunner
from tests.core.helpers import example_config


def test_a_suite_with_nothing_countable_says_so(
    engine: Engine, store: Store, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every item ends unmet only on a criterion the offline grader cannot judge: none is countable."""
    config = RunConfig.from_dict({"task": "(each)", "rubric": "- Uses vivid imagery\n", "max_iterations": 1})
    items = tuple(example_dataset().items[:2])
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset("na", items), config, concurrency=2)
    assert handle.wait(300)
    main(["suite", "show", handle.suite_run_id])
    out = capsys.readouterr().out
    # Not 'satisfied 0/0 = 0.0%': no judged result, and why (the wording of main's rates, issue 42).
    assert "satisfied: no judged result (2 items had no verdict but n/a" in out and "0/0" not in out


def test_parquet_types_agent_and_files_when_every_value_is_empty(engine: Engine, store: Store, tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rubric_core.exports import export_runs

    engine.execute(example_config("haiku"), subscribers=[store.record])
    export_runs(store, "parquet", tmp_path / "pq", RunFilter())
    files = pa.list_(pa.struct([("path", pa.string()), ("content", pa.string())]))
    runs = pq.read_schema(tmp_path / "pq" / "runs" / "runs.parquet")
    assert runs.field("agent").type == pa.string() and runs.field("files").type == files
    assert pq.read_schema(tmp_path / "pq" / "iterations" / "iterations.parquet").field("files").type == files
    table = pq.read_table(tmp_path / "pq" / "runs" / "runs.parquet")
    assert table.column("agent").to_pylist() == [""] and table.column("files").to_pylist() == [[]]
    export_runs(store, "parquet", tmp_path / "none", RunFilter(ids=["-"]))  # no run: typed all the same
    assert pq.read_schema(tmp_path / "none" / "runs" / "runs.parquet").field("files").type == files


def test_exported_files_are_named_by_what_and_when() -> None:
    when = 1_764_950_940.0  # 2025-12-05 16:09 UTC
    flt = RunFilter(rubric_name="Haiku Rules", rubric_version=2, statuses=["satisfied"], tag_contains="bike")
    name = file_name(run_filter_words(flt), "jsonl", "jsonl", when)
    assert name == "rubric-studio_haiku-rules-v2_satisfied_tag-bike_2025-12-05_1609.jsonl"
    assert file_name(run_filter_words(RunFilter()), "parquet", "zip", when) == (
        "rubric-studio_all-runs_parquet_2025-12-05_1609.zip"
    )
    assert file_name(run_filter_words(RunFilter(ids=["a", "b"])), "csv", "csv", when).startswith(
        "rubric-studio_2-selected-runs_2025"
    )
    from rubric_core.access import AuditFilter

    assert file_name(audit_filter_words(AuditFilter(action="prove")), "csv", "csv", when) == (
        "rubric-studio_audit_prove_2025-12-05_1609.csv"
    )
    # Whatever a filter holds, the name is safe on any system.
    odd = file_name(["../../etc/passwd", 'a"b<c>|d'], "jsonl", "jsonl", when)
    assert "/" not in odd and '"' not in odd and "<" not in odd and ".." not in odd
