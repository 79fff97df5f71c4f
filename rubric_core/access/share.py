"""Read-only share links to one run's Present view: signed, expiring, revocable.

A link is `?share=TOKEN`, TOKEN = `LINK_ID.EXPIRES.SIGNATURE`: an HMAC-SHA256 over the link id, the run
id and the expiry, keyed with a key derived from the dashboards' secrets (`[share] signing_key`, or else
`[auth] cookie_secret`). The store keeps a row per link (table `share_links`) so a link can be listed
and revoked; it never keeps the token or the key, so reading the database gives no working link.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import time
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from rubric_core.access.audit import iso
from rubric_core.store.sql import text
from rubric_core.store.store import Store

MIN_SECRET_CHARS = 16
EXPIRY_CHOICES: dict[str, float] = {"1 hour": 3600.0, "1 day": 86400.0, "7 days": 7 * 86400.0, "30 days": 30 * 86400.0}
"""The lifetimes a link can be created with (the longest is 30 days)."""
_TOKEN = re.compile(r"^([0-9a-f]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$")

ShareStatus = Literal["ok", "invalid", "expired", "revoked", "gone"]


class ShareConfigError(ValueError):
    """No usable signing key configured; the message says how to configure one."""


def signing_key(share_key: str | None, cookie_secret: str | None) -> bytes:
    """The key share tokens are signed with, derived from a configured secret (never the secret itself).

    `share_key` is `[share] signing_key` of secrets.toml; without it, `[auth] cookie_secret`. Every dashboard
    of a team must have the same one, or a link made on one does not open on another.
    """
    from rubric_core.redaction import register_secrets

    register_secrets([share_key, cookie_secret])  # wherever its secrets file was: never shown, logged or stored
    secret = (share_key or "").strip() or (cookie_secret or "").strip()
    if not secret:
        msg = (
            "Share links need a signing key: set signing_key under [share] in .streamlit/secrets.toml "
            "(or set up sign-in, whose [auth] cookie_secret is used), the same on every dashboard."
        )
        raise ShareConfigError(msg)
    if len(secret) < MIN_SECRET_CHARS:
        msg = f"The share signing key is too short: use at least {MIN_SECRET_CHARS} random characters."
        raise ShareConfigError(msg)
    return hmac.new(secret.encode("utf-8"), b"rubric-studio share links v1", hashlib.sha256).digest()


def _signature(key: bytes, link_id: str, run_id: str, expires: int) -> str:
    mac = hmac.new(key, f"share:v1:{link_id}:{run_id}:{expires}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def token_for(key: bytes, link: dict[str, Any]) -> str:
    """The token of a stored link (recomputed from its row and the key: tokens are not stored)."""
    expires = int(link["expires_at"])
    return f"{link['id']}.{expires}.{_signature(key, link['id'], link['run_id'], expires)}"


def create_link(store: Store, key: bytes, *, run_id: str, created_by: str, expires_at: float) -> dict[str, Any]:
    """Store a new link to `run_id` expiring at `expires_at` (a unix time); returns its row with its `token`."""
    row = {
        "id": uuid.uuid4().hex,
        "run_id": run_id,
        "created_by": created_by,
        "created_at": time.time(),
        "expires_at": float(int(expires_at)),
    }
    with store._write() as conn, conn.begin():
        if conn.execute(text("SELECT 1 FROM runs WHERE id = :r"), {"r": run_id}).first() is None:
            msg = f"No run {run_id} in the store: nothing to share."
            raise ValueError(msg)
        conn.execute(
            text(
                "INSERT INTO share_links (id, run_id, created_by, created_at, expires_at, revoked_at, revoked_by) "
                "VALUES (:id, :run_id, :created_by, :created_at, :expires_at, NULL, '')"
            ),
            row,
        )
    return {**row, "revoked_at": None, "revoked_by": "", "token": token_for(key, row)}


def revoke_link(store: Store, link_id: str, *, revoked_by: str) -> bool:
    """Mark a link revoked (from now on it says so); False if there was no such link or it was revoked already."""
    with store._write() as conn, conn.begin():
        changed = conn.execute(
            text("UPDATE share_links SET revoked_at = :at, revoked_by = :by WHERE id = :id AND revoked_at IS NULL"),
            {"at": time.time(), "by": revoked_by, "id": link_id},
        ).rowcount
    return bool(changed)


def list_links(store: Store, run_id: str) -> list[dict[str, Any]]:
    """A run's links, newest first (no tokens: see token_for)."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT * FROM share_links WHERE run_id = :r ORDER BY created_at DESC, id DESC"), {"r": run_id}
        )
        return [dict(r._mapping) for r in rows]


def get_link(store: Store, link_id: str) -> dict[str, Any] | None:
    """One link's row, or None."""
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT * FROM share_links WHERE id = :id"), {"id": link_id}).first()
    return None if row is None else dict(row._mapping)


@dataclass(frozen=True)
class ShareCheck:
    """What a token opens: the run when `status` is ok, else why not (`message`, shown to whoever opened it)."""

    status: ShareStatus
    message: str
    link_id: str = ""
    run_id: str = ""


_INVALID = "This share link is not valid. Check that it was copied whole, or ask for a new one."


def check_token(store: Store, key: bytes, token: str, *, now: float | None = None) -> ShareCheck:
    """Verify a token: its signature, its link's row, revocation and expiry, in that order."""
    found = _TOKEN.match((token or "").strip())
    if found is None:
        return ShareCheck("invalid", _INVALID)
    link_id, expires_text, signature = found.groups()
    link = get_link(store, link_id)
    if link is None:
        # A link whose run was deleted goes with it (ON DELETE CASCADE); a made-up id has no row either.
        return ShareCheck("gone", "This share link no longer opens anything: its run was deleted, or it never existed.")
    expected = _signature(key, link_id, link["run_id"], int(expires_text))
    if not hmac.compare_digest(expected, signature) or int(expires_text) != int(link["expires_at"]):
        return ShareCheck("invalid", _INVALID)
    if link["revoked_at"] is not None:
        return ShareCheck(
            "revoked", f"This share link was revoked on {iso(link['revoked_at'])} (UTC).", link_id, link["run_id"]
        )
    if (time.time() if now is None else now) >= link["expires_at"]:
        return ShareCheck(
            "expired", f"This share link expired on {iso(link['expires_at'])} (UTC).", link_id, link["run_id"]
        )
    return ShareCheck("ok", "", link_id, link["run_id"])
