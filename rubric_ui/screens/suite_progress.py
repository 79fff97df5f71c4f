"""The Suites page's header of one suite run: its status and counts, the progress bar while it runs, each column's
status (a matrix), and the Cancel and Resume controls, kept to a few lines so that the matrix below starts in the
first screen at 1440x900."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import streamlit as st

from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.views.matrix_columns import total_cost
from rubric_core.views.run_view import STATUS_LABELS
from rubric_ui.screens.suite_columns import column_controls, column_markers
from rubric_ui.session.access import allowed, attempt
from rubric_ui.session.keys import run_keys
from rubric_ui.widgets.status import chip_html


def show_progress(store: Store, suite_id: str, runner: Any, *, polling: bool) -> bool:
    """Progress, counts, tokens, cost and time, with Cancel or Resume; returns whether it is still live.

    `polling` is whether this draw comes from the polling fragment of a live page. The marker's `data-polling`
    says so: when the suite run ends, the fragment draws the final counts and then asks for a full rerun, and a
    click in between can be lost in that rerun. Browser tests wait for `data-polling="false"` before clicking.
    """
    # The header first, from one counting query: the frames below import the statistics stack (seconds on the
    # first suite run after a server start), and the suite is on screen, its items queued, before they are read.
    head = ss.list_suite_runs(store, suite_run_id=suite_id, limit=1)
    if not head:
        st.error("This suite run is no longer in the store.")
        return False
    status, done, total = str(head[0]["status"]), int(head[0]["finished"]), int(head[0]["cells"])
    matrix = int(head[0]["columns"]) > 1
    what = f"runs done ({head[0]['items']} items x {head[0]['columns']} columns)" if matrix else "items done"
    live = runner.is_live(suite_id) or status == "running"
    queued = "" if done or not live else " (queued: the first items are starting)"
    suite = ss.get_suite_run(store, suite_id) if matrix else None
    st.markdown(
        (column_markers(suite, runner) if suite is not None else "")
        + f'<span class="rs-suite-progress" data-suite="{html.escape(suite_id)}" data-status="{html.escape(status)}" '
        f'data-done="{done}" data-polling="{str(polling).lower()}" '
        f'data-total="{total}"></span>'
        + chip_html(
            {"finished": "satisfied", "finished_with_errors": "grader_error"}.get(status, status),
            status.replace("_", " ").capitalize(),
        )
        + f" <b>{done} / {total} {what}</b>{queued}",
        unsafe_allow_html=True,
    )
    if done < total:  # a finished suite run's chip and counts say it all: no full bar above the matrix
        st.progress(done / max(1, total))
    if matrix:
        control = _suite_control(suite_id, status, done < total, runner)
        if suite is not None:
            column_controls(suite, runner, resume_suite=control)
        elif control is not None:
            control()
        return live
    from rubric_core.suites.frames import suite_frames, summarize

    frames = suite_frames(store, suite_id)
    summary = summarize(frames)
    counts = " · ".join(f"{STATUS_LABELS.get(k, k)}: {v}" for k, v in summary.status_counts.items())
    config = frames.suite.get("config") or {}
    cost = (
        "n/a (a model has no price)"
        if summary.cost_usd is None
        else total_cost(config.get("model"), config.get("grader"), summary.cost_usd, 0.0)
    )
    st.caption(f"{counts} · {summary.total_tokens:,} tokens · cost {cost} · {summary.wall_time_s:.1f} s")
    control = _suite_control(suite_id, status, summary.finished < summary.total, runner)
    if control is not None:
        control()
    return live


def _suite_control(suite_id: str, status: str, unfinished: bool, runner: Any) -> Callable[[], None] | None:
    """The suite run's own Cancel (live here), a note (live elsewhere) or Resume (stopped with work left), drawn by
    the callable returned (None: nothing to draw)."""
    if runner.is_live(suite_id):
        if not allowed("cancel"):
            return None

        def cancel() -> None:
            if st.button("Cancel suite run", key="suites_cancel", icon=":material/stop:"):
                if attempt("cancel", lambda: runner.cancel(suite_id), suite_id=suite_id):
                    st.toast("Cancelling: items in flight stop after their current step…")

        return cancel
    if status == "running":
        return lambda: st.caption("Running in another process: cancel it there.")
    if not allowed("resume") or not (
        status == "finished_with_errors" or (status in ("cancelled", "interrupted") and unfinished)
    ):
        return None

    def resume() -> None:
        if st.button("Resume suite run", key="suites_resume", type="primary", icon=":material/play_arrow:"):
            try:
                resumed = attempt("resume", lambda: runner.resume(suite_id, keys=run_keys()), suite_id=suite_id)
            except (ValueError, KeyError) as exc:
                st.error(str(exc).strip("'\""))
            else:
                if resumed:
                    st.rerun()

    return resume
