"""The Suites page's columns: the New suite run form's configurations (a matrix), and each column's Cancel and
Resume on a running or stopped matrix."""

from __future__ import annotations

import html
from typing import Any

import pandas as pd
import streamlit as st

from rubric_core.config import ConfigError, RunConfig
from rubric_core.models.providers import check_model_ready, parse_model_spec
from rubric_core.store import Store
from rubric_core.suites.columns import BUILT_IN_AGENT, MAX_COLUMNS, ColumnError, ColumnSpec, build_columns
from rubric_core.views.run_view import STATUS_LABELS
from rubric_ui.session.access import allowed, attempt
from rubric_ui.session.keys import run_keys
from rubric_ui.widgets.status import chip_html

COLUMNS_VALUE = "suites_columns_value"
"""Session key: the rows of the columns editor as last edited (AppTests set it directly)."""
MATRIX_ON = "suites_matrix_on"
"""Widget key: whether the form runs the suite under several configurations (the columns table shows)."""
EDITOR_COLUMNS = ("label", "model", "grader", "agent", "rubric_version", "max_iterations")


def columns_editor(agents: list[str]) -> None:
    """The form's table of configurations (2 to 8 rows: a matrix), behind a toggle: off, a one-column suite run
    (and no data grid drawn on every draw of the page)."""
    if not st.toggle(
        "Several configurations at once (a matrix)",
        key=MATRIX_ON,
        help="Run every item under 2 to 8 configurations (working model, grader, agent, rubric version, max "
        "iterations), side by side in one suite run.",
    ):
        return
    st.markdown(
        "**Columns**: one row per configuration, 2 to 8. An empty cell takes the setting above; a label names the "
        "column (default: what sets it apart)."
    )
    empty = pd.DataFrame(
        {
            "label": pd.Series(dtype="string"),
            "model": pd.Series(dtype="string"),
            "grader": pd.Series(dtype="string"),
            "agent": pd.Series(dtype="string"),
            "rubric_version": pd.Series(dtype="Int64"),
            "max_iterations": pd.Series(dtype="Int64"),
        }
    )
    edited = st.data_editor(
        empty,
        num_rows="dynamic",
        key="suites_columns",
        width="stretch",
        column_config={
            "label": st.column_config.TextColumn(
                "Label", help="How the matrix names the column (default: what sets it apart)", max_chars=60
            ),
            "model": st.column_config.TextColumn("Working model", help="provider:model-id"),
            "grader": st.column_config.TextColumn("Grader model", help="provider:model-id"),
            "agent": st.column_config.SelectboxColumn(
                "Agent", options=[BUILT_IN_AGENT, *agents], help="The built-in deep agent, or the open project's"
            ),
            "rubric_version": st.column_config.NumberColumn(
                "Rubric version", min_value=1, step=1, help="A library version of the rubric named above"
            ),
            "max_iterations": st.column_config.NumberColumn("Max iterations", min_value=1, max_value=20, step=1),
        },
    )
    st.session_state[COLUMNS_VALUE] = edited


def columns_from_form(store: Store, config: RunConfig) -> list[ColumnSpec] | None:
    """The matrix's columns from the editor ([] for a one-column suite run); None when refused (the reason shown)."""
    if not st.session_state.get(MATRIX_ON):
        return []
    frame = st.session_state.get(COLUMNS_VALUE)
    rows: list[dict[str, Any]] = []
    if isinstance(frame, pd.DataFrame):
        for record in frame.to_dict("records"):
            row = {
                k: v
                for k, v in record.items()
                if k in EDITOR_COLUMNS
                and v is not None
                and not (isinstance(v, float) and pd.isna(v))
                and v is not pd.NA
                and str(v).strip() != ""
            }
            if row:
                rows.append(row)
    if len(rows) <= 1:
        if rows:
            st.error(
                "One column is a one-configuration suite run: set it in the fields above, or add a second column "
                f"(2 to {MAX_COLUMNS}) to compare configurations."
            )
            return None
        return []

    def text_of(version: int) -> str | None:
        found = store.get_rubric(config.rubric_name, version) if config.rubric_name else None
        return None if found is None else str(found["text"])

    try:
        columns = build_columns(config, rows, rubric_text=text_of)
        from rubric_core.projects.checks import check_project_config

        for n, column in enumerate(columns, 1):
            try:
                check_project_config(column.config)
            except ConfigError as exc:
                field, message = next(iter(exc.errors.items()))
                raise ColumnError(f"Column {n} ({column.label}): {field}: {message}") from None
    except ColumnError as exc:
        st.error(str(exc))
        return None
    keys = run_keys()
    for n, column in enumerate(columns, 1):
        for spec in (column.config.model, column.config.grader):
            problem = check_model_ready(parse_model_spec(spec), keys=keys)
            if problem:
                st.error(f"Column {n} ({column.label}): {problem}")
                return None
    return columns


def column_markers(suite: dict[str, Any], runner: Any) -> str:
    """Each column's status as a marker (no text): tests and tools read them; the matrix's headers say it."""
    live = runner.is_live(suite["id"])
    handle = runner.get(suite["id"])
    out = []
    for column in suite["columns"]:
        index = column["index"]
        cancelled_here = handle is not None and live and index in handle.cancelled_columns
        shown = "cancelled" if cancelled_here else str(column["status"])
        out.append(f'<span class="rs-column" data-column="{index}" data-status="{html.escape(shown)}"></span>')
    return "".join(out)


def column_controls(suite: dict[str, Any], runner: Any, *, resume_suite: Any = None) -> None:
    """While the matrix runs, each column's status on one line (once it ended, the matrix's headers say it); then
    one row of buttons: each column's Cancel (while it runs here) or Resume (when it stopped unfinished), and
    `resume_suite` (a callable drawing the suite run's own control in the row's first place), so the matrix below
    starts in the first screen."""
    live = runner.is_live(suite["id"])
    handle = runner.get(suite["id"])
    parts, actions = [], []
    for column in suite["columns"]:
        index = column["index"]
        status = str(column["status"])
        cancelled_here = handle is not None and live and index in handle.cancelled_columns
        shown = "cancelled" if cancelled_here else status
        without = column["without_result"] and not live
        parts.append(
            f"<b>{index + 1}.</b> {html.escape(str(column['label']))} "
            + chip_html(
                {"finished": "satisfied", "finished_with_errors": "grader_error"}.get(shown, shown),
                STATUS_LABELS.get(shown, shown.replace("_", " ").capitalize()),
            )
            + (f" {column['without_result']} without a result" if without else "")
        )
        if live and not cancelled_here and status == "running":
            if allowed("cancel"):
                actions.append(("cancel", index))
        elif column["without_result"] and allowed("resume") and (cancelled_here or not live):
            actions.append(("resume", index))
    if live or suite["status"] == "running":
        st.markdown(" &nbsp;·&nbsp; ".join(parts), unsafe_allow_html=True)
    slots = ([resume_suite] if resume_suite is not None else []) + actions
    if not slots:
        return
    cells = st.columns(max(4, len(slots)))
    for cell, slot in zip(cells, slots, strict=False):
        if callable(slot):
            with cell:
                slot()
            continue
        kind, index = slot
        if kind == "cancel":
            if cell.button(f"Cancel column {index + 1}", key=f"suites_cancel_col_{index}", icon=":material/stop:"):
                if attempt("cancel", lambda i=index: runner.cancel(suite["id"], column=i), suite_id=suite["id"]):
                    st.toast(f"Cancelling column {index + 1}: its runs in flight stop after their current step…")
                    st.rerun()
        elif cell.button(f"Resume column {index + 1}", key=f"suites_resume_col_{index}", icon=":material/play_arrow:"):
            try:
                resumed = attempt(
                    "resume",
                    lambda i=index: runner.resume(suite["id"], keys=run_keys(), column=i),
                    suite_id=suite["id"],
                )
            except (ValueError, KeyError) as exc:
                st.error(str(exc).strip("'\""))
            else:
                if resumed:
                    st.rerun()
