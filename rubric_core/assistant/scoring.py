"""Agreement of verdicts with people over a set of reviewed cells, as a proof and a fitness score it: agreement with
a Wilson 95% interval, Cohen's kappa with its 95% interval (judge/kappa_interval.py), false acceptances and
rejections; n/a verdicts are left out of each figure and counted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Score:
    """Agreement of verdicts with people over a set of reviewed cells (n/a left out and counted)."""

    n: int = 0
    agreed: int = 0
    rate: float | None = None
    rate_ci: tuple[float, float] | None = None
    kappa: float | None = None
    kappa_ci: tuple[float, float] | None = None
    kappa_ci_method: str = ""
    """How the interval was made (judge/kappa_interval.py): bootstrap, wilson, too_few or undefined."""
    false_acceptances: int = 0
    false_rejections: int = 0
    na: int = 0

    @property
    def na_share(self) -> float | None:
        total = self.n + self.na
        return self.na / total if total else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "agreed": self.agreed,
            "agreement": self.rate,
            "agreement_ci": self.rate_ci,
            "kappa": self.kappa,
            "kappa_ci": self.kappa_ci,
            "kappa_ci_method": self.kappa_ci_method,
            "false_acceptances": self.false_acceptances,
            "false_rejections": self.false_rejections,
            "na": self.na,
            "na_share": self.na_share,
        }


def score(pairs: list[tuple[str, bool]], *, interval: bool = True) -> Score:
    """(grader verdict, human verdict) pairs: n/a verdicts counted apart, the rest scored."""
    from rubric_core.judge.agreement import agreement_of
    from rubric_core.judge.kappa_interval import kappa_interval
    from rubric_core.suites.statistics import wilson

    judged = [(v == "pass", h) for v, h in pairs if v != "n/a"]
    s = Score(na=len(pairs) - len(judged))
    if not judged:
        return s
    a = agreement_of("", [g for g, _ in judged], [h for _, h in judged])
    rate = wilson(a.agreed, a.reviewed)
    s.n, s.agreed, s.rate, s.rate_ci = a.reviewed, a.agreed, rate.rate, (rate.low, rate.high)
    s.kappa, s.false_acceptances, s.false_rejections = a.kappa, a.false_acceptances, a.false_rejections
    if interval:  # a bootstrap costs tens of milliseconds: only where the interval is shown
        made = kappa_interval([g for g, _ in judged], [h for _, h in judged])
        s.kappa_ci, s.kappa_ci_method = made.bounds, made.method
    return s
