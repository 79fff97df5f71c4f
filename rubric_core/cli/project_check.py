"""Before a run (or a suite) of a project's agent is stored: does the agent build, and do its files read?

The factory is imported and called in a child process (projects/describe.py, as the dashboard's
card is built), with the offline models and an in-memory checkpointer, and checked as a run
would check it; its files (and the run's own) are read here. A factory refused (a syntax error,
no checkpointer, its own RubricMiddleware), a grader tool that does not import, or files the
agent cannot take end the command with exit 2, one message, nothing stored.
"""

from __future__ import annotations

import sys
from typing import Any

from rubric_core.cli.common import BadInput
from rubric_core.config import RunConfig


def check_project_run(config: RunConfig, project: Any, *, remote: bool = False) -> None:
    """BadInput (exit 2, nothing stored) when the run's project agent, tools or files cannot carry it.

    `remote`: the run goes to a Dask cluster, whose workers import the project in their own environment; the
    files are read here all the same, the code is not.
    """
    if project is None or not (config.agent or config.files or config.grader_tools):
        return
    from rubric_core.engine.project_run import seed_files
    from rubric_core.projects.project_file import ProjectError

    notes: list[str] = []
    try:
        seed_files(config, project, notes)
    except ProjectError as exc:
        raise BadInput(f"{exc} Nothing was run or stored.") from None
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    if remote:
        return
    from rubric_core.projects.checks import project_tool_names
    from rubric_core.projects.describe import describe_agent, describe_tool

    cards = [describe_tool(project.root, name) for name in project_tool_names(config)]
    if config.agent:
        cards.insert(0, describe_agent(project.root, config.agent))
    for card in cards:
        if card.get("error"):
            detail = str(card.get("detail") or "").rstrip()
            raise BadInput(f"{card['error']} Nothing was run or stored." + (f"\n{detail}" if detail else ""))
