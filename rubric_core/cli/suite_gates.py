"""The CI gates of a suite run (or of each column of a matrix): `--min-pass-rate` and `--min-criterion-pass-rate`.

A gate never passes on n/a verdicts or grader errors alone: they say nothing about the drafts.
"""

from __future__ import annotations

import argparse
from typing import Any


def gate_failures(summary: Any, rates: list[Any], args: argparse.Namespace) -> list[str]:
    """What falls below the gates the command was given (none given: [])."""
    failures = []
    min_pass = getattr(args, "min_pass_rate", None)
    min_criterion = getattr(args, "min_criterion_pass_rate", None)
    gated = min_pass is not None or min_criterion is not None
    if gated and summary.judged_verdicts == 0:
        # n/a and grader errors say nothing about the drafts: a suite with no real verdict proves nothing.
        failures.append(
            "no criterion got a real verdict (every verdict at the items' ends was n/a or a grader error), so no "
            "gate can pass: use a grader that can judge these criteria"
        )
    if min_pass is not None and summary.satisfied.total == 0 and summary.judged_verdicts:
        failures.append(
            f"no item has an outcome the pass rate can count{left_out(summary)}: --min-pass-rate cannot pass"
        )
    elif min_pass is not None and (summary.satisfied.rate or 0.0) < min_pass:
        failures.append(
            f"pass rate {summary.satisfied.rate or 0.0:.1%} ({summary.satisfied.passed}/{summary.satisfied.total} "
            f"satisfied{left_out(summary)}) is below --min-pass-rate {min_pass:.1%}"
        )
    if min_criterion is not None:
        for r in rates:
            if r.final.total == 0:
                failures.append(
                    f"criterion {r.criterion!r} was not judged on any item"
                    + (f" ({r.final_na} n/a)" if r.final_na else "")
                )
            elif (r.final.rate or 0.0) < min_criterion:
                failures.append(
                    f"criterion {r.criterion!r} passes {r.final.rate or 0.0:.1%} at the end, below "
                    f"--min-criterion-pass-rate {min_criterion:.1%}"
                )
    return failures


NOTHING_COUNTABLE = "satisfied –  (no item with a quality result to count)"
"""What a summary says of a satisfied rate with nothing to count (it printed 'satisfied 0/0 = 0.0%')."""


def left_out(summary: Any) -> str:
    """'' or '; left out: 2 grader errors, 1 item unmet only on n/a criteria'."""
    parts = []
    if summary.left_out_grader_errors:
        parts.append(
            f"{summary.left_out_grader_errors} grader error{'s' if summary.left_out_grader_errors > 1 else ''}"
        )
    if summary.left_out_na:
        parts.append(f"{summary.left_out_na} item{'s' if summary.left_out_na > 1 else ''} unmet only on n/a criteria")
    return "; left out: " + ", ".join(parts) if parts else ""
