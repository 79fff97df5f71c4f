"""Per-iteration criteria tables."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import streamlit as st

from rubric_core.verdicts import check_of, check_text, score_text, tool_call_text, verdict_of
from rubric_core.views.run_view import STATUS_LABELS, IterationView, shown

if TYPE_CHECKING:
    import pandas as pd


VERDICT_TEXT = {"pass": "✔ pass", "fail": "✘ fail", "n/a": "n/a (cannot judge)"}
"""A verdict as a cell says it: n/a is neither a pass nor a fail."""


def _human(review: dict | None, grader_verdict: str) -> str:
    if review is None:
        return ""
    verdict = "✔ pass" if review["passed"] else "✘ fail"
    differs = grader_verdict != "n/a" and (grader_verdict == "pass") != bool(review["passed"])
    return f"{verdict} ({review['reviewer']})" + (" ≠ grader" if differs else "")


def criteria_frame(it: IterationView, reviews: list[dict] | None = None) -> pd.DataFrame:
    """criterion, verdict, check, gap for one iteration (text is shown as text, never HTML).

    With `reviews` (newest per cell), also the human verdict and reason beside the grader's.
    """
    import pandas as pd  # imported on first use: it is half a second of the first page's start

    rows = [
        {
            "criterion": c["name"],
            "verdict": VERDICT_TEXT[verdict_of(c)],
            "check": check_text(check_of(c)),
            "gap": c.get("gap", "") or "",
        }
        for c in it.criteria
    ]
    if reviews is None:
        return pd.DataFrame(rows, columns=["criterion", "verdict", "check", "gap"])
    by_name = {v["criterion"]: v for v in reviews if (v["turn"], v["iteration"]) == (it.turn, it.iteration)}
    for row, c in zip(rows, it.criteria, strict=True):
        review = by_name.get(c["name"])
        row["human"] = _human(review, verdict_of(c))
        row["human reason"] = (review or {}).get("reason", "")
    return pd.DataFrame(rows, columns=["criterion", "verdict", "check", "human", "gap", "human reason"])


def criteria_html(it: IterationView) -> str:
    """A light, escaped HTML table of an iteration's verdicts with the check behind each (cheap to redraw many
    times a second)."""
    rows = []
    for c in it.criteria:
        verdict = verdict_of(c)
        cls = {"pass": "rs-pass", "fail": "rs-fail"}.get(verdict, "rs-na")
        rows.append(
            f"<tr><td>{html.escape(c['name'])}</td><td class='{cls}' data-verdict='{verdict}'>"
            f"{VERDICT_TEXT[verdict]}</td><td class='rs-check'>{html.escape(check_text(check_of(c)))}</td>"
            f"<td>{html.escape(c.get('gap', '') or '')}</td></tr>"
        )
    return (
        "<table class='rs-crit'><tr><th>criterion</th><th>verdict</th><th>check</th><th>gap</th></tr>"
        f"{''.join(rows)}</table>"
    )


CRITERIA_CSS = (
    "<style>.rs-crit{width:100%;border-collapse:collapse;font-size:0.9rem}.rs-crit td,.rs-crit th{border:1px solid "
    "#d0d7de;padding:4px 8px;text-align:left;vertical-align:top}.rs-pass{color:#1a7f37;white-space:nowrap}"
    ".rs-fail{color:#cf222e;white-space:nowrap}.rs-na{color:#57606a;white-space:nowrap;font-style:italic}"
    ".rs-check{color:#424a53;font-size:0.85rem}</style>"
)
"""Injected once per page, outside any polling fragment: a style tag redrawn every poll restyles the page."""


def verdict_summary(it: IterationView) -> str:
    """The pass's verdict in words: "Iteration 2: Needs revision (5 of 8 criteria pass)"."""
    label = STATUS_LABELS.get(it.result or "", it.result or "not graded")
    crit = it.criteria
    count = f" ({score_text(verdict_of(c) for c in crit)} criteria pass)" if crit else ""
    unverified = ", unverified" if it.evaluation and it.evaluation.get("unverified") else ""
    return f"Iteration {shown(it.iteration)}: {label}{count}{unverified}"


def show_criteria(
    it: IterationView,
    *,
    key: str,
    light: bool = False,
    explain: bool = True,
    title: bool = True,
    reviews: list[dict] | None = None,
) -> None:
    """The criteria table of one iteration; its summary in words, (when `explain`) the grader's explanation,
    and human verdicts beside the grader's when `reviews` are given."""
    if it.evaluation is None:
        st.caption("Grading…" if it.grading else "Not graded yet.")
        return
    if title:
        st.html(f"<b>{html.escape(verdict_summary(it))}</b>")
    if it.criteria and light:
        st.html(criteria_html(it))
    elif it.criteria:
        st.dataframe(
            criteria_frame(it, reviews),
            hide_index=True,
            key=key,
            column_config={"gap": st.column_config.TextColumn(width="large")},
        )
    explanation = it.evaluation.get("explanation", "")
    if explain and explanation:
        st.caption("Grader's explanation")
        st.text(explanation)
    tools = it.evaluation.get("grader_tools") or []
    if tools:
        with st.expander(f"The grader's tool calls in this pass ({len(tools)})"):
            st.text("\n".join(tool_call_text(t) + f"  · args {t.get('args', '')}" for t in tools))
