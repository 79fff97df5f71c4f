"""A rubric version's fitness: what its held-out agreement with people makes it good for.

exploration (kappa below 0.4), monitoring (0.4 to 0.7), gate (0.7 and up), with n and the 95% interval;
unknown with fewer than MIN_FITNESS_N judged held-out reviewed cells. The evidence is, for a version the
assistant made, the proof it was accepted on (the regraded verdicts on the held-out reviews); for any other
version, the stored verdicts of its own runs on the reviews the assistant never learned from (all of them
when it never split this rubric's reviews).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rubric_core.assistant.evidence import gather
from rubric_core.assistant.proof import score
from rubric_core.assistant.split import Split
from rubric_core.judge.agreement import kappa_band
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store

MIN_FITNESS_N = 10
BANDS = ("exploration", "monitoring", "gate")
"""Fitness levels, lowest first (`--require-fitness` accepts a version at or above the one named)."""


@dataclass(frozen=True)
class Fitness:
    """A version's fitness and the evidence behind it."""

    band: str
    """exploration, monitoring, gate or unknown."""
    kappa: float | None
    kappa_ci: tuple[float, float] | None
    n: int
    source: str
    """Where the numbers come from, in words."""

    @property
    def label(self) -> str:
        """'gate (kappa 0.82, 95% 0.61 to 1.00, n 24; ...)' or 'unknown (...)'."""
        if self.band == "unknown":
            return f"unknown ({self.source})"
        ci = f", 95% {self.kappa_ci[0]:.2f} to {self.kappa_ci[1]:.2f}" if self.kappa_ci else ""
        return f"{self.band} (kappa {self.kappa:.2f}{ci}, n {self.n}; {self.source})"

    def meets(self, required: str) -> bool:
        """Whether this fitness is at or above `required`."""
        return self.band in BANDS and BANDS.index(self.band) >= BANDS.index(required)

    def to_dict(self) -> dict[str, Any]:
        return {"band": self.band, "kappa": self.kappa, "kappa_ci": self.kappa_ci, "n": self.n, "source": self.source}


def fitness(store: Store, name: str, version: int) -> Fitness:
    """The fitness of a library rubric version (KeyError when there is no such version)."""
    proof = assistant_store.proof_of_version(store, name, version)
    if proof is not None:
        after = proof["overall_after"]
        return _from(
            after.get("kappa"),
            tuple(after["kappa_ci"]) if after.get("kappa_ci") else None,
            int(after.get("n") or 0),
            f"the proof it was accepted on: {after.get('n') or 0} held-out reviewed cells regraded by {proof['grader']}",
        )
    evidence = gather(store, name, version)
    stored = assistant_store.read_split(store, name)
    split = Split(*stored) if stored else None
    held = [c for c in evidence.cells if c.human is not None and (split is None or split.holds_out(c.run_id))]
    s = score([(c.verdict, bool(c.human)) for c in held])
    where = "held-out reviews of its runs" if split else "reviews of its runs (the assistant never learned from them)"
    return _from(s.kappa, s.kappa_ci, s.n, f"{s.n} judged {where}")


def _from(kappa: float | None, ci: tuple[float, float] | None, n: int, source: str) -> Fitness:
    if n < MIN_FITNESS_N or kappa is None:
        why = f"{n} judged reviewed cells; {MIN_FITNESS_N} needed" if n < MIN_FITNESS_N else "kappa undefined"
        return Fitness("unknown", kappa, ci, n, f"{source}: {why}")
    return Fitness(kappa_band(kappa), kappa, ci, n, source)
