"""Build the real deep agent with RubricMiddleware for a RunConfig."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from langchain.agents.middleware import AgentMiddleware, ModelCallLimitMiddleware
from langchain.agents.structured_output import ProviderStrategy, ToolStrategy

from rubric_core.checks.catalogue import TOOL_CATALOGUE, make_tools
from rubric_core.config import RunConfig
from rubric_core.engine.handle import DraftCancelled
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


class DropDraftOnCancel(AgentMiddleware):
    """Working-agent middleware: a draft whose model call was in flight when Cancel came is never written.

    Cancel drains the run after the step in flight, and the step in flight may be the next draft's model
    call: the page, a moment behind the run, showed the grader checking draft 3 when Cancel was pressed,
    and draft 4 still appeared. Raising here fails the model step, so LangGraph saves none of its writes:
    the checkpoint stays after the last grading pass and Resume writes that draft anew, once.
    """

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        response = handler(request)
        _raise_if_cancelled(request)
        return response

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        response = await handler(request)
        _raise_if_cancelled(request)
        return response


def _raise_if_cancelled(request: Any) -> None:
    runtime = getattr(request, "runtime", None)
    if getattr(runtime, "drain_reason", None) == "cancelled":  # RunHandle.cancel's reason
        msg = "Cancelled while the working model was writing a draft."
        raise DraftCancelled(msg)


@dataclass
class BuiltAgent:
    """A compiled agent; shared by every run with the same settings (the task and rubric are run input)."""

    graph: Any
    grader_model: Any
    project: Any = None
    """The Project whose agent or grader tools the graph runs (None: built-in only)."""
    agent: dict[str, str] | None = None
    """What ran, as stored with each run: {name, factory, project, project_file, digest}; None: the built-in agent."""


def build_agent(
    config: RunConfig,
    *,
    checkpointer: Any,
    on_evaluation: Callable[..., None],
    keys: Mapping[str, str] | None = None,
    writer: Any = None,
    grader: Any = None,
    grader_calls: Any = None,
) -> BuiltAgent:
    """`create_deep_agent` + `RubricMiddleware`, the grader bounded by a model-call limit.

    `writer` / `grader` replace the models built from the config's specs (a
    regrade plugs in a replay writer that returns stored drafts). `on_evaluation(enriched, library)` gets the
    evaluation with its evidence (a copy) and the library's own dict (what the agent is told is made from it).
    `grader_calls`: the engine's GraderCalls (steering.py), so a paused pass never calls the grader again.
    """
    import warnings

    from rubric_core.engine.stack import load_agent_stack, load_providers, providers_of

    load_agent_stack()
    load_providers(providers_of([config.model, config.grader]))  # once per process: a no-op after start_job's
    from deepagents import create_deep_agent

    from rubric_core.engine.steering import steered_middleware_class

    if writer is None:
        writer = build_chat_model(parse_model_spec(config.model), keys=keys, timeout=config.timeout_s)
    if grader is None:
        grader = build_chat_model(parse_model_spec(config.grader), keys=keys, timeout=config.timeout_s)
    from rubric_core.engine.grader_evidence import GraderEvidence
    from rubric_core.engine.redact_errors import RedactErrors
    from rubric_core.engine.tool_output import ToolOutputOff

    # What each verdict rests on (the offline grader's check records, the grader's tool calls): joined to
    # the evaluation before anything downstream sees it.
    evidence = GraderEvidence(trusts_records=bool(getattr(grader, "reports_checks", False)))
    grader_middleware: list[Any] = [
        # Outermost: the exception the library turns into a `grader_error` (stored in the run's state) holds no
        # secret a provider echoed.
        RedactErrors(),
        evidence,
        # A grader that never produces a usable GraderResponse is re-prompted until the
        # recursion limit (thousands of calls); the limit turns it into a bounded grader_error.
        ModelCallLimitMiddleware(run_limit=config.grader_call_limit, exit_behavior="error"),
    ]
    if config.strategy != "auto":
        grader_middleware.append(ForceStructuredOutput(config.strategy))
    project = _project_of(config)
    tools = make_tools([t for t in config.grader_tools if t in TOOL_CATALOGUE])
    own_tools = [t for t in config.grader_tools if t not in TOOL_CATALOGUE]
    if own_tools:
        from rubric_core.projects.tools import project_grader_tools

        tools += project_grader_tools(project, own_tools, timeout_s=config.timeout_s)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the middleware's beta warning
        rubric = steered_middleware_class()(
            model=grader,
            system_prompt=config.grader_prompt or None,
            tools=tools or None,
            grader_middleware=grader_middleware,
            max_iterations=config.max_iterations,
            on_evaluation=lambda ev: on_evaluation(evidence.enrich(dict(ev)), ev),
        )
        rubric.grader_calls = grader_calls
    if config.agent:
        from rubric_core.projects.agents import build_project_graph

        graph = build_project_graph(
            project,
            config.agent,
            model=writer,
            middleware=[rubric, RedactErrors(), DropDraftOnCancel(), ToolOutputOff()],
            checkpointer=checkpointer,
        )
        entry = project.agent(config.agent)
        agent = {
            "name": entry.name,
            "factory": entry.factory,
            "project": str(project.root),
            "project_file": str(project.file),
            "digest": project.digest,
        }
        return BuiltAgent(graph=graph, grader_model=grader, project=project, agent=agent)
    graph = create_deep_agent(
        model=writer,
        system_prompt=config.system_prompt or None,
        middleware=[rubric, RedactErrors(), DropDraftOnCancel(), ToolOutputOff()],  # type: ignore[list-item]
        checkpointer=checkpointer,
    )
    return BuiltAgent(graph=graph, grader_model=grader, project=project)


def _project_of(config: RunConfig) -> Any:
    """The run's project, read from its folder (the sender checked it is the one the user opened), or None."""
    if not config.project:
        return None
    from rubric_core.projects.project_file import load_project

    return load_project(config.project)


def _project_stamp(config: RunConfig) -> str:
    """The project file's digest and its imported code's stamp: an edited factory or tool builds a new agent."""
    if not config.project:
        return ""
    from rubric_core.projects.imports import code_stamp
    from rubric_core.projects.project_file import ProjectError, load_project

    try:
        project = load_project(config.project)
    except ProjectError:
        return "unreadable"  # building it says why
    return f"{project.digest}:{code_stamp(project)}"


class AgentCache:
    """Compiled agents by settings (and a digest of the keys they were built with), least recently used out.

    Building a deep agent costs more CPU than a short offline run; sharing one
    compiled graph between runs keeps many concurrent runs cheap. Task and
    rubric are run input, so they are not part of the key.
    """

    def __init__(
        self, *, checkpointer: Any, on_evaluation: Callable[..., None], size: int = 32, grader_calls: Any = None
    ) -> None:
        self._checkpointer = checkpointer
        self._on_evaluation = on_evaluation
        self._grader_calls = grader_calls
        self._size = size
        self._lock = threading.Lock()
        self._agents: OrderedDict[tuple[Any, ...], BuiltAgent] = OrderedDict()

    @staticmethod
    def _key(config: RunConfig, keys: Mapping[str, str] | None) -> tuple[Any, ...]:
        digest = hashlib.sha256(json.dumps(sorted((keys or {}).items())).encode()).hexdigest()
        fields = config.to_dict()
        for run_input in ("task", "rubric", "rubric_name", "files"):
            fields.pop(run_input)
        return (json.dumps(fields, sort_keys=True), digest, _project_stamp(config))

    def get(self, config: RunConfig, keys: Mapping[str, str] | None = None) -> BuiltAgent:
        """The compiled agent for these settings, built on first use."""
        key = self._key(config, keys)
        with self._lock:
            built = self._agents.get(key)
            if built is not None:
                self._agents.move_to_end(key)
                return built
        built = build_agent(
            config,
            checkpointer=self._checkpointer,
            on_evaluation=self._on_evaluation,
            keys=keys,
            grader_calls=self._grader_calls,
        )
        with self._lock:
            self._agents[key] = built
            while len(self._agents) > self._size:
                self._agents.popitem(last=False)
        return built
