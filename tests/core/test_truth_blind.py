"""The offline grader against blind truth sets A and C (tests/core/truth_blind.py): rows written without reading it.

No ✔ where the label does not accept one, ever; and the share of rows right may only go up. `RIGHT_AT_LEAST`
is the figure the grader holds now (bench/offline_grader.py prints it with the rows it still gets wrong);
raise it when a rule is added, never lower it.
"""

from __future__ import annotations

from tests.core.truth_blind import blind_summary, blind_wrong, c_half, grade_blind_all, rows_a, rows_c

RIGHT_AT_LEAST = 513
"""Rows of set A the grader gets right (592 rows; 348 on main at 10b026e). The target is 95% (563)."""

RIGHT_AT_LEAST_C = 577
"""Rows of set C the grader gets right (900 rows; 490 at e65198d, where this set came in). The target is 95% (855)."""

FALSE_PASSES_C_AT_MOST = 0
"""Set C's false passes (20 at e65198d): only ever lowered, to 0."""


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


def test_set_c_is_the_blind_set_as_written() -> None:
    rows = rows_c()
    assert len(rows) == 900
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["domain"] for r in rows}) >= 70
    assert {r["label"] for r in rows} <= {"pass", "fail", "n/a", "pass|n/a", "fail|n/a"}
    halves = [rows_c(1), rows_c(2)]
    assert sum(map(len, halves)) == len(rows)
    assert all(len(h) > 400 for h in halves)
    assert all({r["id"][0] for r in h} == {"b", "t", "c", "p"} for h in halves)
    assert {c_half(r) for r in halves[0]} == {1}


def test_set_c_no_more_false_passes_and_no_fewer_rows_right() -> None:
    outcomes = grade_blind_all(rows_c())
    false_passes = [o for o in outcomes if o.false_pass]
    assert len(false_passes) <= FALSE_PASSES_C_AT_MOST, blind_summary(outcomes) + "\n" + blind_wrong(false_passes)
    right = sum(o.right for o in outcomes)
    assert right >= RIGHT_AT_LEAST_C, blind_summary(outcomes)
