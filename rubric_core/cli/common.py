"""What every command group shares: the user-error exception, exit codes, argument types, file reading, the store."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import UTC, datetime
from typing import Any

from rubric_core.store.errors import StoreError

EXIT_OK = EXIT_SATISFIED = 0
EXIT_OTHER = EXIT_BELOW = 1
"""Any terminal status but satisfied; a suite under its gate."""
EXIT_BAD_INPUT = 2
EXIT_PAUSED = 3
"""A step-mode run waits at a pause (`rubric-studio run continue RUN` goes on)."""
EXIT_INTERRUPTED, EXIT_TERMINATED = 130, 143


class BadInput(Exception):
    """A user error: printed as one message, exit status 2."""


def describe_unexpected(exc: BaseException) -> str:
    """One line for a failure no check foresaw: the database named if it went away, else the exception's first line."""
    from rubric_core.store.faults import is_store_unreachable, short_cause

    if is_store_unreachable(exc):
        from rubric_core.store import default_url, mask_url

        return (
            f"The database at {mask_url(default_url())} stopped answering ({short_cause(exc)}). Nothing more was "
            "written; try again once it answers."
        )
    return f"Unexpected failure: {short_cause(exc)}."


def read_text_file(path: str, what: str) -> str:
    """The UTF-8 text of a file the user named (a task, a rubric); BadInput saying why it cannot be read.

    Only a regular file, and no more than the field can hold (files.py): a device or a huge file is
    refused before it is read.
    """
    from rubric_core.files import RUBRIC_FILE_LIMIT, TASK_FILE_LIMIT, FileProblem, read_text

    try:
        return read_text(path, what, RUBRIC_FILE_LIMIT if what == "rubric" else TASK_FILE_LIMIT)
    except FileProblem as exc:
        raise BadInput(str(exc)) from None


def open_cli_store(*, write: bool = False) -> Any:
    """The store: read-only when this user cannot write it and the command only reads."""
    from rubric_core.store import open_store, write_problem

    try:
        if write:
            problem = write_problem()
            if problem:
                raise BadInput(problem)
            return open_store()
        return open_store(readonly=None)
    except StoreError as exc:
        raise BadInput(str(exc)) from None


def audit(store: Any, action: str, *, detail: str = "", **target: str) -> None:
    """Record what a command did in the store's audit trail, as the dashboard records its actions.

    The actor is `cli:USER` (the operating-system account that ran the command), so a team can tell a change
    made from a terminal from one made in the dashboard. A trail that cannot be written (a read-only copy of
    the store) does not undo what the command did: it says so on stderr.
    """
    import getpass
    import socket

    from rubric_core.access.audit import Target, record
    from rubric_core.access.identity import cli_actor

    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (some containers)
        user = f"uid{os.getuid()}"
    said = f"from the command line on {socket.gethostname()}" + (f": {detail}" if detail else "")
    try:
        record(store, cli_actor(user), action, target=Target(**target), detail=said)
    except Exception as exc:  # noqa: BLE001 - the action is done; only its trail row is missing
        print(f"note: the audit trail could not record this {action}: {exc}", file=sys.stderr)


MAX_WHOLE = 2**63 - 1
"""The largest whole number a database column holds (SQLite and PostgreSQL BIGINT): no number past it is taken."""


def whole_arg(value: str) -> int:
    """argparse type: a whole number (any sign) a database can hold."""
    try:
        n = int(value)
    except ValueError:
        msg = f"{value!r} is not a whole number."
        raise argparse.ArgumentTypeError(msg) from None
    if abs(n) > MAX_WHOLE:
        msg = f"{value!r} is too large: the most is {MAX_WHOLE:,}."
        raise argparse.ArgumentTypeError(msg)
    return n


def count_arg(value: str) -> int:
    """argparse type: a whole number, 0 or more (and no more than a database can hold)."""
    try:
        n = int(value)
    except ValueError:
        n = -1
    if n < 0:
        msg = f"{value!r} is not a count: use a whole number, 0 or more."
        raise argparse.ArgumentTypeError(msg)
    if n > MAX_WHOLE:
        msg = f"{value!r} is too large: the most is {MAX_WHOLE:,}."
        raise argparse.ArgumentTypeError(msg)
    return n


def positive_arg(value: str) -> int:
    """argparse type: a whole number, 1 or more (and no more than a database can hold)."""
    try:
        n = int(value)
    except ValueError:
        n = -1
    if n < 0:
        msg = f"{value!r} is not a count: use a whole number, 1 or more."
        raise argparse.ArgumentTypeError(msg)
    if n < 1:
        msg = f"{value!r} must be 1 or more (a whole number)."
        raise argparse.ArgumentTypeError(msg)
    if n > MAX_WHOLE:
        msg = f"{value!r} is too large: the most is {MAX_WHOLE:,}."
        raise argparse.ArgumentTypeError(msg)
    return n


MAX_PATH_BYTES = 4096
MAX_NAME_BYTES = 255
"""What a path may hold on Linux (PATH_MAX, NAME_MAX): past it the system refuses the name itself."""


def path_arg(value: str) -> str:
    """argparse type: a file or folder path, refused when empty, holding NUL, or too long for the file system."""
    if not value.strip():
        msg = "the path is empty: give a file's (or a folder's) path"
        raise argparse.ArgumentTypeError(msg)
    if "\x00" in value:
        msg = "the path holds a NUL character, which no file name can hold"
        raise argparse.ArgumentTypeError(msg)
    encoded = os.fsencode(value)
    if len(encoded) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES for part in encoded.split(b"/")):
        msg = f"the path {value[:40]!r}... is too long for a file name: give a shorter one"
        raise argparse.ArgumentTypeError(msg)
    return value


def date_arg(value: str) -> float:
    """argparse type: a date or ISO date-time (UTC unless it says otherwise), as a Unix time."""
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        msg = f"{value!r} is not a date: use YYYY-MM-DD or an ISO date-time."
        raise argparse.ArgumentTypeError(msg) from None
    return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()


def share_arg(value: str) -> float:
    """argparse type: a share from 0 to 1 (a pass-rate gate)."""
    try:
        rate = float(value)
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        msg = f"{value!r} is not a share: give a number from 0 to 1 (0.9 means 90%)."
        raise argparse.ArgumentTypeError(msg)
    return rate


def add_project_flags(parser: argparse.ArgumentParser, *, agent: bool = True, columns: bool = False) -> None:
    """--project (and --agent) for the commands that run an agent; `columns`: --agent repeatable (a matrix)."""
    parser.add_argument(
        "--project",
        type=path_arg,
        help="the project folder whose rubric-studio.toml names agents and grader tools "
        "(default: $RUBRIC_STUDIO_PROJECT, else the current folder if it has one)",
    )
    if agent and columns:
        parser.add_argument(
            "--agent",
            action="append",
            help="run the project's agent NAME ([agents.NAME]) instead of the built-in one; repeat it for a matrix, "
            "one column per agent (`--agent built-in` is the built-in one)",
        )
    elif agent:
        parser.add_argument("--agent", help="run the project's agent NAME ([agents.NAME]) instead of the built-in one")


def open_project(args: argparse.Namespace) -> Any:
    """The project the user named (--project, $RUBRIC_STUDIO_PROJECT, the current folder), or None.

    Exported as $RUBRIC_STUDIO_PROJECT for the rest of the command: the run manager allows code from this
    project only, and worker processes started from here inherit it.
    """
    from rubric_core.projects import PROJECT_ENV, ProjectError, find_project

    try:
        project = find_project(getattr(args, "project", None))
    except ProjectError as exc:
        raise BadInput(str(exc)) from None
    if project is not None:
        os.environ[PROJECT_ENV] = str(project.root)
    return project


def project_fields(args: argparse.Namespace, project: Any) -> dict[str, Any]:
    """The RunConfig fields the session's project and --agent give (--agent needs a project)."""
    fields: dict[str, Any] = {}
    if project is not None:
        fields["project"] = str(project.root)
    agent = getattr(args, "agent", None)
    if agent is not None:
        if project is None:
            msg = (
                f"--agent {agent} names a project's agent, and no project is open: add --project DIR (the folder "
                "with rubric-studio.toml), set RUBRIC_STUDIO_PROJECT, or run from that folder."
            )
            raise BadInput(msg)
        fields["agent"] = agent
    return fields


_SETTINGS = ("model", "grader", "max_iterations", "strategy", "grader_call_limit")


def add_run_settings(parser: argparse.ArgumentParser, *, columns: bool = False) -> None:
    """The settings of a run (models, cap, grader tools and structured output, the project's agent) for
    `run` and `suite run`; `columns`: --model, --grader and --agent repeatable, one column of a matrix each."""
    if columns:
        more = "; repeat it for a matrix, one column per value (2 to 8)"
        parser.add_argument("--model", action="append", help=f"working model, provider:model-id{more}")
        parser.add_argument("--grader", action="append", help=f"grader model, provider:model-id{more}")
    else:
        parser.add_argument("--model", help="working model, provider:model-id (default offline:writer)")
        parser.add_argument("--grader", help="grader model, provider:model-id (default offline:grader)")
    parser.add_argument("--max-iterations", dest="max_iterations", help="1 to 20 (default 3)")
    parser.add_argument("--grader-tool", action="append", help="a grader tool: built in, or the project's (repeatable)")
    add_project_flags(parser, columns=columns)
    parser.add_argument("--strategy", choices=["auto", "tool", "provider"], help="grader structured output")
    parser.add_argument("--grader-call-limit", dest="grader_call_limit", help="grader model calls per pass (default 4)")


def run_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The RunConfig fields `add_run_settings`' flags gave (flags left out give nothing)."""
    data = {key: getattr(args, key) for key in _SETTINGS if getattr(args, key) is not None}
    if args.grader_tool:
        data["grader_tools"] = list(args.grader_tool)
    return data
