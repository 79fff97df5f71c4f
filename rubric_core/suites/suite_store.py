"""Suite runs and their items in the store (tables of migration 3), apart from the run store's own code.

A suite run row holds the dataset's name and hash, the rubric (text, library
name and version) and the RunConfig fields every item shares; each item row
links to the ordinary run that executed it (NULL until started).
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Sequence
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.store import Store
from rubric_core.store.filters import FINAL_STATUSES
from rubric_core.store.liveness import this_worker, worker_alive
from rubric_core.store.sql import LIKE_ESCAPE, like_pattern, text
from rubric_core.suites.columns import ColumnSpec
from rubric_core.suites.datasets import Dataset

FINISHED_RUN_STATUSES = ("satisfied", "max_iterations_reached", "failed", "grader_error", "error")
"""An item whose run ended in one of these ended (statistics count it); cancelled or interrupted ones did not."""
RESULT_STATUSES = ("satisfied", "max_iterations_reached", "failed")
"""Ends that are a quality result of the working agent under the rubric. Any other end (grader_error: the
grader or its provider failed; error: the working model or the agent raised; interrupted: a worker, a
process or the database was lost; cancelled; never started, e.g. refused by the config check) is an
infrastructure failure: it says nothing about quality, sets the suite apart as `finished_with_errors`
(CI exit 1) and `suite resume` runs the item again."""
SUITE_STATUSES = ("running", "finished", "finished_with_errors", "cancelled", "interrupted")


def _write(store: Store) -> Any:
    return store.engine.connect().execution_options(write=True)


def create_suite_run(
    store: Store,
    dataset: Dataset,
    config: RunConfig,
    *,
    name: str = "",
    rubric_version: int | None = None,
    concurrency: int = 4,
    columns: Sequence[ColumnSpec] = (),
) -> str:
    """Store a new suite run and its items (none started yet); returns its id.

    With `columns` (2 to 8) it is a matrix: each column's configuration is stored, and one cell per item and column
    waits for its run. The suite run's own config and rubric are the first column's then.
    """
    suite_run_id = uuid.uuid4().hex
    if columns:
        config, rubric_version = columns[0].config, columns[0].rubric_version
    shared = config.to_dict()
    shared.pop("task", None)
    now = time.time()
    with _write(store) as conn, conn.begin():
        conn.execute(
            text(
                "INSERT INTO suite_runs (id, name, created_at, status, dataset_name, dataset_hash, rubric_name, "
                "rubric_version, rubric, config_json, concurrency, worker, heartbeat_at) VALUES (:id, :name, :at, "
                "'running', :dn, :dh, :rn, :rv, :rubric, :cfg, :c, :w, :at)"
            ),
            {
                "id": suite_run_id,
                "name": name.strip() or dataset.name,
                "at": now,
                "dn": dataset.name,
                "dh": dataset.hash,
                "rn": config.rubric_name,
                "rv": rubric_version,
                "rubric": config.rubric,
                "cfg": json.dumps(shared),
                "c": concurrency,
                "w": this_worker(),
            },
        )
        conn.execute(
            text(
                "INSERT INTO suite_items (suite_run_id, position, item_id, task, reference, metadata_json, files_json) "
                "VALUES (:s, :p, :i, :t, :r, :m, :f)"
            ),
            [
                {
                    "s": suite_run_id,
                    "p": pos,
                    "i": item.id,
                    "t": item.task,
                    "r": item.reference,
                    "m": json.dumps(item.metadata, ensure_ascii=False),
                    "f": json.dumps(item.files, ensure_ascii=False) if item.files else "",
                }
                for pos, item in enumerate(dataset.items)
            ],
        )
        if columns:
            conn.execute(
                text(
                    "INSERT INTO suite_columns (suite_run_id, column_index, label, config_json, rubric, rubric_name, "
                    "rubric_version, status) VALUES (:s, :c, :l, :cfg, :r, :rn, :rv, 'running')"
                ),
                [
                    {
                        "s": suite_run_id,
                        "c": index,
                        "l": column.label,
                        "cfg": json.dumps(column.to_dict()["config"]),
                        "r": column.config.rubric,
                        "rn": column.config.rubric_name,
                        "rv": column.rubric_version,
                    }
                    for index, column in enumerate(columns)
                ],
            )
            conn.execute(
                text("INSERT INTO suite_cells (suite_run_id, position, column_index) VALUES (:s, :p, :c)"),
                [
                    {"s": suite_run_id, "p": pos, "c": index}
                    for pos in range(len(dataset.items))
                    for index in range(len(columns))
                ],
            )
    return suite_run_id


def link_item(store: Store, suite_run_id: str, position: int, run_id: str, *, column: int | None = None) -> None:
    """Record which run executes an item (replacing an earlier, unfinished one on resume); `column`: the cell of a
    matrix."""
    with _write(store) as conn, conn.begin():
        if column is None:
            conn.execute(
                text("UPDATE suite_items SET run_id = :r WHERE suite_run_id = :s AND position = :p"),
                {"r": run_id, "s": suite_run_id, "p": position},
            )
        else:
            conn.execute(
                text(
                    "UPDATE suite_cells SET run_id = :r WHERE suite_run_id = :s AND position = :p AND column_index = :c"
                ),
                {"r": run_id, "s": suite_run_id, "p": position, "c": column},
            )
        conn.execute(
            text("UPDATE suite_runs SET heartbeat_at = :h WHERE id = :s"), {"h": time.time(), "s": suite_run_id}
        )


def set_suite_status(store: Store, suite_run_id: str, status: str) -> None:
    """running (owned by this process), finished, finished_with_errors or cancelled."""
    if status not in SUITE_STATUSES:
        msg = f"Unknown suite status {status!r}."
        raise ValueError(msg)
    finished = None if status == "running" else time.time()
    with _write(store) as conn, conn.begin():
        conn.execute(
            text("UPDATE suite_runs SET status = :st, finished_at = :f, worker = :w, heartbeat_at = :h WHERE id = :s"),
            {"st": status, "f": finished, "w": this_worker(), "h": time.time(), "s": suite_run_id},
        )


def _suite_status(row: dict[str, Any], without_result: int = 0) -> str:
    """The stored status, `interrupted` when its owner is gone, `finished_with_errors` for a finished suite
    with items that have no quality result (a suite stored `finished` before that status existed reads so too)."""
    if row["status"] == "running" and not worker_alive(row.get("worker", ""), row.get("heartbeat_at")):
        return "interrupted"
    if row["status"] == "finished" and without_result:
        return "finished_with_errors"
    return str(row["status"])


def _links(suite: str) -> str:
    """Every cell of a suite run as (position, column_index, run_id) rows: a one-column suite run's items (column 0),
    or a matrix's cells. `suite` is the SQL that names the suite run's id (a bound name, or a column of an outer
    query)."""
    return (
        f"SELECT i.position, 0 AS column_index, i.run_id FROM suite_items i WHERE i.suite_run_id = {suite} "
        "AND NOT EXISTS (SELECT 1 FROM suite_columns m WHERE m.suite_run_id = i.suite_run_id) "
        f"UNION ALL SELECT c.position, c.column_index, c.run_id FROM suite_cells c WHERE c.suite_run_id = {suite}"
    )


def _without_result(conn: Any, suite_run_id: str) -> int:
    results = ", ".join(f"'{s}'" for s in RESULT_STATUSES)
    return int(
        conn.execute(
            text(
                f"SELECT COUNT(*) FROM ({_links(':s')}) l LEFT JOIN runs r ON r.id = l.run_id "
                f"WHERE r.status IS NULL OR r.status NOT IN ({results})"
            ),
            {"s": suite_run_id},
        ).scalar()
        or 0
    )


def _columns(conn: Any, suite_run_id: str, suite_status: str) -> list[dict[str, Any]]:
    """A matrix's columns in order, each with its config decoded and its status read as the suite's is."""
    rows = [
        dict(r._mapping)
        for r in conn.execute(
            text(
                "SELECT column_index, label, config_json, rubric, rubric_name, rubric_version, status "
                "FROM suite_columns WHERE suite_run_id = :s ORDER BY column_index"
            ),
            {"s": suite_run_id},
        )
    ]
    if not rows:
        return []
    results = ", ".join(f"'{s}'" for s in RESULT_STATUSES)
    without = {
        int(r[0]): int(r[1])
        for r in conn.execute(
            text(
                "SELECT c.column_index, COUNT(*) FROM suite_cells c LEFT JOIN runs r ON r.id = c.run_id "
                f"WHERE c.suite_run_id = :s AND (r.status IS NULL OR r.status NOT IN ({results})) "
                "GROUP BY c.column_index"
            ),
            {"s": suite_run_id},
        )
    }
    out = []
    for r in rows:
        index = int(r.pop("column_index"))
        status = str(r["status"])
        if status == "running" and suite_status != "running":
            status = "interrupted"  # its suite run's owner is gone (or the suite ended without ending it)
        elif status == "finished" and without.get(index):
            status = "finished_with_errors"
        out.append(
            {
                "index": index,
                **r,
                "config": json.loads(r.pop("config_json")),
                "status": status,
                "without_result": without.get(index, 0),
            }
        )
    return out


def is_matrix(suite: dict[str, Any]) -> bool:
    """Whether a suite run (as `get_suite_run` reads it) has columns."""
    return bool(suite.get("columns"))


def set_column_status(store: Store, suite_run_id: str, column: int, status: str) -> None:
    """running, finished, finished_with_errors or cancelled: one column of a matrix."""
    if status not in SUITE_STATUSES:
        msg = f"Unknown column status {status!r}."
        raise ValueError(msg)
    with _write(store) as conn, conn.begin():
        conn.execute(
            text("UPDATE suite_columns SET status = :st WHERE suite_run_id = :s AND column_index = :c"),
            {"st": status, "s": suite_run_id, "c": column},
        )


def get_suite_run(store: Store, suite_run_id: str) -> dict[str, Any] | None:
    """The suite run row, config decoded, status `interrupted` when its owner is gone; None if unknown.

    `columns` lists a matrix's columns (index, label, config, rubric, rubric_name, rubric_version, status,
    without_result); [] for a one-column suite run.
    """
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT * FROM suite_runs WHERE id = :s"), {"s": suite_run_id}).first()
        if row is None:
            return None
        without = _without_result(conn, suite_run_id) if row._mapping["status"] == "finished" else 0
        out = dict(row._mapping)
        out["config"] = json.loads(out.pop("config_json"))
        out["status"] = _suite_status(out, without)
        out["columns"] = _columns(conn, suite_run_id, out["status"])
    return out


def find_suite_run(store: Store, prefix: str) -> dict[str, Any]:
    """A suite run by id or unique id prefix; KeyError with a clear message otherwise."""
    prefix = prefix.strip()
    row = get_suite_run(store, prefix) if prefix else None
    if row is not None:
        return row
    with store.engine.connect() as conn:
        ids = [
            r[0]
            for r in conn.execute(
                text(f"SELECT id FROM suite_runs WHERE id LIKE :p {LIKE_ESCAPE} LIMIT 3"),
                {"p": like_pattern(prefix, prefix=True)},
            )
        ]
    if len(ids) == 1 and prefix:
        found = get_suite_run(store, ids[0])
        assert found is not None
        return found
    if len(ids) > 1 and prefix:
        msg = f"Suite run id {prefix!r} is ambiguous; give more characters."
        raise KeyError(msg)
    msg = f"No suite run {prefix!r} in the store. `python -m rubric_core suite list` shows them."
    raise KeyError(msg)


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


def list_suite_runs(store: Store, *, limit: int = 100, suite_run_id: str | None = None) -> list[dict[str, Any]]:
    """Suite runs, newest first, with counts: items (dataset rows), columns (1 for a one-column suite run), cells
    (items x columns) and, over the cells, finished and satisfied; only `suite_run_id`'s if given."""
    finals = ", ".join(f"'{s}'" for s in FINISHED_RUN_STATUSES)
    results = ", ".join(f"'{s}'" for s in RESULT_STATUSES)
    links = _links("s.id")
    sql = (
        "SELECT s.id, s.name, s.created_at, s.finished_at, s.status, s.dataset_name, s.dataset_hash, s.rubric_name, "
        "s.rubric_version, s.worker, s.heartbeat_at, s.config_json, "
        "(SELECT COUNT(*) FROM suite_items i WHERE i.suite_run_id = s.id) AS items, "
        "(SELECT COUNT(*) FROM suite_columns m WHERE m.suite_run_id = s.id) AS columns, "
        f"(SELECT COUNT(*) FROM ({links}) l) AS cells, "
        f"(SELECT COUNT(*) FROM ({links}) l JOIN runs r ON r.id = l.run_id WHERE r.status IN ({finals})) AS finished, "
        f"(SELECT COUNT(*) FROM ({links}) l JOIN runs r ON r.id = l.run_id WHERE r.status = 'satisfied') AS satisfied, "
        f"(SELECT COUNT(*) FROM ({links}) l JOIN runs r ON r.id = l.run_id WHERE r.status IN ({results})) "
        "AS with_result "
        f"FROM suite_runs s {'WHERE s.id = :one ' if suite_run_id else ''}ORDER BY s.created_at DESC, s.id DESC LIMIT :n"
    )
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(text(sql), {"n": limit, "one": suite_run_id})]
    for r in rows:
        cfg = json.loads(r.pop("config_json"))
        r["model"], r["grader"] = cfg.get("model", ""), cfg.get("grader", "")
        r["columns"] = max(1, int(r["columns"]))
        r["status"] = _suite_status(r, int(r["cells"]) - int(r.pop("with_result")))
    return rows


def suite_agent_label(suite: dict[str, Any]) -> str:
    """Who did a suite run's work, in words: "agent fixer of the project /p" or "the built-in deep agent"."""
    config = suite.get("config") or {}
    if not config.get("agent"):
        return "the built-in deep agent"
    return f"agent {config['agent']} of the project {config.get('project', '')}"


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


def item_config(
    suite: dict[str, Any], item: dict[str, Any], *, checking: bool = False, column: int | None = None
) -> RunConfig:
    """The RunConfig of one item: the suite's shared fields (a matrix column's, given `column`), the item's task,
    its reference for the grader.

    `checking`: only to see whether the item can run (the library's default grader prompt is left out).
    """
    shared = suite["columns"][column]["config"] if column is not None else suite["config"]
    data = {**shared, "task": item["task"]}
    if item.get("files"):
        data["files"] = item["files"]
    if item.get("reference"):
        from rubric_core.suites.reference import grader_prompt_with_reference

        data["grader_prompt"] = grader_prompt_with_reference(
            data.get("grader_prompt", ""), item["reference"], library_default=not checking
        )
    return RunConfig.from_dict(data)


__all__ = [
    "FINAL_STATUSES",
    "FINISHED_RUN_STATUSES",
    "RESULT_STATUSES",
    "cell_of_run",
    "create_suite_run",
    "drafts_of",
    "find_suite_run",
    "get_suite_run",
    "is_matrix",
    "item_config",
    "item_problems",
    "link_item",
    "list_suite_runs",
    "set_column_status",
    "set_suite_status",
    "suite_agent_label",
    "suite_cells",
    "suite_items",
    "suite_links",
    "suite_of_run",
    "suite_run_ids",
    "suite_stamp",
]
