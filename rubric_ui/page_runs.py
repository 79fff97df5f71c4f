"""The Runs page: history with filters and paging, open, tag, annotate, delete, compare two runs."""

from __future__ import annotations

import html
from datetime import UTC, datetime, time

import pandas as pd
import streamlit as st

from rubric_core import frames
from rubric_core.diff import DIFF_CSS, side_by_side_html, word_diff
from rubric_core.heatmap import HEATMAP_CSS
from rubric_core.store import ALL_STATUSES, RunFilter, Store
from rubric_core.view import STATUS_LABELS
from rubric_ui.heatmap import show_heatmap
from rubric_ui.resources import store_or_stop
from rubric_ui.run_view import forget_view, load_view
from rubric_ui.safe import md
from rubric_ui.state import ATTACHED
from rubric_ui.status import chip_html

PAGE_SIZE = 50
SELECTION = "runs_selection"
"""Session key: run ids picked here, offered to the Export page."""


def _filters(store: Store) -> RunFilter:
    with st.expander("Filters", expanded=False):
        c1, c2, c3 = st.columns(3)
        statuses = c1.multiselect(
            "Status", ALL_STATUSES, key="runs_status", format_func=lambda s: STATUS_LABELS.get(s, s)
        )
        rubric_names = ["(any)"] + [r["name"] for r in store.list_rubrics()]
        rubric = c2.selectbox("Rubric", rubric_names, key="runs_rubric")
        model = c3.text_input("Model (working or grader spec)", key="runs_model", placeholder="offline:writer")
        c4, c5, c6 = st.columns(3)
        dates = c4.date_input("Created between", value=(), key="runs_dates")
        tag = c5.text_input("Tag", key="runs_tag")
        search = c6.text_input("Task contains", key="runs_search")
    since = until = None
    if isinstance(dates, tuple) and len(dates) == 2:
        since = datetime.combine(dates[0], time.min, UTC).timestamp()
        until = datetime.combine(dates[1], time.max, UTC).timestamp()
    return RunFilter(
        statuses=statuses,
        rubric_name=None if rubric == "(any)" else rubric,
        model=model.strip() or None,
        since=since,
        until=until,
        tag=tag.strip() or None,
        search=search.strip() or None,
    )


def _table(store: Store, flt: RunFilter) -> list[str]:
    total = store.count_runs(flt)
    pages = max(1, -(-total // PAGE_SIZE))
    c1, c2 = st.columns([1, 3], vertical_alignment="bottom")
    page = c1.number_input("Page", min_value=1, max_value=pages, step=1, key="runs_page")
    c2.caption(f"{total:,} runs · page {page} of {pages}")
    rows = store.list_runs(flt, limit=PAGE_SIZE, offset=(int(page) - 1) * PAGE_SIZE)
    frame = frames.runs_frame_from_rows(rows)
    shown = pd.DataFrame(
        {
            "status": frame["status"].map(status_text),
            "created": frame["created_at"].dt.strftime("%m-%d %H:%M"),
            "task": frame["task"],
            "rubric": frame["rubric_name"].fillna("")
            + frame["rubric_version"].map(lambda v: "" if pd.isna(v) else f" v{v}"),
            "model": frame["model"],
            "grader": frame["grader"],
            "iter.": frame["iterations"],
            "tokens": frame["total_tokens"],
            "tags": frame["tags"],
            "note": frame["note"],
            "id": frame["run_id"],
        }
    )
    event = st.dataframe(
        shown,
        hide_index=True,
        on_select="rerun",
        selection_mode="multi-row",
        key="runs_table",
        column_config={
            "status": st.column_config.TextColumn(width="medium"),
            "created": st.column_config.TextColumn(width="small"),
            "task": st.column_config.TextColumn(width="large", help="Select the run to read the whole task"),
            "iter.": st.column_config.NumberColumn(width="small"),
            "tokens": st.column_config.NumberColumn(width="small", format="%d"),
            "id": st.column_config.TextColumn(width="small"),
        },
    )
    picked = [rows[i]["id"] for i in event.selection.rows if i < len(rows)]  # type: ignore[union-attr]
    st.session_state[SELECTION] = picked
    return picked


STATUS_DOTS = {
    "satisfied": "🟢",
    "needs_revision": "🟡",
    "max_iterations_reached": "🟠",
    "failed": "🔴",
    "grader_error": "🔴",
    "error": "🔴",
    "cancelled": "⚪",
    "interrupted": "🟠",
    "running": "🔵",
}


def status_text(status: str) -> str:
    """A status as a coloured dot and words (the table cannot colour one cell cheaply)."""
    return f"{STATUS_DOTS.get(status, '⚪')} {STATUS_LABELS.get(status, status)}"


def _preview(run_id: str) -> None:
    """What a selected run did: the full task, a small heatmap, the final output, tokens and time."""
    view = load_view(run_id)
    if view is None:
        return
    st.html(HEATMAP_CSS)
    st.markdown(
        f"{chip_html(view.status)} {len(view.all_iterations())} iteration(s) · {view.tokens:,} tokens · "
        f"{view.wall_time_s:.1f} s · {html.escape(view.models.get('model', ''))} graded by "
        f"{html.escape(view.models.get('grader', ''))}",
        unsafe_allow_html=True,
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.caption("Task")
        st.text(view.config.get("task", ""))
        show_heatmap(view, key=f"runs-prev-{run_id[:12]}")
    with right:
        st.caption("Final output")
        st.text(view.final_output or "(none)")


def _manage(store: Store, run_id: str) -> None:
    run = store.get_run(run_id)
    if run is None:
        return
    st.markdown(f"**Selected run** `{run_id}`")
    c1, c2, c3 = st.columns(3)
    if c1.button("Open", key="runs_open", type="primary", icon=":material/play_arrow:"):
        st.session_state[ATTACHED] = run_id
        st.switch_page("app_pages/run.py", query_params={"run": run_id})
    c2.link_button("Present", f"?run={run_id}&view=present", icon=":material/slideshow:")
    _preview(run_id)
    with st.form(f"runs_edit_{run_id}"):
        tags = st.text_input("Tags (comma separated)", value=", ".join(run["tags"]))
        note = st.text_area("Note", value=run["note"])
        if st.form_submit_button("Save tags and note"):
            store.set_tags(run_id, tags.split(","))
            store.set_note(run_id, note)
            st.success("Saved.")
    confirm = c3.checkbox("Confirm delete", key=f"runs_confirm_{run_id}")
    if c3.button("Delete run", key=f"runs_delete_{run_id}", disabled=not confirm, icon=":material/delete:"):
        store.delete_run(run_id)
        forget_view(run_id)
        st.session_state.pop("runs_table", None)
        st.rerun()


def _compare(store: Store, a: str, b: str) -> None:
    st.subheader("Compare")
    va, vb = load_view(a), load_view(b)
    if va is None or vb is None:
        st.error("One of the runs is gone.")
        return
    ca, cb = st.columns(2)
    for col, view, name in ((ca, va, "A"), (cb, vb, "B")):
        with col:
            st.markdown(f"**{name}** · `{view.run_id[:12]}` · {STATUS_LABELS.get(view.status, view.status)}")
            st.caption(
                f"{md(view.models.get('model', ''))} · grader {md(view.models.get('grader', ''))} · "
                f"{len(view.all_iterations())} iterations · {view.tokens:,} tokens"
            )
            show_heatmap(view, key=f"runs-cmp-hm-{name}")
    st.markdown("**Final outputs**")
    st.markdown(
        DIFF_CSS + side_by_side_html(word_diff(va.final_output, vb.final_output), left="A", right="B"),
        unsafe_allow_html=True,
    )
    crit = frames.criteria_frame(store, [a, b])
    if crit.empty:
        return
    last = crit.sort_values(["turn", "iteration"]).groupby(["run_id", "criterion"], sort=False).tail(1)
    wide = last.pivot_table(index="criterion", columns="run_id", values="passed", aggfunc="first")
    table = pd.DataFrame(
        {
            "criterion": wide.index,
            "A (final)": [_verdict(v) for v in wide.get(a, pd.Series(index=wide.index, dtype="object"))],
            "B (final)": [_verdict(v) for v in wide.get(b, pd.Series(index=wide.index, dtype="object"))],
        }
    )
    firsts = crit.groupby(["run_id", "criterion"])["first_passed_iteration"].first().unstack(0)
    table["A first passed at"] = [_it(firsts.get(a, {}).get(c)) for c in table["criterion"]]
    table["B first passed at"] = [_it(firsts.get(b, {}).get(c)) for c in table["criterion"]]
    table["differs"] = table["A (final)"] != table["B (final)"]
    st.markdown("**Per-criterion differences**")
    st.dataframe(table, hide_index=True, key="runs_cmp_table")


def _verdict(value: object) -> str:
    if value is None or (isinstance(value, float) and pd.isna(value)) or value is pd.NA:
        return "—"
    return "✔ pass" if bool(value) else "✘ fail"


def _it(value: object) -> str:
    return "—" if value is None or pd.isna(value) else f"iteration {int(value) + 1}"  # type: ignore[call-overload]


def render() -> None:
    """The page."""
    store = store_or_stop()
    st.title("Runs")
    flt = _filters(store)
    picked = _table(store, flt)
    if not picked:
        st.caption(
            "Select a run to open, tag, annotate or delete it; select two to compare them; "
            "the selection is offered on the Export page."
        )
    elif len(picked) == 1:
        _manage(store, picked[0])
    elif len(picked) == 2:
        _compare(store, picked[0], picked[1])
    else:
        st.caption(f"{len(picked)} runs selected: compare takes two; Export can take them all.")
