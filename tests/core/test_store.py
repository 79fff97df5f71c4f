import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import RunFilter, Store, StoreError, open_store
from rubric_core.views import frames
from tests.core.helpers import PROCESS_TIMEOUT_S, CancelAt, example_config, of_type, run_cli, start_held_run

ROOT = Path(__file__).resolve().parents[2]

EXPECTED_SCHEMA = {
    "audit_log": [
        ("id", "TEXT", 1, 1),
        ("at", "REAL", 1, 0),
        ("actor", "TEXT", 1, 0),
        ("actor_name", "TEXT", 1, 0),
        ("roles", "TEXT", 1, 0),
        ("action", "TEXT", 1, 0),
        ("outcome", "TEXT", 1, 0),
        ("run_id", "TEXT", 1, 0),
        ("rubric_name", "TEXT", 1, 0),
        ("suite_run_id", "TEXT", 1, 0),
        ("detail", "TEXT", 1, 0),
    ],
    "share_links": [
        ("id", "TEXT", 1, 1),
        ("run_id", "TEXT", 1, 0),
        ("created_by", "TEXT", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("expires_at", "REAL", 1, 0),
        ("revoked_at", "REAL", 0, 0),
        ("revoked_by", "TEXT", 1, 0),
    ],
    "criteria": [
        ("run_id", "TEXT", 1, 1),
        ("turn", "INTEGER", 1, 2),
        ("iteration", "INTEGER", 1, 3),
        ("position", "INTEGER", 1, 4),
        ("name", "TEXT", 1, 0),
        ("passed", "INTEGER", 1, 0),
        ("gap", "TEXT", 1, 0),
        ("verdict", "TEXT", 1, 0),
        ("check_json", "TEXT", 1, 0),
    ],
    "events": [
        ("run_id", "TEXT", 1, 1),
        ("seq", "INTEGER", 1, 2),
        ("type", "TEXT", 1, 0),
        ("at", "REAL", 1, 0),
        ("data_json", "TEXT", 1, 0),
    ],
    "iterations": [
        ("run_id", "TEXT", 1, 1),
        ("turn", "INTEGER", 1, 2),
        ("iteration", "INTEGER", 1, 3),
        ("grading_run_id", "TEXT", 1, 0),
        ("draft_text", "TEXT", 1, 0),
        ("files_json", "TEXT", 1, 0),
        ("draft_at", "REAL", 0, 0),
        ("draft_tokens", "INTEGER", 1, 0),
        ("result", "TEXT", 0, 0),
        ("explanation", "TEXT", 1, 0),
        ("unverified", "INTEGER", 1, 0),
        ("grading_started_at", "REAL", 0, 0),
        ("graded_at", "REAL", 0, 0),
        ("wall_time_s", "REAL", 0, 0),
        ("input_tokens", "INTEGER", 1, 0),
        ("output_tokens", "INTEGER", 1, 0),
        ("total_tokens", "INTEGER", 1, 0),
        ("feedback_text", "TEXT", 1, 0),
        ("grader_tools_json", "TEXT", 1, 0),
        ("disk_files_json", "TEXT", 1, 0),
    ],
    "regrade_criteria": [
        ("regrade_id", "TEXT", 1, 1),
        ("turn", "INTEGER", 1, 2),
        ("iteration", "INTEGER", 1, 3),
        ("attempt", "INTEGER", 1, 4),
        ("position", "INTEGER", 1, 5),
        ("name", "TEXT", 1, 0),
        ("passed", "INTEGER", 1, 0),
        ("gap", "TEXT", 1, 0),
        ("verdict", "TEXT", 1, 0),
        ("check_json", "TEXT", 1, 0),
    ],
    "regrade_passes": [
        ("regrade_id", "TEXT", 1, 1),
        ("turn", "INTEGER", 1, 2),
        ("iteration", "INTEGER", 1, 3),
        ("attempt", "INTEGER", 1, 4),
        ("result", "TEXT", 1, 0),
        ("explanation", "TEXT", 1, 0),
        ("unverified", "INTEGER", 1, 0),
        ("grader_tools_json", "TEXT", 1, 0),
    ],
    "regrades": [
        ("id", "TEXT", 1, 1),
        ("run_id", "TEXT", 1, 0),
        ("kind", "TEXT", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("rubric", "TEXT", 1, 0),
        ("grader", "TEXT", 1, 0),
        ("repeats", "INTEGER", 1, 0),
        ("stop_turn", "INTEGER", 0, 0),
        ("stop_iteration", "INTEGER", 0, 0),
        ("wall_time_s", "REAL", 1, 0),
    ],
    "reviews": [
        ("run_id", "TEXT", 1, 1),
        ("turn", "INTEGER", 1, 2),
        ("iteration", "INTEGER", 1, 3),
        ("position", "INTEGER", 1, 4),
        ("revision", "INTEGER", 1, 5),
        ("criterion", "TEXT", 1, 0),
        ("passed", "INTEGER", 1, 0),
        ("reason", "TEXT", 1, 0),
        ("reviewer", "TEXT", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("verdict", "TEXT", 1, 0),
    ],
    "rubrics": [
        ("name", "TEXT", 1, 1),
        ("version", "INTEGER", 1, 2),
        ("text", "TEXT", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("saved_by", "TEXT", 1, 0),
    ],
    "run_tags": [("run_id", "TEXT", 1, 1), ("tag", "TEXT", 1, 2)],
    "runs": [
        ("id", "TEXT", 1, 1),
        ("created_at", "REAL", 1, 0),
        ("finished_at", "REAL", 0, 0),
        ("status", "TEXT", 1, 0),
        ("task", "TEXT", 1, 0),
        ("rubric", "TEXT", 1, 0),
        ("rubric_name", "TEXT", 1, 0),
        ("rubric_version", "INTEGER", 0, 0),
        ("model", "TEXT", 1, 0),
        ("grader", "TEXT", 1, 0),
        ("config_json", "TEXT", 1, 0),
        ("final_output", "TEXT", 1, 0),
        ("final_files_json", "TEXT", 1, 0),
        ("iterations", "INTEGER", 1, 0),
        ("turns", "INTEGER", 1, 0),
        ("input_tokens", "INTEGER", 1, 0),
        ("output_tokens", "INTEGER", 1, 0),
        ("total_tokens", "INTEGER", 1, 0),
        ("wall_time_s", "REAL", 1, 0),
        ("error", "TEXT", 1, 0),
        ("note", "TEXT", 1, 0),
        ("worker", "TEXT", 1, 0),
        ("heartbeat_at", "REAL", 0, 0),
        ("imported_from", "TEXT", 1, 0),
        ("agent", "TEXT", 1, 0),
        ("agent_factory", "TEXT", 1, 0),
        ("project_digest", "TEXT", 1, 0),
        ("edit_version", "INTEGER", 1, 0),
        ("edited_at", "REAL", 0, 0),
        ("edited_by", "TEXT", 1, 0),
        ("step", "TEXT", 1, 0),
        ("parent_run", "TEXT", 1, 0),
        ("forked_turn", "INTEGER", 0, 0),
        ("forked_at", "INTEGER", 0, 0),
        ("fork_json", "TEXT", 1, 0),
    ],
    "run_live": [
        ("run_id", "TEXT", 1, 1),
        ("seq", "INTEGER", 1, 0),
        ("at", "REAL", 1, 0),
        ("data_json", "TEXT", 1, 0),
    ],
    "run_requests": [
        ("run_id", "TEXT", 1, 1),
        ("kind", "TEXT", 1, 2),
        ("at", "REAL", 1, 0),
        ("handled_at", "REAL", 0, 0),
    ],
    "schema_migrations": [("version", "INTEGER", 0, 1), ("name", "TEXT", 1, 0), ("applied_at", "REAL", 1, 0)],
    "suite_runs": [
        ("id", "TEXT", 1, 1),
        ("name", "TEXT", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("finished_at", "REAL", 0, 0),
        ("status", "TEXT", 1, 0),
        ("dataset_name", "TEXT", 1, 0),
        ("dataset_hash", "TEXT", 1, 0),
        ("rubric_name", "TEXT", 1, 0),
        ("rubric_version", "INTEGER", 0, 0),
        ("rubric", "TEXT", 1, 0),
        ("config_json", "TEXT", 1, 0),
        ("concurrency", "INTEGER", 1, 0),
        ("worker", "TEXT", 1, 0),
        ("heartbeat_at", "REAL", 0, 0),
    ],
    "suite_cells": [
        ("suite_run_id", "TEXT", 1, 1),
        ("position", "INTEGER", 1, 2),
        ("column_index", "INTEGER", 1, 3),
        ("run_id", "TEXT", 0, 0),
    ],
    "suite_claims": [
        ("suite_run_id", "TEXT", 1, 1),
        ("position", "INTEGER", 1, 2),
        ("column_index", "INTEGER", 1, 3),
        ("token", "TEXT", 1, 0),
        ("worker", "TEXT", 1, 0),
        ("claimed_at", "REAL", 1, 0),
    ],
    "suite_columns": [
        ("suite_run_id", "TEXT", 1, 1),
        ("column_index", "INTEGER", 1, 2),
        ("label", "TEXT", 1, 0),
        ("config_json", "TEXT", 1, 0),
        ("rubric", "TEXT", 1, 0),
        ("rubric_name", "TEXT", 1, 0),
        ("rubric_version", "INTEGER", 0, 0),
        ("status", "TEXT", 1, 0),
    ],
    "suite_items": [
        ("suite_run_id", "TEXT", 1, 1),
        ("position", "INTEGER", 1, 2),
        ("item_id", "TEXT", 1, 0),
        ("task", "TEXT", 1, 0),
        ("reference", "TEXT", 1, 0),
        ("metadata_json", "TEXT", 1, 0),
        ("run_id", "TEXT", 0, 0),
        ("files_json", "TEXT", 1, 0),
    ],
    "rubric_proposals": [
        ("id", "TEXT", 1, 1),
        ("rubric_name", "TEXT", 1, 0),
        ("rubric_version", "INTEGER", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("criterion", "TEXT", 1, 0),
        ("kind", "TEXT", 1, 0),
        ("title", "TEXT", 1, 0),
        ("reason", "TEXT", 1, 0),
        ("source", "TEXT", 1, 0),
        ("edited_rubric", "TEXT", 1, 0),
        ("mapping_json", "TEXT", 1, 0),
        ("finding_json", "TEXT", 1, 0),
    ],
    "rubric_proofs": [
        ("id", "TEXT", 1, 1),
        ("proposal_id", "TEXT", 1, 0),
        ("rubric_name", "TEXT", 1, 0),
        ("rubric_version", "INTEGER", 1, 0),
        ("created_at", "REAL", 1, 0),
        ("grader", "TEXT", 1, 0),
        ("seed", "INTEGER", 1, 0),
        ("outcome", "TEXT", 1, 0),
        ("result_json", "TEXT", 1, 0),
        ("accepted_version", "INTEGER", 0, 0),
    ],
    "rubric_splits": [
        ("rubric_name", "TEXT", 1, 1),
        ("seed", "INTEGER", 1, 0),
        ("held_out", "REAL", 1, 0),
        ("created_at", "REAL", 1, 0),
    ],
    "start_clicks": [
        ("token", "TEXT", 1, 1),
        ("run_id", "TEXT", 1, 0),
        ("at", "REAL", 1, 0),
    ],
    "prices": [
        ("model", "TEXT", 1, 1),
        ("input_per_mtok", "REAL", 1, 0),
        ("output_per_mtok", "REAL", 1, 0),
        ("as_of", "TEXT", 1, 0),
        ("source", "TEXT", 1, 0),
        ("updated_at", "REAL", 1, 0),
    ],
}
EXPECTED_INDEXES = [
    "ix_audit_actor",
    "ix_audit_at",
    "ix_audit_run",
    "ix_regrades_run",
    "ix_reviews_reviewer",
    "ix_rubric_proofs_rubric",
    "ix_rubric_proposals_rubric",
    "ix_run_tags_tag",
    "ix_runs_created_id",
    "ix_runs_grader",
    "ix_runs_model",
    "ix_runs_parent",
    "ix_runs_rubric",
    "ix_runs_status",
    "ix_share_links_run",
    "ix_suite_cells_run",
    "ix_suite_items_run",
    "ix_suite_runs_created",
]


def db_path(home: Path) -> Path:
    return home / "runs.sqlite"


def test_exact_schema_after_migrations(db_url: str, store: Store, home: Path) -> None:
    if store.dialect == "postgresql":
        _assert_postgres_schema(store)
        return
    conn = sqlite3.connect(db_path(home))
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    schema = {t: [(r[1], r[2], r[3], r[5]) for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}
    assert schema == EXPECTED_SCHEMA
    indexes = [
        r[0]
        for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index' AND name LIKE 'ix_%' ORDER BY name")
    ]
    assert indexes == EXPECTED_INDEXES
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations")] == [
        1,
        3,
        4,
        5,
        6,
        7,
        8,
        12,
        13,
        33,
        35,
        40,
        41,
        42,
        44,
    ]
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    open_store().close()  # opening again applies nothing twice
    assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations")] == [
        1,
        3,
        4,
        5,
        6,
        7,
        8,
        12,
        13,
        33,
        35,
        40,
        41,
        42,
        44,
    ]


_PG_TYPES = {"text": "TEXT", "integer": "INTEGER", "double precision": "REAL"}
"""PostgreSQL column types as the SQLite schema names them (REAL is 8 bytes in SQLite, DOUBLE PRECISION here)."""


def _assert_postgres_schema(store: Store) -> None:
    """The same tables, columns, types, NOT NULLs, primary keys and indexes as on SQLite."""
    with store.engine.connect() as conn:
        columns = conn.exec_driver_sql(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, COALESCE(k.ordinal_position, 0) "
            "FROM information_schema.columns c LEFT JOIN information_schema.table_constraints t ON "
            "t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.constraint_type = 'PRIMARY KEY' "
            "LEFT JOIN information_schema.key_column_usage k ON k.constraint_name = t.constraint_name AND "
            "k.table_schema = c.table_schema AND k.column_name = c.column_name "
            "WHERE c.table_schema = 'public' ORDER BY c.table_name, c.ordinal_position"
        ).all()
        indexes = [
            r[0]
            for r in conn.exec_driver_sql(
                "SELECT indexname FROM pg_indexes WHERE schemaname = 'public' AND indexname LIKE 'ix%%' ORDER BY 1"
            )
        ]
        versions = [r[0] for r in conn.exec_driver_sql("SELECT version FROM schema_migrations ORDER BY 1")]
    schema: dict[str, list[tuple]] = {}
    for table, name, kind, nullable, pk in columns:
        schema.setdefault(table, []).append((name, _PG_TYPES.get(kind, kind), int(nullable == "NO"), pk))
    # A primary key column is NOT NULL in PostgreSQL even where SQLite's INTEGER PRIMARY KEY does not say so.
    expected = {t: [(n, k, 1 if pk else nn, pk) for n, k, nn, pk in cols] for t, cols in EXPECTED_SCHEMA.items()}
    assert schema == expected
    assert indexes == EXPECTED_INDEXES
    assert versions == [1, 3, 4, 5, 6, 7, 8, 12, 13, 33, 35, 40, 41, 42, 44]
    open_store().close()  # opening again applies nothing twice
    with store.engine.connect() as conn:
        versions = [r[0] for r in conn.exec_driver_sql("SELECT version FROM schema_migrations ORDER BY 1")]
    assert versions == [1, 3, 4, 5, 6, 7, 8, 12, 13, 33, 35, 40, 41, 42, 44]


def test_rows_match_the_events_of_a_full_run(db_url: str, store: Store, engine: Engine) -> None:
    handle = engine.execute(example_config("haiku", rubric_name="spring-haiku"), subscribers=[store.record])
    run = store.get_run(handle.run_id)
    assert run is not None
    finished = handle.last.data
    assert run["status"] == "satisfied" == finished["status"]
    assert run["final_output"] == finished["final_output"]
    assert run["iterations"] == 3 and run["rubric_name"] == "spring-haiku" and run["rubric_version"] == 1
    assert run["total_tokens"] == sum(
        e.data["tokens"]["total_tokens"] for e in handle.events if e.type in ("draft", "evaluation")
    )
    assert [e.to_dict() for e in store.run_events(handle.run_id)] == [e.to_dict() for e in handle.events]
    iterations = store.iterations([handle.run_id])
    drafts = of_type(handle, "draft")
    assert [i["draft_text"] for i in iterations] == [d.data["text"] for d in drafts]
    evaluations = of_type(handle, "evaluation")
    assert [i["result"] for i in iterations] == [e.data["result"] for e in evaluations]
    assert [i["feedback_text"] for i in iterations[:2]] == [f.data["text"] for f in of_type(handle, "feedback")]
    criteria = store.criteria([handle.run_id])
    assert [(c["iteration"], c["name"], bool(c["passed"]), c["gap"]) for c in criteria] == [
        (e.data["iteration"], c["name"], c["passed"], c.get("gap", "")) for e in evaluations for c in e.data["criteria"]
    ]
    assert "config_json" not in run and run["config"]["task"] == handle.events[0].data["config"]["task"]


def test_frames_mark_regressions_and_first_pass(db_url: str, store: Store, engine: Engine) -> None:
    h1 = engine.execute(example_config("haiku"), subscribers=[store.record])
    h2 = engine.execute(example_config("lipogram"), subscribers=[store.record])
    crit = frames.criteria_frame(store, [h1.run_id, h2.run_id])
    assert list(crit.columns) == list(frames.CRITERIA_COLUMNS)
    assert str(crit["passed"].dtype) == "boolean" and str(crit["first_passed_iteration"].dtype) == "Int64"
    syll = crit[(crit.run_id == h1.run_id) & (crit.criterion == "Follows a 5-7-5 syllable pattern")]
    assert syll["first_passed_iteration"].tolist() == [2, 2, 2]
    assert not crit["regressed"].any()
    runs = frames.runs_frame(store)
    assert list(runs.columns) == list(frames.RUNS_COLUMNS)
    assert set(runs["status"]) == {"satisfied", "max_iterations_reached"}
    its = frames.iterations_frame(store, [h1.run_id])
    # The second draft names spring in one of its three lines: "Is about spring" is n/a there, counted apart.
    assert its["criteria_passed"].tolist() == [1, 1, 3] and its["criteria_na"].tolist() == [0, 1, 0]


def test_regression_is_flagged() -> None:
    rows = [
        {"run_id": "r", "turn": 0, "iteration": i, "position": 0, "name": "c", "passed": p, "gap": ""}
        for i, p in enumerate([False, True, False, True])
    ]
    crit = frames.criteria_frame_from_rows(rows)
    assert crit["regressed"].tolist() == [False, False, True, False]
    assert crit["first_passed_iteration"].tolist() == [1, 1, 1, 1]


def test_sigkill_mid_run_keeps_graded_iterations_and_resumes(db_url: str, home: Path) -> None:
    # Killed while the writer drafts iteration 1: iteration 0 is drafted, graded, fed back and checkpointed.
    proc, run_id = start_held_run(home, "drafting:1")
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=PROCESS_TIMEOUT_S)
    store = open_store()
    stored = store.iterations([run_id])
    assert [(i["iteration"], bool(i["result"])) for i in stored] == [(0, True)]
    events = store.run_events(run_id)
    assert [e.type for e in events if e.type in ("draft", "evaluation")] == ["draft", "evaluation"]
    run = store.get_run(run_id)
    assert run["status"] == "interrupted"
    assert [r["id"] for r in store.list_runs(RunFilter(statuses=["interrupted"]))] == [run_id]
    manager = RunManager(Engine(home), store)
    handle = manager.resume(run_id)
    assert handle.wait(PROCESS_TIMEOUT_S)
    assert handle.last.type == "finished" and handle.last.data["status"] == "satisfied"
    iterations = store.iterations([run_id])
    assert [(i["turn"], i["iteration"]) for i in iterations] == [(0, 0), (0, 1), (0, 2)]
    assert all(i["result"] for i in iterations)
    events = store.run_events(run_id)
    assert [e.seq for e in events] == list(range(len(events)))
    # nothing drafted or graded twice across the kill
    assert [e.data["iteration"] for e in events if e.type == "draft"] == [0, 1, 2]
    assert [e.data["iteration"] for e in events if e.type == "evaluation"] == [0, 1, 2]
    assert store.get_run(run_id)["status"] == "satisfied"


def test_eight_concurrent_runs_and_a_reader_lose_no_row(db_url: str, store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    names = ["haiku", "photosynthesis", "lipogram", "report"] * 2
    handles = [manager.start(example_config(n, model="offline:writer?latency=0.02")) for n in names]
    stop = threading.Event()
    reads: list[int] = []

    def reader() -> None:
        while not stop.is_set():
            reads.append(len(store.list_runs(limit=50)))
            frames.criteria_frame(store, [h.run_id for h in handles])

    t = threading.Thread(target=reader)
    t.start()
    for h in handles:
        assert h.wait(PROCESS_TIMEOUT_S)
    stop.set()
    t.join()
    assert reads
    for h in handles:
        stored = store.run_events(h.run_id)
        assert [e.seq for e in stored] == [e.seq for e in h.events]
        evaluations = of_type(h, "evaluation")
        assert len(store.iterations([h.run_id])) == len(evaluations)
        assert len(store.criteria([h.run_id])) == sum(len(e.data["criteria"]) for e in evaluations)
        assert store.get_run(h.run_id)["status"] == h.last.data["status"]


def test_two_processes_write_one_file(db_url: str, home: Path) -> None:
    code = (
        "from rubric_core.engine import Engine; from rubric_core.store import open_store; "
        "from tests.core.helpers import example_config, run_cli; s = open_store(); "
        "[Engine().execute(example_config('photosynthesis'), subscribers=[s.record]) for _ in range(3)]"
    )
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT) for _ in range(2)]
    assert [p.wait(PROCESS_TIMEOUT_S) for p in procs] == [0, 0]
    store = open_store()
    assert store.count_runs() == 6
    assert all(r["status"] == "satisfied" and r["iterations"] == 2 for r in store.list_runs())


def test_filters_tags_notes_and_delete(db_url: str, store: Store, engine: Engine) -> None:
    a = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    b = engine.execute(example_config("lipogram"), subscribers=[store.record]).run_id
    c = engine.execute(example_config("report", rubric_name="status-report"), subscribers=[store.record]).run_id
    store.set_tags(a, ["demo", " demo ", "poetry", ""])
    store.set_note(a, "best one")
    assert store.get_run(a)["tags"] == ["demo", "poetry"] and store.get_run(a)["note"] == "best one"
    assert [r["id"] for r in store.list_runs(RunFilter(tag="demo"))] == [a]
    assert [r["id"] for r in store.list_runs(RunFilter(statuses=["max_iterations_reached"]))] == [b]
    assert [r["id"] for r in store.list_runs(RunFilter(rubric_name="status-report", rubric_version=1))] == [c]
    assert store.count_runs(RunFilter(search="HAIKU")) == 1
    # LIKE's wildcards in a search are plain characters (they matched every task before)
    assert store.count_runs(RunFilter(search="%")) == store.count_runs(RunFilter(search="_")) == 0
    assert store.count_runs(RunFilter(search="\\")) == 0
    assert store.count_runs(RunFilter(model="offline:grader")) == 3
    assert store.count_runs(RunFilter(since=time.time() + 60)) == 0
    assert store.list_runs(limit=1, offset=1)[0]["id"] == b
    before = {t: _count(store, t) for t in ("events", "iterations", "criteria", "run_tags", "runs", "rubrics")}
    own = {
        "events": len(store.run_events(a)),
        "iterations": len(store.iterations([a])),
        "criteria": len(store.criteria([a])),
        "run_tags": 2,
        "runs": 1,
        "rubrics": 0,
    }
    assert store.delete_run(a)
    after = {t: _count(store, t) for t in before}
    assert {t: before[t] - after[t] for t in before} == own
    assert not store.delete_run(a)
    with pytest.raises(KeyError):
        store.set_note(a, "x")


def _count(store: Store, table: str) -> int:
    with store.engine.connect() as conn:
        return conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar()


def test_rubric_library_versions(db_url: str, store: Store) -> None:
    assert store.save_rubric("haiku", "- Exactly three lines") == 1
    assert store.save_rubric("haiku", "- Exactly three lines") == 1  # unchanged text: same version
    assert store.save_rubric("haiku", "- Exactly three lines\n- Is about spring") == 2
    assert [v["version"] for v in store.rubric_versions("haiku")] == [1, 2]
    assert store.get_rubric("haiku")["version"] == 2 and store.get_rubric("haiku", 1)["text"] == "- Exactly three lines"
    assert store.list_rubrics()[0]["versions"] == 2
    with pytest.raises(ValueError, match="name is empty"):
        store.save_rubric(" ", "- a")
    with pytest.raises(ValueError, match="Rubric is empty"):
        store.save_rubric("x", "  ")


def _sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_a_file_that_is_not_a_database_is_refused_untouched(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = db_path(home)
    path.write_text("these are my notes, not a database\n")
    before = _sha(path)
    with pytest.raises(StoreError, match="not a Rubric Studio database"):
        open_store()
    assert _sha(path) == before


def test_a_foreign_sqlite_database_is_refused_untouched(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = db_path(home)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER)")
    conn.commit()
    conn.close()
    before = _sha(path)
    with pytest.raises(StoreError, match="holds other data"):
        open_store()
    assert _sha(path) == before


def test_a_newer_database_is_refused_untouched(home: Path) -> None:
    open_store().close()
    path = db_path(home)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_migrations VALUES (99, 'future', 0)")
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    before = _sha(path)
    with pytest.raises(StoreError, match="schema version 99, newer"):
        open_store()
    assert _sha(path) == before


def test_database_url_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'team.sqlite'}"
    monkeypatch.setenv("RUBRIC_STUDIO_DB_URL", url)
    store = open_store()
    assert store.url == url and (tmp_path / "team.sqlite").exists()
    with pytest.raises(StoreError):
        open_store("nosuchdialect://x")


def test_cli_runs_show_delete(db_url: str, home: Path, engine: Engine, store: Store) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home)}

    def cli(*args: str) -> subprocess.CompletedProcess:
        return run_cli(*args, env=env)

    out = cli("runs", "--status", "satisfied")
    assert run_id in out.stdout and "1 of 1 runs" in out.stdout
    out = cli("show", run_id)
    assert out.returncode == 0 and "Follows a 5-7-5 syllable pattern" in out.stdout and "FAIL" in out.stdout
    assert cli("show", "nope").returncode == 2
    assert cli("runs", "--since", "yesterday").returncode == 2
    assert cli("delete", run_id).returncode == 0
    assert cli("delete", run_id).returncode == 2
    assert store.get_run(run_id) is None


def test_pandas_reads_the_frames_with_documented_dtypes(db_url: str, store: Store, engine: Engine) -> None:
    engine.execute(example_config("photosynthesis"), subscribers=[store.record])
    runs = frames.runs_frame(store)
    assert runs.dtypes.astype(str).to_dict() == frames.RUNS_COLUMNS
    assert isinstance(runs.loc[0, "created_at"], pd.Timestamp)


def test_cli_resume(db_url: str, home: Path, engine: Engine, store: Store) -> None:
    cfg = example_config("haiku")
    cancel = CancelAt("evaluation", 0)  # cancelled right after the first verdict, however slow the machine
    handle = cancel.attach(engine.start(cfg, subscribers=[store.record, cancel]))
    assert handle.wait(PROCESS_TIMEOUT_S) and handle.last.type == "cancelled"
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home)}
    out = subprocess.run(
        [sys.executable, "-m", "rubric_core", "resume", handle.run_id],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=PROCESS_TIMEOUT_S,
    )
    assert out.returncode == 0, out.stderr
    assert "status: satisfied" in out.stdout
    again = subprocess.run(
        [sys.executable, "-m", "rubric_core", "resume", handle.run_id],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
        timeout=PROCESS_TIMEOUT_S,
    )
    assert again.returncode == 2 and "nothing left to resume" in again.stderr


def test_export_batches_walk_every_run_once_across_equal_times(db_url: str, store: Store) -> None:
    from rubric_core.events import RunEvent

    cfg = {"task": "t", "rubric": "- a", "model": "offline:writer", "grader": "offline:grader"}
    times = {f"run-{i:02d}": 1000.0 + (i // 4) for i in range(11)}  # four runs share each second
    for run_id, at in reversed(times.items()):
        store.record(RunEvent(run_id=run_id, seq=0, type="run_started", at=at, data={"config": cfg, "mode": "start"}))
    batches = list(store.iter_run_ids(batch=3))
    assert [len(b) for b in batches] == [3, 3, 3, 2]
    assert [i for b in batches for i in b] == sorted(times, key=lambda i: (times[i], i))
    flt = RunFilter(ids=["run-01", "run-05", "run-09"])
    assert [i for b in store.iter_run_ids(flt, batch=1) for i in b] == ["run-01", "run-05", "run-09"]


def test_nul_characters_in_model_text_are_stored(db_url: str, store: Store) -> None:
    """Model output is untrusted and may hold NUL: one rule for both stores, U+FFFD (PostgreSQL cannot hold NUL).

    Issue 21: SQLite used to keep the NUL while PostgreSQL replaced it, so the same run read differently.
    """
    import random

    from bench.seed import run_events

    run_id = "0" * 31 + "1"
    events = run_events(run_id, time.time(), iterations=2, criteria=2, rng=random.Random(3))
    for ev in events:
        if ev.type == "run_started":
            ev.data["config"]["task"] = "Write\x00 a task"
        elif ev.type == "draft":
            ev.data["text"] = "A draft\x00 with a NUL"
        elif ev.type == "evaluation":
            for c in ev.data["criteria"]:
                c["gap"] = "gap\x00"
    for ev in events:
        store.record(ev)
    nul = "\ufffd"
    run = store.get_run(run_id)
    assert run is not None and run["task"] == f"Write{nul} a task"
    assert [i["draft_text"] for i in store.iterations([run_id])] == [f"A draft{nul} with a NUL"] * 2
    assert {c["gap"] for c in store.criteria([run_id]) if not c["passed"]} <= {f"gap{nul}"}
    assert [e.type for e in store.run_events(run_id)] == [e.type for e in events]


@pytest.mark.parametrize("example", ["find-duplicates", "report", "haiku"])
def test_the_view_counts_the_same_tokens_as_the_store(example: str, engine: Engine, store: Store) -> None:
    # find-duplicates' working model calls tools: those turns' tokens were in the store's total (the Runs table)
    # but not in the view's (the run's banner, preview and Compare), so one run showed two token counts.
    from rubric_core.views.run_view import RunView

    run_id = engine.execute(example_config(example), subscribers=[store.record]).run_id
    events = store.run_events(run_id)
    if example == "find-duplicates":
        assert any(e.type == "tool_call" and (e.data.get("tokens") or {}) for e in events)  # what this is about
    view = RunView.from_events(run_id, events)
    assert view.tokens == store.get_run(run_id)["total_tokens"] > 0


def test_a_run_cancelled_while_drafting_counts_its_iterations_as_the_runs_table_does(
    db_url: str, store: Store, engine: Engine
) -> None:
    """The header said 15 iterations where the Runs table said 14: a draft the grader never saw is not an
    iteration in either; the header says it apart."""
    from rubric_core.views.run_view import RunView

    cancel = CancelAt("draft", 1)  # the second draft is written, and the run is cancelled before its grading
    handle = cancel.attach(engine.start(example_config("haiku"), subscribers=[store.record, cancel]))
    assert handle.wait(PROCESS_TIMEOUT_S) and handle.last.type == "cancelled"
    view = RunView.from_events(handle.run_id, store.run_events(handle.run_id))
    stored = store.get_run(handle.run_id)["iterations"]
    drafts = len(view.all_iterations())
    assert drafts == 2 and stored == 1, (drafts, stored)
    facts = view.facts()
    assert facts.startswith("1 iteration · ") and facts.endswith(" · 1 draft not graded"), facts
