"""The criteria x iterations heatmap on a page: the HTML/CSS grid of rubric_core.views.heatmap, in a frame.

A plain grid, not plotly: a 20 x 50 run drew in 2.45 s with plotly, and the chart cost the browser
most of every live redraw. Inline in the page (st.html) the same grid cost Chromium seconds of
sanitizing and styling against the host's rules, so it is a document of its own in a frame.
Hover and click need no script (see rubric_core/views/heatmap.py).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from rubric_core.views.heatmap import heatmap_document
from rubric_core.views.run_view import IterationView, RunView, criteria_rows

EMPTY = "No verdicts yet: the heatmap fills in as each iteration is graded."


def frame_of(run_id: str, iterations: list[IterationView], reviews: list[dict] | None = None) -> Any:
    """The criteria frame (docs/FRAMES.md) of these iterations, built from the run's events and its reviews."""
    from rubric_core.views.frames import criteria_frame_from_rows  # pandas: imported on first use

    return criteria_frame_from_rows(criteria_rows(run_id, iterations), reviews)


def show_heatmap(
    view: RunView,
    *,
    key: str,
    iterations: list[IterationView] | None = None,
    reviews: list[dict] | None = None,
    narrow: bool = False,
) -> None:
    """One grid per turn (a turn header when there are several), or a note when nothing is graded yet;
    `narrow` in a half-width column (Compare's two grids side by side).

    With `reviews` (newest per cell) reviewed cells are marked and disagreements with the grader outlined.
    """
    its = view.all_iterations() if iterations is None else iterations
    frame = frame_of(view.run_id, its, reviews)
    turns = sorted({int(t) for t in frame["turn"]}) if len(frame) else []
    if not turns:
        st.caption(EMPTY)
        return
    drafts = {(it.turn, it.iteration): it.draft for it in its if it.drafted}
    for turn in turns:
        if len(turns) > 1:
            st.markdown(f"**Turn {turn + 1}**")
        doc, height = heatmap_document(frame, key=f"{key}-{turn}", turn=turn, drafts=drafts, narrow=narrow)
        # Its own document: its policy admits one constant script (the arrow keys) by its hash and no other, and every run
        # string in it is escaped (rubric_core.views.heatmap).
        st.iframe(doc, height=height, alt="Criteria heatmap: criteria by iteration, pass or fail")
