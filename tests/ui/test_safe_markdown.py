"""Drafts shown as Markdown: line breaks kept, images never fetched."""

from __future__ import annotations

from rubric_ui.safe import safe_markdown


def test_line_breaks_are_hard_breaks_outside_code_fences() -> None:
    out = safe_markdown("one\ntwo\n\n```\ncode\n```")
    assert out.startswith("one  \ntwo  \n\n")
    assert "\ncode\n" in out  # unchanged inside the fence


def test_images_are_shown_as_text() -> None:
    assert "![" not in safe_markdown("look ![x](http://example.com/a.png)")
