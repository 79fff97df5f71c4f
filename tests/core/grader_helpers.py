"""One criterion graded by the offline grader on one draft, as a grading pass does (for the grader's rule tests)."""

from __future__ import annotations

from rubric_core.checks.phrasing import Draft
from rubric_core.models.offline import grade_criterion
from rubric_core.rubric import Criterion


def verdict(criterion: str, draft: str, task: str = "") -> str:
    """pass, fail or n/a."""
    return str(grade_criterion(Criterion(criterion, 1), Draft(text=draft, task=task))["verdict"])


def record(criterion: str, draft: str, task: str = "") -> dict:
    """The whole verdict record (verdict, gap, check)."""
    return grade_criterion(Criterion(criterion, 1), Draft(text=draft, task=task))
