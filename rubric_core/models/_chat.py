"""A small tool-calling chat model base shared by the offline models.

The offline models are real `BaseChatModel`s: the deep agent binds its file
tools to them and the grader agent binds `GraderResponse`, exactly as with a
provider model. Subclasses only decide the next `AIMessage`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr


def approx_tokens(text: str) -> int:
    """A deterministic token estimate (about 4 characters a token) for offline usage figures."""
    return max(1, (len(text) + 3) // 4)


class ToolCallingChatModel(BaseChatModel):
    """Base for deterministic chat models that can call tools and report usage."""

    latency: float = Field(default=0.0, ge=0.0)
    """Seconds slept before every answer, to simulate a remote model."""

    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)
    _calls: int = PrivateAttr(default=0)

    @property
    def calls(self) -> int:
        """How many times this model has answered."""
        return self._calls

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        formatted = [convert_to_openai_tool(t) for t in tools]
        return self.bind(tools=formatted, tool_choice=tool_choice, **kwargs)

    def respond(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:  # pragma: no cover
        """Return the next message; `kwargs` carry the bound tools and response format."""
        raise NotImplementedError

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        if self.latency:
            time.sleep(self.latency)
        with self._lock:
            self._calls += 1
        message = self.respond(list(messages), **kwargs)
        prompt = sum(approx_tokens(_text_of(m)) for m in messages)
        completion = approx_tokens(_text_of(message) + repr(message.tool_calls))
        message.usage_metadata = {
            "input_tokens": prompt,
            "output_tokens": completion,
            "total_tokens": prompt + completion,
        }
        return ChatResult(generations=[ChatGeneration(message=message)])


def _text_of(message: BaseMessage) -> str:
    content = message.content
    if isinstance(content, str):
        return content
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
    return "\n".join(parts)


def text_of(message: BaseMessage) -> str:
    """The plain text of a message, whatever its content shape."""
    return _text_of(message)


def bound_tool_names(kwargs: dict[str, Any]) -> list[str]:
    """Names of the tools bound to this call."""
    names = []
    for tool in kwargs.get("tools") or []:
        fn = tool.get("function", {}) if isinstance(tool, dict) else {}
        if fn.get("name"):
            names.append(fn["name"])
    return names


def bound_tool_schemas(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of each bound tool's parameters, by name."""
    out: dict[str, Any] = {}
    for tool in kwargs.get("tools") or []:
        fn = tool.get("function", {}) if isinstance(tool, dict) else {}
        if fn.get("name"):
            out[fn["name"]] = fn.get("parameters") or {}
    return out
