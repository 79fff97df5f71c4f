"""Two judges on the same drafts, on the Suites page's matrix: regrade a finished column under other graders (no
working-model call) and compare the graders with each other and with the people's reviews."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from rubric_core.store import Store
from rubric_core.suites.matrix import Matrix
from rubric_core.words import counted
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys


def show_judges(store: Store, suite_id: str, matrix: Matrix, *, key: str) -> None:
    from rubric_core.judge.judges import MAX_OTHER_GRADERS, stored_panel
    from rubric_core.judge.regrade import RegradeError

    st.caption(
        "Every stored draft of the column's finished runs is graded again by each other grader, through the loop's "
        "own grader (the working model is not called); then, per criterion, how often the graders agree with each "
        "other and, where people reviewed cells, with the people (Cohen's kappa, n, false acceptances: the grader "
        "passed what the reviewer failed). n/a verdicts are left out and counted."
    )
    done = [c for c in matrix.columns if c.column is not None]
    if not done:
        return
    outcomes = matrix.cells.groupby("column")["outcome"].agg(lambda o: set(o.astype(str)))
    failed = {int(c) for c, seen in outcomes.items() if seen == {"error"}}

    def said(i: int) -> str:
        # A column whose runs all ended in an error has no draft: said in the picker, and why on Regrade.
        return f"{i + 1}. {matrix.columns[i].label}" + (
            " (no draft: every run ended in an error)" if i in failed else ""
        )

    column = st.selectbox(
        "Column whose drafts to regrade",
        [c.column for c in done],
        format_func=said,
        key=f"{key}_judges_column_{suite_id}",
    )
    panel_key = f"{key}_judges_panel_{suite_id}_{column}"
    graders_text = st.text_input(
        f"Other grader models (provider:model-id, comma separated, up to {MAX_OTHER_GRADERS})",
        key=f"{key}_judges_graders_{suite_id}",
        placeholder="openai:gpt-4o-mini, anthropic:claude-haiku-4-5",
    )
    a, b = st.columns(2)
    if allowed("what_if") and a.button("Regrade this column's drafts", key=f"{key}_judges_go", icon=":material/gavel:"):
        graders = [g.strip() for g in graders_text.split(",") if g.strip()]
        from rubric_core.judge.judges import judge_column

        with st.spinner("Regrading the stored drafts (the working model is not called)…"):
            try:
                panel = act(
                    "what_if",
                    lambda: judge_column(store, suite_id, column, graders, keys=run_keys()),
                    suite_id=suite_id,
                    detail=f"column {int(column or 0) + 1} regraded by {', '.join(graders)}",
                )
            except RegradeError as exc:
                st.error(str(exc))
                panel = None
        if panel is not None:
            st.session_state[panel_key] = panel
    if b.button("Show the last stored regrade", key=f"{key}_judges_load"):
        found = stored_panel(store, suite_id, column)
        if found is None:
            st.info("No other grader has regraded every finished run of this column yet.")
        else:
            st.session_state[panel_key] = found
    panel = st.session_state.get(panel_key)
    if panel is not None:
        _panel(panel)


def _panel(panel: Any) -> None:
    for grader in panel.graders[1:]:
        if grader.failed_passes:
            st.error(
                f"{grader.grader} could not grade {counted(grader.failed_passes, 'draft')} "
                f"({grader.causes[0][:200] if grader.causes else 'no reason given'}): its figures leave them out."
            )
    st.markdown(
        f"{counted(panel.runs, 'run')}, {counted(panel.drafts, 'stored draft')}, "
        f"{counted(panel.reviewed, 'reviewed cell')}. **Graders with each other:**"
    )
    rows = [
        {
            "criterion": p.criterion,
            "graders": f"{p.grader_a} · {p.grader_b}",
            "n (both judged)": p.agreement.reviewed,
            "agree": "–" if p.agreement.rate is None else f"{p.agreement.rate:.0%}",
            "kappa": "undefined" if p.agreement.kappa is None else f"{p.agreement.kappa:.2f} ({p.agreement.band})",
            "n/a left out": p.not_judged,
        }
        for p in panel.pairs
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="matrix_judges_pairs")
    humans = [h for h in panel.humans if h.agreement.reviewed or h.agreement.not_judged]
    if not humans:
        st.caption("No reviewed cell among these drafts: review some on the Review page to hold the graders to people.")
        return
    st.markdown("**Each grader with the people:**")
    rows = [
        {
            "criterion": h.criterion,
            "grader": h.grader,
            "n (reviewed)": h.agreement.reviewed,
            "agree": "–" if h.agreement.rate is None else f"{h.agreement.rate:.0%}",
            "kappa": "undefined" if h.agreement.kappa is None else f"{h.agreement.kappa:.2f} ({h.agreement.band})",
            "false acceptances": h.agreement.false_acceptances,
            "n/a left out": h.agreement.not_judged,
        }
        for h in humans
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", key="matrix_judges_humans")
