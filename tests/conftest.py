"""Shared fixtures: a private data directory per test, no provider keys, no network but loopback."""

from __future__ import annotations

import ipaddress
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Generated inputs (Hypothesis) are the same on every run: a fixed seed (derandomize), no example database
# carried between runs, no per-example deadline (machines here are shared and noisy). bench/ runs more.
settings.register_profile(
    "suite",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile("suite")

PROVIDER_ENV = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "OPENROUTER_API_KEY",
    "OPENROUTER_BASE_URL",
    "OLLAMA_HOST",
    "GOOGLE_GEMINI_BASE_URL",
    "LANGSMITH_API_KEY",
    "LANGCHAIN_API_KEY",
    "LANGSMITH_ENDPOINT",
    "LANGCHAIN_ENDPOINT",
    "LANGSMITH_TRACING",
    "LANGCHAIN_TRACING_V2",
    "RUBRIC_STUDIO_DB_URL",
)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(home))
    # Runs execute in threads of the test process unless a test asks for the pool (tests/core/test_workers.py):
    # many tests patch the engine or the store in-process (full disk, hooks, the network guard below), which a
    # worker process would not see. Subprocesses started by tests (CLI, hosts, the browser tests' server)
    # inherit this too.
    monkeypatch.setenv("RUBRIC_STUDIO_WORKERS", "0")
    # An in-process `--debug` (or `--project`) exports RUBRIC_STUDIO_DEBUG (RUBRIC_STUDIO_PROJECT) for the
    # processes the command starts; a CLI process ends there, a test's does not. Set then removed here, monkeypatch
    # removes them again after the test, so a test never prints the next one's tracebacks or lends it its project.
    for var in ("RUBRIC_STUDIO_DEBUG", "RUBRIC_STUDIO_PROJECT"):
        monkeypatch.setenv(var, "")
        monkeypatch.delenv(var)
    for var in PROVIDER_ENV:
        monkeypatch.delenv(var, raising=False)
    return home


@pytest.fixture(autouse=True)
def _secrets_of_this_test_only() -> Iterator[None]:
    """The secrets a test's code registered (rubric_core.redaction keeps them for the process: a CLI or server
    process's lifetime) are forgotten after it: a key of the bad-input catalogue ("secret") redacted the next
    tests' temporary paths and texts."""
    from rubric_core import redaction

    before = set(redaction._registered)
    yield
    if redaction._registered != before:
        with redaction._lock:
            redaction._registered.intersection_update(before)
            redaction._version += 1


_PYTEST_MAIN = sys.modules["__main__"]


@pytest.fixture(autouse=True)
def _main_module_back() -> Iterator[None]:
    """pytest's own __main__ module after each test. Streamlit's script runner (AppTest, a page drawn in this
    process) puts the app's module in sys.modules["__main__"] and leaves it there; a process started later by
    spawn (a Dask LocalCluster's worker) then ran app.py as its main module and died ("Nanny failed to start")."""
    yield
    if sys.modules.get("__main__") is not _PYTEST_MAIN:
        sys.modules["__main__"] = _PYTEST_MAIN


_real_connect = socket.socket.connect


def _guarded_connect(self: socket.socket, address: object) -> object:
    host = address[0] if isinstance(address, tuple) else None
    if isinstance(host, str) and self.family in (socket.AF_INET, socket.AF_INET6):
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = host == "localhost"
        if not loopback:
            msg = f"tests must not reach the network (tried {host})"
            raise OSError(msg)
    return _real_connect(self, address)


@pytest.fixture(autouse=True, scope="session")
def _no_network() -> None:
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]


@pytest.fixture
def home(_isolated: Path) -> Path:
    """The test's data directory (RUBRIC_STUDIO_HOME)."""
    return _isolated


@pytest.fixture(scope="session")
def browser():
    """Real Chromium for the whole session (one Playwright per process: a second sync_playwright() inside the
    first one's loop is refused). Shared by tests/browser and tests/install."""
    from tests.browser.helpers import STEP_TIMEOUT_MS
    from tests.browser.server import CHROMIUM_ARGS, CHROMIUM_MISSING, chromium_path

    path = chromium_path()
    if path is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, timeout=STEP_TIMEOUT_MS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def pg_server():
    """One embedded PostgreSQL server for the session, started only when a test needs it."""
    from tests.pg import PostgresForTests

    server = PostgresForTests()
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh PostgreSQL database as the store (RUBRIC_STUDIO_DB_URL set, so the checkpoints go there too)."""
    url = pg_server.url(pg_server.new_database())
    monkeypatch.setenv("RUBRIC_STUDIO_DB_URL", url)
    return url


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, home: Path) -> str:
    """The store's URL, once on SQLite (the default file) and once on a fresh PostgreSQL database.

    The `store` and `engine` fixtures open on it when a test asks for `db_url`.
    """
    if request.param == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return f"sqlite:///{(home / 'runs.sqlite').resolve()}"


def _on_db_url(request: pytest.FixtureRequest) -> None:
    if "db_url" in request.fixturenames:
        request.getfixturevalue("db_url")  # sets RUBRIC_STUDIO_DB_URL before anything opens


@pytest.fixture
def engine(home: Path, request: pytest.FixtureRequest):
    from rubric_core.engine import Engine

    _on_db_url(request)
    engine = Engine(home)
    yield engine
    close = getattr(engine._checkpointer, "close", None)
    if close is not None:  # a PostgreSQL checkpointer holds a server connection
        close()


@pytest.fixture
def store(home: Path, request: pytest.FixtureRequest):
    from rubric_core.store import open_store

    _on_db_url(request)
    s = open_store()
    yield s
    s.close()
