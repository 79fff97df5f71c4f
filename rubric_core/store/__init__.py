"""The run store.

Imports: the shared base modules (`events`, the event types it stores; `paths`, `redaction`, `verdicts`) and its
own modules; `faults.py` (a full disk, a lost database) is the store's, read by the engine above it.
"""

from __future__ import annotations

import os
from pathlib import Path

from rubric_core.paths import HOME_ENV, data_dir, data_dir_problem, writable
from rubric_core.store.errors import StoreError
from rubric_core.store.filters import ALL_STATUSES, RunFilter
from rubric_core.store.opening import sqlite_path
from rubric_core.store.schema import SCHEMA_VERSION
from rubric_core.store.store import Store
from rubric_core.store.urls import mask_url

DB_URL_ENV = "RUBRIC_STUDIO_DB_URL"


def default_url() -> str:
    """$RUBRIC_STUDIO_DB_URL, else a SQLite file `runs.sqlite` in the data directory."""
    return os.environ.get(DB_URL_ENV) or f"sqlite:///{(data_dir() / 'runs.sqlite').resolve()}"


def open_store(url: str | None = None, *, readonly: bool | None = False) -> Store:
    """Open (and migrate) the store.

    readonly=None opens read-only exactly when this user cannot write an existing
    SQLite store, so `runs`, `show` and `export` work on a store shared read-only.
    """
    if url is None and not os.environ.get(DB_URL_ENV):
        problem = data_dir_problem()
        if problem:
            raise StoreError(f"{problem} Nothing was written.")
    url = url or default_url()
    if readonly is None:
        path = sqlite_path(url)
        if path is not None and not Path(path).exists():
            problem = write_problem(url)  # no store yet, in a folder this user cannot write
            if problem:
                raise StoreError(problem)
        readonly = path is not None and Path(path).is_file() and not writable(Path(path))
    return Store(url, readonly=readonly)


def write_problem(url: str | None = None) -> str | None:
    """Why this user cannot write the store (a read-only SQLite file or folder), else None."""
    url = url or default_url()
    path = sqlite_path(url)
    where = f"set {HOME_ENV} to a folder you can write" if not os.environ.get(DB_URL_ENV) else f"set {DB_URL_ENV}"
    if path is None:
        return None
    p = Path(path)
    if not p.exists():
        folder = p.parent
        if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
            return f"Cannot create the store in {folder} (permission denied). Nothing was written: {where}."
        return None
    if writable(p):
        return None
    return (
        f"The store {path} is read-only for you, and this command writes to it. Reading works "
        "(runs, show, export). To write, ask its owner for write access to the file and its folder, "
        f"or copy it and {where}."
    )


__all__ = [
    "ALL_STATUSES",
    "DB_URL_ENV",
    "SCHEMA_VERSION",
    "RunFilter",
    "Store",
    "StoreError",
    "default_url",
    "mask_url",
    "open_store",
    "write_problem",
]
