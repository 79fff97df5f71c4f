"""The criteria x iterations pass/fail heatmap (plotly)."""

from __future__ import annotations

import html

import plotly.graph_objects as go
import streamlit as st

from rubric_core.view import STATUS_LABELS, TurnView, criteria_matrix, regressions

MAX_LABELLED_CELLS = 300


def _short(name: str, n: int = 60) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


def heatmap_figure(turn: TurnView, *, status: str | None = None, reviews: list[dict] | None = None) -> go.Figure | None:
    """Rubric order kept top to bottom; hover shows the gap; regressions marked.

    With `reviews` (newest per cell): a reviewed cell shows "H" and its human
    verdict in the hover, a disagreement with the grader shows "≠".
    """
    names, iterations, passed, gaps = criteria_matrix(turn)
    by_cell = {(v["iteration"], v["criterion"]): v for v in reviews or [] if v["turn"] == turn.turn}
    if not names:
        return None
    reg = regressions(passed)
    z = [[None if v is None else (1 if v else 0) for v in row] for row in passed]
    labels = [
        [
            ("" if v is None else ("✔" if v else "✘"))
            + (" ↓" if reg[r][c] else "")
            + _human_label(by_cell.get((iterations[c], names[r])), v)
            for c, v in enumerate(row)
        ]
        for r, row in enumerate(passed)
    ]
    hover = []
    for r, name in enumerate(names):
        row = []
        for c, it in enumerate(iterations):
            verdict = "not graded" if passed[r][c] is None else ("pass" if passed[r][c] else "fail")
            extra = " — regressed" if reg[r][c] else ""
            gap = f"<br>gap: {html.escape(gaps[r][c])}" if gaps[r][c] else ""
            review = by_cell.get((it, name))
            human = (
                f"<br>human ({html.escape(review['reviewer'])}): {'pass' if review['passed'] else 'fail'}"
                if review
                else ""
            )
            row.append(f"{html.escape(name)}<br>iteration {it}: {verdict}{extra}{gap}{human}")
        hover.append(row)
    # Plotly reads a small HTML subset in labels: every run string is escaped above and here.
    y = [html.escape(_short(n)) for n in names]
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=[f"it {i}" for i in iterations],
            y=y,
            # Cell marks (✔ ✘ ↓) help colour-blind readers; on large grids they cost the browser more
            # than they tell, so only colour and hover remain there.
            text=labels if len(names) * len(iterations) <= MAX_LABELLED_CELLS else None,
            texttemplate="%{text}" if len(names) * len(iterations) <= MAX_LABELLED_CELLS else None,
            hovertext=hover,
            hoverinfo="text",
            colorscale=[[0, "#ff8182"], [1, "#4ac26b"]],
            zmin=0,
            zmax=1,
            showscale=False,
            xgap=3,
            ygap=3,
        )
    )
    title = f"Final: {STATUS_LABELS.get(status, status)}" if status else None
    fig.update_layout(
        height=90 + 34 * len(names),
        margin={"l": 10, "r": 10, "t": 40 if title else 10, "b": 30},
        yaxis={"autorange": "reversed", "automargin": True},
        xaxis={"side": "bottom"},
        title={"text": html.escape(title) if title else None, "x": 0.0, "xanchor": "left"},
    )
    return fig


def _human_label(review: dict | None, grader: bool | None) -> str:
    if review is None:
        return ""
    return " H≠" if grader is not None and bool(review["passed"]) != grader else " H"


def show_heatmap(turn: TurnView, *, status: str | None = None, key: str, reviews: list[dict] | None = None) -> None:
    """Render the heatmap, or a note when nothing is graded yet (reviewed cells marked when `reviews` is given)."""
    fig = heatmap_figure(turn, status=status, reviews=reviews)
    if fig is None:
        st.caption("The heatmap appears after the first grading pass.")
        return
    st.plotly_chart(fig, key=key, config={"displayModeBar": False})
