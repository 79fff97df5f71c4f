"""Issue 30: every verdict shows the check behind it, n/a is its own verdict, before Start and after the run."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.store import Store
from tests.ui.test_editor_validation import _wait_until_stored_run_ends

ROOT = Path(__file__).resolve().parents[2]
RUBRIC = "- At most 120 words\n- Mentions $49\n- Includes a call to action\n- Does not use jargon\n"


def test_the_preview_names_the_check_each_criterion_will_get_before_start() -> None:
    """The editor's preview says, for the offline grader, which check decides each criterion, or that it cannot
    judge it and why (it had listed the criteria alone, and called the unjudgeable ones 'failed')."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").set_value("Announce our new bike lock, the LockPro X, for $49.")
    at.text_area(key="run_rubric").set_value(RUBRIC).run()
    assert not at.exception
    preview = "\n".join(t.value for t in at.text)
    assert "→ word count: at most 120 words" in preview
    assert '→ word match: "$49"' in preview
    assert "→ call to action: a sentence that asks the reader to act" in preview
    assert '→ n/a, cannot judge: "jargon" is a kind of content' in preview
    warning = next(w.value for w in at.warning if "cannot judge" in w.value)
    assert "n/a (neither a pass nor a fail" in warning and "failed" not in warning


def test_a_finished_run_shows_each_verdict_with_its_check_and_says_it_revised_only_for_na(store: Store) -> None:
    """After the run: the criteria table has a check column, n/a cells say n/a, and the banner says the run hit
    its cap only because of a criterion its grader could not judge."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").set_value("Write a haiku about spring.")
    at.text_area(key="run_rubric").set_value("- Exactly three lines\n- Is witty and original\n")
    at.number_input(key="run_max_iterations").set_value(2)
    at.button(key="run_start").click().run()
    run_id = at.query_params.get("run")
    assert run_id
    _wait_until_stored_run_ends(store, run_id if isinstance(run_id, str) else run_id[0], max_iterations=2)
    at.run()
    assert not at.exception
    info = " ".join(i.value for i in at.info)
    assert "Not judged (n/a)" in info and "Is witty and original" in info and "hit its cap" in info
    html = " ".join(str(getattr(h, "proto", h)) for h in at.get("html"))
    assert "data-verdict" in html and "n/a (cannot judge)" in html and "line count: " in html
