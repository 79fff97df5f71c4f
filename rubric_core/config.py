"""RunConfig: everything one rubric run needs, validated field by field.

A RunConfig loads from and saves to TOML or YAML (the file read by config_file.py), so a rubric and its
settings can live in a repository. It never holds an API key.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rubric_core.checks.catalogue import TOOL_CATALOGUE
from rubric_core.config_file import ConfigError, read_config_file
from rubric_core.config_file import preview as _preview
from rubric_core.models.providers import ModelSpecError, parse_model_spec
from rubric_core.rubric import is_visible, parse_criteria

MAX_RUBRIC_BYTES = 64 * 1024
MAX_TASK_BYTES = 256 * 1024
MAX_ITERATIONS_LIMIT = 20
__all__ = ["ConfigError", "RunConfig", "load_config", "read_config_file", "save_config"]
Strategy = Literal["auto", "tool", "provider"]
STRATEGIES: tuple[Strategy, ...] = ("auto", "tool", "provider")


@dataclass(frozen=True)
class RunConfig:
    """A validated run configuration. Build it with `RunConfig.from_dict` (or `load_config`)."""

    task: str
    """The user message given to the working agent."""

    rubric: str
    """What "done" means: one criterion per `- ` bullet line; prose allowed."""

    model: str = "offline:writer"
    """Working model spec, `provider:model-id`."""

    grader: str = "offline:grader"
    """Grader model spec, `provider:model-id`."""

    system_prompt: str = ""
    """Working agent's system prompt; empty: the deep agent's default."""

    grader_prompt: str = ""
    """Grader system prompt; empty: the library's built-in grader prompt."""

    grader_tools: tuple[str, ...] = ()
    """Catalogue tools the grader may call for evidence."""

    max_iterations: int = 3
    """Grading passes at most, 1 to 20."""

    strategy: Strategy = "auto"
    """Grader structured output: auto (langchain decides), tool, or provider."""

    grader_call_limit: int = 4
    """Model calls the grader may make per pass; past it the pass ends as grader_error."""

    timeout_s: float = 120.0
    """Per model call timeout in seconds (provider models)."""

    rubric_name: str = ""
    """Name of the rubric in the library, if it came from there."""

    project: str = ""
    """The project folder (absolute) whose agent and grader tools the run uses; empty: none. Set by the session
    (`--project`, $RUBRIC_STUDIO_PROJECT, the current folder), never by a config file or an import."""

    agent: str = ""
    """The project's agent (`[agents.NAME]`) that does the work; empty: the built-in deep agent."""

    files: str | Mapping[str, str] = ""
    """Files put in the agent's state before the first message: a folder or file inside the project (relative
    path), or {path: text}; the agent's own `files` come first. Run input, like the task."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunConfig:
        """Validate raw values (from a form, a file, the command line); ConfigError lists every bad field.

        Nothing is coerced silently: a table or a list where text belongs, an empty model
        spec, or a number where tool names belong is refused with a message, never
        stringified or replaced by a default.
        """
        errors: dict[str, str] = {}
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(str(k) for k in set(data) - known)
        if unknown:
            errors[unknown[0]] = (
                f"Unknown setting {unknown[0]!r}: remove it or fix its spelling. Known settings: {', '.join(sorted(known))}."
            )
        texts = {key: _string(data, key, errors) for key in _TEXT_FIELDS}
        task, rubric = texts["task"], texts["rubric"]
        if "task" in errors:
            pass
        elif not is_visible(task):
            errors["task"] = "Task is empty: write the request the working agent should complete."
        elif len(task.encode()) > MAX_TASK_BYTES:
            errors["task"] = f"Task is {len(task.encode()):,} bytes; the limit is {MAX_TASK_BYTES:,}."
        if "rubric" in errors:
            pass
        elif not rubric.strip():
            errors["rubric"] = (
                'Rubric is empty: add at least one criterion, one per line starting with "- ". '
                "Without a rubric the middleware grades nothing."
            )
        elif len(rubric.encode()) > MAX_RUBRIC_BYTES:
            errors["rubric"] = (
                f"Rubric is {len(rubric.encode()):,} bytes; the limit is {MAX_RUBRIC_BYTES:,} (64 KiB). "
                "Shorten it or split it into several rubrics."
            )
        elif not parse_criteria(rubric):
            errors["rubric"] = (
                "Rubric is empty: it has no visible criterion (only bullets, spaces or invisible characters). "
                "Write one criterion per `- ` line, for example `- Exactly three lines`."
            )
        models = {}
        for key, default, role in (("model", "offline:writer", "working"), ("grader", "offline:grader", "grader")):
            value = texts[key]
            if key in errors:
                continue
            if data.get(key) is not None and not value.strip():
                errors[key] = (
                    f"{role.capitalize()} model spec is empty: write provider:model-id "
                    f"(for example {default} or openai:gpt-4o-mini), or pick a model from the list."
                )
                continue
            value = value or default
            try:
                parse_model_spec(value)
            except ModelSpecError as exc:
                errors[key] = f"{role.capitalize()} model: {exc}"
            models[key] = value.strip()
        project = texts["project"].strip()
        if project and not Path(project).is_absolute():
            errors["project"] = f"project must be an absolute folder path; got {project!r}."
        agent = texts["agent"].strip()
        if agent and not _NAME.match(agent):
            errors["agent"] = f"Agent name {agent!r} must be a name from the project file's [agents.NAME] tables."
        elif agent and not project:
            errors["agent"] = (
                f"Agent {agent!r} comes from a project, and none is open: start with --project DIR (or set "
                "RUBRIC_STUDIO_PROJECT) to the folder whose rubric-studio.toml defines it."
            )
        files = _files(data.get("files"), bool(project), errors)
        tools = _tools(data.get("grader_tools"), errors, project_tools=bool(project))
        max_iterations = _int(
            data.get("max_iterations", 3), 1, MAX_ITERATIONS_LIMIT, "Max iterations", errors, "max_iterations"
        )
        call_limit = _int(data.get("grader_call_limit", 4), 1, 50, "Grader call limit", errors, "grader_call_limit")
        timeout_s = 120.0
        raw_timeout = data.get("timeout_s", 120.0)
        try:
            if isinstance(raw_timeout, bool) or not isinstance(raw_timeout, int | float | str):
                raise ValueError
            timeout_s = float(raw_timeout)
            if not 1 <= timeout_s <= 3600:
                raise ValueError
        except (TypeError, ValueError):
            errors["timeout_s"] = (
                f"Timeout must be a number of seconds from 1 to 3600; got {_preview(raw_timeout)}. "
                "Write for example timeout_s = 120."
            )
        strategy = texts["strategy"] or "auto"
        if "strategy" not in errors and strategy not in STRATEGIES:
            errors["strategy"] = f"Structured-output strategy must be auto, tool or provider; got {strategy!r}."
        if errors:
            raise ConfigError(errors)
        uses_project = bool(agent) or any(t not in TOOL_CATALOGUE for t in tools) or (isinstance(files, str) and files)
        if not uses_project:
            project = ""  # a run names a project only when it runs its code or reads its files
        return cls(
            task=task,
            rubric=rubric,
            model=models["model"],
            grader=models["grader"],
            system_prompt=texts["system_prompt"],
            grader_prompt=texts["grader_prompt"],
            grader_tools=tools,
            max_iterations=max_iterations,
            strategy=strategy,  # type: ignore[arg-type]
            grader_call_limit=call_limit,
            timeout_s=timeout_s,
            rubric_name=texts["rubric_name"].strip(),
            project=project,
            agent=agent,
            files=files,
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON, TOML and YAML safe)."""
        out = dataclasses.asdict(self)
        out["grader_tools"] = list(self.grader_tools)
        out["files"] = self.files if isinstance(self.files, str) else dict(self.files)
        return out

    def replace(self, **changes: Any) -> RunConfig:
        """A validated copy with some fields changed."""
        return RunConfig.from_dict({**self.to_dict(), **changes})


_TEXT_FIELDS = (
    "task",
    "rubric",
    "model",
    "grader",
    "system_prompt",
    "grader_prompt",
    "strategy",
    "rubric_name",
    "project",
    "agent",
)
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")
MAX_INLINE_FILES_BYTES = 2 * 1024 * 1024


def _files(value: Any, has_project: bool, errors: dict[str, str]) -> str | dict[str, str]:
    """files: a relative path inside the project, or {path: text}; checked for shape here, read at run time."""
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        path = Path(value.strip())
        if path.is_absolute() or ".." in path.parts:
            errors["files"] = f"files must be a path inside the project, relative to it, without '..'; got {value!r}."
        elif not has_project:
            errors["files"] = (
                f"files {value!r} is a path in a project, and none is open: start with --project DIR, or give the "
                "files inline as {path: text}."
            )
        return value.strip()
    if isinstance(value, Mapping) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        total = sum(len(v.encode()) for v in value.values())
        if total > MAX_INLINE_FILES_BYTES:
            errors["files"] = f"files hold {total:,} bytes; at most {MAX_INLINE_FILES_BYTES:,} go in an agent's state."
        return dict(value)
    errors["files"] = (
        f"files must be a folder path inside the project or a table of path = text; got {_kind(value)} "
        f"({_preview(value)})."
    )
    return ""


def _string(data: Mapping[str, Any], key: str, errors: dict[str, str]) -> str:
    """A text field: missing or null is empty; any other non-string (a table, a list, a number) is refused."""
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        errors[key] = (
            f"{key} must be text, but it is {_kind(value)} ({_preview(value)}). Write it as a string; "
            "for several lines use a multi-line string (TOML triple quotes, YAML `|`)."
        )
        return ""
    if "\x00" in value:
        errors[key] = (
            f"{key} holds a NUL character (\\0, at character {value.index(chr(0)) + 1}), which no store can keep "
            "as text: remove it (it usually comes from a binary file or a bad copy)."
        )
        return ""
    return value


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


def _tools(value: Any, errors: dict[str, str], *, project_tools: bool = False) -> tuple[str, ...]:
    """grader_tools: a list of tool names, or one string of names separated by commas or spaces.

    Without a project only catalogue names are known; with one, other names are the project's
    tools, checked against its file by `rubric_core.projects.checks.check_project_config`.
    """
    known = ", ".join(TOOL_CATALOGUE)
    if value is None:
        return ()
    if isinstance(value, str):
        items: list[Any] = [t for t in value.replace(",", " ").split() if t]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        errors["grader_tools"] = (
            f"grader_tools must be a list of tool names, but it is {_kind(value)} ({_preview(value)}). "
            f'Write for example grader_tools = ["line_count"]. Known tools: {known}.'
        )
        return ()
    bad_item = next((t for t in items if not isinstance(t, str)), None)
    if bad_item is not None:
        errors["grader_tools"] = (
            f"grader_tools must hold tool names (text), but one is {_kind(bad_item)} ({_preview(bad_item)}). "
            f"Known tools: {known}."
        )
        return ()
    tools = tuple(t.strip() for t in items)
    bad = [t for t in tools if t not in TOOL_CATALOGUE and not (project_tools and _NAME.match(t))]
    if bad:
        more = "" if project_tools else " (a project's own tools need the project: --project DIR)"
        errors["grader_tools"] = f"Unknown grader tool {bad[0]!r}. Known tools: {known}{more}."
    return tools


def _int(value: Any, lo: int, hi: int, label: str, errors: dict[str, str], key: str) -> int:
    bad = (
        f"{label} must be a whole number from {lo} to {hi}; got {_preview(value)}. Write for example {key} = {lo + 2}."
    )
    if isinstance(value, bool):
        errors[key] = bad
        return lo
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if not isinstance(value, int) or not lo <= value <= hi:
        errors[key] = bad
        return lo
    return value


def load_config(path: str | Path, *, project: str = "") -> RunConfig:
    """Read a RunConfig from a .toml, .yaml or .yml file; `project` is the session's project folder (its agents
    and tools are what the file's `agent` and `grader_tools` may name)."""
    data = read_config_file(path)
    if "columns" in data:
        msg = (
            f"{path} has columns ([[columns]]): columns make a matrix of configurations, which `suite run --config` "
            "reads; a single run has one configuration. Remove the columns, or run the file as a suite."
        )
        raise ConfigError({"columns": msg})
    return RunConfig.from_dict({**data, "project": project} if project else data)


def save_config(config: RunConfig, path: str | Path) -> None:
    """Write a RunConfig to .toml, .yaml or .yml."""
    p = Path(path)
    data = config.to_dict()
    data.pop("project")  # the folder whose code runs is chosen when the file is used (--project), never by it
    if p.suffix.lower() == ".toml":
        import tomli_w

        p.write_text(tomli_w.dumps(data, multiline_strings=True), encoding="utf-8")
    elif p.suffix.lower() in (".yaml", ".yml"):
        import yaml

        p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    else:
        raise ConfigError({"config": f"Config file {p} must end in .toml, .yaml or .yml."})
