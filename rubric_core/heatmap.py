"""The criteria x iterations heatmap as plain HTML and CSS (no script): the dashboard and the report.

Built from the criteria frame (docs/FRAMES.md). Hover a cell: its `title` gives the full criterion,
the verdict and the gap. Click a cell: a hidden radio button is checked and CSS shows that cell's
verdict, gap and the draft at that iteration below the grid. Iterations are shown counting from 1
(the stored `iteration` is the library's 0-based value). When the frame has the optional review
columns (`human_passed`, `human_reason`, `reviewer`), reviewed cells are marked and a human verdict
that disagrees with the grader's is marked apart. Every run string is escaped exactly once, here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

HEATMAP_CSS = """<style>
.rs-hm{position:relative;margin:0.25rem 0 0.75rem 0;font-size:0.85rem}
.rs-hm-in{display:none}
.rs-hm-grid{display:grid;gap:3px;align-items:stretch}
.rs-hm-h{font-weight:600;color:#57606a;text-align:center;padding:2px 0;white-space:nowrap}
.rs-hm-label{padding:3px 6px;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;
  line-height:1.25;overflow-wrap:anywhere;background:#f6f8fa;border-radius:4px}
.rs-hm-cell{display:flex;align-items:center;justify-content:center;min-height:1.9rem;min-width:34px;border-radius:4px;
  cursor:pointer;font-weight:600;user-select:none;margin:0}
.rs-hm-cell:hover{filter:brightness(0.93);outline:2px solid #1f2328}
.rs-hm-cell.pass{background:#4ac26b;color:#fff}
.rs-hm-cell.fail{background:#ff8182;color:#3d0a0a}
.rs-hm-cell.none{background:#eaeef2;color:#57606a;cursor:default}
.rs-hm-cell.reg{box-shadow:inset 0 0 0 3px #82071e}
.rs-hm-cell.rev::after{content:"";width:6px;height:6px;border-radius:50%;background:#0969da;margin-left:3px}
.rs-hm-cell.dis{box-shadow:inset 0 0 0 3px #0969da}
.rs-hm-det>div{display:none;margin-top:0.5rem;padding:0.6rem 0.8rem;border:1px solid #d0d7de;border-radius:6px}
.rs-hm-det pre{white-space:pre-wrap;margin:0.3rem 0 0 0;font-family:inherit;max-height:24rem;overflow:auto}
.rs-hm-hint{color:#57606a;font-size:0.8rem}
.rs-hm-legend{color:#57606a;font-size:0.8rem;margin-bottom:0.3rem}
</style>"""
"""Injected once per page (outside any polling fragment) and inlined in the report."""

_KEY_RE = re.compile(r"[^A-Za-z0-9_-]")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _present(value: Any) -> bool:
    """A frame value that is set (not None, NaN or pd.NA)."""
    if value is None:
        return False
    try:
        return not bool(value != value)  # NaN and pd.NA are not equal to themselves
    except TypeError:  # pd.NA in a boolean context
        return False


def _grid(rows: list[dict[str, Any]]) -> tuple[list[str], list[int], dict[tuple[int, int], dict[str, Any]]]:
    """Criterion names in rubric order, iterations in order, and the row of each (criterion, iteration)."""
    iterations = sorted({int(r["iteration"]) for r in rows})
    order: dict[str, tuple[int, int]] = {}
    for r in sorted(rows, key=lambda r: (int(r["iteration"]), int(r.get("position") or 0))):
        order.setdefault(str(r["criterion"]), (int(r["iteration"]), int(r.get("position") or 0)))
    names = list(order)
    col = {it: c for c, it in enumerate(iterations)}
    row = {n: i for i, n in enumerate(names)}
    cells = {(row[str(r["criterion"])], col[int(r["iteration"])]): r for r in rows}
    return names, iterations, cells


def heatmap_html(
    frame: Any,
    *,
    key: str,
    turn: int | None = None,
    drafts: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """The heatmap of one turn (the first in the frame when `turn` is None), or "" when nothing is graded.

    `frame` is a criteria frame (a pandas DataFrame with the columns of docs/FRAMES.md) of one run;
    `drafts` maps (turn, iteration) to the draft text shown when a cell is clicked.
    """
    rows: list[dict[str, Any]] = frame.to_dict("records") if len(frame) else []
    if not rows:
        return ""
    if turn is None:
        turn = min(int(r["turn"]) for r in rows)
    rows = [r for r in rows if int(r["turn"]) == turn]
    if not rows:
        return ""
    k = "hm-" + _KEY_RE.sub("-", key)
    names, iterations, cells = _grid(rows)
    reviewed_cols = "human_passed" in getattr(frame, "columns", ())
    inputs, grid, details, rules = [], [], [], []
    grid.append('<div class="rs-hm-h" style="text-align:left">Criterion</div>')
    grid += [f'<div class="rs-hm-h">{it + 1}</div>' for it in iterations]
    for r, name in enumerate(names):
        grid.append(f'<div class="rs-hm-label" title="{_e(name)}">{_e(name)}</div>')
        for c, it in enumerate(iterations):
            cell = cells.get((r, c))
            if cell is None:
                grid.append(
                    f'<div class="rs-hm-cell none" title="{_e(name)}&#10;Iteration {it + 1}: not graded">·</div>'
                )
                continue
            passed = bool(cell["passed"])
            regressed = _present(cell.get("regressed")) and bool(cell.get("regressed"))
            gap = str(cell.get("gap") or "") if _present(cell.get("gap")) else ""
            cls = "pass" if passed else "fail"
            mark = "✔" if passed else "✘"
            verdict = "pass" if passed else "fail"
            extra = ""
            if regressed:
                cls += " reg"
                mark += "↓"
                verdict += " (regressed: it passed at the previous iteration)"
            if reviewed_cols and _present(cell.get("human_passed")):
                human = bool(cell["human_passed"])
                who = str(cell.get("reviewer") or "") if _present(cell.get("reviewer")) else ""
                why = str(cell.get("human_reason") or "") if _present(cell.get("human_reason")) else ""
                cls += " rev" if human == passed else " dis"
                extra = (
                    f"Human review{' by ' + who if who else ''}: {'pass' if human else 'fail'}"
                    + (" (disagrees with the grader)" if human != passed else "")
                    + (f" — {why}" if why else "")
                )
            cid = f"{k}-{r}-{c}"
            title = f"{name}\nIteration {it + 1}: {verdict}" + (f"\nGap: {gap}" if gap else "")
            title += f"\n{extra}" if extra else ""
            inputs.append(f'<input type="radio" class="rs-hm-in" name="{k}" id="{cid}" data-col="{c}">')
            grid.append(
                f'<label for="{cid}" class="rs-hm-cell {cls}" title="{_e(title)}" '
                f'data-criterion="{r}" data-iteration="{it}">{mark}</label>'
            )
            details.append(
                f'<div class="g{r}-{c}"><b>{_e(name)}</b><br>Iteration {it + 1}: {_e(verdict)}'
                + (f"<br>Gap: {_e(gap)}" if gap else ("" if passed else "<br>Gap: (the grader gave none)"))
                + (f"<br>{_e(extra)}" if extra else "")
                + "</div>"
            )
            rules.append(
                f"#{cid}:checked~.rs-hm-det .g{r}-{c},#{cid}:checked~.rs-hm-det .i{c}{{display:block}}"
                f"#{cid}:checked~.rs-hm-grid [for={cid}]{{outline:3px solid #1f2328}}"
            )
    drafts = drafts or {}
    for c, it in enumerate(iterations):
        text = drafts.get((turn, it))
        if text is not None:
            details.append(f'<div class="i{c}"><b>Draft at iteration {it + 1}</b><pre>{_e(text)}</pre></div>')
    columns = f"minmax(12rem, 26rem) repeat({len(iterations)}, minmax(34px, 1fr))"
    legend = (
        '<div class="rs-hm-legend">✔ pass · ✘ fail · ↓ regressed · hover a cell for the gap, click it for the '
        "verdict, the gap and the draft · iterations count from 1</div>"
    )
    return (
        f'<div class="rs-hm" data-key="{k}">{legend}<style>{"".join(rules)}</style>{"".join(inputs)}'
        f'<div class="rs-hm-grid" style="grid-template-columns:{columns}">{"".join(grid)}</div>'
        f'<div class="rs-hm-det">{"".join(details)}</div></div>'
    )
