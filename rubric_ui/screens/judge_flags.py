"""Judge flags for the rubric editor: low grader-human agreement and flaky verdicts, by criterion name."""

from __future__ import annotations

import streamlit as st

from rubric_ui.session.resources import get_store


@st.cache_data(ttl=10, show_spinner=False)
def criterion_notes(names: tuple[str, ...], rubric_name: str = "") -> dict[str, list[str]]:
    """Criterion name -> short flags ('flipped 2 of 5', 'low agreement: kappa 0.10 over 8 reviews'). With a library
    rubric named, from its runs only; without, each rubric the criterion was measured in is named in its flag."""
    from rubric_core.judge.flags import criterion_flags
    from rubric_core.store import StoreError

    try:
        flags = criterion_flags(get_store(), list(names), rubric_name=rubric_name.strip() or None)
    except StoreError:
        return {}  # the page that needs the store says so; the editor still works
    return {name: f.notes() for name, f in flags.items() if f.notes()}


def hints(notes: dict[str, list[str]]) -> str:
    """One caption explaining the kinds of flags shown."""
    from rubric_core.judge.flags import FLAKY_HINT, LOW_KAPPA_HINT

    shown = [n for ns in notes.values() for n in ns]
    parts = []
    if any(n.startswith("flipped") for n in shown):
        parts.append(f"Flipped: {FLAKY_HINT}.")
    if any(n.startswith("low agreement") for n in shown):
        parts.append(f"Low agreement: {LOW_KAPPA_HINT}.")
    return " ".join(parts)
