"""The rows of the criteria frame as plain dicts: what `frames.criteria_frame_from_rows` types into pandas, and
what the run view payload reads without importing pandas. One place computes `regressed`,
`first_passed_iteration` and the newest human review of each cell."""

from __future__ import annotations

from typing import Any

from rubric_core.verdicts import check_of, check_text, passed_value, verdict_of


def criteria_records(criteria: list[dict], reviews: list[dict] | None = None) -> list[dict[str, Any]]:
    """One dict per criterion per grading pass (the columns of docs/FRAMES.md, `passed` None for n/a)."""
    by_cell = {(v["run_id"], v["turn"], v["iteration"], v["position"]): v for v in reviews or []}
    previous: dict[tuple, bool] = {}
    first_pass: dict[tuple, int] = {}
    out = []
    for c in criteria:
        key = (c["run_id"], c["turn"], c["name"])
        verdict = verdict_of(c)
        check = check_of(c)
        passed = verdict == "pass"
        review = by_cell.get((c["run_id"], c["turn"], c["iteration"], c["position"]))
        if passed and key not in first_pass:
            first_pass[key] = c["iteration"]
        out.append(
            {
                "run_id": c["run_id"],
                "turn": c["turn"],
                "iteration": c["iteration"],
                "position": c["position"],
                "criterion": c["name"],
                "passed": passed_value(verdict),
                "verdict": verdict,
                "check_kind": check["kind"],
                "check": check_text(check),
                "gap": c["gap"],
                "regressed": previous.get(key, False) and verdict == "fail",
                "first_passed_iteration": None,
                "human_passed": None if review is None else bool(review["passed"]),
                "human_reason": None if review is None else review["reason"],
                "reviewer": None if review is None else review["reviewer"],
            }
        )
        if verdict != "n/a":  # an n/a pass says nothing: a fail after it still regresses from the pass before
            previous[key] = passed
    for row in out:
        row["first_passed_iteration"] = first_pass.get((row["run_id"], row["turn"], row["criterion"]))
    return out
