"""The columns of a matrix: one suite run under 2 to 8 configurations at once.

A column is a configuration every item runs under: working model, grader model, agent (the built-in deep agent or
a project's), rubric (a library version of the suite's rubric, or a text of its own) and max iterations. Each
column is a whole `RunConfig` (the suite's shared settings with the column's own over them), so each cell of the
matrix is an ordinary run started from it. A suite run with no columns is the one-column suite run it always was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rubric_core.config import ConfigError, RunConfig

MIN_COLUMNS = 2
MAX_COLUMNS = 8
COLUMN_KEYS = ("label", "model", "grader", "agent", "max_iterations", "rubric_version", "rubric", "rubric_file")
"""What a column may set (a `[[columns]]` table of a suite config file, a column of the New suite run form)."""
BUILT_IN_AGENT = "built-in"
"""`--agent built-in` (or `agent = ""` in a `[[columns]]` table): a column done by the built-in deep agent."""
MAX_LABEL = 60


@dataclass(frozen=True)
class ColumnSpec:
    """One configuration of a matrix, ready to store and run."""

    label: str
    """How the views name the column (given, or made from what sets it apart from the others)."""
    config: RunConfig
    """The whole configuration of its cells (the task is each item's)."""
    rubric_version: int | None = None
    """The library version of `config.rubric` (None: a rubric text of its own, outside the library)."""

    def to_dict(self) -> dict[str, Any]:
        """What `--jsonl` and exports say of a column (no task: each item has its own)."""
        config = self.config.to_dict()
        config.pop("task", None)
        return {"label": self.label, "rubric_version": self.rubric_version, "config": config}


class ColumnError(ValueError):
    """The columns cannot make a matrix; the message says which column, what is wrong and how to fix it."""


def _agent(value: Any) -> str:
    text = "" if value is None else str(value).strip()
    return "" if text.lower() in ("", BUILT_IN_AGENT, "builtin", "built_in") else text


def build_columns(
    base: RunConfig,
    columns: Sequence[Mapping[str, Any]],
    *,
    rubric_text: Callable[[int], str | None] | None = None,
    read_rubric_file: Callable[[str], str] | None = None,
) -> list[ColumnSpec]:
    """Validate 2 to 8 column settings against the suite's shared config; ColumnError names the first problem.

    `rubric_text(version)` reads a library version of `base.rubric_name` (None: no such version);
    `read_rubric_file(path)` reads a column's own rubric file (the command line's).
    """
    if not MIN_COLUMNS <= len(columns) <= MAX_COLUMNS:
        msg = (
            f"A matrix takes {MIN_COLUMNS} to {MAX_COLUMNS} columns (configurations); got {len(columns)}. "
            "Give one column per working model, grader, agent or rubric version to compare."
        )
        raise ColumnError(msg)
    specs: list[tuple[str, RunConfig, int | None]] = []
    for n, raw in enumerate(columns, 1):
        if not isinstance(raw, Mapping):
            msg = f"Column {n} must be a table of settings ({', '.join(COLUMN_KEYS)}); got {type(raw).__name__}."
            raise ColumnError(msg)
        unknown = sorted(str(k) for k in raw if k not in COLUMN_KEYS)
        if unknown:
            msg = (
                f"Column {n} has an unknown setting {unknown[0]!r}: a column sets {', '.join(COLUMN_KEYS)}. "
                "Remove it or fix its spelling."
            )
            raise ColumnError(msg)
        data = base.to_dict()
        for key in ("model", "grader", "max_iterations"):
            if isinstance(raw.get(key), str) and not raw[key].strip():
                what = "max_iterations" if key == "max_iterations" else f"{key} spec"
                msg = f"Column {n}: the {what} is empty: give one, or leave it out for the suite's own."
                raise ColumnError(msg)
            if raw.get(key) is not None:
                data[key] = raw[key]
        if "agent" in raw:
            data["agent"] = _agent(raw["agent"])
        version: int | None = None
        given = [k for k in ("rubric_version", "rubric", "rubric_file") if raw.get(k) not in (None, "")]
        if len(given) > 1:
            msg = f"Column {n} sets both {given[0]} and {given[1]}: a column has one rubric; keep one of them."
            raise ColumnError(msg)
        if "rubric_version" in given:
            version = _version(raw["rubric_version"], n)
            if not base.rubric_name or rubric_text is None:
                msg = (
                    f"Column {n} sets rubric_version {version}, and the suite's rubric is not a library rubric: name "
                    "one (--rubric-name, or the form's Rubric name) so its versions can be told apart."
                )
                raise ColumnError(msg)
            found = rubric_text(version)
            if found is None:
                msg = f"Column {n}: rubric {base.rubric_name!r} has no version {version} in the library."
                raise ColumnError(msg)
            data["rubric"] = found
        elif "rubric" in given:
            data["rubric"] = raw["rubric"]
            data["rubric_name"] = ""
        elif "rubric_file" in given:
            if read_rubric_file is None:
                msg = f"Column {n} names a rubric_file, which only a suite config file can read."
                raise ColumnError(msg)
            data["rubric"] = read_rubric_file(str(raw["rubric_file"]))
            data["rubric_name"] = ""
        try:
            config = RunConfig.from_dict(data)
        except ConfigError as exc:
            field, message = next(iter(exc.errors.items()))
            msg = f"Column {n}: {field}: {message}"
            raise ColumnError(msg) from None
        label = " ".join(str(raw.get("label") or "").split())
        if len(label) > MAX_LABEL:
            msg = f"Column {n}: the label is {len(label)} characters; keep it to {MAX_LABEL}."
            raise ColumnError(msg)
        specs.append((label, config, version))
    _refuse_twins([c for _, c, _ in specs])
    made = _labels([c for _, c, _ in specs], [v for _, _, v in specs])
    labels = [given or made[i] for i, (given, _, _) in enumerate(specs)]
    seen: dict[str, int] = {}
    for i, label in enumerate(labels, 1):
        if label in seen:
            msg = f"Columns {seen[label]} and {i} are both labelled {label!r}: give each column its own label."
            raise ColumnError(msg)
        seen[label] = i
    return [ColumnSpec(label, config, version) for label, (_, config, version) in zip(labels, specs, strict=True)]


def _version(value: Any, n: int) -> int:
    try:
        version = int(str(value).strip())
    except ValueError:
        version = 0
    if isinstance(value, bool) or version < 1:
        msg = f"Column {n}: rubric_version must be a library version number (1, 2, ...); got {value!r}."
        raise ColumnError(msg)
    return version


_DIFFERS = ("model", "grader", "agent", "rubric", "max_iterations")


def _key(config: RunConfig) -> tuple[Any, ...]:
    """What makes a column's configuration: model specs as the resolver reads them (OFFLINE:writer is
    offline:writer), so two spellings of one model are one configuration."""
    from rubric_core.models.providers import parse_model_spec

    def spec(value: str) -> str:
        parsed = parse_model_spec(value)
        return f"{parsed}?{sorted(parsed.options.items())}"

    return tuple(spec(getattr(config, f)) if f in ("model", "grader") else getattr(config, f) for f in _DIFFERS)


def _refuse_twins(configs: list[RunConfig]) -> None:
    seen: dict[tuple[Any, ...], int] = {}
    for i, config in enumerate(configs, 1):
        key = _key(config)
        if key in seen:
            msg = (
                f"Columns {seen[key]} and {i} are the same configuration (working model {config.model}, grader "
                f"{config.grader}, the same agent, rubric and max iterations): give each column its own."
            )
            raise ColumnError(msg)
        seen[key] = i


def _labels(configs: list[RunConfig], versions: list[int | None]) -> list[str]:
    """Each column named by what sets it apart: 'openai:gpt-4o-mini · grader offline:grader · v2'."""
    differ = {f for f in _DIFFERS if len({getattr(c, f) for c in configs}) > 1}
    rubric_names: dict[str, str] = {}
    labels = []
    for config, version in zip(configs, versions, strict=True):
        parts = []
        if "model" in differ:
            parts.append(config.model)
        if "grader" in differ:
            parts.append(f"grader {config.grader}")
        if "agent" in differ:
            parts.append(f"agent {config.agent}" if config.agent else "built-in agent")
        if "rubric" in differ:
            if version is not None:
                parts.append(f"v{version}")
            else:
                parts.append(rubric_names.setdefault(config.rubric, f"rubric {chr(ord('A') + len(rubric_names))}"))
        if "max_iterations" in differ:
            parts.append(f"max {config.max_iterations}")
        labels.append(" · ".join(parts)[:MAX_LABEL])
    return labels


def columns_from_flags(
    models: Sequence[str] | None, graders: Sequence[str] | None, agents: Sequence[str] | None
) -> list[dict[str, Any]]:
    """Columns from repeated `--model`, `--grader` and `--agent` flags: the k-th of each makes column k; a flag given
    once is every column's. [] when no flag is repeated (a one-column suite run)."""
    given = {"model": list(models or []), "grader": list(graders or []), "agent": list(agents or [])}
    counts = {k: len(v) for k, v in given.items() if len(v) > 1}
    if not counts:
        return []
    n = max(counts.values())
    if len(set(counts.values())) > 1:
        said = ", ".join(f"--{k} {c} times" for k, c in counts.items())
        msg = (
            f"Repeated flags make the matrix's columns, one value per column, and these disagree ({said}). Repeat "
            "each of them the same number of times, or give one of them once for every column."
        )
        raise ColumnError(msg)
    return [{k: (v[i] if len(v) > 1 else v[0]) for k, v in given.items() if v} for i in range(n)]
