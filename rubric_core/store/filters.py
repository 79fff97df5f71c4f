"""Run statuses and `RunFilter`, the one description of "which runs" for listing, counting and export."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rubric_core.store.sql import LIKE_ESCAPE, like_pattern

FINAL_STATUSES = ("satisfied", "max_iterations_reached", "failed", "grader_error", "cancelled", "error")
ALL_STATUSES = ("running", "paused", "interrupted", *FINAL_STATUSES)
"""`paused`: a step-mode run waits for a person at a pause (never counted as finished, nor as running)."""


@dataclass
class RunFilter:
    """Which runs to list or export; empty fields do not filter."""

    statuses: list[str] = field(default_factory=list)
    rubric_name: str | None = None
    rubric_version: int | None = None
    model: str | None = None
    """Matches the working model or the grader model (exact spec)."""
    since: float | None = None
    """Created at or after (unix time)."""
    until: float | None = None
    """Created before (unix time)."""
    tag: str | None = None
    ids: list[str] = field(default_factory=list)
    search: str | None = None
    """Substring of the task (case-insensitive; %, _ and \\ match themselves)."""
    agent: str | None = None
    """The project agent that did the work (exact name); "" for the built-in deep agent."""
    model_contains: str | None = None
    """Substring of the working or the grader model spec, any case ("writer" finds offline:writer)."""
    tag_contains: str | None = None
    """Substring of any of the run's tags, any case ("bike" finds bike-lock)."""
    without_suite_items: bool = False
    """Leave out the runs a suite run started for its items and a matrix for its cells (indexed: ix_suite_items_run,
    ix_suite_cells_run)."""

    def where(self) -> tuple[str, dict[str, Any]]:
        """SQL condition and parameters (statuses other than interrupted are exact)."""
        clauses: list[str] = ["1=1"]
        params: dict[str, Any] = {}
        statuses = [s for s in self.statuses if s != "interrupted"]
        if self.statuses:
            # `interrupted` is stored for a clean stop, and reads so for a `running` row whose worker is gone.
            wanted = set(statuses) | ({"running", "interrupted"} if "interrupted" in self.statuses else set())
            names = []
            for i, s in enumerate(sorted(wanted)):
                params[f"st{i}"] = s
                names.append(f":st{i}")
            clauses.append(f"r.status IN ({', '.join(names)})")
        if self.rubric_name is not None:
            clauses.append("r.rubric_name = :rubric_name")
            params["rubric_name"] = self.rubric_name
        if self.rubric_version is not None:
            clauses.append("r.rubric_version = :rubric_version")
            params["rubric_version"] = self.rubric_version
        if self.model:
            clauses.append("(r.model = :model OR r.grader = :model)")
            params["model"] = self.model
        if self.since is not None:
            clauses.append("r.created_at >= :since")
            params["since"] = self.since
        if self.until is not None:
            clauses.append("r.created_at < :until")
            params["until"] = self.until
        if self.tag:
            clauses.append("EXISTS (SELECT 1 FROM run_tags t WHERE t.run_id = r.id AND t.tag = :tag)")
            params["tag"] = self.tag
        if self.ids:
            names = []
            for i, run_id in enumerate(self.ids):
                params[f"id{i}"] = run_id
                names.append(f":id{i}")
            clauses.append(f"r.id IN ({', '.join(names)})")
        if self.agent is not None:
            clauses.append("r.agent = :agent")
            params["agent"] = self.agent
        if self.search:
            clauses.append(f"LOWER(r.task) LIKE :search {LIKE_ESCAPE}")
            params["search"] = like_pattern(self.search.lower())
        if self.model_contains:
            clauses.append(
                f"(LOWER(r.model) LIKE :model_like {LIKE_ESCAPE} OR LOWER(r.grader) LIKE :model_like {LIKE_ESCAPE})"
            )
            params["model_like"] = like_pattern(self.model_contains.lower())
        if self.tag_contains:
            clauses.append(
                f"EXISTS (SELECT 1 FROM run_tags t WHERE t.run_id = r.id AND LOWER(t.tag) LIKE :tag_like {LIKE_ESCAPE})"
            )
            params["tag_like"] = like_pattern(self.tag_contains.lower())
        if self.without_suite_items:
            clauses.append(
                "NOT EXISTS (SELECT 1 FROM suite_items si WHERE si.run_id = r.id) "
                "AND NOT EXISTS (SELECT 1 FROM suite_cells sc WHERE sc.run_id = r.id)"
            )
        return " AND ".join(clauses), params
