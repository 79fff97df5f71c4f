"""Where log records and tracebacks go: a log file in the data directory, the terminal only with --debug.

A user of the command line sees one message per problem; the traceback behind
it (a grader that raised, a store that went away, a thread that failed) is
written to `logs/rubric-studio.log` in the data directory, where a bug report
can quote it. `--debug` (or RUBRIC_STUDIO_DEBUG=1, which worker processes
inherit) also prints it on stderr. The file is opened on the first record
only, so a command that logs nothing leaves no file behind; a data directory
that cannot hold it loses the record silently rather than printing a logging
error in its place.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

DEBUG_ENV = "RUBRIC_STUDIO_DEBUG"
LOG_NAME = "rubric-studio.log"
_FORMAT = "%(asctime)s %(process)d %(threadName)s %(levelname)s %(name)s: %(message)s"
_MAX_BYTES = 5 * 1024 * 1024


def debug_requested() -> bool:
    """Whether tracebacks should also reach the terminal ($RUBRIC_STUDIO_DEBUG set to 1/true/yes)."""
    return os.environ.get(DEBUG_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def log_path() -> Path:
    """The log file of this data directory."""
    from rubric_core.paths import data_dir

    return data_dir() / "logs" / LOG_NAME


class _QuietFileHandler(logging.Handler):
    """Appends to the log file, opened on the first record; a file it cannot write drops the record silently.

    Rotation is by size (one `.1` backup), so a long-lived dashboard never fills the disk with its log.
    """

    def __init__(self, path: Path) -> None:
        super().__init__(logging.WARNING)
        self.path = path
        self.setFormatter(logging.Formatter(_FORMAT))
        self._inner: logging.Handler | None = None
        self.tracebacks = 0
        """Records with a traceback written so far (the CLI then says where the details are)."""
        self._failures = 0

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._inner is None:
                from logging.handlers import RotatingFileHandler

                self.path.parent.mkdir(parents=True, exist_ok=True)
                inner = RotatingFileHandler(self.path, maxBytes=_MAX_BYTES, backupCount=1, encoding="utf-8")
                inner.setFormatter(self.formatter)
                # Its own failures (the log's disk is full too) would print "--- Logging error ---" and a
                # traceback on stderr: the very thing this log exists to keep off the terminal.
                inner.handleError = self.handleError  # type: ignore[method-assign]
                self._inner = inner
            failures = self._failures
            self._inner.emit(record)
            if record.exc_info and self._failures == failures:  # only a traceback that is really in the file
                self.tracebacks += 1
        except Exception:  # noqa: BLE001 -- a log that cannot be written must not become a traceback itself
            self._failures += 1

    def handleError(self, record: logging.LogRecord) -> None:
        self._failures += 1

    @property
    def failed(self) -> bool:
        """Whether a record could not be written (a log folder this user cannot enter, a full disk)."""
        return self._failures > 0

    def close(self) -> None:
        if self._inner is not None:
            self._inner.close()
        super().close()


_installed: list[logging.Handler] = []
_file_handler: _QuietFileHandler | None = None


def configure(*, debug: bool | None = None) -> None:
    """Send WARNING and above (with tracebacks) to the log file; to stderr too when `debug`.

    Idempotent: a second call replaces the handlers of the first (the in-process tests call
    the CLI many times). Uncaught exceptions in threads go to the log the same way, and
    Python warnings (the middleware's beta notice) join the log instead of the terminal.
    """
    global _file_handler
    from rubric_core.redaction import install_log_redaction

    install_log_redaction()  # every record's message and traceback, whatever handler writes it
    debug = debug_requested() if debug is None else debug
    root = logging.getLogger()
    for handler in _installed:
        root.removeHandler(handler)
        handler.close()
    _installed.clear()
    _file_handler = _QuietFileHandler(log_path())
    _installed.append(_file_handler)
    if debug:
        terminal = logging.StreamHandler(sys.stderr)
        terminal.setLevel(logging.WARNING)
        terminal.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        _installed.append(terminal)
    for handler in _installed:
        root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.captureWarnings(True)
    threading.excepthook = _thread_excepthook
    sys.unraisablehook = _unraisable_hook


def log_failed() -> bool:
    """Whether the log file refused a record since `configure` (then no message may point to it)."""
    return _file_handler.failed if _file_handler is not None else False


def tracebacks_logged() -> int:
    """How many records with a traceback the log file received since `configure`."""
    return _file_handler.tracebacks if _file_handler is not None else 0


def _thread_excepthook(args: Any) -> None:
    if args.exc_type is SystemExit:
        return
    exc_info: tuple[type[BaseException], BaseException, TracebackType | None] = (
        args.exc_type,
        args.exc_value if args.exc_value is not None else args.exc_type(),
        args.exc_traceback,
    )
    name = args.thread.name if args.thread is not None else "a thread"
    logging.getLogger("rubric_core.threads").error("Uncaught exception in %s", name, exc_info=exc_info)


def _unraisable_hook(args: Any) -> None:
    # "Exception ignored in ...": errors Python cannot raise (a finaliser at shutdown, a closed pipe).
    exc = args.exc_value
    exc_info = (type(exc), exc, args.exc_traceback) if exc is not None else None
    logging.getLogger("rubric_core.threads").error(
        "Exception ignored in %r: %s", args.object, args.err_msg or "", exc_info=exc_info
    )
