"""When someone else saved first: who saved what and when, the difference, and what this person can do.

The store refused the save (rubric_core.store.conflicts.EditConflict): nothing was overwritten and the
person's own text is still in their editor. This draws the notice and the difference between what is
stored now and what they wrote; the page offers the choices (merge, save theirs anyway, take the other).
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from rubric_core.views.diff import DIFF_CSS, side_by_side_html, word_diff
from rubric_ui.safe import md


def who(identity: str) -> str:
    """A person as a save names them (their email from sign-in, `cli:USER`), for Markdown."""
    if not identity:
        return "someone (by a command or a suite run)"
    if identity == "local":
        return "another session of this dashboard (sign-in is off, so it has no name)"
    return f"**{md(identity)}**"


def when(at: float | None) -> str:
    """A stored time as the notice says it."""
    if not at:
        return "a moment ago"
    return datetime.fromtimestamp(float(at), UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def show_difference(theirs: str, mine: str, *, their_label: str, key: str) -> None:
    """The stored text beside this person's, word by word (both escaped)."""
    ops = word_diff(theirs, mine)
    with st.container(key=key):
        st.markdown(DIFF_CSS + side_by_side_html(ops, left=their_label, right="yours"), unsafe_allow_html=True)
