"""Which runs' reviews the assistant may learn from, and which it holds out to prove its edits on.

The split is by run (every reviewed cell of a run falls on one side: a draft seen while proposing is never
used to score the proposal), decided by a hash of the rubric's seed and the run id. The seed and the
held-out share are stored per rubric name on first use, so a diagnosis, its proposals and their proofs all
use the same split, and a review added later falls on a side that never changes.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass

from rubric_core.store import Store
from rubric_core.store.sql import text, transaction_lock

HELD_OUT = 0.5
"""The share of runs whose reviews are held out for proofs (the rest the proposer may read)."""


@dataclass(frozen=True)
class Split:
    """A rubric's split of its reviewed runs."""

    seed: int
    held_out: float

    def holds_out(self, run_id: str) -> bool:
        """Whether this run's reviews are held out (used only to score proposals, never to make them)."""
        digest = hashlib.sha256(f"{self.seed}:{run_id}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 < self.held_out


def split_of(store: Store, name: str, *, seed: int | None = None) -> Split:
    """The stored split of rubric `name`, created (with `seed`, or a random one) on first use."""
    with store._write() as conn, conn.begin():
        transaction_lock(conn, f"rubric-split:{name}")
        row = conn.execute(text("SELECT seed, held_out FROM rubric_splits WHERE rubric_name = :n"), {"n": name}).first()
        if row is not None:
            return Split(int(row[0]), float(row[1]))
        chosen = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        conn.execute(
            text("INSERT INTO rubric_splits (rubric_name, seed, held_out, created_at) VALUES (:n, :s, :h, :c)"),
            {"n": name, "s": chosen, "h": HELD_OUT, "c": time.time()},
        )
        return Split(chosen, HELD_OUT)
