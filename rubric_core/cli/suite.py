"""Suite commands: `suite run` and `suite resume` (one real loop per dataset item), and the `suite` group's parser.

The report commands (show, list, compare, export) and the CI gates are in suite_report.py.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from rubric_core.cli.common import (
    BadInput,
    add_project_flags,
    add_run_settings,
    audit,
    open_project,
    positive_arg,
    project_fields,
    read_text_file,
    run_settings,
)
from rubric_core.cli.dask import add_scheduler_flag, make_manager, uses_dask
from rubric_core.cli.project_check import check_project_run
from rubric_core.cli.suite_matrix import add_baseline_flag
from rubric_core.cli.suite_progress import SuiteProgress
from rubric_core.cli.suite_report import (
    add_gates,
    cmd_suite_compare,
    cmd_suite_export,
    cmd_suite_judges,
    cmd_suite_list,
    cmd_suite_show,
    find_suite,
    open_suite_store,
    print_summary,
)
from rubric_core.config import RunConfig
from rubric_core.projects.checks import check_project_config


def _config(args: argparse.Namespace, store: Any, dataset: Any) -> tuple[RunConfig, int | None, list[Any]]:
    """The shared RunConfig of the items, the rubric's library version (None for a loose file) and the matrix's
    columns ([] for a one-column suite run: no flag repeated, no [[columns]] in the config file).

    Every item is checked against it (each column's) before anything is stored (the rubric saved to the library
    included).
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
    if config.rubric_name and version is None:
        version = store.save_rubric(config.rubric_name, config.rubric)
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


def _dataset(args: argparse.Namespace) -> Any:
    from rubric_core.suites.datasets import DatasetError, load_dataset, load_langsmith_dataset

    if bool(args.dataset) == bool(args.langsmith_dataset):
        raise BadInput(
            "Give the dataset: --dataset FILE (JSONL, CSV, Parquet, HF directory) or --langsmith-dataset NAME."
        )
    try:
        return load_langsmith_dataset(args.langsmith_dataset) if args.langsmith_dataset else load_dataset(args.dataset)
    except DatasetError as exc:
        raise BadInput(str(exc)) from None


def _execute(
    start: Callable[[list[Any]], Any],
    args: argparse.Namespace,
    total: int,
    started: Callable[[Any], None] | None = None,
) -> Any:
    """Start, call `started` with the handle (the audit row), follow to the end; Ctrl-C cancels."""
    progress = SuiteProgress(args.jsonl, total)
    try:
        handle = start([progress])
        if started is not None:
            started(handle)
    except BaseException:
        progress.close()
        raise
    try:
        handle.wait()
    except KeyboardInterrupt:
        print("cancelling: the items in flight stop after their current step...", file=sys.stderr)
        handle.cancel()
        handle.wait()
    finally:
        progress.close()
    return handle


def _runner(store: Any, args: argparse.Namespace) -> Any:
    from rubric_core.engine import Engine
    from rubric_core.suites.runner import SuiteRunner

    return SuiteRunner(make_manager(Engine(), store, args))


def cmd_suite_run(args: argparse.Namespace) -> int:
    from rubric_core.suites.runner import check_concurrency

    try:
        concurrency = check_concurrency(args.concurrency)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    dataset = _dataset(args)
    store = open_suite_store(write=True)
    config, version, columns = _config(args, store, dataset)
    runner = _runner(store, args)
    what = f"suite run of {len(dataset.items)} items" + (f" x {len(columns)} columns" if columns else "")
    handle = _execute(
        lambda subs: runner.start(
            dataset,
            config,
            name=args.name or "",
            rubric_version=version,
            concurrency=concurrency,
            subscribers=subs,
            columns=columns,
        ),
        args,
        len(dataset.items) * max(1, len(columns)),
        lambda h: audit(store, "start", suite_run_id=h.suite_run_id, detail=what),
    )
    if not handle.done or handle.events[-1].get("status") == "cancelled":
        print(f"suite run {handle.suite_run_id} cancelled; `suite resume {handle.suite_run_id}` runs the rest.")
    return print_summary(store, handle.suite_run_id, args)


def cmd_suite_resume(args: argparse.Namespace) -> int:
    open_project(args)  # the items of a project's agent resume only with that project open
    store = open_suite_store(write=True)
    suite = find_suite(store, args.suite_id)
    concurrency = None
    if args.concurrency is not None:
        from rubric_core.suites.runner import check_concurrency

        try:
            concurrency = check_concurrency(args.concurrency)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    runner = _runner(store, args)
    from rubric_core.suites.suite_store import suite_cells

    column = None
    if args.column is not None:
        columns = len(suite["columns"])
        if not columns:
            raise BadInput(f"--column {args.column}: suite run {suite['id'][:12]} is a one-column suite run.")
        if not 1 <= args.column <= columns:
            raise BadInput(f"--column {args.column}: this matrix has columns 1 to {columns}.")
        column = args.column - 1
    total = len(suite_cells(store, suite["id"]))
    try:
        _execute(
            lambda subs: runner.resume(suite["id"], concurrency=concurrency, subscribers=subs, column=column),
            args,
            total,
            lambda _h: audit(
                store,
                "resume",
                suite_run_id=suite["id"],
                detail="suite resume" + (f" of column {column + 1}" if column is not None else ""),
            ),
        )
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc.args[0])) from None
    return print_summary(store, suite["id"], args)


def add_commands(sub: Any) -> None:
    """Register `suite ...` on the main parser's subcommands."""
    from rubric_core.exports import FORMATS

    suite = sub.add_parser("suite", help="run a rubric over a dataset of tasks; list, show, compare, resume, export")
    ssub = suite.add_subparsers(dest="suite_command", required=True)

    run = ssub.add_parser("run", help="run one real loop per dataset item")
    run.add_argument("--dataset", help="a .jsonl, .json, .csv, .parquet or .arrow file or a HF save_to_disk directory")
    run.add_argument("--langsmith-dataset", help="a LangSmith dataset name (needs LANGSMITH_API_KEY)")
    run.add_argument("--rubric-file", help="read the rubric from a file (saved in the library with --rubric-name)")
    run.add_argument("--rubric-name", help="a library rubric (its latest version unless --rubric-version)")
    run.add_argument("--rubric-version", type=positive_arg, help="a library rubric version")
    run.add_argument(
        "--require-fitness",
        choices=("exploration", "monitoring", "gate"),
        help="refuse a rubric version whose held-out agreement with reviewers is below this (rubric fitness)",
    )
    run.add_argument(
        "--config",
        help="a .toml or .yaml RunConfig file for the shared settings; [[columns]] tables in it make a matrix",
    )
    add_run_settings(run, columns=True)
    run.add_argument("--concurrency", default="4", help="items at once, 1 to 64 (default 4)")
    run.add_argument("--name", help="a name for this suite run (default: the dataset's)")
    add_gates(run)
    add_baseline_flag(run)
    add_scheduler_flag(run)
    run.set_defaults(func=cmd_suite_run)

    lst = ssub.add_parser("list", help="suite runs, newest first")
    lst.add_argument("--limit", type=positive_arg, default=50, help="how many suite runs, newest first (1 or more)")
    lst.add_argument("--jsonl", action="store_true")
    lst.set_defaults(func=cmd_suite_list)

    show = ssub.add_parser("show", help="a suite run's summary (gates apply too)")
    show.add_argument("suite_id")
    add_gates(show)
    add_baseline_flag(show)
    show.set_defaults(func=cmd_suite_show)

    compare = ssub.add_parser("compare", help="compare two suite runs over the same dataset")
    compare.add_argument("suite_a")
    compare.add_argument("suite_b")
    compare.add_argument("--jsonl", action="store_true")
    add_baseline_flag(compare)
    compare.set_defaults(func=cmd_suite_compare)

    resume = ssub.add_parser(
        "resume", help="run the items of an interrupted or cancelled suite run that did not finish"
    )
    resume.add_argument("suite_id")
    resume.add_argument("--concurrency", help="items at once (default: the suite run's)")
    resume.add_argument("--column", type=positive_arg, help="a matrix: resume only this column (from 1)")
    add_gates(resume)
    add_baseline_flag(resume)
    add_project_flags(resume, agent=False)
    add_scheduler_flag(resume)
    resume.set_defaults(func=cmd_suite_resume)

    judges = ssub.add_parser(
        "judges",
        help="two judges on the same drafts: regrade a finished column under other graders (no working-model call); "
        "per criterion, how they agree with each other and with the people's reviews",
    )
    judges.add_argument("suite_id")
    judges.add_argument("--column", type=positive_arg, help="the matrix column whose drafts to regrade (from 1)")
    judges.add_argument(
        "--grader", action="append", required=True, help="another grader model, provider:model-id (repeat, up to 4)"
    )
    judges.add_argument("--jsonl", action="store_true")
    judges.set_defaults(func=cmd_suite_judges)

    export = ssub.add_parser("export", help="export a suite run's runs, each record with the suite and item ids")
    export.add_argument("suite_id")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("--out", required=True, help="output file (a directory for parquet)")
    export.add_argument("--dataset", help="LangSmith dataset name (langsmith format)")
    export.set_defaults(func=cmd_suite_export)
