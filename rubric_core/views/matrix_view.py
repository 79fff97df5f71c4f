"""What the matrix element draws, as one JSON payload, and the side-by-side view of two cells of a row.

The page draws the whole matrix (200 items x 6 columns is 1,200 cells) as ONE element from `matrix_payload`: the
element filters rows by mode, by a baseline's click and by a search on its own, so a mode switch redraws nothing on
the server. Every piece of text in the payload is data (the element writes it with textContent, never as HTML);
run ids are checked before they become links.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.redaction import redact_data
from rubric_core.store import Store
from rubric_core.suites.matrix import MODES, Matrix
from rubric_core.suites.matrix_stats import SATISFIED_ROW, BaselineDelta, ColumnSummary
from rubric_core.verdicts import check_text
from rubric_core.views.diff import side_by_side_html, word_diff
from rubric_core.views.matrix_columns import column_heads, column_said, no_result
from rubric_core.views.run_view import STATUS_LABELS

MODE_LABELS = {"all": "All", "failures": "Failures", "errors": "Errors", "different": "Different"}
TASK_CHARS = 160
"""How much of each task the payload carries (the whole task is one click away, on the item's run)."""
_RUN_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_ONLY = re.compile(r"^(reg|imp):(\d{1,2}):(\d{1,4})$")


def filter_key(kind: str, column: int, criterion: int) -> str:
    """The key of one baseline click: `reg:<column>:<criterion row>` (regressed) or `imp:...` (improved)."""
    return f"{kind}:{column}:{criterion}"


def check_only(value: Any) -> str | None:
    """A baseline filter key from a URL, or None when it is not one (ignored, never an error on the page)."""
    text = str(value or "")
    return text if _ONLY.match(text) else None


_PAIR = re.compile(r"^\d{1,6}\.\d{1,2}\.\d{1,2}$")


def suite_view(value: Any, suite_id: str) -> dict[str, str]:
    """The matrix view a cell's link carried (`sv`: the Suites page's view parameters and its suite run), as those
    parameters; {} when it is not a view of `suite_id`. Each is checked as the Suites page checks its URL."""
    from urllib.parse import parse_qs

    got = {k: v[0] for k, v in parse_qs(str(value or "")[:2000]).items() if v}
    if not suite_id or got.get("suite") != suite_id:
        return {}
    out: dict[str, str] = {}
    if got.get("mode") in MODES and got["mode"] != "all":
        out["mode"] = got["mode"]
    query = " ".join(got.get("q", "").split())[:200]
    if query:
        out["q"] = query
    base = got.get("base", "")
    if base.isdigit() and len(base) <= 2 and base != "1":
        out["base"] = base
    only = check_only(got.get("only"))
    if only:
        out["only"] = only
    if _PAIR.match(got.get("pair", "")):
        out["pair"] = got["pair"]
    return out


def _cost(value: Any) -> float | None:
    return None if value is None or value != value else round(float(value), 6)


def matrix_payload(
    matrix: Matrix,
    *,
    summaries: list[ColumnSummary],
    deltas: list[BaselineDelta],
    baseline: int,
    stamp: str,
    mode: str = "all",
    only: str | None = None,
    matches: set[int] | None = None,
    query: str = "",
    pair: tuple[int, int, int] | None = None,
    problems: dict[int, str] | None = None,
    view_of: str = "",
) -> dict[str, Any]:
    """The element's data. `stamp` changes when the store does (a cell ended); the element redraws its table only
    when `v` changes, and otherwise only re-applies the view (mode, filter, search, the picked pair).

    `problems`: column -> why its runs have no result (the first error), said in the header of a column with none.
    `view_of`: the suite run whose page this view is (its cells' links then carry the view, `sv`, so the Run page's
    "Back to the suite run" opens the same view); "" for a view that is not a suite run's own (Compare)."""
    cells: dict[tuple[int, int], dict[str, Any]] = {
        (int(c["row"]), int(c["column"])): c for c in matrix.cells.to_dict("records")
    }
    rows = []
    for row, item_id, task in zip(matrix.items["row"], matrix.items["item_id"], matrix.items["task"], strict=True):
        r = int(row)
        line: list[dict[str, Any] | None] = []
        for column in matrix.columns:
            c = cells.get((r, column.index))
            if c is None:
                line.append(None)
                continue
            run_id = c["run_id"] if isinstance(c["run_id"], str) and _RUN_ID.match(c["run_id"]) else None
            line.append(
                {
                    "o": str(c["outcome"]),
                    "s": str(c["status"]),
                    "n": int(c["iterations"] or 0),
                    "c": _cost(c["cost_usd"]),
                    "run": run_id,
                }
            )
        text = str(task)
        rows.append(
            {
                "r": r,
                "id": str(item_id),
                "task": text[:TASK_CHARS] + ("…" if len(text) > TASK_CHARS else ""),
                "cells": line,
                "flags": sorted(matrix.flags.get(r, set())),
            }
        )
    criteria: list[str] = []
    base_rows: dict[str, dict[int, dict[str, Any]]] = {}
    filters: dict[str, dict[str, Any]] = {}
    for d in deltas:
        if d.criterion not in base_rows:
            criteria.append(d.criterion)
            base_rows[d.criterion] = {}
        k = criteria.index(d.criterion)
        if d.paired is None:
            base_rows[d.criterion][d.column] = {"missing": True}
            continue
        label = matrix.columns[d.column].label
        what = "satisfied" if d.criterion == SATISFIED_ROW else repr(d.criterion)
        for kind, rows_of, said in (("reg", d.regressed, "regressed (✔ → ✘)"), ("imp", d.improved, "improved (✘ → ✔)")):
            filters[filter_key(kind, d.column, k)] = {
                "label": f"{len(rows_of)} item(s) {label} {said} on {what} against the baseline",
                "rows": list(rows_of),
            }
        base_rows[d.criterion][d.column] = {
            "reg": len(d.regressed),
            "imp": len(d.improved),
            "p": f"{d.paired.p_value:.3g}",
            "na": d.na_rows,
            "k": k,
        }
    view = {
        "mode": mode if mode in MODES else "all",
        "only": only if only in filters else None,
        "matches": None if matches is None else sorted(matches),
        "query": query,
        "pair": list(pair) if pair else None,
    }
    heads = column_heads([c.label for c in matrix.columns])
    content = {
        "columns": [
            {
                "i": c.index,
                "number": c.index + 1,
                "label": c.label,
                "head": head,
                "shared": shared,
                "status": s.status,
                "status_label": STATUS_LABELS.get(s.status, s.status.replace("_", " ")),
                "rate": column_said(s),
                "problem": (problems or {}).get(c.index, "") if no_result(s) else "",
                "judged": s.satisfied.total,
                "satisfied": s.satisfied.passed,
                "errors": s.errors,
                "grader_errors": s.grader_errors,
                "na_only": s.left_out_na,
                "unfinished": s.unfinished,
            }
            for c, s, (head, shared) in zip(matrix.columns, summaries, heads, strict=True)
        ],
        "rows": rows,
        "counts": matrix.counts(),
        "modes": [[m, MODE_LABELS[m]] for m in MODES],
        "baseline": {
            "index": baseline,
            "label": matrix.columns[baseline].label if matrix.columns else "",
            "criteria": [
                {"name": name, "cells": [base_rows[name].get(c.index) for c in matrix.columns]} for name in criteria
            ],
        },
        "filters": filters,
        "run_link": "./?run=",
        "view_of": view_of if _RUN_ID.match(view_of or "") else "",
    }
    # The table is rebuilt only when what it draws changed: a digest of the content, not of the view.
    digest = hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()[:16]
    return redact_data({"v": f"{stamp}:{digest}", **content, **view})  # no secret on the page (redaction.py)


# ---- two cells of a row, side by side ---------------------------------------------------------------------


@dataclass
class CellSide:
    """One cell of the pair: its run's end, its final draft and its criteria with the check behind each."""

    column: int
    label: str
    run_id: str | None
    status: str
    iterations: int
    cost_usd: float | None
    final_draft: str = ""
    criteria: list[dict[str, str]] = field(default_factory=list)
    """name, verdict (pass, fail, n/a), check (in words), gap, at the cell's last graded iteration."""


@dataclass
class PairView:
    """Two cells of one row."""

    row: int
    item_id: str
    task: str
    left: CellSide
    right: CellSide
    diff_html: str
    """The word diff of the two final drafts side by side, escaped piece by piece (rubric_core/views/diff.py)."""
    same_draft: bool


def check_pair(value: Any, matrix: Matrix) -> tuple[int, int, int] | None:
    """`row.a.b` from a URL as (row, column a, column b) when the matrix has them (None otherwise)."""
    parts = str(value or "").split(".")
    if len(parts) != 3 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        return None
    row, a, b = (int(p) for p in parts)
    if a == b or not (0 <= a < len(matrix.columns) and 0 <= b < len(matrix.columns)):
        return None
    if row not in set(int(r) for r in matrix.items["row"]):
        return None
    return row, a, b


def _side(store: Store, matrix: Matrix, row: int, column: int) -> CellSide:
    cell = matrix.cell(row, column) or {}
    run_id = cell.get("run_id") if isinstance(cell.get("run_id"), str) else None
    side = CellSide(
        column=column,
        label=matrix.columns[column].label,
        run_id=run_id if run_id and _RUN_ID.match(run_id) else None,
        status=str(cell.get("status") or "pending"),
        iterations=int(cell.get("iterations") or 0),
        cost_usd=_cost(cell.get("cost_usd")),
    )
    if side.run_id is None:
        return side
    graded = [i for i in store.iterations([side.run_id]) if i["turn"] == 0 and i["result"] is not None]
    drafts = [i for i in store.iterations([side.run_id]) if i["turn"] == 0]
    if drafts:
        side.final_draft = str(drafts[-1]["draft_text"] or "")
    if graded:
        last = graded[-1]["iteration"]
        side.criteria = [
            {
                "name": str(c["name"]),
                "verdict": str(c["verdict"]),
                "check": check_text(c["check"]),
                "gap": "" if c["verdict"] == "pass" else str(c["gap"] or ""),
            }
            for c in store.criteria([side.run_id])
            if c["turn"] == 0 and c["iteration"] == last
        ]
    return side


def pair_view(store: Store, matrix: Matrix, row: int, a: int, b: int) -> PairView:
    """Two cells of a row side by side: their ends, final drafts, the word diff between them, their criteria."""
    left, right = _side(store, matrix, row, a), _side(store, matrix, row, b)
    item = matrix.items[matrix.items["row"] == row].iloc[0]
    ops = word_diff(left.final_draft, right.final_draft)
    return PairView(
        row=row,
        item_id=str(item["item_id"]),
        task=str(item["task"]),
        left=left,
        right=right,
        diff_html=side_by_side_html(ops, left=f"{a + 1}. {left.label}", right=f"{b + 1}. {right.label}"),
        same_draft=left.final_draft == right.final_draft,
    )
