"""Grader consistency: grade one stored draft N times with the same grader and rubric, count flips.

A criterion "flipped k of N" when k of the N verdicts differ from the
majority (k = the smaller of its pass and fail counts); any k > 0 is flaky.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.judge.regrade import Pass, RegradeError, grade_drafts, regrade_config, stored_drafts, timed
from rubric_core.judge.whatif import failure_cause
from rubric_core.store import Store
from rubric_core.store import judge as judge_store
from rubric_core.verdicts import verdict_of

DEFAULT_REPEATS = 5


@dataclass
class CriterionConsistency:
    """How one criterion's verdict varied over repeated gradings of one draft."""

    criterion: str
    graded: int
    """Repeats that judged this criterion (pass or fail)."""
    passes: int
    original: bool | None = None
    """The verdict the run's own grading gave (None: the criterion was not in it, or was n/a)."""
    not_judged: int = 0
    """Repeats whose verdict was n/a: left out of `graded` and of the flips."""

    @property
    def fails(self) -> int:
        """Repeats that failed the criterion."""
        return self.graded - self.passes

    @property
    def flips(self) -> int:
        """Verdicts that differ from the majority."""
        return min(self.passes, self.fails)

    @property
    def flaky(self) -> bool:
        """Whether the verdict was not the same every time."""
        return self.flips > 0

    @property
    def label(self) -> str:
        """'flipped 2 of 5', 'stable over 5', with ' · 1 n/a' when some repeats could not judge it."""
        text = f"flipped {self.flips} of {self.graded}" if self.flaky else f"stable over {self.graded}"
        if not self.graded and self.not_judged:
            text = "never judged"
        return text + (f" · {self.not_judged} n/a" if self.not_judged else "")

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "criterion": self.criterion,
            "graded": self.graded,
            "passes": self.passes,
            "fails": self.fails,
            "flips": self.flips,
            "flaky": self.flaky,
            "not_judged": self.not_judged,
            "original": self.original,
            "label": self.label,
        }


@dataclass
class ConsistencyReport:
    """Repeated gradings of one draft."""

    run_id: str
    turn: int
    iteration: int
    repeats: int
    grader: str
    criteria: list[CriterionConsistency]
    results: list[str]
    """Each repeat's overall result, in order."""
    regrade_id: str = ""
    wall_time_s: float = 0.0
    failures: list[str] = field(default_factory=list)
    """Why each grading that ended in grader_error failed (HTTP status, an unreadable answer), in order."""

    def failure_line(self) -> str:
        """How many gradings failed and why, in one line ("" when none did): such a repeat says nothing."""
        if not self.failures:
            return ""
        first = self.failures[0]
        others = sorted(set(self.failures) - {first})
        also = f" (also: {'; '.join(others)[:300]})" if others else ""
        counts = (
            "every grading"
            if len(self.failures) == self.repeats
            else f"{len(self.failures)} of {self.repeats} gradings"
        )
        return (
            f"the grader FAILED on {counts} of run {self.run_id}: {first}{also}. A failed grading says nothing about "
            "the draft, so the flip counts leave it out. Fix the grader (or its provider) and check again."
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data (iteration and turn are the stored 0-based numbers)."""
        return {
            "run_id": self.run_id,
            "regrade_id": self.regrade_id,
            "turn": self.turn,
            "iteration": self.iteration,
            "repeats": self.repeats,
            "grader": self.grader,
            "results": self.results,
            "failures": self.failures,
            "criteria": [c.to_dict() for c in self.criteria],
            "wall_time_s": self.wall_time_s,
        }


def flip_counts(
    attempts: list[list[dict[str, Any]]], original: Mapping[str, bool] | None = None
) -> list[CriterionConsistency]:
    """Per criterion (first-seen order) how many attempts passed it; `attempts` are criteria lists."""
    out: dict[str, CriterionConsistency] = {}
    for criteria in attempts:
        for c in criteria:
            name = str(c["name"])
            entry = out.setdefault(name, CriterionConsistency(name, 0, 0, (original or {}).get(name)))
            verdict = verdict_of(c)
            if verdict == "n/a":
                entry.not_judged += 1
                continue
            entry.graded += 1
            entry.passes += int(verdict == "pass")
    return list(out.values())


def consistency(
    store: Store,
    run_id: str,
    *,
    turn: int | None = None,
    iteration: int | None = None,
    repeats: int = DEFAULT_REPEATS,
    rubric: str | None = None,
    grader: str | None = None,
    keys: Mapping[str, str] | None = None,
    grader_model: Any = None,
    save: bool = True,
) -> ConsistencyReport:
    """Grade one stored draft (default: the final one) `repeats` times; 0-based turn and iteration."""
    run = store.get_run(run_id)
    if run is None:
        msg = f"No run {run_id!r} in the store. List runs with `python -m rubric_core runs`."
        raise RegradeError(msg)
    drafts = stored_drafts(store, run_id)
    if not drafts:
        msg = f"Run {run_id} has no graded draft to regrade."
        raise RegradeError(msg)
    if turn is None:
        turn = drafts[-1].turn
    in_turn = [d for d in drafts if d.turn == turn]
    if not in_turn:
        msg = f"Run {run_id} has no turn {turn + 1}."
        raise RegradeError(msg)
    chosen = in_turn[-1] if iteration is None else next((d for d in in_turn if d.iteration == iteration), None)
    if chosen is None:
        msg = f"Run {run_id} has no graded iteration {iteration + 1 if iteration is not None else ''}; it has 1 to {in_turn[-1].iteration + 1}."
        raise RegradeError(msg)
    config = regrade_config(run, rubric=rubric, grader=grader)
    passes, wall = timed(grade_drafts, config, [chosen], repeats=repeats, keys=keys, grader_model=grader_model)
    original = {
        c["name"]: c["verdict"] == "pass"
        for c in store.criteria([run_id])
        if c["turn"] == chosen.turn and c["iteration"] == chosen.iteration and c["verdict"] != "n/a"
    }
    report = ConsistencyReport(
        run_id=run_id,
        turn=chosen.turn,
        iteration=chosen.iteration,
        repeats=repeats,
        grader=config.grader,
        criteria=flip_counts([p.criteria for p in passes if p.result != "grader_error"], original),
        results=[p.result for p in passes],
        wall_time_s=wall,
        failures=[failure_cause(p.explanation) for p in passes if p.result == "grader_error"],
    )
    if save:
        report.regrade_id = judge_store.save_regrade(
            store,
            {
                "run_id": run_id,
                "kind": "consistency",
                "rubric": config.rubric,
                "grader": config.grader,
                "repeats": repeats,
                "wall_time_s": wall,
            },
            [p.to_dict() for p in passes],
        )
    return report


def consistency_of_final_drafts(store: Store, run_ids: list[str], **kwargs: Any) -> list[ConsistencyReport]:
    """`consistency` of each run's final draft (a suite run: every item)."""
    return [consistency(store, run_id, **kwargs) for run_id in run_ids]


def stored_flakiness(store: Store, run_ids: list[str]) -> dict[str, CriterionConsistency]:
    """Per criterion name, its result in the newest stored consistency check of these runs (rubric editor flags)."""
    heads = [h for run_id in run_ids for h in judge_store.list_regrades(store, run_id) if h["kind"] == "consistency"]
    out: dict[str, CriterionConsistency] = {}
    for head in sorted(heads, key=lambda h: h["created_at"]):  # newer checks overwrite older ones
        full = judge_store.get_regrade(store, head["id"])
        if full is not None:
            for entry in flip_counts([p["criteria"] for p in full["passes"]]):
                out[entry.criterion] = entry
    return out


__all__ = ["DEFAULT_REPEATS", "ConsistencyReport", "CriterionConsistency", "Pass", "consistency", "flip_counts"]
