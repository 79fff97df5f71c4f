"""The run store."""

from __future__ import annotations

import os

from rubric_core.paths import data_dir
from rubric_core.store.schema import SCHEMA_VERSION
from rubric_core.store.store import ALL_STATUSES, RunFilter, Store, StoreError
from rubric_core.store.urls import mask_url

DB_URL_ENV = "RUBRIC_STUDIO_DB_URL"


def default_url() -> str:
    """$RUBRIC_STUDIO_DB_URL, else a SQLite file `runs.sqlite` in the data directory."""
    return os.environ.get(DB_URL_ENV) or f"sqlite:///{(data_dir() / 'runs.sqlite').resolve()}"


def open_store(url: str | None = None) -> Store:
    """Open (and migrate) the store."""
    return Store(url or default_url())


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
]
