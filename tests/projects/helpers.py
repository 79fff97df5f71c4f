"""Temporary user projects for the tests: a project file and modules, written where the test says."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.examples import SCRIPTED

ROOT = Path(__file__).resolve().parents[2]
FIXER = (ROOT / "examples" / "fixer").resolve()
"""The example project (examples/fixer links to its packaged copy, rubric_core/example_projects/fixer)."""

GOOD_AGENT = '''
from deepagents import create_deep_agent
from langchain_core.tools import tool


@tool
def shout(text: str) -> str:
    """Upper-case the text."""
    return text.upper()


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, tools=[shout], middleware=[*middleware], checkpointer=checkpointer)
'''


def write_project(root: Path, files: dict[str, str], *, toml: str | None = None) -> Path:
    """Write a project (its rubric-studio.toml and files, each dedented) under `root`; returns `root`."""
    root.mkdir(parents=True, exist_ok=True)
    if toml is not None:
        (root / "rubric-studio.toml").write_text(textwrap.dedent(toml))
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def agent_project(root: Path, agent_module: str = GOOD_AGENT, *, extra_toml: str = "", **files: str) -> Path:
    """A project with one agent `main` whose factory is `pkg/agent.py`'s make_agent."""
    toml = '[agents.main]\nfactory = "pkg.agent:make_agent"\ndescription = "the test agent"\n' + extra_toml
    return write_project(root, {"pkg/__init__.py": "", "pkg/agent.py": agent_module, **files}, toml=toml)


def haiku_config(project: Path | None, **changes: Any) -> RunConfig:
    data: dict[str, Any] = {
        "task": "Write a haiku about spring.",
        "rubric": "- Exactly three lines\n- Is about spring",
        "max_iterations": 3,
    }
    if project is not None:
        data["project"] = str(project.resolve())
    data.update(changes)
    return RunConfig.from_dict(data)


def fixer_config(**changes: Any) -> RunConfig:
    script = SCRIPTED["fixer"]
    data: dict[str, Any] = {
        "task": script.task,
        "rubric": script.rubric,
        "max_iterations": 3,
        "grader_tools": list(script.grader_tools),
        "project": str(FIXER),
        "agent": "fixer",
    }
    data.update(changes)
    return RunConfig.from_dict(data)
