"""The run told to an audience (issue 33 items 5 and 7): one sentence per verdict, every turn, the HTML report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.exports.report import render_report
from rubric_core.store import Store
from rubric_core.views.run_view import RunView
from rubric_core.views.story import turn_stories, verdict_sentence
from tests.core.helpers import PROCESS_TIMEOUT_S, example_config

FOLLOW_UP = "Now write it about <autumn> & the first frost."
NEW_RUBRIC = "- Exactly three lines\n- Mentions autumn"


@pytest.fixture
def continued(store: Store, engine: Engine) -> RunView:
    """A haiku run continued by a follow-up that replaced the rubric: two turns."""
    manager = RunManager(engine, store)
    first = manager.start(example_config("haiku"))
    assert first.wait(PROCESS_TIMEOUT_S)
    second = manager.follow_up(first.run_id, FOLLOW_UP, rubric=NEW_RUBRIC)
    assert second.wait(PROCESS_TIMEOUT_S)
    return RunView.from_events(first.run_id, store.run_events(first.run_id))


def test_one_sentence_says_what_a_run_came_to(store: Store, engine: Engine) -> None:
    satisfied = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    view = RunView.from_events(satisfied, store.run_events(satisfied))
    assert verdict_sentence(view) == "Satisfied after 3 drafts: all 3 criteria met."
    capped = engine.execute(example_config("haiku", max_iterations=1), subscribers=[store.record]).run_id
    view = RunView.from_events(capped, store.run_events(capped))
    assert verdict_sentence(view) == (
        "Stopped at its cap of 1 draft: 1 of 3 criteria met "
        "(not met: “Exactly three lines”; “Follows a 5-7-5 syllable pattern”)."
    )


def test_every_turn_has_its_own_ask_rubric_and_sentence(continued: RunView) -> None:
    stories = turn_stories(continued)
    assert [(s.number, s.kind) for s in stories] == [(1, "Task"), (2, "Follow-up")]
    assert stories[0].message == "Write a haiku about spring." and "5-7-5" in stories[0].rubric
    assert stories[1].message == FOLLOW_UP and stories[1].rubric == NEW_RUBRIC
    assert stories[0].sentence == "Satisfied after 3 drafts: all 3 criteria met."
    assert stories[1].sentence.startswith("Satisfied after 1 draft: both criteria met")
    assert verdict_sentence(continued).startswith("Turn 2 of 2 (the last follow-up): Satisfied")


def test_the_report_tells_every_turn_and_keeps_the_details_behind_a_fold(continued: RunView) -> None:
    """Before, the report showed turn 1's task beside turn 2's rubric, turn 2's heatmap only, and the follow-up
    nowhere; the model specs and token counts led the page; drafts were small monospace; the heatmap's legend
    told a reader of a static file to hover and click."""
    doc = render_report(continued)
    assert doc.count("<section class='turn'") == 2
    first, second = doc.split("<section class='turn' data-turn='2'>")
    assert "Turn 1 · Task" in first and "Write a haiku about spring." in first and "5-7-5" in first
    assert "Turn 2 · Follow-up" in second and "Follow-up message" in second
    assert "Now write it about &lt;autumn&gt; &amp; the first frost." in second and "Mentions autumn" in second
    assert "5-7-5" not in second.split("</section>")[0], "turn 2 shows its own rubric"
    grid = 'class="rs-hm-grid"'
    assert first.count(grid) == 1 and second.count(grid) == 1, "a heatmap per turn"
    assert "Turn 2 · iteration 1 · Satisfied" in second
    assert "<p class='verdict'>Turn 2 of 2 (the last follow-up): Satisfied after 1 draft" in doc
    # Model specs and token counts behind a Details fold, after the work.
    details = doc.split("<details class='meta' data-details><summary>Details</summary>")[1]
    assert "offline:writer" in details and "tokens" in details
    assert "offline:writer" not in doc.split("<details class='meta'")[0].split("<section")[0]
    # Text in the body font: <pre> only for code files (this run has none).
    outside_grid = re.sub(r'<div class="rs-hm-draft">.*?</div>', "", doc, flags=re.DOTALL)
    assert "<pre>" not in outside_grid and "class='text'" in doc
    assert ".rs-hm-draft pre{font-family:inherit" in doc  # a clicked cell's draft, in the body font too
    assert "hover a cell" not in doc and "click it" not in doc


def test_the_report_reads_at_1280_wide_without_a_sideways_scroll() -> None:
    css = Path(__file__).resolve().parents[2] / "rubric_core" / "exports" / "report.py"
    source = css.read_text(encoding="utf-8")
    assert re.search(r"max-width:1100px", source) and "overflow-wrap:anywhere" in source
