"""Exports carry each run's place in its suite run and matrix column (schema 6); import rebuilds the suite run and
its matrix from them (issue 32 item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.exports import EXPORT_SCHEMA_VERSION, export_runs
from rubric_core.exports.importer import ImportError_, import_runs
from rubric_core.exports.suite_export import export_suite_run
from rubric_core.store import Store, open_store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.matrix import read_matrix
from rubric_core.suites.runner import SuiteRunner

SMALL_IDS = ("poem-01", "poem-02", "poem-03")


def _small() -> Dataset:
    return Dataset(name="small", items=tuple(i for i in example_dataset().items if i.id in SMALL_IDS))


def _base() -> RunConfig:
    return RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems"}
    )


@pytest.fixture
def suites(engine: Engine, store: Store) -> tuple[str, str]:
    """A matrix (max 1 and max 3 iterations) and a one-column suite run over the same three items."""
    runner = SuiteRunner(RunManager(engine, store))
    columns = build_columns(_base(), [{"max_iterations": 1, "label": "one shot"}, {"max_iterations": 3}])
    matrix = runner.start(_small(), _base(), columns=columns, concurrency=3, name="matrix ✓")
    single = runner.start(_small(), _base(), concurrency=3)
    assert matrix.wait(300) and single.wait(300)
    return matrix.suite_run_id, single.suite_run_id


def _cells(store: Store, suite_id: str) -> list[tuple]:
    matrix = read_matrix(store, [suite_id])
    labels = [c.label for c in matrix.columns]
    return sorted(
        (str(r["item_id"]), labels[int(r["column"])], str(r["run_id"]), str(r["status"]), str(r["outcome"]))
        for r in matrix.cells.to_dict("records")
    )


def test_an_export_carries_each_column_and_import_rebuilds_the_matrix(
    suites: tuple[str, str], store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    matrix_id, single_id = suites
    out = tmp_path / "runs.jsonl"
    assert export_runs(store, "jsonl", out).records == 9
    records = {r["id"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert {r["schema_version"] for r in records.values()} == {EXPORT_SCHEMA_VERSION} == {7}
    in_matrix = [r for r in records.values() if r["metadata"]["suite"]["suite_run_id"] == matrix_id]
    assert len(in_matrix) == 6
    column = in_matrix[0]["metadata"]["suite"]["column"]
    assert set(column) == {"index", "label", "rubric", "rubric_name", "rubric_version", "config"}
    assert {r["metadata"]["suite"]["column"]["label"] for r in in_matrix} == {"one shot", "max 3"}
    assert {r["metadata"]["suite"]["column"]["config"]["max_iterations"] for r in in_matrix} == {1, 3}
    one = next(r for r in records.values() if r["metadata"]["suite"]["suite_run_id"] == single_id)
    assert one["metadata"]["suite"]["column"] is None and one["metadata"]["suite"]["config"]["model"]
    assert one["metadata"]["suite"]["item"]["id"] in SMALL_IDS

    before_matrix, before_single = _cells(store, matrix_id), _cells(store, single_id)
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    assert import_runs(other, out).imported == 9
    assert _cells(other, matrix_id) == before_matrix
    assert _cells(other, single_id) == before_single
    rebuilt = ss.get_suite_run(other, matrix_id)
    original = ss.get_suite_run(store, matrix_id)
    assert rebuilt is not None and original is not None
    assert rebuilt["name"] == "matrix ✓" and rebuilt["status"] == "finished"
    assert [(c["label"], c["config"]["max_iterations"]) for c in rebuilt["columns"]] == [("one shot", 1), ("max 3", 3)]
    assert rebuilt["config"]["max_iterations"] == 1 and rebuilt["rubric"] == original["rubric"]
    assert ss.get_suite_run(other, single_id)["columns"] == []
    assert ss.suite_run_ids(other, single_id) == ss.suite_run_ids(store, single_id)
    # Exported again from the other store: the same records, suite and column included.
    again = tmp_path / "again.jsonl"
    export_runs(other, "jsonl", again)
    copied = {r["id"]: r for r in map(json.loads, again.read_text(encoding="utf-8").splitlines())}
    for run_id, record in records.items():
        assert copied[run_id]["metadata"]["suite"] == record["metadata"]["suite"], run_id
    # Importing the file again adds nothing.
    assert (import_runs(other, out).imported, len(ss.suite_cells(other, matrix_id))) == (0, 6)


def test_a_matrix_export_of_a_few_cells_rebuilds_the_others_as_not_started(
    suites: tuple[str, str], store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    matrix_id, _ = suites
    out = tmp_path / "runs.jsonl"
    export_runs(store, "jsonl", out)
    lines = [line for line in out.read_text(encoding="utf-8").splitlines() if matrix_id in line]
    # Only the cells of column 2 (max 3), and those of poem-02 left out too.
    kept = [
        line
        for line in lines
        if json.loads(line)["metadata"]["suite"]["column"]["index"] == 1
        and json.loads(line)["metadata"]["suite"]["item"]["id"] != "poem-02"
    ]
    part = tmp_path / "part.jsonl"
    part.write_text("\n".join(kept) + "\n", encoding="utf-8")
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    assert import_runs(other, part).imported == 2
    suite = ss.get_suite_run(other, matrix_id)
    assert [c["label"] for c in suite["columns"]] == ["max 3"]
    cells = ss.suite_cells(other, matrix_id)
    assert [(c["item_id"], c["run_status"]) for c in cells] == [("poem-01", "satisfied"), ("poem-03", "satisfied")]


@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_a_suite_export_tags_every_record_with_its_column(
    suites: tuple[str, str], store: Store, tmp_path: Path, fmt: str
) -> None:
    matrix_id, single_id = suites
    out = tmp_path / "out"
    export_suite_run(store, matrix_id, fmt, out)
    if fmt == "parquet":
        frame = pd.read_parquet(out / "runs" / "runs.parquet")
    elif fmt == "csv":
        frame = pd.read_csv(out)
    else:
        frame = pd.DataFrame([json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()])
    assert set(zip(frame["column"].astype(int), frame["column_label"], strict=True)) == {(1, "one shot"), (2, "max 3")}
    single = tmp_path / "single.jsonl"
    export_suite_run(store, single_id, "jsonl", single)
    rows = [json.loads(line) for line in single.read_text(encoding="utf-8").splitlines()]
    assert {(r["column"], r["column_label"]) for r in rows} == {(None, None)}


def test_import_refuses_two_runs_of_one_cell_and_a_column_that_could_not_run(
    suites: tuple[str, str], store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    matrix_id, _ = suites
    out = tmp_path / "runs.jsonl"
    export_runs(store, "jsonl", out)
    record = next(json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if matrix_id in line)
    twin = {**record, "id": "another-run"}
    bad = {**record, "id": "bad-column"}
    bad["metadata"] = {**record["metadata"], "suite": {**record["metadata"]["suite"]}}
    bad["metadata"]["suite"]["item"] = {**record["metadata"]["suite"]["item"], "position": 99}
    bad["metadata"]["suite"]["column"] = {**record["metadata"]["suite"]["column"], "config": {"max_iterations": 99}}
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    for extra, message in (
        (twin, "is already the run of line 1: a cell has one run"),
        (bad, "metadata.suite.column.config.max_iterations"),
    ):
        path = tmp_path / "bad.jsonl"
        path.write_text(json.dumps(record) + "\n" + json.dumps(extra) + "\n", encoding="utf-8")
        with pytest.raises(ImportError_, match=message):
            import_runs(other, path)
        assert other.count_runs() == 0 and ss.list_suite_runs(other) == []


def test_import_rebuilds_a_matrix_in_a_postgresql_store(
    suites: tuple[str, str], store: Store, tmp_path: Path, pg_server
) -> None:
    matrix_id, single_id = suites
    out = tmp_path / "runs.jsonl"
    export_runs(store, "jsonl", out)
    other = open_store(pg_server.url(pg_server.new_database()))
    try:
        assert import_runs(other, out).imported == 9
        assert _cells(other, matrix_id) == _cells(store, matrix_id)
        assert _cells(other, single_id) == _cells(store, single_id)
        assert ss.suite_stamp(other, matrix_id) and ss.list_suite_runs(other)[0]["cells"] in (3, 6)
        assert import_runs(other, out).imported == 0
    finally:
        other.close()
