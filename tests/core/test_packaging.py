"""Packaging: one list of pinned dependencies, the `rubric-studio` command, and the app files inside the package."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
from importlib.metadata import requires
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from rubric_core.cli import ui
from rubric_core.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[2]


def requirement_lines(path: Path) -> list[str]:
    """The requirement lines of a requirements file (comments and blank lines left out)."""
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def test_pyproject_takes_its_dependencies_from_requirements_txt() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "dependencies" not in project["project"], "pyproject lists dependencies of its own: they would drift"
    assert project["project"]["dynamic"] == ["dependencies"]
    assert project["tool"]["setuptools"]["dynamic"]["dependencies"] == {"file": ["requirements.txt"]}


@pytest.mark.parametrize("name", ["requirements.txt", "requirements-dev.txt", "constraints.txt"])
def test_every_dependency_is_pinned(name: str) -> None:
    for line in requirement_lines(ROOT / name):
        req = Requirement(line)
        assert len(req.specifier) == 1 and next(iter(req.specifier)).operator == "==", f"{name}: {line} is not pinned"


def test_the_installed_metadata_declares_exactly_requirements_txt() -> None:
    """The environment's own install of the project (make's `pip install -e .`) against today's requirements.txt.

    Fails when requirements.txt changed and the package metadata did not follow (the two drifted).
    """
    declared = sorted(str(Requirement(r)) for r in requires("rubric-studio") or [])
    pinned = sorted(str(Requirement(r)) for r in requirement_lines(ROOT / "requirements.txt"))
    assert declared == pinned


def test_version_is_printed_by_both_command_names(tmp_path: Path) -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    out = subprocess.run([sys.executable, "-m", "rubric_core", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == f"python -m rubric_core {version}"
    # The console script, from a directory that is not the checkout.
    script = Path(sys.executable).with_name("rubric-studio")
    out = subprocess.run([str(script), "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.strip() == f"rubric-studio {version}"


def test_ui_passes_streamlit_options_through_and_runs_the_packaged_app() -> None:
    args = build_parser().parse_known_args(["ui", "--port", "8600", "--server.address", "0.0.0.0"])
    namespace, extra = args
    cmd = ui.streamlit_command(namespace.port, extra)
    assert cmd[:4] == [sys.executable, "-m", "rubric_ui.serve", "run"]
    app = Path(cmd[4])
    assert app == ROOT / "rubric_ui" / "app.py" and app.is_file()
    assert cmd[5:] == ["--server.port", "8600", "--server.address", "0.0.0.0"]
    # Beside the script: Streamlit reads the app's own config.toml there, from any working directory.
    assert (app.parent / ".streamlit" / "config.toml").is_file()
    assert {p.name for p in (app.parent / "app_pages").glob("*.py")} >= {"run.py", "runs.py", "present.py"}


def test_no_pages_folder_beside_an_entry_script() -> None:
    """Streamlit runs an app with a `pages/` folder beside its entry script in its older multipage mode (raw file
    names in the sidebar after a restart, the entry script bypassed on a direct URL): the page code's room is
    rubric_ui/screens/, and neither entry script (the checkout's app.py, the installed rubric_ui/app.py) has one."""
    from streamlit.runtime.pages_manager import PagesManager

    for entry in (ROOT / "app.py", ROOT / "rubric_ui" / "app.py"):
        assert entry.is_file()
        PagesManager.uses_pages_directory = None  # Streamlit decides once per process, from the first script
        PagesManager(str(entry))
        assert PagesManager.uses_pages_directory is False, f"a pages/ folder beside {entry}"
    PagesManager.uses_pages_directory = None


@pytest.mark.parametrize("value", ["0", "65536", "http", "-1"])
def test_ui_refuses_a_port_out_of_range(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["ui", "--port", value])
    assert exc.value.code == 2
    assert "give a whole number from 1 to 65535" in capsys.readouterr().err


def test_other_commands_refuse_options_they_do_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["runs", "--server.port", "9"])
    assert exc.value.code == 2
    assert "unrecognized arguments: --server.port 9" in capsys.readouterr().err


def test_every_command_of_python_m_rubric_core_is_a_rubric_studio_command() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) >= {
        "ui",
        "run",
        "examples",
        "resume",
        "runs",
        "show",
        "export",
        "import",
        "delete",
        "suite",
        "review",
        "agreement",
        "regrade",
    }


def test_every_installed_distribution_is_pinned() -> None:
    """Nothing in the environment `make` builds comes in unpinned, a dependency's dependency included."""
    from importlib.metadata import distributions

    from packaging.utils import canonicalize_name

    pinned = {
        canonicalize_name(Requirement(line).name)
        for name in ("requirements.txt", "requirements-dev.txt", "constraints.txt")
        for line in requirement_lines(ROOT / name)
    }
    tooling = {"pip", "setuptools", "wheel", "rubric-studio"}  # pip is pinned by the Makefile
    installed = {canonicalize_name(d.metadata["Name"]) for d in distributions()}
    assert sorted(installed - pinned - tooling) == []
