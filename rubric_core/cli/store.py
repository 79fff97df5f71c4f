"""Store commands of the command line: runs, show, export, import, delete (each a resolve step, then apply: plan.py)."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import Any

from rubric_core.cli.common import (
    BadInput,
    audit,
    count_arg,
    date_arg,
    open_cli_store,
    path_arg,
    positive_arg,
)
from rubric_core.cli.export_target import export_target_problem, report_export, writing_export
from rubric_core.cli.lookup import find_run
from rubric_core.cli.plan import Plan, command
from rubric_core.store import ALL_STATUSES, RunFilter
from rubric_core.verdicts import score_text


def _add_filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--status", action="append", choices=ALL_STATUSES, help="repeatable")
    p.add_argument("--rubric-name")
    p.add_argument("--rubric-version", type=positive_arg)
    p.add_argument("--model", help="working or grader model spec")
    p.add_argument("--since", type=date_arg, help="created on or after (YYYY-MM-DD)")
    p.add_argument("--until", type=date_arg, help="created before (YYYY-MM-DD)")
    p.add_argument("--tag")
    p.add_argument("--id", action="append", dest="ids", help="a run id (repeatable)")
    p.add_argument("--search", help="text in the task")
    p.add_argument("--agent", help='runs of this project agent ("" for the built-in deep agent)')


def _filter(args: argparse.Namespace) -> RunFilter:
    return RunFilter(
        statuses=args.status or [],
        rubric_name=args.rubric_name,
        rubric_version=args.rubric_version,
        model=args.model,
        since=args.since,
        until=args.until,
        tag=args.tag,
        ids=args.ids or [],
        search=args.search,
        agent=args.agent,
    )


def check_filter(store: Any, args: argparse.Namespace) -> RunFilter:
    """The runs the filter flags select, each flag checked: a filter that cannot mean anything is refused, not run
    as an empty (or a whole-store) selection."""
    from rubric_core.config import _NAME as AGENT_NAME
    from rubric_core.store.ids import ID_CHARS

    for flag, value in (("--model", args.model), ("--tag", args.tag), ("--rubric-name", args.rubric_name)):
        if value is not None and not value.strip():
            raise BadInput(f"{flag} is empty: give a value to filter on, or leave {flag} out.")
    if args.rubric_version is not None:
        if args.rubric_name is None:
            raise BadInput(f"--rubric-version {args.rubric_version} needs --rubric-name: a version of which rubric?")
        versions = [int(v["version"]) for v in store.rubric_versions(args.rubric_name)]
        if versions and args.rubric_version not in versions:
            raise BadInput(
                f"--rubric-version {args.rubric_version}: rubric {args.rubric_name!r} has versions "
                f"{', '.join(map(str, versions))}."
            )
    if args.since is not None and args.until is not None and args.until <= args.since:
        raise BadInput("--until is not after --since: the window would hold no run. Swap them or widen it.")
    for run_id in args.ids or []:
        if not ID_CHARS.match(run_id) or len(run_id) > 64:
            raise BadInput(
                f"--id {run_id[:80]!r} is not a run id: ids are 1 to 64 letters, digits, '-' and '_' (no patterns). "
                "`rubric-studio runs` lists them."
            )
    if args.agent and not AGENT_NAME.match(args.agent):
        raise BadInput(
            f"--agent {args.agent[:80]!r} is not an agent name (a letter, then letters, digits, '-' or '_'; "
            '"" for the built-in deep agent).'
        )
    return _filter(args)


def resolve_runs(args: argparse.Namespace) -> Plan:
    store = open_cli_store()
    runs_filter = check_filter(store, args)
    return Plan(lambda: _print_runs(store, runs_filter, args))


def _print_runs(store: Any, runs_filter: RunFilter, args: argparse.Namespace) -> int:
    rows = store.list_runs(runs_filter, limit=args.limit, offset=args.offset)
    total = store.count_runs(runs_filter)
    # The model and agent columns are as wide as their longest value: one cut short names another.
    width = max([24, *(len(r["model"]) for r in rows)])
    agents = {r["id"]: str(r.get("agent") or "") or "built-in" for r in rows}
    agent_width = max([8, *(len(a) for a in agents.values())])
    # Criteria met at the final draft of those judged (n/a apart), through the one function that counts them.
    finals = store.final_verdicts([r["id"] for r in rows])
    print(
        f"{'id':32}  {'created (UTC)':19}  {'status':22}  {'it':>2}  {'score':>11}  {'model':{width}}  "
        f"{'agent':{agent_width}}  task"
    )
    for r in rows:
        created = datetime.fromtimestamp(r["created_at"], UTC).strftime("%Y-%m-%d %H:%M:%S")
        task = " ".join(r["task"].split())[:50]
        score = score_text(finals[r["id"]]) if r["id"] in finals else "-"
        print(
            f"{r['id']:32}  {created:19}  {r['status']:22}  {r['iterations']:>2}  {score:>11}  "
            f"{r['model']:{width}}  {agents[r['id']]:{agent_width}}  {task}"
        )
    print(f"{len(rows)} of {total} runs")
    return 0


def resolve_show(args: argparse.Namespace) -> Plan:
    store = open_cli_store()
    run = find_run(store, args.run_id)
    return Plan(lambda: _show(store, run))


def _show(store: Any, run: dict[str, Any]) -> int:
    from rubric_core.views import frames

    print(f"run {run['id']}  status {run['status']}  model {run['model']}  grader {run['grader']}")
    if run.get("agent"):
        print(f"agent {run['agent']} ({run['agent_factory']}), project file digest {run['project_digest'][:12]}")
    print(f"task: {run['task']}")
    crit = frames.criteria_frame(store, [run["id"]])
    its = frames.iterations_frame(store, [run["id"]])
    if crit.empty:
        print("(no graded iterations)")
    else:
        table = crit.pivot_table(
            index=["position", "criterion"], columns=["turn", "iteration"], values="verdict", aggfunc="first"
        )
        table = table.map(
            lambda v: {"pass": "PASS", "fail": "FAIL", "n/a": "N/A"}.get(v, "") if isinstance(v, str) else ""
        )
        table.columns = [f"t{t + 1}/it{i + 1}" for t, i in table.columns]  # counted from 1, as the UI does
        table.index = [name for _, name in table.index]
        print(table.to_string())
        print()
        for _, row in its.iterrows():
            print(f"turn {row['turn'] + 1} iteration {row['iteration'] + 1}: {row['result']}: {row['explanation']}")
        failed = crit[crit["verdict"] != "pass"]
        if not failed.empty:
            print("\ngaps (N/A: the grader could not judge it):")
            for _, row in failed.iterrows():
                mark = "N/A " if row["verdict"] == "n/a" else ""
                print(f"  t{row['turn'] + 1}/it{row['iteration'] + 1} {mark}{row['criterion']}: {row['gap']}")
        last = crit[
            (crit["turn"] == crit["turn"].max())
            & (crit["iteration"] == crit[crit["turn"] == crit["turn"].max()]["iteration"].max())
        ]
        print("\nchecks at the last pass:")
        for _, row in last.iterrows():
            print(f"  {row['criterion']}: {row['verdict']} · {row['check']}")
    if run["error"]:
        print(f"\nerror: {run['error']}")
    print(f"\nfinal output:\n{run['final_output']}")
    return 0 if run["status"] == "satisfied" else 1


def resolve_export(args: argparse.Namespace) -> Plan:
    from rubric_core.exports import export_runs

    if args.dataset is not None and args.format != "langsmith":
        raise BadInput("--dataset names a LangSmith dataset: use it with --format langsmith, or leave it out.")
    if args.format == "langsmith" and args.dataset is not None and not args.dataset.strip():
        raise BadInput("--dataset is empty: name the LangSmith dataset to write, or leave --dataset out.")
    if args.all_pairs and args.format != "pairs":
        raise BadInput("--all-pairs applies to --format pairs only.")
    problem = export_target_problem(args.format, args.out)
    if problem:
        raise BadInput(problem)
    store = open_cli_store()
    runs_filter = check_filter(store, args)

    def apply() -> int:
        with writing_export(args.out):
            result = export_runs(
                store, args.format, args.out, runs_filter, langsmith_dataset=args.dataset, all_pairs=args.all_pairs
            )
        code = report_export(result, args.format)
        if not store.readonly:  # a read-only copy of the store has no trail to write
            audit(store, "export", detail=f"export --format {args.format} to {args.out}")
        return code

    return Plan(apply)


def resolve_import(args: argparse.Namespace) -> Plan:
    from rubric_core.exports.importer import ImportError_, check_import

    store = open_cli_store(write=True)
    try:
        checked = check_import(store, args.path)
    except ImportError_ as exc:
        raise BadInput(f"{exc} Nothing was imported.") from None

    def apply() -> int:
        from rubric_core.exports.importer import write_import

        result = write_import(store, checked)
        audit(
            store,
            "import",
            detail=f"import of {result.imported} runs ({result.skipped} already stored) from {args.path}",
        )
        print(f"imported {result.imported} runs, skipped {result.skipped} already in the store")
        for note in result.notes:
            print(f"note: {note}")
        return 0

    return Plan(apply)


def resolve_delete(args: argparse.Namespace) -> Plan:
    store = open_cli_store(write=True)
    # Irreversible: the whole id, never a start of one.
    run = find_run(store, args.run_id, prefix=False)

    def apply() -> int:
        store.delete_run(run["id"])
        audit(store, "delete", run_id=run["id"], detail="delete")
        print(f"deleted run {run['id']}")
        return 0

    return Plan(apply)


def add_commands(sub: Any) -> None:
    from rubric_core.exports import FORMATS

    runs = sub.add_parser("runs", help="list stored runs, newest first")
    _add_filters(runs)
    runs.add_argument("--limit", type=positive_arg, default=50, help="runs to list (1 or more)")
    runs.add_argument("--offset", type=count_arg, default=0, help="runs to skip (0 or more)")
    command(runs, resolve_runs)

    show = sub.add_parser("show", help="a run's criteria per iteration")
    show.add_argument("run_id")
    command(show, resolve_show)

    export = sub.add_parser("export", help="export runs as an eval dataset")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("--out", required=True, help="output file (a directory for parquet)")
    export.add_argument("--dataset", help="LangSmith dataset name (langsmith format)")
    export.add_argument(
        "--all-pairs",
        action="store_true",
        help="pairs format: every consecutive graded pair, not only those whose pass count improved",
    )
    _add_filters(export)
    command(export, resolve_export)

    imp = sub.add_parser("import", help="import a run-level JSONL export")
    imp.add_argument("path", type=path_arg)
    command(imp, resolve_import)

    delete = sub.add_parser("delete", help="delete a run")
    delete.add_argument("run_id")
    command(delete, resolve_delete)
