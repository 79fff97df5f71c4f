"""The Export page: the pairs checkbox, and a Parquet zip that keeps one folder per frame."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import RunFilter, Store
from tests.core.helpers import example_config

ROOT = Path(__file__).resolve().parents[2]


def _ready_count(at: AppTest) -> int:
    found = [re.search(r"Ready: ([\d,]+) records?", s.value) for s in at.success]
    counts = [int(m.group(1).replace(",", "")) for m in found if m]
    assert counts, [s.value for s in at.success]
    return counts[0]


def test_pairs_improved_by_default_all_with_the_checkbox(store: Store, engine: Engine) -> None:
    for name in ("haiku", "lipogram", "report"):
        engine.execute(example_config(name), subscribers=[store.record])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/export.py").run()
    at.selectbox(key="export_format").set_value("pairs").run()
    assert not at.checkbox(key="export_all_pairs").value
    at.button(key="export_go").click().run()
    improved = _ready_count(at)
    at.checkbox(key="export_all_pairs").check().run()
    assert not [s for s in at.success if "Ready" in s.value]  # the prepared file was for the other choice
    at.button(key="export_go").click().run()
    every = _ready_count(at)
    assert every == sum(r["iterations"] - 1 for r in store.list_runs()) and 0 < improved < every
    assert not at.exception


def test_parquet_download_keeps_a_folder_per_frame(store: Store, engine: Engine, monkeypatch) -> None:
    from rubric_ui.screens import export as page_export

    engine.execute(example_config("haiku"), subscribers=[store.record])
    monkeypatch.setattr(page_export, "store_or_stop", lambda: store)
    data, summary, _ = page_export._build("parquet", RunFilter(), False, "")
    assert summary == "1 record"
    names = sorted(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert names == ["criteria/criteria.parquet", "iterations/iterations.parquet", "runs/runs.parquet"]


def test_filters_match_as_on_the_runs_page_any_case_anywhere(store: Store, engine: Engine) -> None:
    """Model and tag had been exact ("writer" and "bike" found nothing) while the Runs page found them."""
    first = engine.execute(example_config("haiku"), subscribers=[store.record])
    engine.execute(example_config("lipogram"), subscribers=[store.record])
    store.set_tags(first.run_id, ["Bike-Lock"])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/export.py").run()

    def matches() -> str:
        return next(c.value for c in at.caption if " match" in c.value)

    assert matches() == "2 runs match."
    at.text_input(key="export_model").set_value("WRITER").run()
    assert matches() == "2 runs match."
    at.text_input(key="export_tag").set_value("bike").run()
    assert matches() == "1 run matches."
    at.text_input(key="export_tag").set_value("").run()
    at.text_input(key="export_search").set_value("HAIKU").run()
    assert matches() == "1 run matches.", "the haiku example's task names a haiku"
    assert not at.exception


def test_a_prepared_file_belongs_to_its_filter_and_is_withdrawn_when_the_filter_changes(
    store: Store, engine: Engine
) -> None:
    """Issue 33 item 3: prepared for "bike", the filter changed to "haiku": the page said "1 run matches" next to
    "Ready: 2 records", and the download held the bike runs. Changing the filter now withdraws the file."""
    ids = [engine.execute(example_config(n), subscribers=[store.record]).run_id for n in ("haiku", "lipogram")]
    store.set_tags(ids[0], ["bike"])
    store.set_tags(ids[1], ["bike-lock"])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/export.py").run()
    at.text_input(key="export_tag").set_value("bike").run()
    at.button(key="export_go").click().run()
    assert _ready_count(at) == 2
    assert at.get("download_button")
    at.text_input(key="export_search").set_value("haiku").run()
    assert next(c.value for c in at.caption if " match" in c.value) == "1 run matches."
    assert not [s for s in at.success if "Ready" in s.value], "the bike file is withdrawn"
    assert not at.get("download_button")
    assert any("prepare it again" in c.value for c in at.caption)
    at.button(key="export_go").click().run()
    assert _ready_count(at) == 1
    # Back to the first filter: the file made for the second one is withdrawn too (never offered for "bike").
    at.text_input(key="export_search").set_value("").run()
    assert not at.get("download_button")
    assert not at.exception


def test_a_file_prepared_from_the_runs_selection_is_withdrawn_when_the_selection_changes(
    store: Store, engine: Engine
) -> None:
    from rubric_ui.session.state import SELECTION

    ids = [engine.execute(example_config(n), subscribers=[store.record]).run_id for n in ("haiku", "lipogram")]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state[SELECTION] = [ids[0]]
    at.run()
    at.switch_page("rubric_ui/app_pages/export.py").run()
    at.button(key="export_go").click().run()
    assert _ready_count(at) == 1
    at.session_state[SELECTION] = ids
    at.run()
    assert not at.get("download_button")


def test_rubric_version_is_a_select_with_any_and_the_file_is_named_by_what_and_when(
    store: Store, engine: Engine
) -> None:
    """Issue 40 item 8: "Rubric version (0 = any)" was a number; every file was "rubric-studio-<format>"."""
    engine.execute(example_config("haiku", rubric_name="haiku"), subscribers=[store.record])
    engine.execute(example_config("lipogram"), subscribers=[store.record])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/export.py").run()
    assert not [n for n in at.number_input if n.key == "export_version"]
    anyv = at.selectbox(key="export_version_(any)")
    assert anyv.label == "Rubric version" and anyv.options == ["any version"] and anyv.disabled
    at.selectbox(key="export_rubric").set_value("haiku").run()
    version = at.selectbox(key="export_version_haiku")
    assert version.options == ["any version", "v1"] and not version.disabled
    version.set_value(1).run()
    assert any("1 run matches" in str(c.value) for c in at.caption)
    at.button(key="export_go").click().run()
    assert not at.exception
    ready = next(str(s.value) for s in at.success if "Ready" in str(s.value))
    assert re.search(r"as rubric-studio_haiku-v1_\d{4}-\d{2}-\d{2}_\d{4}\.jsonl", ready), ready
