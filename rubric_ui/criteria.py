"""Per-iteration criteria tables."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from rubric_core.view import IterationView
from rubric_ui.safe import md


def criteria_frame(it: IterationView) -> pd.DataFrame:
    """criterion, verdict, gap for one iteration (text is shown as text, never HTML)."""
    return pd.DataFrame(
        [
            {"criterion": c["name"], "verdict": "✔ pass" if c["passed"] else "✘ fail", "gap": c.get("gap", "") or ""}
            for c in it.criteria
        ],
        columns=["criterion", "verdict", "gap"],
    )


def show_criteria(it: IterationView, *, key: str) -> None:
    """The criteria table of one iteration, with the grader's explanation."""
    if it.evaluation is None:
        st.caption("Grading…" if it.grading else "Not graded yet.")
        return
    st.markdown(
        f"**Iteration {it.iteration}: {md(it.result)}**" + (" · unverified" if it.evaluation.get("unverified") else "")
    )
    if it.criteria:
        st.dataframe(
            criteria_frame(it),
            hide_index=True,
            key=key,
            column_config={"gap": st.column_config.TextColumn(width="large")},
        )
    st.text(it.evaluation.get("explanation", ""))
