"""What-if: where a run's loop would have stopped under an edited rubric and/or another grader.

Each stored draft is re-graded (see `regrade`); the loop would have stopped at
the first iteration of a turn the new grader calls `satisfied`. Drafts after
the first were written in reply to the ORIGINAL grader's feedback, so this
answers "what would the new grader have said about these drafts", not "what
would the agent have written".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.judge.regrade import Pass, RegradeError, grade_drafts, regrade_config, stored_drafts, timed
from rubric_core.store import Store
from rubric_core.store import judge as judge_store
from rubric_core.verdicts import check_of, passed_value, verdict_of


@dataclass
class IterationComparison:
    """One stored draft: the original grading and the regrade side by side."""

    turn: int
    iteration: int
    original_result: str | None
    new_result: str
    original: dict[str, bool | None]
    """Criterion name -> the original grader's verdict (None: n/a, the grader could not judge it)."""
    new: dict[str, bool | None]
    """Criterion name -> the new grader's verdict (None: n/a)."""
    new_gaps: dict[str, str]
    changed: list[str]
    """Criteria in both gradings whose verdict differs."""
    explanation: str = ""
    new_checks: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Criterion name -> the check behind the new verdict."""
    renamed: dict[str, str] = field(default_factory=dict)
    """New name -> its original name, for a criterion the edited rubric reworded ("At most 120 words" for
    "Under 120 words"): paired as both Compare pages pair them (rubric_core.pairing)."""

    def original_verdict(self, name: str) -> bool | None:
        """The original verdict of the criterion called `name` in the regrade (under its old name if renamed)."""
        return self.original.get(self.renamed.get(name, name))


@dataclass
class WhatIfReport:
    """The regrade of a run and where its loop would have stopped."""

    run_id: str
    rubric: str
    grader: str
    original_status: str
    iterations: list[IterationComparison]
    stops: dict[int, int | None]
    """Turn -> the first iteration the new grader calls satisfied (None: no stored draft satisfies it)."""
    original_stops: dict[int, int | None]
    changed_criteria: list[str]
    """Criteria whose verdict changed at any iteration."""
    added: list[str] = field(default_factory=list)
    """Criteria the new grading has and the original did not (a reworded one is renamed, not added)."""
    removed: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)
    """New name -> original name of each criterion the edited rubric reworded."""
    regrade_id: str = ""
    wall_time_s: float = 0.0

    def grader_failures(self) -> dict[int, IterationComparison]:
        """Turn -> the first regraded draft the new grader could not grade (grader_error), before any stop.

        A grader that failed (an HTTP 500, answers that are not its structured output) says nothing
        about the draft: no conclusion about where the loop would stop can be drawn past it.
        """
        failed: dict[int, IterationComparison] = {}
        for row in self.iterations:
            stop = self.stops.get(row.turn)
            if row.new_result == "grader_error" and row.turn not in failed and (stop is None or row.iteration < stop):
                failed[row.turn] = row
        return failed

    def summary(self) -> str:
        """One line per turn: where the original and the new loop stop (or why the regrade cannot say)."""
        lines = []
        failures = self.grader_failures()
        for turn, stop in self.stops.items():
            before = self.original_stops.get(turn)
            was = "never satisfied" if before is None else f"satisfied at iteration {before + 1}"
            if turn in failures:
                row = failures[turn]
                lines.append(
                    f"turn {turn + 1}: originally {was}; regraded, the new grader FAILED at iteration "
                    f"{row.iteration + 1} ({failure_cause(row.explanation)}), so this regrade says nothing "
                    "about where the loop would stop. Fix the grader (or its provider) and regrade again."
                )
                continue
            now = (
                "would never be satisfied by the stored drafts"
                if stop is None
                else f"would stop at iteration {stop + 1}"
            )
            lines.append(f"turn {turn + 1}: originally {was}; regraded, it {now}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON lines); iterations are the stored 0-based numbers."""
        return {
            "run_id": self.run_id,
            "regrade_id": self.regrade_id,
            "rubric": self.rubric,
            "grader": self.grader,
            "original_status": self.original_status,
            "stops": {str(t): s for t, s in self.stops.items()},
            "grader_failed": {
                str(t): {"iteration": r.iteration, "cause": failure_cause(r.explanation)}
                for t, r in self.grader_failures().items()
            },
            "original_stops": {str(t): s for t, s in self.original_stops.items()},
            "changed_criteria": self.changed_criteria,
            "added": self.added,
            "removed": self.removed,
            "renamed": self.renamed,
            "iterations": [vars(c) for c in self.iterations],
            "wall_time_s": self.wall_time_s,
        }


def failure_cause(explanation: str) -> str:
    """What made a grading pass fail, in one line: the provider's HTTP status, or that the answer was unusable."""
    import re

    text = " ".join((explanation or "").split())
    status = re.search(r"HTTP (\d{3})", text) or re.search(r"Error code: (\d{3})", text)
    if status:
        return f"HTTP {status.group(1)} from the grader's provider: {text[:300]}"
    lowered = text.lower()
    if any(k in lowered for k in ("structured", "parse", "json", "validation", "model call limit", "call limit")):
        return f"the grader's answers could not be read as a verdict: {text[:300]}"
    return text[:300] or "no reason given"


def _first_satisfied(results: dict[tuple[int, int], str | None]) -> dict[int, int | None]:
    stops: dict[int, int | None] = {}
    for (turn, iteration), result in sorted(results.items()):
        stops.setdefault(turn, None)
        if stops[turn] is None and result == "satisfied":
            stops[turn] = iteration
    return stops


def compare(
    store: Store, run_id: str, passes: list[Pass]
) -> tuple[list[IterationComparison], list[str], list[str], dict[str, str]]:
    """Side-by-side rows for the first attempt of each draft; also criteria added, removed and renamed.

    The original and the new criteria are paired once for the whole run, as both Compare pages pair them: same
    name first, then a reworded one with its old self ("Under 120 words" and "At most 120 words"), so its
    verdicts sit on one row instead of one criterion removed and another added.
    """
    from rubric_core.pairing import pair_criteria

    original_results = {(i["turn"], i["iteration"]): i["result"] for i in store.iterations([run_id])}
    original: dict[tuple[int, int], dict[str, bool | None]] = {}
    for c in store.criteria([run_id]):
        original.setdefault((c["turn"], c["iteration"]), {})[c["name"]] = passed_value(c["verdict"])
    firsts = [p for p in passes if p.attempt == 0]
    graded = [p for p in firsts if p.criteria]
    old_names = list(dict.fromkeys(n for p in graded for n in original.get((p.turn, p.iteration), {})))
    new_names = list(dict.fromkeys(c["name"] for p in graded for c in p.criteria))
    pairs = pair_criteria(old_names, new_names)
    renamed = {new: old for old, new in pairs if old and new and old != new}
    rows = []
    added: set[str] = set()
    removed: set[str] = set()
    for p in firsts:
        before = original.get((p.turn, p.iteration), {})
        after = {c["name"]: passed_value(verdict_of(c)) for c in p.criteria}
        mine = {new: old for new, old in renamed.items() if new in after and old in before}
        row = IterationComparison(
            turn=p.turn,
            iteration=p.iteration,
            original_result=original_results.get((p.turn, p.iteration)),
            new_result=p.result,
            original=before,
            new=after,
            new_gaps={c["name"]: c["gap"] for c in p.criteria if c["gap"]},
            changed=[],
            explanation=p.explanation,
            new_checks={c["name"]: check_of(c) for c in p.criteria},
            renamed=mine,
        )
        row.changed = [n for n in after if mine.get(n, n) in before and row.original_verdict(n) != after[n]]
        rows.append(row)
        if p.criteria:
            added |= {n for n in after if mine.get(n, n) not in before}
            removed |= set(before) - {mine.get(n, n) for n in after}
    return rows, sorted(added), sorted(removed), renamed


def what_if(
    store: Store,
    run_id: str,
    *,
    rubric: str | None = None,
    grader: str | None = None,
    keys: Mapping[str, str] | None = None,
    grader_model: Any = None,
    save: bool = True,
) -> WhatIfReport:
    """Re-grade every stored draft of a run under `rubric` / `grader` (None: the run's own) and compare."""
    run = store.get_run(run_id)
    if run is None:
        msg = f"No run {run_id!r} in the store. List runs with `python -m rubric_core runs`."
        raise RegradeError(msg)
    config = regrade_config(run, rubric=rubric, grader=grader)
    drafts = stored_drafts(store, run_id)
    if not drafts:
        msg = f"Run {run_id} has no graded draft to regrade."
        raise RegradeError(msg)
    passes, wall = timed(grade_drafts, config, drafts, keys=keys, grader_model=grader_model)
    rows, added, removed, renamed = compare(store, run_id, passes)
    stops = _first_satisfied({(p.turn, p.iteration): p.result for p in passes})
    original_stops = _first_satisfied({(r.turn, r.iteration): r.original_result for r in rows})
    changed = sorted({name for r in rows for name in r.changed})
    report = WhatIfReport(
        run_id=run_id,
        rubric=config.rubric,
        grader=config.grader,
        original_status=run["status"],
        iterations=rows,
        stops=stops,
        original_stops=original_stops,
        changed_criteria=changed,
        added=added,
        removed=removed,
        renamed=renamed,
        wall_time_s=wall,
    )
    if save:
        last_turn = max(stops) if stops else None
        report.regrade_id = judge_store.save_regrade(
            store,
            {
                "run_id": run_id,
                "kind": "what_if",
                "rubric": config.rubric,
                "grader": config.grader,
                "stop_turn": last_turn,
                "stop_iteration": stops.get(last_turn) if last_turn is not None else None,
                "wall_time_s": wall,
            },
            [p.to_dict() for p in passes],
        )
    return report


def stored_what_if(store: Store, run_id: str) -> WhatIfReport | None:
    """The newest stored what-if regrade of a run, compared with the run again (None if there is none)."""
    head = next((h for h in judge_store.list_regrades(store, run_id) if h["kind"] == "what_if"), None)
    full = judge_store.get_regrade(store, head["id"]) if head else None
    run = store.get_run(run_id)
    if full is None or run is None:
        return None
    passes = [
        Pass(
            p["turn"],
            p["iteration"],
            p["attempt"],
            p["result"],
            p["explanation"],
            p["criteria"],
            p["unverified"],
            p.get("grader_tools") or [],
        )
        for p in full["passes"]
    ]
    rows, added, removed, renamed = compare(store, run_id, passes)
    return WhatIfReport(
        run_id=run_id,
        rubric=full["rubric"],
        grader=full["grader"],
        original_status=run["status"],
        iterations=rows,
        stops=_first_satisfied({(p.turn, p.iteration): p.result for p in passes}),
        original_stops=_first_satisfied({(r.turn, r.iteration): r.original_result for r in rows}),
        changed_criteria=sorted({name for r in rows for name in r.changed}),
        added=added,
        removed=removed,
        renamed=renamed,
        regrade_id=full["id"],
        wall_time_s=full["wall_time_s"],
    )


def what_if_runs(store: Store, run_ids: list[str], **kwargs: Any) -> list[WhatIfReport]:
    """`what_if` for each run (a suite run's items); see `pass_rate_deltas` for the summary."""
    return [what_if(store, run_id, **kwargs) for run_id in run_ids]


@dataclass
class PassRate:
    """A criterion's pass rate over several runs' final drafts, originally and under the regrade."""

    criterion: str
    """The criterion's name under the regrade (its original name when the regrade dropped it)."""
    runs: int
    original: float | None
    """Share of the runs whose original final grading passed it, over those that judged it (None: none did)."""
    new: float | None
    original_criterion: str | None = None
    """Its name in the original rubric when that differs (a renamed criterion, paired as in suite compare)."""

    @property
    def delta(self) -> float | None:
        """new - original, when both exist."""
        return None if self.original is None or self.new is None else self.new - self.original


def pass_rate_deltas(reports: list[WhatIfReport]) -> list[PassRate]:
    """Per criterion, the pass rate at each run's final draft before and after the regrade (suite compare).

    Criteria renamed by an edited rubric are paired with their old names the way suite compare pairs them.
    """
    from rubric_core.pairing import pair_criteria

    before: dict[str, list[bool | None]] = {}
    after: dict[str, list[bool | None]] = {}
    runs_before: dict[str, set[str]] = {}
    runs_after: dict[str, set[str]] = {}
    for report in reports:
        if not report.iterations:
            continue
        final = report.iterations[-1]
        for name, passed in final.original.items():
            before.setdefault(name, []).append(passed)
            runs_before.setdefault(name, set()).add(report.run_id)
        for name, passed in final.new.items():
            after.setdefault(name, []).append(passed)
            runs_after.setdefault(name, set()).add(report.run_id)

    def rate(values: list[bool | None] | None) -> float | None:
        judged = [v for v in values or [] if v is not None]  # n/a says nothing: left out
        return sum(judged) / len(judged) if judged else None

    rates = []
    for old, new in pair_criteria(list(before), list(after)):
        runs = runs_before.get(old or "", set()) | runs_after.get(new or "", set())
        renamed = old if old is not None and new is not None and old != new else None
        label = new if new is not None else str(old)
        rates.append(PassRate(label, len(runs), rate(before.get(old or "")), rate(after.get(new or "")), renamed))
    return rates
