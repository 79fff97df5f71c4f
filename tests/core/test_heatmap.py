"""The HTML/CSS heatmap and the HTML report built on it."""

from __future__ import annotations

import base64
import hashlib
import html

import pandas as pd

from rubric_core.exports.report import render_report
from rubric_core.views.frames import criteria_frame_from_rows
from rubric_core.views.heatmap import GRID_KEYS_JS, GRID_KEYS_SCRIPT, heatmap_html
from rubric_core.views.run_view import RunView

NAME = 'Uses "e" & <b>never</b> bold'


def rows() -> list[dict]:
    out = []
    for it, verdicts in enumerate([(True, False), (False, True)]):
        for pos, (name, passed) in enumerate(zip([NAME, "Two lines"], verdicts, strict=True)):
            out.append(
                {
                    "run_id": "r1",
                    "turn": 0,
                    "iteration": it,
                    "position": pos,
                    "name": name,
                    "passed": passed,
                    "gap": "" if passed else f"gap of {name} at {it}",
                }
            )
    return out


def test_labels_and_gaps_are_escaped_exactly_once_and_columns_count_from_one() -> None:
    out = heatmap_html(criteria_frame_from_rows(rows()), key="t", drafts={(0, 0): "<i>draft</i> one"})
    assert html.escape(NAME, quote=True) in out
    assert "&amp;quot;" not in out and "<b>never" not in out and "<i>draft" not in out
    assert '<div class="rs-hm-h">1</div>' in out and '<div class="rs-hm-h">2</div>' in out
    assert '<div class="rs-hm-h">0</div>' not in out
    assert "Draft at iteration 1" in out and "&lt;i&gt;draft&lt;/i&gt; one" in out
    assert out.count("<label ") == 4
    assert "↓" in out  # the first criterion passed at 1 and fails at 2: a regression
    assert "<script" not in out


def test_review_columns_are_optional_and_mark_reviewed_and_disagreeing_cells() -> None:
    frame = criteria_frame_from_rows(rows())
    plain = heatmap_html(frame, key="t")
    assert " rev" not in plain and " dis" not in plain
    frame["human_passed"] = pd.array([True, True, None, None], dtype="boolean")
    frame["human_reason"] = pd.array(["fine", "it <is> two lines", None, None], dtype="string")
    frame["reviewer"] = pd.array(["ana", "bo", None, None], dtype="string")
    out = heatmap_html(frame, key="t")
    assert out.count("rs-hm-cell pass rev") == 1  # agrees with the grader
    assert out.count("rs-hm-cell fail dis") == 1  # the human says pass where the grader failed it
    assert "disagrees with the grader" in out and "it &lt;is&gt; two lines" in out


def test_a_human_verdict_on_an_n_a_cell_is_drawn_as_differing_from_the_grader() -> None:
    """Issue 40 item 3: a person's fail where the grader said n/a was drawn with the "agrees" dot."""
    data = rows()
    data[1]["verdict"], data[1]["passed"] = "n/a", None
    frame = criteria_frame_from_rows(data)
    frame["human_passed"] = pd.array([None, False, None, None], dtype="boolean")
    frame["human_reason"] = pd.array([None, None, None, None], dtype="string")
    frame["reviewer"] = pd.array([None, "local", None, None], dtype="string")
    out = heatmap_html(frame, key="t")
    assert out.count("rs-hm-cell na dis") == 1 and "rs-hm-cell na rev" not in out
    assert "Human review by a person: fail (the grader said n/a)" in out  # the local user who typed no name


def test_nothing_graded_gives_nothing() -> None:
    assert heatmap_html(criteria_frame_from_rows([]), key="t") == ""


def test_report_counts_from_one_and_runs_only_its_own_hashed_script() -> None:
    view = RunView(run_id="r1")
    from rubric_core.events import RunEvent

    events = [
        RunEvent(run_id="r1", seq=0, type="run_started", at=0.0, data={"config": {"task": "t", "rubric": "- a"}}),
        RunEvent(run_id="r1", seq=1, type="draft", at=0.0, data={"iteration": 0, "text": "first"}),
        RunEvent(
            run_id="r1",
            seq=2,
            type="evaluation",
            at=0.0,
            data={
                "iteration": 0,
                "result": "needs_revision",
                "explanation": "x",
                "criteria": [{"name": NAME, "passed": False, "gap": "g"}],
            },
        ),
    ]
    view.apply(events)
    report = render_report(view)
    assert "Iteration 1 · Needs revision" in report
    # One script, the constant arrow-key handler, admitted by its own hash; no run text can add another.
    assert report.count("<script") == 1 and GRID_KEYS_SCRIPT in report
    digest = base64.b64encode(hashlib.sha256(GRID_KEYS_JS.encode()).digest()).decode()
    assert f"script-src 'sha256-{digest}'\"" in report and "unsafe-inline'; script-src 'unsafe" not in report
    assert "Draft at iteration 1" in report and html.escape(NAME, quote=True) in report
