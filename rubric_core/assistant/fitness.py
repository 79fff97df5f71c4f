"""A rubric version's fitness: what its grader's agreement with people makes it good for.

exploration (kappa below 0.4), monitoring (0.4 to 0.7), gate (0.7 and up), with n and the kappa's 95% interval
(judge/kappa_interval.py); unknown with fewer than MIN_FITNESS_N judged reviewed cells. One definition, whatever
else has been done (a diagnosis, a split) and on every page:

- for a version the assistant made, the proof it was accepted on (the regraded verdicts on the held-out reviews);
- for any other version, the stored verdicts of its own runs against every review of them (nothing was fitted to
  those verdicts, so every review is fair evidence).

It says what share of the reviewed cells its grader could not judge (n/a), and never rates a version past what its
criteria show one by one: the band is at most that of its weakest criterion with MIN_CRITERION_N judged reviews,
and a version with a criterion its grader could not judge (mostly n/a) or that nobody reviewed is never a gate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rubric_core.assistant.evidence import gather
from rubric_core.assistant.findings import MOSTLY_NA
from rubric_core.assistant.scoring import Score, score
from rubric_core.judge.agreement import kappa_band
from rubric_core.judge.kappa_interval import interval_said
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store

MIN_FITNESS_N = 10
MIN_CRITERION_N = 5
"""Judged reviewed cells of one criterion from which its own kappa can lower the version's band."""
BANDS = ("exploration", "monitoring", "gate")
"""Fitness levels, lowest first (`--require-fitness` accepts a version at or above the one named)."""
BAND_WORDS = {
    "gate": "can gate a release",
    "monitoring": "good for watching trends",
    "exploration": "exploration only",
    "unknown": "not known yet",
}
"""Each band in plain words (the Rubrics page's column, the Assistant page)."""


@dataclass(frozen=True)
class CriterionFit:
    """One criterion's share of the evidence."""

    criterion: str
    judged: int
    """Reviewed cells its grader judged (pass or fail)."""
    na: int
    """Reviewed cells its grader could not judge."""
    kappa: float | None

    @property
    def mostly_na(self) -> bool:
        return bool(self.judged + self.na) and self.na / (self.judged + self.na) >= MOSTLY_NA

    @property
    def unreviewed(self) -> bool:
        return not self.judged and not self.na

    def to_dict(self) -> dict[str, Any]:
        return {"criterion": self.criterion, "judged": self.judged, "na": self.na, "kappa": self.kappa}


@dataclass(frozen=True)
class Fitness:
    """A version's fitness and the evidence behind it."""

    band: str
    """exploration, monitoring, gate or unknown: the pooled kappa's band, lowered by its criteria (module doc)."""
    kappa: float | None
    kappa_ci: tuple[float, float] | None
    n: int
    """Judged reviewed cells."""
    source: str
    """Where the numbers come from, in words."""
    kappa_ci_method: str = ""
    na: int = 0
    """Reviewed cells the grader could not judge (n/a): in no figure above, and said."""
    criteria: tuple[CriterionFit, ...] = ()
    capped: str = ""
    """Why the band is below the pooled kappa's ('' when it is not)."""

    @property
    def na_share(self) -> float | None:
        return self.na / (self.n + self.na) if self.n + self.na else None

    def _unjudged(self) -> str:
        if not self.na:
            return ""
        which = [c.criterion for c in self.criteria if c.mostly_na]
        named = f"; mostly n/a: {', '.join(repr(c) for c in which)}" if which else ""
        return (
            f"could not judge {self.na_share or 0:.0%} of its reviewed cells ({self.na} of {self.n + self.na}{named})"
        )

    @property
    def details(self) -> str:
        """What the band rests on: the kappa, n and interval, what it could not judge, why it is capped, the source."""
        if self.band == "unknown":
            return self.source
        interval = interval_said(self.kappa_ci, self.kappa_ci_method, self.n)
        parts = [f"kappa {self.kappa:.2f} over {self.n} judged reviewed cells" + (f", {interval}" if interval else "")]
        parts += [p for p in (self._unjudged(), self.capped) if p]
        return "; ".join([*parts, self.source])

    @property
    def label(self) -> str:
        """'gate (kappa 0.82 over 40 judged reviewed cells, 95% 0.61 to 0.93 (bootstrap); ...)'."""
        return f"{self.band} ({self.details})"

    @property
    def plain(self) -> str:
        """The band in plain words, with what it rests on: 'good for watching trends (kappa 0.55, 24 reviews; ...)'."""
        if self.band == "unknown":
            return f"{BAND_WORDS['unknown']}: {self.source}"
        said = f"kappa {self.kappa:.2f}, {self.n} reviews"
        if self.na:
            said += f"; {self.na_share or 0:.0%} could not be judged"
        if self.capped:
            said += f"; {self.capped}"
        return f"{BAND_WORDS[self.band]} ({said})"

    @property
    def short(self) -> str:
        """A table cell's words: 'good for watching trends (kappa 0.45, 100 reviews)', 'not known yet: 4 of 10
        reviews needed'."""
        if self.band != "unknown":
            return f"{BAND_WORDS[self.band]} (kappa {self.kappa:.2f}, {self.n} reviews)"
        if not self.n and not self.na:
            return "not known yet: no review of its runs"
        if self.n < MIN_FITNESS_N:
            return f"not known yet: {self.n} of the {MIN_FITNESS_N} judged reviews it needs"
        return "not known yet: kappa undefined (one verdict only on each side)"

    def meets(self, required: str) -> bool:
        """Whether this fitness is at or above `required`."""
        return self.band in BANDS and BANDS.index(self.band) >= BANDS.index(required)

    def to_dict(self) -> dict[str, Any]:
        return {
            "band": self.band,
            "kappa": self.kappa,
            "kappa_ci": self.kappa_ci,
            "kappa_ci_method": self.kappa_ci_method,
            "n": self.n,
            "na": self.na,
            "na_share": self.na_share,
            "criteria": [c.to_dict() for c in self.criteria],
            "capped": self.capped,
            "source": self.source,
        }


def fitness(store: Store, name: str, version: int) -> Fitness:
    """The fitness of a library rubric version (KeyError when there is no such version)."""
    proof = assistant_store.proof_of_version(store, name, version)
    if proof is not None:
        after = proof["overall_after"]
        criteria = tuple(
            CriterionFit(c, int(s.get("n") or 0), int(s.get("na") or 0), s.get("kappa"))
            for c, s in (proof.get("criteria_after") or {}).items()
        )
        n = int(after.get("n") or 0)
        return _rated(
            after.get("kappa"),
            tuple(after["kappa_ci"]) if after.get("kappa_ci") else None,
            str(after.get("kappa_ci_method") or ""),
            n,
            int(after.get("na") or 0),
            criteria,
            f"the proof it was accepted on: held-out reviewed cells regraded by {proof['grader']}",
        )
    evidence = gather(store, name, version)
    reviewed = [c for c in evidence.cells if c.human is not None]
    s = score([(c.verdict, bool(c.human)) for c in reviewed])
    criteria = tuple(
        _criterion(c, score([(x.verdict, bool(x.human)) for x in reviewed if x.criterion == c], interval=False))
        for c in evidence.criteria
    )
    source = "every review of its runs" if reviewed else "no review of its runs yet (review some on the Review page)"
    return _rated(s.kappa, s.kappa_ci, s.kappa_ci_method, s.n, s.na, criteria, source)


def _criterion(name: str, s: Score) -> CriterionFit:
    return CriterionFit(name, s.n, s.na, s.kappa)


def _rated(
    kappa: float | None,
    ci: tuple[float, float] | None,
    method: str,
    n: int,
    na: int,
    criteria: tuple[CriterionFit, ...],
    source: str,
) -> Fitness:
    if n < MIN_FITNESS_N or kappa is None:
        if n + na == 0:
            why = source
        elif n < MIN_FITNESS_N:
            why = f"{n} judged reviewed cells, {MIN_FITNESS_N} needed; from {source}"
        else:
            why = f"kappa undefined (reviewers and grader each gave one verdict only); from {source}"
        return Fitness("unknown", kappa, ci, n, why, method, na, criteria)
    band, capped = kappa_band(kappa), ""
    judged = [c for c in criteria if c.judged >= MIN_CRITERION_N and c.kappa is not None]
    if judged:
        weakest = min(judged, key=lambda c: (BANDS.index(kappa_band(c.kappa)), c.kappa))
        if BANDS.index(kappa_band(weakest.kappa)) < BANDS.index(band):
            band = kappa_band(weakest.kappa)
            capped = f"held to its weakest criterion, {weakest.criterion!r} (kappa {weakest.kappa:.2f})"
    blind = [c.criterion for c in criteria if c.mostly_na or c.unreviewed]
    if band == "gate" and blind:
        band = "monitoring"
        capped = (
            f"not a gate: it could not judge or nobody reviewed {', '.join(repr(c) for c in blind)}, and a gate must "
            "judge every criterion"
        )
    return Fitness(band, kappa, ci, n, source, method, na, criteria, capped)
