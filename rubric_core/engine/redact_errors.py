"""Agent and grader middleware: an exception whose message holds a secret is re-raised with the secret redacted.

A provider that quotes the API key in its 401 body puts it in the exception the model call raises, and from
there the library writes it into the run's state (the grader's `grader_error` explanation, the failed step's
error write) and its log. Raised again here as a stand-in of the same name and HTTP status with the text
redacted (rubric_core.redaction), chained to the original (the log's traceback is redacted record by record).
Control flow (a pause, a cancel) passes untouched: only an exception that holds a secret is replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware

from rubric_core.redaction import redacted_exception


def _clean(exc: Exception) -> Exception:
    try:
        from langgraph.errors import GraphBubbleUp

        if isinstance(exc, GraphBubbleUp):
            return exc
    except ImportError:  # pragma: no cover - the agent stack is always installed
        pass
    stand_in = redacted_exception(exc)
    return exc if stand_in is None else stand_in  # type: ignore[return-value]


class RedactErrors(AgentMiddleware):
    """Re-raise a model or tool call's exception without the secrets its message holds (see the module docstring)."""

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return handler(request)
        except Exception as exc:
            clean = _clean(exc)
            if clean is exc:
                raise
            raise clean from exc

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return await handler(request)
        except Exception as exc:
            clean = _clean(exc)
            if clean is exc:
                raise
            raise clean from exc

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return handler(request)
        except Exception as exc:
            clean = _clean(exc)
            if clean is exc:
                raise
            raise clean from exc

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return await handler(request)
        except Exception as exc:
            clean = _clean(exc)
            if clean is exc:
                raise
            raise clean from exc
