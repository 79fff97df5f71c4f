"""What a run of a project's agent needs beyond the built-in loop: what ran, the files it starts with, and the
error event when the user's code cannot carry the run."""

from __future__ import annotations

from typing import Any

from rubric_core.config import RunConfig


def agent_info(config: RunConfig) -> dict[str, str]:
    """The project agent that runs, as stored with the run (name, factory, project, project_file, digest).

    Reads the project file only (ProjectError when it cannot be read or lacks the agent); imports nothing.
    """
    from rubric_core.projects.project_file import load_project

    project = load_project(config.project)
    entry = project.agent(config.agent)
    return {
        "name": entry.name,
        "factory": entry.factory,
        "project": str(project.root),
        "project_file": str(project.file),
        "digest": project.digest,
    }


def seed_files(config: RunConfig, project: Any, notes: list[str] | None = None) -> dict[str, str]:
    """The files of a new run: its agent's `files`, then the run's own on top ({"/path": text}).

    Links a folder walk did not follow (back to a folder already read, or looping) are said in `notes` when given.
    """
    files: dict[str, str] = {}
    if not (config.agent or config.files):
        return files
    from rubric_core.projects.seed_files import inline_files, read_tree

    skipped: list[str] = []
    if config.agent:
        entry = project.agent(config.agent)
        if entry.files:
            files.update(read_tree(project, entry.files, project.where(f"agents.{entry.name} files"), skipped))
    if isinstance(config.files, str) and config.files:
        files.update(read_tree(project, config.files, "the run's files", skipped))
    elif config.files and not isinstance(config.files, str):
        files.update(inline_files(config.files, "the run's files"))
    if notes is not None:
        notes.extend(f"Files: the link {s} was not followed." for s in skipped)
    return files


def user_code_error(exc: Exception, field: str, turn: int) -> dict[str, Any]:
    """The `error` event's data: the message, the field it is about, and the user's own traceback (`detail`)."""
    data: dict[str, Any] = {"message": str(exc), "field": field, "turn": turn}
    detail = getattr(exc, "user_traceback", "")
    if detail:
        data["detail"] = detail
    return data
