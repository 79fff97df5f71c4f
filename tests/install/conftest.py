"""A wheel of this checkout installed in a fresh virtual environment outside it, the way a user installs it.

Built once per test session: the wheel from a copy of the package sources, a
wheelhouse of the pinned dependencies (`pip wheel -r requirements.txt`, what
docs/INSTALL.md tells a machine with no internet to do; it reuses the wheels pip
has already downloaded, and is kept in .venv/ between sessions of this checkout),
then `pip install --no-index --find-links WHEELHOUSE rubric_studio-*.whl` into a
new venv. Every command then runs from a temporary directory, never the checkout,
with no PYTHONPATH, so nothing can be imported from the sources by accident.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PIP_TIMEOUT_S = 1800
"""Upper bound of one pip step (a bound on a hang; a cached wheelhouse takes seconds)."""
SOURCES = ("rubric_core", "rubric_ui", "pyproject.toml", "requirements.txt", "README.md")


@dataclass(frozen=True)
class Installed:
    """A fresh environment with the wheel installed."""

    venv: Path
    wheel: Path
    wheelhouse: Path

    def bin(self, name: str) -> str:
        """A console script of the environment (rubric-studio, dask, streamlit, python)."""
        return str(self.venv / "bin" / name)

    def env(self, **extra: str) -> dict[str, str]:
        """Its commands' environment: no PYTHONPATH, no checkout venv, no provider key, the default worker pool."""
        from tests.conftest import PROVIDER_ENV

        drop = {"PYTHONPATH", "VIRTUAL_ENV", "RUBRIC_STUDIO_HOME", "RUBRIC_STUDIO_WORKERS", *PROVIDER_ENV}
        env = {k: v for k, v in os.environ.items() if k not in drop}
        env["PATH"] = f"{self.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env.update(extra)
        return env


def _pip(*args: str, python: str = sys.executable) -> None:
    done = subprocess.run(
        [python, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        timeout=PIP_TIMEOUT_S,
    )
    if done.returncode != 0:
        pytest.fail(
            f"pip {' '.join(args[:3])} ... failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )


def _wheelhouse() -> Path:
    pins = b"".join((ROOT / name).read_bytes() for name in ("requirements.txt", "constraints.txt"))
    house = ROOT / ".venv" / "test-wheelhouse" / hashlib.sha256(pins).hexdigest()[:16]
    if not (house / ".complete").exists():
        house.mkdir(parents=True, exist_ok=True)
        _pip(
            "wheel",
            "--quiet",
            "-r",
            str(ROOT / "requirements.txt"),
            "-c",
            str(ROOT / "constraints.txt"),
            "-w",
            str(house),
        )
        (house / ".complete").touch()
    return house


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:  # a copy: the build writes build/ and *.egg-info beside the sources
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, src / name)
    dist = base / "dist"
    _pip("wheel", "--quiet", "--no-deps", "-w", str(dist), str(src))
    wheel = next(dist.glob("rubric_studio-*.whl"))
    house = _wheelhouse()
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    _pip(
        "install", "--quiet", "--no-index", "--find-links", str(house), str(wheel), python=str(venv / "bin" / "python")
    )
    return Installed(venv=venv, wheel=wheel, wheelhouse=house)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A working directory that is not the checkout."""
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    assert ROOT not in cwd.parents
    return cwd
