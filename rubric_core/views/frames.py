"""pandas frames over the store: the one shape every view and export reads.

Column names and dtypes are a documented contract (see docs/FRAMES.md):
- runs: one row per run.
- iterations: one row per grading pass.
- criteria: one row per criterion per grading pass, with its `verdict` (pass,
  fail or n/a; `passed` is NA for n/a) and the `check` that decided it (in
  words), `regressed` (passed at the previous pass, fails now),
  `first_passed_iteration`, and the newest human review of the cell
  (`human_passed`, `human_reason`, `reviewer`; NA when nobody reviewed it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from rubric_core.verdicts import verdict_of
from rubric_core.views.criteria_records import criteria_records

if TYPE_CHECKING:
    from rubric_core.store import RunFilter, Store

RUNS_COLUMNS: dict[str, str] = {
    "run_id": "string",
    "created_at": "datetime64[ns, UTC]",
    "finished_at": "datetime64[ns, UTC]",
    "status": "string",
    "task": "string",
    "rubric_name": "string",
    "rubric_version": "Int64",
    "model": "string",
    "grader": "string",
    "iterations": "Int64",
    "turns": "Int64",
    "total_tokens": "Int64",
    "wall_time_s": "float64",
    "tags": "string",
    "note": "string",
}
ITERATIONS_COLUMNS: dict[str, str] = {
    "run_id": "string",
    "turn": "Int64",
    "iteration": "Int64",
    "result": "string",
    "explanation": "string",
    "unverified": "boolean",
    "criteria_total": "Int64",
    "criteria_passed": "Int64",
    "criteria_na": "Int64",
    "wall_time_s": "float64",
    "total_tokens": "Int64",
    "draft_text": "string",
    "feedback_text": "string",
    "disk_files": "string",
}
CRITERIA_COLUMNS: dict[str, str] = {
    "run_id": "string",
    "turn": "Int64",
    "iteration": "Int64",
    "position": "Int64",
    "criterion": "string",
    "passed": "boolean",
    "verdict": "string",
    "check_kind": "string",
    "check": "string",
    "gap": "string",
    "regressed": "boolean",
    "first_passed_iteration": "Int64",
    "human_passed": "boolean",
    "human_reason": "string",
    "reviewer": "string",
}


def _typed(rows: list[dict], columns: dict[str, str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(columns))
    for col, dtype in columns.items():
        if dtype.startswith("datetime"):
            frame[col] = pd.to_datetime(frame[col], unit="s", utc=True)
        else:
            frame[col] = frame[col].astype(dtype)
    return frame


def runs_frame_from_rows(rows: list[dict]) -> pd.DataFrame:
    """The runs frame from store rows (as `Store.list_runs` or `get_runs` return them)."""
    out = []
    for r in rows:
        out.append(
            {
                "run_id": r["id"],
                "created_at": r["created_at"],
                "finished_at": r.get("finished_at"),
                "status": r["status"],
                "task": r["task"],
                "rubric_name": r.get("rubric_name", ""),
                "rubric_version": r.get("rubric_version"),
                "model": r["model"],
                "grader": r["grader"],
                "iterations": r.get("iterations", 0),
                "turns": r.get("turns", 1),
                "total_tokens": r.get("total_tokens", 0),
                "wall_time_s": r.get("wall_time_s", 0.0),
                "tags": ",".join(r.get("tags") or []),
                "note": r.get("note", ""),
            }
        )
    return _typed(out, RUNS_COLUMNS)


def runs_frame(store: Store, flt: RunFilter | None = None, *, limit: int = 100, offset: int = 0) -> pd.DataFrame:
    """One row per run, newest first."""
    return runs_frame_from_rows(store.list_runs(flt, limit=limit, offset=offset))


def iterations_frame_from_rows(iterations: list[dict], criteria: list[dict]) -> pd.DataFrame:
    """The iterations frame from store rows."""
    counts: dict[tuple, list[int]] = {}
    for c in criteria:
        key = (c["run_id"], c["turn"], c["iteration"])
        tally = counts.setdefault(key, [0, 0, 0])
        verdict = verdict_of(c)
        tally[0] += 1
        tally[1] += int(verdict == "pass")
        tally[2] += int(verdict == "n/a")
    out = []
    for it in iterations:
        key = (it["run_id"], it["turn"], it["iteration"])
        total, passed, na = counts.get(key, [0, 0, 0])
        out.append(
            {
                "run_id": it["run_id"],
                "turn": it["turn"],
                "iteration": it["iteration"],
                "result": it["result"],
                "explanation": it["explanation"],
                "unverified": bool(it["unverified"]),
                "criteria_total": total,
                "criteria_passed": passed,
                "criteria_na": na,
                "wall_time_s": it["wall_time_s"],
                "total_tokens": it["total_tokens"],
                "draft_text": it["draft_text"],
                "feedback_text": it["feedback_text"],
                # The draft's files that came from a filesystem backend, one path a line ('' for none).
                "disk_files": "\n".join(it.get("disk_files") or []),
            }
        )
    return _typed(out, ITERATIONS_COLUMNS)


def iterations_frame(store: Store, run_ids: list[str]) -> pd.DataFrame:
    """One row per grading pass of these runs."""
    return iterations_frame_from_rows(store.iterations(run_ids), store.criteria(run_ids))


def criteria_frame_from_rows(criteria: list[dict], reviews: list[dict] | None = None) -> pd.DataFrame:
    """The criteria frame (with regressed, first_passed_iteration and the newest reviews) from store rows."""
    return _typed(criteria_records(criteria, reviews), CRITERIA_COLUMNS)


def criteria_frame(store: Store, run_ids: list[str]) -> pd.DataFrame:
    """One row per criterion per grading pass of these runs, with the newest human review of each."""
    from rubric_core.store.judge import latest_reviews

    return criteria_frame_from_rows(store.criteria(run_ids), latest_reviews(store, run_ids))
