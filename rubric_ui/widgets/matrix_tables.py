"""The matrix's tables under the element: each column's measures (grouped in a few columns, with a total) and each
criterion's pass rates per column. Plain HTML tables, every cell escaped (one light element each where a data grid
would be a canvas)."""

from __future__ import annotations

import html
from typing import Any

import streamlit as st

from rubric_core.suites.matrix import Matrix
from rubric_core.views.matrix_columns import COLUMN_TABLE_HEADERS, column_row, total_row

TABLE_CSS = (
    "<style>.rs-mx-table{border-collapse:collapse;font-size:0.8rem;margin-bottom:0.6rem;width:100%}"
    ".rs-mx-table th,.rs-mx-table td{border:1px solid #d0d7de;padding:3px 7px;text-align:left;vertical-align:top}"
    ".rs-mx-table th{background:#f6f8fa;font-weight:600}.rs-mx-table td.rs-num{text-align:right}"
    ".rs-mx-table tr.rs-total td{font-weight:600;background:#f6f8fa}.rs-mx-table .rs-detail{color:#57606a;"
    "font-weight:400}.rs-mx-table td:first-child{min-width:11rem}"
    ".rs-mx-table[data-table$=columns] td:nth-child(2){max-width:22rem}</style>"
)


def html_table(name: str, headers: list[str], rows: list[list[Any]], *, total: list[Any] | None = None) -> str:
    """A plain HTML table, every cell escaped; `total` is a last row set apart."""

    def cell(value: Any) -> str:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        lines = [html.escape(line) for line in str(value).split("\n")]
        text = lines[0] + "".join(f'<br><span class="rs-detail">{line}</span>' for line in lines[1:])
        return f'<td class="rs-num">{text}</td>' if number else f"<td>{text}</td>"

    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in rows)
    if total is not None:
        body += '<tr class="rs-total">' + "".join(cell(v) for v in total) + "</tr>"
    return f'{TABLE_CSS}<table class="rs-mx-table" data-table="{html.escape(name)}"><tr>{head}</tr>{body}</table>'


def columns_table(matrix: Matrix, summaries: list[Any], problems: dict[int, str], *, key: str) -> None:
    """Per column: satisfied, its loop, what was left out of the rate, tokens, cost (offline: no cost), time."""
    configs = [c.config for c in matrix.columns]
    rows = [column_row(s, c, problems.get(s.index, "")).cells() for s, c in zip(summaries, configs, strict=True)]
    total = total_row(summaries, configs).cells() if len(summaries) > 1 else None
    st.markdown("**Per column** (n/a verdicts and errors are counted apart, never as a pass or a fail)")
    st.html(html_table(f"{key}-columns", COLUMN_TABLE_HEADERS, rows, total=total))


def criteria_table(matrix: Matrix, table: list[Any], *, key: str) -> None:
    """Per criterion and column: the pass rate at the first draft and at the end (n/a left out, counted)."""
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
    st.html(html_table(f"{key}-criteria", headers, rows))
