"""AppTest of the matrix on the Suites page (issue 32 items 1 to 5): columns from the form, the matrix drawn as one
element from one payload, the view in the URL, two cells side by side, per-column measures, Cancel and Resume per
column, and two judges on the same drafts."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from rubric_core.config import RunConfig
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from tests.ui.test_suites_page import everything, suites_page, wait_suite

SMALL_IDS = ("poem-01", "poem-02", "poem-03")


def _dataset_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.jsonl"
    items = [i for i in example_dataset().items if i.id in SMALL_IDS]
    path.write_text("".join(json.dumps(i.to_dict()) + "\n" for i in items), encoding="utf-8")
    return path


def payload_of(at) -> dict:
    """The data of the page's one matrix element (a components v2 element: its JSON payload)."""
    found = [el for el in at.get("bidi_component")]
    assert len(found) == 1, f"one matrix element, found {len(found)}"
    return json.loads(found[0].proto.json)


def _matrix(store: Store, *, latency: str = "") -> str:
    """A finished matrix: 3 items x (max 1, max 3) iterations, through the page's own suite runner."""
    from rubric_ui.screens.suites import get_suite_runner

    base = RunConfig.from_dict(
        {
            "task": "(each item's task)",
            "rubric": example_rubric(1),
            "rubric_name": "short-poems",
            "model": f"offline:writer{latency}",
        }
    )
    items = tuple(i for i in example_dataset().items if i.id in SMALL_IDS)
    columns = build_columns(base, [{"max_iterations": 1, "label": "one shot"}, {"max_iterations": 3}])
    handle = get_suite_runner().start(Dataset("small", items), base, columns=columns, concurrency=3)
    assert handle.wait(300)
    return handle.suite_run_id


def test_start_a_matrix_from_the_form(store: Store, tmp_path: Path) -> None:
    at = suites_page()
    at.radio(key="suites_source").set_value("Path on this server").run()
    at.text_input(key="suites_path").set_value(str(_dataset_file(tmp_path)))
    at.toggle(key="suites_matrix_on").set_value(True).run()
    # The columns table: what a user typed in the data editor, as its edit state.
    at.session_state["suites_columns"] = {
        "edited_rows": {},
        "added_rows": [{"label": "one shot", "max_iterations": 1}, {"max_iterations": 3}],
        "deleted_rows": [],
    }
    at.run()
    at.button(key="suites_start").click().run()
    assert not at.exception, at.exception
    suite_id = at.query_params["suite"]
    wait_suite(suite_id)
    at.run()
    assert not at.exception
    suite = ss.get_suite_run(store, suite_id)
    assert [c["label"] for c in suite["columns"]] == ["one shot", "max 3"]
    text = everything(at)
    assert "6 / 6 runs done (3 items x 2 columns)" in text
    assert text.count('class="rs-column"') == 2 and 'data-column="1" data-status="finished"' in text
    data = payload_of(at)
    assert [c["label"] for c in data["columns"]] == ["one shot", "max 3"]
    assert [r["id"] for r in data["rows"]] == list(SMALL_IDS)
    assert {c["o"] for r in data["rows"] for c in r["cells"][:1]} == {"fail"}
    assert {c["o"] for r in data["rows"] for c in r["cells"][1:]} == {"pass"}
    assert data["counts"] == {"all": 3, "failures": 3, "errors": 0, "different": 3}
    run_ids = set(ss.suite_run_ids(store, suite_id))
    assert {c["run"] for r in data["rows"] for c in r["cells"]} == run_ids  # every cell opens its run
    tables = [h.proto.body for h in at.get("html") if 'class="rs-mx-table"' in h.proto.body]
    assert len(tables) == 2 and "3/3 judged = 100%" in tables[0] and "0% → 100%" in tables[1]
    # The label of a picker entry names the matrix; a one-row column table is refused with the reason.
    label = next(s for s in at.selectbox if s.key.startswith("suites_pick_"))
    assert "matrix of 3 items x 2 columns" in label.format_func(label.value)
    at.session_state["suites_columns"] = {"edited_rows": {}, "added_rows": [{"max_iterations": 2}], "deleted_rows": []}
    at.run()
    at.button(key="suites_start").click().run()
    assert any("One column is a one-configuration suite run" in e.value for e in at.error)
    at.session_state["suites_columns"] = {
        "edited_rows": {},
        "added_rows": [{"model": "offline:writer"}, {"model": "openai:gpt-4o-mini"}],
        "deleted_rows": [],
    }
    at.run()
    at.button(key="suites_start").click().run()
    assert any("Column 2 (openai:gpt-4o-mini)" in e.value and "OPENAI_API_KEY" in e.value for e in at.error)
    assert len(ss.list_suite_runs(store)) == 1


def test_the_view_is_in_the_url_and_two_cells_open_side_by_side(store: Store) -> None:
    suite_id = _matrix(store)
    at = suites_page(suite=suite_id, mode="different", base="2", pair="1.0.1", only="reg:0:1")
    assert not at.exception, at.exception
    data = payload_of(at)
    assert (data["mode"], data["baseline"]["index"], data["pair"]) == ("different", 1, [1, 0, 1])
    assert data["only"] == "reg:0:1" and data["filters"]["reg:0:1"]["rows"] == [0, 1, 2]
    sat = data["baseline"]["criteria"][0]
    assert sat["name"] == "satisfied (the whole rubric)" and sat["cells"][0]["reg"] == 3
    text = everything(at)
    assert '<span class="rs-pair" data-row="1" data-a="0" data-b="1">' in text
    assert "Side by side: poem-02" in text
    runs = {c["column_index"]: c["run_id"] for c in ss.suite_cells(store, suite_id) if c["position"] == 1}
    assert f"(./?run={runs[0]})" in text and f"(./?run={runs[1]})" in text
    diffs = [h.proto.body for h in at.get("html") if "rs-diff" in h.proto.body]
    assert diffs and ("rs-del" in diffs[0] or "rs-ins" in diffs[0])
    # The search runs on the server over the tasks and drafts; its matches go to the element.
    task_word = str(example_dataset().items[0].task).split()[-1].strip(".").casefold()
    at.text_input(key=f"suites_search_{suite_id[:12]}").set_value(task_word).run()
    assert 0 in payload_of(at)["matches"] and at.query_params["q"] == task_word
    at.button(key="suites_close_pair").click().run()
    assert "pair" not in at.query_params and "Side by side" not in everything(at)
    # Bad values in the URL are said or ignored, never a traceback.
    bad = suites_page(suite=suite_id, mode="sideways", base="9", pair="7.0.0", only="<b>")
    assert not bad.exception
    assert any("Unknown matrix mode 'sideways'" in w.value for w in bad.warning)
    data = payload_of(bad)
    assert (data["mode"], data["baseline"]["index"], data["pair"], data["only"]) == ("all", 0, None, None)


def test_untrusted_text_reaches_the_element_as_data_only(store: Store) -> None:
    from rubric_ui.screens.suites import get_suite_runner

    base = RunConfig.from_dict({"task": "(each item's task)", "rubric": "- At most 40 words\n- Exactly three lines"})
    items = (
        example_dataset()
        .items[0]
        .__class__(id="<img src=x onerror=alert(1)>", task="<script>alert(1)</script> a poem"),
    )
    columns = build_columns(base, [{"max_iterations": 1, "label": "<b>bold</b>"}, {"max_iterations": 2}])
    handle = get_suite_runner().start(Dataset("evil", items), base, columns=columns)
    assert handle.wait(300)
    at = suites_page(suite=handle.suite_run_id)
    assert not at.exception
    data = payload_of(at)
    assert data["rows"][0]["id"] == "<img src=x onerror=alert(1)>"  # data: the element writes it as text
    assert data["columns"][0]["label"] == "<b>bold</b>"
    js = (Path(__file__).resolve().parents[2] / "rubric_ui" / "assets" / "matrix.js").read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "outerHTML" not in js


def test_cancel_and_resume_one_column_from_the_page(store: Store) -> None:
    from rubric_ui.screens.suites import get_suite_runner

    base = RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "model": "offline:writer?latency=0.05"}
    )
    items = tuple(i for i in example_dataset().items if i.id in SMALL_IDS)
    columns = build_columns(base, [{"max_iterations": 1}, {"max_iterations": 3}])
    clicked = threading.Event()

    def hold(event: dict) -> None:
        # The matrix's worker waits here after its first cell ends until Cancel was clicked: no time window.
        if event["type"] == "item_finished":
            clicked.wait(120)

    handle = get_suite_runner().start(Dataset("small", items), base, columns=columns, concurrency=1, subscribers=[hold])
    at = suites_page(suite=handle.suite_run_id)
    assert not at.exception
    at.button(key="suites_cancel_col_1").click().run()
    clicked.set()
    assert handle.wait(300)
    at.run()
    suite = ss.get_suite_run(store, handle.suite_run_id)
    assert suite["status"] == "cancelled" and [c["status"] for c in suite["columns"]] == ["finished", "cancelled"]
    assert 'data-column="1" data-status="cancelled"' in everything(at)
    at.button(key="suites_resume_col_1").click().run()
    resumed = get_suite_runner().get(handle.suite_run_id)
    assert resumed is not handle and resumed.wait(300)
    at.run()
    assert "6 / 6 runs done" in everything(at)
    suite = ss.get_suite_run(store, handle.suite_run_id)
    assert suite["status"] == "finished" and [c["status"] for c in suite["columns"]] == ["finished", "finished"]


@pytest.mark.parametrize("prefix", ["c"])
def test_compare_with_a_matrix_shows_both_as_one_matrix(store: Store, prefix: str) -> None:
    from rubric_ui.screens.suites import get_suite_runner

    first = _matrix(store)
    items = tuple(i for i in example_dataset().items if i.id in SMALL_IDS)
    base = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1)})
    single = get_suite_runner().start(Dataset("small", items), base, concurrency=3)
    assert single.wait(300)
    at = suites_page(suite=single.suite_run_id, compare=first, **{f"{prefix}mode": "failures"})
    assert not at.exception, at.exception
    data = payload_of(at)
    assert [c["label"] for c in data["columns"]] == ["A · one shot", "A · max 3", "B · offline:writer"]
    assert data["mode"] == "failures"


def test_two_judges_on_the_same_drafts_from_the_page(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.core.test_judges import LENIENT, lenient_brain
    from tests.stubs.openai_stub import StubOpenAI

    suite_id = _matrix(store)
    at = suites_page(suite=suite_id)
    assert not [s for s in at.selectbox if s.key == f"suites_judges_column_{suite_id}"]  # drawn only while open
    at.session_state["suites_judges_open"] = True
    at.run()
    at.selectbox(key=f"suites_judges_column_{suite_id}").set_value(1).run()
    at.button(key="suites_judges_load").click().run()
    assert any("No other grader has regraded" in i.value for i in at.info)
    with StubOpenAI(lenient_brain) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        at.text_input(key=f"suites_judges_graders_{suite_id}").set_value(LENIENT)
        at.button(key="suites_judges_go").click().run()
    assert not at.exception, at.exception
    assert stub.requests
    pairs = next(df.value for df in at.dataframe if "graders" in df.value.columns)
    lipo = pairs[pairs["criterion"] == 'Does not contain the letter "e"'].iloc[0]
    assert lipo["graders"] == f"offline:grader · {LENIENT}" and lipo["n (both judged)"] == 6 and lipo["agree"] == "50%"
    assert any("No reviewed cell among these drafts" in c.value for c in at.caption)
    # A reload reads it back from the stored regrades.
    again = suites_page(suite=suite_id)
    again.session_state["suites_judges_open"] = True
    again.run()
    again.selectbox(key=f"suites_judges_column_{suite_id}").set_value(1).run()
    again.button(key="suites_judges_load").click().run()
    assert any("graders" in df.value.columns for df in again.dataframe)
    # A grader with no key is named before anything is graded.
    monkeypatch.delenv("OPENAI_API_KEY")
    again.text_input(key=f"suites_judges_graders_{suite_id}").set_value(LENIENT)
    again.button(key="suites_judges_go").click().run()
    assert any("OPENAI_API_KEY" in e.value for e in again.error)


def test_a_matrix_cells_run_links_back_naming_its_column(store: Store) -> None:
    from tests.ui.test_pages import app

    suite_id = _matrix(store)
    run_id = next(c["run_id"] for c in ss.suite_cells(store, suite_id) if c["column_index"] == 1)
    page = app(run=run_id)
    assert not page.exception
    labels = [el.proto.label for el in page.get("page_link")]
    assert r"Back to the suite run small (column 2: max 3)" in labels, labels
