"""One click, one run (migration 33): each start of a run from a page claims the click's token in the store.

A page draws its Start button with a fresh token; the start that brings the token first claims it for the
run it is about to start. The same click delivered again (a rerun replayed, a message sent twice) brings the
same token and finds it claimed, so it starts nothing and is shown the run the click started. The claim is
one INSERT on the token's primary key, so two deliveries racing in two processes cannot both win.
"""

from __future__ import annotations

import time

from rubric_core.store.store import Store, text

TOKEN_MAX = 64
"""A token is at most this long (a page's tokens are 32 hex characters)."""


def claim_start(store: Store, token: str, run_id: str) -> str:
    """Claim `token` for `run_id`; the run id that holds it: `run_id` when claimed now, an earlier one otherwise."""
    if not token or len(token) > TOKEN_MAX:
        msg = f"A start's click token is 1 to {TOKEN_MAX} characters long."
        raise ValueError(msg)
    with store._write() as conn, conn.begin():
        conn.execute(
            text("INSERT INTO start_clicks (token, run_id, at) VALUES (:t, :r, :at) ON CONFLICT (token) DO NOTHING"),
            {"t": token, "r": run_id, "at": time.time()},
        )
        row = conn.execute(text("SELECT run_id FROM start_clicks WHERE token = :t"), {"t": token}).first()
    return str(row[0]) if row is not None else run_id


def release_start(store: Store, token: str, run_id: str) -> None:
    """Give a token back when the run it was claimed for could not be started (the click may be tried again)."""
    with store._write() as conn, conn.begin():
        conn.execute(text("DELETE FROM start_clicks WHERE token = :t AND run_id = :r"), {"t": token, "r": run_id})
