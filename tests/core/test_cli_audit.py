"""What the command line does to a store is in its audit trail, as the dashboard's actions are (actor cli:USER)."""

from __future__ import annotations

import getpass
import json
from pathlib import Path

from rubric_core.access.audit import list_audit
from rubric_core.store import open_store
from tests.core.helpers import run_cli


def _trail() -> list[dict]:
    store = open_store()
    try:
        return list(reversed(list_audit(store, limit=100)))  # oldest first
    finally:
        store.close()


def test_each_command_that_changes_the_store_leaves_one_audit_row(home: Path, tmp_path: Path) -> None:
    started = run_cli("run", "--example", "haiku", "--jsonl")
    assert started.returncode == 0, started.stderr
    run_id = json.loads(started.stdout.splitlines()[0])["run_id"]
    out = tmp_path / "runs.jsonl"
    review = ("--iteration", "1", "--criterion", "Is about spring", "--verdict", "fail", "--reason", "r")
    reviewed = run_cli("review", run_id, *review, "--reviewer", "ann")
    assert reviewed.returncode == 0, reviewed.stderr
    regraded = run_cli("regrade", run_id)
    assert regraded.returncode == 0, regraded.stderr
    exported = run_cli("export", "--format", "jsonl", "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    deleted = run_cli("delete", run_id)
    assert deleted.returncode == 0, deleted.stderr
    imported = run_cli("import", str(out))
    assert imported.returncode == 0, imported.stderr
    rows = _trail()
    assert [(r["action"], r["run_id"]) for r in rows] == [
        ("start", run_id),
        ("review", run_id),
        ("what_if", run_id),
        ("export", ""),
        ("delete", run_id),
        ("import", ""),
    ], rows
    user = getpass.getuser()
    assert {r["actor"] for r in rows} == {f"cli:{user}"}
    assert all(r["detail"].startswith("from the command line on ") and r["outcome"] == "done" for r in rows)
    assert "--format jsonl" in rows[3]["detail"] and "import of 1 runs" in rows[5]["detail"]
    assert "'Is about spring': fail" in rows[1]["detail"]


def test_a_command_that_changes_nothing_leaves_no_row(home: Path) -> None:
    assert run_cli("run", "--example", "haiku").returncode == 0
    before = _trail()
    refused = run_cli("delete", "0" * 32)  # no such run: nothing deleted, nothing recorded
    assert refused.returncode == 2
    assert run_cli("runs").returncode == 0  # reading is not recorded
    assert _trail() == before


def test_a_suite_run_is_recorded_with_its_id(home: Path, tmp_path: Path) -> None:
    from rubric_core.suites.example import EXAMPLE_DATASET, EXAMPLE_RUBRIC_FILES

    data = tmp_path / "two.jsonl"
    data.write_text("".join(EXAMPLE_DATASET.read_text(encoding="utf-8").splitlines(keepends=True)[:2]))
    ran = run_cli("suite", "run", "--dataset", str(data), "--rubric-file", str(EXAMPLE_RUBRIC_FILES[2]), "--jsonl")
    assert ran.returncode == 0, ran.stderr
    summary = json.loads(ran.stdout.splitlines()[-1])
    rows = _trail()
    assert [(r["action"], r["suite_run_id"]) for r in rows] == [("start", summary["suite_run_id"])], rows
    assert "suite run of 2 items" in rows[0]["detail"]
