"""Before a run starts (or resumes, continues, is regraded): may it load this project's code, and does the project
have what the run names?

Rubric Studio loads code only from the project the user opened for this process
(`--project`, $RUBRIC_STUDIO_PROJECT or the current folder). A run whose config names
another folder (an imported run, a run started under another project) is refused with
the way to open that project, never loaded from where the config says.
"""

from __future__ import annotations

from pathlib import Path

from rubric_core.checks.catalogue import TOOL_CATALOGUE
from rubric_core.config import ConfigError, RunConfig
from rubric_core.projects.project_file import Project, ProjectError, current_project


def project_tool_names(config: RunConfig) -> list[str]:
    """The run's grader tools that are the project's (not the built-in catalogue's)."""
    return [t for t in config.grader_tools if t not in TOOL_CATALOGUE]


def check_project_config(config: RunConfig, project: Project | None = None) -> Project | None:
    """The session's project when the run uses one; ConfigError (by field) when it may not or cannot run.

    `project` is the session's project if the caller has it at hand; else it is read ($RUBRIC_STUDIO_PROJECT,
    the current folder).
    """
    if not config.project:
        return None
    try:
        session = project if project is not None else current_project()
    except ProjectError as exc:
        raise ConfigError({"project": str(exc)}) from None
    if session is None or session.root != Path(config.project):
        opened = f"the project at {session.root}" if session is not None else "no project"
        msg = (
            f"This run uses the project at {config.project}, and this Rubric Studio opened {opened}: code is only "
            f"ever loaded from the project you open. Start Rubric Studio with --project {config.project} (or "
            f"RUBRIC_STUDIO_PROJECT={config.project}) to run it."
        )
        raise ConfigError({"project": msg})
    errors: dict[str, str] = {}
    if config.agent and config.agent not in session.agents:
        known = ", ".join(session.agents) or "none"
        errors["agent"] = f"No agent {config.agent!r} in {session.file} (its agents: {known})."
    unknown = [t for t in project_tool_names(config) if t not in session.grader_tools]
    if unknown:
        own = ", ".join(session.grader_tools) or "none"
        errors["grader_tools"] = (
            f"Unknown grader tool {unknown[0]!r}: not built in ({', '.join(TOOL_CATALOGUE)}) and not in "
            f"[grader_tools] of {session.file} (the project's: {own})."
        )
    if isinstance(config.files, str) and config.files:
        problem = _path_problem(session, config.files, "the run's files")
        if problem:
            errors["files"] = problem
    if config.agent in session.agents:
        entry = session.agents[config.agent]
        if entry.files:
            problem = _path_problem(session, entry.files, session.where(f"agents.{config.agent} files"))
            if problem:
                errors["agent"] = f"Agent {config.agent!r} names files {entry.files!r}: {problem}"
    if errors:
        raise ConfigError(errors)
    return session


def _path_problem(project: Project, relative: str, where: str) -> str:
    """Why a path the run names cannot be read from the project (outside it, looping, missing), or ""."""
    from rubric_core.projects.links import resolve_inside

    try:
        resolve_inside(project.root, relative, where)
    except ProjectError as exc:
        return str(exc)
    return ""
