"""Issue 40 item 5: share links work out of the box on a local dashboard, and a configured key still rules.

Without `[share] signing_key` and without sign-in, the first link makes a random secret and keeps it in the data
directory with owner-only permissions; a team's configured key (or sign-in's cookie secret) is used as before.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from rubric_core.access import share
from rubric_core.access.share_key import KEY_FILE, share_key
from rubric_core.store import Store
from tests.core.helpers import example_config

CONFIGURED = "a-share-signing-key-configured-by-the-team"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_local_dashboard_makes_its_key_on_the_first_link_and_keeps_it_owner_only(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert share_key(None, None, home=home) is None  # no link yet: nothing is made by merely looking
    assert not (home / KEY_FILE).exists()
    made = share_key(None, None, home=home, create=True)
    assert made is not None and made.source == "generated" and made.path == home / KEY_FILE
    assert _mode(home / KEY_FILE) == 0o600
    secret = (home / KEY_FILE).read_text(encoding="utf-8").strip()
    assert len(secret) >= 32 and made.key != secret.encode()  # the key is derived, the secret never leaves the file
    again = share_key(None, None, home=home)  # a restart reads the same secret: its links keep working
    assert again is not None and again.key == made.key
    assert share_key(None, None, home=tmp_path / "another", create=True).key != made.key  # type: ignore[union-attr]


def test_the_generated_key_is_made_owner_only_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o000)
    try:
        share_key(None, None, home=tmp_path, create=True)
    finally:
        os.umask(old)
    assert _mode(tmp_path / KEY_FILE) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]  # no temporary file left beside it


def test_a_key_file_others_could_read_is_made_owner_only_again(tmp_path: Path) -> None:
    made = share_key(None, None, home=tmp_path, create=True)
    os.chmod(tmp_path / KEY_FILE, 0o644)
    assert share_key(None, None, home=tmp_path).key == made.key  # type: ignore[union-attr]
    assert _mode(tmp_path / KEY_FILE) == 0o600


def test_a_configured_key_or_sign_ins_secret_is_used_and_no_file_is_made(tmp_path: Path) -> None:
    configured = share_key(CONFIGURED, "a-cookie-secret-of-sign-in-0123456789", home=tmp_path, create=True)
    assert configured is not None and configured.source == "configured" and configured.path is None
    assert configured.key == share.signing_key(CONFIGURED, None)
    cookie = share_key(None, "a-cookie-secret-of-sign-in-0123456789", home=None, create=True)
    assert cookie is not None and cookie.source == "sign-in"
    assert not (tmp_path / KEY_FILE).exists()


def test_sign_in_without_a_key_says_what_to_configure() -> None:
    with pytest.raises(share.ShareConfigError, match=r"signing_key under \[share\]"):
        share_key(None, None, home=None, create=True)


def test_a_damaged_key_file_or_a_home_it_cannot_go_in_is_said_with_the_fix(tmp_path: Path) -> None:
    (tmp_path / KEY_FILE).write_text("short\n", encoding="utf-8")
    with pytest.raises(share.ShareConfigError, match=r"cannot be used: it holds fewer than 16 characters\. Delete"):
        share_key(None, None, home=tmp_path)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory", encoding="utf-8")
    with pytest.raises(share.ShareConfigError, match=r"cannot keep one in .*a-file/share-signing-key .*Make"):
        share_key(None, None, home=blocked, create=True)


def test_links_signed_with_the_generated_key_verify_tamper_expire_and_revoke(store: Store, engine, home: Path) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    key = share_key(None, None, home=home, create=True).key  # type: ignore[union-attr]
    link = share.create_link(store, key, run_id=run_id, created_by="local", expires_at=time.time() + 3600)
    assert share.check_token(store, key, link["token"]).status == "ok"
    assert share.check_token(store, key, link["token"][:-2] + "AA").status == "invalid"
    other = share_key(None, None, home=home / "elsewhere", create=True).key  # type: ignore[union-attr]
    assert share.check_token(store, other, link["token"]).status == "invalid"  # another dashboard's key
    assert share.check_token(store, key, link["token"], now=time.time() + 7200).status == "expired"
    share.revoke_link(store, link["id"], revoked_by="local")
    assert share.check_token(store, key, link["token"]).status == "revoked"
