"""The whole conversation: roles distinguished, grader feedback marked, tool calls folded."""

from __future__ import annotations

import streamlit as st

from rubric_core.view import RunView

_AVATARS = {
    "user": ":material/person:",
    "assistant": ":material/smart_toy:",
    "grader": ":material/gavel:",
    "tool_call": ":material/build:",
    "tool": ":material/description:",
}


def show_transcript(view: RunView) -> None:
    """Messages in order; tool calls and results inside collapsed expanders."""
    if not view.transcript:
        st.caption("No messages yet.")
        return
    for n, item in enumerate(view.transcript):
        if item.role in ("tool_call", "tool"):
            label = f"{'Tool call' if item.role == 'tool_call' else 'Tool result'}: {item.name or 'tool'}"
            with st.expander(label, expanded=False, icon=_AVATARS[item.role]):
                st.code(item.text, language="text")
            continue
        role = "user" if item.role in ("user", "grader") else "assistant"
        with st.chat_message(role, avatar=_AVATARS[item.role]):
            if item.role == "grader":
                st.caption(f"Grader feedback after iteration {item.iteration} (injected by the middleware)")
            elif item.role == "assistant":
                st.caption(f"Draft · turn {item.turn} · iteration {item.iteration}")
            else:
                st.caption(f"User · turn {item.turn}")
            st.text(item.text)
        _ = n
