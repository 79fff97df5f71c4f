"""Suite statistics from statsmodels, not our own formulas: Wilson intervals and McNemar's exact test."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """A pass rate with its Wilson 95% interval."""

    passed: int
    total: int
    low: float
    high: float

    @property
    def rate(self) -> float | None:
        """passed / total (None with no items)."""
        return self.passed / self.total if self.total else None


def wilson(passed: int, total: int, *, alpha: float = 0.05) -> Rate:
    """The share `passed / total` with a Wilson score interval (95% by default)."""
    if total < 0 or not 0 <= passed <= total:
        msg = f"A pass rate needs 0 <= passed <= total; got {passed} of {total}."
        raise ValueError(msg)
    if total == 0:
        return Rate(0, 0, 0.0, 1.0)
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(passed, total, alpha=alpha, method="wilson")
    return Rate(passed, total, float(low), float(high))


@dataclass(frozen=True)
class Paired:
    """McNemar's exact test over paired pass/fail outcomes of shared items."""

    both_pass: int
    only_a: int
    """Passed in A, failed in B."""
    only_b: int
    """Failed in A, passed in B."""
    both_fail: int
    p_value: float


def mcnemar_exact(pairs: list[tuple[bool, bool]]) -> Paired:
    """McNemar's exact (binomial) test on (passed in A, passed in B) per shared item."""
    from statsmodels.stats.contingency_tables import mcnemar

    both = sum(1 for a, b in pairs if a and b)
    only_a = sum(1 for a, b in pairs if a and not b)
    only_b = sum(1 for a, b in pairs if b and not a)
    neither = len(pairs) - both - only_a - only_b
    if only_a + only_b == 0:
        p = 1.0  # no discordant pair: no evidence of a difference (statsmodels agrees; skip the call)
    else:
        p = float(mcnemar([[both, only_a], [only_b, neither]], exact=True).pvalue)
    return Paired(both, only_a, only_b, neither, p)


def delta_interval(a: Rate, b: Rate, *, alpha: float = 0.05) -> tuple[float, float] | None:
    """95% interval of b's rate minus a's (Newcombe's hybrid score interval, statsmodels; None without items).

    It treats the two runs as independent samples, so over shared (paired) items it is conservative:
    the McNemar test is the paired evidence.
    """
    if a.total == 0 or b.total == 0:
        return None
    from statsmodels.stats.proportion import confint_proportions_2indep

    low, high = confint_proportions_2indep(
        b.passed, b.total, a.passed, a.total, method="newcomb", compare="diff", alpha=alpha
    )
    return float(low), float(high)
