"""One order for every command: resolve everything it was given, then apply. Exit 2 changes nothing stored.

    resolve(args) -> Plan
        Reads and checks every name, id, version, column, baseline, file and provider the command was given. It may
        read the store, files and the environment, and open the store, but never write: it runs under
        `store.write_guard.checking`, where a statement that writes raises WriteBeforeChecked (a bug in the
        command, which the tests catch). Anything wrong raises BadInput: one message, exit 2.
    Plan.apply() -> int
        Does the work (writes, runs, prints) with what resolve found, and returns the exit status. It meets no bad
        input; should it still raise BadInput after the command wrote to the store, the failure is reported as
        such (exit 1, saying that part of the work was stored), never as exit 2, which promises nothing changed.

A command registers its resolve function with `command(parser, resolve)`; `main` runs `execute(args)`. A command
with nothing left to do once resolved (a listing) still prints in apply, after every check, so a refusal never
follows half an output.
"""

from __future__ import annotations

import argparse
import errno
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rubric_core.cli.common import BadInput
from rubric_core.config import ConfigError
from rubric_core.execution.settings import WorkersSettingError
from rubric_core.store.errors import StoreError

_REFUSALS = (BadInput, ConfigError, StoreError, WorkersSettingError)
"""What main turns into exit 2 (bad input)."""


@dataclass(frozen=True)
class Plan:
    """What a command resolved: everything it was given, checked. `apply` does the work and gives the exit status."""

    apply: Callable[[], int]


Resolve = Callable[[argparse.Namespace], Plan]


class WroteThenRefused(Exception):
    """Bad input found after the command had begun writing (a check resolve missed): exit 1, said as such."""


def command(parser: argparse.ArgumentParser, resolve: Resolve) -> None:
    """Register a command's resolve function on its parser."""
    parser.set_defaults(resolve=resolve)


def execute(args: argparse.Namespace) -> int:
    """Resolve the command (no write allowed), then apply it; the exit status."""
    from rubric_core.store import write_guard

    resolve: Resolve | None = getattr(args, "resolve", None)
    if resolve is None:  # a command not yet split in two (another branch's): it checks as it goes
        return int(args.func(args))
    try:
        with write_guard.checking(f"`{_name(args)}`"):
            plan = resolve(args)
    except OSError as exc:
        if exc.errno != errno.ENAMETOOLONG:
            raise
        # Only a path the person gave is that long (the flags' path_arg refuses most of them first).
        shown = str(exc.filename or "")[:40]
        raise BadInput(f"The path {shown!r}... is too long for a file name: give a shorter one.") from None
    before = write_guard.writes()
    try:
        return int(plan.apply())
    except _REFUSALS as exc:
        if write_guard.writes() != before:
            said = "; ".join(f"{k}: {v}" for k, v in exc.errors.items()) if isinstance(exc, ConfigError) else str(exc)
            raise WroteThenRefused(said) from None
        raise


def _name(args: argparse.Namespace) -> str:
    parts = [str(getattr(args, "command", "") or "")]
    for sub in ("suite_command", "rubric_command", "run_command"):
        if getattr(args, sub, None):
            parts.append(str(getattr(args, sub)))
    return " ".join(p for p in parts if p) or "the command"


def done(status: int = 0) -> Plan:
    """A plan with nothing left to do."""
    return Plan(lambda: status)


def printing(fn: Callable[..., int], *a: Any, **kw: Any) -> Plan:
    """A plan that calls fn(*a, **kw) (a command that only reads: it prints in apply, after every check)."""
    return Plan(lambda: fn(*a, **kw))
