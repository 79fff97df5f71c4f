"""AppTest of the Suites page on the real store, run manager and offline models."""

from __future__ import annotations

import json
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.store import Store
from rubric_core.suites import suite_run_ids
from rubric_core.suites import suite_store as ss
from rubric_core.suites.example import example_rubric

ROOT = Path(__file__).resolve().parents[2]


def suites_page(**query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("rubric_ui/app_pages/suites.py")
    at.run()
    return at


def everything(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [c.value for c in at.caption]
    parts += [i.value for i in at.info] + [w.value for w in at.warning]
    parts += [h.proto.body for h in at.get("html")]
    return "\n".join(str(p) for p in parts)


def wait_suite(suite_id: str) -> None:
    """Wait on the suite runner's handle (the same process's cache_resource), never on a time window."""
    from rubric_ui.screens.suites import get_suite_runner

    handle = get_suite_runner().get(suite_id)
    assert handle is not None and handle.wait(600)


def start(at: AppTest) -> str:
    at.button(key="suites_start").click().run()
    suite_id = at.query_params["suite"]
    assert suite_id
    wait_suite(suite_id)
    at.run()
    return suite_id


def test_run_the_bundled_suite_edit_a_criterion_and_compare(store: Store) -> None:
    at = suites_page()
    assert not at.exception
    assert "No suite run yet" in everything(at)
    assert at.text_area(key="suites_rubric").value == example_rubric(1)
    first = start(at)
    assert not at.exception
    text = everything(at)
    assert "24 / 24 items done" in text and 'data-status="finished"' in text
    # The offline writer turns every poem into a lipogram once the grader names the letter; four poems cannot
    # fit v1's band of 22 to 26 words within 3 iterations and end at the cap.
    assert "Satisfied: 20" in text and "Max iterations reached: 4" in text
    ids = suite_run_ids(store, first)
    assert f'href="./?run={ids[0]}"' in text  # grid cells open the item's run
    # Iterations to satisfied: one bar per iteration, its number upright (st.bar_chart laid them on their side).
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    x = next(s["encoding"]["x"] for s in specs if s["encoding"]["x"].get("title") == "iteration satisfied at")
    assert x["type"] == "ordinal" and x["axis"]["labelAngle"] == 0

    # Edit the rubric into v2 (20 to 40 words, a criterion reworded) and run again: a new library version, then
    # compare the two. The four poems at the cap under v1 are satisfied under v2: 4 items fixed, none broken.
    at.text_area(key="suites_rubric").set_value(example_rubric(2))
    second = start(at)
    assert ss.get_suite_run(store, second)["rubric_version"] == 2
    at.selectbox(key=f"suites_compare_{second}").set_value(first).run()
    assert not at.exception
    text = everything(at)
    assert 'data-fixed="4" data-broken="0"' in text
    assert "McNemar exact p = 0.125" in text
    assert '<li class="rs-flip" data-side="fixed" data-item="poem-04">' in text
    assert '<del class="rs-del">22</del>' in text and '<ins class="rs-ins">20</ins>' in text


def test_bad_input_shows_a_message_and_stores_nothing(store: Store, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task": "ok"}\n{"prompt": "no task"}\n', encoding="utf-8")
    at = suites_page()
    at.radio(key="suites_source").set_value("Path on this server").run()
    at.text_input(key="suites_path").set_value(str(bad))
    at.button(key="suites_start").click().run()
    assert any("row 2: no `task` column" in e.value for e in at.error)
    at.radio(key="suites_source").set_value("Bundled example (24 short poems)").run()
    at.text_area(key="suites_rubric").set_value("   ")
    at.button(key="suites_start").click().run()
    assert any("Rubric is empty" in e.value for e in at.error)
    assert ss.list_suite_runs(store) == [] and not at.query_params.get("suite")


def test_untrusted_text_is_escaped_in_the_grid(store: Store, tmp_path: Path) -> None:
    evil = tmp_path / "evil.jsonl"
    evil.write_text('{"id": "<img src=x onerror=alert(1)>", "task": "<script>alert(1)</script> a poem"}\n', "utf-8")
    at = suites_page()
    at.radio(key="suites_source").set_value("Path on this server").run()
    at.text_input(key="suites_path").set_value(str(evil))
    at.text_area(key="suites_rubric").set_value('- Does not contain "<b>"\n- At most 40 words')
    start(at)
    text = everything(at)
    # No bare tag anywhere: HTML holds it entity-escaped, Markdown text backslash-escaped (shown as text).
    assert not re.search(r"(?<!\\)<(img src=x|script>alert)", text), text
    assert "&lt;img src=x onerror=alert(1)&gt;" in text


def test_cancel_then_resume_from_the_page(store: Store) -> None:
    import threading

    from rubric_ui.screens.suites import get_suite_runner

    at = suites_page()
    at.text_input(key="suites_model").set_value("offline:writer?latency=0.3")
    at.number_input(key="suites_concurrency").set_value(1)
    at.button(key="suites_start").click().run()
    suite_id = at.query_params["suite"]
    handle = get_suite_runner().get(suite_id)
    clicked = threading.Event()

    def hold(event: dict) -> None:
        # The suite's workers wait here after an item finishes until Cancel was clicked: no time window.
        if event["type"] == "item_finished":
            clicked.wait(120)

    handle.subscribe(hold)
    at.run()
    at.button(key="suites_cancel").click().run()
    clicked.set()
    assert handle.wait(300)
    at.run()
    suite = ss.get_suite_run(store, suite_id)
    assert suite["status"] == "cancelled"
    done = [i for i in ss.suite_items(store, suite_id) if i["finished"]]
    assert len(done) < 24
    at.button(key="suites_resume").click().run()
    resumed = get_suite_runner().get(suite_id)
    assert resumed is not handle and resumed.wait(600)
    at.run()
    assert "24 / 24 items done" in everything(at)
    assert len(set(suite_run_ids(store, suite_id))) == 24


def test_a_suite_items_run_links_back_with_the_suite_name_escaped(store: Store, tmp_path: Path) -> None:
    """An item's run page links back to its suite run under the name a user typed, shown as typed (a Markdown
    link or emphasis in the name is text in the link's label, not markup)."""
    from tests.ui.test_pages import app

    data = tmp_path / "one.jsonl"
    data.write_text('{"id": "only", "task": "Write a short poem about rain."}\n', encoding="utf-8")
    at = suites_page()
    at.radio(key="suites_source").set_value("Path on this server").run()
    at.text_input(key="suites_path").set_value(str(data))
    at.text_input(key="suites_name").set_value("[evil](http://x.test) **loud** <b>")
    suite_id = start(at)
    (run_id,) = suite_run_ids(store, suite_id)
    page = app(run=run_id)
    assert not page.exception
    labels = [el.proto.label for el in page.get("page_link")]
    back = [label for label in labels if label.startswith("Back to the suite run")]
    assert back == [r"Back to the suite run \[evil\]\(http\://x\.test\) \*\*loud\*\* \<b\>"], labels


def test_suite_numbers_past_their_range_are_brought_back_and_said(store: Store) -> None:
    """Max iterations and concurrency typed past their range become the bound, and the page says so (the
    browser's own refusal left the old value in use without a word)."""
    at = suites_page()
    at.number_input(key="suites_max_iterations").set_value(50).run()
    at.number_input(key="suites_concurrency").set_value(0).run()
    said = sorted(w.value for w in at.warning if "is set to" in w.value)
    assert said == [
        "0 is less than allowed: Concurrency is set to 1, its lowest value.",
        "50 is more than allowed: Max iterations is set to 20, its highest value.",
    ]
    assert at.number_input(key="suites_max_iterations").value == 20
    assert at.number_input(key="suites_concurrency").value == 1


def test_start_shows_the_suite_at_once_queued_and_folds_the_form(store: Store, monkeypatch) -> None:
    """Issue 33 item 4: the first suite run after a server start showed nothing new for 12 s after Start (the
    agent stack loading before Start returned), and the open form then hid the progress below the fold. Here the
    stack's load is held: the page shows the suite, its 24 items queued, with the form folded, before it ends."""
    import threading

    import rubric_core.suites.runner as runner_module

    entered, release = threading.Event(), threading.Event()
    timed_out: list[bool] = []
    real = runner_module._load_stack_first

    def slow_first_import() -> None:
        entered.set()
        # Released by the test once the page is drawn; on the old code Start itself waited here, so the page
        # could not be drawn before the bound ran out.
        timed_out.append(not release.wait(20))
        real()

    monkeypatch.setattr(runner_module, "_load_stack_first", slow_first_import)
    at = suites_page()
    at.button(key="suites_start").click().run()
    held = not release.is_set() and entered.is_set()
    release.set()
    suite_id = at.query_params["suite"]
    try:
        assert held
        text = everything(at)
        assert f'data-suite="{suite_id}"' in text and 'data-total="24"' in text
        assert "0 / 24 items done</b> (queued: the first items are starting)" in text
        assert at.session_state["suites_form_open"] is False, "the form folded over the new suite run"
        label = next(s for s in at.selectbox if s.key.startswith("suites_pick_"))
        assert "Running, 24 items" in label.format_func(label.value) and "satisfied" not in label.format_func(
            label.value
        ), "a running suite's label carries no counts that go stale"
    finally:
        wait_suite(suite_id)
    assert timed_out == [False], "the page was drawn while the agent stack was still loading"
    at.run()
    label = next(s for s in at.selectbox if s.key.startswith("suites_pick_"))
    assert "/24 satisfied · Finished" in label.format_func(label.value)


def test_suites_opened_without_a_suite_shows_the_newest(store: Store) -> None:
    from rubric_core.config import RunConfig
    from rubric_core.suites.datasets import Dataset
    from rubric_core.suites.example import example_dataset
    from rubric_ui.screens.suites import get_suite_runner

    at = suites_page()
    runner = get_suite_runner()
    config = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1)})
    ids = []
    for n in (1, 2):
        handle = runner.start(Dataset(f"set {n}", example_dataset().items[:n]), config, name=f"set {n}")
        assert handle.wait(300)
        ids.append(handle.suite_run_id)
    at = suites_page()
    assert not at.exception
    assert at.query_params["suite"] == ids[1]
    assert f'class="rs-suite-progress" data-suite="{ids[1]}"' in everything(at)


def test_typed_items_draw_their_table_and_read_empty_cells_as_empty(store: Store) -> None:
    """Pass 3 of a first user (issue 40): choosing "Type items" crashed the page (pandas 3 refused the empty
    table's frame: "array length 1 does not match index length 0")."""
    import pandas as pd

    from rubric_ui.screens.suites import _blank

    at = suites_page()
    at.radio(key="suites_source").set_value("Type items").run()
    assert not at.exception
    assert any("One row per item" in str(c.value) for c in at.caption)
    assert [_blank(v) for v in (None, float("nan"), pd.NA, "", "   ", "a", 0)] == [True] * 5 + [False] * 2
    at.button(key="suites_start").click().run()  # the one empty row: no item, said so, nothing stored
    assert not at.exception and at.error
    assert ss.list_suite_runs(store) == []
