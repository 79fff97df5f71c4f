"""Presentation: a clean, read-only view of one run for stakeholders, with a step-by-step replay."""

from __future__ import annotations

import streamlit as st

from rubric_core.exports.report import render_report
from rubric_core.views.run_view import STATUS_LABELS
from rubric_ui.safe import md, valid_run_id
from rubric_ui.session.access import check_forged_actions
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import viewed_run
from rubric_ui.widgets.fragments import draw_fragment
from rubric_ui.widgets.run_element import show_run_element
from rubric_ui.widgets.run_view import load_view

FOLLOW_SECONDS = 1.0
"""How often the view of a live run looks for new events in the store."""


def _reviews(run_id: str) -> list[dict]:
    from rubric_core.store.judge import latest_reviews

    return latest_reviews(store_or_stop(), [run_id])


def _pick_a_run() -> bool:
    """No run watched in this session: pick one of the newest stored runs to present. False: none is stored."""

    rows = store_or_stop().list_runs(limit=50)
    if not rows:
        return False
    labels = {
        r["id"]: f"{r['id'][:8]} · {STATUS_LABELS.get(r['status'], r['status'])} · {' '.join(r['task'].split())[:70]}"
        for r in rows
    }
    picked = st.selectbox(
        "Run to present (the 50 newest; the Runs page finds any other)",
        list(labels),
        index=None,
        format_func=lambda rid: labels.get(rid, rid),
        placeholder="Pick a run",
        key="present_pick",
    )
    if picked:
        st.query_params.from_dict({"run": picked, "view": "present"})
        st.rerun()
    return True


def render(run_id: str | None = None, *, shared: bool = False) -> None:
    """The page: the run of `?run=`, or `run_id` for a share link (`shared`: no way back into the app, no reviews)."""
    run_id = run_id or st.query_params.get("run")
    if not run_id:
        # The sidebar's Present link: present the run the page it came from showed (the Run page's, the Review
        # page's, the one previewed on Runs), full screen.
        watched = viewed_run()
        if watched and valid_run_id(watched):
            st.query_params.from_dict({"run": watched, "view": "present"})
            st.rerun()
        st.title("Present")
        if not _pick_a_run():
            st.info("No run to present yet: start one on the Run page, then click Present.")
            # A plain link: opened as ?view=present the app's navigation holds this page only, and a page link to
            # the Run page raised "Could not find page".
            st.markdown("[Go to the Run page](./)")
        return
    view = load_view(run_id) if valid_run_id(run_id) else None
    if view is None:
        st.error(f"No run with id {md(run_id)} in the store.")
        return
    # The run id is checked against RUN_ID_RE above, so it is safe in the link; a plain link opens in this tab.
    st.html(
        "<style>[data-testid='stSidebar']{display:none}.rs-back{display:inline-block;padding:4px 12px;"
        "border:1px solid #d0d7de;border-radius:6px;text-decoration:none;color:#1f2328}</style>"
        + ("" if shared else f'<a class="rs-back" href="./?run={run_id}">&larr; Back to Rubric Studio</a>')
    )
    # The status, the replay (its steps and controls in the page: stepping and playing rerun nothing), the task,
    # the rubric, the heatmap and the final output: one element, one payload (rubric_ui/widgets/run_element.py).
    # A person's reviews and overrides are drawn on the replay's heatmap as on the Run page's (a share link's
    # readers see none: reviewers are named there).
    show_run_element(view, mode="present", reviews=None if shared or not view.ended else _reviews(run_id))
    if not view.ended:
        _follow(run_id, view.last_seq)
    st.download_button(
        "Download HTML report",
        # A shared report names no reviewer: reviewers' emails are for the team, not the link's readers.
        render_report(view, title="Rubric Studio run", reviews=[] if shared else _reviews(run_id)).encode(),
        file_name=f"rubric-run-{run_id[:12]}.html",
        mime="text/html",
        key="present_report",
    )


def _follow(run_id: str, seen: int) -> None:
    """While the run goes on, redraw the view whenever the store has a new event for it (a live demo, or a share
    link opened on a running run, follows it to its end without a reload). The element says it follows the run."""

    @st.fragment(run_every=FOLLOW_SECONDS)
    def follow() -> None:
        check_forged_actions()  # a fragment run does not run the page script: its controls are checked here
        now = load_view(run_id)
        if now is None or now.last_seq != seen:
            st.rerun()

    draw_fragment(follow)
