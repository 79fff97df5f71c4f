"""Prove a proposal before it is called better: regrade the stored drafts under the edited rubric (a what-if:
no working-model call) and score the new verdicts against the human reviews the proposer never saw.

Before: the stored verdicts; after: the regrade's, mapped to the old criteria through the proposal's mapping
(a split's parts stand for the old line together: any part failed is a fail, else any n/a is n/a, else a
pass). Both are scored on the same held-out reviewed cells: agreement with a Wilson 95% interval, Cohen's
kappa with its 95% interval (judge/kappa_interval.py: a bootstrap, or "too few to say"), false acceptances, the
n/a share. The outcome is "better" only when
held-out agreement on the edited criterion goes up and no false acceptance is added (on it or overall);
"too_few" when fewer than MIN_HELD_OUT of its held-out cells are reviewed, with what to review first.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.evidence import Cell, Evidence, gather
from rubric_core.assistant.scoring import Score, score
from rubric_core.assistant.split import Split, split_of
from rubric_core.rubric import parse_criteria
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store

MIN_HELD_OUT = 6
"""Held-out reviewed cells of the edited criterion below which no outcome is claimed."""
MIN_NEW_AGREEMENT = 0.7
"""A criterion the grader could not judge before (all n/a) is better judged only from this agreement up."""
MAX_PROOF_RUNS = 200
"""Runs regraded by one proof: reviewed runs first, then the newest (a version with more runs is sampled)."""


class AssistantError(ValueError):
    """Bad input to the assistant (an unknown rubric or proposal, nothing to prove): said in words."""


@dataclass
class Proof:
    """A proposal regraded over the stored drafts and scored on the held-out reviews."""

    proposal_id: str
    rubric_name: str
    rubric_version: int
    criterion: str
    grader: str
    seed: int
    held_out_runs: list[str]
    learn_runs: int
    criterion_before: Score
    criterion_after: Score
    overall_before: Score
    overall_after: Score
    outcome: str
    """better, not_better or too_few."""
    why: str
    flips_before: tuple[int, int] | None = None
    criteria_after: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per criterion of the old rubric the edit keeps (through its mapping): the regraded verdicts' score on its
    held-out reviewed cells (fitness.py rates an accepted version on them)."""
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    """Runs whose end would change: run_id, before, after, change (stops earlier / later, satisfied <-> not)."""
    needed: int = 0
    review_first: list[dict[str, Any]] = field(default_factory=list)
    regraded_runs: int = 0
    regraded_drafts: int = 0
    regrade_ids: list[str] = field(default_factory=list)
    wall_time_s: float = 0.0
    id: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "proposal_id": self.proposal_id,
            "rubric_name": self.rubric_name,
            "rubric_version": self.rubric_version,
            "criterion": self.criterion,
            "grader": self.grader,
            "seed": self.seed,
            "held_out_runs": self.held_out_runs,
            "learn_runs": self.learn_runs,
            "criterion_before": self.criterion_before.to_dict(),
            "criterion_after": self.criterion_after.to_dict(),
            "overall_before": self.overall_before.to_dict(),
            "overall_after": self.overall_after.to_dict(),
            "outcome": self.outcome,
            "why": self.why,
            "flips_before": self.flips_before,
            "flips_after": None,
            "criteria_after": self.criteria_after,
            "outcomes": self.outcomes,
            "needed": self.needed,
            "review_first": self.review_first,
            "regraded_runs": self.regraded_runs,
            "regraded_drafts": self.regraded_drafts,
            "regrade_ids": self.regrade_ids,
            "wall_time_s": self.wall_time_s,
        }


def _combined(verdicts: list[str]) -> str:
    if not verdicts:
        return "n/a"
    if "fail" in verdicts:
        return "fail"
    if "n/a" in verdicts:
        return "n/a"
    return "pass"


def _regraded(report: Any, edited: list[str]) -> dict[tuple[int, int], dict[str, str]]:
    """(turn, iteration) -> new criterion (the edited rubric's wording) -> verdict, from a what-if report."""
    out: dict[tuple[int, int], dict[str, str]] = {}
    for row in report.iterations:
        names = list(row.new)
        by_position = len(names) == len(edited)
        verdicts: dict[str, str] = {}
        for i, name in enumerate(names):
            key = edited[i] if by_position else name
            value = row.new[name]
            verdicts[key] = "n/a" if value is None else ("pass" if value else "fail")
        out[(row.turn, row.iteration)] = verdicts
    return out


def _stops(results: dict[tuple[int, int], str | None]) -> dict[int, int | None]:
    from rubric_core.judge.whatif import _first_satisfied

    return _first_satisfied(results)


def _change(before: int | None, after: int | None) -> str:
    if before == after:
        return ""
    if before is None:
        return "not satisfied → satisfied"
    if after is None:
        return "satisfied → not satisfied"
    return "stops earlier" if after < before else "stops later"


def prove(
    store: Store,
    proposal_id: str,
    *,
    grader: str | None = None,
    keys: Mapping[str, str] | None = None,
    grader_model: Any = None,
    save: bool = True,
) -> Proof:
    """Regrade the stored drafts of the proposal's rubric version under the edit and score it on held-out reviews."""
    from rubric_core.judge.regrade import RegradeError
    from rubric_core.judge.whatif import what_if

    proposal = assistant_store.get_proposal(store, proposal_id)
    if proposal is None:
        msg = (
            f"No proposal {proposal_id!r} in the store (or the start of several ids): list them with "
            "`rubric-studio rubric doctor NAME`."
        )
        raise AssistantError(msg)
    try:
        evidence = gather(store, proposal["rubric_name"], proposal["rubric_version"])
    except KeyError as exc:
        raise AssistantError(str(exc.args[0])) from None
    split = split_of(store, evidence.name)
    runs = _runs_to_regrade(evidence, split)
    if not runs:
        msg = (
            f"Rubric {evidence.name!r} version {evidence.version} has no graded run: a proof regrades stored drafts, "
            "so run the version (a run or a suite) first."
        )
        raise AssistantError(msg)
    edited = [c.text for c in parse_criteria(proposal["edited_rubric"])]
    mapping: dict[str, list[str]] = proposal["mapping"]
    started = time.monotonic()
    after: dict[tuple[str, int, int], dict[str, str]] = {}
    outcomes: list[dict[str, Any]] = []
    regrade_ids: list[str] = []
    drafts = 0
    used_grader = grader or (evidence.graders[0] if evidence.graders else "offline:grader")
    for run_id in runs:
        try:
            report = what_if(
                store,
                run_id,
                rubric=proposal["edited_rubric"],
                grader=grader,
                keys=keys,
                grader_model=grader_model,
                save=save,
            )
        except RegradeError as exc:
            raise AssistantError(f"The regrade of run {run_id[:8]} failed: {exc}") from None
        regrade_ids.append(report.regrade_id)
        drafts += len(report.iterations)
        for (turn, iteration), verdicts in _regraded(report, edited).items():
            after[(run_id, turn, iteration)] = verdicts
        before_stops, after_stops = report.original_stops, report.stops
        for turn in sorted(set(before_stops) | set(after_stops)):
            change = _change(before_stops.get(turn), after_stops.get(turn))
            if change:
                outcomes.append(
                    {
                        "run_id": run_id,
                        "turn": turn,
                        "before": before_stops.get(turn),
                        "after": after_stops.get(turn),
                        "change": change,
                    }
                )
    proof = _score(evidence, split, proposal, mapping, after)
    proof.grader = used_grader
    proof.outcomes = outcomes
    proof.regraded_runs = len(runs)
    proof.regraded_drafts = drafts
    proof.regrade_ids = [r for r in regrade_ids if r]
    proof.wall_time_s = round(time.monotonic() - started, 3)
    if save:
        proof.id = assistant_store.save_proof(store, proof.to_dict())
    return proof


def _runs_to_regrade(evidence: Evidence, split: Split) -> list[str]:
    reviewed = {c.run_id for c in evidence.cells if c.human is not None}
    ordered = [r["id"] for r in evidence.runs if r["id"] in reviewed] + [
        r["id"] for r in reversed(evidence.runs) if r["id"] not in reviewed
    ]
    return ordered[:MAX_PROOF_RUNS]


def _new_verdict(
    cell: Cell, mapping: dict[str, list[str]], after: dict[tuple[str, int, int], dict[str, str]]
) -> str | None:
    """The regrade's verdict for an old cell through the mapping; None when the edit dropped its criterion or the
    draft was not regraded."""
    verdicts = after.get((cell.run_id, cell.turn, cell.iteration))
    if verdicts is None:
        return None
    news = [new for new, olds in mapping.items() if cell.criterion in olds]
    if not news:
        return None
    return _combined([verdicts.get(n, "n/a") for n in news])


def _score(
    evidence: Evidence,
    split: Split,
    proposal: dict[str, Any],
    mapping: dict[str, list[str]],
    after: dict[tuple[str, int, int], dict[str, str]],
) -> Proof:
    criterion = proposal["criterion"]
    reviewed = [c for c in evidence.cells if c.human is not None]
    held = [c for c in reviewed if split.holds_out(c.run_id)]
    learn_runs = len({c.run_id for c in reviewed} - {c.run_id for c in held})
    both = [(c, _new_verdict(c, mapping, after)) for c in held]
    comparable = [(c, v) for c, v in both if v is not None]
    crit = [(c, v) for c, v in comparable if c.criterion == criterion]
    crit_all = [c for c in held if c.criterion == criterion]
    before_crit = score([(c.verdict, bool(c.human)) for c in crit_all])
    after_crit = score([(v, bool(c.human)) for c, v in crit])
    overall_before = score([(c.verdict, bool(c.human)) for c, _ in comparable])
    overall_after = score([(v, bool(c.human)) for c, v in comparable])
    proof = Proof(
        proposal_id=proposal["id"],
        rubric_name=evidence.name,
        rubric_version=evidence.version,
        criterion=criterion,
        grader="",
        seed=split.seed,
        held_out_runs=sorted({c.run_id for c in held}),
        learn_runs=learn_runs,
        criterion_before=before_crit,
        criterion_after=after_crit,
        overall_before=overall_before,
        overall_after=overall_after,
        outcome="",
        why="",
        flips_before=evidence.flips.get(criterion),
    )
    kept = [old for old in evidence.criteria if any(old in olds for olds in mapping.values())]
    proof.criteria_after = {
        old: score([(v, bool(c.human)) for c, v in comparable if c.criterion == old], interval=False).to_dict()
        for old in kept
    }
    reviewed_here = len(crit_all)
    if reviewed_here < MIN_HELD_OUT:
        proof.outcome = "too_few"
        proof.needed = MIN_HELD_OUT - reviewed_here
        proof.why = (
            f"Only {reviewed_here} held-out reviewed cell{'s' if reviewed_here != 1 else ''} of {criterion!r}; "
            f"{MIN_HELD_OUT} are needed to say whether the edit is better. Review {proof.needed} more (the cells "
            "below first)."
        )
        proof.review_first = _review_first(evidence, split, criterion, mapping, after)
        return proof
    if not crit:
        proof.outcome = "not_better"
        proof.why = (
            f"The edit drops {criterion!r}: it has no verdict left to compare with the reviewers, so held-out "
            "agreement on it cannot go up. Its other effects are below (outcomes that would change)."
        )
        return proof
    added_fa = after_crit.false_acceptances > before_crit.false_acceptances or (
        overall_after.false_acceptances > overall_before.false_acceptances
    )
    raised, said = _raised(before_crit, after_crit)
    if raised and not added_fa:
        proof.outcome = "better"
        proof.why = f"{said} over held-out reviewed cells the proposer never saw, with no false acceptance added."
    else:
        proof.outcome = "not_better"
        reasons = [] if raised else [said]
        if added_fa:
            reasons.append(
                f"it adds false acceptances ({before_crit.false_acceptances} → {after_crit.false_acceptances} on the "
                f"criterion, {overall_before.false_acceptances} → {overall_after.false_acceptances} overall)"
            )
        text = "; ".join(reasons)
        proof.why = text[:1].upper() + text[1:] + "."
    return proof


def _raised(before: Score, after: Score) -> tuple[bool, str]:
    """Whether held-out agreement went up, in words. Agreement is over the cells the grader judged; a criterion
    that goes from n/a to judged counts as raised when the new verdicts agree with people at MIN_NEW_AGREEMENT or
    more, and one whose n/a share rises never counts as raised."""
    if after.rate is None:
        return False, "after the edit the grader judges none of the held-out reviewed cells (all n/a)"
    if before.rate is None:
        ok = after.rate >= MIN_NEW_AGREEMENT
        return ok, (
            f"the grader could judge none of its held-out reviewed cells before (n/a); after the edit it judges "
            f"{after.n} and agrees with people on {after.rate:.0%}"
            + ("" if ok else f", under the {MIN_NEW_AGREEMENT:.0%} a newly judged criterion needs")
        )
    coverage_kept = (after.na_share or 0.0) <= (before.na_share or 0.0)
    if after.rate > before.rate and coverage_kept:
        return True, f"held-out agreement goes from {before.rate:.0%} to {after.rate:.0%} ({after.n} cells)"
    if after.rate >= before.rate and (after.na_share or 0.0) < (before.na_share or 0.0):
        return True, (
            f"held-out agreement holds at {after.rate:.0%} and the n/a share falls from {before.na_share:.0%} to "
            f"{after.na_share:.0%}"
        )
    if not coverage_kept:
        return False, f"the n/a share rises from {before.na_share or 0.0:.0%} to {after.na_share or 0.0:.0%}"
    return False, f"held-out agreement does not go up ({before.rate:.0%} before, {after.rate:.0%} after)"


def _review_first(
    evidence: Evidence,
    split: Split,
    criterion: str,
    mapping: dict[str, list[str]],
    after: dict[tuple[str, int, int], dict[str, str]],
) -> list[dict[str, Any]]:
    """Unreviewed held-out cells of the criterion, the most informative first: where the edit changes the
    verdict, then where the grader failed it at the end, then the rest (at most 10)."""
    candidates = [c for c in evidence.of(criterion) if c.human is None and split.holds_out(c.run_id)]

    def rank(c: Cell) -> tuple[int, int]:
        new = _new_verdict(c, mapping, after)
        changes = new is not None and new != c.verdict
        return (0 if changes else 1 if c.final and c.verdict == "fail" else 2, -c.iteration)

    out = []
    for c in sorted(candidates, key=rank)[:10]:
        new = _new_verdict(c, mapping, after)
        out.append(
            {
                "run_id": c.run_id,
                "turn": c.turn,
                "iteration": c.iteration,
                "criterion": c.criterion,
                "verdict_now": c.verdict,
                "verdict_after_edit": new,
                "why": "the edit changes its verdict" if new is not None and new != c.verdict else "a held-out cell",
            }
        )
    return out
