"""Human verdicts in every export: the newest review of each cell put on its criterion row, and the review fields
every format carries (human_passed, human_reason, reviewer). The base of formats.py, records.py and the
calibration set (calibration.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rubric_core.store.judge import latest_reviews

if TYPE_CHECKING:
    from rubric_core.store import Store

CALIBRATION_LABEL = "JSONL calibration set: one row per human-reviewed cell (draft, criterion, both verdicts)"


def attach_reviews(store: Store, run_ids: list[str], criteria_rows: list[dict[str, Any]]) -> None:
    """Put the newest review of each cell on its criterion row, under the key `review` (None if unreviewed)."""
    reviews = {(v["run_id"], v["turn"], v["iteration"], v["position"]): v for v in latest_reviews(store, run_ids)}
    for c in criteria_rows:
        c["review"] = reviews.get((c["run_id"], c["turn"], c["iteration"], c["position"]))


def human_fields(criterion_row: dict[str, Any]) -> dict[str, Any]:
    """`human_passed`, `human_reason`, `reviewer` of a criterion row (None when unreviewed)."""
    review = criterion_row.get("review")
    if review is None:
        return {"human_passed": None, "human_reason": None, "reviewer": None}
    return {"human_passed": bool(review["passed"]), "human_reason": review["reason"], "reviewer": review["reviewer"]}
