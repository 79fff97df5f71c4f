"""One redaction for every secret the process holds, on every path out (issue 42 item 4).

The secrets: provider API keys (the environment, `.streamlit/secrets.toml`, and keys typed in a page's session,
registered as runs get them), the password of RUBRIC_STUDIO_DB_URL and of any provider endpoint URL, the share
signing key and sign-in's cookie and client secrets (secrets.toml), LangSmith's key. Each is replaced by
`[redacted]` before text leaves the process: a run's events as they are emitted (so the store, the terminal and
the page get them redacted), every statement the store executes (its parameters), every log record (its message
and traceback, whatever handler writes it), the command line's standard output and error, every export and the
HTML report, the checkpoints (the grader's and the working model's exception text, and a serializer that masks
what is left) and what a page draws.

A base module: it imports nothing of Rubric Studio, so the store, logs, exports, the command line and the pages
can all use it without an upward import.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

REDACTED = "[redacted]"
MIN_SECRET_CHARS = 6
"""Shorter values are not treated as secrets: replacing them would mangle ordinary text."""
SECRET_ENV = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "OPENROUTER_API_KEY",
    "LANGSMITH_API_KEY",
    "LANGCHAIN_API_KEY",
)
"""Environment variables whose whole value is a secret."""
URL_ENV = (
    "RUBRIC_STUDIO_DB_URL",
    "OPENAI_BASE_URL",
    "ANTHROPIC_BASE_URL",
    "OPENROUTER_BASE_URL",
    "OLLAMA_HOST",
    "GOOGLE_GEMINI_BASE_URL",
    "LANGSMITH_ENDPOINT",
)
"""Environment variables holding a URL whose password (user info, or a password in the query) is a secret."""
_SECRET_NAME = re.compile(r"(key|secret|password|passwd|token)", re.IGNORECASE)
"""A secrets.toml entry whose name says it holds one (api keys, signing_key, cookie_secret, client_secret...)."""
_QUERY_SECRETS = frozenset({"password", "passwd", "pwd", "pass", "sslpassword", "sslkey_password"})

TOML_RECHECK_S = 2.0
"""How often secrets.toml's files are looked at again (a stat each) to see whether they changed."""

_lock = threading.Lock()
_registered: set[str] = set()
_version = 0
"""Moves with every newly registered secret: the compiled pattern is built again then, and only then."""
_cache: tuple[Any, re.Pattern[str] | None] = (None, None)
_toml: tuple[tuple[Any, ...], frozenset[str]] = ((), frozenset())
_toml_checked = [0.0]
_toml_where = [""]


def register_secrets(values: Iterable[Any] | Mapping[str, Any] | None) -> None:
    """Remember secret values this process was handed (a session's keys, a job's keys, a configured secret)."""
    if values is None:
        return
    global _version
    items = values.values() if isinstance(values, Mapping) else values
    fresh = {str(v).strip() for v in items if v is not None and len(str(v).strip()) >= MIN_SECRET_CHARS}
    if fresh - _registered:
        with _lock:
            _registered.update(fresh)
            _version += 1


def register_url(url: str | None) -> None:
    """Remember the password a URL carries (a database URL given on the command line, say)."""
    register_secrets(url_secrets(url or ""))


def url_secrets(url: str) -> set[str]:
    """The password in a URL's user info (read as text: it may hold an unencoded '@') and in its query string."""
    out: set[str] = set()
    start = url.find("://")
    if start == -1:
        return out
    start += 3
    query = url.find("?", start)
    end = query if query != -1 else len(url)
    at = url.rfind("@", start, end)
    colon = url.find(":", start, at) if at != -1 else -1
    if colon != -1:
        whole = url[colon + 1 : at]
        out.update({whole, unquote(whole), *whole.split("@")})
    try:
        parts = urlsplit(url)
    except ValueError:
        return {s for s in out if len(s) >= MIN_SECRET_CHARS}
    for pair in parts.query.split("&"):
        name, _, value = pair.partition("=")
        if name.lower() in _QUERY_SECRETS and value:
            out.update({value, unquote(value)})
    return {s for s in out if len(s) >= MIN_SECRET_CHARS}


def _secrets_toml_files() -> list[Path]:
    """Where Streamlit reads secrets.toml from: the user's folder and the current folder."""
    return [Path.home() / ".streamlit" / "secrets.toml", Path.cwd() / ".streamlit" / "secrets.toml"]


def _toml_secrets() -> frozenset[str]:
    """Secret values in secrets.toml (read again only when a file changed; looked at every TOML_RECHECK_S)."""
    global _toml
    now = time.monotonic()
    try:
        cwd = os.getcwd()
    except OSError:  # the current folder was removed
        cwd = ""
    if now - _toml_checked[0] < TOML_RECHECK_S and cwd == _toml_where[0]:
        return _toml[1]
    _toml_checked[0], _toml_where[0] = now, cwd
    stamps: list[Any] = []
    files = _secrets_toml_files()
    for path in files:
        try:
            stat = path.stat()
            stamps.append((str(path), stat.st_mtime_ns, stat.st_size))
        except OSError:
            stamps.append((str(path), None))
    key = tuple(stamps)
    if key == _toml[0]:
        return _toml[1]
    import tomllib

    found: set[str] = set()

    def walk(name: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(str(k), v)
        elif isinstance(value, str) and _SECRET_NAME.search(name) and len(value.strip()) >= MIN_SECRET_CHARS:
            found.add(value.strip())

    for path in files:
        try:
            walk("", tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, UnicodeDecodeError):
            continue
    _toml = (key, frozenset(found))
    return _toml[1]


def known_secrets(extra: Mapping[str, Any] | Iterable[Any] | None = None) -> set[str]:
    """Every secret value this process knows now (the environment is read each time: it can change)."""
    out = set(_registered)
    for var in SECRET_ENV:
        value = os.environ.get(var, "").strip()
        if len(value) >= MIN_SECRET_CHARS:
            out.add(value)
    for var in URL_ENV:
        out.update(url_secrets(os.environ.get(var, "")))
    out.update(_toml_secrets())
    if extra:
        items = extra.values() if isinstance(extra, Mapping) else extra
        out.update(str(v).strip() for v in items if v is not None and len(str(v).strip()) >= MIN_SECRET_CHARS)
    return out


_ENV_NAMES = (*SECRET_ENV, *URL_ENV)
_RAW_NAMES = tuple(os.fsencode(n) for n in _ENV_NAMES) if os.name == "posix" else ()


def _environment_stamp() -> tuple[Any, ...]:
    """The secret variables' values as they are now: what the compiled pattern was built from. Read from the
    environment's own mapping where there is one (os.environ.get encodes each name: about 8 us each, on every
    statement the store runs)."""
    raw = getattr(os.environ, "_data", None)
    if _RAW_NAMES and isinstance(raw, dict):
        return tuple(raw.get(n) for n in _RAW_NAMES)
    return tuple(os.environ.get(n) for n in _ENV_NAMES)


def _pattern(extra: Mapping[str, Any] | Iterable[Any] | None) -> re.Pattern[str] | None:
    """One compiled pattern of every known secret (and its URL-encoded form), built again only when the
    environment's secrets, the registered ones or secrets.toml changed: a redaction costs a few dictionary reads."""
    global _cache
    if extra:
        register_secrets(extra)  # a value handed to redact is a secret of this process from now on
    key = (_environment_stamp(), _version, _toml_secrets())
    if key == _cache[0]:
        return _cache[1]
    forms = {form for s in known_secrets() for form in (s, quote(s, safe=""))}
    ordered = sorted(forms, key=lambda s: (-len(s), s))
    pattern = re.compile("|".join(re.escape(s) for s in ordered)) if ordered else None
    _cache = (key, pattern)
    return pattern


def redact(text: Any, keys: Mapping[str, Any] | Iterable[Any] | None = None) -> str:
    """`text` with every known secret (and the values of `keys`) replaced by `[redacted]`."""
    out = text if isinstance(text, str) else str(text)
    pattern = _pattern(keys)
    return pattern.sub(REDACTED, out) if pattern is not None and out else out


def redact_data(value: Any, keys: Mapping[str, Any] | Iterable[Any] | None = None) -> Any:
    """A copy of a JSON-like value (dicts, lists, tuples, strings) with every string redacted; others as they are."""
    pattern = _pattern(keys)
    if pattern is None:
        return value

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return pattern.sub(REDACTED, v) if v else v
        if isinstance(v, dict):
            return {walk(k) if isinstance(k, str) else k: walk(x) for k, x in v.items()}
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, tuple):
            return tuple(walk(x) for x in v)
        return v

    return walk(value)


def contains_secret(text: str | bytes) -> bool:
    """Whether `text` holds a known secret (the checkpoint serializer asks before copying bytes)."""
    pattern = _pattern(None)
    if pattern is None:
        return False
    if isinstance(text, bytes):
        return _byte_pattern(pattern).search(text) is not None
    return pattern.search(text) is not None


def secret_in_json(data: bytes) -> bool:
    """Whether JSON text (UTF-8, not ASCII-escaped) may hold a known secret: a secret JSON writes as it is is
    searched for; one it would escape (a quote, a backslash, a control or non-ASCII character) counts as there."""
    pattern = _pattern(None)
    if pattern is None:
        return False
    _byte_pattern(pattern)
    return _byte_cache[2] or _byte_cache[1].search(data) is not None  # type: ignore[union-attr]


_byte_cache: tuple[Any, re.Pattern[bytes] | None, bool] = (None, None, False)
"""(the text pattern it was built with, the secrets as bytes, whether one of them JSON would escape)."""


def _byte_pattern(pattern: re.Pattern[str]) -> re.Pattern[bytes]:
    global _byte_cache
    if _byte_cache[0] is not pattern:
        secrets = known_secrets()
        forms = sorted(secrets, key=len, reverse=True)
        escaped = any(not s.isascii() or not s.isprintable() or '"' in s or "\\" in s for s in secrets)
        _byte_cache = (pattern, re.compile(b"|".join(re.escape(s.encode()) for s in forms)), escaped)
    compiled = _byte_cache[1]
    assert compiled is not None
    return compiled


def mask_bytes(data: bytes) -> bytes:
    """`data` with each secret's bytes replaced by as many '*': the length stays, so a length-prefixed encoding
    (msgpack, pickle) still reads; used where text cannot be re-encoded (a checkpoint's serialized state)."""
    pattern = _pattern(None)
    if pattern is None:
        return data
    return _byte_pattern(pattern).sub(lambda m: b"*" * len(m.group(0)), data)


class RedactedError(Exception):
    """An exception whose message had a secret in it, re-raised with the secret replaced (its type's name kept in
    `kind`, its HTTP status in `status_code`): what a checkpoint, a log line or a grader's verdict may hold."""

    def __init__(self, message: str, *, kind: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        if status_code is not None:
            self.status_code = status_code


def redacted_exception(exc: BaseException) -> BaseException | None:
    """A stand-in for `exc` without the secret its message holds, named as `exc`'s type; None when it holds none."""
    text = str(exc)
    clean = redact(text)
    if clean == text:
        return None
    status = getattr(exc, "status_code", None)
    kind = type(exc).__name__
    # Named as the original, so "Grader raised AuthenticationError (HTTP 401)" still says what happened.
    stand_in = type(kind, (RedactedError,), {"__module__": type(exc).__module__})
    return stand_in(clean, kind=kind, status_code=status if isinstance(status, int) else None)


# ---- log records --------------------------------------------------------------------------------------------

_factory_lock = threading.Lock()
_installed = False


def install_log_redaction() -> None:
    """Redact every log record of this process as it is made: its message and its traceback (formatted then and
    kept as the record's `exc_text`, which every handler prints instead of formatting it again). Idempotent."""
    global _installed
    with _factory_lock:
        if _installed:
            return
        previous = logging.getLogRecordFactory()

        def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
            record = previous(*args, **kwargs)
            try:
                _redact_record(record)
            except Exception:  # noqa: BLE001 -- a record that cannot be read is logged as it is, never lost
                pass
            return record

        logging.setLogRecordFactory(factory)
        _installed = True


def _redact_record(record: logging.LogRecord) -> None:
    if _pattern(None) is None:
        return
    message = record.getMessage()
    clean = redact(message)
    if clean != message:
        record.msg, record.args = clean, None
    if record.exc_info and record.exc_info[0] is not None:
        text = logging.Formatter().formatException(record.exc_info)
        record.exc_text = redact(text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


__all__ = [
    "REDACTED",
    "RedactedError",
    "contains_secret",
    "install_log_redaction",
    "known_secrets",
    "mask_bytes",
    "redact",
    "redact_data",
    "redacted_exception",
    "register_secrets",
    "register_url",
    "secret_in_json",
    "url_secrets",
]
