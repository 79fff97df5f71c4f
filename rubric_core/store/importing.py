"""Importing whole runs: their events recorded in one transaction, plus the fields no event carries."""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.events import RunEvent
from rubric_core.store.sql import text
from rubric_core.store.writer import EventWriter

IMPORTED_COLUMNS = frozenset(
    {
        "rubric",
        "rubric_version",
        "turns",
        "final_output",
        "final_files_json",
        "error",
        "note",
        "input_tokens",
        "output_tokens",
        "total_tokens",
        "wall_time_s",
    }
)
"""Run columns an import restores as exported (no event carries them exactly)."""


class RunImports(EventWriter):
    """Record imported runs through the same event handlers as live ones (one transaction for a whole file)."""

    def import_runs(
        self, runs: list[tuple[list[RunEvent], str]] | list[tuple[list[RunEvent], str, dict]]
    ) -> tuple[int, int]:
        """Record whole runs (their events, the source name, restored fields) in one transaction.

        A run whose id is already stored is skipped, so importing a file twice
        adds nothing. An optional third item restores what no event carries:
        `{"columns": {column: value}, "tags": [...]}` (columns from IMPORTED_COLUMNS only).
        Returns (imported, skipped).
        """
        imported = skipped = 0
        fresh: dict[str, bool] = {}
        with self._write() as conn, conn.begin():
            for events, source, *rest in runs:
                if not events:
                    continue
                if self._run_exists(conn, events[0].run_id):
                    skipped += 1
                    continue
                for ev in events:
                    self._apply(conn, ev)
                conn.execute(
                    text("UPDATE runs SET imported_from = :s, worker = '' WHERE id = :id"),
                    {"s": source, "id": events[0].run_id},
                )
                if rest:
                    self._restore(conn, events[0].run_id, rest[0])
                    if rest[0].get("suite"):
                        _restore_suite(conn, events[0].run_id, rest[0]["suite"], fresh)
                imported += 1
            for suite_run_id, created in fresh.items():
                if created:
                    _fill_cells(conn, suite_run_id)
        return imported, skipped

    @staticmethod
    def _restore(conn: Connection, run_id: str, restored: dict[str, Any]) -> None:
        columns = {k: v for k, v in (restored.get("columns") or {}).items() if k in IMPORTED_COLUMNS}
        if columns:
            sets = ", ".join(f"{k} = :{k}" for k in columns)
            conn.execute(text(f"UPDATE runs SET {sets} WHERE id = :id"), {**columns, "id": run_id})
        tags = sorted({t.strip() for t in restored.get("tags") or [] if t and t.strip()})
        if tags:
            conn.execute(
                text("INSERT INTO run_tags (run_id, tag) VALUES (:r, :t)"), [{"r": run_id, "t": t} for t in tags]
            )
        reviews = restored.get("reviews") or []
        if reviews:
            # The human verdicts an export carries (the newest of each cell), beside the grader's as ever.
            conn.execute(
                text(
                    "INSERT INTO reviews (run_id, turn, iteration, position, revision, criterion, passed, reason, "
                    "reviewer, created_at, verdict) VALUES (:r, :turn, :iteration, :position, 0, :criterion, :passed, "
                    ":reason, :reviewer, :created_at, :verdict)"
                ),
                [
                    {
                        "verdict": "",
                        **v,
                        "r": run_id,
                        "passed": int(bool(v["passed"])),
                        "created_at": v["created_at"] or time.time(),
                    }
                    for v in reviews
                ],
            )


def _restore_suite(conn: Connection, run_id: str, suite: dict[str, Any], fresh: dict[str, bool]) -> None:
    """Rebuild the suite run an imported run is an item (or a matrix cell) of, from its record's `metadata.suite`.

    A suite run already in the store is left as it is (its runs are linked by the store that made it).
    """
    suite_id = suite["suite_run_id"]
    column = suite.get("column")
    config = column["config"] if column else (suite.get("config") or {})
    rubric = (column or {}).get("rubric") or suite["rubric"]
    if suite_id not in fresh:
        exists = conn.execute(text("SELECT 1 FROM suite_runs WHERE id = :s"), {"s": suite_id}).first() is not None
        fresh[suite_id] = not exists
        if not exists:
            conn.execute(
                text(
                    "INSERT INTO suite_runs (id, name, created_at, finished_at, status, dataset_name, dataset_hash, "
                    "rubric_name, rubric_version, rubric, config_json, concurrency, worker) VALUES (:id, :name, :at, "
                    ":at, 'finished', :dn, :dh, :rn, :rv, :rubric, :cfg, :c, '')"
                ),
                {
                    "id": suite_id,
                    "name": suite.get("name") or suite.get("dataset_name") or "imported suite run",
                    "at": suite["created_at"],
                    "dn": suite.get("dataset_name") or "",
                    "dh": suite.get("dataset_hash") or "",
                    "rn": (column or suite).get("rubric_name") or "",
                    "rv": (column or suite).get("rubric_version"),
                    "rubric": rubric,
                    "cfg": json.dumps({k: v for k, v in config.items() if k != "task"}),
                    "c": int(suite.get("concurrency") or 4),
                },
            )
    if not fresh[suite_id]:
        return
    item = suite["item"]
    conn.execute(
        text(
            "INSERT INTO suite_items (suite_run_id, position, item_id, task, reference, metadata_json, run_id) "
            "VALUES (:s, :p, :i, :t, :r, :m, :run) ON CONFLICT (suite_run_id, position) DO NOTHING"
        ),
        {
            "s": suite_id,
            "p": item["position"],
            "i": str(item["id"]),
            "t": suite["task"],
            "r": item.get("reference") or "",
            "m": json.dumps(item.get("metadata") or {}, ensure_ascii=False),
            "run": None if column else run_id,
        },
    )
    if not column:
        return
    conn.execute(
        text(
            "INSERT INTO suite_columns (suite_run_id, column_index, label, config_json, rubric, rubric_name, "
            "rubric_version, status) VALUES (:s, :c, :l, :cfg, :r, :rn, :rv, 'finished') "
            "ON CONFLICT (suite_run_id, column_index) DO NOTHING"
        ),
        {
            "s": suite_id,
            "c": column["index"],
            "l": column["label"],
            "cfg": json.dumps({k: v for k, v in config.items() if k != "task"}),
            "r": rubric,
            "rn": column.get("rubric_name") or "",
            "rv": column.get("rubric_version"),
        },
    )
    conn.execute(
        text("INSERT INTO suite_cells (suite_run_id, position, column_index, run_id) VALUES (:s, :p, :c, :r)"),
        {"s": suite_id, "p": item["position"], "c": column["index"], "r": run_id},
    )
    if column["index"] == 0:
        # A matrix's own config and rubric are its first column's, whichever of its runs came first in the file.
        conn.execute(
            text(
                "UPDATE suite_runs SET rubric = :r, config_json = :cfg, rubric_name = :rn, rubric_version = :rv "
                "WHERE id = :s"
            ),
            {
                "s": suite_id,
                "r": rubric,
                "cfg": json.dumps({k: v for k, v in config.items() if k != "task"}),
                "rn": column.get("rubric_name") or "",
                "rv": column.get("rubric_version"),
            },
        )


def _fill_cells(conn: Connection, suite_run_id: str) -> None:
    """The cells of a rebuilt matrix whose run the export did not hold (never started): there, with no run."""
    conn.execute(
        text(
            "INSERT INTO suite_cells (suite_run_id, position, column_index) SELECT i.suite_run_id, i.position, "
            "m.column_index FROM suite_items i JOIN suite_columns m ON m.suite_run_id = i.suite_run_id "
            "WHERE i.suite_run_id = :s AND NOT EXISTS (SELECT 1 FROM suite_cells c WHERE c.suite_run_id = "
            "i.suite_run_id AND c.position = i.position AND c.column_index = m.column_index)"
        ),
        {"s": suite_run_id},
    )
