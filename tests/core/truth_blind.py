"""The blind truth sets: rows written from the plain meaning of each criterion, without reading the grader.

tests/core/truth_blind_a.py is set A, copied as its author wrote it (/work/blind/grader_a, 592 rows in 46
domains); tests/core/truth_blind_c.py is set C, by another author, copied as written (/work/blind/grader_c, 900
rows, 78 drafts in 77 domains), split by draft into two halves (`C_HALVES`: the odd-numbered drafts of each
family, developed on, and the even-numbered ones, looked at only as a figure until the rules were done). Their labels are `pass`, `fail`, `n/a`, `pass|n/a` or `fail|n/a`: the verdicts a careful person
accepts. The grader is right on a row when its verdict is one of them; a false pass is a ✔ where `pass` is
not. A label is never changed to match the grader; one a person would fix is fixed in `FIXED_LABELS`
below, with the reason. Read by tests/core/test_truth_blind.py and bench/offline_grader.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.core.truth_blind_a import ROWS as ROWS_A
from tests.core.truth_blind_c import ROWS as ROWS_C

FIXED_LABELS: dict[str, tuple[str, str]] = {}
"""Row id -> (the label a person gives, why the written one is wrong). Ids of sets A and C never collide (C's
start with the draft's family letter and number, "b01-cold-email-03")."""


def _fixed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**row, "label": FIXED_LABELS[row["id"]][0]} if row["id"] in FIXED_LABELS else row for row in rows]


def rows_a() -> list[dict[str, Any]]:
    """Set A's rows, with any label a person fixed."""
    return _fixed(ROWS_A)


def draft_of(row: dict[str, Any]) -> str:
    """Set C's draft id of a row: its id without the row number ("b01-cold-email")."""
    return str(row["id"]).rsplit("-", 1)[0]


def c_half(row: dict[str, Any]) -> int:
    """Which half of set C a row is in: 1 for the odd-numbered drafts of each family (b01, b03, ..., t01, ...),
    2 for the even-numbered ones. Both halves hold every family and about 450 rows."""
    number = int(draft_of(row)[1:3])
    return 1 if number % 2 else 2


def rows_c(half: int | None = None) -> list[dict[str, Any]]:
    """Set C's rows (one half of them with `half` 1 or 2), with any label a person fixed."""
    rows = _fixed(ROWS_C)
    return rows if half is None else [r for r in rows if c_half(r) == half]


@dataclass(frozen=True)
class BlindOutcome:
    """The offline grader's verdict on one blind row."""

    row: dict[str, Any]
    verdict: str
    gap: str
    check: str

    @property
    def accepted(self) -> frozenset[str]:
        return frozenset(self.row["label"].split("|"))

    @property
    def right(self) -> bool:
        return self.verdict in self.accepted

    @property
    def false_pass(self) -> bool:
        """A ✔ where the label does not accept one."""
        return self.verdict == "pass" and "pass" not in self.accepted


def grade_blind(row: dict[str, Any]) -> BlindOutcome:
    """Grade one row as a grading pass does: the draft, with the task it answers (for echoed instructions)."""
    from rubric_core.checks.phrasing import Draft
    from rubric_core.models.offline import grade_criterion
    from rubric_core.rubric import Criterion
    from rubric_core.verdicts import check_text

    fields = Draft.__dataclass_fields__
    draft = Draft(text=row["draft"], task=row.get("task") or "") if "task" in fields else Draft(text=row["draft"])
    record = grade_criterion(Criterion(row["criterion"], 1), draft)
    return BlindOutcome(row, record["verdict"], record.get("gap", ""), check_text(record["check"]))


def grade_blind_all(rows: list[dict[str, Any]] | None = None) -> list[BlindOutcome]:
    return [grade_blind(row) for row in (rows if rows is not None else rows_a())]


LABELS = ("pass", "pass|n/a", "n/a", "fail|n/a", "fail")


def blind_summary(outcomes: list[BlindOutcome]) -> str:
    """Rows right and false passes, then a matrix: labels down, the grader's verdicts across."""
    right = sum(o.right for o in outcomes)
    false_passes = sum(o.false_pass for o in outcomes)
    lines = [
        f"rows: {len(outcomes)}; right: {right} ({100 * right / max(1, len(outcomes)):.1f}%); "
        f"false passes: {false_passes}",
        "",
        "label \\ grader".ljust(16) + "".join(v.rjust(8) for v in ("pass", "fail", "n/a")) + "total".rjust(8),
    ]
    for label in LABELS:
        counts = [
            sum(1 for o in outcomes if o.row["label"] == label and o.verdict == v) for v in ("pass", "fail", "n/a")
        ]
        lines.append(label.ljust(16) + "".join(str(c).rjust(8) for c in counts) + str(sum(counts)).rjust(8))
    return "\n".join(lines)


def blind_wrong(outcomes: list[BlindOutcome]) -> str:
    """The rows the grader gets wrong, one line each (false passes first)."""
    wrong = sorted((o for o in outcomes if not o.right), key=lambda o: (not o.false_pass, o.row["id"]))
    out = []
    for o in wrong:
        mark = "FALSE PASS " if o.false_pass else ""
        out.append(f"  {mark}{o.row['id']} [{o.row['label']} -> {o.verdict}] {o.row['criterion']!r}: {o.check}")
    return "\n".join(out)
