"""Human reviews: validate and record a verdict for one cell, and list the cells to review.

A cell is one criterion of one graded iteration of a run (run, turn,
iteration, criterion position). The human verdict is stored beside the
grader's, never over it; the newest review of a cell counts.
"""

from __future__ import annotations

import json
from typing import Any

from rubric_core.review_words import (
    MAX_REASON_CHARS as MAX_REASON_CHARS,
)
from rubric_core.review_words import (
    MAX_REVIEWER_CHARS as MAX_REVIEWER_CHARS,
)
from rubric_core.review_words import (
    MAX_STORED_REVIEWER_CHARS as MAX_STORED_REVIEWER_CHARS,
)
from rubric_core.review_words import (  # the base of a review's and an override's words, re-exported here
    VERDICTS as VERDICTS,
)
from rubric_core.review_words import (
    ReviewError as ReviewError,
)
from rubric_core.review_words import (
    check_reason as check_reason,
)
from rubric_core.review_words import (
    check_reviewer as check_reviewer,
)
from rubric_core.review_words import (
    has_control as has_control,
)
from rubric_core.review_words import (
    identity_as_name as identity_as_name,
)
from rubric_core.review_words import (
    parse_verdict as parse_verdict,
)
from rubric_core.store import Store
from rubric_core.store import judge as judge_store


def _criteria_of(store: Store, run_id: str, turn: int, iteration: int) -> list[dict[str, Any]]:
    return [c for c in store.criteria([run_id]) if c["turn"] == turn and c["iteration"] == iteration]


def resolve_cell(
    store: Store, run_id: str, *, iteration: int, criterion: str, turn: int | None = None
) -> dict[str, Any]:
    """The grader's criterion row for (run, turn, iteration, criterion name); ReviewError says what is missing.

    `turn` None means the run's last turn. Numbers are 0-based (stored).
    """
    run = store.get_run(run_id)
    if run is None:
        msg = f"No run {run_id!r} in the store. List runs with `python -m rubric_core runs`."
        raise ReviewError(msg)
    rows = store.criteria([run_id])
    graded = sorted({(c["turn"], c["iteration"]) for c in rows})
    if not graded:
        msg = f"Run {run_id} has no graded iteration to review."
        raise ReviewError(msg)
    turns = sorted({t for t, _ in graded})
    if turn is None:
        turn = turns[-1]
    elif turn not in turns:
        shown = ", ".join(str(t + 1) for t in turns)
        msg = f"Run {run_id} has no turn {turn + 1}; its turns are {shown}."
        raise ReviewError(msg)
    iterations = [i for t, i in graded if t == turn]
    if iteration not in iterations:
        msg = (
            f"Run {run_id} has no graded iteration {iteration + 1} in turn {turn + 1}; "
            f"it has iterations 1 to {max(iterations) + 1}."
        )
        raise ReviewError(msg)
    cells = _criteria_of(store, run_id, turn, iteration)
    match = [c for c in cells if c["name"] == criterion.strip()]
    if not match:
        folded = criterion.strip().casefold()
        match = [c for c in cells if c["name"].casefold() == folded]
    if len(match) > 1 and len({c["name"] for c in match}) == 1:
        match = match[:1]  # a line written twice (a run started before Start refused it): the review is of its text
    if len(match) != 1:
        names = "; ".join(repr(c["name"]) for c in cells)
        msg = (
            f"Criterion {criterion!r} is not in the rubric graded at iteration {iteration + 1}. Its criteria: {names}."
        )
        raise ReviewError(msg)
    return match[0]


def record_review(
    store: Store,
    run_id: str,
    *,
    iteration: int,
    criterion: str,
    verdict: str | bool,
    reviewer: str,
    reason: str = "",
    turn: int | None = None,
    reviewer_is_identity: bool = False,
) -> dict[str, Any]:
    """Validate and store a human verdict for one cell; returns the stored review row.

    `reviewer_is_identity`: the reviewer is the signed-in person's identity from their ID token (check_reviewer).
    """
    checked = check_review(
        store,
        run_id,
        iteration=iteration,
        criterion=criterion,
        verdict=verdict,
        reviewer=reviewer,
        reason=reason,
        turn=turn,
        reviewer_is_identity=reviewer_is_identity,
    )
    return judge_store.add_review(store, **checked)


def check_review(
    store: Store,
    run_id: str,
    *,
    iteration: int,
    criterion: str,
    verdict: str | bool,
    reviewer: str,
    reason: str = "",
    turn: int | None = None,
    reviewer_is_identity: bool = False,
) -> dict[str, Any]:
    """A human verdict for one cell, validated (ReviewError says what is wrong): the keyword arguments of
    `judge_store.add_review`. Reads only."""
    passed = parse_verdict(verdict)
    reviewer = check_reviewer(reviewer, limit=MAX_STORED_REVIEWER_CHARS, identity=reviewer_is_identity)
    reason = check_reason(reason)
    cell = resolve_cell(store, run_id, iteration=iteration, criterion=criterion, turn=turn)
    return {
        "run_id": run_id,
        "turn": cell["turn"],
        "iteration": cell["iteration"],
        "position": cell["position"],
        "criterion": cell["name"],
        "passed": passed,
        "reason": reason,
        "reviewer": reviewer,
    }


def review_cells(store: Store, run_ids: list[str]) -> list[dict[str, Any]]:
    """Every graded criterion cell of these runs with its draft, the grader's verdict and the newest review.

    Keys: run_id, turn, iteration, position, criterion, passed, verdict (pass / fail / n/a), check, gap, draft,
    files, task, rubric,
    grader, result, human_passed, human_reason, reviewer, reviewed_at (the human ones None if unreviewed).
    """
    runs = {r["id"]: r for r in store.get_runs(run_ids)}
    drafts = {(i["run_id"], i["turn"], i["iteration"]): i for i in store.iterations(run_ids)}
    reviews = {
        (v["run_id"], v["turn"], v["iteration"], v["position"]): v for v in judge_store.latest_reviews(store, run_ids)
    }
    out = []
    for c in store.criteria(run_ids):
        run = runs.get(c["run_id"])
        if run is None:
            continue
        it = drafts.get((c["run_id"], c["turn"], c["iteration"]), {})
        review = reviews.get((c["run_id"], c["turn"], c["iteration"], c["position"]))
        out.append(
            {
                "run_id": c["run_id"],
                "turn": c["turn"],
                "iteration": c["iteration"],
                "position": c["position"],
                "criterion": c["name"],
                "passed": bool(c["passed"]),
                "verdict": c["verdict"],
                "check": c["check"],
                "gap": c["gap"],
                "draft": it.get("draft_text", ""),
                "files": json.loads(it.get("files_json") or "{}"),
                "result": it.get("result"),
                "task": run["task"],
                "rubric": run["rubric"],
                "grader": run["grader"],
                "human_passed": None if review is None else review["passed"],
                "human_reason": None if review is None else review["reason"],
                "reviewer": None if review is None else review["reviewer"],
                "reviewed_at": None if review is None else review["created_at"],
            }
        )
    # In the order the runs were given (a suite run's items in dataset order), each run's cells in order.
    order = {run_id: n for n, run_id in enumerate(run_ids)}
    out.sort(key=lambda c: (order.get(c["run_id"], len(order)), c["turn"], c["iteration"], c["position"]))
    return out


def unreviewed_cells(store: Store, run_ids: list[str]) -> list[dict[str, Any]]:
    """The cells of these runs no one has reviewed yet, in the runs' given order, then turn, iteration, position."""
    return [c for c in review_cells(store, run_ids) if c["human_passed"] is None]
