"""What a Dask task may carry: no database password, no typed API key to a remote cluster unless allowed.

The scheduler's dashboard can show task arguments, so these are checked on what
`DaskBackend.submit` hands to the client (a recording stand-in; no cluster needed).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from rubric_core.execution import RunJob
from rubric_core.execution.dask_backend import DaskBackend, UnusableBackend, backend_from_env
from rubric_core.execution.dask_settings import (
    SEND_KEYS_ENV,
    DaskConfigError,
    check_address,
    is_loopback,
    scheduler_address,
)
from rubric_core.store.urls import mask_url

PASSWORD = "s3cret-db-pass"
KEY = "sk-typed-in-the-browser-0123456789"
PG_URL = f"postgresql+psycopg://team:{PASSWORD}@db.internal:5432/rubric"


class _Future:
    def done(self) -> bool:
        return True

    def cancelled(self) -> bool:
        return False

    def exception(self) -> None:
        return None


class _Client:
    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def submit(self, *args: Any, **kwargs: Any) -> _Future:
        self.calls.append((args, kwargs))
        return _Future()


class _Store:
    """Just what submit and the handle read, for a PostgreSQL URL with a password."""

    url = PG_URL
    display_url = mask_url(PG_URL)

    def next_seq(self, run_id: str) -> int:
        return 0

    def events_since(self, run_id: str, seq: int) -> list[Any]:
        return []

    def get_run(self, run_id: str) -> None:
        return None


def _job(**changes: Any) -> RunJob:
    data: dict[str, Any] = {
        "mode": "start",
        "run_id": "r1",
        "config": {"task": "t", "rubric": "- a"},
        "home": "/srv/rubric",
        "db_url": PG_URL,
    }
    data.update(changes)
    return RunJob(**data)


def _sent(client: _Client) -> bytes:
    args, kwargs = client.calls[-1]
    return pickle.dumps((args[1:], kwargs))


def test_a_remote_task_carries_no_password_and_no_typed_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEND_KEYS_ENV, raising=False)
    client = _Client()
    backend = DaskBackend("tcp://10.0.0.5:8786", _Store(), client=client)  # type: ignore[arg-type]
    backend.submit(_job())
    (_, job, display), kwargs = client.calls[-1][0], client.calls[-1][1]
    assert job.db_url == "" and display == mask_url(PG_URL) and PASSWORD not in display
    assert job.home == ""  # a remote worker keeps checkpoints where its own configuration says
    assert PASSWORD.encode() not in _sent(client)
    assert "r1" in kwargs["key"] and kwargs["retries"] == 0

    with pytest.raises(DaskConfigError, match=SEND_KEYS_ENV):
        backend.submit(_job(keys={"OPENAI_API_KEY": KEY}))
    assert len(client.calls) == 1  # refused: nothing sent

    monkeypatch.setenv(SEND_KEYS_ENV, "1")
    backend.submit(_job(keys={"OPENAI_API_KEY": KEY}))
    assert client.calls[-1][0][1].keys == {"OPENAI_API_KEY": KEY}  # allowed: in the task, never in its key
    assert KEY not in client.calls[-1][1]["key"]


def test_a_scheduler_on_this_machine_gets_typed_keys_and_the_data_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEND_KEYS_ENV, raising=False)
    client = _Client()
    backend = DaskBackend("tcp://127.0.0.1:8786", _Store(), client=client)  # type: ignore[arg-type]
    backend.submit(_job(keys={"OPENAI_API_KEY": KEY}))
    job = client.calls[-1][0][1]
    assert job.keys == {"OPENAI_API_KEY": KEY} and job.home == "/srv/rubric"


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "tcp://localhost:8786", "tcp://[::1]:8786"])
def test_loopback_addresses(address: str) -> None:
    check_address(address)
    assert is_loopback(address)


@pytest.mark.parametrize("address", ["8786", "tcp://host", "http://host:8786", "tcp://:8786", "tcp://h:0"])
def test_bad_addresses_are_refused_with_the_expected_form(address: str) -> None:
    with pytest.raises(DaskConfigError, match="tcp://HOST:PORT"):
        check_address(address)


def test_the_dashboard_refuses_each_start_when_the_scheduler_setting_cannot_work(
    monkeypatch: pytest.MonkeyPatch, store: Any
) -> None:
    monkeypatch.setenv("RUBRIC_STUDIO_DASK_SCHEDULER", "tcp://10.0.0.5:8786")
    assert scheduler_address() == "tcp://10.0.0.5:8786"
    backend = backend_from_env(store)  # a SQLite store: workers elsewhere cannot share it
    assert isinstance(backend, UnusableBackend)
    with pytest.raises(DaskConfigError, match="SQLite"):
        backend.submit(_job())
    monkeypatch.setenv("RUBRIC_STUDIO_DASK_SCHEDULER", "  ")
    assert backend_from_env(store) is None


@pytest.mark.parametrize(
    ("url", "secret"),
    [
        ("postgresql+psycopg://postgres@/t0?host=/tmp/rs-pg-1", False),  # a socket URL: sent as it is
        ("sqlite:////srv/rubric/runs.sqlite", False),
        (PG_URL, True),
        ("postgresql+psycopg://team@db/rubric?password=x", True),
    ],
)
def test_which_store_urls_stay_out_of_tasks(url: str, secret: bool) -> None:
    from rubric_core.execution.dask_backend import _holds_secret

    assert _holds_secret(url) is secret
