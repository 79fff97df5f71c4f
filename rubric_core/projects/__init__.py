"""The user's project: agents and grader tools named by a project file, loaded where runs run.

- `project_file.py`  finding and reading `rubric-studio.toml` (or `[tool.rubric-studio]` in pyproject.toml)
- `imports.py`       importing "module:attr" and "path/file.py:attr" references, user errors with their traceback
- `agents.py`        calling an agent factory and checking the graph it returns
- `tools.py`         the project's grader tools as bounded LangChain tools
- `seed_files.py`    files put in the agent's state before the first message
- `describe.py`      an agent's card (tools, subagents, problems), built in a subprocess for the dashboard

Nothing here imports user code at import time; the dashboard's process never imports it at all.

Imports: `config`, `models`, `checks` and the shared base modules; never the engine (which stands on it):
`describe`'s child process imports the agent stack itself.
"""

from rubric_core.projects.project_file import (
    PROJECT_ENV,
    AgentEntry,
    Project,
    ProjectError,
    current_project,
    find_project,
    load_project,
)

__all__ = [
    "PROJECT_ENV",
    "AgentEntry",
    "Project",
    "ProjectError",
    "current_project",
    "find_project",
    "load_project",
]
