"""Reading a run's settings file (.toml, .yaml, .yml) into a table, and the error every settings check raises.

Only what a file can get wrong as a file: its name, size and encoding, its syntax, a number written as text, a
`project` it may not choose. What the settings mean is RunConfig's (config.py), which imports this module.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """One or more invalid fields; `errors` maps a field name to its message."""

    def __init__(self, errors: dict[str, str]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))


def preview(value: Any) -> str:
    """A value as a message shows it: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_config_file(path: str | Path) -> dict[str, Any]:
    """The settings table of a .toml, .yaml or .yml config file, unvalidated (ConfigError when it cannot be read,
    parsed, or tries to choose the project)."""
    from rubric_core.files import CONFIG_FILE_LIMIT, FileProblem, read_text

    p = Path(path)
    if p.suffix.lower() not in (".toml", ".yaml", ".yml"):
        raise ConfigError({"config": f"Config file {p} must end in .toml, .yaml or .yml."})
    try:
        raw = read_text(p, "config", CONFIG_FILE_LIMIT)  # a UTF-8 byte order mark is dropped, not refused
    except FileProblem as exc:
        raise ConfigError({"config": f"{exc} Check the path."}) from None
    try:
        if p.suffix.lower() == ".toml":
            data = tomllib.loads(raw)
        else:
            import yaml

            data = yaml.safe_load(raw) or {}
    except tomllib.TOMLDecodeError as exc:
        from rubric_core.words import sentence

        raise ConfigError({"config": sentence(f"{p} is not valid TOML: {exc}")}) from None
    except Exception as exc:  # noqa: BLE001 -- yaml.YAMLError, without importing yaml at module level
        raise ConfigError({"config": f"{p} is not valid YAML: {_yaml_problem(exc)}"}) from None
    if not isinstance(data, dict):
        raise ConfigError({"config": f"{p} must hold a table of settings (task, rubric, model...)."})
    for key, bounds in (("max_iterations", "from 1 to 20"), ("grader_call_limit", "from 1 to 50"), ("timeout_s", "")):
        value = data.get(key)
        if isinstance(value, str):  # a number in quotes: text where a number belongs, never read as one
            msg = f"{p}: {key} is text ({preview(value)}) where a number belongs: write it without quotes"
            raise ConfigError({key: msg + (f", {bounds}." if bounds else ", from 1 to 3600 seconds.")})
    if data.get("project"):
        msg = (
            f"{p} sets project: a config file cannot choose which folder's code runs. Open the project with "
            '--project DIR (or RUBRIC_STUDIO_PROJECT) and keep agent = "NAME" in the file.'
        )
        raise ConfigError({"project": msg})
    return data


def _yaml_problem(exc: BaseException) -> str:
    """A YAML parser error in one line: what is wrong and where (PyYAML's own text spans several lines).

    Both places are given when the parser names two: where the construct began (an unclosed bracket or
    quote) and where it noticed the problem (often the end of the file).
    """

    def at(mark: Any) -> str:
        return f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""

    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    if not problem and not context:
        return " ".join(str(exc).split()) + "."
    parts = []
    if context:
        parts.append(f"{context}{at(getattr(exc, 'context_mark', None))}")
    if problem:
        parts.append(f"{problem}{at(getattr(exc, 'problem_mark', None))}")
    return " ".join(": ".join(parts).split()) + "."
