"""AppTest of the Audit page (issue 33 item 14): run and suite-run ids are links, the detail column is in the table."""

from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.access import LOCAL_ACTOR, Target
from rubric_core.access.audit import record
from rubric_core.store import Store

ROOT = Path(__file__).resolve().parents[2]


def test_audit_ids_are_links_and_every_column_has_a_width(store: Store) -> None:
    run_id, suite_id = "a1" * 16, "b2" * 16
    record(store, LOCAL_ACTOR, "start", outcome="done", target=Target(run_id=run_id), detail="offline:writer")
    record(store, LOCAL_ACTOR, "start", outcome="done", target=Target(suite_run_id=suite_id), detail="a suite run")
    record(store, LOCAL_ACTOR, "rubric_save", outcome="done", target=Target(rubric_name="haiku"), detail="version 1")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/audit.py").run()
    assert not at.exception
    table = at.dataframe[0]
    frame = table.value
    assert list(frame["run"].dropna()) == [f"./?run={run_id}"]
    assert list(frame["suite run"].dropna()) == [f"./suites?suite={suite_id}"]
    config = json.loads(table.proto.columns)
    assert config["run"]["type_config"]["type"] == "link" and config["suite run"]["type_config"]["type"] == "link"
    # Widths that fit the page at 1440 px (1,060 px beside the sidebar), the detail among them.
    widths = {name: c.get("width") for name, c in config.items() if not c.get("hidden")}
    assert "detail" in widths and all(isinstance(w, int) for w in widths.values()), widths
    assert sum(widths.values()) <= 1060, widths
