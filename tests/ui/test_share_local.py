"""Issue 40 item 5: on a local dashboard without sign-in, a share link is one click away (no secrets.toml to edit).

The first link makes this dashboard's signing key in its data directory (0600) and the page says where; the link
opens the run's Present view, and a changed or revoked link does not.
"""

from __future__ import annotations

import stat
from pathlib import Path

from rubric_core.access.share_key import KEY_FILE
from rubric_core.engine import Engine
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.test_pages import app, texts
from tests.ui.test_runs_list import RUNS, _tick


def test_a_local_dashboard_creates_a_working_share_link_and_says_where_its_key_is(
    store: Store, engine: Engine, home: Path
) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    at = app(RUNS)
    _tick(at, 0)
    said = texts(at)
    assert "Share links need a signing key" not in said
    assert "The first link makes this dashboard's signing key" in said
    assert not (home / KEY_FILE).exists()  # looking makes nothing

    at.button(key=f"share_create_{run_id}").click().run()
    assert not at.exception
    key_file = home / KEY_FILE
    assert key_file.is_file() and stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert f"kept in `{key_file}`" in texts(at)  # the path as it is (no Markdown escapes in a code span)
    (code,) = [c.value for c in at.code if "?share=" in c.value]
    token = code.split("?share=", 1)[1]
    assert key_file.read_text(encoding="utf-8").strip() not in texts(at)  # the secret itself is never shown

    guest = app(share=token)
    assert not guest.exception
    assert "A read-only view of one run" in texts(guest)
    assert "spring" in texts(guest).lower()

    tampered = app(share=token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB"))
    assert "This share link is not valid" in texts(tampered)

    revoke = next(b for b in at.button if str(b.key).startswith("share_revoke_"))
    revoke.click().run()
    assert "This share link was revoked on" in texts(app(share=token))
