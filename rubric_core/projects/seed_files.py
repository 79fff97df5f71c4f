"""Files put in the agent's state before the first message: an agent's `files` and a suite item's own.

A folder or a file named by the project file or a dataset item is read from inside the
project only (a path relative to the project root, no `..`): nothing is read from a place
the user did not name. A dataset item may also give its files inline, as {path: text}.
Paths in the agent's state start with "/" (the deep agent's file system), relative to the
folder given. Text files only, within size limits, so a stray binary or a huge folder is
refused with a message rather than blowing up the run's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rubric_core.projects.project_file import Project, ProjectError

MAX_FILE_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 2 * 1024 * 1024
MAX_FILES = 500
_SKIP_DIRS = frozenset({".git", "__pycache__", ".venv", "venv", "node_modules", ".mypy_cache", ".pytest_cache"})


def read_tree(project: Project, relative: str, where: str, skipped: list[str] | None = None) -> dict[str, str]:
    """The text files under `relative` (a folder or one file in the project), as {"/path": text}.

    Every path is resolved through its links against the project folder (links.py): one leading outside is refused,
    naming the link; a link back to a folder already read is not followed, and said in `skipped` when given.
    """
    from rubric_core.projects.links import resolve_inside, walk_folder

    base = resolve_inside(project.root, relative, where)
    if base.is_file():
        return _checked({"/" + Path(relative).name: _read_text(base, where)}, where)
    lexical = project.root / relative
    walk = walk_folder(project.root, lexical, where, skip_names=_SKIP_DIRS, limit=MAX_FILES)
    if skipped is not None:
        skipped.extend(walk.skipped)
    if len(walk.files) > MAX_FILES:
        msg = f"{relative!r} ({where}) holds more than {MAX_FILES} files; at most {MAX_FILES} go in an agent's state."
        raise ProjectError(msg)
    out: dict[str, str] = {}
    for path in sorted(walk.files):
        out["/" + path.relative_to(lexical).as_posix()] = _read_text(path, where)
    return _checked(out, where)


def _read_text(path: Path, where: str) -> str:
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        msg = f"{path} ({where}) is {size:,} bytes; a file given to the agent may hold at most {MAX_FILE_BYTES:,}."
        raise ProjectError(msg)
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        msg = f"{path} ({where}) is not UTF-8 text: only text files go in the agent's state."
        raise ProjectError(msg) from None


def inline_files(files: Mapping[str, Any], where: str) -> dict[str, str]:
    """Files given inline ({path: text}), with their paths made absolute in the agent's file system."""
    out: dict[str, str] = {}
    for path, text in files.items():
        if not isinstance(path, str) or not path.strip() or not isinstance(text, str):
            msg = f'files ({where}) must map paths to text, e.g. {{"src/app.py": "print(1)"}}.'
            raise ProjectError(msg)
        clean = "/" + path.strip().lstrip("/")
        if ".." in Path(clean).parts:
            msg = f"The file path {path!r} ({where}) may not hold '..'."
            raise ProjectError(msg)
        out[clean] = text
    return _checked(out, where)


def _checked(files: dict[str, str], where: str) -> dict[str, str]:
    total = sum(len(t.encode()) for t in files.values())
    if total > MAX_TOTAL_BYTES:
        msg = f"The files ({where}) hold {total:,} bytes; at most {MAX_TOTAL_BYTES:,} go in an agent's state."
        raise ProjectError(msg)
    return files


def as_state_files(files: Mapping[str, str]) -> dict[str, Any]:
    """{"/path": text} in the deep agent's `files` state format."""
    from deepagents.backends.utils import create_file_data

    return {path: create_file_data(text) for path, text in files.items()}
