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
.rs-hm:has(.rs-hm-cell input:checked){padding-bottom:27rem}
.rs-hm-cell input{display:none}
.rs-hm-grid{display:grid;gap:3px}
.rs-hm-col{display:flex;flex-direction:column;gap:3px;min-width:0}
.rs-hm-h{height:1.4rem;font-weight:600;color:#57606a;text-align:center;white-space:nowrap}
.rs-hm-labels .rs-hm-h{text-align:left}
.rs-hm-label{height:2.5rem;box-sizing:border-box;padding:0 6px;overflow:hidden;display:flex;align-items:center;
  background:#f6f8fa;border-radius:4px}
.rs-hm-label span{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;
  line-height:1.2;max-height:2.4em;overflow-wrap:anywhere}
.rs-hm-cell{position:relative;display:flex;align-items:center;justify-content:center;height:2.5rem;border-radius:4px;
  cursor:pointer;font-weight:600;user-select:none;margin:0;box-sizing:border-box}
.rs-hm-cell:hover{outline:2px solid #1f2328}
.rs-hm-cell.pass{background:#4ac26b;color:#fff}
.rs-hm-cell.fail{background:#ff8182;color:#3d0a0a}
.rs-hm-cell.none{background:#eaeef2;color:#57606a;cursor:default}
.rs-hm-cell.reg{box-shadow:inset 0 0 0 3px #82071e}
.rs-hm-cell.rev::after{content:"";width:6px;height:6px;border-radius:50%;background:#0969da;margin-left:3px}
.rs-hm-cell.dis{box-shadow:inset 0 0 0 3px #0969da}
.rs-hm-cell:has(input:checked){outline:3px solid #1f2328}
.rs-hm-cell:has(input:checked)::before,.rs-hm-draft{position:absolute;z-index:5;background:#fff;
  border:1px solid #d0d7de;border-radius:6px;padding:0.5rem 0.7rem;box-shadow:0 4px 12px rgba(31,35,40,0.15);
  color:#1f2328;font-weight:400;text-align:left;cursor:auto;user-select:text}
.rs-hm-cell:has(input:checked)::before{content:attr(title);white-space:pre-wrap;overflow-wrap:anywhere;top:100%;
  right:0;width:22rem;max-width:60vw;margin-top:4px}
.rs-hm-draft{display:none;left:0;right:0;top:calc(100% - 26.5rem);height:25rem;overflow:auto;box-shadow:none}
.rs-hm-col:has(input:checked) .rs-hm-draft{display:block}
.rs-hm-draft pre{white-space:pre-wrap;margin:0.3rem 0 0 0;font-family:inherit}
.rs-hm-legend{color:#57606a;font-size:0.8rem;margin-bottom:0.3rem}
</style>"""
"""Injected once per page (outside any polling fragment) and inlined in the report. Interaction is
generic CSS (a checked radio shows its cell's details, the cell's own `title` drawn by `::before`; a
column holding the checked one shows its draft below the grid), so a 20 x 50 grid costs no per-cell
style rules and carries each cell's text once."""

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
    drafts = drafts or {}
    labels = ['<div class="rs-hm-h">Criterion</div>']
    labels += [f'<div class="rs-hm-label" title="{_e(name)}"><span>{_e(name)}</span></div>' for name in names]
    columns = [f'<div class="rs-hm-col rs-hm-labels">{"".join(labels)}</div>']
    for c, it in enumerate(iterations):
        col = [f'<div class="rs-hm-h">{it + 1}</div>']
        for r, name in enumerate(names):
            col.append(_cell(k, r, it, name, cells.get((r, c)), reviewed_cols))
        text = drafts.get((turn, it))
        if text is not None:
            col.append(f'<div class="rs-hm-draft"><b>Draft at iteration {it + 1}</b><pre>{_e(text)}</pre></div>')
        columns.append(f'<div class="rs-hm-col">{"".join(col)}</div>')
    template = f"minmax(12rem, 26rem) repeat({len(iterations)}, minmax(34px, 1fr))"
    legend = (
        '<div class="rs-hm-legend">✔ pass · ✘ fail · ↓ regressed · hover a cell for the gap, click it for the '
        "verdict, the gap and the draft · iterations count from 1</div>"
    )
    return (
        f'<div class="rs-hm" data-key="{k}">{legend}'
        f'<div class="rs-hm-grid" style="grid-template-columns:{template}">{"".join(columns)}</div></div>'
    )


def _cell(k: str, r: int, it: int, name: str, cell: dict[str, Any] | None, reviewed_cols: bool) -> str:
    """One cell: the coloured square (a label holding its radio), the verdict and the gap in its title."""
    if cell is None:
        return f'<div class="rs-hm-cell none" title="Iteration {it + 1}: not graded">·</div>'
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
    gap_line = f"\nGap: {gap}" if gap else ("" if passed else "\nGap: (the grader gave none)")
    # The title is the hover text and, drawn by CSS (::before) when the cell is clicked, its details: one copy.
    title = f"{name}\nIteration {it + 1}: {verdict}{gap_line}" + (f"\n{extra}" if extra else "")
    # The radio inside its label: a click on the square checks it, with no id to repeat per cell.
    return (
        f'<label class="rs-hm-cell {cls}" title="{_e(title)}" data-criterion="{r}" data-iteration="{it}">'
        f'<input type="radio" name="{k}">{mark}</label>'
    )


_FRAME_CSS = """<style>
body{margin:0;padding:0 4px 17rem 2px;font-family:"Source Sans Pro",system-ui,-apple-system,"Segoe UI",sans-serif;
  color:#1f2328;font-size:15px}
.rs-hm{padding-bottom:0!important;margin:0}
.rs-hm-cell:has(input:checked)::before,.rs-hm-draft,.rs-hm-hint{position:fixed;top:auto;bottom:0;height:16rem;
  overflow:auto;margin:0;box-sizing:border-box;box-shadow:none}
.rs-hm-cell:has(input:checked)::before{left:0;right:auto;width:36%;max-width:none}
.rs-hm-draft{left:calc(36% + 6px);right:0}
.rs-hm-hint{left:0;right:0;display:flex;align-items:center;justify-content:center;color:#57606a;
  border:1px dashed #d0d7de;border-radius:6px;background:#fff}
body:has(.rs-hm-cell input:checked) .rs-hm-hint{display:none}
</style>"""
DETAIL_PX = 16 * 16 + 12
"""Height of the detail area under the grid in the dashboard's frame (16rem and a margin)."""
ROW_PX = 43
"""One criterion row: a 2.5rem cell and the 3px gap."""


def heatmap_document(
    frame: Any,
    *,
    key: str,
    turn: int | None = None,
    drafts: Mapping[tuple[int, int], str] | None = None,
    max_grid_px: int = 520,
) -> tuple[str, int]:
    """The heatmap as a whole HTML document for a frame of its own, and the frame's height in pixels.

    In its own document the browser lays out a 20 x 50 grid without the host page's sanitizer and
    thousands of host style rules (inline in the dashboard it blocked Chromium for seconds). The grid
    scrolls inside the frame; the clicked cell's verdict, gap and draft stay in view at its bottom.
    The content security policy lets nothing but inline styles run: no script, no fetch.
    """
    body = heatmap_html(frame, key=key, turn=turn, drafts=drafts)
    if not body:
        return "", 0
    rows = len({str(r) for r in frame["criterion"]})
    grid_px = 26 + 24 + ROW_PX * rows + 8
    hint = '<div class="rs-hm-hint">Click a cell to see its verdict, its gap and the draft at that iteration.</div>'
    doc = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        f"{HEATMAP_CSS}{_FRAME_CSS}</head><body>{hint}{body}</body></html>"
    )
    return doc, min(grid_px, max_grid_px) + DETAIL_PX
