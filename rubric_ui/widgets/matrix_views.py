"""The matrix section of the Suites page: the matrix element, two cells side by side, each column's measures,
criterion x column rates, and two judges on the same drafts.

The view is in the URL (`mode`, `q` the search, `base` the baseline column from 1, `only` a baseline's click,
`pair` two cells of a row), so a view can be shared. The frames are read once per change of the store (a cell
started or ended): a mode switch or a search reads nothing twice.
"""

from __future__ import annotations

import html
from typing import Any

import pandas as pd
import streamlit as st

from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.matrix import MODE_HELP, Matrix, check_mode
from rubric_core.views.diff import DIFF_CSS
from rubric_core.views.matrix_columns import total_cost
from rubric_core.views.matrix_view import check_only, check_pair, matrix_payload, pair_view
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import valid_run_id
from rubric_ui.widgets.matrix_element import matrix_element
from rubric_ui.widgets.matrix_judges import show_judges
from rubric_ui.widgets.matrix_tables import columns_table, criteria_table
from rubric_ui.widgets.status import chip_html

VERDICT_MARKS = {"pass": "✔ pass", "fail": "✘ fail", "n/a": "n/a (could not judge)"}


@st.cache_resource(show_spinner=False, max_entries=8)
def _matrix(suite_ids: tuple[str, ...], stamp: str) -> tuple[Matrix, list[Any]]:
    """The matrix and each column's measures, read once per `stamp` (suite_store.suite_stamp of each suite run)."""
    from rubric_core.suites.matrix import read_matrix
    from rubric_core.suites.matrix_stats import column_summaries
    from rubric_ui.session.resources import get_store

    matrix = read_matrix(get_store(), list(suite_ids))
    return matrix, column_summaries(matrix)


@st.cache_resource(show_spinner=False, max_entries=16)
def _against(suite_ids: tuple[str, ...], stamp: str, baseline: int) -> tuple[list[Any], list[Any]]:
    """Baseline deltas and the criterion x column rows for one baseline."""
    from rubric_core.suites.matrix_stats import baseline_deltas, criterion_table

    matrix, _ = _matrix(suite_ids, stamp)
    deltas = baseline_deltas(matrix, baseline) if len(matrix.columns) > 1 else []
    return deltas, criterion_table(matrix, baseline=baseline)


@st.cache_resource(show_spinner=False, max_entries=16)
def _problems(suite_ids: tuple[str, ...], stamp: str) -> dict[int, str]:
    """Matrix column -> why its first run without a result has none (the error), for a column with no result."""
    from rubric_ui.session.resources import get_store

    matrix, _ = _matrix(suite_ids, stamp)
    first: dict[tuple[str, int | None], str] = {}
    for suite_id in suite_ids:
        for p in ss.item_problems(get_store(), suite_id):
            if p["message"]:
                first.setdefault((suite_id, p["column"]), p["message"])
    out = {}
    for c in matrix.columns:
        message = first.get((c.suite_id, c.column))
        if message:
            out[c.index] = message if len(message) <= 160 else message[:159] + "…"
    return out


@st.cache_resource(show_spinner=False, max_entries=16)
def _search(suite_ids: tuple[str, ...], stamp: str, query: str) -> set[int]:
    from rubric_core.suites.matrix import search_rows
    from rubric_ui.session.resources import get_store

    matrix, _ = _matrix(suite_ids, stamp)
    return search_rows(get_store(), matrix, query)


_PREFIX = "rs_matrix_url_prefix"
"""Session key: the prefix of the URL parameters of the matrix being drawn ('' on the suite run's own tab, 'c' on
Compare: the two views keep their own mode, search, baseline, filter and pair)."""


def _url(name: str) -> str:
    return str(st.query_params.get(st.session_state.get(_PREFIX, "") + name) or "")


def _set_url(name: str, value: str | None, prefix: str | None = None) -> None:
    name = (st.session_state.get(_PREFIX, "") if prefix is None else prefix) + name
    if value:
        if st.query_params.get(name) != value:
            st.query_params[name] = value
    elif name in st.query_params:
        del st.query_params[name]


def show_matrix(store: Store, suite_ids: list[str], *, key: str, url_prefix: str = "") -> None:
    """The whole matrix section of one suite run with columns, or of several suite runs side by side (Compare).

    `url_prefix` names this view's URL parameters (`mode`, `q`, `base`, `only`, `pair`, each after it).
    """
    st.session_state[_PREFIX] = url_prefix
    ids = tuple(suite_ids)
    suite_id = "-".join(i[:12] for i in ids)
    stamp = "+".join(ss.suite_stamp(store, i) for i in ids)
    matrix, summaries = _matrix(ids, stamp)
    try:
        mode = check_mode(_url("mode") or "all")
    except ValueError as exc:
        st.warning(f"{exc} Showing every item.")
        mode = "all"
    columns = len(matrix.columns)
    base_text = _url("base") or "1"
    baseline = int(base_text) - 1 if base_text.isdigit() and 1 <= int(base_text) <= columns else 0
    c1, c2 = st.columns([3, 2])
    search_key = f"{key}_search_{suite_id}"
    st.session_state.setdefault(search_key, _url("q"))
    query = c1.text_input(
        "Search the tasks and drafts",
        key=search_key,
        placeholder="words that must all be found (case does not matter)",
        on_change=lambda: _set_url("q", str(st.session_state.get(search_key) or "").strip(), url_prefix),
    ).strip()
    base_key = f"{key}_base_{suite_id}"
    st.session_state.setdefault(base_key, baseline)
    if st.session_state[base_key] not in range(columns):
        st.session_state[base_key] = baseline
    picked = c2.selectbox(
        "Baseline column",
        list(range(columns)),
        key=base_key,
        format_func=lambda i: f"{i + 1}. {matrix.columns[i].label}",
        help="Regressions and improvements (the table under the matrix) are counted against this column.",
        on_change=lambda: _set_url("base", str(int(st.session_state[base_key]) + 1), url_prefix),
    )
    baseline = int(picked)
    deltas, table = _against(ids, stamp, baseline)
    matches = _search(ids, stamp, query) if query else None
    pair = check_pair(_url("pair"), matrix)
    problems = _problems(ids, stamp)
    payload = matrix_payload(
        matrix,
        summaries=summaries,
        deltas=deltas,
        baseline=baseline,
        stamp=stamp,
        mode=mode,
        only=check_only(_url("only")),
        matches=matches,
        query=query,
        pair=pair,
        problems=problems,
        view_of=ids[0] if len(ids) == 1 and not url_prefix else "",
    )
    result = matrix_element(payload, key=f"{key}_mx_{suite_id}")
    # Under the matrix, not above it: at 1440x900 the matrix starts in the first screen.
    st.caption(
        " · ".join(f"**{m.capitalize()}**: {MODE_HELP[m]}" for m in MODE_HELP)
        + ". The view (mode, search, baseline, filter, the pair) is in the URL: copy it to share this view."
    )
    _follow(result, payload)
    pair = check_pair(_url("pair"), matrix)
    if pair is not None:
        _pair(store, matrix, pair, key=key)
    columns_table(matrix, summaries, problems, key=key)
    criteria_table(matrix, table, key=key)
    if len(ids) == 1:
        # Drawn only while open (a rerun opens it): its controls are no cost of every draw of the page.
        judges = st.expander(
            "Two judges on the same drafts: regrade a finished column under other graders",
            key=f"{key}_judges_open",
            on_change="rerun",
        )
        if judges.open:
            with judges:
                show_judges(store, ids[0], matrix, key=key)


def _follow(result: Any, payload: dict[str, Any]) -> None:
    """What the user chose in the element goes to the URL (so the view can be shared and survives a reload)."""
    mode = getattr(result, "mode", None)
    if mode and mode != payload["mode"]:
        _set_url("mode", None if mode == "all" else str(mode))
    only = getattr(result, "only", None)
    if only is not None and (only or None) != payload["only"]:
        _set_url("only", check_only(only))
    pair = getattr(result, "pair", None)
    if isinstance(pair, dict) and all(isinstance(pair.get(k), int) for k in ("row", "a", "b")):
        wanted = f"{pair['row']}.{pair['a']}.{pair['b']}"
        if wanted != _url("pair"):
            _set_url("pair", wanted)
            st.rerun()  # drawn again with the pair in the URL: the element marks the two cells, the panel opens


def _pair(store: Store, matrix: Matrix, pair: tuple[int, int, int], *, key: str) -> None:
    view = pair_view(store, matrix, *pair)
    st.markdown(
        f'<span class="rs-pair" data-row="{view.row}" data-a="{pair[1]}" data-b="{pair[2]}"></span>'
        f"<b>Side by side: {html.escape(view.item_id)}</b> <span style='color:#57606a'>"
        f"{html.escape(view.task[:300])}</span>",
        unsafe_allow_html=True,
    )
    left, right = st.columns(2)
    for where, side in ((left, view.left), (right, view.right)):
        with where:
            config = matrix.columns[side.column].config
            writer, grader = config.get("model"), config.get("grader")
            cost = total_cost(writer, grader, side.cost_usd, 0.0 if side.cost_usd is not None else None)
            st.markdown(
                f"<b>{side.column + 1}. {html.escape(side.label)}</b> "
                + chip_html(side.status, STATUS_LABELS.get(side.status, side.status))
                + f" {counted(side.iterations, 'iteration')} · {cost}",
                unsafe_allow_html=True,
            )
            if side.run_id and valid_run_id(side.run_id):
                st.markdown(f"[Open its run](./?run={side.run_id})")
            if side.criteria:
                frame = pd.DataFrame(
                    [
                        {
                            "criterion": c["name"],
                            "verdict": VERDICT_MARKS.get(c["verdict"], c["verdict"]),
                            "check": c["check"],
                            "gap": c["gap"],
                        }
                        for c in side.criteria
                    ]
                )
                st.dataframe(frame, hide_index=True, width="stretch", key=f"{key}_pair_{side.column}")
            else:
                st.caption("No graded draft yet.")
    st.markdown("**Their final drafts, word by word**" + (" (the same text)" if view.same_draft else ""))
    st.html(DIFF_CSS + view.diff_html)
    if st.button("Close side by side", key=f"{key}_close_pair", icon=":material/close:"):
        _set_url("pair", None)
        st.rerun()
