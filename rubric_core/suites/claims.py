"""Exactly one run per suite cell: a cell is claimed in the store before its run starts (migration 44).

Whatever queues a cell (a suite run's start, a resume of the whole run or of one column joining a live matrix,
another process resuming the same suite run), the cell runs only under a claim: one INSERT on the cell's primary
key, so a second claim, from this process or another, is refused, atomically on SQLite and PostgreSQL alike. The
claim holder then reads the cell as the store has it now (not as it was queued): a cell that got its result in
the meantime is not run again, and a cell whose run stopped is resumed, never started anew. The claim goes when
the cell's run ends; one left by a process that died is taken over (its holder is checked as a run's worker is).
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Any

from rubric_core.store import Store
from rubric_core.store.liveness import this_worker, worker_alive
from rubric_core.store.sql import text

NO_COLUMN = -1
"""The claim's column_index for a one-column suite run's item."""


@dataclass(frozen=True)
class CellClaim:
    """A cell this process holds: it alone may start or resume the cell's run until `release_cell`."""

    suite_run_id: str
    position: int
    column: int | None
    token: str


def _key(claim_or_column: int | None) -> int:
    return NO_COLUMN if claim_or_column is None else int(claim_or_column)


def claim_cell(store: Store, suite_run_id: str, position: int, column: int | None) -> CellClaim | None:
    """Claim a cell; None when another holder (in this process or a live other one) has it."""
    token = uuid.uuid4().hex
    where = {"s": suite_run_id, "p": position, "c": _key(column)}
    with store.engine.connect().execution_options(write=True) as conn, conn.begin():
        inserted = conn.execute(
            text(
                "INSERT INTO suite_claims (suite_run_id, position, column_index, token, worker, claimed_at) "
                "VALUES (:s, :p, :c, :t, :w, :at) ON CONFLICT (suite_run_id, position, column_index) DO NOTHING"
            ),
            {**where, "t": token, "w": this_worker(), "at": time.time()},
        ).rowcount
        if not inserted:
            held = conn.execute(
                text(
                    "SELECT token, worker, claimed_at FROM suite_claims "
                    "WHERE suite_run_id = :s AND position = :p AND column_index = :c"
                ),
                where,
            ).first()
            if held is None or worker_alive(str(held[1]), held[2]):
                return None
            # Its holder died with the claim: taken over only if no one else took it first (same old token).
            taken = conn.execute(
                text(
                    "UPDATE suite_claims SET token = :t, worker = :w, claimed_at = :at WHERE suite_run_id = :s "
                    "AND position = :p AND column_index = :c AND token = :old"
                ),
                {**where, "t": token, "w": this_worker(), "at": time.time(), "old": held[0]},
            ).rowcount
            if not taken:
                return None
    return CellClaim(suite_run_id, position, column, token)


def release_cell(store: Store, claim: CellClaim) -> None:
    """Give a cell back (its run ended, or it was not to run); only the holder's own claim is removed."""
    with store.engine.connect().execution_options(write=True) as conn, conn.begin():
        conn.execute(
            text(
                "DELETE FROM suite_claims WHERE suite_run_id = :s AND position = :p AND column_index = :c "
                "AND token = :t"
            ),
            {"s": claim.suite_run_id, "p": claim.position, "c": _key(claim.column), "t": claim.token},
        )


def cell_now(store: Store, suite_run_id: str, position: int, column: int | None) -> dict[str, Any] | None:
    """The cell as the store has it now (as `suite_cells` reads a cell), None if the suite run has no such cell."""
    from rubric_core.suites.suite_store import suite_cells

    found = suite_cells(store, suite_run_id, position=position, column=column)
    return found[0] if found else None


def claimed_cells(store: Store, suite_run_id: str) -> list[tuple[int, int | None, str]]:
    """The cells of a suite run held now: (position, column or None, holder's process)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT position, column_index, worker FROM suite_claims WHERE suite_run_id = :s "
                "ORDER BY position, column_index"
            ),
            {"s": suite_run_id},
        ).all()
    return [(int(p), None if int(c) == NO_COLUMN else int(c), str(w)) for p, c, w in rows]
