"""Grader-human agreement: per criterion and overall, agreement rate, Cohen's kappa, confusion matrix.

Cohen's kappa comes from statsmodels (`cohens_kappa` on the counted confusion
matrix: the same value as scikit-learn's `cohen_kappa_score`, a thousand times
faster per call, which matters on pages that score every criterion of every
version), not our code. Only reviewed cells count; the newest review of a cell is the
human label.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any

from rubric_core.store import Store

LOW_KAPPA = 0.4
"""Below this kappa (Landis & Koch: 'fair' or worse) a criterion is flagged."""

LOW_AGREEMENT = 0.70
"""Below this share of agreeing cells a criterion is flagged, whatever its kappa."""

MIN_FLAG_REVIEWS = 5
"""No flag below this many reviewed cells: over one or two cells kappa is 0, -1 or undefined by chance alone."""

FLAG_RULE = (
    f"A criterion is flagged when at least {MIN_FLAG_REVIEWS} of its cells were reviewed and the grader agrees "
    f"with the reviewers on fewer than {LOW_AGREEMENT:.0%} of them or Cohen's kappa is below {LOW_KAPPA}. "
    "Cells the grader could not judge (n/a) are left out and counted."
)
"""The flag rule as the Review page and the command line state it."""

KAPPA_BANDS = ((0.7, "gate"), (0.4, "monitoring"), (float("-inf"), "exploration"))
"""What a judge's kappa is good for: about 0.7 and up before it gates a release, 0.4 to 0.7 for watching trends,
below 0.4 exploration only."""


def kappa_band(kappa: float | None) -> str:
    """exploration, monitoring or gate; 'unknown' when kappa is undefined."""
    if kappa is None:
        return "unknown"
    return next(name for floor, name in KAPPA_BANDS if kappa >= floor)


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
    not_judged: int = 0
    """Reviewed cells whose grader verdict was n/a: left out of every figure above."""

    @property
    def rate(self) -> float | None:
        """Share of reviewed cells where grader and human agree."""
        return self.agreed / self.reviewed if self.reviewed else None

    @property
    def false_acceptances(self) -> int:
        """Grader ✔, person ✘: the costly disagreement (a draft let through that does not meet the criterion)."""
        return self.confusion[1][0]

    @property
    def false_rejections(self) -> int:
        """Grader ✘, person ✔."""
        return self.confusion[0][1]

    @property
    def low(self) -> bool:
        """Whether to flag this criterion (FLAG_RULE): enough reviews, and agreement below LOW_AGREEMENT or kappa
        below LOW_KAPPA."""
        if self.reviewed < MIN_FLAG_REVIEWS:
            return False
        if (self.rate or 0.0) < LOW_AGREEMENT:
            return True
        return self.kappa is not None and self.kappa < LOW_KAPPA

    @property
    def band(self) -> str:
        """What its kappa makes this grader good for on this criterion (`kappa_band`)."""
        return kappa_band(self.kappa)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON lines)."""
        return {
            "criterion": self.criterion,
            "reviewed": self.reviewed,
            "agreed": self.agreed,
            "agreement_rate": self.rate,
            "kappa": self.kappa,
            "confusion": {"labels": ["pass", "fail"], "rows": "human", "columns": "grader", "matrix": self.confusion},
            "false_acceptances": self.false_acceptances,
            "false_rejections": self.false_rejections,
            "not_judged": self.not_judged,
            "low": self.low,
            "band": self.band,
        }


@dataclass
class AgreementReport:
    """Agreement per criterion, overall, and the disagreeing cells."""

    run_ids: list[str]
    criteria: list[Agreement]
    overall: Agreement
    disagreements: list[dict[str, Any]]
    """Cells where the human and the grader differ (`reviewed_cells` rows), false acceptances first."""
    not_judged: list[dict[str, Any]] = field(default_factory=list)
    """Reviewed cells whose grader verdict was n/a: left out of the agreement (the grader said nothing)."""


def agreement_of(criterion: str, grader: list[bool], human: list[bool]) -> Agreement:
    """Agreement between paired grader and human verdicts (same length, same order)."""
    from statsmodels.stats.inter_rater import cohens_kappa

    if len(grader) != len(human):
        msg = "grader and human verdict lists differ in length"
        raise ValueError(msg)
    n = len(grader)
    if n == 0:
        return Agreement(criterion, 0, 0, None)
    agreed = sum(g == h for g, h in zip(grader, human, strict=True))
    # Rows: human pass, human fail; columns: grader pass, grader fail (LABELS), counted.
    matrix = [
        [sum(1 for g, h in zip(grader, human, strict=True) if h is want_h and g is want_g) for want_g in LABELS]
        for want_h in LABELS
    ]
    kappa: float | None = None
    if len(set(grader) | set(human)) > 1:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # 0/0 when each rater used one (different) label
            value = float(cohens_kappa(matrix, return_results=False))
        # NaN or infinite: undefined. Rounded past float noise: 0.3999999999999999 must not read below the 0.4
        # flag threshold where the exact kappa is 0.4.
        kappa = round(value, 12) if math.isfinite(value) else None
    return Agreement(criterion, n, agreed, kappa, matrix)


def agreement(store: Store, run_ids: list[str]) -> AgreementReport:
    """Agreement over every reviewed cell of these runs (a run, a suite's runs, a rubric's, a grader's)."""
    from rubric_core.store.judge import reviewed_cells

    cells_reviewed = reviewed_cells(store, run_ids)
    reviewed = [c for c in cells_reviewed if c["verdict"] != "n/a"]
    not_judged = [c for c in cells_reviewed if c["verdict"] == "n/a"]
    by_name: dict[str, list[dict[str, Any]]] = {}
    for c in cells_reviewed:
        by_name.setdefault(c["criterion"], [])
    for c in reviewed:
        by_name[c["criterion"]].append(c)
    per = []
    for name, cells in by_name.items():
        a = agreement_of(name, [c["passed"] for c in cells], [c["human_passed"] for c in cells])
        a.not_judged = sum(1 for c in not_judged if c["criterion"] == name)
        per.append(a)
    overall = agreement_of("(overall)", [c["passed"] for c in reviewed], [bool(c["human_passed"]) for c in reviewed])
    overall.not_judged = len(not_judged)
    disagreements = sorted(
        (c for c in reviewed if c["passed"] != c["human_passed"]),
        key=lambda c: (not c["passed"], c["run_id"], c["turn"], c["iteration"], c["position"]),
    )
    return AgreementReport(
        run_ids=list(run_ids), criteria=per, overall=overall, disagreements=disagreements, not_judged=not_judged
    )
