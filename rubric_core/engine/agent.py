"""Build the real deep agent with RubricMiddleware for a RunConfig."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langchain.agents.middleware import AgentMiddleware, ModelCallLimitMiddleware
from langchain.agents.structured_output import ProviderStrategy, ToolStrategy

from rubric_core.checks.catalogue import make_tools
from rubric_core.config import RunConfig
from rubric_core.engine.usage import UsageCounter
from rubric_core.models.providers import build_chat_model, parse_model_spec


class ForceStructuredOutput(AgentMiddleware):
    """Grader middleware that pins the structured-output strategy (tool or provider).

    RubricMiddleware asks for `response_format=GraderResponse`, which langchain
    resolves by model profile and name; some providers format criteria badly
    under one strategy, so users pick the other.
    """

    def __init__(self, strategy: str) -> None:
        super().__init__()
        self.strategy = strategy

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(self._pinned(request))

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return await handler(self._pinned(request))

    def _pinned(self, request: Any) -> Any:
        fmt = request.response_format
        if fmt is None:
            return request
        schema = getattr(fmt, "schema", fmt)
        pinned = ToolStrategy(schema=schema) if self.strategy == "tool" else ProviderStrategy(schema=schema)
        return request.override(response_format=pinned)


@dataclass
class BuiltAgent:
    """The compiled agent and the usage counters of its two models."""

    graph: Any
    writer_usage: UsageCounter
    grader_usage: UsageCounter
    grader_model: Any


def build_agent(
    config: RunConfig,
    *,
    checkpointer: Any,
    on_evaluation: Callable[[Any], None],
    keys: Mapping[str, str] | None = None,
) -> BuiltAgent:
    """`create_deep_agent` + `RubricMiddleware`, the grader bounded by a model-call limit."""
    import warnings

    from deepagents import create_deep_agent
    from deepagents.middleware.rubric import RubricMiddleware

    writer_usage, grader_usage = UsageCounter(), UsageCounter()
    writer = build_chat_model(
        parse_model_spec(config.model), keys=keys, timeout=config.timeout_s, callbacks=[writer_usage]
    )
    grader = build_chat_model(
        parse_model_spec(config.grader), keys=keys, timeout=config.timeout_s, callbacks=[grader_usage]
    )
    grader_middleware: list[Any] = [
        # A grader that never produces a usable GraderResponse is re-prompted until the
        # recursion limit (thousands of calls); the limit turns it into a bounded grader_error.
        ModelCallLimitMiddleware(run_limit=config.grader_call_limit, exit_behavior="error"),
    ]
    if config.strategy != "auto":
        grader_middleware.append(ForceStructuredOutput(config.strategy))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the middleware's beta warning, once per run
        rubric = RubricMiddleware(
            model=grader,
            system_prompt=config.grader_prompt or None,
            tools=make_tools(list(config.grader_tools)) or None,
            grader_middleware=grader_middleware,
            max_iterations=config.max_iterations,
            on_evaluation=on_evaluation,
        )
    graph = create_deep_agent(
        model=writer,
        system_prompt=config.system_prompt or None,
        middleware=[rubric],
        checkpointer=checkpointer,
    )
    return BuiltAgent(graph=graph, writer_usage=writer_usage, grader_usage=grader_usage, grader_model=grader)
