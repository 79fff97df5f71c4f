"""A project's grader tools as LangChain tools the grader can call, each call bounded in time.

A project tool is a LangChain tool or a plain function (made into one, its docstring
the description the grader reads). The grader sees it under its project-file name, so a
rubric can name it. A call that raises or hangs never takes the run down: the grader
gets a one-line error as the tool's answer (the evidence says the tool failed), the
user's traceback goes to the log, and a call still running after `timeout_s` is left
behind in its daemon thread (Python cannot stop it) while the grading pass goes on,
bounded by the grader's own call limit.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from rubric_core.projects.imports import UserCodeError, load_object, user_traceback
from rubric_core.projects.project_file import Project

logger = logging.getLogger(__name__)


def describe_tool(obj: Any) -> str:
    """The description a grader (and the picker) shows for a tool object or a function."""
    text = getattr(obj, "description", None) or getattr(obj, "__doc__", None) or ""
    return " ".join(str(text).split())


def as_langchain_tool(obj: Any, name: str, where: str) -> Any:
    """A LangChain BaseTool named `name` for a tool object or a plain function (UserCodeError otherwise)."""
    from langchain_core.tools import BaseTool, StructuredTool

    if isinstance(obj, BaseTool):
        return obj
    if callable(obj):
        try:
            return StructuredTool.from_function(obj, name=name, description=describe_tool(obj) or name)
        except Exception as exc:  # noqa: BLE001 -- pydantic cannot make a schema of its signature
            msg = f"{where} cannot be made into a tool ({type(exc).__name__}: {exc}): give its parameters type hints."
            raise UserCodeError(msg, user_traceback(exc)) from None
    msg = f"{where} is a {type(obj).__name__}: a grader tool must be a LangChain tool or a function."
    raise UserCodeError(msg)


def project_grader_tools(project: Project, names: Sequence[str], *, timeout_s: float) -> list[Any]:
    """The project's grader tools called `names`, each bounded to `timeout_s` per call."""
    tools = []
    for name in names:
        ref = project.grader_tools[name]
        where = f"{ref} ({project.where('grader_tools ' + name)})"
        tool = as_langchain_tool(load_object(project, ref, where), name, where)
        tools.append(_bounded(tool, name, ref, timeout_s))
    return tools


def _bounded(tool: Any, name: str, ref: str, timeout_s: float) -> Any:
    from langchain_core.tools import StructuredTool

    def call(**kwargs: Any) -> str:
        return call_bounded(lambda: tool.invoke(kwargs), f"{name} ({ref})", timeout_s)

    return StructuredTool.from_function(
        call, name=name, description=tool.description or name, args_schema=tool.args_schema, infer_schema=False
    )


def call_bounded(invoke: Callable[[], Any], label: str, timeout_s: float) -> str:
    """Run one tool call in a daemon thread; its answer as text, or a one-line error the grader reads."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def target() -> None:
        try:
            box["value"] = invoke()
        except BaseException as exc:  # noqa: BLE001 -- reported to the grader as the tool's answer
            box["error"] = exc
        finally:
            done.set()

    threading.Thread(target=target, name=f"grader-tool-{label[:20]}", daemon=True).start()
    if not done.wait(timeout_s):
        logger.warning(
            "Grader tool %s did not answer within %.0f s; the grading pass goes on without it", label, timeout_s
        )
        return f"error: the grader tool {label} did not answer within {timeout_s:.0f} s (the run's per-call timeout)."
    if "error" in box:
        exc = box["error"]
        logger.warning("Grader tool %s raised:\n%s", label, user_traceback(exc))
        return f"error: the grader tool {label} raised {type(exc).__name__}: {exc}"
    value = box.get("value")
    if isinstance(value, str):
        return value
    content = getattr(value, "content", None)  # a ToolMessage
    if isinstance(content, str):
        return content
    try:
        return json.dumps(value, default=str)
    except (TypeError, ValueError):
        return str(value)
