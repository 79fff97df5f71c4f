"""The CI gates of a suite run (or of each column of a matrix): `--min-pass-rate` and `--min-criterion-pass-rate`.

A gate never passes on n/a verdicts, errors or grader errors alone: they say nothing about the drafts. A gate
that cannot pass says what failed: the working model (writer), the grader, or no verdict but n/a.
"""

from __future__ import annotations

import argparse
from typing import Any

from rubric_core.suites.left_out import left_out_text, why_no_result


def gate_failures(summary: Any, rates: list[Any], args: argparse.Namespace) -> list[str]:
    """What falls below the gates the command was given (none given: [])."""
    failures = []
    min_pass = getattr(args, "min_pass_rate", None)
    min_criterion = getattr(args, "min_criterion_pass_rate", None)
    gated = min_pass is not None or min_criterion is not None
    nothing_judged = summary.judged_verdicts == 0
    if gated and nothing_judged:
        # n/a, errors and grader errors say nothing about the drafts: a suite with no real verdict proves nothing.
        failures.append(
            f"no item has a judged result, so no gate can pass: {why_no_result(summary)}{left_out_text(summary)}"
        )
    if min_pass is not None and summary.satisfied.total == 0:
        if not nothing_judged:
            failures.append(
                f"no item has an outcome the pass rate can count ({why_no_result(summary)}"
                f"{left_out_text(summary)}): --min-pass-rate cannot pass"
            )
    elif min_pass is not None and (summary.satisfied.rate or 0.0) < min_pass:
        failures.append(
            f"pass rate {summary.satisfied.rate or 0.0:.1%} ({summary.satisfied.passed}/{summary.satisfied.total} "
            f"judged items satisfied{left_out(summary)}) is below --min-pass-rate {min_pass:.1%}"
        )
    if min_criterion is not None and not nothing_judged:
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


def left_out(summary: Any) -> str:
    """'' or '; left out: 2 errors (the working model or the agent failed), 1 grader error (the grader failed)'."""
    return left_out_text(summary)
