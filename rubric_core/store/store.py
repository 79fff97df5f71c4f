"""The run store: opens the database, migrates it, and puts the store's parts together.

SQLite in WAL mode by default (a file in the data directory); PostgreSQL for a
team (`postgresql+psycopg://...`). Where each concern lives:
  opening.py     engine, SQLite file checks and pragmas, the server pre-flight
  migrations.py  applying schema.py's numbered migrations on either dialect
  writer.py      engine events -> rows, one transaction per event (raw_sqlite.py: the SQLite hot path)
  importing.py   whole imported runs, in one transaction
  queries.py     listing, counting, paging, events, iterations, criteria
  editing.py     tags, notes, deletion
  rubrics.py     the rubric library
  filters.py     RunFilter and the run statuses
"""

from __future__ import annotations

import threading

from sqlalchemy.exc import DatabaseError

from rubric_core.store import migrations, write_guard
from rubric_core.store.editing import RunEdits
from rubric_core.store.errors import StoreError
from rubric_core.store.filters import ALL_STATUSES, FINAL_STATUSES, RunFilter
from rubric_core.store.importing import IMPORTED_COLUMNS, RunImports
from rubric_core.store.opening import (
    SQLITE_HEADER,
    create_store_engine,
    preflight,
    raw_sqlite_connection,
    sqlite_path,
)
from rubric_core.store.queries import RunQueries
from rubric_core.store.schema import MIGRATIONS, SCHEMA_VERSION
from rubric_core.store.sql import text
from rubric_core.store.urls import mask_url, scrub


class Store(RunImports, RunQueries, RunEdits):
    """Read and write runs; thread-safe; one per process is enough.

    readonly=True opens a SQLite store without writing anything (no migration, no WAL
    switch), for a user who can read the file but not write it; every write then raises
    StoreError with a message instead of failing inside SQLite.
    """

    def __init__(self, url: str, *, readonly: bool = False) -> None:
        # Opening writes (migrations, dead runs marked interrupted) even while a command still checks its input:
        # that is the store's own upkeep, not the command's write (write_guard.py).
        with write_guard.opening():
            self._open(url, readonly=readonly)

    def _open(self, url: str, *, readonly: bool) -> None:
        self.url = url
        self.readonly = readonly
        self.display_url = mask_url(url)
        """The URL as it may be shown: the password masked (every message uses this, never `url`)."""
        self.engine = create_store_engine(url, readonly=readonly)
        self.dialect = self.engine.dialect.name
        if not self._is_sqlite:
            preflight(self.engine, url)
        self._known_runs = set()
        self._known_lock = threading.Lock()
        self._parts = {}
        """Per live run: (working time of its earlier parts, when this part started)."""
        if readonly:
            self._check_readable()
            self._raw = None
        else:
            self.migrate()
            self._raw = raw_sqlite_connection(url) if self._is_sqlite else None
        self._raw_lock = threading.Lock()
        if not readonly:
            self._mark_orphans()

    def _mark_orphans(self) -> None:
        """Runs left `running` by a process of this host that died: recorded `interrupted` now (orphans.py)."""
        from rubric_core.store.orphans import mark_orphans

        try:
            mark_orphans(self)
        except Exception:
            import logging

            logging.getLogger(__name__).warning("Could not mark the runs of dead processes", exc_info=True)

    def _check_readable(self) -> None:
        try:
            with self.engine.connect() as conn:
                applied = migrations.check_compatible(conn, self.display_url)
        except DatabaseError as exc:
            msg = scrub(
                f"Cannot read the store at {self.display_url}: {exc.orig}. Nothing was changed. If it is not a "
                "Rubric Studio store, point RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) elsewhere.",
                self.url,
            )
            raise StoreError(msg) from None
        if migrations.missing_versions(applied):
            msg = (
                f"The store at {self.display_url} is read-only for you and needs an upgrade to schema version "
                f"{SCHEMA_VERSION}, which writes to it. Open it once as a user who can write it."
            )
            raise StoreError(msg)

    def migrate(self) -> None:
        """Apply the migrations this database lacks; refuse a newer or foreign database."""
        try:
            migrations.apply_migrations(self.engine, self._write(), self.display_url)
        except StoreError:
            raise
        except DatabaseError as exc:
            msg = scrub(
                f"Cannot open the store at {self.display_url}: {exc.orig}. Nothing was changed. If it is not a "
                "Rubric Studio store, move it away or point RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) elsewhere.",
                self.url,
            )
            raise StoreError(msg) from None

    def schema_version(self) -> int:
        """The newest migration applied."""
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT MAX(version) FROM schema_migrations")).scalar() or 0)

    def close(self) -> None:
        """Release connections (and stop retrying a run's end the database never took)."""
        pending = getattr(self, "_pending_ends", None)
        if pending is not None:
            pending.close()
        if self._raw is not None:
            self._raw.close()
        self.engine.dispose()


__all__ = [
    "ALL_STATUSES",
    "FINAL_STATUSES",
    "IMPORTED_COLUMNS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SQLITE_HEADER",
    "RunFilter",
    "Store",
    "StoreError",
    "sqlite_path",
    "text",
]
