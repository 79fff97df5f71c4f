"""The `rubric-studio` command (and `python -m rubric_core`): the parser over every command group, errors, exit codes."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from rubric_core import logs
from rubric_core.cli import following, judge, rubric, run, store, suite, ui
from rubric_core.cli.common import EXIT_BAD_INPUT, EXIT_OTHER, BadInput, describe_unexpected
from rubric_core.cli.plan import WroteThenRefused, execute
from rubric_core.cli.terminal import SafeStream
from rubric_core.config import ConfigError
from rubric_core.execution.settings import WorkersSettingError
from rubric_core.logs import DEBUG_ENV
from rubric_core.store.errors import StoreError

PROG = "rubric-studio"


def package_version() -> str:
    """The installed distribution's version (the checkout's pyproject version when run from a checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rubric-studio")
    except PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]) + " (checkout)"


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (what is wrong and where help is), not the usage block first."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"error: {message.rstrip('.')}. See `{self.prog} --help`.\n")


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The whole command line: every group registers its commands."""
    parser = _Parser(prog=prog, description="Rubric Studio from the command line.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    parser.add_argument(
        "--debug",
        "-v",
        "--verbose",
        dest="debug",
        action="store_true",
        help="also print warnings and tracebacks on the terminal (they always go to the log file in the data directory)",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    ui.add_commands(sub)
    run.add_commands(sub)
    store.add_commands(sub)
    suite.add_commands(sub)
    judge.add_commands(sub)
    rubric.add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None, *, prog: str = PROG) -> int:
    """Parse and run one command; the exit status."""
    parser = build_parser(prog)
    # Only `ui` takes options of its own program (Streamlit's); any other command refuses unknown ones.
    args, extra = parser.parse_known_args(argv)
    if extra:
        if not getattr(args, "takes_extra_args", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.streamlit_args = extra
    if args.debug:
        os.environ[DEBUG_ENV] = "1"  # worker processes started from now on print tracebacks too
    logs.configure(debug=args.debug or None)
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeStream(out), SafeStream(err)
    try:
        return _run(args)
    finally:
        sys.stdout, sys.stderr = out, err


def _run(args: argparse.Namespace) -> int:
    """Run the command; every failure a user can cause or meet is one message on stderr, never a traceback."""
    try:
        code = execute(args)
    except WroteThenRefused as exc:
        # Exit 2 promises that nothing stored changed: a refusal met after a write is a failure, said as one.
        print(
            f"error: {exc} This was found after part of the work had been stored; check what the command wrote.",
            file=sys.stderr,
        )
        return EXIT_OTHER
    except (BadInput, StoreError, WorkersSettingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except ConfigError as exc:
        for field, message in exc.errors.items():
            print(f"error: {field}: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_OTHER
    except BrokenPipeError:
        return EXIT_OTHER
    except PermissionError as exc:
        # A file or folder this user may not read or write (a data directory of someone else's): their setting.
        logging.getLogger("rubric_core.cli").warning("Command %s: permission denied", args.command, exc_info=True)
        where = f" to {exc.filename}" if exc.filename else ""
        print(
            f"error: Permission denied{where}. Nothing was written. Use a folder you can read and write "
            f"(set RUBRIC_STUDIO_HOME), or ask its owner for access. {_details_hint()}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except Exception as exc:
        # Not a path users are meant to take: the traceback goes to the log, the terminal gets one line.
        logging.getLogger("rubric_core.cli").exception("Command %s failed", args.command)
        problem = describe_unexpected(exc)
        print(f"error: {problem} {_details_hint()}", file=sys.stderr)
        return EXIT_OTHER
    if logs.tracebacks_logged() and not args.debug:
        print(_details_hint(), file=sys.stderr)
    return code


def _details_hint() -> str:
    if logs.log_failed():
        return f"The log {logs.log_path()} could not be written either; --debug prints the details here."
    return f"Details (tracebacks) are in {logs.log_path()}; --debug prints them here."


def entry() -> None:
    """The `rubric-studio` console script; `python -m rubric_core` does the same under its own name."""
    following.PROCESS_ENDS_AFTER_RUN = True
    sys.exit(main())
