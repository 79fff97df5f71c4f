"""The one redaction module (rubric_core/redaction.py): which secrets it knows, and the boundaries that use it."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

from rubric_core import redaction
from rubric_core.redaction import REDACTED, redact, redact_data, redacted_exception, register_secrets


def test_it_knows_every_secret_the_process_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".streamlit").mkdir()
    (tmp_path / ".streamlit" / "secrets.toml").write_text(
        'ANTHROPIC_API_KEY = "sk-ant-from-secrets-toml"\n'
        '[share]\nsigning_key = "share-signing-key-0123456789"\n'
        '[auth]\ncookie_secret = "cookie-secret-abcdefghij"\nredirect_uri = "http://localhost:8501/oauth2callback"\n'
        '[auth.google]\nclient_secret = "oidc-client-secret-xyz"\nclient_id = "public-client-id"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    monkeypatch.setenv("RUBRIC_STUDIO_DB_URL", "postgresql+psycopg://rubric:db%40pass-w0rd@db.example:5432/runs")
    monkeypatch.setenv("OPENAI_BASE_URL", "https://proxy-user:proxy-pass-9876@proxy.example/v1")
    register_secrets({"GOOGLE_API_KEY": "typed-in-the-session-key"})
    text = (
        "sk-from-the-environment sk-ant-from-secrets-toml share-signing-key-0123456789 cookie-secret-abcdefghij "
        "oidc-client-secret-xyz db@pass-w0rd db%40pass-w0rd proxy-pass-9876 typed-in-the-session-key "
        "sk-from-the-environment".replace(" ", " | ")
    )
    out = redact(text)
    for secret in ("sk-from", "sk-ant", "share-signing", "cookie-secret", "oidc-client", "pass-w0rd", "proxy-pass"):
        assert secret not in out, (secret, out)
    assert "typed-in-the-session" not in out and out.count(REDACTED) == 10
    # What is not a secret stays: a client id, a redirect address, ordinary words.
    kept = "public-client-id http://localhost:8501/oauth2callback the grader said no"
    assert redact(kept) == kept
    assert redact("a key given for one call only: per-call-key-123", {"K": "per-call-key-123"}).endswith(REDACTED)
    assert redact_data({"a": ["sk-from-the-environment", 3, None], "b": ("x", "sk-from-the-environment")}) == {
        "a": [REDACTED, 3, None],
        "b": ("x", REDACTED),
    }


def test_every_log_record_is_redacted_whatever_handler_writes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The message, its arguments and its traceback: a handler of anyone's (Streamlit's, a library's) prints the
    record's redacted text."""
    redaction.install_log_redaction()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-logged-key-123456")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    logger = logging.getLogger("some.library")
    logger.addHandler(handler)
    try:
        try:
            raise PermissionError("401: key sk-logged-key-123456 is not valid")
        except PermissionError:
            logger.exception("call failed with %s", "sk-logged-key-123456")
    finally:
        logger.removeHandler(handler)
    written = stream.getvalue()
    assert "PermissionError: 401: key [redacted] is not valid" in written
    assert "call failed with [redacted]" in written and "sk-logged-key" not in written


def test_an_exception_holding_a_secret_is_replaced_by_one_of_the_same_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-raised-key-123456")

    class AuthenticationError(Exception):
        status_code = 401

    original = AuthenticationError("Incorrect API key provided: sk-raised-key-123456.")
    clean = redacted_exception(original)
    assert clean is not None and type(clean).__name__ == "AuthenticationError"
    assert str(clean) == "Incorrect API key provided: [redacted]." and clean.status_code == 401  # type: ignore[attr-defined]
    assert redacted_exception(ValueError("nothing secret here")) is None


def test_the_checkpoint_serializer_masks_what_it_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Byte for byte (the encoding's lengths hold): what is read back is the state, the secret masked."""
    from langchain_core.messages import ToolMessage

    from rubric_core.engine.checkpoints import serializer

    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-in-a-tool-result")
    serde = serializer()
    state = {"messages": [ToolMessage("echo: sk-ant-in-a-tool-result", tool_call_id="c1")], "n": 3}
    kind, data = serde.dumps_typed(state)
    assert b"sk-ant-in-a-tool-result" not in data
    back = serde.loads_typed((kind, data))
    assert back["n"] == 3 and back["messages"][0].content == "echo: " + "*" * len("sk-ant-in-a-tool-result")


def test_the_grader_error_the_checkpoint_keeps_names_the_error_not_the_key(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library writes the grader's exception text into the run's state (`_rubric_evaluations`)."""
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from tests.stubs.openai_stub import StubOpenAI

    with StubOpenAI(refuse=lambda body: True) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-grader-key-7777777")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        config = RunConfig.from_dict(
            {"task": "Write a haiku about rain.", "rubric": "- Exactly three lines", "grader": "openai:gpt-4o-mini"}
        )
        engine = Engine(home)
        handle = engine.execute(config)
        values = engine.snapshot(handle.run_id, config).values
    explanation = values["_rubric_evaluations"][-1]["explanation"]
    assert values["_rubric_status"] == "grader_error"
    assert explanation.startswith("Grader raised OpenAIAuthenticationError (HTTP 401)"), explanation
    assert "[redacted]" in explanation and "sk-grader-key" not in explanation
    ended = [e for e in handle.events if e.type == "evaluation"][-1]
    assert "sk-grader-key" not in str(ended.data) and "[redacted]" in str(ended.data)
