"""The bundled example project examples/fixer: its files agree with the offline script, and it runs from the CLI."""

from __future__ import annotations

import tomllib
from pathlib import Path

from rubric_core.examples import FIXER_TASK, SCRIPTED
from rubric_core.suites.datasets import load_dataset
from tests.core.helpers import run_cli
from tests.projects.helpers import FIXER


def test_the_example_files_say_what_the_offline_writer_plays() -> None:
    run = tomllib.loads((FIXER / "run.toml").read_text())
    assert run["task"] == FIXER_TASK == (FIXER / "task.md").read_text().strip()
    assert run["rubric"].strip() == SCRIPTED["fixer"].rubric == (FIXER / "rubric.md").read_text().strip()
    items = load_dataset(str(FIXER / "dataset.jsonl")).items
    assert {i.task for i in items} == {FIXER_TASK} and [bool(i.files) for i in items] == [False, True, True]


def test_the_example_runs_offline_from_the_cli_and_shows_the_tools_evidence(home: Path) -> None:
    done = run_cli("run", "--project", str(FIXER), "--config", str(FIXER / "run.toml"))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "agent fixer (fixer.agent:make_agent)" in out
    assert out.count("tool check_syntax(") == 2 and out.count("tool write_file(") == 2  # the agent's own tool
    # The grader's evidence is what the project's run_test_suite returned.
    assert "FAIL  All tests pass (run_test_suite)  -- run_test_suite: 2 of 4 tests failed" in out
    assert "status: satisfied after 2 iterations" in out
    shown = run_cli("show", out.split()[1])
    assert shown.returncode == 0 and "PASS" in shown.stdout


def test_the_cli_refuses_an_agent_without_a_project_and_a_project_that_is_not_one(tmp_path: Path, home: Path) -> None:
    done = run_cli("run", "--example", "haiku", "--agent", "fixer")
    assert done.returncode == 2 and "no project is open" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "rubric-studio.toml").write_text("[agents.x]\nfactory = 'not a reference'\n")
    done = run_cli("run", "--example", "haiku", "--project", str(tmp_path))
    assert done.returncode == 2 and "is not a reference" in done.stderr and "Traceback" not in done.stderr
    done = run_cli("run", "--project", str(FIXER), "--example", "haiku", "--agent", "fixr")
    assert done.returncode == 2 and "No agent 'fixr'" in done.stderr and "its agents: fixer" in done.stderr
    assert not (home / "runs.sqlite").exists()  # refused before the store was opened


def test_runs_filter_and_show_name_the_agent(home: Path) -> None:
    assert run_cli("run", "--project", str(FIXER), "--config", str(FIXER / "run.toml")).returncode == 0
    assert run_cli("run", "--example", "haiku").returncode == 0
    mine = run_cli("runs", "--agent", "fixer")
    assert mine.returncode == 0 and "1 of 1 runs" in mine.stdout
    built_in = run_cli("runs", "--agent", "")
    assert "1 of 1 runs" in built_in.stdout and "haiku" in built_in.stdout
    run_id = mine.stdout.splitlines()[1].split()[0]
    shown = run_cli("show", run_id)
    assert "agent fixer (fixer.agent:make_agent), project file digest" in shown.stdout
