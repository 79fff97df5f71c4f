"""What the agent's tools print stays off the terminal (unless --debug): it goes to `logs/tool-output.log`.

A tool's own `print` (a web search dumping 21 MB of results) filled the command line's terminal,
which is for the run's events. Two places write there:
- a worker process (the default pool): its standard output and error are the log file from its start;
- a run in threads of the command line or the dashboard: while a tool call runs (`ToolOutputOff`, a
  middleware in every agent), that thread's writes to `sys.stdout` and `sys.stderr` go to the log file,
  and every other thread's writes (the events printed) go where they went.
With RUBRIC_STUDIO_DEBUG (the CLI's --debug), nothing is moved.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import IO, Any

from langchain.agents.middleware import AgentMiddleware

from rubric_core.logs import debug_requested

LOG_NAME = "tool-output.log"
_local = threading.local()
_lock = threading.Lock()
_sinks: dict[str, IO[str]] = {}


def sink_path() -> Any:
    """The file tools' output goes to: logs/tool-output.log in the data directory."""
    from rubric_core.logs import log_path

    return log_path().parent / LOG_NAME


def _open_sink() -> IO[str]:
    """The tools' output file of the data directory, opened once (os.devnull when it cannot be written)."""
    path = sink_path()
    with _lock:
        sink = _sinks.get(str(path))
        if sink is None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                sink = open(path, "a", encoding="utf-8", errors="replace", buffering=1)
            except OSError:
                sink = open(os.devnull, "w", encoding="utf-8")
            _sinks[str(path)] = sink
        return sink


def redirect_process_output() -> None:
    """In a worker process: its standard output and error (file descriptors too) go to the tools' output file."""
    if debug_requested():
        return
    sink = _open_sink()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    try:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
    except (OSError, ValueError):
        pass  # no such descriptors (an embedded interpreter): the per-call routing below still applies


class _Routed:
    """sys.stdout / sys.stderr while tools may run: a tool call's thread writes to the sink, others through."""

    def __init__(self, through: Any) -> None:
        self.through = through

    def write(self, text: str) -> int:
        if getattr(_local, "in_tool", 0):
            _open_sink().write(text)
            return len(text)
        return int(self.through.write(text) or 0)

    def flush(self) -> None:
        if getattr(_local, "in_tool", 0):
            return
        self.through.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.through, name)


def _route_streams() -> None:
    with _lock:
        if not isinstance(sys.stdout, _Routed):
            sys.stdout = _Routed(sys.stdout)
        if not isinstance(sys.stderr, _Routed):
            sys.stderr = _Routed(sys.stderr)


class ToolOutputOff(AgentMiddleware):
    """Working-agent middleware: what a tool call prints goes to the tools' output file, not the terminal."""

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        if debug_requested():
            return handler(request)
        _route_streams()
        _local.in_tool = getattr(_local, "in_tool", 0) + 1
        try:
            return handler(request)
        finally:
            _local.in_tool -= 1

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        # Async tools share their thread with others: their output is not told apart here.
        return await handler(request)
