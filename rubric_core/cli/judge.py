"""Judge commands of the command line: review, agreement, regrade.

`--iteration` and `--turn` are 1-based here, as the pages show them
(iteration 1 = the first draft); JSON output carries the store's 0-based
`iteration` and `turn` fields, like every export.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rubric_core.cli.common import BadInput, audit, open_cli_store, path_arg, read_text_file, whole_arg
from rubric_core.cli.lookup import find_run, find_suite, model_spec
from rubric_core.cli.plan import Plan, command
from rubric_core.verdicts import check_text


def _zero_based(value: int | None, what: str) -> int | None:
    if value is None:
        return None
    if value < 1:
        msg = (
            f"--{what} counts from 1 ({what} 1 is the first {'draft' if what == 'iteration' else 'turn'}); got {value}."
        )
        raise BadInput(msg)
    return value - 1


def resolve_review(args: argparse.Namespace) -> Plan:
    from rubric_core.access.identity import cli_actor
    from rubric_core.judge.reviews import ReviewError, check_review

    store = open_cli_store(write=True)
    run = find_run(store, args.run_id)
    try:
        # The typed name is checked as typed (an invisible name would pass once prefixed with "cli:").
        from rubric_core.judge.reviews import check_reviewer

        typed = check_reviewer(args.reviewer)
        review = check_review(
            store,
            run["id"],
            iteration=int(_zero_based(args.iteration, "iteration") or 0),
            turn=_zero_based(args.turn, "turn"),
            criterion=args.criterion,
            verdict=args.verdict,
            reason=args.reason,
            # Stored as cli:NAME: a name typed on the command line is never taken for a signed-in reviewer.
            reviewer=cli_actor(typed).id,
        )
    except ReviewError as exc:
        raise BadInput(str(exc)) from None
    return Plan(lambda: _review(store, run["id"], review, args))


def _review(store: Any, run_id: str, review: dict[str, Any], args: argparse.Namespace) -> int:
    from rubric_core.store import judge as judge_store

    row = judge_store.add_review(store, **review)
    audit(store, "review", run_id=run_id, detail=f"review of {row['criterion']!r}: {args.verdict}")
    verdict = next(
        (
            c["verdict"]
            for c in store.criteria([run_id])
            if (c["turn"], c["iteration"], c["position"]) == (row["turn"], row["iteration"], row["position"])
        ),
        "n/a",
    )
    human = "pass" if row["passed"] else "fail"
    if verdict == "n/a":
        agrees = "the grader could not judge it, so it counts in no agreement; see"
    else:
        agrees = "agrees with" if (verdict == "pass") == bool(row["passed"]) else "disagrees with"
    revision = f" (supersedes {row['revision']} earlier review(s))" if row["revision"] else ""
    print(
        f"reviewed run {run_id} turn {row['turn'] + 1} iteration {row['iteration'] + 1} "
        f"{row['criterion']!r}: {human} by {row['reviewer']}{revision}; {agrees} the grader ({verdict})"
    )
    return 0


def suite_run_ids(store: Any, suite_id: str) -> list[str]:
    """The item runs of a suite run (id or unique prefix); bad input when there is none or none started."""
    from rubric_core.suites.suite_store import suite_run_ids as item_run_ids

    suite = find_suite(store, suite_id)
    ids = item_run_ids(store, suite["id"])
    if not ids:
        msg = f"Suite run {suite['id']} has no item runs yet: resume it with `python -m rubric_core suite resume`."
        raise BadInput(msg)
    return ids


def _selected_runs(store: Any, args: argparse.Namespace) -> tuple[list[str], str]:
    from rubric_core.store import judge as judge_store

    if args.run is not None:
        run = find_run(store, args.run)
        return [run["id"]], f"run {run['id']}"
    if args.suite is not None:
        return suite_run_ids(store, args.suite), f"suite run {args.suite}"
    if args.rubric_name is not None:
        ids = judge_store.run_ids_with_rubric_name(store, args.rubric_name)
        if not ids:
            msg = f"No run uses a library rubric named {args.rubric_name!r}. List rubrics on the Rubrics page."
            raise BadInput(msg)
        return ids, f"rubric {args.rubric_name!r} ({len(ids)} runs)"
    if not args.grader.strip():
        raise BadInput("--grader is empty: give a grader spec exactly as stored, e.g. offline:grader.")
    ids = judge_store.run_ids_with_grader(store, args.grader)
    if not ids:
        msg = f"No run was graded by {args.grader!r}. Give the grader spec exactly as stored, e.g. offline:grader."
        raise BadInput(msg)
    return ids, f"grader {args.grader!r} ({len(ids)} runs)"


def _mark(verdict: bool | None) -> str:
    """PASS, FAIL or N/A (a verdict the grader could not give)."""
    return "N/A " if verdict is None else ("PASS" if verdict else "FAIL")


def _fmt(value: float | None, pattern: str = "{:.2f}") -> str:
    return "n/a" if value is None else pattern.format(value)


def resolve_agreement(args: argparse.Namespace) -> Plan:
    store = open_cli_store()
    ids, what = _selected_runs(store, args)
    return Plan(lambda: _agreement(store, ids, what, args))


def _agreement(store: Any, ids: list[str], what: str, args: argparse.Namespace) -> int:
    from rubric_core.judge.agreement import FLAG_RULE, agreement

    report = agreement(store, ids)
    if args.jsonl:
        for a in report.criteria:
            print(json.dumps({"type": "criterion", **a.to_dict()}, ensure_ascii=False))
        print(json.dumps({"type": "overall", **report.overall.to_dict()}, ensure_ascii=False))
        for c in report.disagreements:
            keep = ("run_id", "turn", "iteration", "position", "criterion", "passed", "verdict", "gap")
            row = {k: c[k] for k in keep} | {"human_passed": c["human_passed"], "human_reason": c["human_reason"]}
            print(json.dumps({"type": "disagreement", **row, "reviewer": c["reviewer"]}, ensure_ascii=False))
        return 0
    print(f"agreement of grader and reviewers over {what}")
    if not report.overall.reviewed and not report.not_judged:
        print("no reviewed cells yet: review some with `python -m rubric_core review ...` or the Review page")
        return 0
    print(
        f"{'criterion':48} {'n':>4} {'agree':>6} {'rate':>6} {'kappa':>6} {'false acc.':>10} {'false rej.':>10} "
        f"{'n/a':>4}"
    )
    for a in [*report.criteria, report.overall]:
        flag = "  FLAGGED" if a.low and a is not report.overall else ""
        print(
            f"{a.criterion[:48]:48} {a.reviewed:>4} {a.agreed:>6} {_fmt(a.rate, '{:.0%}'):>6} {_fmt(a.kappa):>6} "
            f"{a.false_acceptances:>10} {a.false_rejections:>10} {a.not_judged:>4}{flag}"
        )
    print(
        "false acc.: the grader passed a cell a person failed; false rej.: the reverse; n/a: reviewed cells the "
        f"grader could not judge, left out of every figure.\n{FLAG_RULE}"
    )
    if report.disagreements:
        print("\ndisagreements:")
        for c in report.disagreements:
            grader = "pass" if c["passed"] else "fail"
            human = "pass" if c["human_passed"] else "fail"
            print(
                f"  run {c['run_id']} turn {c['turn'] + 1} iteration {c['iteration'] + 1} {c['criterion']!r}: "
                f"grader {grader}, {c['reviewer']} {human}: {c['human_reason'] or ''}"
            )
    return 0


def resolve_regrade(args: argparse.Namespace) -> Plan:
    from rubric_core.judge.regrade import MAX_REPEATS, RegradeError, check_grader, regrade_config, stored_drafts

    if (args.run_id is None) == (args.suite is None):
        raise BadInput("Give a run id or --suite SUITE_ID (one of them) to regrade.")
    if args.repeat is not None and not 1 <= args.repeat <= MAX_REPEATS:
        bound = "at least 1" if args.repeat < 1 else f"at most {MAX_REPEATS} (each repeat is a full grading pass)"
        raise BadInput(f"--repeat must be {bound}; got {args.repeat}.")
    if args.iteration is not None and args.repeat is None:
        raise BadInput("--iteration chooses the draft of a consistency check: give --repeat N too.")
    if args.iteration is not None and args.suite is not None:
        raise BadInput(
            "--iteration does not go with --suite: a suite's consistency check grades each item's final draft."
        )
    iteration = _zero_based(args.iteration, "iteration")
    if args.grader is not None:
        model_spec(args.grader, "--grader")
    rubric = read_text_file(args.rubric_file, "rubric") if args.rubric_file else None
    store = open_cli_store()
    if args.run_id is not None:
        run = find_run(store, args.run_id)
        args.run_id = run["id"]
        ids = [run["id"]]
    else:
        ids = suite_run_ids(store, args.suite)
    try:
        check_grader(regrade_config(store.get_run(ids[0]), rubric=rubric, grader=args.grader), None)
        if iteration is not None:
            drafts = stored_drafts(store, ids[0])
            last_turn = max((d.turn for d in drafts), default=0)
            have = [d.iteration for d in drafts if d.turn == last_turn]
            if iteration not in have:
                shown = f"1 to {max(have) + 1}" if have else "none"
                raise BadInput(f"--iteration {iteration + 1}: run {ids[0]} has no such graded draft (it has {shown}).")
    except RegradeError as exc:
        raise BadInput(str(exc)) from None

    def apply() -> int:
        try:
            if args.suite is not None:
                code = _suite_regrade(store, args, rubric)
            elif args.repeat is not None:
                code = _consistency(store, args, rubric)
            else:
                code = _what_if(store, args, rubric)
        except RegradeError as exc:
            raise BadInput(str(exc)) from None
        if not store.readonly:
            action = "consistency" if args.repeat is not None else "what_if"
            how = f"regrade{f' --repeat {args.repeat}' if args.repeat is not None else ''}"
            audit(store, action, run_id=args.run_id or "", suite_run_id=args.suite or "", detail=how)
        return code

    return Plan(apply)


def _suite_regrade(store: Any, args: argparse.Namespace, rubric: str | None) -> int:
    """What-if (or, with --repeat, consistency) over every item of a suite run, summarised per criterion."""
    from rubric_core.judge.consistency import consistency_of_final_drafts
    from rubric_core.judge.whatif import pass_rate_deltas, what_if_runs

    ids = suite_run_ids(store, args.suite)
    if args.repeat is not None:
        checks = consistency_of_final_drafts(store, ids, repeats=args.repeat, rubric=rubric, grader=args.grader)
        flips: dict[str, list[int]] = {}
        for check in checks:
            for c in check.criteria:
                flips.setdefault(c.criterion, []).append(int(c.flaky))
        failures = [check.failure_line() for check in checks if check.failures]
        if args.jsonl:
            for check in checks:
                print(json.dumps({"type": "item", **check.to_dict()}, ensure_ascii=False))
            for name, flaky in flips.items():
                row = {"type": "criterion", "criterion": name, "items": len(flaky), "flaky_items": sum(flaky)}
                print(json.dumps(row, ensure_ascii=False))
        else:
            print(
                f"consistency over the final drafts of suite run {args.suite} ({len(ids)} items, "
                f"{args.repeat} gradings each)"
            )
            for name, flaky in flips.items():
                mark = "FLAKY " if any(flaky) else "      "
                print(f"  {mark}flipped on {sum(flaky)} of {len(flaky)} items  {name}")
        for line in failures:
            print(f"error: {line}", file=sys.stderr)
        return 1 if failures else 0
    reports = what_if_runs(store, ids, rubric=rubric, grader=args.grader)
    deltas = pass_rate_deltas(reports)
    if args.jsonl:
        for report in reports:
            print(json.dumps({"type": "item", **report.to_dict()}, ensure_ascii=False))
        for d in deltas:
            row = {"type": "criterion", "criterion": d.criterion, "original_criterion": d.original_criterion}
            row["runs"] = d.runs
            print(json.dumps(row | {"original": d.original, "new": d.new, "delta": d.delta}, ensure_ascii=False))
        return 0
    print(f"what-if regrade of suite run {args.suite} ({len(ids)} items)")
    print("note: drafts after the first were written in reply to the ORIGINAL grader's feedback.")
    for report in reports:
        print(f"  run {report.run_id} ({report.original_status}): " + report.summary().replace("\n", "; "))
    print(f"\n{'criterion':48} {'original':>8} {'new':>8} {'delta':>8}")
    for d in deltas:
        name = d.criterion + (f" (was {d.original_criterion})" if d.original_criterion else "")
        rates = f"{_fmt(d.original, '{:.0%}'):>8} {_fmt(d.new, '{:.0%}'):>8} {_fmt(d.delta, '{:+.0%}'):>8}"
        print(f"{name[:48]:48} {rates}")
    return 0


def _what_if(store: Any, args: argparse.Namespace, rubric: str | None) -> int:
    from rubric_core.judge.whatif import what_if

    report = what_if(store, args.run_id, rubric=rubric, grader=args.grader)
    failed = 1 if report.grader_failures() else 0  # a grader that failed is not an answer: exit 1
    if args.jsonl:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
        return failed
    print(
        f"what-if regrade of run {args.run_id} by {report.grader} ({report.wall_time_s:.2f} s, id {report.regrade_id})"
    )
    print("note: drafts after the first were written in reply to the ORIGINAL grader's feedback.")
    for row in report.iterations:
        print(
            f"\n[turn {row.turn + 1} iteration {row.iteration + 1}] original {row.original_result}  ->  new {row.new_result}"
        )
        for name, passed in row.new.items():
            before = row.original_verdict(name)
            was = "" if name not in row.original and name not in row.renamed else f" (was {_mark(before)})"
            if name in row.renamed:
                was += f" (reworded from {row.renamed[name]!r})"
            changed = "  CHANGED" if name in row.changed else ""
            gap = f"  -- {row.new_gaps[name]}" if name in row.new_gaps else ""
            check = row.new_checks.get(name)
            print(f"    {_mark(passed)}  {name}{was}{changed}{gap}" + (f"  [{check_text(check)}]" if check else ""))
    print()
    print(report.summary())
    if report.changed_criteria:
        print("criteria whose verdict changed: " + "; ".join(report.changed_criteria))
    if report.renamed:
        print("criteria reworded: " + "; ".join(f"{old} -> {new}" for new, old in report.renamed.items()))
    if report.added or report.removed:
        print(f"criteria added: {'; '.join(report.added) or '-'}; removed: {'; '.join(report.removed) or '-'}")
    if failed:
        failing = next(line for line in report.summary().splitlines() if "FAILED" in line)
        print(f"error: {failing}", file=sys.stderr)
    return failed


def _consistency(store: Any, args: argparse.Namespace, rubric: str | None) -> int:
    from rubric_core.judge.consistency import consistency

    report = consistency(
        store,
        args.run_id,
        iteration=_zero_based(args.iteration, "iteration"),
        repeats=args.repeat,
        rubric=rubric,
        grader=args.grader,
    )
    failed = 1 if report.failures else 0  # a grader that failed is not an answer: exit 1, as the what-if does
    if args.jsonl:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
        if failed:
            print(f"error: {report.failure_line()}", file=sys.stderr)
        return failed
    print(
        f"consistency of {report.grader} on run {args.run_id} turn {report.turn + 1} iteration "
        f"{report.iteration + 1}, graded {report.repeats} times ({report.wall_time_s:.2f} s)"
    )
    print("results: " + ", ".join(report.results))
    for c in report.criteria:
        mark = "FLAKY " if c.flaky else "      "
        print(f"  {mark}{c.label:18} pass {c.passes} fail {c.fails}  {c.criterion}")
    if failed:
        print(f"error: {report.failure_line()}", file=sys.stderr)
    return failed


def add_commands(sub: Any) -> None:
    """Register review, agreement and regrade on the main parser's subcommands."""
    review = sub.add_parser("review", help="record a human verdict on one criterion of one iteration")
    review.add_argument("run_id")
    review.add_argument("--iteration", type=whole_arg, required=True, help="1 = the first draft")
    review.add_argument("--turn", type=whole_arg, help="1 = the first turn (default: the last turn)")
    review.add_argument("--criterion", required=True, help="criterion name as the grader listed it")
    review.add_argument("--verdict", required=True, help="pass or fail")
    review.add_argument("--reason", required=True, help="why (shown beside the grader's gap)")
    review.add_argument("--reviewer", required=True, help="who reviews (stored as cli:NAME)")
    command(review, resolve_review)

    agree = sub.add_parser("agreement", help="grader-human agreement, Cohen's kappa, confusion matrix")
    which = agree.add_mutually_exclusive_group(required=True)
    which.add_argument("--run", help="a run id")
    which.add_argument("--suite", help="a suite run id")
    which.add_argument("--rubric-name", dest="rubric_name", help="every run of a library rubric")
    which.add_argument("--grader", help="every run graded by this grader spec")
    agree.add_argument("--jsonl", action="store_true", help="one JSON object per line")
    command(agree, resolve_agreement)

    regrade = sub.add_parser("regrade", help="what-if regrade of a run's drafts, or (--repeat) a consistency check")
    regrade.add_argument("run_id", nargs="?", help="the run to regrade (or --suite)")
    regrade.add_argument("--suite", help="regrade every item of this suite run (pass-rate deltas per criterion)")
    regrade.add_argument("--rubric-file", type=path_arg, help="grade under this rubric instead of the run's")
    regrade.add_argument("--grader", help="grade with this grader spec instead of the run's")
    regrade.add_argument("--repeat", type=whole_arg, help="grade one draft N times, 1 to 20 (consistency; 5 is usual)")
    regrade.add_argument("--iteration", type=whole_arg, help="with --repeat: the draft (1 = first; default the final)")
    regrade.add_argument("--jsonl", action="store_true", help="print the report as one JSON object")
    command(regrade, resolve_regrade)


__all__ = ["add_commands", "suite_run_ids"]
