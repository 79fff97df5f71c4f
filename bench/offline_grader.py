"""The offline grader against the hand-written truth set: its 3x3 confusion matrix and the rows off the diagonal.

Rows of the matrix are what a careful reviewer says (tests/core/truth_set.py), columns what the offline grader
says. A false pass is a ✔ where the truth is ✘ or n/a (the target is 0); a false fail is a ✘ where the draft
meets the criterion, or where no check can tell and the row does not also accept ✘. Every row off the diagonal
is listed with the check the grader recorded. Also reports the grading time per row.
Then the blind truth sets A and C (tests/core/truth_blind_a.py, truth_blind_c.py: rows written without reading the
grader, by two people): rows right, false passes, their matrices, set C's two halves, and the rows it gets wrong (of
set C only the first half's: the second is read as a figure).
Run: `python -m bench.offline_grader [--baseline REF] [--no-write]`: --baseline also grades the same rows with
the offline grader of a git commit (its tree exported to a temporary folder, graded in a child process);
--no-write prints without updating bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from bench.common import write_section
from tests.core.truth_blind import BlindOutcome, blind_summary, blind_wrong, c_half, grade_blind, rows_a, rows_c
from tests.core.truth_set import ROWS, VERDICTS, cell_text, confusion, grade

ROOT = Path(__file__).resolve().parents[1]
_BASELINE_RUN = """
import rubric_core.models.offline as off
if not hasattr(off, "grade_criterion"):  # before the truth set: the same two paths respond() takes
    from rubric_core.checks.phrasing import plan
    from rubric_core.checks.tool_evidence import tool_reference, verdict as tool_verdict

    def grade_criterion(criterion, draft, *, tool_answers=None):
        answers = tool_answers or {}
        ref = tool_reference(criterion.text, list(answers))
        if ref is not None:
            return tool_verdict(criterion.text, ref, answers.get(ref.tool))
        return off._verdict(criterion, plan(criterion), draft, None)

    off.grade_criterion = grade_criterion
from tests.core.truth_set import grade_all, matrix_text
from tests.core.truth_blind import blind_summary, grade_blind_all, rows_c
print(matrix_text(grade_all()))
print("@@BLIND@@")
print(blind_summary(grade_blind_all()))
print("@@BLIND@@")
print(blind_summary(grade_blind_all(rows_c())))
"""


def baseline(ref: str) -> tuple[str, str, str]:
    """The hand-written truth set's matrix and the blind sets' summaries under the offline grader of commit `ref`."""
    archive = subprocess.run(["git", "archive", ref, "rubric_core"], cwd=ROOT, capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        (Path(tmp) / "tests" / "core").mkdir(parents=True)
        for name in ("__init__.py",):
            (Path(tmp) / "tests" / name).write_text("")
            (Path(tmp) / "tests" / "core" / name).write_text("")
        for name in ("truth_set.py", "truth_blind.py", "truth_blind_a.py", "truth_blind_c.py"):
            shutil.copy(ROOT / "tests" / "core" / name, Path(tmp) / "tests" / "core" / name)
        run = subprocess.run(
            [sys.executable, "-c", _BASELINE_RUN],
            cwd=tmp,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
        )
    hand, blind_a, blind_c = run.stdout.strip().split("@@BLIND@@")
    return hand.strip(), blind_a.strip(), blind_c.strip()


def _timed(rows: list[dict[str, object]]) -> tuple[list[BlindOutcome], list[float]]:
    """Each row's outcome and its grading time in ms."""
    outcomes, times = [], []
    for row in rows:
        start = time.perf_counter()
        outcomes.append(grade_blind(row))
        times.append((time.perf_counter() - start) * 1000)
    return outcomes, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/RESULTS.md as it is")
    parser.add_argument("--baseline", default="", help="a git commit whose offline grader to grade the rows with too")
    args = parser.parse_args()
    times: list[float] = []
    outcomes = []
    for row in ROWS:
        start = time.perf_counter()
        outcomes.append(grade(row))
        times.append((time.perf_counter() - start) * 1000)
    blind, blind_times = _timed(rows_a())
    blind_c, c_times = _timed(rows_c())
    halves = [[o for o in blind_c if c_half(o.row) == half] for half in (1, 2)]
    before = baseline(args.baseline) if args.baseline else None
    cells = confusion(outcomes)
    header = "| truth \\ grader | " + " | ".join(VERDICTS) + " | total |\n|---|---|---|---|---|"
    lines = [header]
    for truth in VERDICTS:
        counts = [len(cells[(truth, v)]) for v in VERDICTS]
        lines.append(f"| **{truth}** | " + " | ".join(str(c) for c in counts) + f" | {sum(counts)} |")
    false_passes = sum(o.false_pass for o in outcomes)
    false_fails = sum(o.false_fail for o in outcomes)
    agreed = sum(len(cells[(v, v)]) for v in VERDICTS)
    accepted = sum(o.expected for o in outcomes)
    body = "\n".join(
        [
            f"{len(outcomes)} hand-written (criterion, draft, verdict) rows in tests/core/truth_set.py; "
            "rows: what a careful reviewer says, columns: the offline grader.",
            "",
            *lines,
            "",
            f"**False passes: {false_passes}** (a ✔ where the truth is ✘ or n/a; target 0). "
            f"**False fails: {false_fails}** (a ✘ the row does not accept). "
            f"On the diagonal: {agreed} of {len(outcomes)}; a verdict the row accepts (its truth, or n/a / ✘ "
            f"where it says an honest grader may give it): {accepted} of {len(outcomes)}.",
            "",
            f"Grading time per row: median {statistics.median(times):.2f} ms, slowest {max(times):.1f} ms "
            "(the slowest run Python tests in a sandboxed process).",
            "",
            *(
                [
                    f"The same rows under the offline grader of {args.baseline} (`--baseline {args.baseline}`):",
                    "",
                    "```",
                    before[0],
                    "```",
                    "",
                ]
                if before
                else []
            ),
            f"**Blind set A** ({len(blind)} rows in tests/core/truth_blind_a.py, written from the plain meaning of "
            "each criterion without reading the grader; right: the verdict is one the label accepts; a false pass: "
            "a ✔ the label does not accept; target: 0 false passes and at least 95% right):",
            "",
            "```",
            blind_summary(blind),
            "```",
            "",
            f"Grading time per blind row: median {statistics.median(blind_times):.2f} ms, "
            f"slowest {max(blind_times):.1f} ms.",
            "",
            f"**Blind set C** ({len(blind_c)} rows in tests/core/truth_blind_c.py, by another person, same labels), "
            "then its halves by draft (tests/core/truth_blind.py `c_half`: half 1 the rules were developed on, half 2 "
            "read only as this figure until they were done):",
            "",
            "```",
            blind_summary(blind_c),
            "",
            "half 1: " + blind_summary(halves[0]).splitlines()[0],
            "half 2: " + blind_summary(halves[1]).splitlines()[0],
            "```",
            "",
            f"Grading time per set C row: median {statistics.median(c_times):.2f} ms, slowest {max(c_times):.1f} ms.",
            "",
            *(
                [
                    f"Blind set A under the offline grader of {args.baseline}:",
                    "",
                    "```",
                    before[1],
                    "```",
                    "",
                    f"Blind set C under the offline grader of {args.baseline}:",
                    "",
                    "```",
                    before[2],
                    "```",
                    "",
                ]
                if before
                else []
            ),
            "Blind rows the grader gets wrong (set A, then set C's half 1):",
            "",
            "```",
            blind_wrong(blind),
            "",
            blind_wrong(halves[0]),
            "```",
            "",
            "Rows off the diagonal, with the check the grader recorded:",
            "",
            "```",
            cell_text(outcomes),
            "```",
        ]
    )
    if args.no_write:
        print(body)
    else:
        write_section("offline_grader", "10. Offline grader against the truth set", body)


if __name__ == "__main__":
    main()
