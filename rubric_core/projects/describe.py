"""An agent's card for the dashboard (its tools, subagents, and whether it builds), made in a child process.

The dashboard never imports a project's code (a module that hangs or crashes at import would
take the server with it): `describe_project` runs `python -m rubric_core.projects.describe ROOT`
and reads the JSON it prints. The child builds each agent with the offline models, Rubric
Studio's middleware and an in-memory checkpointer, checks it as a run would
(agents.check_graph), and lists what the agent's model is offered. Failures come back as data:
the message and the user's traceback, shown on the Run page before Start.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

DESCRIBE_TIMEOUT_S = 60.0
"""A project whose modules take longer than this to import and build is reported, not waited for."""


def code_fingerprint(root: Path) -> str:
    """Changes when a Python file of the project changes (names, sizes, times), without importing anything."""
    h = hashlib.sha256()
    count = 0
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(
            d for d in dirnames if not d.startswith(".") and d not in ("venv", "node_modules", "__pycache__")
        )
        for name in sorted(filenames):
            if name.endswith((".py", ".toml")):
                path = Path(dirpath) / name
                try:
                    st = path.stat()
                except OSError:
                    continue
                h.update(f"{path}|{st.st_size}|{st.st_mtime_ns}\n".encode())
                count += 1
                if count > 5000:
                    return h.hexdigest()
    return h.hexdigest()


def describe_project(root: Path | str) -> dict[str, Any]:
    """The cards of every agent and grader tool of the project at `root` (built in a child process)."""
    root = Path(root).resolve()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rubric_core.projects.describe", str(root)],
            capture_output=True,
            text=True,
            timeout=DESCRIBE_TIMEOUT_S,
            env=env,
            cwd=str(root),
            check=False,
        )
    except subprocess.TimeoutExpired:
        msg = f"Building the project's agents took longer than {DESCRIBE_TIMEOUT_S:.0f} s (an import that hangs?)."
        return {"error": msg}
    for line in reversed(done.stdout.splitlines()):
        if line.startswith("{"):
            try:
                return dict(json.loads(line))
            except json.JSONDecodeError:
                break
    return {"error": f"Reading the project failed (exit {done.returncode}).", "detail": done.stderr[-3000:]}


def _card(project: Any, name: str) -> dict[str, Any]:
    import warnings

    from deepagents.middleware.rubric import RubricMiddleware
    from langgraph.checkpoint.memory import InMemorySaver

    from rubric_core.models.offline import OfflineGrader, OfflineWriter
    from rubric_core.projects.agents import build_project_graph
    from rubric_core.projects.imports import UserCodeError
    from rubric_core.projects.project_file import ProjectError

    entry = project.agents[name]
    card: dict[str, Any] = {"factory": entry.factory, "description": entry.description, "files": entry.files}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rubric = RubricMiddleware(model=OfflineGrader())
    try:
        graph = build_project_graph(
            project, name, model=OfflineWriter(), middleware=[rubric], checkpointer=InMemorySaver()
        )
    except (UserCodeError, ProjectError) as exc:
        card["error"] = str(exc)
        card["detail"] = getattr(exc, "user_traceback", "")
        return card
    tools = _tools_of(graph)
    builtin = _tools_of(_bare_deep_agent())
    card["tools"] = [
        {"name": n, "description": " ".join(d.split())[:300]} for n, d in tools.items() if n not in builtin
    ]
    card["subagents"] = _subagents(tools.get("task", ""))
    return card


def _tools_of(graph: Any) -> dict[str, str]:
    """The tools a graph's model is offered (its ToolNode), name to description."""
    bound = getattr(graph.nodes.get("tools"), "bound", None)
    return {n: str(getattr(t, "description", "")) for n, t in (getattr(bound, "tools_by_name", None) or {}).items()}


def _bare_deep_agent() -> Any:
    """create_deep_agent with nothing of the user's: its tools are the deep agent's own, not the project's."""
    from deepagents import create_deep_agent

    from rubric_core.models.offline import OfflineWriter

    return create_deep_agent(model=OfflineWriter())


def _subagents(task_description: str) -> list[dict[str, str]]:
    """The subagents a deep agent's `task` tool offers ("- name: description" lines), general-purpose left out."""
    import re

    section = task_description.split("Available agent types", 1)[-1].split("\n\n", 1)[0]
    found = re.findall(r"^- ([A-Za-z0-9_-]+): (.+)$", section, re.MULTILINE)
    return [{"name": n, "description": d.strip()[:200]} for n, d in found if n != "general-purpose"][:20]


def _tool_card(project: Any, name: str) -> dict[str, Any]:
    from rubric_core.projects.imports import UserCodeError, load_object
    from rubric_core.projects.tools import as_langchain_tool

    ref = project.grader_tools[name]
    where = f"{ref} ({project.where('grader_tools ' + name)})"
    try:
        tool = as_langchain_tool(load_object(project, ref, where), name, where)
    except UserCodeError as exc:
        return {"reference": ref, "error": str(exc), "detail": exc.user_traceback}
    return {"reference": ref, "description": " ".join(str(tool.description or "").split())[:500]}


def main(argv: list[str]) -> int:
    """Print the cards of the project at argv[0] as one JSON line."""
    import logging

    logging.disable(logging.CRITICAL)
    from rubric_core.projects.project_file import ProjectError, load_project

    try:
        project = load_project(argv[0])
    except ProjectError as exc:
        print(json.dumps({"error": str(exc)}))
        return 0
    from rubric_core.engine.stack import load_agent_stack

    load_agent_stack()
    out = {
        "digest": project.digest,
        "agents": {name: _card(project, name) for name in project.agents},
        "grader_tools": {name: _tool_card(project, name) for name in project.grader_tools},
    }
    print(json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
