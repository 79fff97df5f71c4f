"""Suite runs and their items in the store (tables of migration 3), apart from the run store's own code.

A suite run row holds the dataset's name and hash, the rubric (text, library
name and version) and the RunConfig fields every item shares; each item row
links to the ordinary run that executed it (NULL until started).
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.store import Store
from rubric_core.store.filters import FINAL_STATUSES
from rubric_core.store.liveness import this_worker, worker_alive
from rubric_core.store.sql import LIKE_ESCAPE, like_pattern, text
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
) -> str:
    """Store a new suite run and its items (none started yet); returns its id."""
    suite_run_id = uuid.uuid4().hex
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
    return suite_run_id


def link_item(store: Store, suite_run_id: str, position: int, run_id: str) -> None:
    """Record which run executes an item (replacing an earlier, unfinished one on resume)."""
    with _write(store) as conn, conn.begin():
        conn.execute(
            text("UPDATE suite_items SET run_id = :r WHERE suite_run_id = :s AND position = :p"),
            {"r": run_id, "s": suite_run_id, "p": position},
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
                "SELECT COUNT(*) FROM suite_items i LEFT JOIN runs r ON r.id = i.run_id WHERE i.suite_run_id = :s "
                f"AND (r.status IS NULL OR r.status NOT IN ({results}))"
            ),
            {"s": suite_run_id},
        ).scalar()
        or 0
    )


def get_suite_run(store: Store, suite_run_id: str) -> dict[str, Any] | None:
    """The suite run row, config decoded, status `interrupted` when its owner is gone; None if unknown."""
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT * FROM suite_runs WHERE id = :s"), {"s": suite_run_id}).first()
        without = _without_result(conn, suite_run_id) if row is not None and row._mapping["status"] == "finished" else 0
    if row is None:
        return None
    out = dict(row._mapping)
    out["config"] = json.loads(out.pop("config_json"))
    out["status"] = _suite_status(out, without)
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


def suite_items(store: Store, suite_run_id: str) -> list[dict[str, Any]]:
    """The items in dataset order, each with its run's status, iterations and tokens (None if not started)."""
    sql = (
        "SELECT i.position, i.item_id, i.task, i.reference, i.metadata_json, i.files_json, i.run_id, "
        "r.status AS run_status, "
        "r.iterations, r.input_tokens, r.output_tokens, r.total_tokens, r.wall_time_s, r.worker, r.heartbeat_at, "
        "r.model, r.grader FROM suite_items i LEFT JOIN runs r ON r.id = i.run_id "
        "WHERE i.suite_run_id = :s ORDER BY i.position"
    )
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(text(sql), {"s": suite_run_id})]
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


def item_problems(store: Store, suite_run_id: str) -> list[dict[str, Any]]:
    """The items without a quality result: {item_id, status, message} (the cause, when the store holds one)."""
    out = []
    items = [i for i in suite_items(store, suite_run_id) if not i["has_result"]]
    runs = {r["id"]: r for r in store.get_runs([i["run_id"] for i in items if i["run_id"]])}
    graded = store.iterations(list(runs))
    for item in items:
        status = item["run_status"] or "not started"
        run = runs.get(item["run_id"] or "")
        message = str(run.get("error") or "") if run else ""
        if run is not None and status == "grader_error":
            last = [i for i in graded if i["run_id"] == run["id"] and i["result"] == "grader_error"]
            message = str(last[-1]["explanation"] or "") if last else message
        out.append({"item_id": item["item_id"], "status": status, "message": " ".join(message.split())})
    return out


def suite_run_ids(store: Store, suite_run_id: str) -> list[str]:
    """The run ids of a suite run's items, in dataset order (items not started yet are left out)."""
    with store.engine.connect() as conn:
        return [
            r[0]
            for r in conn.execute(
                text("SELECT run_id FROM suite_items WHERE suite_run_id = :s AND run_id IS NOT NULL ORDER BY position"),
                {"s": suite_run_id},
            )
        ]


def suite_of_run(store: Store, run_id: str) -> tuple[str, list[str]] | None:
    """The suite run this run is an item of, with all its item runs; None for a run outside any suite."""
    with store.engine.connect() as conn:
        row = conn.execute(
            text("SELECT suite_run_id FROM suite_items WHERE run_id = :r LIMIT 1"), {"r": run_id}
        ).first()
    if row is None:
        return None
    return str(row[0]), suite_run_ids(store, str(row[0]))


def list_suite_runs(store: Store, *, limit: int = 100, suite_run_id: str | None = None) -> list[dict[str, Any]]:
    """Suite runs, newest first, with item counts (total, finished, satisfied); only `suite_run_id`'s if given."""
    finals = ", ".join(f"'{s}'" for s in FINISHED_RUN_STATUSES)
    results = ", ".join(f"'{s}'" for s in RESULT_STATUSES)
    sql = (
        "SELECT s.id, s.name, s.created_at, s.finished_at, s.status, s.dataset_name, s.dataset_hash, s.rubric_name, "
        "s.rubric_version, s.worker, s.heartbeat_at, s.config_json, "
        "(SELECT COUNT(*) FROM suite_items i WHERE i.suite_run_id = s.id) AS items, "
        f"(SELECT COUNT(*) FROM suite_items i JOIN runs r ON r.id = i.run_id WHERE i.suite_run_id = s.id "
        f"AND r.status IN ({finals})) AS finished, "
        "(SELECT COUNT(*) FROM suite_items i JOIN runs r ON r.id = i.run_id WHERE i.suite_run_id = s.id "
        "AND r.status = 'satisfied') AS satisfied, "
        f"(SELECT COUNT(*) FROM suite_items i JOIN runs r ON r.id = i.run_id WHERE i.suite_run_id = s.id "
        f"AND r.status IN ({results})) AS with_result "
        f"FROM suite_runs s {'WHERE s.id = :one ' if suite_run_id else ''}ORDER BY s.created_at DESC, s.id DESC LIMIT :n"
    )
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(text(sql), {"n": limit, "one": suite_run_id})]
    for r in rows:
        cfg = json.loads(r.pop("config_json"))
        r["model"], r["grader"] = cfg.get("model", ""), cfg.get("grader", "")
        r["status"] = _suite_status(r, int(r["items"]) - int(r.pop("with_result")))
    return rows


def suite_agent_label(suite: dict[str, Any]) -> str:
    """Who did a suite run's work, in words: "agent fixer of the project /p" or "the built-in deep agent"."""
    config = suite.get("config") or {}
    if not config.get("agent"):
        return "the built-in deep agent"
    return f"agent {config['agent']} of the project {config.get('project', '')}"


def item_config(suite: dict[str, Any], item: dict[str, Any], *, checking: bool = False) -> RunConfig:
    """The RunConfig of one item: the suite's shared fields, the item's task, its reference for the grader.

    `checking`: only to see whether the item can run (the library's default grader prompt is left out).
    """
    data = {**suite["config"], "task": item["task"]}
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
    "create_suite_run",
    "find_suite_run",
    "get_suite_run",
    "item_config",
    "item_problems",
    "link_item",
    "list_suite_runs",
    "set_suite_status",
    "suite_agent_label",
    "suite_items",
    "suite_run_ids",
]
