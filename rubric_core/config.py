"""RunConfig: everything one rubric run needs, validated field by field.

A RunConfig loads from and saves to TOML or YAML, so a rubric and its
settings can live in a repository. It never holds an API key.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from rubric_core.checks.catalogue import TOOL_CATALOGUE
from rubric_core.models.providers import ModelSpecError, parse_model_spec
from rubric_core.rubric import parse_criteria

MAX_RUBRIC_BYTES = 64 * 1024
MAX_TASK_BYTES = 256 * 1024
MAX_ITERATIONS_LIMIT = 20
Strategy = Literal["auto", "tool", "provider"]
STRATEGIES: tuple[Strategy, ...] = ("auto", "tool", "provider")


class ConfigError(ValueError):
    """One or more invalid fields; `errors` maps a field name to its message."""

    def __init__(self, errors: dict[str, str]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))


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

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunConfig:
        """Validate raw values (from a form, a file, the command line); ConfigError lists every bad field."""
        errors: dict[str, str] = {}
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            errors[unknown[0]] = f"Unknown setting {unknown[0]!r}. Known settings: {', '.join(sorted(known))}."
        task = _text(data.get("task"))
        rubric = _text(data.get("rubric"))
        if not task.strip():
            errors["task"] = "Task is empty: write the request the working agent should complete."
        elif len(task.encode()) > MAX_TASK_BYTES:
            errors["task"] = f"Task is {len(task.encode()):,} bytes; the limit is {MAX_TASK_BYTES:,}."
        if not rubric.strip():
            errors["rubric"] = (
                "Rubric is empty: add at least one criterion, one per `- ` line. "
                "Without a rubric the middleware grades nothing."
            )
        elif len(rubric.encode()) > MAX_RUBRIC_BYTES:
            errors["rubric"] = (
                f"Rubric is {len(rubric.encode()):,} bytes; the limit is {MAX_RUBRIC_BYTES:,} (64 KiB). "
                "Shorten it or split it into several rubrics."
            )
        elif not parse_criteria(rubric):
            errors["rubric"] = "Rubric has no criteria: write one criterion per `- ` line."
        models = {}
        for key, default, role in (("model", "offline:writer", "working"), ("grader", "offline:grader", "grader")):
            value = _text(data.get(key)) or default
            try:
                parse_model_spec(value)
            except ModelSpecError as exc:
                errors[key] = f"{role.capitalize()} model: {exc}"
            models[key] = value.strip()
        tools = data.get("grader_tools") or ()
        if isinstance(tools, str):
            tools = [t for t in tools.replace(",", " ").split() if t]
        tools = tuple(str(t).strip() for t in tools)
        bad = [t for t in tools if t not in TOOL_CATALOGUE]
        if bad:
            errors["grader_tools"] = f"Unknown grader tool {bad[0]!r}. Known tools: {', '.join(TOOL_CATALOGUE)}."
        max_iterations = _int(
            data.get("max_iterations", 3), 1, MAX_ITERATIONS_LIMIT, "Max iterations", errors, "max_iterations"
        )
        call_limit = _int(data.get("grader_call_limit", 4), 1, 50, "Grader call limit", errors, "grader_call_limit")
        timeout_s = 120.0
        raw_timeout = data.get("timeout_s", 120.0)
        try:
            if isinstance(raw_timeout, bool):
                raise ValueError
            timeout_s = float(raw_timeout)
            if not 1 <= timeout_s <= 3600:
                raise ValueError
        except (TypeError, ValueError):
            errors["timeout_s"] = f"Timeout must be a number of seconds from 1 to 3600; got {raw_timeout!r}."
        strategy = _text(data.get("strategy")) or "auto"
        if strategy not in STRATEGIES:
            errors["strategy"] = f"Structured-output strategy must be auto, tool or provider; got {strategy!r}."
        if errors:
            raise ConfigError(errors)
        return cls(
            task=task,
            rubric=rubric,
            model=models["model"],
            grader=models["grader"],
            system_prompt=_text(data.get("system_prompt")),
            grader_prompt=_text(data.get("grader_prompt")),
            grader_tools=tools,
            max_iterations=max_iterations,
            strategy=strategy,  # type: ignore[arg-type]
            grader_call_limit=call_limit,
            timeout_s=timeout_s,
            rubric_name=_text(data.get("rubric_name")).strip(),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON, TOML and YAML safe)."""
        out = dataclasses.asdict(self)
        out["grader_tools"] = list(self.grader_tools)
        return out

    def replace(self, **changes: Any) -> RunConfig:
        """A validated copy with some fields changed."""
        return RunConfig.from_dict({**self.to_dict(), **changes})


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _int(value: Any, lo: int, hi: int, label: str, errors: dict[str, str], key: str) -> int:
    bad = f"{label} must be a whole number from {lo} to {hi}; got {value!r}."
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


def load_config(path: str | Path) -> RunConfig:
    """Read a RunConfig from a .toml, .yaml or .yml file."""
    p = Path(path)
    if p.suffix.lower() not in (".toml", ".yaml", ".yml"):
        raise ConfigError({"config": f"Config file {p} must end in .toml, .yaml or .yml."})
    try:
        raw = p.read_text(encoding="utf-8")
    except OSError as exc:
        msg = f"Cannot read config file {p}: {exc.strerror or exc}."
        raise ConfigError({"config": msg}) from None
    try:
        if p.suffix.lower() == ".toml":
            data = tomllib.loads(raw)
        elif p.suffix.lower() in (".yaml", ".yml"):
            import yaml

            data = yaml.safe_load(raw) or {}
        else:
            raise ConfigError({"config": f"Config file {p} must end in .toml, .yaml or .yml."})
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError({"config": f"{p} is not valid {p.suffix[1:].upper()}: {exc}"}) from None
    except Exception as exc:  # noqa: BLE001 -- yaml.YAMLError, without importing yaml at module level
        raise ConfigError({"config": f"{p} is not valid YAML: {exc}"}) from None
    if not isinstance(data, dict):
        raise ConfigError({"config": f"{p} must hold a table of settings (task, rubric, model...)."})
    return RunConfig.from_dict(data)


def save_config(config: RunConfig, path: str | Path) -> None:
    """Write a RunConfig to .toml, .yaml or .yml."""
    p = Path(path)
    data = config.to_dict()
    if p.suffix.lower() == ".toml":
        import tomli_w

        p.write_text(tomli_w.dumps(data, multiline_strings=True), encoding="utf-8")
    elif p.suffix.lower() in (".yaml", ".yml"):
        import yaml

        p.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    else:
        raise ConfigError({"config": f"Config file {p} must end in .toml, .yaml or .yml."})
