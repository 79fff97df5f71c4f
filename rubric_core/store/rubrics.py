"""The rubric library: named rubrics with numbered versions (a new version only when the text changes)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.store.base import StoreBase
from rubric_core.store.sql import text, transaction_lock


class RubricLibrary(StoreBase):
    """Save, list, read and delete library rubrics; runs keep their own copy of the text."""

    def save_rubric(self, name: str, body: str, *, based_on: int | None = None, saved_by: str = "") -> int:
        """Save a rubric under `name`; a new version only if the text changed. Returns the version.

        `based_on`: the version the text was edited from. When a newer version was saved since, nothing is
        written and EditConflict names it (who, when, its text): checked in the same transaction as the write.
        `saved_by`: who saves (stored with the version, said to the next person whose save it conflicts with).
        """
        name = name.strip()
        if not name:
            msg = "Rubric name is empty: give the rubric a name to save it in the library."
            raise ValueError(msg)
        if not body.strip():
            msg = "Rubric is empty: write at least one criterion before saving."
            raise ValueError(msg)
        with self._write() as conn, conn.begin():
            return self._ensure_rubric_version(conn, name, body, time.time(), based_on=based_on, saved_by=saved_by)

    def _ensure_rubric_version(
        self, conn: Connection, name: str, body: str, at: float, *, based_on: int | None = None, saved_by: str = ""
    ) -> int:
        # Two processes saving the same name at once would both pick the next number on PostgreSQL.
        transaction_lock(conn, f"rubric:{name}")
        row = conn.execute(
            text("SELECT version, text FROM rubrics WHERE name = :n ORDER BY version DESC LIMIT 1"), {"n": name}
        ).first()
        if row is not None and row[1] == body:
            return int(row[0])
        if based_on is not None and row is not None and int(row[0]) != based_on:
            from rubric_core.store.conflicts import EditConflict

            newer = [
                dict(r._mapping)
                for r in conn.execute(
                    text(
                        "SELECT version, text, saved_by, created_at FROM rubrics WHERE name = :n AND version > :v "
                        "ORDER BY version"
                    ),
                    {"n": name, "v": based_on},
                )
            ]
            raise EditConflict(
                what=f"rubric {name!r} (version {int(row[0])})", based_on=based_on, current=newer[-1], newer=newer
            )
        existing = conn.execute(
            text("SELECT version FROM rubrics WHERE name = :n AND text = :t ORDER BY version DESC LIMIT 1"),
            {"n": name, "t": body},
        ).first()
        if existing is not None:
            return int(existing[0])
        version = (int(row[0]) if row else 0) + 1
        conn.execute(
            text("INSERT INTO rubrics (name, version, text, created_at, saved_by) VALUES (:n, :v, :t, :c, :b)"),
            {"n": name, "v": version, "t": body, "c": at, "b": saved_by},
        )
        return version

    def list_rubrics(self) -> list[dict[str, Any]]:
        """Each rubric name with its latest version, text, time and number of runs."""
        sql = (
            "SELECT r.name, r.version, r.text, r.created_at, "
            "(SELECT COUNT(*) FROM rubrics v WHERE v.name = r.name) AS versions, "
            "(SELECT COUNT(*) FROM runs x WHERE x.rubric_name = r.name) AS runs "
            "FROM rubrics r WHERE r.version = (SELECT MAX(version) FROM rubrics m WHERE m.name = r.name) ORDER BY r.name"
        )
        with self.engine.connect() as conn:
            return [dict(r._mapping) for r in conn.execute(text(sql))]

    def rubric_versions(self, name: str) -> list[dict[str, Any]]:
        """Every version of a rubric, oldest first."""
        with self.engine.connect() as conn:
            return [
                dict(r._mapping)
                for r in conn.execute(
                    text(
                        "SELECT name, version, text, created_at, saved_by FROM rubrics WHERE name = :n ORDER BY version"
                    ),
                    {"n": name},
                )
            ]

    def get_rubric(self, name: str, version: int | None = None) -> dict[str, Any] | None:
        """A rubric version (the latest when `version` is None)."""
        versions = self.rubric_versions(name)
        if not versions:
            return None
        if version is None:
            return versions[-1]
        return next((v for v in versions if v["version"] == version), None)

    def delete_rubric(self, name: str) -> int:
        """Delete every version of a rubric from the library (runs keep their own copy). Returns rows deleted."""
        with self._write() as conn, conn.begin():
            return int(conn.execute(text("DELETE FROM rubrics WHERE name = :n"), {"n": name}).rowcount)
