"""The rows of steering events: a run's pause, a decision taken there, a fork's columns (a mixin of EventWriter)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.events import RunEvent
from rubric_core.store.base import StoreBase
from rubric_core.store.sql import text


class SteerRows(StoreBase):
    """`paused` and `steered` events as rows; the fork's rubric version."""

    @staticmethod
    def _parent_rubric_version(conn: Connection, parent: str) -> int | None:
        row = conn.execute(text("SELECT rubric_version FROM runs WHERE id = :id"), {"id": parent}).first()
        return None if row is None or row[0] is None else int(row[0])

    def _on_paused(self, conn: Connection, ev: RunEvent) -> None:
        # Not an end: no finished_at. No worker: the pause holds none, so it never reads `interrupted`.
        with self._known_lock:
            self._parts.pop(ev.run_id, None)
        conn.execute(
            text(
                "UPDATE runs SET status = 'paused', worker = '', heartbeat_at = :h, "
                "wall_time_s = COALESCE(:w, wall_time_s) WHERE id = :id"
            ),
            {"h": ev.at, "w": ev.data.get("wall_time_s"), "id": ev.run_id},
        )

    def _on_steered(self, conn: Connection, ev: RunEvent) -> None:
        # What the person decided at a pause; the grader's verdicts stay as stored (overrides are review rows).
        d = ev.data
        if d.get("rubric") and not d.get("inherited"):
            conn.execute(text("UPDATE runs SET rubric = :r WHERE id = :id"), {"r": d["rubric"], "id": ev.run_id})
        if d.get("draft"):  # the draft graded is the edited one (the draft event keeps what the model wrote)
            conn.execute(
                text("UPDATE iterations SET draft_text = :d WHERE run_id = :r AND turn = :turn AND iteration = :it"),
                {**self._cell(ev), "d": d["draft"]},
            )

    @staticmethod
    def _cell(ev: RunEvent) -> dict[str, Any]:
        return {"r": ev.run_id, "turn": int(ev.data.get("turn", 0)), "it": int(ev.data.get("iteration", 0))}


def fork_columns(started: dict[str, Any]) -> dict[str, Any]:
    """The runs table's step and fork columns from a run_started event (a plain run: '' and NULLs)."""
    fork = started.get("fork") or {}
    what = {k: fork[k] for k in ("kind", "rubric", "draft", "feedback", "by") if fork.get(k)}
    return {
        "step": str(started.get("step") or ""),
        "parent": str(fork.get("parent_run") or ""),
        "fturn": int(fork["turn"]) if fork else None,
        "fat": int(fork["iteration"]) if fork else None,
        "fjson": json.dumps(what, ensure_ascii=False) if fork else "",
    }
