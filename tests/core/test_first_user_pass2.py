"""Defects of the second first-user pass (issue 40, newuser2) that the core answers for."""

from __future__ import annotations

from pathlib import Path

from rubric_core.engine import Engine
from rubric_core.store import Store
from rubric_core.verdicts import check_text
from tests.core.grader_helpers import record

LETTER = """Subject: Meet Roamly

Hi there,

Roamly plans your trips in seconds. Try it free for 30 days, then $4.99/month.

Ready to plan your next trip?

Best,
The Roamly team"""


def test_a_question_check_names_the_line_of_the_whole_draft_not_of_its_last_sentence() -> None:
    """'Ends with a question' said "question found in line 1" of the draft's fourth line: the line was counted
    from the start of the last sentence it looked in, the subject and greeting skipped."""
    for criterion in ("Ends with a question", "Asks a question"):
        said = check_text(record(criterion, LETTER)["check"])
        assert 'question found in line 4: "Ready to plan your next trip?"' in said, said


def test_a_tone_criterion_with_no_word_to_match_says_it_cannot_judge_not_word_match_of_nothing() -> None:
    """ "word match: …; cannot judge … (looked for ; cannot judge …)": an empty word list shown as a match."""
    check = record("Has a friendly, upbeat tone", LETTER)["check"]
    said = check_text(check)
    assert record("Has a friendly, upbeat tone", LETTER)["verdict"] == "n/a"
    assert not said.startswith("word match") and "looked for ;" not in said and "(looked for" not in said, said
    assert said.startswith('cannot judge "friendly"') and "upbeat tone" in said, said


def test_present_says_an_na_reason_whole_without_the_authors_advice_and_cuts_a_long_gap_with_an_ellipsis() -> None:
    """Present's rubric list showed the offline grader's n/a gap, advice for the rubric's author included, cut
    mid-sentence ("… (listed under the rubric on the") with no ellipsis."""
    from rubric_core.views.present_payload import AUDIENCE_GAP_CHARS, audience_gap

    graded = record("Has a friendly, upbeat tone", LETTER)
    said = audience_gap({"name": "Has a friendly, upbeat tone", "passed": False, **graded})
    assert said.startswith("An offline grader cannot judge this criterion") and said.endswith("must contain."), said
    assert "Rephrase" not in said
    long = audience_gap({"name": "x", "passed": False, "verdict": "fail", "gap": "word " * 100})
    assert long.endswith(" …") and len(long) <= AUDIENCE_GAP_CHARS + 2 and "wor …" not in long
    assert audience_gap({"name": "x", "passed": True, "verdict": "pass", "gap": "old"}) == ""


def test_a_person_with_no_name_is_a_person_never_local() -> None:
    """ "written by local": the local user who typed no name is recorded as 'local'; a sentence names a person."""
    from rubric_core.engine.steering import overridden_explanation
    from rubric_core.views.feedback_origin import feedback_by, feedback_origin
    from rubric_core.views.run_view import RunView
    from rubric_core.views.steer_view import fork_sentence

    for reviewer, said in (("local", "written by a person, not the grader"), ("Ana", "written by Ana, not the grader")):
        view = RunView(run_id="r")
        view.steer.decisions = [
            {"turn": 0, "iteration": 0, "action": "continue", "feedback": "x", "reviewer": reviewer}
        ]
        assert feedback_by(feedback_origin(view, 0, 0)) == said
    fork = {"parent_run": "abc", "iteration": 1, "kind": "draft", "rubric": "- x", "by": "local"}
    assert "edited by a person." in fork_sentence(fork) and "local" not in fork_sentence(fork)
    explained = overridden_explanation([{"name": "x", "passed": False, "gap": "g"}], 1, "local")
    assert explained.startswith("A reviewer overrode"), explained


def test_the_writers_notice_on_a_draft_reaches_the_run_view_beside_that_draft_as_text() -> None:
    """data["notice"] of a draft event (the offline writer saying what it could not do) was never shown."""
    from rubric_core.views.run_payload import run_payload
    from rubric_core.views.run_view import RunView
    from tests.core.helpers import XSS_SCRIPT, planted_run_events

    view = RunView.from_events("n" * 32, planted_run_events("n" * 32))
    payload = run_payload(view)
    notices = [it["notice"] for turn in payload["turns"] for it in turn["iterations"]]
    assert notices == [f"Wrote the nearest genre {XSS_SCRIPT}"] * 2  # as text: the element sets textContent
    present = run_payload(view, mode="present")
    assert all(it["notice"] for turn in present["turns"] for it in turn["iterations"])
    script = (Path(__file__).parents[2] / "rubric_ui/widgets/run_element.js").read_text()
    assert script.count('caption("The writer\'s note: "') == 2  # beside the run view's draft and Present's


def test_a_forks_na_note_names_only_its_own_passes_not_the_parents_under_another_rubric() -> None:
    """The fork's banner said it "went on revising only because of … Has a friendly, upbeat tone", a criterion of
    the parent's rubric the fork's edited rubric no longer has (the passes before the fork point are the parent's)."""
    from rubric_core.views.run_view import IterationView, RunView, TurnView

    na = {"name": "Has a friendly, upbeat tone", "passed": False, "verdict": "n/a", "gap": "cannot judge"}
    ok = {"name": "Names the app Roamly", "passed": True, "verdict": "pass"}

    def graded(i: int, result: str, criteria: list) -> IterationView:
        return IterationView(turn=0, iteration=i, drafted=True, evaluation={"result": result, "criteria": criteria})

    def view(fork: dict) -> RunView:
        v = RunView(run_id="f" * 32, status="satisfied", ended=True)
        its = [
            graded(0, "needs_revision", [ok, na]),
            graded(1, "needs_revision", [ok, na]),
            graded(2, "satisfied", [ok]),
        ]
        v.turns = [TurnView(turn=0, message="m", rubric="- Names the app Roamly", iterations=its)]
        v.steer.fork = fork
        return v

    assert "Has a friendly, upbeat tone" in view({}).na_note()  # the parent itself: its own passes
    assert view({"parent_run": "p", "turn": 0, "iteration": 2, "kind": "rubric"}).na_note() == ""
    assert "upbeat" in view({"parent_run": "p", "turn": 0, "iteration": 1, "kind": "rubric"}).na_note()
    assert view({"parent_run": "p", "turn": 0, "iteration": 1, "kind": "feedback"}).na_note() == ""


ROAMLY = (
    "Write a launch email for a budget travel app called Roamly. Under 120 words, mention the price of $4.99/month, "
    "end with a question."
)
EMAIL = [
    "Fewer than 120 words",
    "Mentions $4.99/month",
    "The last sentence before the sign-off is a question",
    "Ends with a sign-off",
    "Mentions Roamly",
    "Starts with a greeting",
]


def test_a_note_never_adds_a_line_the_rubric_already_has_word_for_word() -> None:
    """ "remove 4 and end with a question" added "The last sentence before the sign-off is a question" a second time:
    the reconciled line was never compared with the lines already there."""
    import pytest

    from rubric_core.assistant.draft_inputs import DraftInputError
    from rubric_core.assistant.drafting import amend_rubric

    got = amend_rubric(ROAMLY, EMAIL, "remove 6 and end with a question")
    assert [c.text for c in got.criteria] == EMAIL[:5]
    assert 'Part 2 ("end with a question"): Criterion 3' in got.message and "already asks for that" in got.message
    with pytest.raises(DraftInputError, match=r"Criterion 3 .* already asks for that\. Nothing was changed\."):
        amend_rubric(ROAMLY, EMAIL, "end with a question")


def test_a_new_limit_kept_behind_a_strict_bound_says_what_it_means() -> None:
    """ "make the word limit 100" on "Fewer than 120 words" gave "Fewer than 100 words" (100 words fail) silently."""
    from rubric_core.assistant.drafting import amend_rubric

    got = amend_rubric(ROAMLY, EMAIL, "make the word limit 100")
    assert got.criteria[0].text == "Fewer than 100 words"
    assert '"fewer than" is kept, so 100 words do not pass (at most 99 do)' in got.message
    assert 'write "change 1 to at most 100 words"' in got.message
    told = amend_rubric(ROAMLY, [c.text for c in got.criteria], "change 1 to at most 100 words")  # as it says
    assert told.criteria[0].text == "At most 100 words" and "is kept" not in told.message


def test_a_stored_run_with_a_criterion_written_twice_can_be_reviewed_on_it(store: Store, engine: Engine) -> None:
    """Review said "'Is about spring' is not in the rubric graded" of a criterion its run's rubric held twice (such
    a run is refused at Start now: tests/ui/test_repeated_criterion.py; one stored before still opens)."""
    from dataclasses import replace

    from rubric_core.judge.reviews import record_review
    from rubric_core.store import judge as judge_store
    from tests.core.helpers import example_config

    config = example_config("haiku")
    config = replace(config, rubric=config.rubric + "\n- Is about spring", max_iterations=1)
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    record_review(store, run_id, iteration=0, criterion="Is about spring", verdict="fail", reviewer="ann")
    (review,) = judge_store.latest_reviews(store, [run_id])
    assert (review["criterion"], review["passed"]) == ("Is about spring", False)
