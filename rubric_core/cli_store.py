"""Store commands of the command line: runs, show, export, import, delete."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from typing import Any

from rubric_core.store import ALL_STATUSES, RunFilter, StoreError, open_store


def _date(value: str) -> float:
    try:
        dt = datetime.fromisoformat(value)
    except ValueError:
        msg = f"{value!r} is not a date: use YYYY-MM-DD or an ISO date-time."
        raise argparse.ArgumentTypeError(msg) from None
    return (dt if dt.tzinfo else dt.replace(tzinfo=UTC)).timestamp()


def _add_filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--status", action="append", choices=ALL_STATUSES, help="repeatable")
    p.add_argument("--rubric-name")
    p.add_argument("--rubric-version", type=int)
    p.add_argument("--model", help="working or grader model spec")
    p.add_argument("--since", type=_date, help="created on or after (YYYY-MM-DD)")
    p.add_argument("--until", type=_date, help="created before (YYYY-MM-DD)")
    p.add_argument("--tag")
    p.add_argument("--id", action="append", dest="ids", help="a run id (repeatable)")
    p.add_argument("--search", help="text in the task")


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
    )


def _store() -> Any:
    from rubric_core.cli import BadInput

    try:
        return open_store()
    except StoreError as exc:
        raise BadInput(str(exc)) from None


def cmd_runs(args: argparse.Namespace) -> int:
    store = _store()
    rows = store.list_runs(_filter(args), limit=args.limit, offset=args.offset)
    total = store.count_runs(_filter(args))
    print(f"{'id':32}  {'created (UTC)':19}  {'status':22}  {'it':>2}  {'model':24}  task")
    for r in rows:
        created = datetime.fromtimestamp(r["created_at"], UTC).strftime("%Y-%m-%d %H:%M:%S")
        task = " ".join(r["task"].split())[:50]
        print(f"{r['id']:32}  {created:19}  {r['status']:22}  {r['iterations']:>2}  {r['model'][:24]:24}  {task}")
    print(f"{len(rows)} of {total} runs")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from rubric_core import frames
    from rubric_core.cli import BadInput

    store = _store()
    run = store.get_run(args.run_id)
    if run is None:
        raise BadInput(f"No run {args.run_id!r} in the store. List runs with `python -m rubric_core runs`.")
    print(f"run {run['id']}  status {run['status']}  model {run['model']}  grader {run['grader']}")
    print(f"task: {run['task']}")
    crit = frames.criteria_frame(store, [run["id"]])
    its = frames.iterations_frame(store, [run["id"]])
    if crit.empty:
        print("(no graded iterations)")
    else:
        table = crit.pivot_table(
            index=["position", "criterion"], columns=["turn", "iteration"], values="passed", aggfunc="first"
        )
        table = table.map(lambda v: "PASS" if v is True else ("FAIL" if v is False else ""))
        table.columns = [f"t{t}/it{i}" for t, i in table.columns]
        table.index = [name for _, name in table.index]
        print(table.to_string())
        print()
        for _, row in its.iterrows():
            print(f"turn {row['turn']} iteration {row['iteration']}: {row['result']}: {row['explanation']}")
        failed = crit[~crit["passed"]]
        if not failed.empty:
            print("\ngaps:")
            for _, row in failed.iterrows():
                print(f"  t{row['turn']}/it{row['iteration']} {row['criterion']}: {row['gap']}")
    if run["error"]:
        print(f"\nerror: {run['error']}")
    print(f"\nfinal output:\n{run['final_output']}")
    return 0 if run["status"] == "satisfied" else 1


def cmd_export(args: argparse.Namespace) -> int:
    from rubric_core.export import export_runs

    if args.all_pairs and args.format != "pairs":
        from rubric_core.cli import BadInput

        raise BadInput("--all-pairs applies to --format pairs only.")
    result = export_runs(
        _store(), args.format, args.out, _filter(args), langsmith_dataset=args.dataset, all_pairs=args.all_pairs
    )
    print(f"exported {result.records} records ({args.format}) to " + ", ".join(str(p) for p in result.paths))
    if result.message:
        print(result.message)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from rubric_core.cli import BadInput
    from rubric_core.importer import ImportError_, import_runs

    try:
        result = import_runs(_store(), args.path)
    except ImportError_ as exc:
        raise BadInput(f"{exc} Nothing was imported.") from None
    print(f"imported {result.imported} runs, skipped {result.skipped} already in the store")
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    from rubric_core.cli import BadInput, _print_event_table
    from rubric_core.engine import Engine
    from rubric_core.manager import RunManager

    manager = RunManager(Engine(), _store())
    try:
        handle = manager.resume(args.run_id)
    except (ValueError, KeyError) as exc:
        raise BadInput(str(exc).strip("'\"")) from None
    handle.subscribe(lambda event: _print_event_table(event, sys.stdout))
    handle.wait()
    last = handle.last
    return 0 if last is not None and last.type == "finished" and last.data["status"] == "satisfied" else 1


def cmd_delete(args: argparse.Namespace) -> int:
    from rubric_core.cli import BadInput

    if not _store().delete_run(args.run_id):
        raise BadInput(f"No run {args.run_id!r} in the store.")
    print(f"deleted run {args.run_id}")
    return 0


def add_commands(sub: Any) -> None:
    from rubric_core.export import FORMATS

    runs = sub.add_parser("runs", help="list stored runs, newest first")
    _add_filters(runs)
    runs.add_argument("--limit", type=int, default=50)
    runs.add_argument("--offset", type=int, default=0)
    runs.set_defaults(func=cmd_runs)

    show = sub.add_parser("show", help="a run's criteria per iteration")
    show.add_argument("run_id")
    show.set_defaults(func=cmd_show)

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
    export.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", help="import a run-level JSONL export")
    imp.add_argument("path")
    imp.set_defaults(func=cmd_import)

    resume = sub.add_parser("resume", help="resume an interrupted or cancelled run")
    resume.add_argument("run_id")
    resume.set_defaults(func=cmd_resume)

    delete = sub.add_parser("delete", help="delete a run")
    delete.add_argument("run_id")
    delete.set_defaults(func=cmd_delete)
