"""What the AppTests of the Run page share."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from rubric_ui.session.state import START_KEY


def is_start(key: str | None) -> bool:
    """Whether a widget key is the Run page's Start button (`run_start_<click token>`)."""
    return bool(key) and str(key).startswith(f"{START_KEY}_")


def start_button(at: AppTest) -> Any:
    """The Run page's Start button (its key carries the click token of the button drawn now)."""
    found = [b for b in at.button if is_start(b.key)]
    assert len(found) == 1, [b.key for b in at.button]
    return found[0]
