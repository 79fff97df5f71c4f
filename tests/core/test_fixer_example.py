"""The bundled example project examples/fixer: its files agree with the offline script, and it runs from the CLI."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rubric_core.examples import FIXER_TASK, SCRIPTED
from rubric_core.suites.datasets import load_dataset
from tests.core.helpers import run_cli
from tests.projects.helpers import FIXER, GOOD_AGENT, agent_project


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
    assert (
        "FAIL  All tests pass (run_test_suite)  [run_test_suite: 2 of 4 tests passed]  -- run_test_suite: 2 of 4 tests"
        " failed" in out
    )
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


NO_CHECKPOINTER = """
from deepagents import create_deep_agent


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, middleware=[*middleware])
"""
OWN_RUBRIC = """
from deepagents import create_deep_agent
from deepagents.middleware.rubric import RubricMiddleware


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, middleware=[RubricMiddleware(model=model)], checkpointer=checkpointer)
"""


@pytest.mark.parametrize(
    ("module", "files", "expected"),
    [
        (NO_CHECKPOINTER, 0, "does not save to the checkpointer"),
        (OWN_RUBRIC, 0, "does not run Rubric Studio's RubricMiddleware"),
        ("def make_agent(*, model, middleware, checkpointer)\n    return 1\n", 0, "SyntaxError"),
        (GOOD_AGENT, 501, "at most 500 go in an agent's state"),
    ],
    ids=["no-checkpointer", "own-rubric-middleware", "syntax-error", "too-many-files"],
)
def test_a_refused_factory_exits_2_once_and_stores_nothing(
    tmp_path: Path, home: Path, module: str, files: int, expected: str
) -> None:
    """Exit 2 printed the error twice (stdout and stderr) and `runs` then listed a run with status error."""
    extra = {f"fx/f{n}.txt": "x" for n in range(files)}
    root = agent_project(tmp_path / "p", module, extra_toml='files = "fx"\n' if files else "", **extra)
    done = run_cli("run", "--project", str(root), "--agent", "main", "--example", "haiku")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert expected in done.stderr and "Nothing was run or stored" in done.stderr
    assert expected not in done.stdout and done.stderr.count("error: ") == 1  # said once, on stderr
    listed = run_cli("runs")
    assert listed.returncode == 0 and "error" not in listed.stdout and "0 of 0 runs" in listed.stdout


def test_a_suite_on_a_refused_factory_exits_2_and_stores_nothing(tmp_path: Path, home: Path) -> None:
    root = agent_project(tmp_path / "p", NO_CHECKPOINTER)
    dataset = tmp_path / "d.jsonl"
    dataset.write_text('{"id": "a", "task": "Write a haiku about spring."}\n')
    rubric = tmp_path / "r.md"
    rubric.write_text("- Exactly three lines\n")
    done = run_cli(
        "suite",
        "run",
        "--project",
        str(root),
        "--agent",
        "main",
        "--dataset",
        str(dataset),
        "--rubric-file",
        str(rubric),
    )
    assert done.returncode == 2 and "does not save to the checkpointer" in done.stderr, (done.stdout, done.stderr)
    assert "0 of 0 runs" in run_cli("runs").stdout


def test_examples_copy_gives_the_example_project_from_the_package(tmp_path: Path, home: Path) -> None:
    """examples/fixer was only in a checkout: an installed user copies it from the package's own data."""
    import rubric_core.example_projects as shipped

    assert FIXER == shipped.HERE / "fixer"  # the checkout's examples/fixer is the packaged copy
    listed = run_cli("examples")
    assert "rubric-studio examples --copy fixer DIR" in listed.stdout
    dest = tmp_path / "my-fixer"
    done = run_cli("examples", "--copy", "fixer", str(dest))
    assert done.returncode == 0, done.stderr
    assert (dest / "rubric-studio.toml").is_file() and (dest / "fixer" / "agent.py").is_file()
    assert not list(dest.rglob("__pycache__"))
    ran = run_cli("run", "--project", str(dest), "--config", str(dest / "run.toml"))
    assert ran.returncode == 0 and "status: satisfied" in ran.stdout, ran.stderr
    again = run_cli("examples", "--copy", "fixer", str(dest))
    assert again.returncode == 2 and "already exists: give a new folder" in again.stderr
    unknown = run_cli("examples", "--copy", "fixr", str(tmp_path / "x"))
    assert unknown.returncode == 2 and "the example projects are fixer" in unknown.stderr


PRINTING_TOOL = """
from deepagents import create_deep_agent
from langchain_core.tools import tool


@tool
def check_syntax(code: str) -> str:
    \"\"\"Check the code (and print a great deal while at it).\"\"\"
    import sys

    print("TOOL-PRINT-MARKER " * 20_000)
    print("TOOL-ERR-MARKER", file=sys.stderr)
    return "ok"


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, tools=[check_syntax], middleware=[*middleware], checkpointer=checkpointer)
"""


@pytest.mark.parametrize("workers", ["0", "1"], ids=["threads", "worker-process"])
def test_a_tools_prints_stay_off_the_terminal_unless_debug(tmp_path: Path, home: Path, workers: str) -> None:
    """A tool's own 21 MB of print went to the CLI's terminal."""
    from rubric_core.examples import FIXER_TASK

    root = agent_project(tmp_path / "p", PRINTING_TOOL)
    args = ["run", "--project", str(root), "--agent", "main", "--task", FIXER_TASK, "--rubric", "- All tests pass"]
    env = {"RUBRIC_STUDIO_WORKERS": workers}
    quiet = run_cli(*args, "--max-iterations", "1", env=env)
    assert quiet.returncode in (0, 1), quiet.stderr
    assert "tool check_syntax(" in quiet.stdout  # the run's events are printed
    assert "MARKER" not in quiet.stdout + quiet.stderr
    assert "TOOL-PRINT-MARKER" in (home / "logs" / "tool-output.log").read_text()
    loud = run_cli("--debug", *args, "--max-iterations", "1", env=env)
    assert "TOOL-PRINT-MARKER" in loud.stdout and "TOOL-ERR-MARKER" in loud.stderr
