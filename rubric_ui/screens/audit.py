"""The Audit page (admins): who did what, to which run, rubric or suite run, and when; filters, paging, export.

Names and emails come from ID tokens (untrusted): they are escaped, shown as text in a table whose cells wrap.
"""

from __future__ import annotations

import html
import time
from datetime import UTC, datetime

import streamlit as st

from rubric_core.access import PERMISSIONS, AuditFilter
from rubric_core.access.audit import count_audit, export_audit, list_audit
from rubric_core.exports.file_names import audit_filter_words, file_name
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


HEADERS = ("when (UTC)", "who", "roles", "action", "outcome", "detail", "on")
TABLE_CSS = (
    "<style>table.rs-audit{border-collapse:collapse;width:100%;table-layout:fixed;font-size:0.85rem}"
    "table.rs-audit th,table.rs-audit td{border-bottom:1px solid #d0d7de;padding:4px 6px;text-align:left;"
    "vertical-align:top;overflow-wrap:anywhere}table.rs-audit th{background:#f6f8fa;font-weight:600}"
    "table.rs-audit .rs-dim{color:#57606a}table.rs-audit col.w-when{width:9.5rem}table.rs-audit col.w-who{width:13%}"
    "table.rs-audit col.w-roles{width:11%}table.rs-audit col.w-action{width:7.5%}table.rs-audit col.w-outcome"
    "{width:6%}table.rs-audit col.w-on{width:14%}</style>"
)
"""A table whose cells wrap: every column, the detail and the roles among them, is whole at 1440 px (a data grid cut
them at a fixed width). Names and emails from ID tokens are escaped: text, never markup."""


def _on(r: dict) -> str:
    """What the action was done to: the run and the suite run as links (their pages, in a new tab), the rubric."""
    parts = []
    if valid_run_id(r["run_id"]):
        parts.append(f'<a href="./?run={r["run_id"]}" target="_blank" rel="noopener">run {r["run_id"][:8]}</a>')
    if valid_run_id(r["suite_run_id"]):
        parts.append(
            f'<a href="./suites?suite={r["suite_run_id"]}" target="_blank" rel="noopener">suite run '
            f"{r['suite_run_id'][:8]}</a>"
        )
    if r["rubric_name"]:
        parts.append(f"rubric {html.escape(str(r['rubric_name']))}")
    return "<br>".join(parts)


def table_html(rows: list[dict]) -> str:
    """Audit rows as the page shows them, newest first."""
    body = []
    for r in rows:
        when = datetime.fromtimestamp(float(r["at"]), UTC).strftime("%Y-%m-%d %H:%M:%S")
        who = html.escape(str(r["actor"])) + (
            f'<br><span class="rs-dim">{html.escape(str(r["actor_name"]))}</span>' if r["actor_name"] else ""
        )
        roles = html.escape(", ".join(x.strip() for x in str(r["roles"] or "").split(",") if x.strip()))
        cells = (
            when,
            who,
            roles,
            html.escape(str(r["action"])),
            html.escape(str(r["outcome"])),
            html.escape(str(r["detail"] or "")),
            _on(r),
        )
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    cols = "".join(f'<col class="w-{h.split()[0]}">' for h in HEADERS)
    head = "".join(f"<th>{h}</th>" for h in HEADERS)
    return (
        f'{TABLE_CSS}<table class="rs-audit"><colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
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
        st.html(table_html(rows))
    c3, c4 = st.columns([1, 3], vertical_alignment="bottom")
    fmt = c3.selectbox("Export as", ["csv", "jsonl"], key="audit_format")
    if c4.button("Prepare export", key="audit_export_go", disabled=total == 0):
        built = act(
            "audit", lambda: export_audit(store, fmt, flt), detail=lambda b: f"exported {counted(b[1], 'row')} as {fmt}"
        )
        if built is not None:
            name = file_name(audit_filter_words(flt), fmt, fmt, time.time())
            st.session_state[_READY] = (built[0], fmt, built[1], name)
    ready = st.session_state.get(_READY)
    if ready and ready[1] == fmt:
        st.download_button(
            f"Download the audit trail ({counted(ready[2], 'row')}, {fmt})",
            ready[0],
            file_name=ready[3],
            mime="text/csv" if fmt == "csv" else "application/jsonl",
            key="audit_download",
            type="primary",
        )
