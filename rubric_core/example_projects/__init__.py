"""Example projects shipped with the package, so an installed user can copy one (`rubric-studio examples --copy`).

Each folder here is a complete project (a rubric-studio.toml, its agent factory, grader tools and files);
in a checkout, `examples/NAME` links to it. Nothing here is imported by Rubric Studio itself.
"""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECTS = {"fixer": "a deep agent that fixes find_duplicates with its own tool and subagent, graded by its test tool"}
"""The example projects, by name, with one line each."""
_LEFT_OUT = ("__pycache__", "*.pyc", ".rubric-studio")


class ExampleCopyError(ValueError):
    """An example project that cannot be copied there; the message says why and what to do."""


def copy_example(name: str, target: str | Path) -> Path:
    """Copy example project `name` to the folder `target` (new, or empty); the folder written."""
    if name not in PROJECTS:
        msg = f"No example project {name!r}: the example projects are {', '.join(PROJECTS)}."
        raise ExampleCopyError(msg)
    dest = Path(target).expanduser()
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        msg = f"{dest} already exists and is not an empty folder: give a new folder to copy the example into."
        raise ExampleCopyError(msg)
    try:
        if dest.exists():
            dest.rmdir()
        shutil.copytree(HERE / name, dest, ignore=shutil.ignore_patterns(*_LEFT_OUT))
    except OSError as exc:
        msg = f"Cannot copy the example to {dest}: {exc.strerror or exc}."
        raise ExampleCopyError(msg) from None
    return dest.resolve()
