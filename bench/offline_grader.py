"""The offline grader against the hand-written truth set: its 3x3 confusion matrix and the rows off the diagonal.

Rows of the matrix are what a careful reviewer says (tests/core/truth_set.py), columns what the offline grader
says. A false pass is a ✔ where the truth is ✘ or n/a (the target is 0); a false fail is a ✘ where the draft
meets the criterion, or where no check can tell and the row does not also accept ✘. Every row off the diagonal
is listed with the check the grader recorded. Also reports the grading time per row.
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
print(matrix_text(grade_all()))
"""


def baseline(ref: str) -> str:
    """The truth set's matrix under the offline grader of commit `ref`."""
    archive = subprocess.run(["git", "archive", ref, "rubric_core"], cwd=ROOT, capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        (Path(tmp) / "tests" / "core").mkdir(parents=True)
        for name in ("__init__.py",):
            (Path(tmp) / "tests" / name).write_text("")
            (Path(tmp) / "tests" / "core" / name).write_text("")
        shutil.copy(ROOT / "tests" / "core" / "truth_set.py", Path(tmp) / "tests" / "core" / "truth_set.py")
        run = subprocess.run(
            [sys.executable, "-c", _BASELINE_RUN],
            cwd=tmp,
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONPATH": tmp, "PATH": "/usr/bin:/bin"},
        )
    return run.stdout.strip()


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
                    baseline(args.baseline),
                    "```",
                    "",
                ]
                if args.baseline
                else []
            ),
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
