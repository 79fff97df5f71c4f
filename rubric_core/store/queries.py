"""Reading runs: the history page's paging and counting, export's keyset batches, events, iterations, criteria."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from sqlalchemy.engine import Connection

from rubric_core.events import RunEvent
from rubric_core.store.base import StoreBase
from rubric_core.store.filters import RunFilter
from rubric_core.store.sql import dict_rows, text


def _loads(value: str | None, default: Any) -> Any:
    if not value:
        return default
    return json.loads(value)


class RunQueries(StoreBase):
    """Read-only queries over runs and their rows (every page and export reads through these)."""

    def run_totals(self, run_id: str) -> dict[str, Any]:
        """Tokens and working time stored for a run so far (every part and turn)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                text("SELECT input_tokens, output_tokens, total_tokens, wall_time_s FROM runs WHERE id = :r"),
                {"r": run_id},
            ).first()
        if row is None:
            return {"tokens": {}, "wall_time_s": 0.0}
        return {
            "tokens": {"input_tokens": int(row[0]), "output_tokens": int(row[1]), "total_tokens": int(row[2])},
            "wall_time_s": float(row[3] or 0.0),
        }

    def list_runs(self, flt: RunFilter | None = None, *, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        """Runs, newest first, with their tags; `status` reads `interrupted` for dead running runs."""
        flt = flt or RunFilter()
        where, params = flt.where()
        sql = (
            "SELECT r.id, r.created_at, r.finished_at, r.status, r.task, r.rubric_name, r.rubric_version, r.model, "
            "r.grader, r.iterations, r.turns, r.total_tokens, r.wall_time_s, r.note, r.worker, r.heartbeat_at, "
            "r.error, r.imported_from, r.agent "
            f"FROM runs r WHERE {where} ORDER BY r.created_at DESC, r.id DESC LIMIT :limit OFFSET :offset"
        )
        with self.engine.connect() as conn:
            rows = dict_rows(conn.execute(text(sql), {**params, "limit": limit, "offset": offset}))
            tags = self._tags_for(conn, [r["id"] for r in rows])
        for r in rows:
            r["status"] = self._status(r)
            r["tags"] = tags.get(r["id"], [])
        if "interrupted" in flt.statuses and "running" not in flt.statuses:
            rows = [r for r in rows if r["status"] == "interrupted"]
        elif "running" in flt.statuses and "interrupted" not in flt.statuses:
            rows = [r for r in rows if r["status"] != "interrupted"]
        return rows

    def count_runs(self, flt: RunFilter | None = None) -> int:
        """How many runs match (interrupted counted with running)."""
        where, params = (flt or RunFilter()).where()
        with self.engine.connect() as conn:
            return int(conn.execute(text(f"SELECT COUNT(*) FROM runs r WHERE {where}"), params).scalar() or 0)

    def iter_run_ids(self, flt: RunFilter | None = None, *, batch: int = 500) -> Iterator[list[str]]:
        """Matching run ids in batches, oldest first (keyset paging: constant memory)."""
        where, params = (flt or RunFilter()).where()
        last_at, last_id = -1.0, ""
        while True:
            with self.engine.connect() as conn:
                rows = conn.execute(
                    text(
                        # A row-value comparison is an index range on (created_at, id): each batch
                        # starts where the last one ended instead of re-reading the runs before it.
                        f"SELECT r.id, r.created_at FROM runs r WHERE {where} AND (r.created_at, r.id) > (:la, :li) "
                        "ORDER BY r.created_at, r.id LIMIT :n"
                    ),
                    {**params, "la": last_at, "li": last_id, "n": batch},
                ).all()
            if not rows:
                return
            yield [r[0] for r in rows]
            last_id, last_at = rows[-1][0], rows[-1][1]

    @staticmethod
    def _tags_for(conn: Connection, ids: list[str]) -> dict[str, list[str]]:
        if not ids:
            return {}
        names = ", ".join(f":i{i}" for i in range(len(ids)))
        out: dict[str, list[str]] = {}
        for run_id, tag in conn.execute(
            text(f"SELECT run_id, tag FROM run_tags WHERE run_id IN ({names}) ORDER BY tag"),
            {f"i{i}": v for i, v in enumerate(ids)},
        ):
            out.setdefault(run_id, []).append(tag)
        return out

    def get_run(self, run_id: str) -> dict[str, Any] | None:
        """One run with its config, files and tags, or None."""
        runs = self.get_runs([run_id])
        return runs[0] if runs else None

    def get_runs(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Full rows of these runs (in the order given), config and files decoded."""
        if not run_ids:
            return []
        names = ", ".join(f":i{i}" for i in range(len(run_ids)))
        params = {f"i{i}": v for i, v in enumerate(run_ids)}
        with self.engine.connect() as conn:
            rows = {
                r["id"]: r for r in dict_rows(conn.execute(text(f"SELECT * FROM runs WHERE id IN ({names})"), params))
            }
            tags = self._tags_for(conn, list(rows))
        out = []
        for run_id in run_ids:
            row = rows.get(run_id)
            if row is None:
                continue
            row["config"] = _loads(row.pop("config_json"), {})
            row["final_files"] = _loads(row.pop("final_files_json"), {})
            row["status"] = self._status(row)
            row["tags"] = tags.get(run_id, [])
            out.append(row)
        return out

    def run_events(self, run_id: str) -> list[RunEvent]:
        """Every stored event of a run, in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq, type, at, data_json FROM events WHERE run_id = :r ORDER BY seq"), {"r": run_id}
            ).all()
        return [RunEvent(run_id=run_id, seq=s, type=t, at=a, data=json.loads(d)) for s, t, a, d in rows]

    def events_of_types(self, run_ids: list[str], types: tuple[str, ...]) -> dict[str, list[RunEvent]]:
        """The events of these types of many runs in one query, in order per run (exports read this)."""
        if not run_ids or not types:
            return {}
        ids = ", ".join(f":i{i}" for i in range(len(run_ids)))
        kinds = ", ".join(f":t{i}" for i in range(len(types)))
        params = {**{f"i{i}": v for i, v in enumerate(run_ids)}, **{f"t{i}": v for i, v in enumerate(types)}}
        out: dict[str, list[RunEvent]] = {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                text(
                    f"SELECT run_id, seq, type, at, data_json FROM events WHERE run_id IN ({ids}) "
                    f"AND type IN ({kinds}) ORDER BY run_id, seq"
                ),
                params,
            ).all()
            for r, s, t, a, d in rows:
                out.setdefault(r, []).append(RunEvent(run_id=r, seq=s, type=t, at=a, data=json.loads(d)))
        return out

    def events_since(self, run_id: str, seq: int) -> list[RunEvent]:
        """Events with a sequence number above `seq` (for live polling)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq, type, at, data_json FROM events WHERE run_id = :r AND seq > :s ORDER BY seq"),
                {"r": run_id, "s": seq},
            ).all()
        return [RunEvent(run_id=run_id, seq=s, type=t, at=a, data=json.loads(d)) for s, t, a, d in rows]

    def next_seq(self, run_id: str) -> int:
        """The sequence number the run's next event should take."""
        with self.engine.connect() as conn:
            value = conn.execute(text("SELECT MAX(seq) FROM events WHERE run_id = :r"), {"r": run_id}).scalar()
        return 0 if value is None else int(value) + 1

    def iterations(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Iteration rows of these runs, ordered, each with the grader tool calls of its pass (`grader_tools`) and the
        paths of its draft's files that came from disk (`disk_files`)."""
        from rubric_core.store.verdict_rows import read_tools

        rows = self._rows_for("iterations", run_ids, "run_id, turn, iteration")
        for row in rows:
            row["grader_tools"] = read_tools(row.pop("grader_tools_json", ""))
            disk = row.pop("disk_files_json", "")
            row["disk_files"] = [str(p) for p in json.loads(disk)] if disk else []
        return rows

    def criteria(self, run_ids: list[str]) -> list[dict[str, Any]]:
        """Criterion rows of these runs, ordered, each with its `verdict` and `check` (rubric_core/verdicts.py)."""
        from rubric_core.store.verdict_rows import decode_criterion

        return [decode_criterion(r) for r in self._rows_for("criteria", run_ids, "run_id, turn, iteration, position")]

    def final_verdicts(self, run_ids: list[str]) -> dict[str, list[str]]:
        """Run id -> the verdicts (pass / fail / n/a, in rubric order) of its last graded pass: what a run came to.

        Runs never graded are left out. One query for a page of runs (the criteria key starts with run, turn,
        iteration, so the later-pass check is an index probe).
        """
        from rubric_core.verdicts import verdict_of

        if not run_ids:
            return {}
        names = ", ".join(f":i{i}" for i in range(len(run_ids)))
        sql = (
            f"SELECT c.run_id, c.verdict, c.passed FROM criteria c WHERE c.run_id IN ({names}) AND NOT EXISTS ("
            "SELECT 1 FROM criteria d WHERE d.run_id = c.run_id AND (d.turn > c.turn OR (d.turn = c.turn AND "
            "d.iteration > c.iteration))) ORDER BY c.run_id, c.position"
        )
        out: dict[str, list[str]] = {}
        with self.engine.connect() as conn:
            for run_id, verdict, passed in conn.execute(text(sql), {f"i{i}": v for i, v in enumerate(run_ids)}):
                out.setdefault(str(run_id), []).append(verdict_of({"verdict": verdict, "passed": passed}))
        return out

    def _rows_for(self, table: str, run_ids: list[str], order: str) -> list[dict[str, Any]]:
        if not run_ids:
            return []
        names = ", ".join(f":i{i}" for i in range(len(run_ids)))
        with self.engine.connect() as conn:
            return dict_rows(
                conn.execute(
                    text(f"SELECT * FROM {table} WHERE run_id IN ({names}) ORDER BY {order}"),
                    {f"i{i}": v for i, v in enumerate(run_ids)},
                )
            )
