"""Flags for the rubric editor: criteria the grader disagrees with humans on, and flaky criteria.

Looked up by criterion name (reviews and stored consistency checks), with one query each, so the editor can show
them beside each criterion as it is typed. Agreement is a property of a criterion in the rubric it was measured
on: with a library rubric named, only that rubric's runs count; with none, each rubric the same text was measured
in is flagged on its own and named ("low agreement in 'haiku': ..."), never pooled with another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rubric_core.judge.agreement import Agreement, agreement_of
from rubric_core.judge.consistency import CriterionConsistency, flip_counts
from rubric_core.store import Store
from rubric_core.store.sql import text

FLAKY_HINT = "flaky verdicts usually mean a bundled or vague criterion: split it, or make it checkable"
LOW_KAPPA_HINT = "low agreement with reviewers: say exactly what passes, or give the grader a check tool"
UNNAMED = ""
"""The rubric name of runs of a rubric outside the library."""


def _where(rubric: str) -> str:
    return f"'{rubric}'" if rubric else "runs of unnamed rubrics"


@dataclass
class CriterionFlags:
    """What the judge knows about one criterion name, per rubric it was measured in."""

    agreement: dict[str, Agreement] = field(default_factory=dict)
    """Rubric name -> agreement of its runs' verdicts of this criterion with the reviews."""
    consistency: dict[str, CriterionConsistency] = field(default_factory=dict)
    """Rubric name -> the newest consistency check of this criterion in its runs."""
    scoped: bool = False
    """The flags are of the one rubric the editor names (its name is not repeated in them)."""

    def notes(self) -> list[str]:
        """Short flags to show beside the criterion ('flipped 2 of 5', 'low agreement: 0%, kappa 0.10 over 8
        reviews', or unscoped 'low agreement in 'haiku': ...')."""
        out = []
        for rubric, a in sorted(self.agreement.items()):
            if a.low:
                kappa = "undefined" if a.kappa is None else f"{a.kappa:.2f}"
                where = "" if self.scoped else f" in {_where(rubric)}"
                out.append(f"low agreement{where}: {a.rate or 0.0:.0%}, kappa {kappa} over {a.reviewed} reviews")
        for rubric, c in sorted(self.consistency.items()):
            if c.flaky:
                out.append(c.label + ("" if self.scoped else f" (in {_where(rubric)})"))
        return out


def _in(names: list[str]) -> tuple[str, dict[str, str]]:
    params = {f"n{i}": v for i, v in enumerate(names)}
    return ", ".join(f":{k}" for k in params), params


def criterion_flags(store: Store, names: list[str], *, rubric_name: str | None = None) -> dict[str, CriterionFlags]:
    """Flags of these criterion names (only names with something to say are present). `rubric_name`: only the
    runs of that library rubric count; None: every rubric's, each on its own."""
    names = sorted({n for n in names if n})
    if not names:
        return {}
    marks, params = _in(names)
    scope = ""
    if rubric_name is not None:
        scope = " AND COALESCE(r.rubric_name, '') = :rubric"
        params = {**params, "rubric": rubric_name}
    pairs: dict[tuple[str, str], tuple[list[bool], list[bool]]] = {}
    checks: dict[tuple[str, str], dict[int, list[dict[str, object]]]] = {}
    with store.engine.connect() as conn:
        for name, rubric, grader, human in conn.execute(
            text(
                "SELECT c.name, COALESCE(r.rubric_name, ''), c.passed, v.passed FROM reviews v JOIN criteria c ON "
                "c.run_id = v.run_id AND c.verdict <> 'n/a' AND "
                "c.turn = v.turn AND c.iteration = v.iteration AND c.position = v.position "
                "JOIN runs r ON r.id = c.run_id "
                f"WHERE c.name IN ({marks}){scope} AND v.revision = (SELECT MAX(w.revision) FROM reviews w WHERE "
                "w.run_id = v.run_id AND w.turn = v.turn AND w.iteration = v.iteration AND w.position = v.position)"
            ),
            params,
        ):
            g, h = pairs.setdefault((name, rubric), ([], []))
            g.append(bool(grader))
            h.append(bool(human))
        rows = conn.execute(
            text(
                "SELECT g.id, rc.name, COALESCE(r.rubric_name, ''), rc.attempt, rc.passed, rc.verdict FROM regrades g "
                "JOIN regrade_criteria rc ON rc.regrade_id = g.id JOIN runs r ON r.id = g.run_id "
                f"WHERE g.kind = 'consistency' AND rc.name IN ({marks}){scope} "
                "ORDER BY g.created_at, g.id, rc.attempt"
            ),
            params,
        ).all()
    newest: dict[tuple[str, str], str] = {}
    for regrade_id, name, rubric, _, _, _ in rows:
        newest[(name, rubric)] = regrade_id  # ordered oldest first: the last one seen is the newest
    for regrade_id, name, rubric, attempt, passed, verdict in rows:
        if newest[(name, rubric)] == regrade_id:
            checks.setdefault((name, rubric), {}).setdefault(attempt, []).append(
                {"name": name, "passed": passed, "verdict": verdict}
            )
    out: dict[str, CriterionFlags] = {}
    scoped = rubric_name is not None
    for (name, rubric), (g, h) in pairs.items():
        out.setdefault(name, CriterionFlags(scoped=scoped)).agreement[rubric] = agreement_of(name, g, h)
    for (name, rubric), attempts in checks.items():
        out.setdefault(name, CriterionFlags(scoped=scoped)).consistency[rubric] = flip_counts(list(attempts.values()))[
            0
        ]
    return out
