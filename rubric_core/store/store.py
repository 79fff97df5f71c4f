"""The run store: runs, iterations, criterion verdicts, events and the rubric library.

SQLite in WAL mode by default (a file in the data directory); any SQLAlchemy
URL otherwise, so a team can point it at a shared database. It is written by
subscribing to engine events, one transaction per event, so a crash loses at
most the step in flight.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import TextClause, create_engine, event
from sqlalchemy import text as _text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DatabaseError, OperationalError

from rubric_core.engine.events import RunEvent
from rubric_core.engine.faults import DiskFullError, is_disk_full
from rubric_core.store.liveness import stopped_here, this_worker, worker_alive
from rubric_core.store.schema import MIGRATIONS, SCHEMA_VERSION
from rubric_core.store.urls import mask_url, scrub

SQLITE_HEADER = b"SQLite format 3\x00"
FINAL_STATUSES = ("satisfied", "max_iterations_reached", "failed", "grader_error", "cancelled", "error")
ALL_STATUSES = ("running", "interrupted", *FINAL_STATUSES)
IMPORTED_COLUMNS = frozenset(
    {
        "rubric",
        "rubric_version",
        "turns",
        "final_output",
        "final_files_json",
        "error",
        "note",
        "input_tokens",
        "output_tokens",
        "total_tokens",
        "wall_time_s",
    }
)
"""Run columns an import restores as exported (no event carries them exactly)."""


class StoreError(RuntimeError):
    """The store cannot be opened or used; the message says why and what to do."""


@dataclass
class RunFilter:
    """Which runs to list or export; empty fields do not filter."""

    statuses: list[str] = field(default_factory=list)
    rubric_name: str | None = None
    rubric_version: int | None = None
    model: str | None = None
    """Matches the working model or the grader model (exact spec)."""
    since: float | None = None
    """Created at or after (unix time)."""
    until: float | None = None
    """Created before (unix time)."""
    tag: str | None = None
    ids: list[str] = field(default_factory=list)
    search: str | None = None
    """Substring of the task (case-insensitive)."""

    def where(self) -> tuple[str, dict[str, Any]]:
        """SQL condition and parameters (statuses other than interrupted are exact)."""
        clauses: list[str] = ["1=1"]
        params: dict[str, Any] = {}
        statuses = [s for s in self.statuses if s != "interrupted"]
        if self.statuses:
            # `interrupted` is stored for a clean stop, and reads so for a `running` row whose worker is gone.
            wanted = set(statuses) | ({"running", "interrupted"} if "interrupted" in self.statuses else set())
            names = []
            for i, s in enumerate(sorted(wanted)):
                params[f"st{i}"] = s
                names.append(f":st{i}")
            clauses.append(f"r.status IN ({', '.join(names)})")
        if self.rubric_name is not None:
            clauses.append("r.rubric_name = :rubric_name")
            params["rubric_name"] = self.rubric_name
        if self.rubric_version is not None:
            clauses.append("r.rubric_version = :rubric_version")
            params["rubric_version"] = self.rubric_version
        if self.model:
            clauses.append("(r.model = :model OR r.grader = :model)")
            params["model"] = self.model
        if self.since is not None:
            clauses.append("r.created_at >= :since")
            params["since"] = self.since
        if self.until is not None:
            clauses.append("r.created_at < :until")
            params["until"] = self.until
        if self.tag:
            clauses.append("EXISTS (SELECT 1 FROM run_tags t WHERE t.run_id = r.id AND t.tag = :tag)")
            params["tag"] = self.tag
        if self.ids:
            names = []
            for i, run_id in enumerate(self.ids):
                params[f"id{i}"] = run_id
                names.append(f":id{i}")
            clauses.append(f"r.id IN ({', '.join(names)})")
        if self.search:
            clauses.append("LOWER(r.task) LIKE :search")
            params["search"] = f"%{self.search.lower()}%"
        return " AND ".join(clauses), params


@lru_cache(maxsize=256)
def text(sql: str) -> TextClause:
    """A compiled-once SQL statement: the event path runs the same few statements thousands of times."""
    return _text(sql)


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL (None: not SQLite, or in memory)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split(":///", 1)[1] if ":///" in url else ""
    path = path.split("?", 1)[0]
    return None if not path or path == ":memory:" else path


def _loads(value: str | None, default: Any) -> Any:
    if not value:
        return default
    return json.loads(value)


class Store:
    """Read and write runs; thread-safe; one per process is enough.

    readonly=True opens a SQLite store without writing anything (no migration, no WAL
    switch), for a user who can read the file but not write it; every write then raises
    StoreError with a message instead of failing inside SQLite.
    """

    def __init__(self, url: str, *, readonly: bool = False) -> None:
        self.url = url
        self.readonly = readonly
        self.display_url = mask_url(url)
        """The URL as it may be shown: the password masked (every message uses this, never `url`)."""
        self._is_sqlite = url.startswith("sqlite")
        if self._is_sqlite:
            self._check_sqlite_file(url, readonly)
        kwargs: dict[str, Any] = {"future": True}
        if self._is_sqlite:
            kwargs["connect_args"] = {"timeout": 30, "check_same_thread": False}
        try:
            if readonly and sqlite_path(url):
                self.engine: Engine = self._readonly_engine(str(sqlite_path(url)))
            else:
                self.engine = create_engine(url, **kwargs)
        except StoreError:
            raise
        except Exception as exc:  # noqa: BLE001 -- bad URL, missing driver
            msg = scrub(
                f"Cannot open the store at {self.display_url}: {exc}. Check RUBRIC_STUDIO_DB_URL "
                "(a SQLAlchemy URL such as sqlite:////path/runs.sqlite or postgresql+psycopg://host/db).",
                url,
            )
            raise StoreError(msg) from None
        if self._is_sqlite:
            self._sqlite_pragmas(self.engine)
        self._known_runs: set[str] = set()
        self._known_lock = threading.Lock()
        self._parts: dict[str, tuple[float, float]] = {}
        """Per live run: (working time of its earlier parts, when this part started)."""
        if readonly:
            self._check_readable()
            self._raw = None
        else:
            self.migrate()
            self._raw = self._raw_connection()
        self._raw_lock = threading.Lock()

    @staticmethod
    def _readonly_engine(path: str) -> Engine:
        """An engine on a SQLite file opened read-only (mode=ro; immutable when its WAL files cannot be made)."""
        from urllib.parse import quote

        def connect(flags: str) -> sqlite3.Connection:
            conn = sqlite3.connect(f"file:{quote(path)}?{flags}", uri=True, check_same_thread=False, timeout=30)
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return conn

        try:
            connect("mode=ro").close()
            flags = "mode=ro"
        except sqlite3.Error:
            flags = "mode=ro&immutable=1"  # a WAL store in a folder this user cannot write
        return create_engine("sqlite://", creator=lambda: connect(flags), future=True)

    def _check_readable(self) -> None:
        try:
            with self.engine.connect() as conn:
                applied = self._check_compatible(conn)
        except DatabaseError as exc:
            msg = (
                f"Cannot read the store at {self.display_url}: {exc.orig}. Nothing was changed. If it is not a "
                "Rubric Studio store, point RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) elsewhere."
            )
            raise StoreError(msg) from None
        missing = [v for v, _, _ in MIGRATIONS if v not in (applied or set())]
        if missing:
            msg = (
                f"The store at {self.display_url} is read-only for you and needs an upgrade to schema version "
                f"{SCHEMA_VERSION}, which writes to it. Open it once as a user who can write it."
            )
            raise StoreError(msg)

    # ---- opening ----------------------------------------------------------------------

    @staticmethod
    def _check_sqlite_file(url: str, readonly: bool = False) -> None:
        path = sqlite_path(url)
        if path is None:
            return
        p = Path(path)
        fix = "Move it away, or set RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) to another place."
        if p.is_dir():
            raise StoreError(f"The store {p} is a directory, not a database file. Nothing was written. {fix}")
        if p.exists() and p.is_file() and p.stat().st_size > 0:
            try:
                with p.open("rb") as f:
                    header = f.read(16)
            except OSError as exc:
                raise StoreError(f"Cannot read the store {p}: {exc.strerror or exc}. Nothing was written.") from None
            if header != SQLITE_HEADER:
                msg = (
                    f"{p} is not a Rubric Studio database (it is not an SQLite file). Nothing was written to it. "
                    f"Move it away, or set RUBRIC_STUDIO_HOME to another directory."
                )
                raise StoreError(msg)
        if readonly:
            return
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            msg = (
                f"Cannot create the store folder {p.parent}: {exc.strerror or exc}. Nothing was written. "
                "Set RUBRIC_STUDIO_HOME to a directory you can write (it is created if missing)."
            )
            raise StoreError(msg) from None

    @staticmethod
    def _sqlite_pragmas(engine: Engine) -> None:
        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA busy_timeout=30000")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Connection) -> None:
            # IMMEDIATE takes the write lock up front, so two writers queue on the busy
            # timeout instead of failing when a read transaction tries to upgrade.
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("write") else "BEGIN")

    def _write(self) -> Any:
        if self.readonly:
            msg = (
                f"The store at {self.display_url} is open read-only (this user cannot write it), and this needs "
                "to write. Ask its owner for write access, or copy it and point RUBRIC_STUDIO_HOME at the copy."
            )
            raise StoreError(msg)
        return self.engine.connect().execution_options(write=True)

    def migrate(self) -> None:
        """Apply the migrations this database lacks; refuse a newer or foreign database."""
        try:
            self._refuse_foreign_or_newer()
            if self._is_sqlite:
                # Only now that the file is known to be ours (or empty): WAL changes the file.
                raw = self.engine.raw_connection()
                try:
                    raw.cursor().execute("PRAGMA journal_mode=WAL")
                finally:
                    raw.close()
            with self._write() as conn, conn.begin():
                applied = self._check_compatible(conn)  # again, inside the write lock: another process may race
                if applied is None:
                    conn.execute(
                        text(
                            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                            "applied_at REAL NOT NULL)"
                        )
                    )
                    applied = set()
                for version, name, statements in MIGRATIONS:
                    if version in applied:
                        continue
                    for statement in statements:
                        conn.execute(text(statement))
                    conn.execute(
                        text("INSERT INTO schema_migrations (version, name, applied_at) VALUES (:v, :n, :t)"),
                        {"v": version, "n": name, "t": time.time()},
                    )
        except StoreError:
            raise
        except DatabaseError as exc:
            msg = scrub(
                f"Cannot open the store at {self.display_url}: {exc.orig}. Nothing was changed. If it is not a "
                "Rubric Studio store, move it away or point RUBRIC_STUDIO_HOME (or RUBRIC_STUDIO_DB_URL) elsewhere.",
                self.url,
            )
            raise StoreError(msg) from None

    def _refuse_foreign_or_newer(self) -> None:
        with self.engine.connect() as conn:
            self._check_compatible(conn)

    def _check_compatible(self, conn: Connection) -> set[int] | None:
        """Raise for a foreign or a newer database; the applied versions (None: an empty database)."""
        tables = set(self._tables(conn))
        if not tables:
            return None
        if "schema_migrations" not in tables:
            listed = ", ".join(sorted(tables)[:5])
            msg = (
                f"The database at {self.display_url} holds other data (tables: {listed}) and is not a "
                "Rubric Studio store. Nothing was changed. Point RUBRIC_STUDIO_HOME or "
                "RUBRIC_STUDIO_DB_URL elsewhere."
            )
            raise StoreError(msg)
        applied = {int(row[0]) for row in conn.execute(text("SELECT version FROM schema_migrations"))}
        newest = max(applied, default=0)
        if newest > SCHEMA_VERSION:
            msg = (
                f"The store at {self.display_url} has schema version {newest}, newer than this Rubric Studio "
                f"(version {SCHEMA_VERSION}). Upgrade Rubric Studio to open it; nothing was changed."
            )
            raise StoreError(msg)
        return applied

    def _tables(self, conn: Connection) -> list[str]:
        from sqlalchemy import inspect

        return inspect(conn).get_table_names()

    def schema_version(self) -> int:
        """The newest migration applied."""
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT MAX(version) FROM schema_migrations")).scalar() or 0)

    # ---- writing from events ----------------------------------------------------------

    def subscriber(self) -> Callable[[RunEvent], None]:
        """A callback that records each engine event as it arrives."""
        return self.record

    def record(self, ev: RunEvent) -> None:
        """Write one event and its effect on runs / iterations / criteria, in one transaction.

        A full disk raises DiskFullError naming the database file (the run then stops as interrupted).
        """
        try:
            self._record(ev)
        except Exception as exc:
            if is_disk_full(exc):
                raise DiskFullError(self.path or self.url) from exc
            raise

    @property
    def path(self) -> str:
        """The SQLite database file ('' for another database or an in-memory one)."""
        path = self.url.split(":///", 1)[1] if self._is_sqlite and ":///" in self.url else ""
        return "" if path == ":memory:" else path

    def _record(self, ev: RunEvent) -> None:
        if self._raw is not None:
            self._record_raw(ev)
            return
        for attempt in range(5):
            try:
                with self._write() as conn, conn.begin():
                    self._apply(conn, ev)
                return
            except OperationalError as exc:  # "database is locked" past the busy timeout
                if "locked" not in str(exc).lower() or attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))

    def _raw_connection(self) -> sqlite3.Connection | None:
        # The event path on SQLite: one plain sqlite3 connection, the same SQL, no SQLAlchemy
        # layers (a few statements per event, thousands of events; see bench/overhead.py).
        path = sqlite_path(self.url)
        if not self._is_sqlite or path is None:
            return None
        conn = sqlite3.connect(path, timeout=30, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def _record_raw(self, ev: RunEvent) -> None:
        assert self._raw is not None
        with self._raw_lock:
            cur = self._raw.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                self._apply(_RawConn(cur), ev)  # type: ignore[arg-type]
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def _apply(self, conn: Connection, ev: RunEvent) -> None:
        handler = getattr(self, f"_on_{ev.type}", None)
        if ev.type == "run_started" or self._known(conn, ev.run_id):
            if handler is not None:
                handler(conn, ev)
            self._insert_event(conn, ev)
            with self._known_lock:
                self._known_runs.add(ev.run_id)

    def _known(self, conn: Connection, run_id: str) -> bool:
        # Events of a run this process already recorded skip the existence query (hot path).
        with self._known_lock:
            if run_id in self._known_runs:
                return True
        return self._run_exists(conn, run_id)

    def import_runs(
        self, runs: list[tuple[list[RunEvent], str]] | list[tuple[list[RunEvent], str, dict]]
    ) -> tuple[int, int]:
        """Record whole runs (their events, the source name, restored fields) in one transaction.

        A run whose id is already stored is skipped, so importing a file twice
        adds nothing. An optional third item restores what no event carries:
        `{"columns": {column: value}, "tags": [...]}` (columns from IMPORTED_COLUMNS only).
        Returns (imported, skipped).
        """
        imported = skipped = 0
        with self._write() as conn, conn.begin():
            for events, source, *rest in runs:
                if not events:
                    continue
                if self._run_exists(conn, events[0].run_id):
                    skipped += 1
                    continue
                for ev in events:
                    self._apply(conn, ev)
                conn.execute(
                    text("UPDATE runs SET imported_from = :s, worker = '' WHERE id = :id"),
                    {"s": source, "id": events[0].run_id},
                )
                if rest:
                    self._restore(conn, events[0].run_id, rest[0])
                imported += 1
        return imported, skipped

    @staticmethod
    def _restore(conn: Connection, run_id: str, restored: dict[str, Any]) -> None:
        columns = {k: v for k, v in (restored.get("columns") or {}).items() if k in IMPORTED_COLUMNS}
        if columns:
            sets = ", ".join(f"{k} = :{k}" for k in columns)
            conn.execute(text(f"UPDATE runs SET {sets} WHERE id = :id"), {**columns, "id": run_id})
        tags = sorted({t.strip() for t in restored.get("tags") or [] if t and t.strip()})
        if tags:
            conn.execute(
                text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in tags]
            )

    @staticmethod
    def _run_exists(conn: Connection, run_id: str) -> bool:
        return conn.execute(text("SELECT 1 FROM runs WHERE id = :id"), {"id": run_id}).first() is not None

    @staticmethod
    def _insert_event(conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO events (run_id, seq, type, at, data_json) VALUES (:r, :s, :t, :a, :d) "
                "ON CONFLICT (run_id, seq) DO NOTHING"
            ),
            {"r": ev.run_id, "s": ev.seq, "t": ev.type, "a": ev.at, "d": json.dumps(ev.data, default=str)},
        )

    def _on_run_started(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        cfg = d["config"]
        worker = {"w": this_worker(), "h": ev.at, "id": ev.run_id}
        before = conn.execute(text("SELECT wall_time_s FROM runs WHERE id = :id"), {"id": ev.run_id}).first()
        with self._known_lock:
            base = float(before[0] or 0.0) if before is not None and d.get("mode") != "start" else 0.0
            self._parts[ev.run_id] = (base, ev.at)
        if d.get("mode") == "start" or before is None:
            version = None
            if cfg.get("rubric_name"):
                version = self._ensure_rubric_version(conn, cfg["rubric_name"], cfg["rubric"], ev.at)
            conn.execute(
                text(
                    "INSERT INTO runs (id, created_at, status, task, rubric, rubric_name, rubric_version, model, grader, "
                    "config_json, worker, heartbeat_at) VALUES (:id, :at, 'running', :task, :rubric, :rname, :rver, "
                    ":model, :grader, :cfg, :w, :h)"
                ),
                {
                    **worker,
                    "at": ev.at,
                    "task": cfg["task"],
                    "rubric": cfg["rubric"],
                    "rname": cfg.get("rubric_name", ""),
                    "rver": version,
                    "model": cfg["model"],
                    "grader": cfg["grader"],
                    "cfg": json.dumps(cfg),
                },
            )
        else:
            conn.execute(
                text(
                    "UPDATE runs SET status = 'running', finished_at = NULL, error = '', worker = :w, "
                    "heartbeat_at = :h, turns = MAX(turns, :turns) WHERE id = :id"
                ),
                {**worker, "turns": int(d.get("turn", 0)) + 1},
            )
            if d.get("mode") == "follow_up" and d.get("rubric") and d["rubric"] != cfg["rubric"]:
                conn.execute(text("UPDATE runs SET rubric = :r WHERE id = :id"), {"r": d["rubric"], "id": ev.run_id})

    def _ensure_rubric_version(self, conn: Connection, name: str, body: str, at: float) -> int:
        row = conn.execute(
            text("SELECT version, text FROM rubrics WHERE name = :n ORDER BY version DESC LIMIT 1"), {"n": name}
        ).first()
        if row is not None and row[1] == body:
            return int(row[0])
        existing = conn.execute(
            text("SELECT version FROM rubrics WHERE name = :n AND text = :t ORDER BY version DESC LIMIT 1"),
            {"n": name, "t": body},
        ).first()
        if existing is not None:
            return int(existing[0])
        version = (int(row[0]) if row else 0) + 1
        conn.execute(
            text("INSERT INTO rubrics (name, version, text, created_at) VALUES (:n, :v, :t, :c)"),
            {"n": name, "v": version, "t": body, "c": at},
        )
        return version

    def _live_wall(self, ev: RunEvent) -> float | None:
        # The run's working time so far: earlier parts plus this part up to this event. Kept current
        # so a part that is killed (no terminal event) still counts up to its last stored step.
        with self._known_lock:
            part = self._parts.get(ev.run_id)
        return None if part is None else round(part[0] + max(0.0, ev.at - part[1]), 3)

    def _touch(self, conn: Connection, ev: RunEvent, tokens: dict[str, int] | None = None) -> None:
        # `turns` follows the drafts: a follow-up's run_started event is emitted before the engine
        # knows the turn number, so it cannot be trusted to count turns.
        tokens = tokens or {}
        conn.execute(
            text(
                "UPDATE runs SET heartbeat_at = :h, input_tokens = input_tokens + :i, "
                "output_tokens = output_tokens + :o, total_tokens = total_tokens + :t, "
                "wall_time_s = COALESCE(:w, wall_time_s), turns = MAX(turns, :turns) WHERE id = :id"
            ),
            {
                "h": ev.at,
                "w": self._live_wall(ev),
                "id": ev.run_id,
                "turns": int(ev.data.get("turn", 0) or 0) + 1,
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
            },
        )

    @staticmethod
    def _key(ev: RunEvent) -> dict[str, Any]:
        return {"r": ev.run_id, "turn": int(ev.data.get("turn", 0)), "it": int(ev.data.get("iteration", 0))}

    def _on_draft(self, conn: Connection, ev: RunEvent) -> None:
        tokens = ev.data.get("tokens") or {}
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, draft_text, files_json, draft_at, draft_tokens) "
                "VALUES (:r, :turn, :it, :d, :f, :at, :tok) ON CONFLICT (run_id, turn, iteration) DO UPDATE SET "
                "draft_text = excluded.draft_text, files_json = excluded.files_json, draft_at = excluded.draft_at, "
                "draft_tokens = iterations.draft_tokens + excluded.draft_tokens"
            ),
            {
                **self._key(ev),
                "d": ev.data.get("text", ""),
                "f": json.dumps(ev.data.get("files") or {}),
                "at": ev.at,
                "tok": int(tokens.get("total_tokens", 0) or 0),
            },
        )
        self._touch(conn, ev, tokens)

    def _on_tool_call(self, conn: Connection, ev: RunEvent) -> None:
        # The working model's tool-calling turns count in the iteration's draft tokens and the run's totals.
        tokens = ev.data.get("tokens") or {}
        if not tokens:
            return
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, draft_tokens) VALUES (:r, :turn, :it, :tok) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET "
                "draft_tokens = iterations.draft_tokens + excluded.draft_tokens"
            ),
            {**self._key(ev), "tok": int(tokens.get("total_tokens", 0) or 0)},
        )
        self._touch(conn, ev, tokens)

    def _on_grading_started(self, conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, grading_started_at, grading_run_id) "
                "VALUES (:r, :turn, :it, :at, :g) ON CONFLICT (run_id, turn, iteration) DO UPDATE SET "
                "grading_started_at = COALESCE(iterations.grading_started_at, excluded.grading_started_at), "
                "grading_run_id = excluded.grading_run_id"
            ),
            {**self._key(ev), "at": ev.at, "g": ev.data.get("grading_run_id") or ""},
        )

    def _on_evaluation(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        key = self._key(ev)
        tokens = d.get("tokens") or {}
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, result, explanation, unverified, graded_at, "
                "wall_time_s, input_tokens, output_tokens, total_tokens, grading_run_id) "
                "VALUES (:r, :turn, :it, :res, :ex, :u, :at, :w, :i, :o, :t, :g) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET result = excluded.result, "
                "explanation = excluded.explanation, unverified = excluded.unverified, graded_at = excluded.graded_at, "
                "wall_time_s = excluded.wall_time_s, input_tokens = excluded.input_tokens, "
                "output_tokens = excluded.output_tokens, total_tokens = excluded.total_tokens, "
                "grading_run_id = excluded.grading_run_id"
            ),
            {
                **key,
                "res": d["result"],
                "ex": d.get("explanation", ""),
                "u": int(bool(d.get("unverified"))),
                "at": ev.at,
                "w": d.get("wall_time_s"),
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
                "g": d.get("grading_run_id") or "",
            },
        )
        conn.execute(text("DELETE FROM criteria WHERE run_id = :r AND turn = :turn AND iteration = :it"), key)
        rows = [
            {
                **key,
                "p": i,
                "n": str(c.get("name", "")),
                "ok": int(bool(c.get("passed"))),
                "gap": str(c.get("gap", "") or ""),
            }
            for i, c in enumerate(d.get("criteria") or [])
        ]
        if rows:
            conn.execute(
                text(
                    "INSERT INTO criteria (run_id, turn, iteration, position, name, passed, gap) "
                    "VALUES (:r, :turn, :it, :p, :n, :ok, :gap)"
                ),
                rows,
            )
        conn.execute(
            text(
                "UPDATE runs SET iterations = (SELECT COUNT(*) FROM iterations i WHERE i.run_id = :r AND "
                "i.result IS NOT NULL), heartbeat_at = :h, input_tokens = input_tokens + :i, "
                "output_tokens = output_tokens + :o, total_tokens = total_tokens + :t, "
                "wall_time_s = COALESCE(:w, wall_time_s) WHERE id = :r"
            ),
            {
                "r": ev.run_id,
                "h": ev.at,
                "w": self._live_wall(ev),
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
            },
        )

    def _on_feedback(self, conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, feedback_text) VALUES (:r, :turn, :it, :f) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET feedback_text = excluded.feedback_text"
            ),
            {**self._key(ev), "f": ev.data.get("text", "")},
        )

    def _finish(self, conn: Connection, ev: RunEvent, status: str, **fields: Any) -> None:
        # A terminal event carries the run's working time over every part and turn (error events
        # carry none: the time stored so far stands).
        with self._known_lock:
            self._parts.pop(ev.run_id, None)
        sets = ", ".join(f"{k} = :{k}" for k in fields)
        wall = "wall_time_s = :wall" if "wall_time_s" in ev.data else "wall_time_s = wall_time_s + :wall"
        conn.execute(
            text(
                f"UPDATE runs SET status = :status, finished_at = :at, worker = '', "
                f"{wall}{', ' + sets if sets else ''} WHERE id = :id"
            ),
            {
                "status": status,
                "at": ev.at,
                "id": ev.run_id,
                "wall": float(ev.data.get("wall_time_s", 0) or 0),
                **fields,
            },
        )

    def _on_finished(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        self._finish(
            conn,
            ev,
            d["status"],
            final_output=d.get("final_output", ""),
            final_files_json=json.dumps(d.get("files") or {}),
        )

    def _on_error(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "error", error=ev.data.get("message", ""))

    def _on_cancelled(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "cancelled")

    def _on_interrupted(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "interrupted", error=ev.data.get("message", ""))

    # ---- reading ----------------------------------------------------------------------

    def _status(self, row: dict[str, Any]) -> str:
        if row["status"] == "running":
            worker = row.get("worker", "")
            if not worker_alive(worker, row.get("heartbeat_at")):
                return "interrupted"
            if worker == this_worker() and stopped_here(row["id"]):
                return "interrupted"  # stopped here without the store hearing of it (disk full)
        return row["status"]

    def run_totals(self, run_id: str) -> dict[str, Any]:
        """Tokens and working time stored for a run so far (every part and turn)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                text("SELECT input_tokens, output_tokens, total_tokens, wall_time_s FROM runs WHERE id = :r"),
                {"r": run_id},
            ).first()
        if row is None:
            return {"tokens": {}, "wall_time_s": 0.0}
        return {
            "tokens": {"input_tokens": int(row[0]), "output_tokens": int(row[1]), "total_tokens": int(row[2])},
            "wall_time_s": float(row[3] or 0.0),
        }

    def list_runs(self, flt: RunFilter | None = None, *, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        """Runs, newest first, with their tags; `status` reads `interrupted` for dead running runs."""
        flt = flt or RunFilter()
        where, params = flt.where()
        sql = (
            "SELECT r.id, r.created_at, r.finished_at, r.status, r.task, r.rubric_name, r.rubric_version, r.model, "
            "r.grader, r.iterations, r.turns, r.total_tokens, r.wall_time_s, r.note, r.worker, r.heartbeat_at, "
            "r.error, r.imported_from "
            f"FROM runs r WHERE {where} ORDER BY r.created_at DESC, r.id DESC LIMIT :limit OFFSET :offset"
        )
        with self.engine.connect() as conn:
            rows = [dict(r._mapping) for r in conn.execute(text(sql), {**params, "limit": limit, "offset": offset})]
            tags = self._tags_for(conn, [r["id"] for r in rows])
        for r in rows:
            r["status"] = self._status(r)
            r["tags"] = tags.get(r["id"], [])
        if "interrupted" in flt.statuses and "running" not in flt.statuses:
            rows = [r for r in rows if r["status"] == "interrupted"]
        elif "running" in flt.statuses and "interrupted" not in flt.statuses:
            rows = [r for r in rows if r["status"] != "interrupted"]
        return rows

    def count_runs(self, flt: RunFilter | None = None) -> int:
        """How many runs match (interrupted counted with running)."""
        where, params = (flt or RunFilter()).where()
        with self.engine.connect() as conn:
            return int(conn.execute(text(f"SELECT COUNT(*) FROM runs r WHERE {where}"), params).scalar() or 0)

    def iter_run_ids(self, flt: RunFilter | None = None, *, batch: int = 500) -> Iterator[list[str]]:
        """Matching run ids in batches, oldest first (keyset paging: constant memory)."""
        where, params = (flt or RunFilter()).where()
        last_at, last_id = -1.0, ""
        while True:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    text(
                        f"SELECT r.id, r.created_at FROM runs r WHERE {where} AND (r.created_at > :la OR "
                        f"(r.created_at = :la AND r.id > :li)) ORDER BY r.created_at, r.id LIMIT :n"
                    ),
                    {**params, "la": last_at, "li": last_id, "n": batch},
                ).all()
            if not rows:
                return
            yield [r[0] for r in rows]
            last_id, last_at = rows[-1][0], rows[-1][1]

    @staticmethod
    def _tags_for(conn: Connection, ids: list[str]) -> dict[str, list[str]]:
        if not ids:
            return {}
        names = ", ".join(f":i{i}" for i in range(len(ids)))
        out: dict[str, list[str]] = {}
        for run_id, tag in conn.execute(
            text(f"SELECT run_id, tag FROM run_tags WHERE run_id IN ({names}) ORDER BY tag"),
            {f"i{i}": v for i, v in enumerate(ids)},
        ):
            out.setdefault(run_id, []).append(tag)
        return out

    def get_run(self, run_id: str) -> dict[str, Any] | None:
        """One run with its config, files and tags, or None."""
        runs = self.get_runs([run_id])
        return runs[0] if runs else None

    def get_runs(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Full rows of these runs (in the order given), config and files decoded."""
        if not run_ids:
            return []
        names = ", ".join(f":i{i}" for i in range(len(run_ids)))
        params = {f"i{i}": v for i, v in enumerate(run_ids)}
        with self.engine.connect() as conn:
            rows = {
                r._mapping["id"]: dict(r._mapping)
                for r in conn.execute(text(f"SELECT * FROM runs WHERE id IN ({names})"), params)
            }
            tags = self._tags_for(conn, list(rows))
        out = []
        for run_id in run_ids:
            row = rows.get(run_id)
            if row is None:
                continue
            row["config"] = _loads(row.pop("config_json"), {})
            row["final_files"] = _loads(row.pop("final_files_json"), {})
            row["status"] = self._status(row)
            row["tags"] = tags.get(run_id, [])
            out.append(row)
        return out

    def run_events(self, run_id: str) -> list[RunEvent]:
        """Every stored event of a run, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq, type, at, data_json FROM events WHERE run_id = :r ORDER BY seq"), {"r": run_id}
            ).all()
        return [RunEvent(run_id=run_id, seq=s, type=t, at=a, data=json.loads(d)) for s, t, a, d in rows]

    def events_of_types(self, run_ids: list[str], types: tuple[str, ...]) -> dict[str, list[RunEvent]]:
        """The events of these types of many runs in one query, in order per run (exports read this)."""
        if not run_ids or not types:
            return {}
        ids = ", ".join(f":i{i}" for i in range(len(run_ids)))
        kinds = ", ".join(f":t{i}" for i in range(len(types)))
        params = {**{f"i{i}": v for i, v in enumerate(run_ids)}, **{f"t{i}": v for i, v in enumerate(types)}}
        out: dict[str, list[RunEvent]] = {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT run_id, seq, type, at, data_json FROM events WHERE run_id IN ({ids}) "
                    f"AND type IN ({kinds}) ORDER BY run_id, seq"
                ),
                params,
            )
            for r, s, t, a, d in rows:
                out.setdefault(r, []).append(RunEvent(run_id=r, seq=s, type=t, at=a, data=json.loads(d)))
        return out

    def events_since(self, run_id: str, seq: int) -> list[RunEvent]:
        """Events with a sequence number above `seq` (for live polling)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq, type, at, data_json FROM events WHERE run_id = :r AND seq > :s ORDER BY seq"),
                {"r": run_id, "s": seq},
            ).all()
        return [RunEvent(run_id=run_id, seq=s, type=t, at=a, data=json.loads(d)) for s, t, a, d in rows]

    def next_seq(self, run_id: str) -> int:
        """The sequence number the run's next event should take."""
        with self.engine.connect() as conn:
            value = conn.execute(text("SELECT MAX(seq) FROM events WHERE run_id = :r"), {"r": run_id}).scalar()
        return 0 if value is None else int(value) + 1

    def iterations(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Iteration rows of these runs, ordered."""
        return self._rows_for("iterations", run_ids, "run_id, turn, iteration")

    def criteria(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Criterion rows of these runs, ordered."""
        return self._rows_for("criteria", run_ids, "run_id, turn, iteration, position")

    def _rows_for(self, table: str, run_ids: list[str], order: str) -> list[dict[str, Any]]:
        if not run_ids:
            return []
        names = ", ".join(f":i{i}" for i in range(len(run_ids)))
        with self.engine.connect() as conn:
            return [
                dict(r._mapping)
                for r in conn.execute(
                    text(f"SELECT * FROM {table} WHERE run_id IN ({names}) ORDER BY {order}"),
                    {f"i{i}": v for i, v in enumerate(run_ids)},
                )
            ]

    # ---- editing ----------------------------------------------------------------------

    def set_tags(self, run_id: str, tags: list[str]) -> None:
        """Replace a run's tags (trimmed, de-duplicated, empty ones dropped)."""
        clean = sorted({t.strip() for t in tags if t and t.strip()})
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            conn.execute(text("DELETE FROM run_tags WHERE run_id = :r"), {"r": run_id})
            if clean:
                conn.execute(
                    text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in clean]
                )

    def set_note(self, run_id: str, note: str) -> None:
        """Replace a run's note."""
        with self._write() as conn, conn.begin():
            self._require(conn, run_id)
            conn.execute(text("UPDATE runs SET note = :n WHERE id = :r"), {"n": note, "r": run_id})

    def delete_run(self, run_id: str) -> bool:
        """Delete a run and its rows (events, iterations, criteria, tags); False if there was none."""
        with self._known_lock:
            self._known_runs.discard(run_id)
        with self._write() as conn, conn.begin():
            for table in ("events", "criteria", "iterations", "run_tags"):
                conn.execute(text(f"DELETE FROM {table} WHERE run_id = :r"), {"r": run_id})
            return conn.execute(text("DELETE FROM runs WHERE id = :r"), {"r": run_id}).rowcount > 0

    def _require(self, conn: Connection, run_id: str) -> None:
        if not self._run_exists(conn, run_id):
            msg = f"No run {run_id!r} in the store."
            raise KeyError(msg)

    # ---- rubric library ---------------------------------------------------------------

    def save_rubric(self, name: str, body: str) -> int:
        """Save a rubric under `name`; a new version only if the text changed. Returns the version."""
        name = name.strip()
        if not name:
            msg = "Rubric name is empty: give the rubric a name to save it in the library."
            raise ValueError(msg)
        if not body.strip():
            msg = "Rubric is empty: write at least one criterion before saving."
            raise ValueError(msg)
        with self._write() as conn, conn.begin():
            return self._ensure_rubric_version(conn, name, body, time.time())

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
                    text("SELECT name, version, text, created_at FROM rubrics WHERE name = :n ORDER BY version"),
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
            return conn.execute(text("DELETE FROM rubrics WHERE name = :n"), {"n": name}).rowcount

    def close(self) -> None:
        """Release connections."""
        if self._raw is not None:
            self._raw.close()
        self.engine.dispose()


class _RawResult:
    """The slice of SQLAlchemy's result API the event handlers use."""

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur
        self.rowcount = cur.rowcount

    def first(self) -> Any:
        return self._cur.fetchone()

    def scalar(self) -> Any:
        row = self._cur.fetchone()
        return None if row is None else row[0]


class _RawConn:
    """A sqlite3 cursor that takes the handlers' `text()` statements and named parameters."""

    def __init__(self, cur: sqlite3.Cursor) -> None:
        self._cur = cur

    def execute(self, clause: TextClause, params: dict[str, Any] | list[dict[str, Any]] | None = None) -> _RawResult:
        if isinstance(params, list):
            self._cur.executemany(clause.text, params)
        else:
            self._cur.execute(clause.text, params or {})
        return _RawResult(self._cur)
