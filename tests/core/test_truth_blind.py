"""The offline grader against blind truth set A (tests/core/truth_blind.py): rows written without reading it.

No ✔ where the label does not accept one, ever; and the share of rows right may only go up. `RIGHT_AT_LEAST`
is the figure the grader holds now (bench/offline_grader.py prints it with the rows it still gets wrong);
raise it when a rule is added, never lower it.
"""

from __future__ import annotations

from tests.core.truth_blind import blind_summary, blind_wrong, grade_blind_all, rows_a

RIGHT_AT_LEAST = 491
"""Rows of set A the grader gets right (592 rows; 348 on main at 10b026e). The target is 95% (563)."""


def test_set_a_is_the_blind_set_as_written() -> None:
    rows = rows_a()
    assert len(rows) == 592
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["domain"] for r in rows}) >= 30
    assert {r["label"] for r in rows} <= {"pass", "fail", "n/a", "pass|n/a", "fail|n/a"}


def test_no_false_pass_and_no_fewer_rows_right() -> None:
    outcomes = grade_blind_all()
    false_passes = [o for o in outcomes if o.false_pass]
    assert not false_passes, blind_summary(outcomes) + "\n" + blind_wrong(false_passes)
    right = sum(o.right for o in outcomes)
    assert right >= RIGHT_AT_LEAST, blind_summary(outcomes) + "\n" + blind_wrong(outcomes)
