"""Suite report commands: `suite show|list|compare|export`, and the summary with its CI gates.

Gates for CI: `--min-pass-rate` (share of items satisfied) and
`--min-criterion-pass-rate` (every criterion's final pass rate) exit 1 when the
suite falls below, 0 otherwise; bad input exits 2 before anything runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rubric_core.cli.common import (
    EXIT_BELOW,
    EXIT_OK,
    BadInput,
    open_cli_store,
    share_arg,
)
from rubric_core.cli.export_target import export_target_problem, report_export, writing_export
from rubric_core.cli.lookup import baseline_index, find_suite
from rubric_core.cli.plan import Plan
from rubric_core.cli.suite_gates import gate_failures, left_out
from rubric_core.cli.suite_matrix import column_gates, print_matrix
from rubric_core.suites.left_out import why_no_result
from rubric_core.suites.suite_store import suite_agent_label


def open_suite_store(*, write: bool = False) -> Any:
    """The store, for suite commands: `suite run` and `resume` write it; list, show, compare and export only read
    it, so they work on a store this user cannot write (read-only, as `runs`, `show` and `export` do)."""
    return open_cli_store(write=write)


def print_summary(store: Any, suite_run_id: str, args: argparse.Namespace) -> int:
    """Print the summary (a table, or one `suite_summary` JSON line) and apply the gates (to each column of a
    matrix)."""
    from rubric_core.suites.frames import criterion_rates, suite_frames, summarize
    from rubric_core.suites.suite_store import get_suite_run

    head = get_suite_run(store, suite_run_id)
    if head is not None and head["columns"]:
        return print_matrix_summary(store, head, args)
    frames = suite_frames(store, suite_run_id)
    summary = summarize(frames)
    rates = criterion_rates(frames)
    failures = gate_failures(summary, rates, args)
    suite = frames.suite
    problems = []
    if suite["status"] in ("finished_with_errors", "interrupted", "cancelled"):
        from rubric_core.suites.suite_store import item_problems

        problems = item_problems(store, suite_run_id)
    if args.jsonl:
        record = {
            "type": "suite_summary",
            "suite_run_id": suite["id"],
            "status": suite["status"],
            "agent": (suite.get("config") or {}).get("agent") or "",
            "agent_label": suite_agent_label(suite),
            "items": summary.total,
            "finished": summary.finished,
            "status_counts": summary.status_counts,
            "pass_rate": summary.satisfied.rate,
            "pass_rate_ci": [summary.satisfied.low, summary.satisfied.high],
            "pass_rate_over": summary.satisfied.total,
            "satisfied": summary.satisfied.passed,
            "left_out_errors": summary.left_out_errors,
            "left_out_grader_errors": summary.left_out_grader_errors,
            "left_out_na": summary.left_out_na,
            "left_out_unfinished": summary.left_out_unfinished,
            "criteria": [
                {
                    "criterion": r.criterion,
                    "first": r.first.rate,
                    "final": r.final.rate,
                    "final_ci": [r.final.low, r.final.high],
                    "judged": r.final.total,
                    "first_na": r.first_na,
                    "final_na": r.final_na,
                    "blocking": r.blocking,
                }
                for r in rates
            ],
            "total_tokens": summary.total_tokens,
            "cost_usd": summary.cost_usd,
            "gate_failures": failures,
            "without_result": [numbered(p) for p in problems],
        }
        print(json.dumps(record))
    else:
        rubric = f"{suite['rubric_name']} v{suite['rubric_version']}" if suite["rubric_name"] else "(file)"
        print(f"suite run {suite['id']}  {suite['name']}  [{suite['status']}]")
        print(f"dataset {suite['dataset_name']}  rubric {rubric}  model {suite['config'].get('model')}")
        print(f"done by {suite_agent_label(suite)}")
        counts = ", ".join(f"{k} {v}" for k, v in summary.status_counts.items())
        print(f"items {summary.finished}/{summary.total} finished: {counts}")
        s = summary.satisfied
        print(
            f"satisfied {s.passed}/{s.total} judged = {s.rate or 0.0:.1%}  (Wilson 95% {s.low:.1%} to {s.high:.1%})"
            f"{left_out(summary)}"
            if s.total
            else f"satisfied: no judged result ({why_no_result(summary)}){left_out(summary)}"
        )
        cost = "n/a (a model has no price)" if summary.cost_usd is None else f"${summary.cost_usd:.4f}"
        print(f"tokens {summary.total_tokens:,}  cost {cost}  time {summary.wall_time_s:.1f} s")
        if summary.iterations_to_satisfied:
            dist = ", ".join(f"{k}: {v}" for k, v in summary.iterations_to_satisfied.items())
            print(f"iterations to satisfied: {dist}")
        if summary.cap_hits:
            print(f"hit the cap: {', '.join(summary.cap_hits)}")
        if rates:
            width = max(len(r.criterion) for r in rates)
            print(f"\n{'criterion':{width}}  first draft      end (95% CI)              blocking   n/a")
            for r in rates:
                first = "   n/a" if r.first.total == 0 else f"{r.first.rate or 0.0:6.1%}"
                final = "   n/a" if r.final.total == 0 else f"{r.final.rate or 0.0:6.1%}"
                print(
                    f"{r.criterion:{width}}  {first}       {final} "
                    f"({r.final.low:.1%} to {r.final.high:.1%})   {r.blocking:>4}   {r.final_na:>3}"
                )
            if any(r.final_na for r in rates):
                print("n/a: verdicts the grader could not judge, left out of the rates and of blocking")
        for f in failures:
            print(f"GATE FAILED: {f}", file=sys.stderr)
    return _exit_status(suite, failures, problems)


def print_matrix_summary(store: Any, suite: dict[str, Any], args: argparse.Namespace) -> int:
    """A matrix suite run: the matrix (text, or records with --jsonl), then its summary; the gates per column."""
    from rubric_core.suites.matrix import read_matrix
    from rubric_core.suites.matrix_stats import column_summaries

    matrix = read_matrix(store, [suite["id"]])
    failures = column_gates(matrix, args)
    failed = sorted({int(f.split()[1]) for f in failures})
    problems = []
    if suite["status"] in ("finished_with_errors", "interrupted", "cancelled"):
        from rubric_core.suites.suite_store import item_problems

        problems = item_problems(store, suite["id"])
    if not args.jsonl:
        print(f"suite run {suite['id']}  {suite['name']}  [{suite['status']}]")
        print(f"dataset {suite['dataset_name']}  {len(matrix.items)} items x {len(matrix.columns)} columns")
    print_matrix(store, matrix, args)
    if args.jsonl:
        summaries = column_summaries(matrix)
        record = {
            "type": "suite_summary",
            "suite_run_id": suite["id"],
            "status": suite["status"],
            "items": len(matrix.items),
            "columns": [
                {
                    **s.to_dict(),
                    "gate_failures": [f for f in failures if f.startswith(f"column {s.index + 1} (")],
                }
                for s in summaries
            ],
            "gate_failures": failures,
            "failed_columns": failed,
            "without_result": [numbered(p) for p in problems],
        }
        print(json.dumps(record, default=str))
    else:
        for f in failures:
            print(f"GATE FAILED: {f}", file=sys.stderr)
        if failed:
            names = ", ".join(f"{n} ({matrix.columns[n - 1].label})" for n in failed)
            print(f"columns below the gates: {names}", file=sys.stderr)
    return _exit_status(suite, failures, problems)


def numbered(problem: dict[str, Any]) -> dict[str, Any]:
    """An item without a result as a record says it: its column numbered from 1, as every record numbers columns."""
    column = problem.get("column")
    return {**problem, "column": None if column is None else int(column) + 1}


def _exit_status(suite: dict[str, Any], failures: list[str], problems: list[dict[str, Any]]) -> int:
    """After a summary (one column or a matrix): the items without a result, then the exit status (below the gates
    or not finished: EXIT_BELOW)."""
    if suite["status"] == "finished_with_errors":
        _print_problems(suite["id"], problems)
    if failures:
        return EXIT_BELOW
    return EXIT_OK if suite["status"] == "finished" else EXIT_BELOW


def _print_problems(suite_id: str, problems: list[dict[str, Any]]) -> None:
    """The items an outage or a failure left without a quality result: named, with their cause, on stderr."""

    def where(p: dict[str, Any]) -> str:
        return f"{p['item_id']} in column {p['column'] + 1}" if p.get("column") is not None else str(p["item_id"])

    shown = "; ".join(
        f"{where(p)} ({p['status']}{': ' + p['message'][:200] if p['message'] else ''})" for p in problems[:10]
    )
    more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
    print(
        f"error: suite run {suite_id} finished with errors: {len(problems)} item(s) have no quality result "
        f"(infrastructure failures, not counted as results): {shown}{more}. "
        f"Rerun them with: python -m rubric_core suite resume {suite_id}",
        file=sys.stderr,
    )


def resolve_suite_show(args: argparse.Namespace) -> Plan:
    store = open_suite_store()
    suite = find_suite(store, args.suite_id)
    columns = len(suite["columns"])
    baseline_index(args.baseline, columns, "this matrix" if columns else "this suite run")
    return Plan(lambda: print_summary(store, suite["id"], args))


def resolve_suite_list(args: argparse.Namespace) -> Plan:
    return Plan(lambda: _list(args))


def _list(args: argparse.Namespace) -> int:
    from rubric_core.suites.suite_store import list_suite_runs

    rows = list_suite_runs(open_suite_store(), limit=args.limit)
    if args.jsonl:
        for r in rows:
            print(json.dumps(r, default=str))
        return EXIT_OK
    if not rows:
        print("no suite runs yet: `python -m rubric_core suite run --dataset FILE --rubric-file FILE`")
    for r in rows:
        rubric = f"{r['rubric_name']} v{r['rubric_version']}" if r["rubric_name"] else "(file)"
        # A matrix counts its runs (items x columns) and names no one model.
        model = f"matrix: {r['items']} items x {r['columns']} columns" if r["columns"] > 1 else r["model"]
        print(
            f"{r['id'][:12]}  {r['status']:11} {r['satisfied']:>4}/{r['cells']:<4} satisfied  "
            f"{r['name'][:30]:30}  {rubric}  {model}"
        )
    return EXIT_OK


def resolve_suite_compare(args: argparse.Namespace) -> Plan:
    store = open_suite_store()
    a, b = find_suite(store, args.suite_a), find_suite(store, args.suite_b)
    # Side by side as one matrix: A's columns (one for a one-column suite run), then B's.
    side_by_side = max(1, len(a["columns"])) + max(1, len(b["columns"]))
    baseline_index(args.baseline, side_by_side, "A and B side by side")
    if not a["columns"] and not b["columns"]:
        from rubric_core.suites.compare import compare_suite_runs

        try:
            result = compare_suite_runs(store, a["id"], b["id"])
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        return Plan(lambda: _compare(store, a, b, args, result))
    return Plan(lambda: _compare(store, a, b, args, None))


def _compare(store: Any, a: dict[str, Any], b: dict[str, Any], args: argparse.Namespace, result: Any) -> int:
    from rubric_core.suites.matrix import read_matrix

    if result is None:
        # A matrix has no one configuration to hold against the other suite run's: the two side by side as one
        # matrix, A's columns then B's, counted against a baseline column (A's first unless --baseline).
        matrix = read_matrix(store, [a["id"], b["id"]])
        if not args.jsonl:
            print(f"A {a['id']}  {a['name']}\nB {b['id']}  {b['name']}")
        print_matrix(store, matrix, args)
        return EXIT_OK
    matrix = read_matrix(store, [a["id"], b["id"]])
    if args.jsonl:
        print(json.dumps({"type": "suite_comparison", **result.to_dict()}, default=str))
        print_matrix(store, matrix, args)
        return EXIT_OK
    print(f"A {a['id']}  {a['name']}\nB {b['id']}  {b['name']}")
    if not result.same_dataset:
        print("note: the datasets differ; comparing the items whose ids both have.")
    if result.agents_differ:
        print(f"note: different agents did the work: A {result.agent_a}, B {result.agent_b}.")
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
    print_matrix(store, matrix, args)
    return EXIT_OK


def resolve_suite_export(args: argparse.Namespace) -> Plan:
    from rubric_core.exports.suite_export import export_suite_run

    if args.dataset is not None and args.format != "langsmith":
        raise BadInput("--dataset names a LangSmith dataset: use it with --format langsmith, or leave it out.")
    if args.format == "langsmith" and args.dataset is not None and not args.dataset.strip():
        raise BadInput("--dataset is empty: name the LangSmith dataset to write, or leave --dataset out.")
    problem = export_target_problem(args.format, args.out)
    if problem:
        raise BadInput(problem)
    store = open_suite_store()
    suite = find_suite(store, args.suite_id)

    def apply() -> int:
        with writing_export(args.out):
            result = export_suite_run(store, suite["id"], args.format, args.out, langsmith_dataset=args.dataset)
        return report_export(result, args.format)

    return Plan(apply)


def add_gates(p: argparse.ArgumentParser) -> None:
    p.add_argument("--min-pass-rate", type=share_arg, help="exit 1 when fewer items than this share are satisfied")
    p.add_argument(
        "--min-criterion-pass-rate", type=share_arg, help="exit 1 when any criterion passes less than this at the end"
    )
    p.add_argument("--jsonl", action="store_true", help="JSON events and a JSON summary, one per line")
