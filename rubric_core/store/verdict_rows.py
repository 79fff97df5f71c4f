"""A criterion verdict as a store row and back: `verdict` and `check_json` beside the library's `passed`.

Rows written before verdict records (migration 12) have '' in both: they read as pass or fail from
`passed`, with the check 'not recorded'.
"""

from __future__ import annotations

import json
from typing import Any

from rubric_core.verdicts import check_of, verdict_of


def criterion_row(position: int, criterion: dict[str, Any]) -> dict[str, Any]:
    """The bound values of one criterion's row: p, n, ok, gap, v, chk."""
    verdict = verdict_of(criterion)
    check = criterion.get("check")
    return {
        "p": position,
        "n": str(criterion.get("name", "")),
        # What the library acted on: n/a was a failed criterion there.
        "ok": int(verdict == "pass"),
        "gap": str(criterion.get("gap", "") or ""),
        "v": verdict,
        "chk": json.dumps(check, ensure_ascii=False) if isinstance(check, dict) else "",
    }


def read_criterion(row: dict[str, Any]) -> dict[str, Any]:
    """A stored criterion row with `verdict` and `check` (a dict) read from it; `check_json` is dropped."""
    return decode_criterion(dict(row))


def decode_criterion(row: dict[str, Any]) -> dict[str, Any]:
    """`read_criterion` on a row the caller owns, decoded in place (an export of 10,000 runs reads 400,000)."""
    row["verdict"] = verdict_of(row)
    row["check"] = check_of(row)
    row.pop("check_json", None)
    return row


def read_tools(raw: str | None) -> list[dict[str, Any]]:
    """A grading pass's stored grader tool calls."""
    if not raw:
        return []
    try:
        tools = json.loads(raw)
    except ValueError:
        return []
    return [t for t in tools if isinstance(t, dict)] if isinstance(tools, list) else []
