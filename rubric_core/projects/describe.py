"""An agent's card for the dashboard (its tools, subagents, and whether it builds), made in a child process.

The dashboard never imports a project's code (a module that hangs or crashes at import would
take the server with it): `describe_agent` runs `python -m rubric_core.projects.describe ROOT
--agent NAME` and reads the JSON lines it prints. The child builds that one agent with the
offline models, Rubric Studio's middleware and an in-memory checkpointer, checks it as a run
would (agents.check_graph), and lists what the agent's model is offered. Failures come back as
data: the message and the user's traceback, shown on the Run page before Start.

Each agent and each grader tool is built in a child of its own, so one module that hangs at
import blames only the cards that import it. The child says which project module it is
importing and when it calls the factory, so a card that takes too long names the module (or
the factory) that did not finish.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

DESCRIBE_TIMEOUT_S = 60.0
"""A card whose modules take longer than this to import and build is reported, not waited for."""


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


def describe_agent(
    root: Path | str, name: str, *, timeout_s: float = DESCRIBE_TIMEOUT_S, give_up: threading.Event | None = None
) -> dict[str, Any]:
    """The card of agent `name` of the project at `root`, built in a child process of its own.

    A card is {"factory", "description", "files", "tools", "subagents"} or, when it does not build,
    {"error", "detail"}: the message names the module that did not finish importing, or the factory that did
    not return, when the child took longer than `timeout_s` (or `give_up` was set first).
    """
    return _child(Path(root).resolve(), ["--agent", name], f"agent {name!r}", timeout_s, give_up)


def describe_tool(
    root: Path | str, name: str, *, timeout_s: float = DESCRIBE_TIMEOUT_S, give_up: threading.Event | None = None
) -> dict[str, Any]:
    """The card of grader tool `name` ({"reference", "description"} or {"error", "detail"}), in a child of its own."""
    return _child(Path(root).resolve(), ["--tool", name], f"grader tool {name!r}", timeout_s, give_up)


def describe_project(root: Path | str) -> dict[str, Any]:
    """The cards of every agent and grader tool of the project at `root`, each built in its own child process."""
    from rubric_core.projects.project_file import ProjectError, load_project

    try:
        project = load_project(root)
    except ProjectError as exc:
        return {"error": str(exc)}
    return {
        "digest": project.digest,
        "agents": {name: describe_agent(project.root, name) for name in project.agents},
        "grader_tools": {name: describe_tool(project.root, name) for name in project.grader_tools},
    }


class CardBuilds:
    """Cards built in the background, each in its own child process, at most `workers` at a time.

    The dashboard asks for a card on every script run and draws whatever is ready: a card still building never
    holds the page, and a module that hangs holds only the cards that import it (for DESCRIBE_TIMEOUT_S).
    """

    def __init__(self, *, workers: int = 2, keep: int = 64) -> None:
        from concurrent.futures import ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="rubric-card")
        self._lock = threading.Lock()
        self._futures: dict[tuple[str, str, str, str], Any] = {}
        self._keep = keep
        self._give_up = threading.Event()

    def close(self) -> None:
        """Stop every child still building (its card says it was given up) and take no more."""
        self._give_up.set()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def card(self, root: Path | str, fingerprint: str, kind: str, name: str) -> dict[str, Any] | None:
        """The card of `kind` ("agent" or "tool") `name` for this state of the code, or None while it is built."""
        key = (str(root), fingerprint, kind, name)
        with self._lock:
            future = self._futures.get(key)
            if future is None:
                build = describe_agent if kind == "agent" else describe_tool
                future = self._pool.submit(build, root, name, give_up=self._give_up)
                self._futures[key] = future
                while len(self._futures) > self._keep:
                    oldest = next(iter(self._futures))
                    if not self._futures[oldest].done():
                        break
                    del self._futures[oldest]
        return future.result() if future.done() else None


def _child(
    root: Path, args: list[str], what: str, timeout_s: float, give_up: threading.Event | None = None
) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "rubric_core.projects.describe", str(root), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
            cwd=str(root),
        )
    except OSError as exc:
        return {"error": f"Could not start the process that builds {what}: {exc}."}
    lines: list[str] = []
    errors: list[str] = []
    readers = [
        threading.Thread(target=_read_into, args=(proc.stdout, lines), daemon=True),
        threading.Thread(target=_read_into, args=(proc.stderr, errors), daemon=True),
    ]
    for reader in readers:
        reader.start()
    if not _ended(proc, timeout_s, give_up):
        proc.kill()
        proc.wait()
        for reader in readers:
            reader.join(5)
        return {"error": _hung(what, [_parsed(line) for line in list(lines)], timeout_s)}
    for reader in readers:
        reader.join(5)
    for line in reversed(lines):
        found = _parsed(line)
        if "card" in found:
            return dict(found["card"])
    tail = "".join(errors)[-3000:]
    return {"error": f"Building {what} failed (its process ended with exit status {proc.returncode}).", "detail": tail}


def _ended(proc: subprocess.Popen[str], timeout_s: float, give_up: threading.Event | None) -> bool:
    """Whether the child ended within `timeout_s` (False as soon as `give_up` is set)."""
    import time

    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or (give_up is not None and give_up.is_set()):
            return proc.poll() is not None
        try:
            proc.wait(timeout=min(left, 0.2) if give_up is not None else left)
        except subprocess.TimeoutExpired:
            continue
        return True


def _read_into(stream: Any, out: list[str]) -> None:
    for line in stream:
        out.append(line)


def _parsed(line: str) -> dict[str, Any]:
    if not line.startswith("{"):
        return {}
    try:
        found = json.loads(line)
    except json.JSONDecodeError:
        return {}
    return found if isinstance(found, dict) else {}


def _hung(what: str, steps: list[dict[str, Any]], timeout_s: float) -> str:
    """What did not finish in time, from the child's steps: the innermost module still importing, else the factory."""
    importing: list[dict[str, Any]] = []
    factory = ""
    for step in steps:
        if step.get("step") == "import":
            importing.append(step)
        elif step.get("step") == "imported":
            for n in range(len(importing) - 1, -1, -1):
                if importing[n].get("module") == step.get("module"):
                    del importing[n]
                    break
        elif step.get("step") == "factory":
            factory = str(step.get("factory", ""))
        elif step.get("step") == "factory_returned":
            factory = ""
    limit = f"{timeout_s:.0f} s"
    if importing:
        hung = importing[-1]
        return (
            f"Importing module {hung.get('module')!r} ({hung.get('file')}) did not finish within {limit}, so {what} "
            "was not built. Something in it waits at import (a network call, a lock, input()): move that into the "
            "factory or a tool. The project's other agents and tools are built on their own."
        )
    if factory:
        return (
            f"The factory {factory} ({what}) did not return within {limit}: it waits on something (a network call, "
            "a lock). The project's other agents and tools are built on their own."
        )
    return f"Building {what} took longer than {limit} (before any of the project's modules was imported)."


def _step(**fields: Any) -> None:
    print(json.dumps(fields, default=str), flush=True)


def _card(project: Any, name: str) -> dict[str, Any]:
    import warnings

    from deepagents.middleware.rubric import RubricMiddleware
    from langgraph.checkpoint.memory import InMemorySaver

    from rubric_core.models.offline import OfflineGrader, OfflineWriter
    from rubric_core.projects.agents import build_project_graph
    from rubric_core.projects.imports import UserCodeError, load_object
    from rubric_core.projects.project_file import ProjectError

    entry = project.agents[name]
    card: dict[str, Any] = {"factory": entry.factory, "description": entry.description, "files": entry.files}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rubric = RubricMiddleware(model=OfflineGrader())
    try:
        # Imported first on its own, so the steps say whether an import or the factory's call is what waits.
        load_object(project, entry.factory, project.where(f"agents.{name} factory"))
        _step(step="factory", factory=entry.factory)
        graph = build_project_graph(
            project, name, model=OfflineWriter(), middleware=[rubric], checkpointer=InMemorySaver()
        )
        _step(step="factory_returned")
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
    """Print the steps, then the card of one agent (`ROOT --agent NAME`) or grader tool (`ROOT --tool NAME`)."""
    import logging

    logging.disable(logging.CRITICAL)
    from rubric_core.projects.links import observe_project_imports
    from rubric_core.projects.project_file import ProjectError, load_project

    if len(argv) != 3 or argv[1] not in ("--agent", "--tool"):
        print("usage: python -m rubric_core.projects.describe ROOT (--agent NAME | --tool NAME)", file=sys.stderr)
        return 2
    root, kind, name = argv
    try:
        project = load_project(root)
    except ProjectError as exc:
        _step(card={"error": str(exc)})
        return 0
    known = project.agents if kind == "--agent" else project.grader_tools
    if name not in known:
        _step(card={"error": f"No {'agent' if kind == '--agent' else 'grader tool'} {name!r} in {project.file}."})
        return 0
    observe_project_imports(
        lambda module, file, done: _step(step="imported" if done else "import", module=module, file=file)
    )
    if kind == "--tool":
        _step(card=_tool_card(project, name))
        return 0
    # The agent stack, imported before the card is read (this is a child process's one thread, so the engine's
    # lock around these imports, engine/stack.py, is not needed here; projects stand under the engine).
    import deepagents
    import deepagents.middleware.rubric  # noqa: F401
    import langchain.agents  # noqa: F401
    import langgraph.prebuilt  # noqa: F401

    _step(card=_card(project, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
