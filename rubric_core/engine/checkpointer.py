"""The checkpointer beside the store: it chooses between the SQLite maker (checkpoints.py, which also defines the
fenced, redacting saver both share) and the PostgreSQL one (checkpoints_pg.py), which both stand under it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rubric_core.engine.checkpoints import open_checkpointer


def open_checkpointer_for(home: Path, db_url: str | None) -> Any:
    """The checkpointer beside the store: PostgreSQL when the store is, else `checkpoints.sqlite` in `home`."""
    from rubric_core.store.sql import is_postgres

    if db_url and is_postgres(db_url):
        from rubric_core.engine.checkpoints_pg import open_postgres_checkpointer

        return open_postgres_checkpointer(db_url)
    return open_checkpointer(home / "checkpoints.sqlite")
