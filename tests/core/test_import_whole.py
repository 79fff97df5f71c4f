"""Issue 41 item 6: an import is checked as a whole (beyond the blind catalogue's cases): a NUL inside a check, one
column given two labels, and a run naming a suite run the store holds, imported beside it: said, never silent."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.core.blind_harness import Seed, run_command


@pytest.fixture(scope="module")
def seed(bad_input_seed: Seed) -> Seed:
    return bad_input_seed


def _lines(*records: dict[str, Any]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _fresh(record: dict[str, Any], run_id: str) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["id"] = run_id
    return out


def _matrix(seed: Seed) -> list[dict[str, Any]]:
    return [r for r in seed.base if (r["metadata"].get("suite") or {}).get("column")]


def test_a_nul_inside_a_check_is_refused_with_its_field(seed: Seed, tmp_path: Path) -> None:
    record = _fresh(next(r for r in seed.base if r["metadata"]["final_criteria"]), "nul-in-check")
    record["metadata"]["suite"] = None
    step = [s for s in record["metadata"]["history"] if s.get("criteria")][-1]
    step["criteria"][0]["check"]["found"] = "three lines\x00"
    record["metadata"]["final_criteria"][0]["check"]["found"] = "three lines\x00"
    ran = run_command(seed, tmp_path, ["import", "{TMP}/in.jsonl"], files={"in.jsonl": _lines(record)})
    assert ran.code == 2 and not ran.changed, ran.err
    assert ran.err.startswith("error: line 1: metadata.") and ".check.found holds a NUL character" in ran.err


def test_one_column_with_two_labels_is_refused_naming_both_lines(seed: Seed, tmp_path: Path) -> None:
    cells = [_fresh(r, f"relabel-{n}") for n, r in enumerate(_matrix(seed))]
    for cell in cells:
        cell["metadata"]["suite"]["suite_run_id"] = "relabelled-matrix"
    first, second = [n for n, c in enumerate(cells) if c["metadata"]["suite"]["column"]["index"] == 0][:2]
    label = cells[first]["metadata"]["suite"]["column"]["label"]
    cells[second]["metadata"]["suite"]["column"]["label"] = "another label"
    ran = run_command(seed, tmp_path, ["import", "{TMP}/in.jsonl"], files={"in.jsonl": _lines(*cells)})
    assert ran.code == 2 and not ran.changed, ran.err
    said = f'line {second + 1}: column 0\'s label is "another label" here but "{label}" on line {first + 1}'
    assert said in ran.err


def test_a_run_beside_a_stored_suite_run_is_imported_on_its_own_and_said_to_be(seed: Seed, tmp_path: Path) -> None:
    """A matrix cell's run deleted, then imported again from its export: the stored matrix is not rebuilt, so the
    run comes back on its own, which is said (it was silent)."""
    cell = _matrix(seed)[0]

    def delete_the_cell_run(home: Path) -> None:
        from rubric_core.store import open_store

        store = open_store(f"sqlite:///{home / 'runs.sqlite'}")
        try:
            assert store.delete_run(cell["id"])
        finally:
            store.close()

    ran = run_command(
        seed, tmp_path, ["import", "{TMP}/in.jsonl"], files={"in.jsonl": _lines(cell)}, prepare=delete_the_cell_run
    )
    assert ran.code == 0, ran.err
    assert "imported 1 runs" in ran.out
    suite = cell["metadata"]["suite"]["suite_run_id"]
    assert f"note: line 1: run {cell['id']} names suite run {suite[:12]}, which the store holds already" in ran.out
    assert "imported on its own" in ran.out


def _reviewed(seed: Seed, run_id: str) -> dict[str, Any]:
    record = _fresh(
        next(
            r
            for r in seed.base
            if not r["metadata"].get("suite")
            and any(
                c.get("human_passed") is not None for s in r["metadata"]["history"] for c in s.get("criteria") or []
            )
        ),
        run_id,
    )
    return record


def test_a_human_verdict_that_contradicts_human_passed_is_refused(seed: Seed, tmp_path: Path) -> None:
    record = _reviewed(seed, "human-verdict-contradicts")
    n, step = next((n, s) for n, s in enumerate(record["metadata"]["history"]) if s.get("criteria"))
    k, criterion = next((k, c) for k, c in enumerate(step["criteria"]) if c.get("human_passed") is not None)
    criterion["human_verdict"] = "fail" if criterion["human_passed"] else "pass"
    ran = run_command(seed, tmp_path, ["import", "{TMP}/in.jsonl"], files={"in.jsonl": _lines(record)})
    assert ran.code == 2 and not ran.changed, ran.err
    assert f"line 1: metadata.history[{n}].criteria[{k}].human_verdict is" in ran.err and "Make them agree" in ran.err


def test_schema_7_steering_on_a_version_6_line_is_refused(seed: Seed, tmp_path: Path) -> None:
    record = _reviewed(seed, "steering-on-v6")
    record["schema_version"] = record["metadata"]["schema_version"] = 6
    record["metadata"]["steering"] = [{"turn": 0, "iteration": 0, "action": "stop"}]
    ran = run_command(seed, tmp_path, ["import", "{TMP}/in.jsonl"], files={"in.jsonl": _lines(record)})
    assert ran.code == 2 and not ran.changed, ran.err
    assert "metadata.steering is a field of schema_version 7 and later" in ran.err
