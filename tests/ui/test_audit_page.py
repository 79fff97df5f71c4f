"""AppTest of the Audit page (issue 33 item 14, issue 40 item 8): run and suite-run ids are links; every column, the
detail and the roles among them, is whole (a table whose cells wrap, not a grid that cut them at 1440 px)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.access import LOCAL_ACTOR, Target
from rubric_core.access.audit import record
from rubric_core.store import Store

ROOT = Path(__file__).resolve().parents[2]
LONG = "proposal 7a7d86263ceb as version 2 (the threshold of 'At most 150 words' fitted to 18 reviewed drafts)"


def test_audit_ids_are_links_and_no_column_is_cut(store: Store) -> None:
    run_id, suite_id = "a1" * 16, "b2" * 16
    record(store, LOCAL_ACTOR, "start", outcome="done", target=Target(run_id=run_id), detail="offline:writer")
    record(store, LOCAL_ACTOR, "start", outcome="done", target=Target(suite_run_id=suite_id), detail="a suite run")
    record(store, LOCAL_ACTOR, "accept", outcome="done", target=Target(rubric_name="haiku"), detail=LONG)
    record(
        store, LOCAL_ACTOR, "rubric_save", outcome="done", target=Target(rubric_name="<b>x</b>"), detail="<img src=x>"
    )
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/audit.py").run()
    assert not at.exception
    table = next(h.proto.body for h in at.get("html") if 'class="rs-audit"' in h.proto.body)
    assert f'href="./?run={run_id}"' in table and f'href="./suites?suite={suite_id}"' in table
    # Whole, in cells that wrap: the long detail and every role of the local user (admin, author, ...).
    assert f"<td>{LONG.replace(chr(39), '&#x27;')}</td>" in table and "overflow-wrap:anywhere" in table
    assert "admin, " in table and "table-layout:fixed" in table
    # Text from a person (or an ID token) is text.
    assert "<img src=x>" not in table and "&lt;img src=x&gt;" in table and "rubric &lt;b&gt;x&lt;/b&gt;" in table
