"""`suite judges`: two judges on the same drafts. A finished column's drafts regraded under other graders (no
working-model call); per criterion, how the graders agree with each other and with the people's reviews."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rubric_core.cli.common import EXIT_BELOW, EXIT_OK, BadInput, open_cli_store
from rubric_core.cli.lookup import column_index, find_suite, models_ready
from rubric_core.cli.plan import Plan


def resolve_suite_judges(args: argparse.Namespace) -> Plan:
    """Regrade a finished column's drafts under other graders; per criterion, how the graders agree with each other
    and with the people's reviews."""
    from rubric_core.judge.judges import check_graders
    from rubric_core.judge.regrade import RegradeError

    store = open_cli_store(write=True)
    suite = find_suite(store, args.suite_id)
    column = None
    if suite["columns"]:
        if args.column is None:
            raise BadInput(f"Suite run {suite['id'][:12]} is a matrix: give --column (1 to {len(suite['columns'])}).")
    column = column_index(args.column, len(suite["columns"]), suite["id"])
    try:
        graders = check_graders(store, suite["id"], column, args.grader)
    except RegradeError as exc:
        raise BadInput(str(exc)) from None
    models_ready([(f"--grader {g}", g) for g in graders])
    return Plan(lambda: _judges(store, suite, column, graders, args))


def _judges(store: Any, suite: dict[str, Any], column: int | None, graders: list[str], args: argparse.Namespace) -> int:
    from rubric_core.judge.judges import judge_column
    from rubric_core.judge.regrade import RegradeError

    try:
        panel = judge_column(store, suite["id"], column, graders)
    except RegradeError as exc:
        raise BadInput(str(exc)) from None
    failed = [g for g in panel.graders[1:] if g.failed_passes]
    for grader in failed:
        from rubric_core.judge.whatif import failure_cause

        print(
            f"error: {grader.grader} could not grade {grader.failed_passes} of {panel.drafts} drafts "
            f"({failure_cause(grader.causes[0]) if grader.causes else 'no reason given'}); the figures leave them out. "
            "Fix the grader (its key, its provider) and run this again.",
            file=sys.stderr,
        )
    if args.jsonl:
        for record in panel.to_records():
            print(json.dumps(record, default=str))
        return EXIT_BELOW if failed else EXIT_OK
    where = f"column {column + 1}" if column is not None else "the suite run"
    print(
        f"{where} of suite run {suite['id'][:12]}: {panel.runs} runs, {panel.drafts} stored drafts regraded by "
        f"{', '.join(g.grader for g in panel.graders[1:])} (the working model was not called); "
        f"{panel.reviewed} reviewed cells"
    )
    print("\ngraders with each other: n (drafts both judged), agreement, Cohen's kappa")
    for p in panel.pairs:
        a = p.agreement
        kappa = "n/a" if a.kappa is None else f"{a.kappa:.2f} ({a.band})"
        rate = "-" if a.rate is None else f"{a.rate:.0%}"
        left = f"  ({p.not_judged} n/a left out)" if p.not_judged else ""
        print(f"  {p.criterion[:44]:44}  {p.grader_a} vs {p.grader_b}: n {a.reviewed}, {rate}, kappa {kappa}{left}")
    if panel.reviewed:
        print("\neach grader with the people: n (reviewed cells it judged), agreement, kappa, false acceptances")
        for h in panel.humans:
            a = h.agreement
            if not a.reviewed and not a.not_judged:
                continue
            kappa = "n/a" if a.kappa is None else f"{a.kappa:.2f} ({a.band})"
            rate = "-" if a.rate is None else f"{a.rate:.0%}"
            print(
                f"  {h.criterion[:44]:44}  {h.grader}: n {a.reviewed}, {rate}, kappa {kappa}, "
                f"false acceptances {a.false_acceptances}" + (f" ({a.not_judged} n/a left out)" if a.not_judged else "")
            )
    else:
        print(
            "\nno reviewed cell among these drafts: review some (Review page, `review`) to hold the graders to people"
        )
    return EXIT_BELOW if failed else EXIT_OK
