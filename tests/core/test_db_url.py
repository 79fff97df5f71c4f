"""A database URL is never shown with its password: store messages, the command line, logs."""

from __future__ import annotations

import logging
import os

import pytest

from rubric_core.store import StoreError, mask_url, open_store
from rubric_core.store.urls import scrub
from tests.core.helpers import run_cli

SECRET = "s3cr3t-Pw-91d"
BAD_URLS = [
    f"postgresql://bob:{SECRET}@127.0.0.1:1/rubric",  # driver not installed
    f"postgresql+psycopg://bob:{SECRET}@127.0.0.1:1/rubric?sslmode=disable",
    f"mysql+pymysql://bob:{SECRET}@localhost:1/rubric",
    f"nosuchdb://bob:{SECRET}@127.0.0.1:1/rubric",  # an unsupported server
    f"not a url bob:{SECRET}@host",  # unparseable
    f"postgresql://bob@127.0.0.1:1/rubric?password={SECRET}",  # the password in the query string
]


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (f"postgresql://bob:{SECRET}@db.example:5432/runs", "postgresql://bob:***@db.example:5432/runs"),
        (f"mysql+pymysql://bob:{SECRET}@h/runs?charset=utf8", "mysql+pymysql://bob:***@h/runs?charset=utf8"),
        (
            f"postgresql://bob@h/runs?password={SECRET}&sslmode=require",
            "postgresql://bob@h/runs?password=***&sslmode=require",
        ),
        (f"garbage //bob:{SECRET}@h", "garbage //bob:***@h"),
        ("sqlite:////tmp/runs.sqlite", "sqlite:////tmp/runs.sqlite"),
        ("postgresql://bob@h/runs", "postgresql://bob@h/runs"),
    ],
)
def test_mask_url(url: str, shown: str) -> None:
    assert mask_url(url) == shown


def test_scrub_removes_a_password_a_driver_repeated() -> None:
    url = f"postgresql://bob:{SECRET}@h/runs"
    text = f"FATAL: password authentication failed for {SECRET!r} ({url})"
    assert SECRET not in scrub(text, url) and "bob:***@h" in scrub(text, url)


@pytest.mark.parametrize("url", BAD_URLS)
def test_store_errors_never_show_the_password(url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(StoreError) as info:
        open_store(url)
    message = str(info.value)
    assert SECRET not in message
    assert "Cannot open the store at" in message or "Cannot reach the database server at" in message
    assert "***" in message and "RUBRIC_STUDIO_DB_URL" in message
    assert SECRET not in caplog.text


@pytest.mark.parametrize("url", [BAD_URLS[0], BAD_URLS[5]])
@pytest.mark.parametrize(
    "args",
    [
        ("runs",),
        ("show", "abc"),
        ("export", "--format", "jsonl", "--out", "OUT"),
        ("import", "IN"),
        ("-v", "run", "--example", "haiku"),
    ],
)
def test_the_command_line_never_prints_the_password(url: str, args: tuple[str, ...], tmp_path) -> None:
    (tmp_path / "in.jsonl").write_text("{}\n")
    argv = [a.replace("OUT", str(tmp_path / "o.jsonl")).replace("IN", str(tmp_path / "in.jsonl")) for a in args]
    out = run_cli(*argv, env={**os.environ, "RUBRIC_STUDIO_DB_URL": url})
    assert out.returncode == 2, out.stderr
    assert SECRET not in out.stdout + out.stderr
    assert "***" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql+psycopg://rubric:ab@cd-S3CRETX@/rubric?sslmode=disable", "rubric:***@/rubric"),
        ("postgresql://bob:p@ss:w@rd@db.example:5432/runs", "bob:***@db.example:5432/runs"),
        ("postgresql://bob:a/b@cyz@h/runs", "bob:***@h/runs"),
    ],
)
def test_a_password_holding_an_at_sign_is_masked_whatever_it_holds(url: str, shown: str) -> None:
    masked = mask_url(url)
    assert shown in masked and "S3CRETX" not in masked and "rd@" not in masked and "a/b" not in masked
    driver_said = f"could not translate host name '{url.split('@')[1]}@'"  # a driver echoing the parsed host
    assert url.split("@")[1] not in scrub(driver_said, url)


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"])
def test_a_store_in_memory_is_refused_with_the_fix(url: str, tmp_path) -> None:
    """Runs and imports vanished when the process exited, with no warning."""
    with pytest.raises(StoreError, match="in memory") as info:
        open_store(url)
    assert "sqlite:////absolute/path/runs.sqlite" in str(info.value)
    out = run_cli("run", "--example", "haiku", env={**os.environ, "RUBRIC_STUDIO_DB_URL": url})
    assert out.returncode == 2 and "in memory" in out.stderr and "Traceback" not in out.stderr, out.stderr
