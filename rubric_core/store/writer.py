"""The event writer: each engine event becomes its rows (runs, iterations, criteria, events) in one transaction.

A crash loses at most the step in flight. On SQLite the hot path skips SQLAlchemy (one plain sqlite3 connection,
the same SQL); other databases write through SQLAlchemy, with the same statements.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from rubric_core.events import TERMINAL_EVENT_TYPES, RunEvent
from rubric_core.store.faults import DiskFullError, StoreUnreachableError, is_disk_full, is_store_unreachable
from rubric_core.store.liveness import this_worker
from rubric_core.store.raw_sqlite import RawConnection
from rubric_core.store.rubrics import RubricLibrary
from rubric_core.store.sql import greatest, text
from rubric_core.store.steer_rows import SteerRows, fork_columns
from rubric_core.store.verdict_rows import criterion_row


class EventWriter(SteerRows, RubricLibrary):
    """Records engine events (live or imported); a run's first event may add a rubric version to the library."""

    _raw: sqlite3.Connection | None
    _raw_lock: threading.Lock

    def subscriber(self) -> Callable[[RunEvent], None]:
        """A callback that records each engine event as it arrives."""
        return self.record

    def record(self, ev: RunEvent) -> None:
        """Write one event and its effect on runs / iterations / criteria, in one transaction.

        A full disk raises DiskFullError naming the database file, a database that stopped answering
        StoreUnreachableError naming it (URL masked); the run then stops as interrupted. A run's end
        that could not be written is written again once the database takes it (pending_ends.py).
        """
        if ev.type == "run_started":
            self.forget_end(ev.run_id)
        try:
            self._record(ev)
        except Exception as exc:
            if is_disk_full(exc):
                self._keep_end(ev)
                raise DiskFullError(self.path or self.display_url) from exc
            if is_store_unreachable(exc):
                self._keep_end(ev)
                raise StoreUnreachableError(self.path or self.display_url, exc) from exc
            raise

    def forget_end(self, run_id: str) -> None:
        """Stop trying to write the end of a run that starts again."""
        pending = getattr(self, "_pending_ends", None)
        if pending is not None:
            pending.forget(run_id)

    def _keep_end(self, ev: RunEvent) -> None:
        if ev.type not in TERMINAL_EVENT_TYPES or self.readonly:
            return
        from rubric_core.store.pending_ends import PendingEnds

        with self._known_lock:
            pending = getattr(self, "_pending_ends", None)
            if pending is None:
                pending = self._pending_ends = PendingEnds(self, this_worker)
        pending.keep(ev)

    @property
    def path(self) -> str:
        """The SQLite database file ('' for another database or an in-memory one)."""
        path = self.url.split(":///", 1)[1] if self._is_sqlite and ":///" in self.url else ""
        return "" if path == ":memory:" else path

    def _record(self, ev: RunEvent) -> None:
        if self._raw is not None:
            self._record_raw(ev)
            return
        for attempt in range(5):
            try:
                with self._write() as conn, conn.begin():
                    self._apply(conn, ev)
                return
            except OperationalError as exc:  # "database is locked" past the busy timeout
                if "locked" not in str(exc).lower() or attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))

    def _record_raw(self, ev: RunEvent) -> None:
        assert self._raw is not None
        with self._raw_lock:
            cur = self._raw.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                self._apply(RawConnection(cur), ev)  # type: ignore[arg-type]
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def _apply(self, conn: Connection, ev: RunEvent) -> None:
        handler = getattr(self, f"_on_{ev.type}", None)
        if ev.type == "run_started" or self._known(conn, ev.run_id):
            if handler is not None:
                handler(conn, ev)
            self._insert_event(conn, ev)
            with self._known_lock:
                self._known_runs.add(ev.run_id)

    def _known(self, conn: Connection, run_id: str) -> bool:
        # Events of a run this process already recorded skip the existence query (hot path).
        with self._known_lock:
            if run_id in self._known_runs:
                return True
        return self._run_exists(conn, run_id)

    @staticmethod
    def _insert_event(conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO events (run_id, seq, type, at, data_json) VALUES (:r, :s, :t, :a, :d) "
                "ON CONFLICT (run_id, seq) DO NOTHING"
            ),
            {"r": ev.run_id, "s": ev.seq, "t": ev.type, "a": ev.at, "d": json.dumps(ev.data, default=str)},
        )

    def _on_run_started(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        if d.get("inherited"):
            return  # a fork's copy of its parent's follow-up turn: the fork's own start made the row
        cfg = d["config"]
        worker = {"w": this_worker(), "h": ev.at, "id": ev.run_id}
        before = conn.execute(text("SELECT wall_time_s FROM runs WHERE id = :id"), {"id": ev.run_id}).first()
        with self._known_lock:
            base = float(before[0] or 0.0) if before is not None and d.get("mode") != "start" else 0.0
            self._parts[ev.run_id] = (base, ev.at)
        if d.get("mode") in ("start", "fork") or before is None:
            version = None
            fork = d.get("fork") or {}
            if fork:
                # A fork belongs to its parent's library rubric (an edited rubric is not saved as a new version).
                version = self._parent_rubric_version(conn, str(fork.get("parent_run", "")))
            elif cfg.get("rubric_name"):
                version = self._ensure_rubric_version(conn, cfg["rubric_name"], cfg["rubric"], ev.at)
            conn.execute(
                text(
                    "INSERT INTO runs (id, created_at, status, task, rubric, rubric_name, rubric_version, model, grader, "
                    "config_json, worker, heartbeat_at, agent, agent_factory, project_digest, step, parent_run, "
                    "forked_turn, forked_at, fork_json) VALUES (:id, :at, 'running', :task, :rubric, :rname, :rver, "
                    ":model, :grader, :cfg, :w, :h, :agent, :factory, :digest, :step, :parent, :fturn, :fat, :fjson)"
                ),
                {
                    **worker,
                    **_agent_columns(d),
                    **fork_columns(d),
                    "at": ev.at,
                    "task": cfg["task"],
                    "rubric": cfg["rubric"],
                    "rname": cfg.get("rubric_name", ""),
                    "rver": version,
                    "model": cfg["model"],
                    "grader": cfg["grader"],
                    "cfg": json.dumps(cfg),
                },
            )
        else:
            conn.execute(
                text(
                    "UPDATE runs SET status = 'running', finished_at = NULL, error = '', worker = :w, "
                    f"heartbeat_at = :h, turns = {greatest(conn.dialect.name)}(turns, :turns) WHERE id = :id"
                ),
                {**worker, "turns": int(d.get("turn", 0)) + 1},
            )
            if d.get("agent"):  # the project file may have changed since the last part: keep what ran last
                conn.execute(
                    text(
                        "UPDATE runs SET agent = :agent, agent_factory = :factory, project_digest = :digest WHERE id = :id"
                    ),
                    {**_agent_columns(d), "id": ev.run_id},
                )
            if d.get("mode") == "follow_up" and d.get("rubric"):  # the row holds the newest turn's rubric
                conn.execute(text("UPDATE runs SET rubric = :r WHERE id = :id"), {"r": d["rubric"], "id": ev.run_id})

    def _live_wall(self, ev: RunEvent) -> float | None:
        # The run's working time so far: earlier parts plus this part up to this event. Kept current
        # so a part that is killed (no terminal event) still counts up to its last stored step.
        with self._known_lock:
            part = self._parts.get(ev.run_id)
        return None if part is None else round(part[0] + max(0.0, ev.at - part[1]), 3)

    def _touch(self, conn: Connection, ev: RunEvent, tokens: dict[str, int] | None = None) -> None:
        # `turns` follows the drafts: a follow-up's run_started event is emitted before the engine
        # knows the turn number, so it cannot be trusted to count turns.
        tokens = {} if ev.data.get("inherited") else tokens or {}  # a fork's copy of its parent's step: not its spend
        conn.execute(
            text(
                "UPDATE runs SET heartbeat_at = :h, input_tokens = input_tokens + :i, "
                "output_tokens = output_tokens + :o, total_tokens = total_tokens + :t, "
                f"wall_time_s = COALESCE(:w, wall_time_s), turns = {greatest(conn.dialect.name)}(turns, :turns) "
                "WHERE id = :id"
            ),
            {
                "h": ev.at,
                "w": self._live_wall(ev),
                "id": ev.run_id,
                "turns": int(ev.data.get("turn", 0) or 0) + 1,
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
            },
        )

    @staticmethod
    def _key(ev: RunEvent) -> dict[str, Any]:
        return {"r": ev.run_id, "turn": int(ev.data.get("turn", 0)), "it": int(ev.data.get("iteration", 0))}

    def _on_draft(self, conn: Connection, ev: RunEvent) -> None:
        tokens = ev.data.get("tokens") or {}
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, draft_text, files_json, disk_files_json, draft_at, "
                "draft_tokens) VALUES (:r, :turn, :it, :d, :f, :disk, :at, :tok) ON CONFLICT (run_id, turn, iteration) "
                "DO UPDATE SET draft_text = excluded.draft_text, files_json = excluded.files_json, "
                "disk_files_json = excluded.disk_files_json, draft_at = excluded.draft_at, "
                "draft_tokens = iterations.draft_tokens + excluded.draft_tokens"
            ),
            {
                **self._key(ev),
                "d": ev.data.get("text", ""),
                "f": json.dumps(ev.data.get("files") or {}),
                "disk": json.dumps(ev.data["disk_files"]) if ev.data.get("disk_files") else "",
                "at": ev.at,
                "tok": int(tokens.get("total_tokens", 0) or 0),
            },
        )
        self._touch(conn, ev, tokens)

    def _on_tool_call(self, conn: Connection, ev: RunEvent) -> None:
        # The working model's tool-calling turns count in the iteration's draft tokens and the run's totals.
        tokens = ev.data.get("tokens") or {}
        if not tokens:
            return
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, draft_tokens) VALUES (:r, :turn, :it, :tok) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET "
                "draft_tokens = iterations.draft_tokens + excluded.draft_tokens"
            ),
            {**self._key(ev), "tok": int(tokens.get("total_tokens", 0) or 0)},
        )
        self._touch(conn, ev, tokens)

    def _on_grading_started(self, conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, grading_started_at, grading_run_id) "
                "VALUES (:r, :turn, :it, :at, :g) ON CONFLICT (run_id, turn, iteration) DO UPDATE SET "
                "grading_started_at = COALESCE(iterations.grading_started_at, excluded.grading_started_at), "
                "grading_run_id = excluded.grading_run_id"
            ),
            {**self._key(ev), "at": ev.at, "g": ev.data.get("grading_run_id") or ""},
        )

    def _on_evaluation(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        key = self._key(ev)
        tokens = d.get("tokens") or {}
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, result, explanation, unverified, graded_at, "
                "wall_time_s, input_tokens, output_tokens, total_tokens, grading_run_id, grader_tools_json) "
                "VALUES (:r, :turn, :it, :res, :ex, :u, :at, :w, :i, :o, :t, :g, :tools) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET result = excluded.result, "
                "explanation = excluded.explanation, unverified = excluded.unverified, graded_at = excluded.graded_at, "
                "wall_time_s = excluded.wall_time_s, input_tokens = excluded.input_tokens, "
                "output_tokens = excluded.output_tokens, total_tokens = excluded.total_tokens, "
                "grading_run_id = excluded.grading_run_id, grader_tools_json = excluded.grader_tools_json"
            ),
            {
                **key,
                "res": d["result"],
                "ex": d.get("explanation", ""),
                "u": int(bool(d.get("unverified"))),
                "at": ev.at,
                "w": d.get("wall_time_s"),
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
                "g": d.get("grading_run_id") or "",
                "tools": json.dumps(d["grader_tools"], ensure_ascii=False) if d.get("grader_tools") else "",
            },
        )
        conn.execute(text("DELETE FROM criteria WHERE run_id = :r AND turn = :turn AND iteration = :it"), key)
        rows = [{**key, **criterion_row(i, c)} for i, c in enumerate(d.get("criteria") or [])]
        if rows:
            conn.execute(
                text(
                    "INSERT INTO criteria (run_id, turn, iteration, position, name, passed, gap, verdict, check_json) "
                    "VALUES (:r, :turn, :it, :p, :n, :ok, :gap, :v, :chk)"
                ),
                rows,
            )
        if d.get("inherited"):
            tokens = {}  # a fork's copy of its parent's pass: the iteration keeps its cost, the fork's totals do not
        conn.execute(
            text(
                "UPDATE runs SET iterations = (SELECT COUNT(*) FROM iterations i WHERE i.run_id = :r AND "
                "i.result IS NOT NULL), heartbeat_at = :h, input_tokens = input_tokens + :i, "
                "output_tokens = output_tokens + :o, total_tokens = total_tokens + :t, "
                "wall_time_s = COALESCE(:w, wall_time_s) WHERE id = :r"
            ),
            {
                "r": ev.run_id,
                "h": ev.at,
                "w": self._live_wall(ev),
                "i": int(tokens.get("input_tokens", 0) or 0),
                "o": int(tokens.get("output_tokens", 0) or 0),
                "t": int(tokens.get("total_tokens", 0) or 0),
            },
        )

    def _on_feedback(self, conn: Connection, ev: RunEvent) -> None:
        conn.execute(
            text(
                "INSERT INTO iterations (run_id, turn, iteration, feedback_text) VALUES (:r, :turn, :it, :f) "
                "ON CONFLICT (run_id, turn, iteration) DO UPDATE SET feedback_text = excluded.feedback_text"
            ),
            {**self._key(ev), "f": ev.data.get("text", "")},
        )

    def _finish(self, conn: Connection, ev: RunEvent, status: str, **fields: Any) -> None:
        # A terminal event carries the run's working time over every part and turn (error events
        # carry none: the time stored so far stands).
        with self._known_lock:
            self._parts.pop(ev.run_id, None)
        sets = ", ".join(f"{k} = :{k}" for k in fields)
        wall = "wall_time_s = :wall" if "wall_time_s" in ev.data else "wall_time_s = wall_time_s + :wall"
        conn.execute(
            text(
                f"UPDATE runs SET status = :status, finished_at = :at, worker = '', "
                f"{wall}{', ' + sets if sets else ''} WHERE id = :id"
            ),
            {
                "status": status,
                "at": ev.at,
                "id": ev.run_id,
                "wall": float(ev.data.get("wall_time_s", 0) or 0),
                **fields,
            },
        )

    def _on_finished(self, conn: Connection, ev: RunEvent) -> None:
        d = ev.data
        self._finish(
            conn,
            ev,
            d["status"],
            final_output=d.get("final_output", ""),
            final_files_json=json.dumps(d.get("files") or {}),
        )

    def _on_error(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "error", error=ev.data.get("message", ""))

    def _on_cancelled(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "cancelled")

    def _on_interrupted(self, conn: Connection, ev: RunEvent) -> None:
        self._finish(conn, ev, "interrupted", error=ev.data.get("message", ""))
        spent = ev.data.get("unrecorded_tokens") or {}
        if spent:  # model calls of a step cut short: paid for, and done again on resume
            conn.execute(
                text(
                    "UPDATE runs SET input_tokens = input_tokens + :i, output_tokens = output_tokens + :o, "
                    "total_tokens = total_tokens + :t WHERE id = :id"
                ),
                {
                    "id": ev.run_id,
                    "i": int(spent.get("input_tokens", 0) or 0),
                    "o": int(spent.get("output_tokens", 0) or 0),
                    "t": int(spent.get("total_tokens", 0) or 0),
                },
            )


def _agent_columns(started: dict[str, Any]) -> dict[str, str]:
    """The runs table's agent columns from a run_started event ("" for the built-in deep agent)."""
    agent = started.get("agent") or {}
    return {
        "agent": str(agent.get("name", "")),
        "factory": str(agent.get("factory", "")),
        "digest": str(agent.get("digest", "")),
    }
