"""The Run page's steering, drawn by AppTest: a paused run's form, and a fork of a run whose checkpoints are gone,
which says so and offers the what-if regrade instead (the command line says the same: test_steer_cli.py)."""

from __future__ import annotations

import re
from dataclasses import replace

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_ui.safe import label
from rubric_ui.screens.run_steer import OVERRIDES_RECOMPOSE
from tests.core.helpers import example_config
from tests.ui.test_pages import app, texts


def test_a_paused_run_shows_its_form_with_each_verdict_to_override(store: Store, engine: Engine) -> None:
    handle = RunManager(engine, store).start(example_config("haiku"), step="verdicts")
    assert handle.wait(120) and handle.events[-1].type == "paused"
    at = app(run=handle.run_id)
    assert not at.exception
    shown = texts(at)
    assert "Paused after grading iteration 1" in shown and "the agent has not heard of it yet" in shown
    labels = [s.label for s in at.selectbox if s.key and s.key.startswith(f"steer_{handle.run_id}")]
    assert labels == [  # plain text is its own label: it is the field's accessible name too
        "Exactly three lines (grader: fail)",
        "Follows a 5-7-5 syllable pattern (grader: fail)",
        "Is about spring (grader: pass)",
    ]
    assert label("**x** [a](b) `c`") == "\\*\\*x\\*\\* \\[a\\](b) \\`c\\`"  # markup in a name shows as typed
    feedback = next(t for t in at.text_area if t.label.startswith("Feedback the agent will read"))
    assert feedback.value.startswith("A grader reviewed your work")  # what the agent would read, to edit


GFM_EMAIL = re.compile(r"[-.\w+]+@[-\w]+(?:\.[-\w]+)+")
"""What GFM (the page's Markdown) turns into a mailto link in text (mdast-util-gfm-autolink-literal)."""


def test_a_pause_panels_labels_never_link_an_address_and_it_says_the_feedback_follows_overrides(
    store: Store, engine: Engine
) -> None:
    """Issue 40 items 4 and 6: "Ends with jobs@beanthere.co.uk (grader: fail)" drew the address as a mailto link;
    the panel said "the feedback follows" an override while its box kept the grader's text."""
    config = example_config("haiku")
    config = replace(config, rubric=config.rubric + "\n- Ends with jobs@beanthere.co.uk")
    handle = RunManager(engine, store).start(config, step="verdicts")
    assert handle.wait(120) and handle.events[-1].type == "paused"
    at = app(run=handle.run_id)
    labels = [s.label for s in at.selectbox if s.key and s.key.startswith(f"steer_{handle.run_id}")]
    mailed = [x for x in labels if "beanthere" in x]
    assert len(mailed) == 1 and not GFM_EMAIL.search(mailed[0].replace("\\", "")), mailed
    assert mailed[0].replace("\\", "").replace("\u2060", "") == "Ends with jobs@beanthere.co.uk (grader: fail)"
    assert OVERRIDES_RECOMPOSE in texts(at)


def test_a_fork_of_a_run_without_checkpoints_says_so_and_offers_a_what_if_regrade(store: Store, engine: Engine) -> None:
    handle = RunManager(engine, store).start(example_config("haiku"))
    assert handle.wait(120)
    engine.checkpointer.delete_thread(handle.run_id)
    at = app(run=handle.run_id)
    at.session_state[f"fork_open_{handle.run_id}"] = True  # the fork panel draws its fields while open
    at.run()
    area = next(t for t in at.text_area if t.key and t.key.startswith(f"fork_text_{handle.run_id}_Rubric"))
    area.set_value("- Exactly three lines").run()
    at.button(key=f"fork_go_{handle.run_id}").click().run()
    assert not at.exception
    said = " ".join(w.value for w in at.warning).replace("\\", "")  # Markdown-escaped on the page
    assert "has no checkpoints here" in said and f"rubric-studio regrade {handle.run_id}" in said
    links = [link.proto.label for link in at.get("page_link")]
    assert any("What-if regrade of its stored drafts" in label for label in links), links
    assert store.count_runs() == 1  # nothing was started or stored
