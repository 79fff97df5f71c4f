"""The draft panel (issue 38 item 6, issue 40 item 6): an edited line is checked again at once, "Draft again" keeps
the author's edits and removals, a line left to an LLM grader can be added, a note that cannot apply changes nothing
and says why; the Assistant page drafts too and starts a run with the task and the rubric in one click."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
TASK = (
    "Write a launch email for a budget travel app called Roamly. Under 150 words, mention the 30-day free trial and "
    "the price of $4.99/month, end with a question."
)


def _lines(at: AppTest, prefix: str, version: int) -> list[str]:
    return [t.value for t in at.text_input if t.key and t.key.startswith(f"{prefix}_text_{version}_")]


def _drafted() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.text_area(key="run_task").set_value(TASK).run()
    at.button(key="run_draft_go").click().run()
    assert not at.exception
    return at


def test_an_edited_line_gets_its_check_at_once_and_a_left_line_can_be_added() -> None:
    at = _drafted()
    lines = _lines(at, "run_draft", 1)
    assert lines[0] == "Fewer than 150 words" and "Mentions the 30-day free trial" in lines
    assert "Ends with a question" not in lines  # it would claim the sign-off's place
    at.text_input(key="run_draft_text_1_0").set_value("Fewer than 90 words").run()
    captions = " ".join(c.value for c in at.caption)
    assert "at most 89 words" in captions and "edited by you" in captions and "at most 149 words" not in captions
    # The closing question before the sign-off is checked offline: a ticked line, never left to an LLM (item 14).
    closing = "The last sentence before the sign-off is a question"
    assert closing in lines and not any(closing in c.label for c in at.checkbox if "_add_" in str(c.key))
    add = next(c for c in at.checkbox if c.key.startswith("run_draft_add_1_") and "launch email" in c.label)
    add.check()
    at.checkbox(key="run_draft_keep_1_1").uncheck()
    at.button(key="run_draft_use").click().run()
    rubric = at.text_area(key="run_rubric").value
    assert rubric.startswith("- Fewer than 90 words\n") and closing in rubric and "Is a launch email" in rubric
    assert lines[1] not in rubric


def test_draft_again_from_the_task_keeps_edits_and_removals_and_a_bad_note_changes_nothing() -> None:
    at = _drafted()
    lines = _lines(at, "run_draft", 1)
    at.text_input(key="run_draft_text_1_0").set_value("Fewer than 100 words")
    at.checkbox(key="run_draft_keep_1_1").uncheck().run()
    at.button(key="run_draft_redraft").click().run()
    assert not at.exception
    again = _lines(at, "run_draft", 2)
    assert again[0] == "Fewer than 100 words" and lines[1] not in again and again[1:] == [x for x in lines[2:]]
    assert any("edits and removals are kept" in s.value for s in at.success)
    at.text_input(key="run_draft_note").set_value("remove 40").run()
    at.button(key="run_draft_again").click().run()
    assert any("no criterion 40" in e.value and "Nothing was changed" in e.value for e in at.error)
    assert _lines(at, "run_draft", 2) == again and not _lines(at, "run_draft", 3)
    at.text_input(key="run_draft_note").set_value("undo").run()
    at.button(key="run_draft_again").click().run()
    assert any("Nothing to undo" in e.value for e in at.error)


def test_the_assistant_page_drafts_and_starts_a_run_with_the_task_and_the_rubric() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("rubric_ui/app_pages/assistant.py").run()
    assert not at.exception
    assert any("Draft a rubric from a task" in s.value for s in at.subheader)
    at.text_area(key="assistant_draft_task").set_value(TASK).run()
    at.button(key="assistant_draft_go").click().run()
    assert not at.exception
    lines = _lines(at, "assistant_draft", 1)
    assert "Mentions $4.99/month" in lines
    at.button(key="assistant_draft_use").click().run()
    assert not at.exception
    assert at.text_area(key="run_task").value == TASK
    assert at.text_area(key="run_rubric").value == "".join(f"- {x}\n" for x in lines)
