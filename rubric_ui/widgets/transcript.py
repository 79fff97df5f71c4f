"""The whole conversation, folded per iteration (newest open), repeated grader text collapsed."""

from __future__ import annotations

import streamlit as st

from rubric_core.views.feedback_origin import feedback_caption
from rubric_core.views.run_view import RunView, TranscriptItem, shown
from rubric_core.words import counted
from rubric_ui.safe import md

_AVATARS = {
    "user": ":material/person:",
    "assistant": ":material/smart_toy:",
    "grader": ":material/gavel:",
    "tool_call": ":material/build:",
    "tool": ":material/description:",
}


def new_paragraphs(text: str, seen: set[str]) -> tuple[str, int]:
    """The paragraphs of `text` not in `seen` (which grows), and how many were left out as repeats.

    The middleware wraps every feedback in the same instructions: shown once, then folded.
    """
    kept, repeated = [], 0
    for para in text.split("\n\n"):
        norm = " ".join(para.split())
        if norm and norm in seen:
            repeated += 1
            continue
        if norm:
            seen.add(norm)
        kept.append(para)
    return "\n\n".join(kept).strip(), repeated


def _groups(items: list[TranscriptItem]) -> list[tuple[tuple[int, int], list[TranscriptItem]]]:
    groups: list[tuple[tuple[int, int], list[TranscriptItem]]] = []
    for item in items:
        key = (item.turn, item.iteration)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(item)
        else:
            groups.append((key, [item]))
    return groups


def show_transcript(view: RunView) -> None:
    """One expander per iteration, in order; the newest open; tool calls and results as folded code."""
    if not view.transcript:
        st.caption("No messages yet.")
        return
    seen: set[str] = set()
    groups = _groups(view.transcript)
    several_turns = len(view.turns) > 1
    for n, ((turn, iteration), items) in enumerate(groups):
        title = (f"Turn {turn + 1} · " if several_turns else "") + f"Iteration {shown(iteration)}"
        with st.expander(title, expanded=n == len(groups) - 1):
            for item in items:
                _show_item(view, item, seen)


def _show_item(view: RunView, item: TranscriptItem, seen: set[str]) -> None:
    if item.role in ("tool_call", "tool"):
        st.caption(f"{'Tool call' if item.role == 'tool_call' else 'Tool result'}: {item.name or 'tool'}")
        st.code(item.text, language="text", wrap_lines=True)
        return
    role = "user" if item.role in ("user", "grader") else "assistant"
    with st.chat_message(role, avatar=_AVATARS[item.role]):
        if item.role == "grader":
            st.caption(md(feedback_caption(view, item.turn, item.iteration, shown(item.iteration))))
            text, repeated = new_paragraphs(item.text, seen)
            st.text(text or "(the same text as earlier feedback)")
            if repeated:
                st.caption(
                    f"{counted(repeated, 'paragraph')} identical to earlier feedback "
                    f"{'is' if repeated == 1 else 'are'} folded away."
                )
        elif item.role == "assistant":
            st.caption(f"Draft · iteration {shown(item.iteration)}")
            st.text(item.text)
        else:
            st.caption(f"User · turn {item.turn + 1}")
            st.text(item.text)
