"""The audit trail (table `audit_log`, migration 8): who did what, to which run, rubric or suite run, and when.

Rows are only ever added. A refused action is a row too (outcome `denied`). No secret is ever written
here: the detail says what was done in words (a tag list, an export format), never a key or a token.
"""

from __future__ import annotations

import csv
import io
import json
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from rubric_core.access.permissions import Actor
from rubric_core.store.sql import text
from rubric_core.store.store import Store

Outcome = Literal["done", "denied"]
COLUMNS = ("at", "actor", "actor_name", "roles", "action", "outcome", "run_id", "rubric_name", "suite_run_id", "detail")
"""The columns an audit row is shown and exported with (its random id left out), in order."""
DETAIL_LIMIT = 2000
"""Longer details are cut: the trail says what was done, it does not copy a note or a rubric."""


@dataclass(frozen=True)
class Target:
    """What an action was done to (any part may be empty)."""

    run_id: str = ""
    rubric_name: str = ""
    suite_run_id: str = ""


@dataclass(frozen=True)
class AuditFilter:
    """Which audit rows to read (every field optional)."""

    actor: str | None = None
    """Exact actor id (an email, 'local', 'cli:NAME', 'share:ID')."""
    action: str | None = None
    outcome: str | None = None
    run_id: str | None = None
    since: float | None = None
    until: float | None = None

    def where(self) -> tuple[str, dict[str, Any]]:
        """The SQL condition and its parameters."""
        parts, params = ["1=1"], {}
        for column in ("actor", "action", "outcome", "run_id"):
            value = getattr(self, column)
            if value:
                parts.append(f"{column} = :{column}")
                params[column] = value
        if self.since is not None:
            parts.append("at >= :since")
            params["since"] = self.since
        if self.until is not None:
            parts.append("at <= :until")
            params["until"] = self.until
        return " AND ".join(parts), params


def record(
    store: Store,
    actor: Actor,
    action: str,
    *,
    outcome: Outcome = "done",
    target: Target | None = None,
    detail: str = "",
) -> dict[str, Any]:
    """Append one row; returns it."""
    target = target or Target()
    row = {
        "id": uuid.uuid4().hex,
        "at": time.time(),
        "actor": actor.id,
        "actor_name": actor.name,
        "roles": ",".join(actor.role_list),
        "action": action,
        "outcome": outcome,
        "run_id": target.run_id,
        "rubric_name": target.rubric_name,
        "suite_run_id": target.suite_run_id,
        "detail": detail[:DETAIL_LIMIT],
    }
    with store._write() as conn, conn.begin():
        conn.execute(
            text(
                "INSERT INTO audit_log (id, at, actor, actor_name, roles, action, outcome, run_id, rubric_name, "
                "suite_run_id, detail) VALUES (:id, :at, :actor, :actor_name, :roles, :action, :outcome, :run_id, "
                ":rubric_name, :suite_run_id, :detail)"
            ),
            row,
        )
    return row


def list_audit(store: Store, flt: AuditFilter | None = None, *, limit: int = 100, offset: int = 0) -> list[dict]:
    """Audit rows, newest first."""
    where, params = (flt or AuditFilter()).where()
    sql = f"SELECT * FROM audit_log WHERE {where} ORDER BY at DESC, id DESC LIMIT :limit OFFSET :offset"
    with store.engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(text(sql), {**params, "limit": limit, "offset": offset})]


def count_audit(store: Store, flt: AuditFilter | None = None) -> int:
    """How many rows match."""
    where, params = (flt or AuditFilter()).where()
    with store.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT COUNT(*) FROM audit_log WHERE {where}"), params).scalar() or 0)


def iter_audit(store: Store, flt: AuditFilter | None = None, *, batch: int = 1000) -> Iterator[dict]:
    """Every matching row, oldest first, a batch at a time (keyset paging: constant memory)."""
    where, params = (flt or AuditFilter()).where()
    last: tuple[float, str] | None = None
    while True:
        keyset = "" if last is None else " AND (at > :la OR (at = :la AND id > :li))"
        extra = {} if last is None else {"la": last[0], "li": last[1]}
        sql = f"SELECT * FROM audit_log WHERE {where}{keyset} ORDER BY at, id LIMIT :n"
        with store.engine.connect() as conn:
            rows = [dict(r._mapping) for r in conn.execute(text(sql), {**params, **extra, "n": batch})]
        yield from rows
        if len(rows) < batch:
            return
        last = (rows[-1]["at"], rows[-1]["id"])


def iso(at: float) -> str:
    """A stored time as an ISO 8601 UTC date-time (seconds)."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds")


def _shown(row: dict[str, Any]) -> dict[str, Any]:
    return {c: (iso(row[c]) if c == "at" else row[c]) for c in COLUMNS}


_FORMULA_LEAD = ("=", "+", "-", "@", "\t", "\r")


def export_audit(store: Store, fmt: Literal["csv", "jsonl"], flt: AuditFilter | None = None) -> tuple[bytes, int]:
    """The matching rows as CSV or JSON lines, oldest first; returns the bytes and the row count.

    CSV cells that a spreadsheet would run as a formula get a leading ' (as the run exports do): an actor's
    name comes from an ID token, which the person may have chosen.
    """
    out = io.StringIO()
    count = 0
    if fmt == "csv":
        writer = csv.DictWriter(out, fieldnames=list(COLUMNS), lineterminator="\n")
        writer.writeheader()
        for row in iter_audit(store, flt):
            shown = _shown(row)
            writer.writerow(
                {k: ("'" + v if isinstance(v, str) and v.startswith(_FORMULA_LEAD) else v) for k, v in shown.items()}
            )
            count += 1
    else:
        for row in iter_audit(store, flt):
            out.write(json.dumps(_shown(row), ensure_ascii=False) + "\n")
            count += 1
    return out.getvalue().encode("utf-8"), count
