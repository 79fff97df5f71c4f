"""The matrix on the command line (issue 32 items 1 and 6): columns from repeated flags or [[columns]], gates per
column naming the columns that failed, `suite show` / `suite compare` printing the matrix, `--jsonl` records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rubric_core.cli.main import main
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.example import EXAMPLE_RUBRIC_FILES, example_dataset

SMALL_IDS = ("poem-01", "poem-02", "poem-03")
MATRIX_TOML = """\
max_iterations = 3

[[columns]]
label = "one shot"
max_iterations = 1

[[columns]]
label = "three tries"
max_iterations = 3
"""


def _dataset(tmp_path: Path) -> str:
    path = tmp_path / "small.jsonl"
    items = [i for i in example_dataset().items if i.id in SMALL_IDS]
    path.write_text("".join(json.dumps(i.to_dict()) + "\n" for i in items), encoding="utf-8")
    return str(path)


def _exit_code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def _base(tmp_path: Path) -> list[str]:
    return [
        "suite",
        "run",
        "--dataset",
        _dataset(tmp_path),
        "--rubric-file",
        str(EXAMPLE_RUBRIC_FILES[1]),
        "--rubric-name",
        "short-poems",
    ]


def test_columns_from_a_config_file_gate_each_column_and_print_the_matrix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store
) -> None:
    config = tmp_path / "matrix.toml"
    config.write_text(MATRIX_TOML, encoding="utf-8")
    code = main([*_base(tmp_path), "--config", str(config), "--min-pass-rate", "0.5", "--jsonl"])
    out, err = capsys.readouterr()
    assert code == 1, err
    records = [json.loads(line) for line in out.splitlines()]
    summary = records[-1]
    assert summary["type"] == "suite_summary" and summary["status"] == "finished"
    assert summary["failed_columns"] == [1]
    assert summary["gate_failures"] == [
        "column 1 (one shot): pass rate 0.0% (0/3 judged items satisfied) is below --min-pass-rate 50.0%"
    ]
    assert [(c["label"], c["satisfied"], c["cap_hits"]) for c in summary["columns"]] == [
        ("one shot", 0, 3),
        ("three tries", 3, 0),
    ]
    cells = [r for r in records if r["type"] == "matrix_cell"]
    assert len(cells) == 6 and {c["outcome"] for c in cells if c["column"] == 2} == {"pass"}
    columns = [r for r in records if r["type"] == "matrix_column"]
    assert [c["config"]["max_iterations"] for c in columns] == [1, 3]
    baseline = [
        r for r in records if r["type"] == "matrix_baseline" and r["criterion"] == "satisfied (the whole rubric)"
    ]
    assert baseline[0]["improved_items"] == list(SMALL_IDS) and baseline[0]["p_value"] == pytest.approx(0.25)
    assert any(r["type"] == "matrix_criterion" for r in records)
    assert {e["type"] for e in records} >= {"suite_started", "item_started", "item_finished", "suite_finished"}
    suite_id = summary["suite_run_id"]

    # `suite show`: the matrix as text; the gate names the column; a gate every column meets exits 0.
    assert main(["suite", "show", suite_id, "--min-pass-rate", "0.5"]) == 1
    out, err = capsys.readouterr()
    assert "matrix: 3 items x 2 columns" in out and "1. one shot" in out and "2. three tries" in out
    assert "poem-01" in out and "✘ 1" in out and "✔ 2" in out
    assert "column 2: three tries  satisfied 3/3 judged = 100%" in out
    assert "GATE FAILED: column 1 (one shot): pass rate 0.0%" in err
    assert "columns below the gates: 1 (one shot)" in err
    assert main(["suite", "show", suite_id, "--min-pass-rate", "0"]) == 0
    out = capsys.readouterr().out
    assert "against the baseline, column 1 (one shot)" in out and "-0 +3  p = 0.25" in out
    assert main(["suite", "show", suite_id, "--baseline", "2"]) == 0
    assert "-3 +0  p = 0.25" in capsys.readouterr().out
    assert _exit_code(["suite", "show", suite_id, "--baseline", "3"]) == 2
    assert "this matrix has columns 1 to 2" in capsys.readouterr().err
    # `suite list` counts the cells; resume of a column the matrix lacks is refused.
    assert main(["suite", "list", "--jsonl"]) == 0
    listed = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (listed["items"], listed["columns"], listed["cells"]) == (3, 2, 6)
    assert main(["suite", "list"]) == 0
    listed_text = capsys.readouterr().out
    assert "   3/6    satisfied" in listed_text and "matrix: 3 items x 2 columns" in listed_text
    assert _exit_code(["suite", "resume", suite_id, "--column", "3"]) == 2
    assert "columns 1 to 2" in capsys.readouterr().err

    # A one-column suite run compared with the matrix: the two side by side as one matrix of three columns.
    assert main([*_base(tmp_path), "--max-iterations", "2"]) == 0
    single = capsys.readouterr().out.splitlines()[0].split()[2]
    assert main(["suite", "compare", suite_id, single, "--jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    labels = [r["label"] for r in records if r["type"] == "matrix_column"]
    assert labels == ["A · one shot", "A · three tries", "B · offline:writer"]
    assert main(["suite", "compare", single, suite_id]) == 0
    assert "matrix: 3 items x 3 columns" in capsys.readouterr().out


def test_repeated_flags_make_the_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store) -> None:
    argv = [*_base(tmp_path), "--model", "offline:writer", "--model", "offline:writer?latency=0.001"]
    assert main([*argv, "--grader", "offline:grader", "--jsonl"]) == 0, capsys.readouterr().err
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    suite = ss.get_suite_run(store, summary["suite_run_id"])
    assert [c["label"] for c in suite["columns"]] == ["offline:writer", "offline:writer?latency=0.001"]
    assert [c["config"]["grader"] for c in suite["columns"]] == ["offline:grader"] * 2
    models = {r["model"] for r in store.get_runs(ss.suite_run_ids(store, suite["id"]))}
    assert models == {"offline:writer", "offline:writer?latency=0.001"}
    # A one-column suite run stays what it was: no column rows, its items link their runs.
    assert main([*_base(tmp_path), "--model", "offline:writer", "--jsonl"]) == 0
    one = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert "columns" not in one and ss.get_suite_run(store, one["suite_run_id"])["columns"] == []


@pytest.mark.parametrize(
    ("extra", "toml", "message"),
    [
        (
            ["--model", "offline:writer", "--model", "offline:writer?latency=0", *["--grader", "offline:grader"] * 3],
            None,
            "--model 2 times, --grader 3 times",
        ),
        (["--model", "offline:writer", "--model", "offline:writer"], None, "Columns 1 and 2 are the same"),
        (["--model", "offline:writer", "--model", "nope"], None, "Column 2: model:"),
        (["--agent", "a", "--agent", "b"], None, "Column 1"),
        ([], "[[columns]]\nmodle = 'x'\n[[columns]]\n", "unknown setting 'modle'"),
        ([], "[[columns]]\nmax_iterations = 2\n", "2 to 8 columns"),
        ([], "columns = 3\n", "columns must be a list of tables"),
        (["--model", "offline:writer", "--model", "offline:writer?latency=0"], MATRIX_TOML, "one way"),
        ([], "[[columns]]\nrubric_file = 'missing.md'\n[[columns]]\n", "Cannot read rubric file"),
    ],
)
def test_bad_columns_exit_2_and_store_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store, extra: list[str], toml: str | None, message: str
) -> None:
    argv = [*_base(tmp_path), *extra]
    if toml is not None:
        config = tmp_path / "m.toml"
        config.write_text(toml, encoding="utf-8")
        argv += ["--config", str(config)]
    assert _exit_code(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert ss.list_suite_runs(store) == []


def test_a_run_config_with_columns_is_refused_naming_suite_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store
) -> None:
    config = tmp_path / "run.toml"
    config.write_text('task = "Write a haiku."\nrubric = "- Exactly three lines"\n' + MATRIX_TOML, encoding="utf-8")
    assert _exit_code(["run", "--config", str(config)]) == 2
    assert "suite run --config" in capsys.readouterr().err
