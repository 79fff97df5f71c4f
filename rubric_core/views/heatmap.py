"""The criteria x iterations heatmap as plain HTML and CSS: the dashboard and the report.

Built from the criteria frame (docs/FRAMES.md). Hover a cell: its `title` gives the full criterion,
the verdict and the gap. Click a cell (or Tab to the grid, then the arrow keys, which move as on a map with
one small constant script admitted by its hash): a visually hidden radio
button is checked and CSS shows that cell's verdict, gap and the draft at that iteration, below the grid
(the report) or beside it (the dashboard's frame), never over a cell. Iterations are shown counting from 1
(the stored `iteration` is the library's 0-based value). When the frame has the optional review
columns (`human_passed`, `human_reason`, `reviewer`), reviewed cells are marked and a human verdict
that disagrees with the grader's is marked apart. Every run string is escaped exactly once, here.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HEATMAP_CSS = """<style>
.rs-hm{position:relative;margin:0.25rem 0 0.75rem 0;font-size:0.85rem}
.rs-hm:has(.rs-hm-cell input:checked){padding-bottom:26rem}
.rs-hm-scroll{overflow-x:auto;padding:3px 0 6px 3px}
.rs-hm-grid{display:grid;gap:3px}
.rs-hm-col{display:flex;flex-direction:column;gap:3px;min-width:0}
.rs-hm-h{height:1.4rem;font-weight:600;color:#57606a;text-align:center;white-space:nowrap}
.rs-hm-labels .rs-hm-h{text-align:left}
.rs-hm-label{height:2.5rem;box-sizing:border-box;padding:0 6px;overflow:hidden;display:flex;align-items:center;
  background:#f6f8fa;border-radius:4px}
.rs-hm-label span{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;
  line-height:1.2;max-height:2.4em;overflow-wrap:anywhere}
.rs-hm-cell{display:flex;align-items:center;justify-content:center;height:2.5rem;border-radius:4px;
  cursor:pointer;font-weight:600;user-select:none;margin:0;box-sizing:border-box}
.rs-hm-cell input{position:absolute;opacity:0;width:1px;height:1px;margin:0;pointer-events:none}
.rs-hm-cell:hover{outline:2px solid #1f2328}
.rs-hm-cell:has(input:focus-visible){outline:3px solid #0969da;outline-offset:1px}
.rs-hm-cell.pass{background:#4ac26b;color:#fff}
.rs-hm-cell.fail{background:#ff8182;color:#3d0a0a}
.rs-hm-cell.na{background:repeating-linear-gradient(135deg,#d8dee4 0 6px,#eaeef2 6px 12px);color:#424a53;
  font-weight:500;font-size:0.75rem}
.rs-hm-key.pass{background:#4ac26b}.rs-hm-key.fail{background:#ff8182}
.rs-hm-key.na{background:repeating-linear-gradient(135deg,#d8dee4 0 3px,#eaeef2 3px 6px)}
.rs-hm-cell.none{background:#eaeef2;color:#57606a;cursor:default}
.rs-hm-cell.reg{box-shadow:inset 0 0 0 3px #82071e}
.rs-hm-cell.rev::after,.rs-hm-key.rev::after{content:"";display:inline-block;width:6px;height:6px;border-radius:50%;
  background:#0969da;margin-left:3px}
.rs-hm-cell.dis{box-shadow:inset 0 0 0 3px #0969da}
.rs-hm-cell:has(input:checked){outline:3px solid #1f2328}
.rs-hm-cell:has(input:checked)::before,.rs-hm-draft{position:absolute;z-index:5;background:#fff;
  border:1px solid #d0d7de;border-radius:6px;padding:0.5rem 0.7rem;color:#1f2328;font-weight:400;text-align:left;
  cursor:auto;user-select:text;box-sizing:border-box;overflow:auto}
.rs-hm-cell:has(input:checked)::before{content:attr(title);white-space:pre-wrap;overflow-wrap:anywhere;left:0;
  bottom:0;width:calc(36% - 6px);height:25rem}
.rs-hm-draft{display:none;left:36%;right:0;bottom:0;height:25rem}
.rs-hm-col:has(input:checked) .rs-hm-draft{display:block}
.rs-hm-draft pre{white-space:pre-wrap;margin:0.3rem 0 0 0;font-family:inherit}
.rs-hm-legend{color:#57606a;font-size:0.8rem;margin-bottom:0.3rem}
.rs-hm-key{display:inline-block;width:0.9rem;height:0.9rem;border-radius:3px;vertical-align:-2px;margin-right:3px;
  background:#eaeef2}
.rs-hm-key.reg{box-shadow:inset 0 0 0 2px #82071e}.rs-hm-key.dis{box-shadow:inset 0 0 0 2px #0969da}
.rs-hm-key.rev{background:none;width:auto}
</style>"""
"""Injected once per page (outside any polling fragment) and inlined in the report. Interaction is
generic CSS (a checked radio shows its cell's details, the cell's own `title` drawn by `::before`; a
column holding the checked one shows its draft), so a 20 x 50 grid costs no per-cell style rules and
carries each cell's text once. The details sit below the grid, in room the grid makes for them when a
cell is checked: they never cover a cell (a popover under the clicked cell hid the cells below it and
took the next click). The radios are visually hidden, not removed: Tab reaches the grid and the arrow
keys move from cell to cell, each showing its details."""

GRID_KEYS_JS = """document.addEventListener("keydown", function (e) {
  var cell = e.target && e.target.closest ? e.target.closest(".rs-hm-cell") : null;
  if (!cell) return;
  if (e.key === "Enter") { e.target.checked = true; e.preventDefault(); return; }
  var step = {ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0], Home: [0, 1],
    End: [0, -1]}[e.key];
  if (!step) return;
  e.preventDefault();
  var cols = Array.prototype.slice.call(cell.closest(".rs-hm-grid").querySelectorAll(".rs-hm-col:not(.rs-hm-labels)"));
  var c = cols.indexOf(cell.closest(".rs-hm-col")), r = Number(cell.dataset.criterion);
  if (e.key === "Home") c = -1;
  if (e.key === "End") c = cols.length;
  for (;;) {
    r += step[0]; c += step[1];
    var col = cols[c], next = col ? col.querySelectorAll(".rs-hm-cell")[r] : null;
    if (!next) return;
    var input = next.querySelector("input");
    if (input) { input.focus(); input.checked = true; return; }
  }
});"""
"""The arrow keys move as on a map (right and left along a criterion's row, through the iterations; up and down
across the criteria), each checking the cell it reaches; Home and End go to the row's first and last graded cell;
Enter checks the focused cell. The radios alone move in
their document order, down a column, whatever the arrow. The script is a constant with no run text in it, and
the content security policy admits it by its hash and nothing else: hover, click and Tab need no script."""
GRID_KEYS_SCRIPT = f"<script>{GRID_KEYS_JS}</script>"
HEATMAP_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; script-src "
    f"'sha256-{base64.b64encode(hashlib.sha256(GRID_KEYS_JS.encode()).digest()).decode()}'"
)
"""A heatmap document's policy: inline styles, and the one script above by its hash. No other script, no fetch."""

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


def grid_of(rows: list[dict[str, Any]]) -> tuple[list[str], list[int], dict[tuple[int, int], dict[str, Any]]]:
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
    how_to: bool = True,
) -> str:
    """The heatmap of one turn (the first in the frame when `turn` is None), or "" when nothing is graded.

    `frame` is a criteria frame (a pandas DataFrame with the columns of docs/FRAMES.md) of one run;
    `drafts` maps (turn, iteration) to the draft text shown when a cell is clicked. `how_to=False` leaves the
    legend's hover-and-click instructions out (a report that may be printed says only what the marks mean).
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
    names, iterations, cells = grid_of(rows)
    reviewed_cols = "human_passed" in getattr(frame, "columns", ())
    reviewed = reviewed_cols and any(_present(r.get("human_passed")) for r in rows)
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
    template = f"minmax(9rem, 26rem) repeat({len(iterations)}, minmax(30px, 1fr))"
    return (
        f'<div class="rs-hm" data-key="{k}">{_legend(reviewed, how_to=how_to)}<div class="rs-hm-scroll">'
        f'<div class="rs-hm-grid" style="grid-template-columns:{template}">{"".join(columns)}</div></div></div>'
    )


LEGEND: tuple[tuple[str, str], ...] = (
    ("pass", "✔ pass"),
    ("fail", "✘ fail"),
    ("na", "n/a: the grader could not judge it (neither a pass nor a fail)"),
    ("reg", "↓ regressed (it passed at the previous iteration)"),
)
"""The legend's keys: the class of the key square and what it means (the verdict marks, then regressions)."""
REVIEW_LEGEND: tuple[tuple[str, str], ...] = (
    ("rev", " reviewed by a person who agrees with the grader"),
    ("dis", "blue outline: a person disagrees with the grader"),
)
"""The keys a grid carrying human reviews adds."""


def legend_keys(reviewed: bool) -> list[tuple[str, str]]:
    """The legend's (key class, meaning) pairs, with the review marks when the grid carries reviews."""
    return [*LEGEND, *(REVIEW_LEGEND if reviewed else ())]


def _legend(reviewed: bool, *, how_to: bool = True) -> str:
    """What the marks mean: verdicts, regressions and (when the grid carries reviews) the review marks; with
    `how_to`, how to read a cell's details."""
    keys = [f'<span class="rs-hm-key {cls}"></span>{_e(text)}' for cls, text in legend_keys(reviewed)]
    parts = [" · ".join(keys[:3]), *keys[3:]]
    if how_to:
        parts.append(
            "hover a cell for the gap; click it (or Tab to the grid: arrow keys, Home and End) for the verdict, the "
            "gap and the draft · iterations count from 1"
        )
    else:
        parts.append("columns are the drafts, counted from 1")
    return f'<div class="rs-hm-legend">{" · ".join(parts)}</div>'


@dataclass(frozen=True)
class CellMark:
    """How one graded cell of the grid is drawn: the same in the report, the frame and the run view element."""

    cls: str
    """Its classes: pass, fail or na, then reg (regressed), rev (a person agrees) or dis (a person disagrees)."""
    mark: str
    """What the square says: ✔, ✘ or n/a, with ↓ when it regressed."""
    details: str
    """The criterion, the verdict at that iteration, its check, its gap and any human review, one per line."""


def cell_mark(it: int, name: str, cell: Mapping[str, Any], *, reviewed_cols: bool) -> CellMark:
    """The drawing of a graded cell: a criteria frame row (docs/FRAMES.md) of iteration `it` (0-based)."""
    verdict = str(cell.get("verdict")) if _present(cell.get("verdict")) else ("pass" if cell["passed"] else "fail")
    passed = verdict == "pass"
    regressed = _present(cell.get("regressed")) and bool(cell.get("regressed"))
    gap = str(cell.get("gap") or "") if _present(cell.get("gap")) else ""
    check = str(cell.get("check") or "") if _present(cell.get("check")) else ""
    cls = {"pass": "pass", "fail": "fail"}.get(verdict, "na")
    mark = {"pass": "✔", "fail": "✘"}.get(verdict, "n/a")
    if verdict == "n/a":
        verdict = "n/a (the grader could not judge it)"
    extra = ""
    if regressed:
        cls += " reg"
        mark += "↓"
        verdict += " (regressed: it passed at the previous iteration)"
    if reviewed_cols and _present(cell.get("human_passed")):
        human = bool(cell["human_passed"])
        who = str(cell.get("reviewer") or "") if _present(cell.get("reviewer")) else ""
        who = "a person" if who == "local" else who  # the local user who typed no name (words.person)
        why = str(cell.get("human_reason") or "") if _present(cell.get("human_reason")) else ""
        # A person's pass or fail where the grader said n/a differs from the grader's verdict: it is drawn as a
        # disagreement (a person who gave the n/a cell a fail was shown "agrees with the grader").
        agrees = cls != "na" and human == passed
        cls += " rev" if agrees else " dis"
        differs = " (disagrees with the grader)" if cls.startswith(("pass", "fail")) else " (the grader said n/a)"
        extra = (
            f"Human review{' by ' + who if who else ''}: {'pass' if human else 'fail'}"
            + ("" if agrees else differs)
            + (f" — {why}" if why else "")
        )
    gap_line = f"\nGap: {gap}" if gap else ("" if passed else "\nGap: (the grader gave none)")
    check_line = f"\nCheck: {check}" if check else ""
    details = f"{name}\nIteration {it + 1}: {verdict}{check_line}{gap_line}" + (f"\n{extra}" if extra else "")
    return CellMark(cls, mark, details)


def _cell(k: str, r: int, it: int, name: str, cell: dict[str, Any] | None, reviewed_cols: bool) -> str:
    """One cell: the coloured square (a label holding its radio), the verdict and the gap in its title."""
    if cell is None:
        return f'<div class="rs-hm-cell none" title="Iteration {it + 1}: not graded">·</div>'
    drawn = cell_mark(it, name, cell, reviewed_cols=reviewed_cols)
    # The title is the hover text and, drawn by CSS (::before) when the cell is clicked, its details: one copy.
    # The radio inside its label: a click on the square checks it, with no id to repeat per cell.
    return (
        f'<label class="rs-hm-cell {drawn.cls}" title="{_e(drawn.details)}" data-criterion="{r}" data-iteration="{it}">'
        f'<input type="radio" name="{k}">{drawn.mark}</label>'
    )


_FRAME_CSS = """<style>
body{margin:0;padding:0 calc(34% + 10px) 0 2px;font-family:"Source Sans Pro",system-ui,-apple-system,"Segoe UI",
  sans-serif;color:#1f2328;font-size:15px}
.rs-hm,.rs-hm:has(.rs-hm-cell input:checked){padding-bottom:0;margin:0}
.rs-hm-cell:has(input:checked)::before,.rs-hm-draft,.rs-hm-hint{position:fixed;left:auto;right:0;width:34%;
  margin:0;box-sizing:border-box}
.rs-hm-cell:has(input:checked)::before{top:0;bottom:auto;height:calc(42% - 4px)}
.rs-hm-draft{top:42%;bottom:0;height:auto}
.rs-hm-hint{top:0;padding:0.5rem 0.7rem;color:#57606a;font-size:0.85rem}
body:has(.rs-hm-cell input:checked) .rs-hm-hint{display:none}
</style>"""
"""The dashboard's frame: the grid on the left (it scrolls both ways), a clicked cell's verdict, gap and draft in a
pane on its right. No room is kept under the grid (an empty "Click a cell…" box of about 250 px sat under every
heatmap)."""
GRID_TOP_PX = 24 + 9 + 16
"""The header row, the scroller's padding and its horizontal scroll bar (16 px where scroll bars take room: a
grid wider than the frame had its bar, and the last row above it, cut off by the frame's bottom edge)."""
LEGEND_LINE_PX = 20
"""One line of the legend (0.8rem text). In the frame's grid column (two thirds of the frame, about 700 px on a
1440 px screen) the legend takes 2 lines, 4 with the review marks; its bottom margin is in the first line."""
NARROW_LEGEND_LINES = 5
"""The legend's lines in a half-width frame (two heatmaps side by side, as Compare draws them, at 1440 px): it
wraps to 4 or 5 lines there, and a frame sized for 2 cut off the last criterion row."""
ROW_PX = 43
"""One criterion row: a 2.5rem cell and the 3px gap."""
MIN_FRAME_PX = 200
"""The frame is never lower than this: a clicked cell's details need room beside a grid of one or two rows."""


def heatmap_document(
    frame: Any,
    *,
    key: str,
    turn: int | None = None,
    drafts: Mapping[tuple[int, int], str] | None = None,
    max_grid_px: int = 520,
    narrow: bool = False,
) -> tuple[str, int]:
    """The heatmap as a whole HTML document for a frame of its own, and the frame's height in pixels.

    In its own document the browser lays out a 20 x 50 grid without the host page's sanitizer and
    thousands of host style rules (inline in the dashboard it blocked Chromium for seconds). The grid
    scrolls inside the frame; the clicked cell's verdict, gap and draft stay in view in a pane beside it.
    The content security policy lets nothing but inline styles and the arrow-key script (`GRID_KEYS_JS`, by its
    hash) run: no other script, no fetch. The frame is as
    high as the grid (up to `max_grid_px`), with no room kept below it; `narrow` for a frame in a half-width
    column, where the legend takes more lines.
    """
    body = heatmap_html(frame, key=key, turn=turn, drafts=drafts)
    if not body:
        return "", 0
    rows = len({str(r) for r in frame["criterion"]})
    reviewed = "human_passed" in getattr(frame, "columns", ()) and any(_present(v) for v in frame["human_passed"])
    legend_lines = (4 if reviewed else 2) if not narrow else (NARROW_LEGEND_LINES + (2 if reviewed else 0))
    grid_px = GRID_TOP_PX + LEGEND_LINE_PX * legend_lines + ROW_PX * rows
    hint = '<div class="rs-hm-hint">Click a cell: its verdict, its gap and the draft at that iteration show here.</div>'
    doc = (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<meta http-equiv='Content-Security-Policy' content=\"{HEATMAP_CSP}\">"
        f"{HEATMAP_CSS}{_FRAME_CSS}</head><body>{hint}{body}{GRID_KEYS_SCRIPT}</body></html>"
    )
    return doc, max(MIN_FRAME_PX, min(grid_px, max_grid_px))
