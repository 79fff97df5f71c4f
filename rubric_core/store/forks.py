"""Reading forks: the tree a run belongs to (its first ancestor, every fork of it, forks of forks)."""

from __future__ import annotations

import json
from typing import Any

from rubric_core.store.sql import dict_rows, text

MAX_DEPTH = 64
"""Generations followed up or down (a cycle cannot happen, since a fork's parent exists before it; a bound all the same)."""

_COLUMNS = (
    "id, parent_run, forked_turn, forked_at, fork_json, status, created_at, iterations, rubric, worker, heartbeat_at"
)


def root_of(store: Any, run_id: str) -> str:
    """The first ancestor of `run_id` (itself when it is no fork)."""
    current = run_id
    with store.engine.connect() as conn:
        for _ in range(MAX_DEPTH):
            row = conn.execute(text("SELECT parent_run FROM runs WHERE id = :id"), {"id": current}).first()
            if row is None or not row[0]:
                return current
            current = str(row[0])
    return current


def fork_tree(store: Any, run_id: str) -> list[dict[str, Any]]:
    """Every run of the tree `run_id` is in, the root first, then each fork after its parent (oldest first), each
    with `depth` (0 the root), `fork` (what was changed: kind, rubric, draft, feedback, by) and its live status.
    A run that is no fork and has none: [that run]. [] for an unknown run."""
    root = root_of(store, run_id)
    sql = (
        f"WITH RECURSIVE tree (id, depth) AS (SELECT id, 0 FROM runs WHERE id = :root UNION ALL "
        f"SELECT r.id, t.depth + 1 FROM runs r JOIN tree t ON r.parent_run = t.id WHERE t.depth < {MAX_DEPTH}) "
        f"SELECT {', '.join('r.' + c.strip() for c in _COLUMNS.split(','))}, t.depth FROM runs r "
        "JOIN tree t ON r.id = t.id ORDER BY t.depth, r.created_at, r.id"
    )
    with store.engine.connect() as conn:
        rows = dict_rows(conn.execute(text(sql), {"root": root}))
    for row in rows:
        row["status"] = store._status(row)
        row["fork"] = json.loads(row.pop("fork_json") or "{}")
    return _ordered(rows)


def _ordered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Depth first: each run followed by its forks (oldest first), as a tree is read."""
    children: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        children.setdefault(str(row["parent_run"] or ""), []).append(row)
    out: list[dict[str, Any]] = []

    def walk(row: dict[str, Any]) -> None:
        out.append(row)
        for child in children.get(str(row["id"]), []):
            walk(child)

    if rows:
        walk(rows[0])
    return out


def forks_of(store: Any, run_id: str) -> list[dict[str, Any]]:
    """The direct forks of a run, oldest first (id, forked_turn, forked_at, status, fork)."""
    with store.engine.connect() as conn:
        rows = dict_rows(
            conn.execute(
                text(f"SELECT {_COLUMNS} FROM runs WHERE parent_run = :p ORDER BY created_at, id"), {"p": run_id}
            )
        )
    for row in rows:
        row["status"] = store._status(row)
        row["fork"] = json.loads(row.pop("fork_json") or "{}")
    return rows


def fork_points(store: Any, run_ids: list[str]) -> dict[str, tuple[str, int, int]]:
    """Which of these runs are forks: run id to (parent run, forked turn, forked iteration, 0-based); others left out."""
    if not run_ids:
        return {}
    params = {f"r{i}": rid for i, rid in enumerate(run_ids)}
    sql = (
        f"SELECT id, parent_run, forked_turn, forked_at FROM runs WHERE id IN ({', '.join(':' + k for k in params)}) "
        "AND parent_run != ''"
    )
    with store.engine.connect() as conn:
        rows = dict_rows(conn.execute(text(sql), params))
    return {str(r["id"]): (str(r["parent_run"]), int(r["forked_turn"] or 0), int(r["forked_at"] or 0)) for r in rows}
