"""The draft panel's "Draft again with the note" (issue 40, second first-user pass): it took two clicks, the first
only committing the note's box (the button was disabled until the box's value reached the server)."""

from __future__ import annotations

from tests.ui.test_draft_panel import _drafted, _lines


def test_draft_again_with_the_note_is_never_disabled_and_says_when_the_note_is_empty() -> None:
    at = _drafted()
    first = _lines(at, "run_draft", 1)
    again = at.button(key="run_draft_again")
    assert not again.disabled  # a click lands on it while the box still holds what was typed
    again.click().run()
    assert any("Write a note first" in i.value for i in at.info) and not _lines(at, "run_draft", 2)
    # The note's text and the click arrive together (what one click after typing sends): one click drafts.
    at.text_input(key="run_draft_note").set_value("remove 2")
    at.button(key="run_draft_again").click().run()
    assert not at.exception
    assert _lines(at, "run_draft", 2) == [first[0], *first[2:]]
