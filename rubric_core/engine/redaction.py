"""How a run's failure is told (its message, the tool it came from); secrets are redacted by `redact`, which
lives in the base module rubric_core/redaction.py (the one redaction every boundary uses) and is re-exported here.
"""

from __future__ import annotations

from rubric_core.redaction import redact

__all__ = ["describe_failure", "failing_tool", "redact"]


def describe_failure(exc: BaseException) -> str:
    """The error message stored for a run the working model or the agent stopped (redact it before use)."""
    status = getattr(exc, "status_code", None)
    suffix = f" (HTTP {status})" if isinstance(status, int) else ""
    text = str(exc).strip() or type(exc).__name__
    tool = failing_tool(exc)
    if tool:
        return (
            f"The run stopped: the agent's tool {tool!r} raised {type(exc).__name__}{suffix}: {text[:1000]} "
            "(a tool that raises ends the run; one that needs the network needs this machine to reach it)."
        )
    return f"The run stopped: the working model or the agent raised {type(exc).__name__}{suffix}: {text[:1000]}"


def failing_tool(exc: BaseException) -> str:
    """The name of the LangChain tool `exc` was raised in (the innermost one on its traceback), or ""."""
    try:
        from langchain_core.tools import BaseTool
    except ImportError:  # pragma: no cover - the agent stack is always installed
        return ""
    name = ""
    seen: BaseException | None = exc
    while seen is not None and not name:
        # A stand-in raised without the secret its message held (redact_errors.py) carries the tool's frames in
        # the exception it replaced.
        tb = seen.__traceback__
        while tb is not None:
            owner = tb.tb_frame.f_locals.get("self")
            if isinstance(owner, BaseTool):
                name = str(owner.name)
            tb = tb.tb_next
        seen = seen.__cause__
    return name
