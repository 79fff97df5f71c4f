"""A 95% interval for Cohen's kappa that stays honest over a few reviewed cells.

The asymptotic interval (statsmodels' `cohens_kappa`) read [1.00, 1.00] over 19 cells that all agreed: its standard
error is 0 when no cell disagrees, whatever n is. Here:

- under MIN_INTERVAL_N judged cells there is no interval: "too few to say";
- from MIN_INTERVAL_N up, a percentile bootstrap (scipy.stats.bootstrap, the cells resampled in pairs,
  BOOTSTRAP_RESAMPLES resamples from a fixed seed, so the same cells always give the same interval);
- when every cell agrees a bootstrap cannot vary (each resample agrees too): the low end is then the kappa the
  agreement's Wilson 95% lower bound would give, chance agreement held at its observed value.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any, Literal

MIN_INTERVAL_N = 30
"""Judged reviewed cells below which no kappa interval is given."""
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20240
"""Fixed: an interval is a property of the cells, not of a draw."""

Method = Literal["bootstrap", "wilson", "too_few", "undefined"]
METHOD_WORDS: dict[str, str] = {
    "bootstrap": f"percentile bootstrap, {BOOTSTRAP_RESAMPLES:,} resamples of the cells",
    "wilson": "every cell agreed, so a bootstrap cannot vary: the low end is the agreement's Wilson bound as a kappa",
    "too_few": f"too few to say: an interval needs {MIN_INTERVAL_N} judged cells",
    "undefined": "kappa is undefined (each side used one verdict only)",
}


@dataclass(frozen=True)
class KappaInterval:
    """A kappa's 95% interval and how it was made."""

    low: float | None
    high: float | None
    method: Method
    n: int

    @property
    def bounds(self) -> tuple[float, float] | None:
        return None if self.low is None or self.high is None else (self.low, self.high)

    def said(self) -> str:
        """'95% 0.61 to 0.93 (bootstrap)', 'interval: too few to say (n 19; 30 needed)'."""
        if self.bounds is None:
            if self.method == "too_few":
                return f"interval: too few to say (n {self.n}; {MIN_INTERVAL_N} needed)"
            return "no interval (kappa undefined)"
        how = "bootstrap" if self.method == "bootstrap" else "Wilson bound: every cell agreed"
        return f"95% {self.low:.2f} to {self.high:.2f} ({how})"


def _kappa(human: Any, grader: Any, axis: int = -1) -> Any:
    """Cohen's kappa of paired 0/1 arrays along `axis` (vectorised over resamples); NaN where undefined."""
    import numpy as np

    po = np.mean(human == grader, axis=axis)
    ph, pg = np.mean(human, axis=axis), np.mean(grader, axis=axis)
    pe = ph * pg + (1 - ph) * (1 - pg)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(pe < 1, (po - pe) / (1 - pe), np.nan)


def kappa_interval(grader: list[bool], human: list[bool]) -> KappaInterval:
    """The 95% interval of the kappa between paired grader and human verdicts (the module docstring says how)."""
    import numpy as np

    n = len(grader)
    g, h = np.asarray(grader, dtype=float), np.asarray(human, dtype=float)
    if n == 0 or np.isnan(_kappa(h, g)):
        return KappaInterval(None, None, "undefined", n)
    if n < MIN_INTERVAL_N:
        return KappaInterval(None, None, "too_few", n)
    if bool(np.all(g == h)):
        from statsmodels.stats.proportion import proportion_confint

        po_low = float(proportion_confint(n, n, alpha=0.05, method="wilson")[0])
        pe = float(h.mean() * g.mean() + (1 - h.mean()) * (1 - g.mean()))
        return KappaInterval(max(-1.0, (po_low - pe) / (1 - pe)), 1.0, "wilson", n)
    from scipy.stats import bootstrap

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = bootstrap(
            (h, g),
            _kappa,
            paired=True,
            vectorized=True,
            n_resamples=BOOTSTRAP_RESAMPLES,
            method="percentile",
            random_state=np.random.default_rng(BOOTSTRAP_SEED),
        )
    values = np.asarray(result.bootstrap_distribution, dtype=float)
    values = values[~np.isnan(values)]
    low, high = float(np.percentile(values, 2.5)), float(np.percentile(values, 97.5))
    return KappaInterval(max(-1.0, low), min(1.0, high), "bootstrap", n)


def interval_said(bounds: Any, method: str | None, n: int) -> str:
    """The words of a stored interval (a proof's or a fitness's JSON): `KappaInterval.said`, and for a proof stored
    before the method was recorded, its asymptotic interval named as such."""
    if not method:
        return "" if not bounds else f"95% {bounds[0]:.2f} to {bounds[1]:.2f} (asymptotic)"
    low, high = (bounds[0], bounds[1]) if bounds else (None, None)
    return KappaInterval(low, high, method, n).said()  # type: ignore[arg-type]
