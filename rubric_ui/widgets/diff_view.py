"""The revision diff: any two revisions, side by side or inline, word level, escaped; files too."""

from __future__ import annotations

import streamlit as st

from rubric_core.verdicts import verdict_of
from rubric_core.views.diff import DIFF_CSS, changed, files_diff, inline_html, side_by_side_html, word_diff
from rubric_core.views.run_view import RunView, shown
from rubric_ui.safe import md


def show_revision_diff(view: RunView, *, key: str) -> None:
    """Pick two revisions (default: the last one and the newest before it that differs), see what changed and what
    the grader had asked."""
    its = [it for it in view.all_iterations() if it.drafted]
    if len(its) < 2:
        st.caption("The diff appears once there are two revisions.")
        return
    several = len(view.turns) > 1
    labels = [(f"turn {it.turn + 1} · " if several else "") + f"iteration {shown(it.iteration)}" for it in its]
    # From the newest revision whose text differs from the last one (a run that stalls repeats its draft, and a
    # diff of two identical texts shows nothing).
    start = next((k for k in range(len(its) - 2, -1, -1) if its[k].draft != its[-1].draft), len(its) - 2)
    c1, c2, c3 = st.columns([2, 2, 2])
    a = c1.selectbox("From", range(len(its)), index=start, format_func=labels.__getitem__, key=f"{key}_from")
    b = c2.selectbox("To", range(len(its)), index=len(its) - 1, format_func=labels.__getitem__, key=f"{key}_to")
    mode = c3.radio("Layout", ["Side by side", "Inline"], key=f"{key}_mode", horizontal=True)
    before, after = its[a], its[b]
    ops = word_diff(before.draft, after.draft)
    # The diff takes the whole width (each side about half of it); what the grader asked goes below.
    left, right = st.container(), (st.container() if before.criteria else None)
    with left:
        if not changed(ops):
            st.caption("No change in the text.")
        elif a == start < len(its) - 2 and b == len(its) - 1:
            st.caption(
                f"{labels[start + 1].capitalize()} to {labels[-1]} have the same text: the diff starts at {labels[a]}."
            )
        html = side_by_side_html(ops, left=labels[a], right=labels[b]) if mode == "Side by side" else inline_html(ops)
        st.markdown(DIFF_CSS + html, unsafe_allow_html=True)
        for fd in files_diff(before.files, after.files):
            if fd.status == "unchanged":
                continue
            st.markdown(f"**File {md(fd.path)}** ({fd.status})")
            st.markdown(DIFF_CSS + inline_html(fd.ops), unsafe_allow_html=True)
    if right is not None:
        with right:
            st.markdown(f"**What the grader asked at {labels[a]}**")
            # n/a is neither a pass nor a fail: said apart, never with the fail mark (it was drawn with ✘).
            failing = [c for c in before.criteria if verdict_of(c) == "fail"]
            unjudged = [c for c in before.criteria if verdict_of(c) == "n/a"]
            if not failing:
                st.caption("Nothing failed at this revision.")
            for c in failing:
                st.markdown(f"- ✘ {md(c['name'])}")
                st.caption(c.get("gap", ""))
            if unjudged:
                st.markdown("Not judged (n/a): the grader could not judge these, neither a pass nor a fail")
                for c in unjudged:
                    st.markdown(f"- n/a {md(c['name'])}")
                    st.caption(c.get("gap", ""))
