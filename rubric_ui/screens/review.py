"""The Review page: a review queue of a run's cells, grader-human agreement, consistency and what-if regrades.

Iterations and turns are shown 1-based (iteration 1 = the first draft); the
core works on the store's 0-based numbers. All run and grader text is shown
as text or escaped HTML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from rubric_core.suites.suite_store import suite_of_run
from rubric_core.views.run_view import STATUS_LABELS
from rubric_ui.safe import md, valid_run_id
from rubric_ui.screens.review_common import REVIEWER, TABLE_CSS
from rubric_ui.screens.review_judge import show_agreement, show_consistency, show_suite_what_if, show_what_if
from rubric_ui.screens.review_queue import show_queue
from rubric_ui.session.access import allowed, reviewer_identity, typed_name
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import ATTACHED, mark_viewed

if TYPE_CHECKING:
    from rubric_core.store import Store


def reviewer_sidebar() -> str:
    """The reviewer name field in the sidebar; its value lives in the session and in the URL (`?reviewer=`).

    In the URL it outlives a reload (a reload starts a new session, and the name typed was lost). Signed in,
    there is no field: reviews are attributed to the signed-in person (from the ID token), and a person who
    may not review gets no name to review with.
    """
    signed = reviewer_identity()
    if signed is not None or not allowed("review"):
        with st.sidebar:
            if allowed("review"):
                st.caption(f"Your reviews are recorded as {md(signed)}.")
        return signed or ""
    typed_name()  # the address's ?reviewer= into the session, as every page reads it
    with st.sidebar:
        value = st.text_input(
            "Reviewer name",
            value=st.session_state.get(REVIEWER, ""),
            key="review_reviewer_input",
            help="Stored with each of your reviews. Kept for this browser session and in the page's address.",
        )
    name = value.strip()
    st.session_state[REVIEWER] = name
    if name and st.query_params.get("reviewer") != name:
        st.query_params["reviewer"] = name
    elif not name and "reviewer" in st.query_params:
        del st.query_params["reviewer"]
    return name


def _pick_run(store: Store) -> str | None:
    runs = [r for r in store.list_runs(limit=200) if r["iterations"]]
    # The run in the URL, else the one this session watched on the Run page (the run you came from), else the
    # newest.
    wanted = st.query_params.get("run") or st.session_state.get(ATTACHED)
    options = [r["id"] for r in runs]
    labels = {
        r["id"]: f"{r['id'][:8]} · {STATUS_LABELS.get(r['status'], r['status'])} · {' '.join(r['task'].split())[:70]}"
        for r in runs
    }
    if wanted and valid_run_id(wanted) and wanted not in options:
        row = store.get_run(wanted)
        if row is not None:
            options.insert(0, wanted)
            labels[wanted] = (
                f"{wanted[:8]} · {STATUS_LABELS.get(row['status'], row['status'])} · {' '.join(row['task'].split())[:70]}"
            )
    if not options:
        st.info("No graded run yet. Start one on the Run page, then review it here.")
        return None
    if st.session_state.get("review_run") not in options:
        st.session_state["review_run"] = wanted if wanted in options else options[0]
    run_id = st.selectbox("Run", options, key="review_run", format_func=lambda rid: labels.get(rid, rid))
    if run_id and st.query_params.get("run") != run_id:
        st.query_params["run"] = run_id
    if run_id:
        mark_viewed(run_id)
    return run_id


# ---- the page --------------------------------------------------------------------------------------------


def render() -> None:
    """The Review page."""
    st.title("Review")
    st.markdown(TABLE_CSS, unsafe_allow_html=True)
    reviewer = reviewer_sidebar()
    store = store_or_stop()
    run_id = _pick_run(store)
    if run_id is None:
        return
    queue, agree, cons, whatif = st.tabs(["Review queue", "Agreement", "Consistency", "What-if regrade"])
    suite = suite_of_run(store, run_id)
    with queue:
        ids, scope = [run_id], f"run_{run_id}"
        if suite is not None:
            whole = f"Every item of its suite run {suite[0][:8]} ({len(suite[1])} runs)"
            if st.radio("Queue of", ["This run", whole], horizontal=True, key="review_queue_scope") == whole:
                ids, scope = suite[1], f"suite_{suite[0]}"
        show_queue(store, ids, reviewer, scope=scope)
    with agree:
        show_agreement(store, run_id)
    with cons:
        show_consistency(store, run_id)
    with whatif:
        show_what_if(store, run_id)
        if suite is not None:
            show_suite_what_if(store, suite[0], suite[1])
