"""Keep secrets out of what is shown or stored: API key values removed from messages.

Used by the engine for a run's error message, and by exports, regrades and datasets.
"""

from __future__ import annotations

from collections.abc import Mapping

from rubric_core.models.providers import PROVIDERS


def redact(text: str, keys: Mapping[str, str] | None) -> str:
    """Remove every known API key value from a message before it is shown or stored."""
    import os

    secrets = {v for v in (keys or {}).values() if v and len(v) >= 8}
    names = [var for provider in PROVIDERS.values() for var in provider.key_env]
    for var in (*names, "LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"):
        value = os.environ.get(var)
        if value and len(value) >= 8:
            secrets.add(value)
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, "[redacted]")
    return text


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
    tb = exc.__traceback__
    while tb is not None:
        owner = tb.tb_frame.f_locals.get("self")
        if isinstance(owner, BaseTool):
            name = str(owner.name)
        tb = tb.tb_next
    return name
