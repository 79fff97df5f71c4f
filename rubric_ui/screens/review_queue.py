"""The review queue: a run's (or a suite's) graded cells one at a time, with a human verdict and reason each.

A human verdict is stored beside the grader's, never over it (rubric_core.judge.reviews).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from rubric_core.verdicts import check_text
from rubric_ui.safe import md
from rubric_ui.screens.review_common import REVIEWER, grader_verdict_label, verdict_label
from rubric_ui.session.access import act, allowed, reviewer_identity
from rubric_ui.session.resources import store_or_stop

if TYPE_CHECKING:
    from rubric_core.store import Store

ERROR = "review_error"
VERDICT_BUTTONS_CSS = (
    "<style>.st-key-review_pass button{background:#1a7f37;border-color:#1a7f37;color:#fff}"
    ".st-key-review_pass button:hover{background:#116329;border-color:#116329}"
    ".st-key-review_fail button{background:#cf222e;border-color:#cf222e;color:#fff}"
    ".st-key-review_fail button:hover{background:#a40e26;border-color:#a40e26}</style>"
)
"""Pass in green with a check, Fail in red with a cross: two primary buttons of one colour looked alike."""


def _cell_key(cell: dict[str, Any]) -> str:
    return f"{cell['run_id']}:{cell['turn']}:{cell['iteration']}:{cell['position']}"


def _queue_state(store: Store, scope: str, run_ids: list[str]) -> dict[str, Any]:
    from rubric_core.judge.reviews import unreviewed_cells

    key = f"review_queue_{scope}"
    if key not in st.session_state:
        st.session_state[key] = {"cells": [_cell_key(c) for c in unreviewed_cells(store, run_ids)], "pos": 0}
    return st.session_state[key]


def _move(scope: str, step: int) -> None:
    q = st.session_state[f"review_queue_{scope}"]
    q["pos"] = max(0, min(len(q["cells"]), q["pos"] + step))
    st.session_state.pop(ERROR, None)


def _rebuild(scope: str) -> None:
    st.session_state.pop(f"review_queue_{scope}", None)
    st.session_state.pop(ERROR, None)


def _review(scope: str, cell: dict[str, Any], verdict: str, reason_key: str) -> None:
    from rubric_core.judge.reviews import ReviewError, record_review

    # Signed in, the review is the signed-in person's (from the ID token); a typed name counts only without sign-in.
    signed = reviewer_identity()
    reviewer = signed or st.session_state.get(REVIEWER, "")
    try:
        done = act(
            "review",
            lambda: record_review(
                store_or_stop(),
                cell["run_id"],
                turn=cell["turn"],
                iteration=cell["iteration"],
                criterion=cell["criterion"],
                verdict=verdict,
                reason=st.session_state.get(reason_key, ""),
                reviewer=reviewer,
                reviewer_is_identity=signed is not None,
            ),
            run_id=cell["run_id"],
            detail=lambda row: (
                f"{verdict} for {row['criterion']!r} at turn {row['turn'] + 1}, iteration {row['iteration'] + 1}"
            ),
        )
    except ReviewError as exc:
        st.session_state[ERROR] = str(exc)
        return
    if done is not None:
        _move(scope, 1)


def show_queue(store: Store, run_ids: list[str], reviewer: str, *, scope: str) -> None:
    """One unreviewed cell at a time: draft, criterion, grader verdict and gap; pass, fail, skip, next, back.

    `run_ids` is one run, or the item runs of a suite run; `scope` names the queue in the session.
    """
    from rubric_core.judge.reviews import review_cells

    q = _queue_state(store, scope, run_ids)
    cells = {_cell_key(c): c for c in review_cells(store, run_ids)}
    total, pos = len(q["cells"]), q["pos"]
    reviews = allowed("review")
    st.caption(
        "Shortcuts: P pass · F fail · S skip · N next · B back (not while typing in a field)."
        if reviews
        else "Your role reads reviews but does not record them. Shortcuts: S skip · N next · B back."
    )
    if reviews and not reviewer:
        st.warning("Enter your name under Reviewer name in the sidebar to record verdicts.")
    if st.session_state.get(ERROR):
        st.error(st.session_state[ERROR])
    if total == 0:
        st.success("Every cell of this run has a human verdict.")
        st.button("Rebuild the queue", key="review_rebuild", on_click=_rebuild, args=(scope,))
        return
    if pos >= total:
        done = sum(1 for k in q["cells"] if cells.get(k, {}).get("human_passed") is not None)
        st.success(f"End of the queue: {done} of {total} cells reviewed.")
        c1, c2 = st.columns(2)
        c1.button("Back", key="review_back", shortcut="B", on_click=_move, args=(scope, -1))
        c2.button("Rebuild the queue (unreviewed cells)", key="review_rebuild", on_click=_rebuild, args=(scope,))
        return
    cell = cells.get(q["cells"][pos])
    if cell is None:  # the run changed under us (deleted iteration): start over
        _rebuild(scope)
        st.rerun()
        return
    st.progress(pos / total)
    st.markdown(
        f"**Cell {pos + 1} of {total}** · "
        + (f"run {cell['run_id'][:8]} · " if len(run_ids) > 1 else "")
        + f"turn {cell['turn'] + 1} · iteration {cell['iteration'] + 1} · criterion {cell['position'] + 1}",
    )
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Draft**")
        st.code(cell["draft"] or "(empty draft)", language="text", wrap_lines=True)
        for path, content in cell["files"].items():
            with st.expander(f"File {path}"):
                st.code(content, language="text", wrap_lines=True)
        with st.expander("Task"):
            st.text(cell["task"])
    with right:
        st.markdown("**Criterion**")
        st.text(cell["criterion"])
        st.markdown(f"**Grader:** {grader_verdict_label(cell['verdict'])}")
        st.caption(f"Check: {md(check_text(cell['check']))}")
        if cell["gap"]:
            st.markdown("**Gap**")
            st.text(cell["gap"])
        if cell["human_passed"] is not None:
            st.info(
                f"Reviewed: {verdict_label(cell['human_passed'])} by {md(cell['reviewer'])}"
                + (f": {md(cell['human_reason'])}" if cell["human_reason"] else "")
            )
        reason_key = f"review_reason_{_cell_key(cell)}"
        if reviews:
            st.text_input("Reason (optional)", key=reason_key, placeholder="why you agree or disagree")
        a, b, c = st.columns(3)
        if reviews:  # only for the roles that may review; a forged press is checked on the server (access.py)
            st.html(VERDICT_BUTTONS_CSS)
            a.button(
                "Pass",
                key="review_pass",
                shortcut="P",
                disabled=not reviewer,
                type="primary",
                icon=":material/check_circle:",
                on_click=_review,
                args=(scope, cell, "pass", reason_key),
            )
            b.button(
                "Fail",
                key="review_fail",
                shortcut="F",
                disabled=not reviewer,
                type="primary",
                icon=":material/cancel:",
                on_click=_review,
                args=(scope, cell, "fail", reason_key),
            )
        c.button("Skip", key="review_skip", shortcut="S", on_click=_move, args=(scope, 1))
        d, e = st.columns(2)
        d.button("Back", key="review_back", shortcut="B", disabled=pos == 0, on_click=_move, args=(scope, -1))
        e.button("Next", key="review_next", shortcut="N", on_click=_move, args=(scope, 1))


# ---- agreement --------------------------------------------------------------------------------------
