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
from rubric_core.suites.left_out import left_out_short
from rubric_core.suites.matrix import MODE_HELP, Matrix, check_mode
from rubric_core.views.diff import DIFF_CSS
from rubric_core.views.matrix_view import check_only, check_pair, matrix_payload, pair_view
from rubric_core.views.run_view import STATUS_LABELS
from rubric_core.words import counted
from rubric_ui.safe import valid_run_id
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys
from rubric_ui.widgets.matrix_element import matrix_element
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
        "Search the tasks and every draft",
        key=search_key,
        placeholder="words that must all be found (case does not matter)",
        on_change=lambda: _set_url("q", str(st.session_state.get(search_key) or "").strip(), url_prefix),
    ).strip()
    base_key = f"{key}_base_{suite_id}"
    st.session_state.setdefault(base_key, baseline)
    if st.session_state[base_key] not in range(columns):
        st.session_state[base_key] = baseline
    picked = c2.selectbox(
        "Baseline column (regressions and improvements are counted against it)",
        list(range(columns)),
        key=base_key,
        format_func=lambda i: f"{i + 1}. {matrix.columns[i].label}",
        on_change=lambda: _set_url("base", str(int(st.session_state[base_key]) + 1), url_prefix),
    )
    baseline = int(picked)
    deltas, table = _against(ids, stamp, baseline)
    matches = _search(ids, stamp, query) if query else None
    pair = check_pair(_url("pair"), matrix)
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
    )
    st.caption(
        " · ".join(f"**{m.capitalize()}**: {MODE_HELP[m]}" for m in MODE_HELP)
        + ". The view (mode, search, baseline, filter, the pair) is in the URL: copy it to share this view."
    )
    result = matrix_element(payload, key=f"{key}_mx_{suite_id}")
    _follow(result, payload)
    pair = check_pair(_url("pair"), matrix)
    if pair is not None:
        _pair(store, matrix, pair, key=key)
    _columns_table(summaries, key=key)
    _criteria_table(matrix, table, key=key)
    if len(ids) == 1:
        # Drawn only while open (a rerun opens it): its controls are no cost of every draw of the page.
        judges = st.expander(
            "Two judges on the same drafts: regrade a finished column under other graders",
            key=f"{key}_judges_open",
            on_change="rerun",
        )
        if judges.open:
            with judges:
                _judges(store, ids[0], matrix, key=key)


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
            cost = "no price" if side.cost_usd is None else f"${side.cost_usd:.4f}"
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


TABLE_CSS = (
    "<style>.rs-mx-table{border-collapse:collapse;font-size:0.8rem;margin-bottom:0.6rem}"
    ".rs-mx-table th,.rs-mx-table td{border:1px solid #d0d7de;padding:2px 6px;text-align:left;vertical-align:top}"
    ".rs-mx-table th{background:#f6f8fa;font-weight:600}.rs-mx-table td.rs-num{text-align:right}</style>"
)


def _html_table(name: str, headers: list[str], rows: list[list[Any]]) -> str:
    """A plain HTML table, every cell escaped (one light element where a data grid would be a canvas each)."""

    def cell(value: Any) -> str:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return f'<td class="rs-num">{html.escape(str(value))}</td>' if number else f"<td>{html.escape(str(value))}</td>"

    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in rows)
    return f'{TABLE_CSS}<table class="rs-mx-table" data-table="{html.escape(name)}"><tr>{head}</tr>{body}</table>'


COLUMN_HEADERS = [
    "column",
    "status",
    "satisfied",
    "Wilson 95%",
    "left out of the rate",
    "iterations to satisfied",
    "cap hits",
    "n/a verdicts",
    "grader errors",
    "errors",
    "unfinished",
    "writer tokens",
    "writer cost",
    "grader tokens",
    "grader cost",
    "wall time (s)",
    "run time (s)",
]


def _columns_table(summaries: list[Any], *, key: str) -> None:
    rows = []
    for s in summaries:
        sat = s.satisfied
        left = left_out_short(s)  # errors, grader errors, n/a only, not run yet: beside the rate, never in it
        rows.append(
            [
                f"{s.index + 1}. {s.label}",
                STATUS_LABELS.get(s.status, s.status.replace("_", " ")),
                "–" if not sat.total else f"{sat.passed}/{sat.total} judged = {sat.rate or 0:.0%}",
                "–" if not sat.total else f"{sat.low:.0%}–{sat.high:.0%}",
                ", ".join(left),
                "–"
                if s.iterations_median is None
                else f"median {s.iterations_median:g} (IQR {s.iterations_q1:g}–{s.iterations_q3:g}, "
                f"{s.iterations_min}–{s.iterations_max})",
                s.cap_hits,
                s.na_verdicts,
                s.grader_errors,
                s.errors,
                s.unfinished,
                s.writer_tokens,
                "no price" if s.writer_cost_usd is None else f"${s.writer_cost_usd:.4f}",
                s.grader_tokens,
                "no price" if s.grader_cost_usd is None else f"${s.grader_cost_usd:.4f}",
                round(s.wall_time_s, 1),
                round(s.run_time_s, 1),
            ]
        )
    st.markdown("**Per column** (n/a verdicts and errors are counted apart, never as a pass or a fail)")
    st.html(_html_table(f"{key}-columns", COLUMN_HEADERS, rows))


def _criteria_table(matrix: Matrix, table: list[Any], *, key: str) -> None:
    if not table:
        return

    def said(cell: Any) -> str:
        if cell.final is None:
            return "not in its rubric" if cell.name is None else "–"
        first = "–" if cell.first is None or cell.first.rate is None else f"{cell.first.rate:.0%}"
        final = "–" if cell.final.rate is None else f"{cell.final.rate:.0%}"
        na = f" ({cell.final_na} n/a)" if cell.final_na else ""
        return f"{first} → {final}{na}"

    headers = ["criterion", *(f"{c.index + 1}. {c.label}" for c in matrix.columns)]
    rows = [[row.criterion, *(said(cell) for cell in row.cells)] for row in table]
    st.markdown("**Per criterion and column: pass rate at the first draft → at the end** (n/a left out)")
    st.html(_html_table(f"{key}-criteria", headers, rows))


def _judges(store: Store, suite_id: str, matrix: Matrix, *, key: str) -> None:
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
    column = st.selectbox(
        "Column whose drafts to regrade",
        [c.column for c in done],
        format_func=lambda i: f"{i + 1}. {matrix.columns[i].label}",
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
