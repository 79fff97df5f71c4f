"""Flags for the rubric editor: criteria the grader disagrees with humans on, and flaky criteria.

Looked up by criterion name across the whole store (reviews and stored
consistency checks), with one query each, so the editor can show them beside
each criterion as it is typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rubric_core.judge.agreement import Agreement, agreement_of
from rubric_core.judge.consistency import CriterionConsistency, flip_counts
from rubric_core.store import Store
from rubric_core.store.sql import text

FLAKY_HINT = "flaky verdicts usually mean a bundled or vague criterion: split it, or make it checkable"
LOW_KAPPA_HINT = "low agreement with reviewers: say exactly what passes, or give the grader a check tool"


@dataclass
class CriterionFlags:
    """What the judge knows about one criterion name."""

    agreement: Agreement | None = None
    consistency: CriterionConsistency | None = None

    def notes(self) -> list[str]:
        """Short flags to show beside the criterion ('flipped 2 of 5', 'kappa 0.10 over 8 reviews')."""
        out = []
        if self.agreement is not None and self.agreement.low:
            a = self.agreement
            kappa = "undefined" if a.kappa is None else f"{a.kappa:.2f}"
            out.append(f"low agreement: {a.rate or 0.0:.0%}, kappa {kappa} over {a.reviewed} reviews")
        if self.consistency is not None and self.consistency.flaky:
            out.append(self.consistency.label)
        return out


def _in(names: list[str]) -> tuple[str, dict[str, str]]:
    params = {f"n{i}": v for i, v in enumerate(names)}
    return ", ".join(f":{k}" for k in params), params


def criterion_flags(store: Store, names: list[str]) -> dict[str, CriterionFlags]:
    """Flags of these criterion names (only names with something to say are present)."""
    names = sorted({n for n in names if n})
    if not names:
        return {}
    marks, params = _in(names)
    pairs: dict[str, tuple[list[bool], list[bool]]] = {}
    checks: dict[str, dict[int, list[dict[str, object]]]] = {}
    with store.engine.connect() as conn:
        for name, grader, human in conn.execute(
            text(
                "SELECT c.name, c.passed, v.passed FROM reviews v JOIN criteria c ON c.run_id = v.run_id AND "
                "c.verdict <> 'n/a' AND "
                "c.turn = v.turn AND c.iteration = v.iteration AND c.position = v.position "
                f"WHERE c.name IN ({marks}) AND v.revision = (SELECT MAX(w.revision) FROM reviews w WHERE "
                "w.run_id = v.run_id AND w.turn = v.turn AND w.iteration = v.iteration AND w.position = v.position)"
            ),
            params,
        ):
            g, h = pairs.setdefault(name, ([], []))
            g.append(bool(grader))
            h.append(bool(human))
        newest: dict[str, str] = {}
        rows = conn.execute(
            text(
                "SELECT g.id, rc.name, rc.attempt, rc.passed, rc.verdict FROM regrades g JOIN regrade_criteria rc ON "
                f"rc.regrade_id = g.id WHERE g.kind = 'consistency' AND rc.name IN ({marks}) "
                "ORDER BY g.created_at, g.id, rc.attempt"
            ),
            params,
        ).all()
    for regrade_id, name, _, _, _ in rows:
        newest[name] = regrade_id  # ordered oldest first: the last one seen is the newest
    for regrade_id, name, attempt, passed, verdict in rows:
        if newest[name] == regrade_id:
            checks.setdefault(name, {}).setdefault(attempt, []).append(
                {"name": name, "passed": passed, "verdict": verdict}
            )
    out: dict[str, CriterionFlags] = {}
    for name, (g, h) in pairs.items():
        out.setdefault(name, CriterionFlags()).agreement = agreement_of(name, g, h)
    for name, attempts in checks.items():
        out.setdefault(name, CriterionFlags()).consistency = flip_counts(list(attempts.values()))[0]
    return out
