"""Shared fixtures: a private data directory per test, no provider keys, no network but loopback."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import pytest

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
    for var in PROVIDER_ENV:
        monkeypatch.delenv(var, raising=False)
    return home


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


@pytest.fixture
def engine(home: Path):
    from rubric_core.engine import Engine

    return Engine(home)


@pytest.fixture
def store(home: Path):
    from rubric_core.store import open_store

    s = open_store()
    yield s
    s.close()
