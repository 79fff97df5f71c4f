"""A suite run's items and cells in the store: each with its run's status, iterations and tokens; the problems of
the items without a result; the runs of a suite run and where a run sits in one (as exports carry it); a stamp
that changes when what the views show may have; the drafts the matrix's search reads. Reads only."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rubric_core.store import Store
from rubric_core.store.liveness import worker_alive
from rubric_core.store.sql import text
from rubric_core.suites.suite_rows import FINISHED_RUN_STATUSES, RESULT_STATUSES, _links

_ITEM_SELECT = (
    "SELECT i.position, i.item_id, i.task, i.reference, i.metadata_json, i.files_json, {column} AS column_index, "
    "{run} AS run_id, r.status AS run_status, r.iterations, r.input_tokens, r.output_tokens, r.total_tokens, "
    "r.wall_time_s, r.worker, r.heartbeat_at, r.model, r.grader "
)


def _item_rows(store: Store, sql: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(text(sql), params)]
    for r in rows:
        r["metadata"] = json.loads(r.pop("metadata_json") or "{}")
        r["files"] = json.loads(r.pop("files_json") or '""')
        status = r["run_status"]
        if status == "running" and not worker_alive(r.pop("worker") or "", r.pop("heartbeat_at")):
            status = "interrupted"
        else:
            r.pop("worker", None)
            r.pop("heartbeat_at", None)
        r["run_status"] = status
        r["finished"] = status in FINISHED_RUN_STATUSES
        r["has_result"] = status in RESULT_STATUSES
    return rows


def suite_items(
    store: Store, suite_run_id: str, *, column: int | None = None, position: int | None = None
) -> list[dict[str, Any]]:
    """The items in dataset order, each with its run's status, iterations and tokens (None if not started).

    `column`: a matrix's column (each item's run in that column); a one-column suite run's items have theirs
    (`column_index` None). `position`: that item only.
    """
    sql = (
        _ITEM_SELECT.format(column="c.column_index", run="COALESCE(c.run_id, i.run_id)")
        + "FROM suite_items i LEFT JOIN suite_cells c ON c.suite_run_id = i.suite_run_id AND c.position = i.position "
        "AND c.column_index = :c LEFT JOIN runs r ON r.id = COALESCE(c.run_id, i.run_id) "
        f"WHERE i.suite_run_id = :s {'AND i.position = :p ' if position is not None else ''}ORDER BY i.position"
    )
    return _item_rows(store, sql, {"s": suite_run_id, "c": -1 if column is None else column, "p": position})


def suite_cells(
    store: Store, suite_run_id: str, *, position: int | None = None, column: int | None = None
) -> list[dict[str, Any]]:
    """Every cell of a suite run (item x column), item by item, each as `suite_items` reads an item, with its
    `column_index`: a one-column suite run's items are its cells (`column_index` None). `position` (and a matrix's
    `column`): that one cell only."""
    one = position is not None
    sql = (
        _ITEM_SELECT.format(column="c.column_index", run="c.run_id")
        + "FROM suite_cells c JOIN suite_items i ON i.suite_run_id = c.suite_run_id AND i.position = c.position "
        "LEFT JOIN runs r ON r.id = c.run_id WHERE c.suite_run_id = :s "
        + ("AND c.position = :p AND c.column_index = :c " if one else "")
        + "ORDER BY i.position, c.column_index"
    )
    rows = _item_rows(store, sql, {"s": suite_run_id, "p": position, "c": column if column is not None else -1})
    if rows or (one and column is not None):
        return rows
    return suite_items(store, suite_run_id, position=position)


def item_problems(store: Store, suite_run_id: str) -> list[dict[str, Any]]:
    """The items without a quality result: {item_id, status, message} (the cause, when the store holds one)."""
    out = []
    items = [i for i in suite_cells(store, suite_run_id) if not i["has_result"]]
    runs = {r["id"]: r for r in store.get_runs([i["run_id"] for i in items if i["run_id"]])}
    graded = store.iterations(list(runs))
    for item in items:
        status = item["run_status"] or "not started"
        run = runs.get(item["run_id"] or "")
        message = str(run.get("error") or "") if run else ""
        if run is not None and status == "grader_error":
            last = [i for i in graded if i["run_id"] == run["id"] and i["result"] == "grader_error"]
            message = str(last[-1]["explanation"] or "") if last else message
        out.append(
            {
                "item_id": item["item_id"],
                "column": item["column_index"],
                "status": status,
                "message": " ".join(message.split()),
            }
        )
    return out


def suite_run_ids(store: Store, suite_run_id: str) -> list[str]:
    """The run ids of a suite run's cells, in dataset order (a matrix's columns in order within an item); cells not
    started yet are left out."""
    with store.engine.connect() as conn:
        return [
            r[0]
            for r in conn.execute(
                text(
                    f"SELECT l.run_id FROM ({_links(':s')}) l WHERE l.run_id IS NOT NULL "
                    "ORDER BY l.position, l.column_index"
                ),
                {"s": suite_run_id},
            )
        ]


def suite_of_run(store: Store, run_id: str) -> tuple[str, list[str]] | None:
    """The suite run this run is an item (or a matrix's cell) of, with all its runs; None for a run outside any."""
    with store.engine.connect() as conn:
        row = conn.execute(
            text(
                "SELECT suite_run_id FROM suite_items WHERE run_id = :r "
                "UNION ALL SELECT suite_run_id FROM suite_cells WHERE run_id = :r LIMIT 1"
            ),
            {"r": run_id},
        ).first()
    if row is None:
        return None
    return str(row[0]), suite_run_ids(store, str(row[0]))


def cell_of_run(store: Store, run_id: str) -> dict[str, Any] | None:
    """Where a run sits in a suite run: suite_run_id, suite_name, item_id, item_position, column (None in a
    one-column suite run) and that column's label and config; None for a run outside any suite run."""
    sql = (
        "SELECT s.id AS suite_run_id, s.name AS suite_name, i.item_id, i.position AS item_position, "
        "c.column_index, m.label, m.config_json FROM suite_cells c "
        "JOIN suite_items i ON i.suite_run_id = c.suite_run_id AND i.position = c.position "
        "JOIN suite_runs s ON s.id = c.suite_run_id "
        "JOIN suite_columns m ON m.suite_run_id = c.suite_run_id AND m.column_index = c.column_index "
        "WHERE c.run_id = :r "
        "UNION ALL SELECT s.id, s.name, i.item_id, i.position, NULL, NULL, NULL FROM suite_items i "
        "JOIN suite_runs s ON s.id = i.suite_run_id WHERE i.run_id = :r LIMIT 1"
    )
    with store.engine.connect() as conn:
        row = conn.execute(text(sql), {"r": run_id}).first()
    if row is None:
        return None
    out = dict(row._mapping)
    config = out.pop("config_json")
    out["column"] = out.pop("column_index")
    out["column_config"] = json.loads(config) if config else None
    return out


def suite_links(store: Store, run_ids: list[str], *, chunk: int = 500) -> dict[str, dict[str, Any]]:
    """Where each of these runs sits in a suite run (the runs outside any are left out), as exports carry it: the
    suite run (id, name, dataset, when, concurrency, how many columns), the item (id, position, reference, metadata)
    and, in a matrix, the column (index, label, rubric, config); a one-column suite run gives its shared config."""
    out: dict[str, dict[str, Any]] = {}
    head = (
        "s.id AS suite_run_id, s.name, s.created_at, s.dataset_name, s.dataset_hash, s.concurrency, s.rubric_name, "
        "s.rubric_version, s.config_json AS suite_config, "
        "(SELECT COUNT(*) FROM suite_columns n WHERE n.suite_run_id = s.id) AS columns, "
        "i.item_id, i.position, i.reference, i.metadata_json"
    )
    with store.engine.connect() as conn:
        for start in range(0, len(run_ids), chunk):
            part = run_ids[start : start + chunk]
            names = ", ".join(f":i{i}" for i in range(len(part)))
            params = {f"i{i}": v for i, v in enumerate(part)}
            sql = (
                f"SELECT i.run_id, {head}, NULL AS column_index, NULL AS label, NULL AS column_config, "
                "NULL AS column_rubric, NULL AS column_rubric_name, NULL AS column_rubric_version "
                "FROM suite_items i JOIN suite_runs s ON s.id = i.suite_run_id "
                f"WHERE i.run_id IN ({names}) "
                f"UNION ALL SELECT c.run_id, {head}, c.column_index, m.label, m.config_json, m.rubric, m.rubric_name, "
                "m.rubric_version FROM suite_cells c JOIN suite_runs s ON s.id = c.suite_run_id "
                "JOIN suite_items i ON i.suite_run_id = c.suite_run_id AND i.position = c.position "
                "JOIN suite_columns m ON m.suite_run_id = c.suite_run_id AND m.column_index = c.column_index "
                f"WHERE c.run_id IN ({names})"
            )
            for r in conn.execute(text(sql), params):
                row = dict(r._mapping)
                matrix = row["column_index"] is not None
                out[str(row["run_id"])] = {
                    "suite_run_id": row["suite_run_id"],
                    "name": row["name"],
                    "created_at": row["created_at"],
                    "dataset_name": row["dataset_name"],
                    "dataset_hash": row["dataset_hash"],
                    "concurrency": int(row["concurrency"]),
                    "columns": max(1, int(row["columns"])),
                    "rubric_name": row["rubric_name"],
                    "rubric_version": row["rubric_version"],
                    "config": None if matrix else json.loads(row["suite_config"]),
                    "item": {
                        "id": row["item_id"],
                        "position": int(row["position"]),
                        "reference": row["reference"] or "",
                        "metadata": json.loads(row["metadata_json"] or "{}"),
                    },
                    "column": {
                        "index": int(row["column_index"]),
                        "label": row["label"],
                        "rubric": row["column_rubric"],
                        "rubric_name": row["column_rubric_name"],
                        "rubric_version": row["column_rubric_version"],
                        "config": json.loads(row["column_config"]),
                    }
                    if matrix
                    else None,
                }
    return out


def suite_stamp(store: Store, suite_run_id: str) -> str:
    """A short text that changes whenever what a suite run's views show may have: a cell started, moved on or ended,
    the suite run or a column changed status (one cheap query; views cache their frames under it)."""
    sql = (
        # Not the heartbeat: it moves with every event of a live run, and the views show none of it.
        "SELECT COUNT(l.run_id), COALESCE(SUM(r.iterations), 0), COALESCE(SUM(r.total_tokens), 0), "
        "COALESCE(MAX(r.finished_at), 0), COUNT(r.status), "
        "(SELECT status FROM suite_runs WHERE id = :s), "
        "(SELECT COUNT(*) FROM suite_columns m WHERE m.suite_run_id = :s AND m.status <> 'finished') "
        f"FROM ({_links(':s')}) l LEFT JOIN runs r ON r.id = l.run_id"
    )
    with store.engine.connect() as conn:
        row = conn.execute(text(sql), {"s": suite_run_id}).first()
        statuses = conn.execute(
            text(
                f"SELECT r.status FROM ({_links(':s')}) l JOIN runs r ON r.id = l.run_id ORDER BY l.position, l.column_index"
            ),
            {"s": suite_run_id},
        ).all()
    digest = hashlib.sha256("|".join(str(s[0]) for s in statuses).encode()).hexdigest()[:10]
    return "-".join(str(v) for v in (row or ())) + f"-{digest}"


def drafts_of(store: Store, run_ids: list[str], *, chunk: int = 500) -> dict[str, str]:
    """Every stored draft of these runs joined in one text per run (the matrix's search reads them)."""
    out: dict[str, list[str]] = {}
    with store.engine.connect() as conn:
        for start in range(0, len(run_ids), chunk):
            part = run_ids[start : start + chunk]
            names = ", ".join(f":i{i}" for i in range(len(part)))
            rows = conn.execute(
                text(
                    f"SELECT run_id, draft_text FROM iterations WHERE run_id IN ({names}) ORDER BY run_id, turn, iteration"
                ),
                {f"i{i}": v for i, v in enumerate(part)},
            )
            for run_id, draft in rows:
                out.setdefault(str(run_id), []).append(str(draft or ""))
    return {run_id: "\n".join(drafts) for run_id, drafts in out.items()}
