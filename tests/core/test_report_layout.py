"""Issue 40 item 4: the HTML report says each thing once: one "Task" heading, the verdict sentence once, the final
draft once (plus the replay as steps, each later draft as what changed, not the draft and then its diff)."""

from __future__ import annotations

import html
import re

from rubric_core.engine import Engine
from rubric_core.exports.report import render_report
from rubric_core.store import Store
from rubric_core.views.run_view import RunView
from rubric_core.views.story import verdict_sentence
from tests.core.helpers import example_config


def _outside_the_grid(doc: str) -> str:
    """The report as read before any click: a heatmap cell's draft panel is hidden until the cell is clicked."""
    return re.sub(r'<div class="rs-hm-draft">.*?</div>', "", doc, flags=re.DOTALL)


def test_the_report_says_the_task_the_sentence_and_the_final_draft_once(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    view = RunView.from_events(run_id, store.run_events(run_id))
    doc = render_report(view)
    shown = _outside_the_grid(doc)
    headings = re.findall(r"<h[1-4][^>]*>(.*?)</h[1-4]>", doc)
    assert headings.count("Task") == 1, headings
    assert shown.count(html.escape(verdict_sentence(view))) == 1
    final = html.escape(view.final_output)
    assert view.final_output and shown.count(final) == 1, "the final draft, whole, once (under What came out)"
    top = shown.split("<section")[0]
    assert "What came out" in top and final in top and "Write a haiku about spring." in top
    assert "Rubric, as the final draft met it" in top and top.count("data-verdict='pass'") == 3
    # The steps: the first draft whole, each later one as what changed.
    steps = shown.split("<h3>Drafts, verdicts and feedback</h3>")[1]
    assert steps.count("<h4>Draft</h4>") == 1 and steps.count("what changed from the draft before") == 2
    assert "class='turn-verdict'" not in doc  # one turn: its sentence is the run's, said at the top


def test_a_one_iteration_run_points_to_the_final_draft_instead_of_repeating_it(store: Store, engine: Engine) -> None:
    run_id = engine.execute(example_config("haiku", max_iterations=1), subscribers=[store.record]).run_id
    view = RunView.from_events(run_id, store.run_events(run_id))
    shown = _outside_the_grid(render_report(view))
    assert shown.count(html.escape(view.final_output)) == 1
    assert "The final draft, shown above under What came out." in shown
