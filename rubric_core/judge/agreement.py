"""Grader-human agreement: per criterion and overall, agreement rate, Cohen's kappa, confusion matrix.

Statistics come from scikit-learn (`cohen_kappa_score`, `confusion_matrix`),
not our code. Only reviewed cells count; the newest review of a cell is the
human label.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

from rubric_core.store import Store

LOW_KAPPA = 0.4
"""Below this kappa (Landis & Koch: 'fair' or worse) a criterion is flagged in the rubric editor."""

MIN_FLAG_REVIEWS = 5
"""No flag below this many reviewed cells: over one or two cells kappa is 0, -1 or undefined by chance alone."""

LABELS = (True, False)
"""Order of the confusion matrix rows (human) and columns (grader): pass, then fail."""


@dataclass
class Agreement:
    """Agreement of the grader with human reviewers over a set of cells."""

    criterion: str
    """The criterion name, or "(overall)"."""
    reviewed: int
    """Cells with a human verdict."""
    agreed: int
    """Cells where the grader's verdict equals the human's."""
    kappa: float | None
    """Cohen's kappa; None when undefined (both raters used one label only)."""
    confusion: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])
    """Rows: human pass, human fail; columns: grader pass, grader fail."""

    @property
    def rate(self) -> float | None:
        """Share of reviewed cells where grader and human agree."""
        return self.agreed / self.reviewed if self.reviewed else None

    @property
    def low(self) -> bool:
        """Whether to flag this criterion: enough reviews, and kappa below LOW_KAPPA or every reviewed cell disagrees."""
        if self.reviewed < MIN_FLAG_REVIEWS:
            return False
        if self.kappa is not None:
            return self.kappa < LOW_KAPPA
        return self.reviewed > 0 and self.agreed == 0

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON lines)."""
        return {
            "criterion": self.criterion,
            "reviewed": self.reviewed,
            "agreed": self.agreed,
            "agreement_rate": self.rate,
            "kappa": self.kappa,
            "confusion": {"labels": ["pass", "fail"], "rows": "human", "columns": "grader", "matrix": self.confusion},
            "low": self.low,
        }


@dataclass
class AgreementReport:
    """Agreement per criterion, overall, and the disagreeing cells."""

    run_ids: list[str]
    criteria: list[Agreement]
    overall: Agreement
    disagreements: list[dict[str, Any]]
    """Cells where the human and the grader differ (`reviewed_cells` rows)."""


def agreement_of(criterion: str, grader: list[bool], human: list[bool]) -> Agreement:
    """Agreement between paired grader and human verdicts (same length, same order)."""
    from sklearn.metrics import cohen_kappa_score, confusion_matrix

    if len(grader) != len(human):
        msg = "grader and human verdict lists differ in length"
        raise ValueError(msg)
    n = len(grader)
    if n == 0:
        return Agreement(criterion, 0, 0, None)
    agreed = sum(g == h for g, h in zip(grader, human, strict=True))
    matrix = confusion_matrix(human, grader, labels=list(LABELS)).tolist()
    kappa: float | None = None
    if len(set(grader) | set(human)) > 1:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 0/0 when each rater used one (different) label
            value = float(cohen_kappa_score(human, grader, labels=list(LABELS)))
        kappa = None if value != value else value  # NaN: undefined
    return Agreement(criterion, n, agreed, kappa, matrix)


def agreement(store: Store, run_ids: list[str]) -> AgreementReport:
    """Agreement over every reviewed cell of these runs (a run, a suite's runs, a rubric's, a grader's)."""
    from rubric_core.store.judge import reviewed_cells

    reviewed = reviewed_cells(store, run_ids)
    by_name: dict[str, list[dict[str, Any]]] = {}
    for c in reviewed:
        by_name.setdefault(c["criterion"], []).append(c)
    per = [
        agreement_of(name, [c["passed"] for c in cells], [c["human_passed"] for c in cells])
        for name, cells in by_name.items()
    ]
    overall = agreement_of("(overall)", [c["passed"] for c in reviewed], [bool(c["human_passed"]) for c in reviewed])
    disagreements = [c for c in reviewed if c["passed"] != c["human_passed"]]
    return AgreementReport(run_ids=list(run_ids), criteria=per, overall=overall, disagreements=disagreements)
