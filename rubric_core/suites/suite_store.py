"""Suite runs and their items in the store (tables of migration 3), apart from the run store's own code.

This module writes suite runs and reads them whole (`get_suite_run`, `list_suite_runs`); the reads of their items
and cells, and of where a run sits in a suite run, are suite_cells.py's (re-exported here); the statuses and the
SQL of a suite run's cells that both share are suite_rows.py's.

A suite run row holds the dataset's name and hash, the rubric (text, library
name and version) and the RunConfig fields every item shares; each item row
links to the ordinary run that executed it (NULL until started).
"""

from __future__ import annotations

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
from rubric_core.suites.suite_cells import (  # re-exported: a suite run's whole API stays `suite_store`'s
    cell_of_run,
    drafts_of,
    item_problems,
    suite_cells,
    suite_items,
    suite_links,
    suite_of_run,
    suite_run_ids,
    suite_stamp,
)
from rubric_core.suites.suite_rows import FINISHED_RUN_STATUSES, RESULT_STATUSES, SUITE_STATUSES, _links


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
    "SUITE_STATUSES",
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
