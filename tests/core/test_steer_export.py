"""Exports of steered runs and forks (issue 39 item 4, schema 7): `parent_run`, `forked_at`, what a fork changed,
the step mode and each decision at a pause (every human override among them) leave with the run and come back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import Override, build_decision, build_fork
from rubric_core.exports import export_runs
from rubric_core.exports.importer import import_runs
from rubric_core.store import Store, open_store
from rubric_core.store import judge as judge_store
from tests.core.helpers import example_config
from tests.core.test_export import _paths_differ, _records, _rows_differ

WAIT_S = 120


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S)
    return handle


@pytest.fixture
def steered(store: Store, engine: Engine) -> dict[str, str]:
    """A step run with an override (an n/a among them) and edited feedback, stopped at its third pause; a fork of it
    from iteration 1 with an edited rubric; a fork of that fork with edited feedback."""
    manager = RunManager(engine, store)
    run = _ended(manager.start(example_config("haiku"), step="verdicts")).run_id
    overrides = [Override("Is about spring", "n/a", "Cannot tell."), Override("Exactly three lines", "fail")]
    _ended(manager.continue_paused(run, build_decision(store, run, overrides=overrides, reviewer="ann")))
    _ended(manager.continue_paused(run, build_decision(store, run, feedback="Only the syllables.", reviewer="bo")))
    manager.continue_paused(run, build_decision(store, run, stop=True, reviewer="bo"))
    spec, config = build_fork(store, engine, run, iteration=0, rubric="- Exactly three lines", by="cy")
    fork = _ended(manager.fork(spec, config, step="")).run_id
    spec, config = build_fork(store, engine, fork, iteration=0, draft="One line only.", by="di")
    grandchild = _ended(manager.fork(spec, config, step="")).run_id
    return {"run": run, "fork": fork, "grandchild": grandchild}


def test_a_steered_run_and_its_forks_export_what_was_decided_and_where_they_branched(
    steered: dict[str, str], store: Store, tmp_path: Path
) -> None:
    out = tmp_path / "runs.jsonl"
    assert export_runs(store, "jsonl", out).records == 3
    records = _records(out)
    run = records[steered["run"]]["metadata"]
    assert run["step"] == "verdicts" and run["parent_run"] is None and run["forked_at"] is None
    first, second, stop = run["steering"]
    assert (first["iteration_number"], first["action"], first["reviewer"]) == (1, "continue", "ann")
    assert [(o["criterion"], o["verdict"], o["reason"]) for o in first["overrides"]] == [
        ("Is about spring", "n/a", "Cannot tell."),
        ("Exactly three lines", "fail", ""),
    ]
    assert second["feedback"] == "Only the syllables." and stop["action"] == "stop"
    na = next(c for c in run["history"][0]["criteria"] if c["name"] == "Is about spring")
    assert (na["human_verdict"], na["human_passed"], na["reviewer"]) == ("n/a", False, "ann")
    fork = records[steered["fork"]]["metadata"]
    assert fork["parent_run"] == steered["run"] and fork["forked_at"] == {
        "turn": 0,
        "turn_number": 1,
        "iteration": 0,
        "iteration_number": 1,
    }
    assert fork["fork"] == {"kind": "draft", "rubric": "- Exactly three lines", "by": "cy"}
    grandchild = records[steered["grandchild"]]["metadata"]
    assert grandchild["parent_run"] == steered["fork"] and grandchild["fork"]["draft"] == "One line only."


def test_export_import_export_of_steered_runs_and_forks_is_lossless(
    steered: dict[str, str], store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "first.jsonl"
    export_runs(store, "jsonl", first)
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    assert import_runs(other, first).imported == 3
    second = tmp_path / "second.jsonl"
    export_runs(other, "jsonl", second)
    original, copied = _records(first), _records(second)
    for run_id, record in original.items():
        assert _paths_differ(record, copied[run_id], run_id) == []
    ids = sorted(original)
    local = frozenset({"worker", "heartbeat_at", "imported_from", "edit_version", "edited_at", "edited_by"})
    assert _rows_differ(store.get_runs(ids), other.get_runs(ids), local) == []
    assert [r["verdict"] for r in judge_store.latest_reviews(other, [steered["run"]])] == ["fail", "n/a"]


def test_a_file_of_schema_6_still_imports(store: Store, engine: Engine, tmp_path: Path) -> None:
    """A record written before steering (no step, fork or steering fields; schema_version 6) imports as before."""
    _ended(RunManager(engine, store).start(example_config("haiku")))
    out = tmp_path / "runs.jsonl"
    export_runs(store, "jsonl", out)
    record = json.loads(out.read_text(encoding="utf-8"))
    record["schema_version"] = record["metadata"]["schema_version"] = 6
    for key in ("step", "parent_run", "forked_at", "fork", "steering"):
        del record["metadata"][key]
    for step in record["metadata"]["history"]:
        for c in step["criteria"]:
            c.pop("human_verdict")
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps(record) + "\n", encoding="utf-8")
    other = Store(f"sqlite:///{tmp_path / 'other.sqlite'}")
    assert import_runs(other, old).imported == 1
    row = other.get_run(record["id"])
    assert (row["step"], row["parent_run"], row["forked_at"]) == ("", "", None)
