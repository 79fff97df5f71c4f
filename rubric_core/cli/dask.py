"""`--scheduler` for the commands that execute runs (run, resume, suite run, suite resume).

The flag, else $RUBRIC_STUDIO_DASK_SCHEDULER, sends the runs to a Dask cluster;
any problem (a bad address, a scheduler that cannot be reached, a SQLite store
with a remote scheduler) is a BadInput (exit 2) with the fix.
"""

from __future__ import annotations

import argparse
from typing import Any

SCHEDULER_HELP = (
    "send the runs to a Dask scheduler, tcp://HOST:PORT (default: $RUBRIC_STUDIO_DASK_SCHEDULER; "
    "unset: run on this machine). Workers share the store (docs/SCALING.md)"
)


def add_scheduler_flag(parser: argparse.ArgumentParser) -> None:
    """Add `--scheduler` to a command."""
    parser.add_argument("--scheduler", help=SCHEDULER_HELP)


def check_scheduler(args: argparse.Namespace) -> None:
    """Refuse a --scheduler (or $RUBRIC_STUDIO_DASK_SCHEDULER) that is not an address, before anything runs.

    Whether the scheduler answers is found when the runs are sent (make_manager), still before anything is stored.
    """
    from rubric_core.cli.common import BadInput
    from rubric_core.execution.dask_settings import DaskConfigError, scheduler_address

    flag = getattr(args, "scheduler", None)
    if flag is not None and not flag.strip():
        raise BadInput(
            "--scheduler is empty: give the Dask scheduler as tcp://HOST:PORT, or leave --scheduler out to run on "
            "this machine."
        )
    try:
        scheduler_address(flag)
    except DaskConfigError as exc:
        raise BadInput(f"{exc} Nothing was run or stored.") from None


def make_manager(engine: Any, store: Any, args: argparse.Namespace) -> Any:
    """A RunManager running on the Dask cluster the flag or environment names, else on this machine."""
    from rubric_core.cli.common import BadInput
    from rubric_core.execution.dask_settings import DaskConfigError, scheduler_address
    from rubric_core.execution.manager import RunManager

    try:
        address = scheduler_address(getattr(args, "scheduler", None))
        if address is None:
            return RunManager(engine, store)
        from rubric_core.execution.dask_backend import DaskBackend

        backend = DaskBackend(address, store)
    except DaskConfigError as exc:
        raise BadInput(f"{exc} Nothing was run or stored.") from None
    return RunManager(engine, store, backend=backend)


def uses_dask(args: argparse.Namespace) -> bool:
    """Whether the command sends its runs to a Dask cluster (an address given, valid or not)."""
    import os

    from rubric_core.execution.dask_settings import SCHEDULER_ENV

    flag = getattr(args, "scheduler", None)
    return bool((flag if flag is not None else os.environ.get(SCHEDULER_ENV, "")).strip())
