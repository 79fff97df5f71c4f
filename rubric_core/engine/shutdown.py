"""Why a process stopped, said on the runs it was running (a server stop, Ctrl-C or SIGTERM), and the modes a
run part starts in. The base of execution.py and runner.py (and of the worker processes that set the reason)."""

from __future__ import annotations

from typing import Literal

Mode = Literal["start", "resume", "follow_up", "continue", "fork"]
"""How a run part starts: a new run, a resume, a follow-up turn, a continue after a pause, a fork."""


SHUTDOWN_MESSAGE = (
    "The process running this run stopped ({why}) before the run ended. "
    "Nothing saved is lost: resume it to finish (python -m rubric_core resume {run_id})."
)
DEFAULT_STOP_REASON = "a server stop, Ctrl-C or SIGTERM"
"""Said when the process stops cleanly and nothing told it why (the dashboard's server stopping)."""
_stop_reason: list[str] = []


def set_stop_reason(why: str) -> None:
    """Why this process is stopping (the CLI knows: a second Ctrl-C, SIGTERM); stored in its runs' end."""
    _stop_reason[:] = [why]


def stop_reason() -> str:
    """What `set_stop_reason` said, else DEFAULT_STOP_REASON."""
    return _stop_reason[0] if _stop_reason else DEFAULT_STOP_REASON


def shutdown_message(run_id: str, why: str | None = None) -> str:
    """The stored end of a run whose process stopped: why (as far as it is known) and how to resume."""
    return SHUTDOWN_MESSAGE.format(why=why or stop_reason(), run_id=run_id)
