"""A library rubric's versions and their evidence: the runs and suite runs that used each, and how they did.

The Rubrics page reads this (issue 33 item 9). A version's pass rate is the share of criteria met at the final
draft of its runs, of the criteria judged: n/a is left out, counted through rubric_core.verdicts.tally (the one
place that says how n/a counts). A version's fitness (how far its verdicts agree with people) is the rubric
assistant's word (rubric_core.assistant.fitness), not computed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rubric_core.store import Store
from rubric_core.store.sql import text
from rubric_core.verdicts import Tally, tally

BATCH = 500
"""Run ids per query (SQLite's parameter limit is far above; a long IN list costs the planner)."""


@dataclass
class VersionEvidence:
    """What one version of a rubric was used for."""

    version: int
    runs: list[dict[str, Any]] = field(default_factory=list)
    """Its runs, newest first: id, created_at, status, task (suite items included)."""
    suite_runs: list[dict[str, Any]] = field(default_factory=list)
    """Its suite runs, newest first: id, name, status, created_at."""
    criteria: Tally = field(default_factory=lambda: Tally(0, 0, 0))
    """Verdicts at the final draft of its runs: met, not met, n/a."""

    @property
    def satisfied(self) -> int:
        """How many of its runs ended satisfied."""
        return sum(1 for r in self.runs if r["status"] == "satisfied")

    @property
    def pass_rate(self) -> float | None:
        """Share of the criteria judged at its runs' final drafts that were met (None: nothing judged yet)."""
        return self.criteria.rate


def version_evidence(store: Store, name: str) -> dict[int, VersionEvidence]:
    """Version -> its evidence, for every version of rubric `name` (a version no run used has empty lists)."""
    out = {int(v["version"]): VersionEvidence(int(v["version"])) for v in store.rubric_versions(name)}
    with store.engine.connect() as conn:
        runs = conn.execute(
            text(
                "SELECT id, created_at, status, task, rubric_version FROM runs WHERE rubric_name = :n "
                "ORDER BY created_at DESC, id DESC"
            ),
            {"n": name},
        ).all()
        suites = conn.execute(
            text(
                "SELECT id, name, status, created_at, rubric_version FROM suite_runs WHERE rubric_name = :n "
                "ORDER BY created_at DESC, id DESC"
            ),
            {"n": name},
        ).all()
    for run_id, created_at, status, task, version in runs:
        if version is not None and int(version) in out:
            out[int(version)].runs.append({"id": run_id, "created_at": created_at, "status": status, "task": task})
    for suite_id, suite_name, status, created_at, version in suites:
        if version is not None and int(version) in out:
            out[int(version)].suite_runs.append(
                {"id": suite_id, "name": suite_name, "status": status, "created_at": created_at}
            )
    for evidence in out.values():
        ids = [r["id"] for r in evidence.runs]
        verdicts: list[str] = []
        for start in range(0, len(ids), BATCH):
            finals = store.final_verdicts(ids[start : start + BATCH])
            verdicts += [v for run_verdicts in finals.values() for v in run_verdicts]
        evidence.criteria = tally(verdicts)
    return out
