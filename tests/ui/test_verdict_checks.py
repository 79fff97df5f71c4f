"""Issue 30: every verdict shows the check behind it, n/a is its own verdict, before Start and after the run."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rubric_core.engine import Engine
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.helpers import run_payload, start_button
from tests.ui.test_editor_validation import _wait_until_stored_run_ends
from tests.ui.test_pages import app

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
    start_button(at).click().run()
    run_id = at.query_params.get("run")
    assert run_id
    _wait_until_stored_run_ends(store, run_id if isinstance(run_id, str) else run_id[0], max_iterations=2)
    at.run()
    assert not at.exception
    payload = run_payload(at)
    assert "Is witty and original" in payload["na_note"] and "hit its cap" in payload["na_note"]
    last = payload["turns"][0]["iterations"][-1]
    said = {c["name"]: (c["text"], c["check"]) for c in last["criteria"]}
    assert said["Is witty and original"][0] == "n/a (cannot judge)"
    assert said["Exactly three lines"][1].startswith("line count: ")


def _view(run_id: str, criteria: list[dict]) -> object:
    from rubric_core.events import RunEvent
    from rubric_core.views.run_view import RunView

    events = [
        RunEvent(run_id, 0, "run_started", 0.0, {"mode": "start", "config": {"task": "t", "rubric": "- a"}}),
        RunEvent(run_id, 1, "draft", 1.0, {"turn": 0, "iteration": 0, "text": "x"}),
        RunEvent(
            run_id,
            2,
            "evaluation",
            2.0,
            {"turn": 0, "iteration": 0, "result": "needs_revision", "explanation": "", "criteria": criteria},
        ),
    ]
    return RunView.from_events(run_id, events)


def test_runs_compare_shows_each_final_verdict_with_its_check_and_n_a_apart() -> None:
    """Runs compare: an n/a verdict reads n/a (it had read ✘ fail) and each side names its check."""
    from rubric_ui.screens.runs_compare import criteria_pairs

    check = {"kind": "word_count", "label": "word count", "looked_for": "at most 120 words", "found": "138 words"}
    na = {"kind": "cannot_judge", "label": "cannot judge", "looked_for": "", "found": "no check matches"}
    a = _view("a" * 32, [{"name": "At most 120 words", "passed": False, "gap": "g", "verdict": "fail", "check": check}])
    b = _view("b" * 32, [{"name": "At most 120 words", "passed": False, "gap": "g", "verdict": "n/a", "check": na}])
    (row,) = criteria_pairs(a, b).to_dict("records")
    assert (row["A (final)"], row["B (final)"]) == ("✘ fail", "n/a (cannot judge)")
    assert row["A check"] == "word count: 138 words (looked for at most 120 words)"
    assert row["B check"] == "cannot judge: no check matches"


def test_present_says_an_offline_run_is_one_and_shows_each_verdicts_check(store: Store, engine: Engine) -> None:
    """Issue 30 item 6: Present says in plain words that the drafts came from the embedded offline writer and the
    verdicts from deterministic checks; the replay's verdict tables name the check beside each verdict."""
    run_id = engine.execute(example_config("photosynthesis"), subscribers=[store.record]).run_id
    at = app(run=run_id, view="present")
    assert not at.exception
    present = run_payload(at)
    said = present["present"]["offline_run"]
    assert "embedded offline writer" in said and "deterministic checks" in said
    # The replay's last step is the last verdicts: its table names the check beside each verdict.
    last = present["present"]["steps"][-1]
    assert last["kind"] == "verdicts"
    it = next(i for t in present["turns"] for i in t["iterations"] if i["key"] == last["key"])
    assert all(c["check"].startswith(("word match: ", "sentence count: ")) for c in it["criteria"])


def test_the_preview_flags_criteria_that_cannot_both_hold_and_says_why() -> None:
    """Issue 38: two criteria that look at the same place ("Ends with a question" and "Ends with a sign-off" or
    "Ends with a period") or whose counts do not meet are flagged before Start, with which two and why."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").set_value("Write a launch email for Roamly.")
    rubric = "- Ends with a question\n- Ends with a sign-off\n- Ends with a period\n- At most 50 words\n- At least 80 words\n"
    at.text_area(key="run_rubric").set_value(rubric).run()
    assert not at.exception
    warnings = [w.value.replace("\\", "") for w in at.warning if "cannot both hold" in w.value]
    assert any("Ends with a question" in w and "Ends with a sign-off" in w and "sign-off" in w for w in warnings)
    assert any("Ends with a period" in w and "last mark" in w for w in warnings)
    assert any("At most 50 words" in w and "At least 80 words" in w and "at least 80 words" in w for w in warnings)
    at.text_area(key="run_rubric").set_value("- Ends with a question\n- Mentions $49\n").run()
    assert not [w for w in at.warning if "cannot both hold" in w.value]
