"""AppTest of the Review page (queue, agreement, consistency, what-if) and the editor's judge flags."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_core.store import judge as judge_store
from tests.core.helpers import example_config

ROOT = Path(__file__).resolve().parents[2]


def review_page(**query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("rubric_ui/app_pages/review.py")
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [w.value for w in at.warning]
    parts += [s.value for s in at.success] + [i.value for i in at.info] + [c.value for c in at.caption]
    parts += [t.value for t in at.text] + [c.value for c in at.code]
    return "\n".join(str(p) for p in parts)


@pytest.fixture
def haiku(store: Store, engine: Engine) -> str:
    return engine.execute(example_config("haiku"), subscribers=[store.record]).run_id


def test_queue_needs_a_reviewer_then_records_skips_and_goes_back(store: Store, haiku: str) -> None:
    at = review_page(run=haiku)
    assert "Cell 1 of 9" in texts(at)
    assert "Cherry blossoms drift" in texts(at)
    assert at.button(key="review_pass").disabled  # no reviewer yet
    assert "Enter your name under Reviewer name" in texts(at)
    at.text_input(key="review_reviewer_input").input("ann").run()
    assert not at.button(key="review_pass").disabled
    at.text_input(key=f"review_reason_{haiku}:0:0:0").input("four lines").run()
    at.button(key="review_fail").click().run()
    rows = judge_store.latest_reviews(store, [haiku])
    assert [(r["iteration"], r["criterion"], r["passed"], r["reason"], r["reviewer"]) for r in rows] == [
        (0, "Exactly three lines", False, "four lines", "ann")
    ]
    assert "Cell 2 of 9" in texts(at)
    at.button(key="review_skip").click().run()
    assert "Cell 3 of 9" in texts(at)
    at.button(key="review_back").click().run()
    at.button(key="review_back").click().run()
    assert "Cell 1 of 9" in texts(at) and "Reviewed: ✘ fail by ann" in texts(at)
    at.button(key="review_pass").click().run()  # a second review supersedes the first
    assert [r["passed"] for r in judge_store.latest_reviews(store, [haiku])] == [True]
    assert len(judge_store.review_history(store, haiku)) == 2
    # The reviewer name is kept for the session across pages.
    at.switch_page("rubric_ui/app_pages/runs.py").run()
    at.switch_page("rubric_ui/app_pages/review.py").run()
    assert at.text_input(key="review_reviewer_input").value == "ann"


def test_agreement_consistency_and_what_if_views(store: Store, haiku: str) -> None:
    from rubric_core.judge.reviews import record_review

    record_review(store, haiku, iteration=2, criterion="Is about spring", verdict="fail", reviewer="bob", reason="x")
    at = review_page(run=haiku)
    assert "1 reviewed cells the grader judged · agreement 0%" in texts(at)
    assert "1 false acceptances" in texts(at)
    table = next(str(m.value) for m in at.markdown if "rv-agreement" in str(m.value))
    assert "Is about spring" in table
    # Every column is named; a criterion below the flag shows a dash, not an empty cell; false acceptances come
    # before false rejections, and the flag rule is stated.
    assert "<th></th>" not in table and "<th title=" in table and ">flag</th>" in table
    assert "<td></td>" not in table and "<td>—</td>" in table
    assert table.index("false acceptances") < table.index("false rejections")
    assert any("A criterion is flagged when at least 5" in str(c.value) for c in at.caption)
    assert "false acceptances first (1)" in texts(at)
    # The disagreement links to its cell: the run at that iteration, the criterion chosen (issue 40).
    assert any(re.search(rf"\(\./\?run={haiku}&it=\d+&crit=\d+\)", str(m.value)) for m in at.markdown)
    at.number_input(key="review_cons_repeats").set_value(3).run()
    at.button(key="review_cons_go").click().run()
    assert not at.exception
    assert "graded 3 times by offline:grader" in texts(at)
    assert any("stable over 3" in str(m.value) for m in at.markdown)
    at.text_area(key=f"review_wi_rubric_{haiku}").input("- Exactly three lines").run()
    at.button(key="review_wi_go").click().run()
    assert not at.exception
    shown = texts(at)
    assert "written in reply to the ORIGINAL grader's feedback" in shown
    assert "originally satisfied at iteration 3; regraded, it would stop at iteration 2" in shown
    assert "the what-if loop stops here" in shown
    # Statuses in words, never the library's codes.
    assert "original Needs revision" in shown and "needs_revision" not in shown
    assert all("satisfied ·" not in o and "Satisfied ·" in o for o in at.selectbox(key="review_run").options)


def test_regrade_errors_are_messages(store: Store, haiku: str) -> None:
    at = review_page(run=haiku)
    at.text_input(key=f"review_wi_grader_{haiku}").input("openai:gpt-4o-mini").run()
    at.button(key="review_wi_go").click().run()
    assert not at.exception
    assert any("OPENAI_API_KEY" in str(e.value) for e in at.error)
    assert judge_store.list_regrades(store, haiku) == []


def test_editor_flags_flaky_and_low_kappa_criteria_beside_the_criterion(
    store: Store, engine: Engine, haiku: str
) -> None:
    from rubric_core.judge.reviews import record_review

    flips = (True, False, True, True, False)
    judge_store.save_regrade(
        store,
        {"run_id": haiku, "kind": "consistency", "rubric": "r", "grader": "g", "repeats": 5},
        [
            {
                "turn": 0,
                "iteration": 2,
                "attempt": a,
                "result": "x",
                "criteria": [{"name": "Is about spring", "passed": p}],
            }
            for a, p in enumerate(flips)
        ],
    )
    # One review proves nothing: no low-agreement flag yet.
    record_review(store, haiku, iteration=0, criterion="Exactly three lines", verdict="pass", reviewer="ann")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.text_area(key="run_rubric").input("- Exactly three lines\n- Is about spring\n- Mentions rain").run()
    preview = "\n".join(str(t.value) for t in at.text)
    assert "2. Is about spring  ⚠ flipped 2 of 5" in preview
    assert "1. Exactly three lines\n" in preview + "\n" and "low agreement" not in preview
    # Six reviewed cells (two runs), each the opposite of the grader's verdict: flagged.
    second = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    for row in store.criteria([haiku, second]):
        if row["name"] == "Exactly three lines":
            verdict = "fail" if row["passed"] else "pass"
            record_review(
                store, row["run_id"], iteration=row["iteration"], criterion=row["name"], verdict=verdict, reviewer="ann"
            )
    from rubric_ui.screens.judge_flags import criterion_notes

    criterion_notes.clear()  # the editor caches flags for 10 s
    at.text_area(key="run_rubric").input("- Exactly three lines\n- Is about spring\n- Mentions rain\n").run()
    preview = "\n".join(str(t.value) for t in at.text)
    # The editor names no library rubric: the flag says where the agreement was measured (issue 40).
    assert "1. Exactly three lines  ⚠ low agreement in runs of unnamed rubrics: 0%, kappa " in preview
    assert "over 6 reviews" in preview
    assert "3. Mentions rain\n" in preview + "\n" and "Mentions rain  ⚠" not in preview
    assert any("bundled or vague" in str(c.value) for c in at.caption)


def test_editor_agreement_flags_are_scoped_to_the_rubric_they_were_measured_on(store: Store, engine: Engine) -> None:
    """Issue 40: reviews of "Exactly three lines" in rubric 'haiku' flagged the same text in any other rubric."""
    from rubric_core.judge.reviews import record_review
    from rubric_ui.screens.judge_flags import criterion_notes

    runs = [
        engine.execute(example_config("haiku", rubric_name="haiku"), subscribers=[store.record]).run_id
        for _ in range(2)
    ]
    for row in store.criteria(runs):
        if row["name"] == "Exactly three lines":
            verdict = "fail" if row["passed"] else "pass"
            record_review(
                store, row["run_id"], iteration=row["iteration"], criterion=row["name"], verdict=verdict, reviewer="ann"
            )
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()

    def preview_with(name: str) -> str:
        criterion_notes.clear()
        at.text_input(key="run_rubric_name").input(name).run()
        at.text_area(key="run_rubric").input("- Exactly three lines\n- Mentions rain\n").run()
        assert not at.exception
        return "\n".join(str(t.value) for t in at.text)

    assert "1. Exactly three lines\n" in preview_with("limericks") + "\n"  # another rubric: no flag
    assert "1. Exactly three lines  ⚠ low agreement: 0%, kappa " in preview_with("haiku")  # its own: flagged
    assert "1. Exactly three lines  ⚠ low agreement in 'haiku': 0%, kappa " in preview_with("")  # none: named


def test_review_page_without_runs_says_what_to_do(home: Path) -> None:
    at = review_page()
    assert "No graded run yet" in texts(at)


def test_criteria_table_and_heatmap_mark_human_verdicts(store: Store, haiku: str) -> None:
    from rubric_core.judge.reviews import record_review
    from rubric_core.views.run_payload import run_payload
    from rubric_core.views.run_view import RunView

    record_review(store, haiku, iteration=0, criterion="Is about spring", verdict="fail", reviewer="ann", reason="hot")
    record_review(store, haiku, iteration=0, criterion="Exactly three lines", verdict="fail", reviewer="ann")
    reviews = judge_store.latest_reviews(store, [haiku])
    view = RunView.from_events(haiku, store.run_events(haiku), stored_status="satisfied")
    # The run view element's criteria table: the human verdict and reason beside the grader's.
    payload = run_payload(view, reviews=reviews)
    assert payload["reviewed"]
    by = {c["name"]: c for c in payload["turns"][0]["iterations"][0]["criteria"]}
    assert by["Is about spring"]["human"] == "✘ fail (ann) ≠ grader"
    assert by["Is about spring"]["human_reason"] == "hot"
    assert by["Exactly three lines"]["human"] == "✘ fail (ann)"
    assert by["Follows a 5-7-5 syllable pattern"]["human"] == ""
    assert not run_payload(view, reviews=[])["reviewed"], "no human columns where nobody reviewed"
    assert "human" not in run_payload(view)["turns"][0]["iterations"][0]["criteria"][0]
    from rubric_core.views.frames import criteria_frame_from_rows
    from rubric_core.views.heatmap import heatmap_html
    from rubric_core.views.run_view import criteria_rows

    frame = criteria_frame_from_rows(criteria_rows(view.run_id, view.turns[0].iterations), reviews)
    grid = heatmap_html(frame, key="t", turn=0, drafts={})
    # Each cell says it once: its title is the hover text and, drawn by CSS, the clicked cell's details.
    assert grid.count("Human review by ann: fail (disagrees with the grader)") == 1  # Is about spring passed
    assert grid.count("Human review by ann: fail") == 2  # and Exactly three lines, which failed too
    assert "Human review" not in heatmap_html(
        criteria_frame_from_rows(criteria_rows(view.run_id, view.turns[0].iterations)), key="t", turn=0
    )


def test_export_page_offers_the_calibration_set(store: Store, haiku: str) -> None:
    # Failed before `calibration` had a file suffix on the Export page (KeyError on Prepare export).
    from rubric_core.judge.reviews import record_review

    record_review(store, haiku, iteration=0, criterion="Is about spring", verdict="fail", reviewer="ann")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("rubric_ui/app_pages/export.py").run()
    at.selectbox(key="export_format").set_value("calibration").run()
    at.button(key="export_go").click().run()
    assert not at.exception, at.exception
    assert any(s.value.startswith("Ready: 1 record, as rubric-studio_") for s in at.success)


def test_untrusted_criterion_and_draft_text_is_escaped(store: Store, engine: Engine) -> None:
    from rubric_core.judge.reviews import record_review

    evil = '<img src=x onerror="window.__xss=1"> Mentions rain'
    run_id = engine.execute(
        example_config("haiku", rubric=f"- Exactly three lines\n- {evil}", max_iterations=1),
        subscribers=[store.record],
    ).run_id
    record_review(store, run_id, iteration=0, criterion=evil, verdict="pass", reviewer="<b>eve</b>", reason="<i>x</i>")
    at = review_page(run=run_id)
    at.text_area(key=f"review_wi_rubric_{run_id}").input(f"- {evil}").run()
    at.button(key="review_wi_go").click().run()
    html_blocks = [str(m.value) for m in at.markdown if "<table" in str(m.value)]
    assert html_blocks and all("<img" not in block for block in html_blocks)
    assert any("&lt;img src=x" in block for block in html_blocks)
    plain = [str(m.value) for m in at.markdown if "<table" not in str(m.value) and "<style" not in str(m.value)]
    # Markdown text escapes each tag character with a backslash (shown as text): no bare tag may remain.
    bare = re.compile(r"(?<!\\)<(img|b>eve)")
    assert not [p for p in plain if bare.search(p)]


def test_suite_run_queue_agreement_and_what_if(store: Store, engine: Engine) -> None:
    from rubric_core.config import RunConfig
    from rubric_core.execution.manager import RunManager
    from rubric_core.suites.datasets import Dataset
    from rubric_core.suites.example import example_dataset, example_rubric
    from rubric_core.suites.runner import SuiteRunner

    items = tuple(i for i in example_dataset().items if i.id in ("poem-01", "poem-02"))
    config = RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems"}
    )
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset(name="two", items=items), config, concurrency=2)
    assert handle.wait(300)
    from rubric_core.suites import suite_run_ids

    first, second = suite_run_ids(store, handle.suite_run_id)
    at = review_page(run=first)
    at.text_input(key="review_reviewer_input").input("ann").run()
    queue_of = at.radio(key="review_queue_scope")
    whole = next(o for o in queue_of.options if o.startswith("Every item"))
    single = len(store.criteria([first]))
    queue_of.set_value(whole).run()
    assert f"Cell 1 of {single + len(store.criteria([second]))}" in texts(at)  # both items' cells
    at.radio(key="review_scope").set_value(next(o for o in at.radio(key="review_scope").options if "suite" in o)).run()
    assert "No reviewed cell in the 2 items of suite run" in texts(at)
    at.text_area(key=f"review_swi_rubric_{handle.suite_run_id}").input(example_rubric(2)).run()
    at.button(key="review_swi_go").click().run()
    assert not at.exception
    assert "of 2** items" in texts(at) or "of 2 items" in texts(at).replace("**", "")
    table = next(d.value for d in at.dataframe if "what-if pass rate" in d.value.columns)
    assert set(table["was"]) >= {"At least 22 words", "Exactly three lines"}


def test_what_if_shows_a_reworded_criterion_on_one_row_with_its_old_name(store: Store, engine: Engine) -> None:
    """Issue 33 item 12: a reworded criterion was a removed row and an added row (each with a dash for the other
    side); it is one row, its old name beside the new, as both Compare pages show it."""
    from rubric_core.examples import get_example

    run_id = engine.execute(example_config("report"), subscribers=[store.record]).run_id
    reworded = get_example("report").rubric.replace("- At most 150 words", "- No more than 150 words")
    at = review_page(run=run_id)
    at.text_area(key=f"review_wi_rubric_{run_id}").input(reworded).run()
    at.button(key="review_wi_go").click().run()
    assert not at.exception
    assert "At most 150 words → No more than 150 words" in texts(at)
    tables = [str(m.value) for m in at.markdown if "rv-whatif" in str(m.value)]
    assert tables
    for table in tables:
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table)
        assert sum("150 words" in r for r in rows) == 1, rows  # one row, not a removed one and an added one
        row = next(r for r in rows if "150 words" in r)
        assert "was “At most 150 words”" in row and "renamed" in row and "—" not in row
