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
    path_arg,
    positive_arg,
)
from rubric_core.cli.dask import add_scheduler_flag, check_scheduler, make_manager, uses_dask
from rubric_core.cli.lookup import baseline_index, column_index, find_suite, models_ready
from rubric_core.cli.plan import Plan, command
from rubric_core.cli.suite_inputs import dataset_of, models_of, suite_config, suite_name
from rubric_core.cli.suite_judges import resolve_suite_judges
from rubric_core.cli.suite_matrix import add_baseline_flag
from rubric_core.cli.suite_progress import SuiteProgress
from rubric_core.cli.suite_report import (
    add_gates,
    open_suite_store,
    print_summary,
    resolve_suite_compare,
    resolve_suite_export,
    resolve_suite_list,
    resolve_suite_show,
)


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


def resolve_suite_run(args: argparse.Namespace) -> Plan:
    from rubric_core.suites.runner import check_concurrency

    try:
        concurrency = check_concurrency(args.concurrency)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    name = suite_name(args.name)
    check_scheduler(args)
    dataset = dataset_of(args)
    store = open_suite_store(write=True)
    config, version, columns = suite_config(args, store, dataset)
    baseline_index(args.baseline, len(columns), "this suite run" if not columns else "this matrix")
    if not uses_dask(args):
        models_ready(models_of(config, columns))  # on a cluster, the workers' environment holds the keys

    def apply() -> int:
        saved = version
        if config.rubric_name and saved is None:
            saved = store.save_rubric(config.rubric_name, config.rubric)
        runner = _runner(store, args)
        what = f"suite run of {len(dataset.items)} items" + (f" x {len(columns)} columns" if columns else "")
        handle = _execute(
            lambda subs: runner.start(
                dataset,
                config,
                name=name,
                rubric_version=saved,
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

    return Plan(apply)


def resolve_suite_resume(args: argparse.Namespace) -> Plan:
    from rubric_core.suites.runner import check_concurrency
    from rubric_core.suites.suite_store import suite_cells

    open_project(args)  # the items of a project's agent resume only with that project open
    check_scheduler(args)
    store = open_suite_store(write=True)
    suite = find_suite(store, args.suite_id)
    concurrency = None
    if args.concurrency is not None:
        try:
            concurrency = check_concurrency(args.concurrency)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    columns = len(suite["columns"])
    column = column_index(args.column, columns, suite["id"])
    baseline_index(args.baseline, columns, "this suite run" if not columns else "this matrix")
    total = len(suite_cells(store, suite["id"]))

    def apply() -> int:
        runner = _runner(store, args)
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

    return Plan(apply)


def add_commands(sub: Any) -> None:
    """Register `suite ...` on the main parser's subcommands."""
    from rubric_core.exports import FORMATS

    suite = sub.add_parser("suite", help="run a rubric over a dataset of tasks; list, show, compare, resume, export")
    ssub = suite.add_subparsers(dest="suite_command", required=True)

    run = ssub.add_parser("run", help="run one real loop per dataset item")
    run.add_argument(
        "--dataset", type=path_arg, help="a .jsonl, .json, .csv, .parquet or .arrow file or a HF save_to_disk directory"
    )
    run.add_argument("--langsmith-dataset", help="a LangSmith dataset name (needs LANGSMITH_API_KEY)")
    run.add_argument(
        "--rubric-file", type=path_arg, help="read the rubric from a file (saved in the library with --rubric-name)"
    )
    run.add_argument("--rubric-name", help="a library rubric (its latest version unless --rubric-version)")
    run.add_argument("--rubric-version", type=positive_arg, help="a library rubric version")
    run.add_argument(
        "--require-fitness",
        choices=("exploration", "monitoring", "gate"),
        help="refuse a rubric version whose held-out agreement with reviewers is below this (rubric fitness)",
    )
    run.add_argument(
        "--config",
        type=path_arg,
        help="a .toml or .yaml RunConfig file for the shared settings; [[columns]] tables in it make a matrix",
    )
    add_run_settings(run, columns=True)
    run.add_argument("--concurrency", default="4", help="items at once, 1 to 64 (default 4)")
    run.add_argument("--name", help="a name for this suite run (default: the dataset's)")
    add_gates(run)
    add_baseline_flag(run)
    add_scheduler_flag(run)
    command(run, resolve_suite_run)

    lst = ssub.add_parser("list", help="suite runs, newest first")
    lst.add_argument("--limit", type=positive_arg, default=50, help="how many suite runs, newest first (1 or more)")
    lst.add_argument("--jsonl", action="store_true")
    command(lst, resolve_suite_list)

    show = ssub.add_parser("show", help="a suite run's summary (gates apply too)")
    show.add_argument("suite_id")
    add_gates(show)
    add_baseline_flag(show)
    command(show, resolve_suite_show)

    compare = ssub.add_parser("compare", help="compare two suite runs over the same dataset")
    compare.add_argument("suite_a")
    compare.add_argument("suite_b")
    compare.add_argument("--jsonl", action="store_true")
    add_baseline_flag(compare)
    command(compare, resolve_suite_compare)

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
    command(resume, resolve_suite_resume)

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
    command(judges, resolve_suite_judges)

    export = ssub.add_parser("export", help="export a suite run's runs, each record with the suite and item ids")
    export.add_argument("suite_id")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("--out", required=True, help="output file (a directory for parquet)")
    export.add_argument("--dataset", help="LangSmith dataset name (langsmith format)")
    command(export, resolve_suite_export)
