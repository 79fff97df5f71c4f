"""Calling a project's agent factory and checking that the graph it returns can carry a Rubric Studio run.

The contract (docs/AGENTS.md): `make_agent(*, model, middleware, checkpointer)` returns a
compiled graph that runs the given `middleware` (Rubric Studio's RubricMiddleware, whose
`on_evaluation` feeds the live view and the store) and saves to the given `checkpointer`
(Resume and Continue read it). Each way a factory can miss the contract is a UserCodeError
that names the factory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rubric_core.projects.imports import UserCodeError, load_object, user_traceback
from rubric_core.projects.project_file import Project


def build_project_graph(
    project: Project, agent: str, *, model: Any, middleware: Sequence[Any], checkpointer: Any
) -> Any:
    """Import agent `agent`'s factory, call it, check the graph; UserCodeError (naming the factory) if it cannot run."""
    entry = project.agent(agent)
    where = project.where(f"agents.{agent} factory")
    factory = load_object(project, entry.factory, where)
    name = f"{entry.factory} (agent {agent!r})"
    if not callable(factory):
        msg = f"The factory {name} is a {type(factory).__name__}, not a function: it must be make_agent(*, model, middleware, checkpointer)."
        raise UserCodeError(msg)
    _check_signature(factory, name)
    try:
        graph = factory(model=model, middleware=list(middleware), checkpointer=checkpointer)
    except Exception as exc:  # noqa: BLE001 -- the user's factory failed: their traceback, once
        from rubric_core.words import sentence

        message = sentence(f"The factory {name} raised {type(exc).__name__}: {exc}")
        raise UserCodeError(message, user_traceback(exc)) from None
    check_graph(graph, name, middleware=middleware, checkpointer=checkpointer)
    return graph


def _check_signature(factory: Any, name: str) -> None:
    import inspect

    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin or a C callable: let the call say
        return
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return
    missing = [k for k in ("model", "middleware", "checkpointer") if k not in params]
    if missing:
        msg = (
            f"The factory {name} takes no {', '.join(missing)} argument: define it as "
            "def make_agent(*, model, middleware, checkpointer) and build the graph with them."
        )
        raise UserCodeError(msg)


def check_graph(graph: Any, name: str, *, middleware: Sequence[Any], checkpointer: Any) -> None:
    """The graph is compiled, runs our RubricMiddleware and saves to our checkpointer (UserCodeError otherwise)."""
    from langgraph.graph import StateGraph
    from langgraph.pregel import Pregel

    if isinstance(graph, StateGraph):
        msg = (
            f"The factory {name} returned a StateGraph that is not compiled: return "
            "builder.compile(checkpointer=checkpointer), or create_deep_agent(...)."
        )
        raise UserCodeError(msg)
    if not isinstance(graph, Pregel):
        msg = (
            f"The factory {name} returned {type(graph).__name__}, not a compiled graph: return "
            "create_deep_agent(model=model, middleware=[*middleware, ...], checkpointer=checkpointer)."
        )
        raise UserCodeError(msg)
    if graph.checkpointer is not checkpointer:
        msg = (
            f"The graph of the factory {name} does not save to the checkpointer Rubric Studio gave it "
            "(Resume and Continue read it): pass checkpointer=checkpointer to create_deep_agent or compile()."
        )
        raise UserCodeError(msg)
    for mw in middleware:
        if _has_node_hooks(mw) and not _runs(graph, mw):
            own = getattr(mw, "name", type(mw).__name__)  # the middleware's node name (RubricMiddleware)
            msg = (
                f"The graph of the factory {name} does not run Rubric Studio's {own} (no grader would ever see a "
                "draft): pass middleware=[*middleware, ...your own] to create_deep_agent."
            )
            raise UserCodeError(msg)


def _has_node_hooks(middleware: Any) -> bool:
    """Whether a middleware runs as graph nodes (before/after hooks); a model-call wrapper has none to find."""
    from langchain.agents.middleware import AgentMiddleware

    hooks = ("before_agent", "after_agent", "before_model", "after_model")
    return any(getattr(type(middleware), h, None) is not getattr(AgentMiddleware, h, None) for h in hooks)


def _runs(graph: Any, middleware: Any) -> bool:
    """Whether one of the graph's nodes is a hook of this very middleware instance (not another of its class)."""
    prefix = f"{getattr(middleware, 'name', type(middleware).__name__)}."
    for node_name, node in graph.nodes.items():
        if not node_name.startswith(prefix):
            continue
        bound = getattr(node, "bound", None)
        func = getattr(bound, "func", None)
        if getattr(func, "__self__", None) is middleware:
            return True
    return False


def accepts_files(graph: Any) -> bool:
    """Whether the graph's input has a `files` state (a deep agent's file system) to put files in."""
    try:
        return "files" in graph.get_input_jsonschema().get("properties", {})
    except Exception:  # noqa: BLE001 -- a schema that cannot be rendered: let the run decide
        return True
