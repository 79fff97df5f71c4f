"""The Audit page (admins): who did what, to which run, rubric or suite run, and when; filters, paging, export.

Names and emails come from ID tokens (untrusted): they are shown in a data table, as text.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pandas as pd
import streamlit as st

from rubric_core.access import PERMISSIONS, AuditFilter
from rubric_core.access.audit import count_audit, export_audit, list_audit
from rubric_core.words import counted
from rubric_ui.safe import valid_run_id
from rubric_ui.session.access import act, allowed
from rubric_ui.session.resources import store_or_stop

PAGE_SIZE = 50
_READY = "audit_export_ready"


def _filters() -> AuditFilter:
    with st.expander("Filters", expanded=False):
        c1, c2, c3, c4 = st.columns(4)
        actor = c1.text_input("Who (exact: an email, local, cli:NAME)", key="audit_actor")
        action = c2.selectbox("Action", ["(any)", *PERMISSIONS], key="audit_action")
        outcome = c3.selectbox("Outcome", ["(any)", "done", "denied"], key="audit_outcome")
        run_id = c4.text_input("Run id", key="audit_run")
    return AuditFilter(
        actor=actor.strip() or None,
        action=None if action == "(any)" else action,
        outcome=None if outcome == "(any)" else outcome,
        run_id=run_id.strip() if valid_run_id(run_id.strip()) else None,
    )


_COLUMNS = {
    "at": st.column_config.TextColumn("when (UTC)", width=150),
    "who": st.column_config.TextColumn(
        "who", width=190, help="The actor's id (an email, local, cli:NAME, share:ID) and name"
    ),
    "roles": st.column_config.TextColumn("roles", width=80),
    "action": st.column_config.TextColumn("action", width=85),
    "outcome": st.column_config.TextColumn("outcome", width=70),
    "detail": st.column_config.TextColumn("detail", width=250),
    # Ids are links: the run opens on the Run page, the suite run on the Suites page (in a new tab).
    "run": st.column_config.LinkColumn("run", width=75, display_text=r"run=([0-9a-f]{8})"),
    "rubric": st.column_config.TextColumn("rubric", width=80),
    "suite run": st.column_config.LinkColumn("suite run", width=75, display_text=r"suite=([0-9a-f]{8})"),
}
"""The table's columns: widths that add up to the page's width at 1440 px, so the detail is on screen (it was the
tenth of ten columns, off to the right). The export keeps the stored columns (COLUMNS)."""


def _shown(rows: list[dict]) -> pd.DataFrame:
    """Audit rows as the table shows them (text from ID tokens stays text: a data table never renders markup)."""
    return pd.DataFrame(
        [
            {
                "at": datetime.fromtimestamp(float(r["at"]), UTC).strftime("%Y-%m-%d %H:%M:%S"),
                "who": r["actor"] + (f" · {r['actor_name']}" if r["actor_name"] else ""),
                "roles": r["roles"],
                "action": r["action"],
                "outcome": r["outcome"],
                "detail": r["detail"],
                "run": f"./?run={r['run_id']}" if valid_run_id(r["run_id"]) else None,
                "rubric": r["rubric_name"],
                "suite run": f"./suites?suite={r['suite_run_id']}" if valid_run_id(r["suite_run_id"]) else None,
            }
            for r in rows
        ],
        columns=list(_COLUMNS),
    )


def render() -> None:
    """The page (the navigation lists it for admins only; reading it is checked here again)."""
    st.title("Audit")
    if not allowed("audit"):
        st.error("Only admins read the audit trail.")
        return
    store = store_or_stop()
    flt = _filters()
    total = count_audit(store, flt)
    pages = max(1, -(-total // PAGE_SIZE))
    c1, c2 = st.columns([1, 3], vertical_alignment="bottom")
    page = c1.number_input("Page", min_value=1, max_value=pages, step=1, key="audit_page")
    c2.caption(f"{counted(total, 'action')} · page {page} of {pages} · newest first · times in UTC")
    rows = list_audit(store, flt, limit=PAGE_SIZE, offset=(int(page) - 1) * PAGE_SIZE)
    with st.container(key="rs_audit_table"):
        st.dataframe(
            _shown(rows),
            hide_index=True,
            key="audit_table",
            placeholder="",
            column_order=list(_COLUMNS),
            column_config=_COLUMNS,
        )
    c3, c4 = st.columns([1, 3], vertical_alignment="bottom")
    fmt = c3.selectbox("Export as", ["csv", "jsonl"], key="audit_format")
    if c4.button("Prepare export", key="audit_export_go", disabled=total == 0):
        built = act(
            "audit", lambda: export_audit(store, fmt, flt), detail=lambda b: f"exported {counted(b[1], 'row')} as {fmt}"
        )
        if built is not None:
            st.session_state[_READY] = (built[0], fmt, built[1])
    ready = st.session_state.get(_READY)
    if ready and ready[1] == fmt:
        st.download_button(
            f"Download the audit trail ({counted(ready[2], 'row')}, {fmt})",
            ready[0],
            file_name=f"rubric-studio-audit.{fmt}",
            mime="text/csv" if fmt == "csv" else "application/jsonl",
            key="audit_download",
            type="primary",
        )
