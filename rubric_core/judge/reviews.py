"""Human reviews: validate and record a verdict for one cell, and list the cells to review.

A cell is one criterion of one graded iteration of a run (run, turn,
iteration, criterion position). The human verdict is stored beside the
grader's, never over it; the newest review of a cell counts.
"""

from __future__ import annotations

import json
import re
from typing import Any

from rubric_core.store import Store
from rubric_core.store import judge as judge_store

VERDICTS = {"pass": True, "fail": False}
MAX_REVIEWER_CHARS = 100
"""A name typed as the reviewer (the CLI's --reviewer, the Review page's field)."""
MAX_STORED_REVIEWER_CHARS = 320
"""A stored reviewer: an identity may be a prefixed e-mail address (up to 254 characters)."""
MAX_REASON_CHARS = 10_000
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Control characters (line breaks, tabs, ESC, C1, bidi overrides): never part of a name."""
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""The same, but a reason may span lines and hold tabs."""


def has_control(text: str) -> bool:
    """Whether `text` holds a control character (a line break, a tab, an escape, a C1 or a bidi control)."""
    return _CONTROL.search(text) is not None


class ReviewError(ValueError):
    """Refused review input; the message says what is wrong and how to fix it."""


def parse_verdict(verdict: str | bool) -> bool:
    """`pass` / `fail` (any case) or a bool; anything else is refused."""
    if isinstance(verdict, bool):
        return verdict
    value = VERDICTS.get(str(verdict).strip().lower())
    if value is None:
        msg = f"Verdict must be pass or fail; got {verdict!r}."
        raise ReviewError(msg)
    return value


def identity_as_name(identity: str) -> str:
    """A signed-in identity as a reviewer name: each control character (a line break, an escape) as a backslash,
    u and its four hex digits."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", identity)


def check_reviewer(reviewer: str | None, *, limit: int = MAX_REVIEWER_CHARS, identity: bool = False) -> str:
    """The reviewer name, trimmed; ReviewError for an empty, invisible, multi-line or control-laden one.

    The name is shown in tables and on terminals, and counts reviews per person: "ann" and "ann" followed
    by a zero-width space would be two people, and a name with an escape sequence could rewrite a screen.
    `identity`: the name is a signed-in person's identity from their ID token, not typed: nobody could write it
    on one line, so it is accepted, each control character written as a visible escape (identity_as_name): the same token
    gives the same name, and the name stays one line wherever it is shown, exported and imported again.
    """
    name = (reviewer or "").strip()
    if not name:
        msg = "Reviewer name is empty: say who reviews (the sidebar field, or --reviewer NAME)."
        raise ReviewError(msg)
    if identity:
        name = identity_as_name(name)
    bad = _CONTROL.search(name)
    if bad:
        msg = (
            f"Reviewer name holds a control character (U+{ord(bad.group()):04X}: a line break, a tab or an "
            "escape): write the name on one line, in plain text."
        )
        raise ReviewError(msg)
    from rubric_core.rubric import is_visible

    if not is_visible(name):
        msg = "Reviewer name has no visible character (only spaces, punctuation or invisible ones): write a name."
        raise ReviewError(msg)
    if len(name) > limit:
        msg = f"Reviewer name is {len(name):,} characters; the limit is {limit}."
        raise ReviewError(msg)
    return name


def check_reason(reason: str | None) -> str:
    """The reason, trimmed; ReviewError for control characters other than line breaks and tabs, or a huge one."""
    text = (reason or "").strip()
    bad = _CONTROL_IN_TEXT.search(text)
    if bad:
        msg = (
            f"Reason holds a control character (U+{ord(bad.group()):04X}, e.g. an escape or a NUL): "
            "write it as plain text."
        )
        raise ReviewError(msg)
    if len(text) > MAX_REASON_CHARS:
        msg = f"Reason is {len(text):,} characters; the limit is {MAX_REASON_CHARS:,}."
        raise ReviewError(msg)
    return text


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
