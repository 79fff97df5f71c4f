"""The rubric drafter on cases written blind (tests/core/drafter_blind_cases.py: 70 tasks with 315 constraints, 30
notes, 25 bad inputs), judged by tests/core/drafter_blind.py: constraints kept, inverted and dropped; must-not lines
and conflicting pairs proposed; invented limits on subject-only tasks; notes applied as expected; bad inputs handled
as expected; and the time a draft takes.

Run: `python -m bench.drafter [--detail] [--no-write]`. To score another checkout (main's drafter, whose API had no
`amend_rubric`), run it with that checkout first on the path: `PYTHONPATH=/path/to/checkout python -m bench.drafter
--no-write` (this file and tests/core/drafter_blind*.py must be in that checkout).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.common import write_section
from tests.core.drafter_blind import Drafted
from tests.core.drafter_blind_score import blind, score


def _adapters() -> tuple[Any, Any, str]:
    """draft(task) and amend(task, lines, note) for the drafter on the path; the new API, or main's."""
    import rubric_core.assistant.drafting as drafting

    if hasattr(drafting, "amend_rubric"):

        def draft(task: str) -> Drafted:
            d = drafting.draft_rubric(task)
            return Drafted(
                criteria=[c.text for c in d.criteria],
                left=[c.text for c in d.left_to_llm],
                held=[c.text for c in d.held_back],
                warnings=list(d.warnings),
            )

        def amend(task: str, lines: list[str], note: str) -> Drafted:
            d = drafting.amend_rubric(task, lines, note)
            return Drafted(
                lines=[c.text for c in d.criteria],
                left=[c.text for c in d.left_to_llm],
                warnings=[*d.warnings, d.message],
            )

        return draft, amend, "today's drafter"
    from rubric_core.checks.described import check_for
    from rubric_core.rubric import Criterion

    def old_draft(task: str) -> Drafted:
        d = drafting.draft_rubric(task)
        return Drafted(criteria=[c.text for c in d.criteria], left=[c.text for c in d.left_to_llm])

    def old_amend(task: str, lines: list[str], note: str) -> Drafted:
        previous = drafting.RubricDraft([drafting.DraftedCriterion(x, "", check_for(Criterion(x, 0))) for x in lines])
        d = drafting.draft_rubric(task, note=note, previous=previous)
        return Drafted(lines=[c.text for c in d.criteria], left=[c.text for c in d.left_to_llm])

    return old_draft, old_amend, "the drafter before issue 38 (no amend_rubric)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--detail", action="store_true", help="print every constraint missed and every wrong answer")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/RESULTS.md as it is")
    args = parser.parse_args()
    draft, amend, which = _adapters()
    figures = score(draft, amend, detail=True)
    tasks = [c["task"] for c in blind()["CASES"]]
    for task in tasks:
        draft(task)  # warm
    times = []
    for task in tasks:
        start = time.perf_counter()
        draft(task)
        times.append((time.perf_counter() - start) * 1000)
    lines = [
        f"Scored: {which}.",
        "",
        *[f"- {x}" for x in figures.lines()],
        f"- a draft takes {statistics.median(times):.1f} ms (median of the 70 tasks; slowest {max(times):.1f} ms)",
        "",
        "Before (main at 10b026e, the same judgments): constraints kept 75/315 · inverted 4 · dropped 225 · must-not "
        "lines proposed 15/254 · conflicting pairs proposed 0/4 · invented limits 3/3 · notes 3/30 · bad inputs 8/25.",
    ]
    if args.detail and figures.details:
        lines += ["", "Missed:", *[f"- {d}" for d in figures.details]]
    body = "\n".join(lines)
    if args.no_write:
        print(body)
    else:
        write_section("drafter", "14. The rubric drafter on blind cases (`bench/drafter.py`)", body)


if __name__ == "__main__":
    main()
