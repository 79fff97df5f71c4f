"""Where Rubric Studio keeps its files, and whether that place can be used."""

from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "RUBRIC_STUDIO_HOME"
DEFAULT_HOME = ".rubric-studio"


def data_dir() -> Path:
    """The data directory: $RUBRIC_STUDIO_HOME, else ./.rubric-studio."""
    return Path(os.environ.get(HOME_ENV) or DEFAULT_HOME).expanduser()


def data_dir_problem(path: Path | None = None) -> str | None:
    """Why the data directory cannot hold the store (a file in the way, a parent that cannot be created), else None.

    Checked before anything is opened, so a wrong RUBRIC_STUDIO_HOME gets a message naming
    the variable instead of an OSError from deep inside SQLite or mkdir.
    """
    p = path or data_dir()
    how = f"Set {HOME_ENV} to a directory (it is created if missing)."
    if p.exists() and not p.is_dir():
        return f"{HOME_ENV} is {p}, which is a file, not a directory. {how}"
    if p.is_dir() and not os.access(p, os.R_OK | os.X_OK):
        return (
            f"{HOME_ENV} is {p}, a folder you cannot enter (permission denied), so its runs cannot be read and "
            f"nothing can be stored or logged there. Set {HOME_ENV} to a folder you can read and write, or ask "
            "its owner to let you in."
        )
    ancestor = p
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if ancestor != p and not ancestor.is_dir():
        return f"{HOME_ENV} is {p}, but {ancestor} is a file, so that directory cannot be created. {how}"
    if ancestor != p and not os.access(ancestor, os.W_OK | os.X_OK):
        return f"{HOME_ENV} is {p}, which does not exist and cannot be created in {ancestor} (permission denied). {how}"
    return None


def writable(path: Path) -> bool:
    """Whether this user can write the file at `path` (and its directory, where SQLite keeps its journal)."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)
