"""The Assistant page's "Draft a rubric from a task": the same panel as the Run editor's, with a task field of its
own; "Start a run with these" carries the task and the kept lines to the Run editor in one click (issue 40 item 6)."""

from __future__ import annotations

import streamlit as st

from rubric_ui.screens.run_draft import show_draft_panel
from rubric_ui.session.access import allowed
from rubric_ui.session.page_files import RUN_PAGE_FILE
from rubric_ui.session.state import PRESET

TASK = "assistant_draft_task"
CARRY = "assistant_draft_carry"
"""Session key: the task and rubric to hand to the Run editor (set in the button's callback, used on the next run)."""


def show_assistant_draft() -> None:
    """The section, above the diagnosis."""
    if not allowed("draft"):
        return
    carry = st.session_state.pop(CARRY, None)
    if carry is not None:
        st.session_state[PRESET] = carry
        st.switch_page(RUN_PAGE_FILE)
    st.subheader("Draft a rubric from a task")
    st.caption(
        "Write the task; the drafter proposes one criterion per demand it states, each with the check that will "
        "judge it (the same drafter as the Run editor's panel). Keep, edit or remove lines, ask for changes in plain "
        "words, then start a run with them: the Run editor opens with the task and the rubric filled in."
    )
    task = st.text_area("Task to draft from", key=TASK, height=100, placeholder="What should the working agent do?")

    def start(rubric: str) -> None:
        st.session_state[CARRY] = {"task": st.session_state.get(TASK, ""), "rubric": rubric}

    show_draft_panel(task, start, prefix="assistant_draft", use_label="Start a run with these", expanded=True)
