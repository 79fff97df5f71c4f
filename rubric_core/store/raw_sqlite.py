"""A plain sqlite3 cursor dressed as the slice of a SQLAlchemy connection the event handlers use (the hot path)."""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import TextClause

from rubric_core.store.opening import without_nul
from rubric_core.store.write_guard import note_statement


class RawResult:
    """The slice of SQLAlchemy's result API the event handlers use."""

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur
        self.rowcount = cur.rowcount

    def first(self) -> Any:
        return self._cur.fetchone()

    def scalar(self) -> Any:
        row = self._cur.fetchone()
        return None if row is None else row[0]


class _RawDialect:
    name = "sqlite"


class RawConnection:
    """A sqlite3 cursor that takes the handlers' `text()` statements and named parameters."""

    dialect = _RawDialect()

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur

    def execute(self, clause: TextClause, params: dict[str, Any] | list[dict[str, Any]] | None = None) -> RawResult:
        note_statement(clause.text)
        # NUL replaced as on every other path to the database (opening.without_nul says why).
        if isinstance(params, list):
            self._cur.executemany(clause.text, without_nul(params))
        else:
            self._cur.execute(clause.text, without_nul(params or {}))
        return RawResult(self._cur)
