"""The Runs page: history with filters and paging, open, tag, annotate, delete, compare two runs.

The parts: runs_filters (the filters, kept in the address), runs_table (the list), runs_selected (one ticked run)
and runs_compare (two).
"""

from __future__ import annotations

from datetime import UTC, datetime

import streamlit as st

from rubric_core.store import RunFilter, Store
from rubric_core.words import counted
from rubric_ui.safe import md, valid_run_id
from rubric_ui.screens import runs_table
from rubric_ui.screens.runs_compare import show_compare
from rubric_ui.screens.runs_filters import FILTER_VALUES, filters, filters_on, show_suite_toggle
from rubric_ui.screens.runs_selected import show_deleted_flash, show_selected
from rubric_ui.screens.runs_table import OPEN, TABLE_KEY, clear_selection, show_count, show_table
from rubric_ui.session.page_files import RUN_PAGE_FILE
from rubric_ui.session.resources import store_or_stop
from rubric_ui.session.state import ATTACHED, SELECTION
from rubric_ui.widgets.fork_tree import COMPARE_PARAM, SINCE_PARAM


def render() -> None:
    """The page."""
    opened = st.session_state.pop(OPEN, None)
    if opened:  # a cell was clicked: straight to the run, nothing of this page drawn first
        st.session_state.pop(st.session_state.get(TABLE_KEY, ""), None)
        st.session_state[ATTACHED] = opened
        st.switch_page(RUN_PAGE_FILE, query_params={"run": opened})
    store = store_or_stop()
    st.title("Runs")
    show_deleted_flash()
    if _compare_asked(store):
        return
    if store.count_runs() == 0:
        st.info("No runs yet. Start one on the Run page (a bundled example runs offline, no key needed).")
        st.page_link(RUN_PAGE_FILE, label="Go to the Run page", icon=":material/play_arrow:")
        return
    flt = filters(store)
    total = store.count_runs(flt)
    pages = max(1, -(-total // runs_table.PAGE_SIZE))
    # A page picker only when there is more than one page (it stood alone above a list of a few runs).
    if pages > 1:
        c1, c2, c3 = st.columns([1, 2, 2], vertical_alignment="bottom")
        page = c1.number_input("Page", min_value=1, max_value=pages, step=1, key="runs_page")
    else:
        (c2, c3), page = st.columns([3, 2], vertical_alignment="center"), 1
    with c3:
        hidden_items = show_suite_toggle(store, flt)
    with c2:
        kept = st.session_state.get(FILTER_VALUES) or {}
        show_count(total, filtering=bool(filters_on(kept)), hidden_items=hidden_items, page=int(page), pages=pages)
    picked, on_page = show_table(store, flt, int(page))
    hidden = _hidden_selected(store, picked, on_page)
    picked = [rid for rid in picked if rid in on_page or rid in hidden]  # a run deleted meanwhile is dropped
    st.session_state[SELECTION] = picked
    if not picked:
        st.caption(
            "Click a run to open it. Tick the box at the left of a row to preview, tag, annotate or delete it; "
            "tick two to compare them; the ticked runs are offered on the Export page."
        )
        return
    if hidden:
        _show_hidden(hidden)
    if len(picked) == 1:
        show_selected(store, picked[0], hidden=picked[0] in hidden)
    elif len(picked) == 2:
        show_compare(store, picked[0], picked[1])
    else:
        st.caption(f"{len(picked)} runs selected: compare takes two; Export can take them all.")


def _compare_asked(store: Store) -> bool:
    """`?compare=A,B[&since=TURN:ITERATION]` (a fork tree's link): the compare view of those two, from there on."""
    pair = str(st.query_params.get(COMPARE_PARAM) or "").split(",")
    if len(pair) != 2 or not all(valid_run_id(r) and store.get_run(r) is not None for r in pair):
        return False
    turn, _, iteration = str(st.query_params.get(SINCE_PARAM) or "").partition(":")
    since = (int(turn), int(iteration)) if turn.isdigit() and iteration.isdigit() else None
    if st.button("Back to the list", key="runs_compare_back", icon=":material/arrow_back:"):
        st.query_params.pop(COMPARE_PARAM, None)
        st.query_params.pop(SINCE_PARAM, None)
        st.rerun()
    show_compare(store, pair[0], pair[1], since=since)
    return True


def _hidden_selected(store: Store, picked: list[str], on_page: set[str]) -> dict[str, str]:
    """The selected runs the list does not show now (filtered out, on another page): id -> a one-line label.

    A run no longer stored (deleted in another tab) is left out."""
    off = [rid for rid in picked if rid not in on_page]
    if not off:
        return {}
    rows = {r["id"]: r for r in store.list_runs(RunFilter(ids=off), limit=len(off))}
    return {rid: _label(rows[rid]) for rid in off if rid in rows}


def _label(row: dict) -> str:
    when = datetime.fromtimestamp(float(row["created_at"]), UTC).strftime("%m-%d %H:%M")
    task = " ".join(str(row.get("task") or "").split())
    return f"{row['id'][:8]} · {when} · {task[:50] + '…' if len(task) > 50 else task}"


def _show_hidden(hidden: dict[str, str]) -> None:
    """Say which selected runs the filters or the page hide: they stay selected (never swapped for others)."""
    with st.container(key="runs_hidden_selection"):
        lines = "  \n".join(md(label) for label in hidden.values())
        st.info(
            f"{counted(len(hidden), 'selected run')} {'is' if len(hidden) == 1 else 'are'} not in the list as "
            f"filtered and paged, and stay{'s' if len(hidden) == 1 else ''} selected:  \n{lines}",
            icon=":material/visibility_off:",
        )
        st.button("Clear the selection", key="runs_clear_selection", on_click=clear_selection)
