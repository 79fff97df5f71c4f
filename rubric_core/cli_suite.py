"""Suite commands of the command line: `suite run|list|show|compare|resume|export`.

Gates for CI: `--min-pass-rate` (share of items satisfied) and
`--min-criterion-pass-rate` (every criterion's final pass rate) exit 1 when the
suite falls below, 0 otherwise; bad input exits 2 before anything runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from rubric_core.cli_store import _positive
from rubric_core.config import RunConfig
from rubric_core.store.errors import StoreError

EXIT_OK, EXIT_BELOW, EXIT_BAD_INPUT = 0, 1, 2


def _bad(message: str) -> Exception:
    from rubric_core.cli import BadInput

    return BadInput(message)


def _store() -> Any:
    from rubric_core.store import open_store

    try:
        return open_store()
    except StoreError as exc:
        raise _bad(str(exc)) from None


def _rate_arg(value: str) -> float:
    try:
        rate = float(value)
    except ValueError:
        rate = -1.0
    if not 0.0 <= rate <= 1.0:
        msg = f"{value!r} is not a share: give a number from 0 to 1 (0.9 means 90%)."
        raise argparse.ArgumentTypeError(msg)
    return rate


def _suite(store: Any, suite_id: str) -> dict[str, Any]:
    from rubric_core.suites.suite_store import find_suite_run

    try:
        return find_suite_run(store, suite_id)
    except KeyError as exc:
        raise _bad(str(exc.args[0])) from None


def _config(args: argparse.Namespace, store: Any) -> tuple[RunConfig, int | None]:
    """The shared RunConfig of the items and the rubric's library version (None for a loose file)."""
    from rubric_core.cli import _read

    data: dict[str, Any] = {}
    if args.config:
        from rubric_core.config import load_config

        data.update({k: v for k, v in load_config(args.config).to_dict().items() if v not in ("", [], None)})
    version: int | None = None
    if args.rubric_file:
        if args.rubric_version is not None:
            raise _bad("--rubric-version picks a library version; it does not go with --rubric-file.")
        data["rubric"] = _read(args.rubric_file, "rubric")
        if args.rubric_name:
            data["rubric_name"] = args.rubric_name
    elif args.rubric_name:
        found = store.get_rubric(args.rubric_name, args.rubric_version)
        if found is None:
            names = ", ".join(r["name"] for r in store.list_rubrics()) or "none yet"
            which = f" version {args.rubric_version}" if args.rubric_version is not None else ""
            raise _bad(f"No rubric {args.rubric_name!r}{which} in the library (rubrics: {names}).")
        data["rubric"], data["rubric_name"], version = found["text"], found["name"], int(found["version"])
    elif "rubric" not in data:
        raise _bad("Give the rubric: --rubric-file FILE or --rubric-name NAME [--rubric-version V].")
    for key in ("model", "grader", "max_iterations", "strategy", "grader_call_limit"):
        value = getattr(args, key)
        if value is not None:
            data[key] = value
    if args.grader_tool:
        data["grader_tools"] = list(args.grader_tool)
    data["task"] = "(each item's task)"
    config = RunConfig.from_dict(data)
    if config.rubric_name and version is None:
        version = store.save_rubric(config.rubric_name, config.rubric)
    return config, version


def _dataset(args: argparse.Namespace) -> Any:
    from rubric_core.suites.datasets import DatasetError, load_dataset, load_langsmith_dataset

    if bool(args.dataset) == bool(args.langsmith_dataset):
        raise _bad("Give the dataset: --dataset FILE (JSONL, CSV, Parquet, HF directory) or --langsmith-dataset NAME.")
    try:
        return load_langsmith_dataset(args.langsmith_dataset) if args.langsmith_dataset else load_dataset(args.dataset)
    except DatasetError as exc:
        raise _bad(str(exc)) from None


class _Progress:
    """A progress bar on a terminal (tqdm, on stderr), one JSON event per line with --jsonl, else quiet."""

    def __init__(self, jsonl: bool, total: int) -> None:
        self.jsonl = jsonl
        self.bar: Any = None
        if not jsonl and sys.stderr.isatty():
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="item", file=sys.stderr, dynamic_ncols=True)

    def __call__(self, event: dict[str, Any]) -> None:
        if self.jsonl:
            sys.stdout.write(json.dumps(event, default=str) + "\n")
            sys.stdout.flush()
        elif self.bar is not None:
            if event["type"] == "suite_started":
                self.bar.n = event["already_finished"]
                self.bar.refresh()
            elif event["type"] == "item_finished":
                self.bar.update(1)
                self.bar.set_postfix_str(f"{event['item_id']}: {event['status']}", refresh=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _execute(start: Callable[[list[Any]], Any], args: argparse.Namespace, total: int) -> Any:
    progress = _Progress(args.jsonl, total)
    try:
        handle = start([progress])
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


def _summary(store: Any, suite_run_id: str, args: argparse.Namespace) -> int:
    """Print the summary (a table, or one `suite_summary` JSON line) and apply the gates."""
    from rubric_core.suites.frames import criterion_rates, suite_frames, summarize

    frames = suite_frames(store, suite_run_id)
    summary = summarize(frames)
    rates = criterion_rates(frames)
    failures = []
    if args.min_pass_rate is not None and (summary.satisfied.rate or 0.0) < args.min_pass_rate:
        failures.append(
            f"pass rate {summary.satisfied.rate or 0.0:.1%} ({summary.satisfied.passed}/{summary.total} satisfied) "
            f"is below --min-pass-rate {args.min_pass_rate:.1%}"
        )
    if args.min_criterion_pass_rate is not None:
        for r in rates:
            if r.final.total == 0:
                failures.append(f"criterion {r.criterion!r} was not graded on any item")
            elif (r.final.rate or 0.0) < args.min_criterion_pass_rate:
                failures.append(
                    f"criterion {r.criterion!r} passes {r.final.rate or 0.0:.1%} at the end, below "
                    f"--min-criterion-pass-rate {args.min_criterion_pass_rate:.1%}"
                )
    suite = frames.suite
    if args.jsonl:
        record = {
            "type": "suite_summary",
            "suite_run_id": suite["id"],
            "status": suite["status"],
            "items": summary.total,
            "finished": summary.finished,
            "status_counts": summary.status_counts,
            "pass_rate": summary.satisfied.rate,
            "pass_rate_ci": [summary.satisfied.low, summary.satisfied.high],
            "criteria": [
                {
                    "criterion": r.criterion,
                    "first": r.first.rate,
                    "final": r.final.rate,
                    "final_ci": [r.final.low, r.final.high],
                    "blocking": r.blocking,
                }
                for r in rates
            ],
            "total_tokens": summary.total_tokens,
            "cost_usd": summary.cost_usd,
            "gate_failures": failures,
        }
        print(json.dumps(record))
    else:
        rubric = f"{suite['rubric_name']} v{suite['rubric_version']}" if suite["rubric_name"] else "(file)"
        print(f"suite run {suite['id']}  {suite['name']}  [{suite['status']}]")
        print(f"dataset {suite['dataset_name']}  rubric {rubric}  model {suite['config'].get('model')}")
        counts = ", ".join(f"{k} {v}" for k, v in summary.status_counts.items())
        print(f"items {summary.finished}/{summary.total} finished: {counts}")
        s = summary.satisfied
        print(f"satisfied {s.passed}/{s.total} = {s.rate or 0.0:.1%}  (Wilson 95% {s.low:.1%} to {s.high:.1%})")
        cost = "n/a (a model has no price)" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
        print(f"tokens {summary.total_tokens:,}  cost {cost}  time {summary.wall_time_s:.1f} s")
        if summary.iterations_to_satisfied:
            dist = ", ".join(f"{k}: {v}" for k, v in summary.iterations_to_satisfied.items())
            print(f"iterations to satisfied: {dist}")
        if summary.cap_hits:
            print(f"hit the cap: {', '.join(summary.cap_hits)}")
        if rates:
            width = max(len(r.criterion) for r in rates)
            print(f"\n{'criterion':{width}}  first draft      end (95% CI)              blocking")
            for r in rates:
                print(
                    f"{r.criterion:{width}}  {r.first.rate or 0.0:6.1%}       {r.final.rate or 0.0:6.1%} "
                    f"({r.final.low:.1%} to {r.final.high:.1%})   {r.blocking:>4}"
                )
        for f in failures:
            print(f"GATE FAILED: {f}", file=sys.stderr)
    if failures:
        return EXIT_BELOW
    return EXIT_OK if suite["status"] == "finished" else EXIT_BELOW


def _runner(store: Any, args: argparse.Namespace) -> Any:
    from rubric_core.cli_dask import make_manager
    from rubric_core.engine import Engine
    from rubric_core.suites.runner import SuiteRunner

    return SuiteRunner(make_manager(Engine(), store, args))


def cmd_suite_run(args: argparse.Namespace) -> int:
    from rubric_core.suites.runner import check_concurrency

    try:
        concurrency = check_concurrency(args.concurrency)
    except ValueError as exc:
        raise _bad(str(exc)) from None
    dataset = _dataset(args)
    store = _store()
    config, version = _config(args, store)
    runner = _runner(store, args)
    handle = _execute(
        lambda subs: runner.start(
            dataset, config, name=args.name or "", rubric_version=version, concurrency=concurrency, subscribers=subs
        ),
        args,
        len(dataset.items),
    )
    if not handle.done or handle.events[-1].get("status") == "cancelled":
        print(f"suite run {handle.suite_run_id} cancelled; `suite resume {handle.suite_run_id}` runs the rest.")
    return _summary(store, handle.suite_run_id, args)


def cmd_suite_resume(args: argparse.Namespace) -> int:
    store = _store()
    suite = _suite(store, args.suite_id)
    concurrency = None
    if args.concurrency is not None:
        from rubric_core.suites.runner import check_concurrency

        try:
            concurrency = check_concurrency(args.concurrency)
        except ValueError as exc:
            raise _bad(str(exc)) from None
    runner = _runner(store, args)
    from rubric_core.suites.suite_store import suite_items

    total = len(suite_items(store, suite["id"]))
    try:
        _execute(lambda subs: runner.resume(suite["id"], concurrency=concurrency, subscribers=subs), args, total)
    except (ValueError, KeyError) as exc:
        raise _bad(str(exc.args[0])) from None
    return _summary(store, suite["id"], args)


def cmd_suite_show(args: argparse.Namespace) -> int:
    store = _store()
    return _summary(store, _suite(store, args.suite_id)["id"], args)


def cmd_suite_list(args: argparse.Namespace) -> int:
    from rubric_core.suites.suite_store import list_suite_runs

    rows = list_suite_runs(_store(), limit=args.limit)
    if args.jsonl:
        for r in rows:
            print(json.dumps(r, default=str))
        return EXIT_OK
    if not rows:
        print("no suite runs yet: `python -m rubric_core suite run --dataset FILE --rubric-file FILE`")
    for r in rows:
        rubric = f"{r['rubric_name']} v{r['rubric_version']}" if r["rubric_name"] else "(file)"
        print(
            f"{r['id'][:12]}  {r['status']:11} {r['satisfied']:>4}/{r['items']:<4} satisfied  "
            f"{r['name'][:30]:30}  {rubric}  {r['model']}"
        )
    return EXIT_OK


def cmd_suite_compare(args: argparse.Namespace) -> int:
    from rubric_core.suites.compare import compare_suite_runs

    store = _store()
    a, b = _suite(store, args.suite_a), _suite(store, args.suite_b)
    try:
        result = compare_suite_runs(store, a["id"], b["id"])
    except ValueError as exc:
        raise _bad(str(exc)) from None
    if args.jsonl:
        print(json.dumps(result.to_dict(), default=str))
        return EXIT_OK
    print(f"A {a['id']}  {a['name']}\nB {b['id']}  {b['name']}")
    if not result.same_dataset:
        print("note: the datasets differ; comparing the items whose ids both have.")
    sa, sb, p = result.satisfied_a, result.satisfied_b, result.satisfied_paired
    print(
        f"satisfied over {result.shared_items} shared items: A {sa.rate or 0:.1%} ({sa.low:.1%}-{sa.high:.1%})  "
        f"B {sb.rate or 0:.1%} ({sb.low:.1%}-{sb.high:.1%})  McNemar exact p = {p.p_value:.4g}"
    )
    print("\ncriterion (A -> B)                         A end   B end   delta (95% CI)          McNemar p")
    for c in result.criteria:
        label = str(c.name_a) if c.name_a == c.name_b else f"{c.name_a or '(none)'} -> {c.name_b or '(none)'}"
        ra = f"{c.a.rate or 0:.0%}" if c.a else "-"
        rb = f"{c.b.rate or 0:.0%}" if c.b else "-"
        delta = f"{c.delta:+.0%}" if c.delta is not None else "-"
        ci = c.delta_interval
        if ci is not None:
            delta += f" ({ci[0]:+.0%} to {ci[1]:+.0%})"
        pv = f"{c.paired.p_value:.3g}" if c.paired else "-"
        print(f"{label[:42]:42} {ra:>6}  {rb:>6}   {delta:22}  {pv:>8}")
    for title, flips in (("fixed (not satisfied in A, satisfied in B)", result.fixed), ("broken", result.broken)):
        print(f"\n{title}: {len(flips)}")
        for f in flips:
            print(f"  {f.item_id}: {f.status_a} -> {f.status_b}  (runs {f.run_a} -> {f.run_b})")
    if result.rubric_diff:
        print("\nrubric diff:")
        for line in result.rubric_diff:
            print(f"  {line}")
    return EXIT_OK


def cmd_suite_export(args: argparse.Namespace) -> int:
    from rubric_core.suites.export import export_suite_run

    store = _store()
    suite = _suite(store, args.suite_id)
    result = export_suite_run(store, suite["id"], args.format, args.out, langsmith_dataset=args.dataset)
    print(f"exported {result.records} records ({args.format}) to " + ", ".join(str(p) for p in result.paths))
    if result.message:
        print(result.message)
    return EXIT_OK


def _add_gates(p: argparse.ArgumentParser) -> None:
    p.add_argument("--min-pass-rate", type=_rate_arg, help="exit 1 when fewer items than this share are satisfied")
    p.add_argument(
        "--min-criterion-pass-rate", type=_rate_arg, help="exit 1 when any criterion passes less than this at the end"
    )
    p.add_argument("--jsonl", action="store_true", help="JSON events and a JSON summary, one per line")


def add_commands(sub: Any) -> None:
    """Register `suite ...` on the main parser's subcommands."""
    from rubric_core.export import FORMATS

    suite = sub.add_parser("suite", help="run a rubric over a dataset of tasks; list, show, compare, resume, export")
    ssub = suite.add_subparsers(dest="suite_command", required=True)

    run = ssub.add_parser("run", help="run one real loop per dataset item")
    run.add_argument("--dataset", help="a .jsonl, .json, .csv, .parquet or .arrow file or a HF save_to_disk directory")
    run.add_argument("--langsmith-dataset", help="a LangSmith dataset name (needs LANGSMITH_API_KEY)")
    run.add_argument("--rubric-file", help="read the rubric from a file (saved in the library with --rubric-name)")
    run.add_argument("--rubric-name", help="a library rubric (its latest version unless --rubric-version)")
    run.add_argument("--rubric-version", type=int, help="a library rubric version")
    run.add_argument("--config", help="a .toml or .yaml RunConfig file for the shared settings")
    run.add_argument("--model", help="working model, provider:model-id (default offline:writer)")
    run.add_argument("--grader", help="grader model, provider:model-id (default offline:grader)")
    run.add_argument("--max-iterations", dest="max_iterations", help="1 to 20 (default 3)")
    run.add_argument("--grader-tool", action="append", help="a catalogue tool for the grader (repeatable)")
    run.add_argument("--strategy", choices=["auto", "tool", "provider"], help="grader structured output")
    run.add_argument("--grader-call-limit", dest="grader_call_limit", help="grader model calls per pass")
    run.add_argument("--concurrency", default="4", help="items at once, 1 to 64 (default 4)")
    run.add_argument("--name", help="a name for this suite run (default: the dataset's)")
    _add_gates(run)
    from rubric_core.cli_dask import add_scheduler_flag

    add_scheduler_flag(run)
    run.set_defaults(func=cmd_suite_run)

    lst = ssub.add_parser("list", help="suite runs, newest first")
    lst.add_argument("--limit", type=_positive, default=50, help="how many suite runs, newest first (1 or more)")
    lst.add_argument("--jsonl", action="store_true")
    lst.set_defaults(func=cmd_suite_list)

    show = ssub.add_parser("show", help="a suite run's summary (gates apply too)")
    show.add_argument("suite_id")
    _add_gates(show)
    show.set_defaults(func=cmd_suite_show)

    compare = ssub.add_parser("compare", help="compare two suite runs over the same dataset")
    compare.add_argument("suite_a")
    compare.add_argument("suite_b")
    compare.add_argument("--jsonl", action="store_true")
    compare.set_defaults(func=cmd_suite_compare)

    resume = ssub.add_parser(
        "resume", help="run the items of an interrupted or cancelled suite run that did not finish"
    )
    resume.add_argument("suite_id")
    resume.add_argument("--concurrency", help="items at once (default: the suite run's)")
    _add_gates(resume)
    add_scheduler_flag(resume)
    resume.set_defaults(func=cmd_suite_resume)

    export = ssub.add_parser("export", help="export a suite run's runs, each record with the suite and item ids")
    export.add_argument("suite_id")
    export.add_argument("--format", required=True, choices=FORMATS)
    export.add_argument("--out", required=True, help="output file (a directory for parquet)")
    export.add_argument("--dataset", help="LangSmith dataset name (langsmith format)")
    export.set_defaults(func=cmd_suite_export)
