"""Store access for the judge: human reviews and regrades (tables of migration 4).

Kept apart from the run store's modules: these rows are written by people and by regrades,
never by run events. A review never touches the grader's verdict in
`criteria`; a new review of the same cell is a new revision, so history stays.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from rubric_core.store.sql import text, transaction_lock
from rubric_core.store.store import Store
from rubric_core.store.verdict_rows import criterion_row, read_criterion, read_tools


def _in(names: list[str], prefix: str = "i") -> tuple[str, dict[str, Any]]:
    params = {f"{prefix}{i}": v for i, v in enumerate(names)}
    return ", ".join(f":{k}" for k in params), params


def add_review(
    store: Store,
    *,
    run_id: str,
    turn: int,
    iteration: int,
    position: int,
    criterion: str,
    passed: bool,
    reason: str,
    reviewer: str,
    verdict: str = "",
) -> dict[str, Any]:
    """Append a human verdict for one cell; returns the stored row (with its revision).

    `verdict`: pass / fail / n/a ('' reads as `passed` says); an n/a is stored with passed False."""
    key = {"r": run_id, "t": turn, "i": iteration, "p": position}
    with store._write() as conn, conn.begin():
        # Two reviewers of one cell at once would both take the next revision on PostgreSQL.
        transaction_lock(conn, f"review:{run_id}:{turn}:{iteration}:{position}")
        current = conn.execute(
            text(
                "SELECT MAX(revision) FROM reviews WHERE run_id = :r AND turn = :t AND iteration = :i AND position = :p"
            ),
            key,
        ).scalar()
        row: dict[str, Any] = {
            "run_id": run_id,
            "turn": turn,
            "iteration": iteration,
            "position": position,
            "revision": 0 if current is None else int(current) + 1,
            "criterion": criterion,
            "passed": bool(passed),
            "reason": reason,
            "reviewer": reviewer,
            "created_at": time.time(),
            "verdict": verdict or ("pass" if passed else "fail"),
        }
        conn.execute(
            text(
                "INSERT INTO reviews (run_id, turn, iteration, position, revision, criterion, passed, reason, "
                "reviewer, created_at, verdict) VALUES (:run_id, :turn, :iteration, :position, :revision, :criterion, "
                ":passed, :reason, :reviewer, :created_at, :verdict)"
            ),
            {**row, "passed": int(row["passed"])},
        )
    return row


def _decode(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for r in rows:
        r["passed"] = bool(r["passed"])
        # Rows stored before migration 42 have no verdict: theirs is what `passed` says.
        r["verdict"] = str(r.get("verdict") or ("pass" if r["passed"] else "fail"))
    return rows


def latest_reviews(store: Store, run_ids: list[str]) -> list[dict[str, Any]]:
    """The newest review of every reviewed cell of these runs, ordered by run, turn, iteration, position."""
    if not run_ids:
        return []
    names, params = _in(run_ids)
    sql = (
        f"SELECT v.* FROM reviews v WHERE v.run_id IN ({names}) AND v.revision = (SELECT MAX(w.revision) FROM "
        "reviews w WHERE w.run_id = v.run_id AND w.turn = v.turn AND w.iteration = v.iteration AND "
        "w.position = v.position) ORDER BY v.run_id, v.turn, v.iteration, v.position"
    )
    with store.engine.connect() as conn:
        return _decode([dict(r._mapping) for r in conn.execute(text(sql), params)])


def reviewed_cells(store: Store, run_ids: list[str], *, chunk: int = 500) -> list[dict[str, Any]]:
    """The grader's row and the newest review of every reviewed cell of these runs (no drafts: cheap at scale).

    Keys: run_id, turn, iteration, position, criterion, passed, gap, verdict, check, human_passed, human_reason,
    reviewer, reviewed_at. A cell whose newest review is a human n/a (given at a step pause) is left out: it
    neither agrees nor disagrees with the grader.
    """
    out: list[dict[str, Any]] = []
    for start in range(0, len(run_ids), chunk):
        names, params = _in(run_ids[start : start + chunk])
        sql = (
            "SELECT c.run_id, c.turn, c.iteration, c.position, c.name AS criterion, c.passed, c.gap, c.verdict, "
            "c.check_json, "
            "v.passed AS human_passed, v.reason AS human_reason, v.reviewer, v.created_at AS reviewed_at "
            "FROM reviews v JOIN criteria c ON c.run_id = v.run_id AND c.turn = v.turn AND "
            f"c.iteration = v.iteration AND c.position = v.position WHERE v.run_id IN ({names}) AND "
            "v.revision = (SELECT MAX(w.revision) FROM reviews w WHERE w.run_id = v.run_id AND w.turn = v.turn "
            "AND w.iteration = v.iteration AND w.position = v.position) AND v.verdict <> 'n/a' "
            "ORDER BY c.run_id, c.turn, c.iteration, c.position"
        )
        with store.engine.connect() as conn:
            for r in conn.execute(text(sql), params):
                row = read_criterion(dict(r._mapping))
                row["passed"], row["human_passed"] = bool(row["passed"]), bool(row["human_passed"])
                out.append(row)
    return out


def review_history(store: Store, run_id: str) -> list[dict[str, Any]]:
    """Every review of a run, oldest revision first per cell."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT * FROM reviews WHERE run_id = :r ORDER BY turn, iteration, position, revision"),
            {"r": run_id},
        )
        return _decode([dict(r._mapping) for r in rows])


def run_ids_with_grader(store: Store, grader: str) -> list[str]:
    """Ids of the runs graded by this exact grader spec, oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT id FROM runs WHERE grader = :g ORDER BY created_at, id"), {"g": grader})
        return [r[0] for r in rows]


def run_ids_with_rubric_name(store: Store, name: str) -> list[str]:
    """Ids of every run of a library rubric (all its versions), oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(text("SELECT id FROM runs WHERE rubric_name = :n ORDER BY created_at, id"), {"n": name})
        return [r[0] for r in rows]


def save_regrade(store: Store, regrade: dict[str, Any], passes: list[dict[str, Any]]) -> str:
    """Store a regrade and its passes (each with `criteria`) in one transaction; returns its id."""
    regrade_id = regrade.get("id") or uuid.uuid4().hex
    with store._write() as conn, conn.begin():
        conn.execute(
            text(
                "INSERT INTO regrades (id, run_id, kind, created_at, rubric, grader, repeats, stop_turn, "
                "stop_iteration, wall_time_s) VALUES (:id, :run_id, :kind, :created_at, :rubric, :grader, :repeats, "
                ":stop_turn, :stop_iteration, :wall_time_s)"
            ),
            {
                "id": regrade_id,
                "run_id": regrade["run_id"],
                "kind": regrade["kind"],
                "created_at": regrade.get("created_at") or time.time(),
                "rubric": regrade["rubric"],
                "grader": regrade["grader"],
                "repeats": regrade.get("repeats", 1),
                "stop_turn": regrade.get("stop_turn"),
                "stop_iteration": regrade.get("stop_iteration"),
                "wall_time_s": regrade.get("wall_time_s", 0.0),
            },
        )
        for p in passes:
            key = {"g": regrade_id, "t": p["turn"], "i": p["iteration"], "a": p["attempt"]}
            conn.execute(
                text(
                    "INSERT INTO regrade_passes (regrade_id, turn, iteration, attempt, result, explanation, "
                    "unverified, grader_tools_json) VALUES (:g, :t, :i, :a, :res, :exp, :unv, :tools)"
                ),
                {
                    **key,
                    "res": p["result"],
                    "exp": p.get("explanation", ""),
                    "unv": int(bool(p.get("unverified"))),
                    "tools": json.dumps(p["grader_tools"], ensure_ascii=False) if p.get("grader_tools") else "",
                },
            )
            rows = [{**key, **criterion_row(i, c)} for i, c in enumerate(p.get("criteria") or [])]
            if rows:
                conn.execute(
                    text(
                        "INSERT INTO regrade_criteria (regrade_id, turn, iteration, attempt, position, name, passed, "
                        "gap, verdict, check_json) VALUES (:g, :t, :i, :a, :p, :n, :ok, :gap, :v, :chk)"
                    ),
                    rows,
                )
    return regrade_id


def list_regrades(store: Store, run_id: str) -> list[dict[str, Any]]:
    """The regrades of a run, newest first (without their passes)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT * FROM regrades WHERE run_id = :r ORDER BY created_at DESC, id"), {"r": run_id}
        )
        return [dict(r._mapping) for r in rows]


def get_regrade(store: Store, regrade_id: str) -> dict[str, Any] | None:
    """A stored regrade with its passes, each with its criteria, or None."""
    with store.engine.connect() as conn:
        head = conn.execute(text("SELECT * FROM regrades WHERE id = :g"), {"g": regrade_id}).first()
        if head is None:
            return None
        passes = [
            dict(r._mapping)
            for r in conn.execute(
                text("SELECT * FROM regrade_passes WHERE regrade_id = :g ORDER BY turn, iteration, attempt"),
                {"g": regrade_id},
            )
        ]
        crit = [
            dict(r._mapping)
            for r in conn.execute(
                text(
                    "SELECT * FROM regrade_criteria WHERE regrade_id = :g ORDER BY turn, iteration, attempt, position"
                ),
                {"g": regrade_id},
            )
        ]
    by_pass: dict[tuple[int, int, int], list[dict[str, Any]]] = {}
    for c in crit:
        stored = read_criterion(c)
        by_pass.setdefault((c["turn"], c["iteration"], c["attempt"]), []).append(
            {
                "name": c["name"],
                "passed": bool(c["passed"]),
                "gap": c["gap"],
                "verdict": stored["verdict"],
                "check": stored["check"],
            }
        )
    for p in passes:
        p["unverified"] = bool(p["unverified"])
        p["grader_tools"] = read_tools(p.pop("grader_tools_json", ""))
        p["criteria"] = by_pass.get((p["turn"], p["iteration"], p["attempt"]), [])
    out = dict(head._mapping)
    out["passes"] = passes
    return out
