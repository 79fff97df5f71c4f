"""The fork tree's line for the run on screen is bold, never literal asterisks (issue 40 item 2)."""

from __future__ import annotations

from typing import Any

import pytest
from markdown_it import MarkdownIt
from streamlit.testing.v1 import AppTest

PARENT = "97b86f31" + "0" * 24
FORK = "0fad565e" + "1" * 24


def _rows() -> list[dict[str, Any]]:
    parent = {"id": PARENT, "depth": 0, "status": "max_iterations_reached", "parent_run": None, "fork": {}}
    fork = {
        "id": FORK,
        "depth": 1,
        "status": "max_iterations_reached",
        "parent_run": PARENT,
        "forked_at": 0,
        "forked_turn": 0,
        "fork": {"rubric": "- Exactly three lines"},
    }
    return [parent, fork]


def _tree(run_id: str) -> None:
    from rubric_ui.widgets.fork_tree import show_fork_tree

    show_fork_tree(None, run_id)


@pytest.mark.parametrize("shown", [FORK, PARENT])
def test_the_run_on_screen_is_bold_in_its_fork_tree(shown: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("rubric_ui.widgets.fork_tree.fork_tree", lambda _store, _run: _rows())
    # A page link needs the app's pages (this draws the widget alone): the other lines are links, not read here.
    monkeypatch.setattr("streamlit.page_link", lambda *_a, **_k: None)
    at = AppTest.from_function(_tree, args=(shown,)).run()
    assert not at.exception
    line = next(m.value for m in at.markdown if "(this run)" in m.value)
    html = MarkdownIt("commonmark").render(line)
    assert "**" not in html and "<strong>" in html, (line, html)
    assert shown[:8] in html.split("<strong>", 1)[1].split("</strong>", 1)[0]
