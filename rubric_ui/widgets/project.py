"""The session's project in the dashboard: which one is open and from where, and its agents' cards.

The project file is read on every script run (a small TOML file; never its code). The cards
(each agent's tools and subagents, each grader tool's docstring, and what fails to build)
come from child processes (rubric_core.projects.describe), one per agent and per tool, built in
the background and kept until a Python file or the project file changes: the dashboard's own
process never imports the user's code, and a card still building never holds the page.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from rubric_core.projects import Project, ProjectError, current_project
from rubric_ui.safe import code, md
from rubric_ui.widgets.fragments import draw_fragment


def open_project() -> tuple[Project | None, str]:
    """(the project this server opened, or None; the message when it cannot be read, else "")."""
    try:
        return current_project(), ""
    except ProjectError as exc:
        return None, str(exc)


@st.cache_resource
def _builds() -> Any:
    """The process's card builds (background child processes, shared by every session)."""
    from rubric_core.projects.describe import CardBuilds

    return CardBuilds()


def _card(project: Project, kind: str, name: str) -> dict[str, Any] | None:
    """The card of the project's agent or grader tool `name`, or None while its child process builds it."""
    from rubric_core.projects.describe import code_fingerprint

    return _builds().card(str(project.root), code_fingerprint(project.root), kind, name)


def _wait_for_cards(project: Project, pending: list[tuple[str, str]], what: str) -> None:
    """Say what is being built, and draw the page again once it is (a poll that never holds the page)."""

    @st.fragment(run_every=1.0)
    def poll() -> None:
        if any(_card(project, kind, name) is not None for kind, name in pending):
            st.rerun()  # a card came in: the whole page draws it
        st.caption(f":material/hourglass_top: {md(what)}")

    draw_fragment(poll)


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
        st.caption(f"Project: **{md(project.root.name)}** · {code(project.file)}")


def show_agent_card(project: Project, name: str) -> None:
    """What the picked project agent is: its factory, files, tools and subagents, or why it does not build."""
    entry = project.agents[name]
    agent = _card(project, "agent", name)
    lines = [f"Factory {code(entry.factory)} in {code(project.file.name)}"]
    if entry.files:
        lines.append(f"Files: {code(entry.files)}")
    if agent is None:
        st.caption("  \n".join(lines))
        _wait_for_cards(
            project,
            [("agent", name)],
            f"Building agent {name}'s card in a separate process (its modules are imported there, not here)…",
        )
        return
    tools = agent.get("tools") or []
    if tools:
        lines.append("Its tools: " + ", ".join(code(t["name"]) for t in tools))
    subagents = agent.get("subagents") or []
    if subagents:
        lines.append("Subagents: " + ", ".join(code(s["name"]) for s in subagents))
    st.caption("  \n".join(lines))
    problem = agent.get("error")
    if problem:
        st.error(md(problem), icon=":material/error:")
        detail = agent.get("detail")
        if detail:
            with st.expander("The traceback of your code"):
                st.code(detail, language="text")


def grader_tool_help(project: Project | None) -> dict[str, str]:
    """The project's grader tools and their docstrings, for the picker (empty without a project).

    A tool whose card is still being built says so; the page is drawn again when it is in.
    """
    if project is None or not project.grader_tools:
        return {}
    out: dict[str, str] = {}
    pending: list[tuple[str, str]] = []
    for name in project.grader_tools:
        card = _card(project, "tool", name)
        if card is None:
            pending.append(("tool", name))
            out[name] = "the project's tool (its description is being read in a separate process)"
        else:
            out[name] = card.get("description") or card.get("error") or "the project's tool"
    if pending:
        _wait_for_cards(project, pending, "Reading the project's grader tools in a separate process…")
    return out


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
