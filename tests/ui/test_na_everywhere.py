"""Issue 40 item 3: n/a is never drawn as ✘, wherever a verdict is drawn.

One stored run (and one suite run) with a criterion the offline grader cannot judge, walked through every place
that draws a verdict: the Run page (criteria and heatmap), its Diff ("What the grader asked at iteration k" drew it
with ✘), Runs compare, the Suites grid, Review, Present, the HTML report, and the command line's `show`.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_core.views.run_payload import payload_text
from tests.core.helpers import example_config
from tests.ui.helpers import run_payload
from tests.ui.test_pages import app
from tests.ui.test_review_page import review_page
from tests.ui.test_review_page import texts as review_texts

NA = "Is witty and original"
RUBRIC = f"- Exactly three lines\n- {NA}\n- Mentions spring\n"
FAIL_MARK = "✘"


def _lines_about(text: str, name: str = NA) -> list[str]:
    return [line for line in text.splitlines() if name in line]


def _never_a_fail(said: list[str], place: str) -> None:
    """Every line a place draws about the n/a criterion says n/a and never carries the fail mark."""
    assert said, f"{place}: the n/a criterion is not drawn at all"
    for line in said:
        assert FAIL_MARK not in line and "fail" not in line.lower().replace("failed", ""), f"{place}: {line!r}"


@pytest.fixture
def na_run(store: Store, engine: Engine) -> str:
    config = example_config("haiku", task="Write a haiku about autumn.", rubric=RUBRIC, max_iterations=2)
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    verdicts = {c["name"]: c["verdict"] for c in store.criteria([run_id])}
    assert verdicts[NA] == "n/a"
    return run_id


def test_the_run_page_and_its_diff_draw_na_as_na(na_run: str) -> None:
    at = app(run=na_run, more="diff")  # the Diff open from the address, as a reload keeps it
    assert not at.exception
    payload = run_payload(at)
    rows = [c for t in payload["turns"] for it in t["iterations"] for c in it["criteria"] if c["name"] == NA]
    assert rows and all(c["verdict"] == "n/a" and FAIL_MARK not in c["text"] for c in rows)
    (grid,) = payload["heatmaps"]
    marks = grid["cells"][grid["names"].index(NA)]
    assert marks and all(m["mark"] == "n/a" and m["cls"] == "na" for m in marks)
    asked = "\n".join(m.value for m in at.markdown)
    assert "What the grader asked at iteration 1" in asked
    _never_a_fail(_lines_about(asked), "the Diff")
    assert f"- n/a {NA}" in asked


def test_runs_compare_review_present_and_the_report_draw_na_as_na(na_run: str, store: Store) -> None:
    from rubric_core.exports.report import render_report
    from rubric_core.views.run_view import RunView
    from rubric_ui.screens.runs_compare import criteria_pairs

    view = RunView.from_events(na_run, store.run_events(na_run))
    pairs = criteria_pairs(view, view)
    row = pairs[pairs["criterion in A"] == NA].iloc[0]
    _never_a_fail([f"{row['A (final)']} {NA}", f"{row['B (final)']} {NA}"], "Runs compare")

    present = app(run=na_run, view="present")
    words = "\n".join(payload_text(run_payload(present)))
    assert NA in words
    said = run_payload(present)
    for it in (i for t in said["turns"] for i in t["iterations"]):
        _never_a_fail([f"{c['text']} {c['name']}" for c in it["criteria"] if c["name"] == NA], "Present")

    report = render_report(view)
    items = re.findall(r"<li data-verdict='([^']*)'>(.*?)</li>", report, flags=re.S)
    _never_a_fail([f"{verdict} {body}" for verdict, body in items if NA in body], "the HTML report")

    at = review_page(run=na_run)
    for _ in range(12):  # the queue holds every cell of the run: walk it to the n/a criterion's
        if any(t.value == NA for t in at.text):
            break
        at.button(key="review_skip").click().run()
    assert any(t.value == NA for t in at.text), review_texts(at)
    grader = next(m.value for m in at.markdown if m.value.startswith("**Grader:**"))
    _never_a_fail([f"{grader} {NA}"], "Review")
    assert "n/a" in grader


def test_the_command_lines_show_draws_na_as_na(na_run: str, home: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "rubric_core", "show", na_run], capture_output=True, text=True, check=False
    ).stdout
    table = [line for line in _lines_about(out) if "N/A" in line or "PASS" in line or "FAIL" in line]
    assert table and all("FAIL" not in line and FAIL_MARK not in line for line in table), out
    assert any("N/A" in line for line in table)


def test_the_suites_grid_draws_na_as_na(store: Store, engine: Engine) -> None:
    from rubric_core.config import RunConfig
    from rubric_core.execution.manager import RunManager
    from rubric_core.suites.datasets import Dataset
    from rubric_core.suites.example import example_dataset
    from rubric_core.suites.frames import suite_frames
    from rubric_core.suites.runner import SuiteRunner
    from rubric_ui.widgets.suite_views import grid_html

    config = RunConfig.from_dict({"task": "(each item's task)", "rubric": RUBRIC, "max_iterations": 1})
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset("two", example_dataset().items[:2]), config)
    assert handle.wait(300)
    html = grid_html(suite_frames(store, handle.suite_run_id))
    cells = re.findall(r'data-verdict="([^"]*)"[^>]*title="([^"]*)">([^<]*)</a>', html)
    said = [f"{verdict} {mark} {title}" for verdict, title, mark in cells if title.startswith(NA)]
    assert len(said) == 2
    _never_a_fail(said, "the Suites grid")
