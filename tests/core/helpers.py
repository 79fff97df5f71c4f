"""Small helpers for engine tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rubric_core.config import RunConfig
from rubric_core.examples import get_example


def example_config(name: str, **changes: object) -> RunConfig:
    ex = get_example(name)
    data = {
        "task": ex.task,
        "rubric": ex.rubric,
        "max_iterations": ex.max_iterations,
        "grader_tools": list(ex.grader_tools),
    }
    data.update(changes)
    return RunConfig.from_dict(data)


def types(handle) -> list[str]:
    return [e.type for e in handle.events if e.type not in ("tool_call", "tool_result")]


def of_type(handle, kind: str) -> list:
    return [e for e in handle.events if e.type == kind]


ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m rubric_core ARGS` in a subprocess, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "rubric_core", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=300,
        check=False,
    )
