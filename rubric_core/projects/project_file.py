"""Finding and reading a project file: `rubric-studio.toml`, or `[tool.rubric-studio]` in pyproject.toml.

The project is the directory the user names: `--project DIR`, else $RUBRIC_STUDIO_PROJECT,
else the current directory (only if it holds a project file). Nothing is ever loaded from a
directory the user did not name: not from a parent directory, a dataset, an import or an export.
Reading a project file never imports its code; that happens where runs run (imports.py).
"""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT_ENV = "RUBRIC_STUDIO_PROJECT"
PROJECT_FILE = "rubric-studio.toml"
PYPROJECT = "pyproject.toml"
MAX_PROJECT_FILE_BYTES = 1024 * 1024
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,63}$")
_REFERENCE = re.compile(r"^(?P<target>[^:\s]+):(?P<attr>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)$")
_TOP_KEYS = ("agents", "grader_tools")
_AGENT_KEYS = ("factory", "description", "files")


class ProjectError(ValueError):
    """A project that cannot be used; the message names the file and the key, and says how to fix it."""


@dataclass(frozen=True)
class AgentEntry:
    """One `[agents.NAME]` table."""

    name: str
    """The name the UI and the CLI show (`--agent NAME`, `agent = "NAME"` in a run config)."""
    factory: str
    """`module:attr` or `path/to/file.py:attr` (relative to the project root): `make_agent(*, model, middleware,
    checkpointer)` returning a compiled graph."""
    description: str = ""
    """One line for the Agent picker."""
    files: str = ""
    """A file or folder (relative to the project root) put in the agent's state before the first message."""


@dataclass(frozen=True)
class Project:
    """A read project file: where it is, its digest, its agents and grader tools (nothing imported yet)."""

    root: Path
    """The project directory (absolute): references and files are relative to it; it goes on sys.path."""
    file: Path
    """The file the tables came from (rubric-studio.toml or pyproject.toml)."""
    digest: str
    """sha256 of the project file's bytes: stored with each run, and part of the compiled-agent cache key."""
    agents: dict[str, AgentEntry] = field(default_factory=dict)
    grader_tools: dict[str, str] = field(default_factory=dict)
    """Tool name (as runs list it in `grader_tools`) to its reference."""

    def where(self, key: str) -> str:
        """How a message names a key of this project: `[agents.fixer] factory in /x/rubric-studio.toml`."""
        prefix = "[tool.rubric-studio." if self.file.name == PYPROJECT else "["
        table, _, rest = key.partition(" ")
        return f"{prefix}{table}]{' ' + rest if rest else ''} in {self.file}"

    def agent(self, name: str) -> AgentEntry:
        """The agent called `name`; ProjectError listing the known ones."""
        entry = self.agents.get(name)
        if entry is None:
            known = ", ".join(self.agents) or "none"
            msg = f"No agent {name!r} in the project file {self.file} (its agents: {known})."
            raise ProjectError(msg)
        return entry


def _file_in(directory: Path) -> tuple[Path, dict[str, Any] | None]:
    """The project file in `directory` and its tables; (path, None) when there is none."""
    own, pyproject = directory / PROJECT_FILE, directory / PYPROJECT
    if own.is_file():
        tables = _read_toml(own)
        if pyproject.is_file() and "rubric-studio" in _read_toml(pyproject).get("tool", {}):
            msg = (
                f"{directory} has both {PROJECT_FILE} and [tool.rubric-studio] in {PYPROJECT}: keep one of them "
                "(Rubric Studio will not guess which one you meant)."
            )
            raise ProjectError(msg)
        return own, tables
    if pyproject.is_file():
        section = _read_toml(pyproject).get("tool", {}).get("rubric-studio")
        if section is not None:
            if not isinstance(section, dict):
                msg = f"[tool.rubric-studio] in {pyproject} must be a table (with [tool.rubric-studio.agents.NAME])."
                raise ProjectError(msg)
            return pyproject, section
    return own, None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        size = path.stat().st_size
        if size > MAX_PROJECT_FILE_BYTES:
            msg = f"{path} is {size:,} bytes; a project file may hold at most {MAX_PROJECT_FILE_BYTES:,}."
            raise ProjectError(msg)
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        msg = f"Cannot read the project file {path}: {exc.strerror or exc}."
        raise ProjectError(msg) from None
    except UnicodeDecodeError:
        msg = f"The project file {path} is not UTF-8 text: save it as UTF-8."
        raise ProjectError(msg) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = f"The project file {path} is not valid TOML: {exc}. Fix it, then reload."
        raise ProjectError(msg) from None


def load_project(path: str | Path) -> Project:
    """Read the project at `path` (its directory, its rubric-studio.toml, or its pyproject.toml)."""
    p = Path(path).expanduser()
    if not p.exists():
        msg = f"The project {p} does not exist: give the folder that holds rubric-studio.toml."
        raise ProjectError(msg)
    p = p.resolve()
    if p.is_file():
        if p.name not in (PROJECT_FILE, PYPROJECT):
            msg = f"{p} is not a project file: give a folder, its {PROJECT_FILE}, or its {PYPROJECT}."
            raise ProjectError(msg)
        directory = p.parent
    else:
        directory = p
    file, tables = _file_in(directory)
    if tables is None:
        msg = (
            f"No project file in {directory}: create {PROJECT_FILE} there (or a [tool.rubric-studio] table in "
            f"{PYPROJECT}) with an [agents.NAME] table naming a factory; see docs/AGENTS.md."
        )
        raise ProjectError(msg)
    return _parse(directory, file, tables)


def _parse(root: Path, file: Path, tables: dict[str, Any]) -> Project:
    pre = "tool.rubric-studio." if file.name == PYPROJECT else ""
    unknown = sorted(set(tables) - set(_TOP_KEYS))
    if unknown:
        msg = (
            f"Unknown table or key {pre}{unknown[0]!r} in {file}: the project file knows "
            f"{', '.join(pre + k for k in _TOP_KEYS)}. Remove it or fix its spelling."
        )
        raise ProjectError(msg)
    agents_table = tables.get("agents", {})
    if not isinstance(agents_table, dict):
        msg = f'[{pre}agents] in {file} must be a table of agents: [{pre}agents.NAME] with factory = "module:attr".'
        raise ProjectError(msg)
    agents: dict[str, AgentEntry] = {}
    for name, body in agents_table.items():
        where = f"[{pre}agents.{name}] in {file}"
        _check_name(name, f"Agent name {name!r} ({where})")
        if not isinstance(body, dict):
            msg = f'{where} must be a table with factory = "module:attr".'
            raise ProjectError(msg)
        extra = sorted(set(body) - set(_AGENT_KEYS))
        if extra:
            msg = f"Unknown key {extra[0]!r} in {where}: an agent has {', '.join(_AGENT_KEYS)}."
            raise ProjectError(msg)
        for key in _AGENT_KEYS:
            if key in body and not isinstance(body[key], str):
                msg = f"{key} in {where} must be text (a string in quotes)."
                raise ProjectError(msg)
        if not body.get("factory", "").strip():
            msg = f'{where} has no factory: add factory = "my_pkg.agents:make_agent" (or "path/to/file.py:attr").'
            raise ProjectError(msg)
        factory = body["factory"].strip()
        check_reference(factory, f"factory in {where}")
        files = body.get("files", "").strip()
        if files:
            check_relative(files, f"files in {where}")
        agents[name] = AgentEntry(
            name=name, factory=factory, description=body.get("description", "").strip(), files=files
        )
    tools_table = tables.get("grader_tools", {})
    if not isinstance(tools_table, dict):
        msg = f'[{pre}grader_tools] in {file} must be a table: tool_name = "module:attr".'
        raise ProjectError(msg)
    from rubric_core.checks.catalogue import TOOL_CATALOGUE

    tools: dict[str, str] = {}
    for name, ref in tools_table.items():
        where = f"{name} in [{pre}grader_tools] of {file}"
        _check_name(name, f"Grader tool name {name!r} ({where})")
        if name in TOOL_CATALOGUE:
            msg = f"{where} has the name of a built-in grader tool: give the project's tool another name."
            raise ProjectError(msg)
        if not isinstance(ref, str):
            msg = f'{where} must be text: "module:attr" naming a LangChain tool or a plain function.'
            raise ProjectError(msg)
        check_reference(ref.strip(), where)
        tools[name] = ref.strip()
    digest = hashlib.sha256(file.read_bytes()).hexdigest()
    return Project(root=root, file=file, digest=digest, agents=agents, grader_tools=tools)


def _check_name(name: str, what: str) -> None:
    if not NAME.match(name):
        msg = (
            f"{what} must start with an ASCII letter (a-z, A-Z) and hold only ASCII letters, digits, - and _ "
            "(64 at most): write it without accents or other alphabets."
        )
        raise ProjectError(msg)


def check_reference(ref: str, where: str) -> tuple[str, str]:
    """Split "module:attr" / "path/file.py:attr"; ProjectError saying the expected form."""
    found = _REFERENCE.match(ref)
    if not found:
        msg = (
            f'{ref!r} ({where}) is not a reference: write "module.name:attribute" or '
            '"path/to/file.py:attribute" (relative to the project folder).'
        )
        raise ProjectError(msg)
    target = found.group("target")
    if target.endswith(".py"):
        check_relative(target, where)
    return target, found.group("attr")


def check_relative(path: str, where: str) -> None:
    """A path inside the project: relative, without `..` (files and modules are read from the project only)."""
    parts = Path(path).parts
    if Path(path).is_absolute() or ".." in parts or not parts:
        msg = f"{path!r} ({where}) must be a path inside the project folder, relative to it, without '..'."
        raise ProjectError(msg)


def find_project(explicit: str | None = None) -> Project | None:
    """The project the user named: `explicit` (--project), else $RUBRIC_STUDIO_PROJECT, else the current directory.

    A named project that cannot be read is a ProjectError; the current directory without a
    project file is no project (None).
    """
    named = explicit if explicit is not None else os.environ.get(PROJECT_ENV, "")
    if named.strip():
        return load_project(named.strip())
    cwd = Path.cwd()
    _, tables = _file_in(cwd)
    return load_project(cwd) if tables is not None else None


def current_project() -> Project | None:
    """The project of this process ($RUBRIC_STUDIO_PROJECT, else the current directory): what runs may load."""
    return find_project(None)
