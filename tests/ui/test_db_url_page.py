"""The pages never show a database URL's password (the store cannot be opened: the message names it masked)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cr3t-Pw-ui-77"


@pytest.mark.parametrize(
    "page", ["rubric_ui/app_pages/run.py", "rubric_ui/app_pages/runs.py", "rubric_ui/app_pages/export.py"]
)
def test_a_store_url_with_a_password_is_shown_masked(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUBRIC_STUDIO_DB_URL", f"postgresql://bob:{SECRET}@127.0.0.1:1/rubric")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    if page != "rubric_ui/app_pages/run.py":
        at.switch_page(page).run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert any("postgresql://bob:***@127.0.0.1:1/rubric" in e for e in errors), errors
    if page == "rubric_ui/app_pages/run.py":
        assert any("Store: `postgresql://bob:***@127.0.0.1:1/rubric`" in c.value for c in at.sidebar.caption)
    # The page stopped early and still drew the marker of a finished run that the browser tests wait for.
    assert any('class="rs-drawn"' in el.proto.body for el in at.get("html"))
    shown = [el.value for el in [*at.error, *at.markdown, *at.caption, *at.text, *at.info, *at.warning] if el.value]
    assert not [v for v in shown if SECRET in str(v)]
