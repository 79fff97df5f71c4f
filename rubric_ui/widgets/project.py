"""The session's project in the dashboard: which one is open and from where, and its agents' cards.

The project file is read on every script run (a small TOML file; never its code). The cards
(each agent's tools and subagents, each grader tool's docstring, and what fails to build)
come from a child process (rubric_core.projects.describe), cached until a Python file or the
project file changes: the dashboard's own process never imports the user's code.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from rubric_core.projects import Project, ProjectError, current_project
from rubric_ui.safe import md


def open_project() -> tuple[Project | None, str]:
    """(the project this server opened, or None; the message when it cannot be read, else "")."""
    try:
        return current_project(), ""
    except ProjectError as exc:
        return None, str(exc)


@st.cache_data(show_spinner="Building the project's agents to list their tools…", max_entries=8)
def _cards(root: str, fingerprint: str) -> dict[str, Any]:
    from rubric_core.projects.describe import describe_project

    return describe_project(root)


def project_cards(project: Project) -> dict[str, Any]:
    """The cards of the project's agents and grader tools (built once per change of its code)."""
    from rubric_core.projects.describe import code_fingerprint

    return _cards(str(project.root), code_fingerprint(project.root))


def show_project_sidebar() -> None:
    """Which project is open, and from where (or how to open one)."""
    project, problem = open_project()
    if problem:
        st.error(f"Project: {problem}", icon=":material/folder_off:")
    elif project is None:
        st.caption(
            "No project: `rubric-studio ui --project DIR` brings your own agents and grader tools (docs/AGENTS.md)."
        )
    else:
        st.caption(f"Project: **{md(project.root.name)}** · `{project.file}`")


def show_agent_card(project: Project, name: str) -> None:
    """What the picked project agent is: its factory, files, tools and subagents, or why it does not build."""
    entry = project.agents[name]
    card = project_cards(project)
    agent = (card.get("agents") or {}).get(name, {})
    lines = [f"Factory `{entry.factory}` in `{project.file.name}`"]
    if entry.files:
        lines.append(f"Files: `{entry.files}`")
    tools = agent.get("tools") or []
    if tools:
        lines.append("Its tools: " + ", ".join(f"`{t['name']}`" for t in tools))
    subagents = agent.get("subagents") or []
    if subagents:
        lines.append("Subagents: " + ", ".join(f"`{s['name']}`" for s in subagents))
    st.caption("  \n".join(lines))
    problem = agent.get("error") or card.get("error")
    if problem:
        st.error(problem, icon=":material/error:")
        detail = agent.get("detail") or card.get("detail")
        if detail:
            with st.expander("The traceback of your code"):
                st.code(detail, language="text")


def grader_tool_help(project: Project | None) -> dict[str, str]:
    """The project's grader tools and their docstrings, for the picker (empty without a project)."""
    if project is None or not project.grader_tools:
        return {}
    tools = project_cards(project).get("grader_tools") or {}
    return {
        name: (tools.get(name) or {}).get("description") or (tools.get(name) or {}).get("error") or "the project's tool"
        for name in project.grader_tools
    }


BUILT_IN = "Built-in deep agent"


def agent_picker(key: str, project: Project | None) -> str:
    """The Agent select: the built-in deep agent, or one of the project's agents; the picked name ("" built-in)."""
    agents = project.agents if project is not None else {}
    if st.session_state.get(key) not in ("", None, *agents):
        st.session_state[key] = ""  # the project changed under the session: back to the built-in agent
    st.selectbox(
        "Agent",
        ["", *agents],
        key=key,
        format_func=lambda n: BUILT_IN if not n else f"{n} — {agents[n].description}" if agents[n].description else n,
        disabled=not agents,
        help="The agent that does the work: Rubric Studio's bare deep agent, or one your project's file names "
        "(its tools, subagents, prompt and files). Open a project with `rubric-studio ui --project DIR`.",
    )
    return str(st.session_state.get(key) or "")


def grader_tools_picker(key: str, project: Project | None) -> None:
    """The Grader tools multiselect: the built-in tools and the project's, each with its description."""
    from rubric_core.checks.catalogue import TOOL_CATALOGUE

    own = grader_tool_help(project)
    st.session_state[key] = [t for t in st.session_state.get(key) or [] if t in TOOL_CATALOGUE or t in own]
    st.multiselect(
        "Grader tools",
        [*TOOL_CATALOGUE, *own],
        key=key,
        format_func=lambda n: f"{n} (project)" if n in own else n,
        help="\n\n".join(f"**{k}**: {v}" for k, v in {**TOOL_CATALOGUE, **own}.items()),
    )
