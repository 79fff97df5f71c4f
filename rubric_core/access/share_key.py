"""Which key share links are signed with: a configured one, or one this dashboard made for itself.

A team server configures `[share] signing_key` (the same on every dashboard), or has sign-in, whose `[auth]
cookie_secret` serves. A local dashboard without sign-in has neither: it makes a random secret on the first link
and keeps it in its data directory (RUBRIC_STUDIO_HOME), readable by its owner only (0600), so links work out of
the box and keep working after a restart. The secret is never stored in the database, logged or shown.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from rubric_core.access.share import MIN_SECRET_CHARS, ShareConfigError, signing_key

KEY_FILE = "share-signing-key"
"""The generated secret's file name in the data directory."""
OWNER_ONLY = 0o600

KeySource = Literal["configured", "sign-in", "generated"]


@dataclass(frozen=True)
class ShareKey:
    """The key links are signed with, and where its secret comes from (the page says so)."""

    key: bytes
    """Derived from the secret (share.signing_key): never the secret itself."""
    source: KeySource
    """`[share] signing_key`, sign-in's `[auth] cookie_secret`, or the secret this dashboard generated."""
    path: Path | None = None
    """Where the generated secret is kept (None for a configured one)."""


def key_file(home: Path) -> Path:
    """Where a dashboard without a configured key keeps the secret it generated."""
    return home / KEY_FILE


def share_key(
    share_secret: str | None, cookie_secret: str | None, *, home: Path | None, create: bool = False
) -> ShareKey | None:
    """The key share links are signed and checked with.

    A configured `share_secret` (`[share] signing_key`) comes first, then `cookie_secret` (sign-in's). Without
    either, `home` is the data directory of a dashboard without sign-in: its generated secret is read from there,
    and made there first when `create` (the first link); None when it has none yet (no link can exist). `home`
    None (sign-in is on) with nothing configured is a ShareConfigError saying what to set.
    """
    if (share_secret or "").strip():
        return ShareKey(signing_key(share_secret, None), "configured")
    if (cookie_secret or "").strip():
        return ShareKey(signing_key(None, cookie_secret), "sign-in")
    if home is None:  # sign-in is on and nothing is configured: signing_key says what to set
        return ShareKey(signing_key(share_secret, cookie_secret), "configured")
    path = key_file(home)
    secret = _read(path)
    if secret is None:
        if not create:
            return None
        secret = _make(path)
    return ShareKey(signing_key(secret, None), "generated", path)


def _read(path: Path) -> str | None:
    """The generated secret, or None when there is none; its permissions are put back to owner-only."""
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # none yet (a home in the way is said when one is made)
        return None
    except OSError as exc:
        raise _unusable(path, exc.strerror or str(exc)) from exc
    if not stat.S_ISREG(mode):
        raise _unusable(path, "it is not a file")
    try:
        if stat.S_IMODE(mode) != OWNER_ONLY:
            os.chmod(path, OWNER_ONLY)  # only its owner may read a secret that signs links
        secret = path.read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise _unusable(path, exc.strerror or str(exc)) from exc
    if len(secret) < MIN_SECRET_CHARS:
        raise _unusable(path, f"it holds fewer than {MIN_SECRET_CHARS} characters")
    return secret


def _make(path: Path) -> str:
    """A new random secret in `path` (0600), written whole before it appears: a dashboard starting its first link
    at the same moment reads one secret or the other's, never half of one."""
    secret = secrets.token_urlsafe(32)
    temp = path.with_name(f".{KEY_FILE}.{uuid.uuid4().hex}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(secret + "\n")
        os.chmod(temp, OWNER_ONLY)  # whatever the umask
        try:
            os.link(temp, path)  # fails if another process made it first: theirs is the key
        except FileExistsError:
            found = _read(path)
            if found is not None:
                return found
            os.replace(temp, path)
    except OSError as exc:
        msg = (
            f"Share links need a signing key, and this dashboard cannot keep one in {path} "
            f"({exc.strerror or exc}). Make {path.parent} writable, or set signing_key under [share] in "
            ".streamlit/secrets.toml."
        )
        raise ShareConfigError(msg) from exc
    finally:
        with contextlib.suppress(OSError):
            temp.unlink()
    return secret


def _unusable(path: Path, why: str) -> ShareConfigError:
    return ShareConfigError(
        f"The share links' signing key in {path} cannot be used: {why}. Delete the file and the next link makes a "
        "new one (links made with the old one stop opening), or set signing_key under [share] in "
        ".streamlit/secrets.toml."
    )
