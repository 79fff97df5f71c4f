"""The checkpoint file's check, without LangGraph: a server whose runs execute in worker processes checks the
file before a Start without importing the agent stack (about 0.5 s on the first Start of a server)."""

from __future__ import annotations

from pathlib import Path


class CheckpointFileError(ValueError):
    """The checkpoint file cannot be used; the message says why and what to do."""


def check_checkpoint_file(path: Path) -> None:
    """Refuse a checkpoint file that is not SQLite (it is left untouched)."""
    if path.is_dir():
        msg = f"{path} is a directory, not the checkpoint database. Move it away and start the run again."
        raise CheckpointFileError(msg)
    if path.is_file() and path.stat().st_size > 0:
        from rubric_core.store.sqlite_setup import is_sqlite_file

        if not is_sqlite_file(path):
            msg = (
                f"{path} is not a Rubric Studio checkpoint database (it is not an SQLite file, or it is damaged). "
                "Nothing was written to it and the run was not started. Move it away, "
                "or set RUBRIC_STUDIO_HOME to another directory."
            )
            raise CheckpointFileError(msg)
