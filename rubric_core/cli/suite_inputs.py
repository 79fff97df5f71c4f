"""What `suite run` was given, read and checked for its resolve step (rubric_core/cli/plan.py): the run settings
and the dataset, the matrix's columns, the rubric's fitness gate, the name, and every model the suite run would
call. Each refusal is BadInput (exit 2); nothing here writes.
"""

from __future__ import annotations

import argparse
from typing import Any

from rubric_core.cli.common import (
    BadInput,
    open_project,
    project_fields,
    read_text_file,
    run_settings,
)
from rubric_core.cli.dask import uses_dask
from rubric_core.cli.project_check import check_project_run
from rubric_core.config import RunConfig
from rubric_core.projects.checks import check_project_config


def suite_config(args: argparse.Namespace, store: Any, dataset: Any) -> tuple[RunConfig, int | None, list[Any]]:
    """The shared RunConfig of the items, the rubric's library version (None for a loose file, or a named file not
    saved yet: apply saves it) and the matrix's columns ([] for a one-column suite run: no flag repeated, no
    [[columns]] in the config file).

    Every item is checked against it (each column's) before anything is stored. Reads only.
    """
    from rubric_core.suites.columns import ColumnError, columns_from_flags

    project = open_project(args)
    try:
        flag_columns = columns_from_flags(args.model, args.grader, args.agent)
    except ColumnError as exc:
        raise BadInput(str(exc)) from None
    # A flag given once is every column's (or the one-column suite's) setting; repeated, the columns carry it.
    args.model = args.model[0] if args.model and len(args.model) == 1 else None
    args.grader = args.grader[0] if args.grader and len(args.grader) == 1 else None
    agent = args.agent[0] if args.agent and len(args.agent) == 1 else None
    args.agent = None if agent is None or _built_in(agent) else agent
    data: dict[str, Any] = {}
    file_columns: Any = None
    if args.config:
        from rubric_core.config import ConfigError, read_config_file

        try:
            loaded = read_config_file(args.config)
            file_columns = loaded.pop("columns", None)
            loaded.setdefault("task", "(each item's task)")
            given_rubric = "rubric" in loaded
            # The rubric may come from the flags (--rubric-file, --rubric-name): the file is checked without it.
            loaded.setdefault("rubric", "- (the rubric the flags give)")
            root = str(project.root) if project is not None else ""
            checked = RunConfig.from_dict({**loaded, "project": root} if root else loaded).to_dict()
            if not given_rubric:
                checked.pop("rubric")
        except ConfigError as exc:
            field, message = next(iter(exc.errors.items()))
            raise BadInput(f"{args.config}: {field}: {message}") from None
        data.update({k: v for k, v in checked.items() if v not in ("", [], None, {})})
        if file_columns is not None and not isinstance(file_columns, list):
            raise BadInput(f"{args.config}: columns must be a list of tables ([[columns]] in TOML); got one value.")
        if file_columns == []:
            raise BadInput(
                f"{args.config}: columns is an empty list, which makes no matrix: give 2 to 8 [[columns]] tables, "
                "or leave columns out for a one-column suite run."
            )
    if flag_columns and file_columns:
        raise BadInput(
            "Give the matrix's columns one way: repeated --model / --grader / --agent flags, or [[columns]] in the "
            "config file, not both."
        )
    data.update(project_fields(args, project))
    version: int | None = None
    if args.rubric_file:
        if args.rubric_version is not None:
            raise BadInput("--rubric-version picks a library version; it does not go with --rubric-file.")
        data["rubric"] = read_text_file(args.rubric_file, "rubric")
        if args.rubric_name:
            data["rubric_name"] = args.rubric_name
    elif args.rubric_name:
        found = store.get_rubric(args.rubric_name, args.rubric_version)
        if found is None:
            names = ", ".join(r["name"] for r in store.list_rubrics()) or "none yet"
            which = f" version {args.rubric_version}" if args.rubric_version is not None else ""
            raise BadInput(f"No rubric {args.rubric_name!r}{which} in the library (rubrics: {names}).")
        data["rubric"], data["rubric_name"], version = found["text"], found["name"], int(found["version"])
    elif "rubric" not in data:
        raise BadInput("Give the rubric: --rubric-file FILE or --rubric-name NAME [--rubric-version V].")
    data.update(run_settings(args))
    data["task"] = "(each item's task)"
    config = RunConfig.from_dict(data)
    from rubric_core.rubric import repeated_criteria

    repeated = repeated_criteria(config.rubric)
    if repeated:
        raise BadInput(repeated)
    check_project_config(config, project)
    columns = _columns(args, store, config, version, flag_columns or file_columns or [])
    from rubric_core.suites.runner import check_items

    for n, checked_config in enumerate([c.config for c in columns] or [config], 1):
        try:
            check_items(dataset, checked_config)
        except ValueError as exc:
            raise BadInput(f"Column {n}: {exc}" if columns else str(exc)) from None
        check_project_run(checked_config, project, remote=uses_dask(args))
    if getattr(args, "require_fitness", None):
        for column in columns or [None]:
            if column is None:
                _require_fitness(store, config, version, args.require_fitness)
            else:
                _require_fitness(store, column.config, column.rubric_version, args.require_fitness)
    return config, version, columns


def _built_in(agent: str) -> bool:
    from rubric_core.suites.columns import BUILT_IN_AGENT

    return agent.strip().lower() in ("", BUILT_IN_AGENT, "builtin", "built_in")


def _columns(args: argparse.Namespace, store: Any, config: RunConfig, version: int | None, raw: list[Any]) -> list[Any]:
    """The matrix's columns from the flags' or the config file's settings, each checked ([] for none)."""
    if not raw:
        return []
    from pathlib import Path

    from rubric_core.suites.columns import ColumnError, build_columns

    def text_of(n: int) -> str | None:
        found = store.get_rubric(config.rubric_name, n)
        return None if found is None else str(found["text"])

    def rubric_file(path: str) -> str:
        where = Path(args.config).parent / path if args.config and not Path(path).is_absolute() else Path(path)
        return read_text_file(str(where), "rubric")

    try:
        columns = build_columns(config, raw, rubric_text=text_of, read_rubric_file=rubric_file)
    except ColumnError as exc:
        raise BadInput(str(exc)) from None
    project = open_project(args)
    from rubric_core.suites.columns import ColumnSpec

    out = []
    from rubric_core.config import ConfigError

    for n, column in enumerate(columns, 1):
        try:
            check_project_config(column.config, project)
        except ConfigError as exc:
            field, message = next(iter(exc.errors.items()))
            raise BadInput(f"Column {n} ({column.label}): {field}: {message}") from None
        same = column.rubric_version is None and column.config.rubric == config.rubric and config.rubric_name
        out.append(ColumnSpec(column.label, column.config, version) if same and version else column)
    return out


def _require_fitness(store: Any, config: RunConfig, version: int | None, required: str) -> None:
    """Refuse (before anything is stored) a rubric version whose held-out evidence does not reach `required`."""
    from rubric_core.assistant.fitness import fitness

    if not config.rubric_name:
        raise BadInput(
            f"--require-fitness {required}: a rubric file with no library name has no held-out evidence. Name a "
            "library rubric (--rubric-name) whose version has it (`rubric-studio rubric fitness NAME`)."
        )
    if version is None:
        same = [v for v in store.rubric_versions(config.rubric_name) if v["text"] == config.rubric]
        if not same:
            raise BadInput(
                f"--require-fitness {required}: this rubric text is not a version of {config.rubric_name!r} yet, "
                "so it has no held-out evidence. Prove it first (`rubric-studio rubric doctor` / `prove` / `accept`)."
            )
        version = int(same[-1]["version"])
    found = fitness(store, config.rubric_name, version)
    if not found.meets(required):
        raise BadInput(
            f"--require-fitness {required}: {config.rubric_name} v{version} is {found.label}. Review more of its "
            "cells or prove an edit of it (docs/ASSISTANT.md)."
        )


def dataset_of(args: argparse.Namespace) -> Any:
    from rubric_core.suites.datasets import DatasetError, load_dataset, load_langsmith_dataset

    if bool(args.dataset) == bool(args.langsmith_dataset):
        raise BadInput(
            "Give the dataset: --dataset FILE (JSONL, CSV, Parquet, HF directory) or --langsmith-dataset NAME."
        )
    try:
        return load_langsmith_dataset(args.langsmith_dataset) if args.langsmith_dataset else load_dataset(args.dataset)
    except DatasetError as exc:
        raise BadInput(str(exc)) from None


MAX_NAME = 200
"""The longest suite run name (it heads every view of the suite run)."""


def suite_name(value: str | None) -> str:
    """--name, checked: not empty, one line of plain text, at most MAX_NAME characters."""
    if value is None:
        return ""
    from rubric_core.judge.reviews import has_control

    name = value.strip()
    if not name:
        raise BadInput("--name is empty: name the suite run, or leave --name out to use the dataset's name.")
    if has_control(name):
        raise BadInput("--name holds a control character (a line break, an escape, a bidi override): use plain text.")
    if len(name) > MAX_NAME:
        raise BadInput(f"--name is {len(name):,} characters; the limit is {MAX_NAME}.")
    return name


def models_of(config: RunConfig, columns: list[Any]) -> list[tuple[str, str]]:
    """(role, spec) of every working model and grader the suite run would call, each column's named."""
    if not columns:
        return [("Working model", config.model), ("Grader model", config.grader)]
    out = []
    for n, column in enumerate(columns, 1):
        out += [(f"Column {n} ({column.label}): working model", column.config.model)]
        out += [(f"Column {n} ({column.label}): grader model", column.config.grader)]
    return out
