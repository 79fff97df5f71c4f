"""Drafts shown as Markdown: line breaks kept, images never fetched."""

from __future__ import annotations

from rubric_ui.safe import safe_markdown


def test_line_breaks_are_hard_breaks_outside_code_fences() -> None:
    out = safe_markdown("one\ntwo\n\n```\ncode\n```")
    assert out.startswith("one  \ntwo  \n\n")
    assert "\ncode\n" in out  # unchanged inside the fence


def test_images_are_shown_as_text() -> None:
    assert "![" not in safe_markdown("look ![x](http://example.com/a.png)")


def test_a_drafts_headings_are_shown_below_the_pages_own() -> None:
    out = safe_markdown("# Status\n## Summary\n###### Deep\n#hashtag\n```\n# a comment in code\n```")
    assert out.split("\n")[:4] == ["#### Status  ", "##### Summary  ", "###### Deep  ", "#hashtag  "]
    assert "\n# a comment in code\n" in out  # code is left alone
