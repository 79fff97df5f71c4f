"""The held-out blind sets B and D (tests/core/truth_blind_b.py, truth_blind_d.py), copied as their authors wrote them.

Nobody who wrote the grader's rules read these sets this round: they were scored once the round's grader work was
merged, and are kept here as ratchets from then on (the figures may only go up; the false passes only down). From
now on they are development sets like A and C: the next round's honest figure needs new rows written blind.
"""

from __future__ import annotations

from tests.core.truth_blind import blind_summary, blind_wrong, grade_blind_all
from tests.core.truth_blind_b import ROWS as ROWS_B
from tests.core.truth_blind_d import ROWS as ROWS_D

RIGHT_B, FALSE_PASSES_B = 350, 1
"""Set B (488 rows): 322 right and 3 false passes with the grader of e65198d; 350 and 1 at the end of this round."""

RIGHT_D, FALSE_PASSES_D = 296, 5
"""Set D (479 rows): 273 right and 6 false passes with the grader of e65198d; 296 and 5 at the end of this round."""


def test_the_held_out_sets_are_as_written() -> None:
    assert (len(ROWS_B), len(ROWS_D)) == (488, 479)
    for rows in (ROWS_B, ROWS_D):
        assert len({r["id"] for r in rows}) == len(rows)
        assert {r["label"] for r in rows} <= {"pass", "fail", "n/a", "pass|n/a", "fail|n/a"}


def test_set_b_no_more_false_passes_and_no_fewer_rows_right() -> None:
    outcomes = grade_blind_all(list(ROWS_B))
    false_passes = [o for o in outcomes if o.false_pass]
    assert len(false_passes) <= FALSE_PASSES_B, blind_summary(outcomes) + "\n" + blind_wrong(false_passes)
    assert sum(o.right for o in outcomes) >= RIGHT_B, blind_summary(outcomes)


def test_set_d_no_more_false_passes_and_no_fewer_rows_right() -> None:
    outcomes = grade_blind_all(list(ROWS_D))
    false_passes = [o for o in outcomes if o.false_pass]
    assert len(false_passes) <= FALSE_PASSES_D, blind_summary(outcomes) + "\n" + blind_wrong(false_passes)
    assert sum(o.right for o in outcomes) >= RIGHT_D, blind_summary(outcomes)
