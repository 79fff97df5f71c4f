"""The matrix: items as rows, configurations as columns, each cell an ordinary run's outcome.

Read from the suite frames layer, one `SuiteFrames` per column: a matrix suite run's columns, a one-column suite
run's single column, or the columns of several suite runs side by side (`suite compare`), rows matched by item id.
Each cell's outcome follows the verdict rules of the suite frames: a run unmet only on n/a criteria is `na` (its
own colour, neither a pass nor a fail), a grader or provider failure is `error`, never a fail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import pandas as pd

from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.frames import SuiteFrames, suite_frames
from rubric_core.suites.pricing import Price, price_table

Outcome = Literal["pass", "fail", "na", "error", "stopped", "running", "pending"]
OUTCOMES: tuple[Outcome, ...] = ("pass", "fail", "na", "error", "stopped", "running", "pending")
OUTCOME_LABELS: dict[str, str] = {
    "pass": "satisfied",
    "fail": "unmet (a criterion failed)",
    "na": "unmet only on n/a criteria (the grader could not judge them)",
    "error": "grader or run error (no quality result)",
    "stopped": "cancelled or interrupted (resumable)",
    "running": "running",
    "pending": "not started",
}
Mode = Literal["all", "failures", "errors", "different"]
MODES: tuple[Mode, ...] = ("all", "failures", "errors", "different")
MODE_HELP: dict[str, str] = {
    "all": "every item",
    "failures": "items a column left unmet on a failed criterion",
    "errors": "items a column could not grade or run (grader error, error)",
    "different": "items some columns satisfied and others left unmet (the columns disagree)",
}
CELL_COLUMNS: dict[str, str] = {
    "row": "Int64",
    "item_id": "string",
    "column": "Int64",
    "position": "Int64",
    "run_id": "string",
    "status": "string",
    "outcome": "string",
    "iterations": "Int64",
    "total_tokens": "Int64",
    "cost_usd": "float64",
    "wall_time_s": "float64",
    "final_failed": "Int64",
    "final_na": "Int64",
}
"""One row per item per column. `row` is the item's row in the matrix, `position` its position in the column's
own suite run (they differ only when several suite runs are read side by side)."""


def cell_outcome(status: str, final_failed: int | None, final_na: int | None) -> Outcome:
    """A cell's outcome from its run's status and its failed and n/a criteria at the end."""
    if status == "satisfied":
        return "pass"
    if status in ("max_iterations_reached", "failed"):
        return "na" if not final_failed and (final_na or 0) > 0 and status != "failed" else "fail"
    if status in ("grader_error", "error"):
        return "error"
    if status in ("cancelled", "interrupted"):
        return "stopped"
    if status == "running":
        return "running"
    return "pending"


@dataclass
class MatrixColumn:
    """One column: a configuration and the frames of its cells."""

    index: int
    """Its place in the matrix, from 0."""
    label: str
    suite_id: str
    column: int | None
    """Its index in its own suite run (None: a one-column suite run)."""
    config: dict[str, Any]
    """The configuration of its cells (no task)."""
    rubric: str
    rubric_name: str
    rubric_version: int | None
    status: str
    """Its suite run's status, or the matrix column's own (running, finished, cancelled...)."""
    frames: SuiteFrames


@dataclass
class Matrix:
    """Rows (items) x columns (configurations)."""

    suite: dict[str, Any]
    """The (first) suite run read."""
    columns: list[MatrixColumn]
    items: pd.DataFrame
    """One row per item: row, item_id, task."""
    cells: pd.DataFrame
    """One row per item per column (CELL_COLUMNS)."""
    flags: dict[int, set[str]] = field(default_factory=dict)
    """Row -> the modes besides `all` it shows in (failures, errors, different)."""

    def rows(
        self, mode: str = "all", only: Iterable[int] | None = None, matches: Iterable[int] | None = None
    ) -> list[int]:
        """The rows a view shows: those of the mode, within `only` (a baseline's click) and `matches` (a search)."""
        keep = [int(r) for r in self.items["row"].tolist()]
        if mode != "all":
            keep = [r for r in keep if mode in self.flags.get(r, set())]
        for subset in (only, matches):
            if subset is not None:
                allowed = set(subset)
                keep = [r for r in keep if r in allowed]
        return keep

    def counts(self) -> dict[str, int]:
        """How many rows each mode shows."""
        out = {"all": len(self.items)}
        for mode in MODES[1:]:
            out[mode] = sum(1 for flags in self.flags.values() if mode in flags)
        return out

    def cell(self, row: int, column: int) -> dict[str, Any] | None:
        """One cell's row of `cells` as a dict (None when the matrix has no such cell)."""
        found = self.cells[(self.cells["row"] == row) & (self.cells["column"] == column)]
        return None if found.empty else found.iloc[0].to_dict()


def _typed(rows: list[dict[str, Any]], columns: dict[str, str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(columns))
    for col, dtype in columns.items():
        frame[col] = frame[col].astype(dtype)
    return frame


def _one_column_label(suite: dict[str, Any]) -> str:
    config = suite.get("config") or {}
    return str(config.get("model") or "offline:writer")


def _columns_of(
    store: Store, suite: dict[str, Any], prices: dict[str, Price], label_prefix: str = ""
) -> list[tuple[str, int | None, dict[str, Any], SuiteFrames]]:
    out = []
    if suite["columns"]:
        for column in suite["columns"]:
            frames = suite_frames(store, suite["id"], prices=prices, column=column["index"], suite=suite)
            out.append((label_prefix + column["label"], column["index"], column, frames))
    else:
        frames = suite_frames(store, suite["id"], prices=prices, suite=suite)
        one = {
            "label": _one_column_label(suite),
            "config": suite["config"],
            "rubric": suite["rubric"],
            "rubric_name": suite["rubric_name"],
            "rubric_version": suite["rubric_version"],
            "status": suite["status"],
        }
        out.append((label_prefix + one["label"], None, one, frames))
    return out


def read_matrix(store: Store, suite_run_ids: Sequence[str], *, prices: dict[str, Price] | None = None) -> Matrix:
    """The matrix of one suite run (its columns), or of several side by side (each one's columns, labelled A, B...
    in order), rows matched by item id in the first one's order, then the items only later ones have."""
    if not suite_run_ids:
        msg = "Name at least one suite run to read as a matrix."
        raise ValueError(msg)
    table = prices if prices is not None else price_table(store)
    suites = []
    for suite_id in suite_run_ids:
        suite = ss.get_suite_run(store, suite_id)
        if suite is None:
            msg = f"No suite run {suite_id!r} in the store."
            raise KeyError(msg)
        suites.append(suite)
    several = len(suites) > 1
    read: list[tuple[str, str, int | None, dict[str, Any], SuiteFrames]] = []
    for n, suite in enumerate(suites):
        prefix = f"{chr(ord('A') + n)} · " if several else ""
        read.extend((suite["id"], *c) for c in _columns_of(store, suite, table, prefix))
    rows: dict[str, int] = {}
    tasks: dict[str, str] = {}
    for _, _, _, _, frames in read:
        for item_id, task in zip(frames.items["item_id"].astype(str), frames.items["task"].astype(str), strict=True):
            if item_id not in rows:
                rows[item_id] = len(rows)
                tasks[item_id] = task
    columns: list[MatrixColumn] = []
    cell_rows: list[dict[str, Any]] = []
    for index, (suite_id, label, column, meta, frames) in enumerate(read):
        columns.append(
            MatrixColumn(
                index=index,
                label=label,
                suite_id=suite_id,
                column=column,
                config=dict(meta["config"]),
                rubric=str(meta["rubric"]),
                rubric_name=str(meta.get("rubric_name") or ""),
                rubric_version=meta.get("rubric_version"),
                status=str(meta["status"]),
                frames=frames,
            )
        )
        for item in frames.items.to_dict("records"):
            status = str(item["status"])
            failed = None if pd.isna(item["final_failed"]) else int(item["final_failed"])
            na = None if pd.isna(item["final_na"]) else int(item["final_na"])
            cell_rows.append(
                {
                    "row": rows[str(item["item_id"])],
                    "item_id": item["item_id"],
                    "column": index,
                    "position": item["position"],
                    "run_id": item["run_id"],
                    "status": status,
                    "outcome": cell_outcome(status, failed, na),
                    "iterations": item["iterations"],
                    "total_tokens": item["total_tokens"],
                    "cost_usd": item["cost_usd"],
                    "wall_time_s": item["wall_time_s"],
                    "final_failed": failed,
                    "final_na": na,
                }
            )
    items = pd.DataFrame(
        {
            "row": pd.Series(list(rows.values()), dtype="Int64"),
            "item_id": pd.Series(list(rows), dtype="string"),
            "task": pd.Series([tasks[i] for i in rows], dtype="string"),
        }
    )
    cells = _typed(cell_rows, CELL_COLUMNS)
    return Matrix(suite=suites[0], columns=columns, items=items, cells=cells, flags=_flags(cells))


def _flags(cells: pd.DataFrame) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for row, outcomes in cells.groupby("row")["outcome"]:
        seen = set(outcomes.astype(str))
        flags = set()
        if "fail" in seen:
            flags.add("failures")
        if "error" in seen:
            flags.add("errors")
        if {"pass", "fail"} <= seen:
            flags.add("different")
        out[int(row)] = flags
    return out


def check_mode(value: Any) -> Mode:
    """A view mode from a URL or a flag; ValueError naming the modes otherwise."""
    text = str(value or "all").strip().lower()
    if text not in MODES:
        msg = f"Unknown matrix mode {value!r}: use one of {', '.join(MODES)}."
        raise ValueError(msg)
    return text  # type: ignore[return-value]


def search_rows(store: Store, matrix: Matrix, query: str) -> set[int]:
    """Rows whose task or any stored draft of any of their cells holds `query` (case-insensitive, words in any
    order: every word must be found)."""
    words = [w for w in query.casefold().split() if w]
    if not words:
        return set(int(r) for r in matrix.items["row"].tolist())
    text_of: dict[int, list[str]] = {
        int(r): [str(t).casefold()] for r, t in zip(matrix.items["row"], matrix.items["task"], strict=True)
    }
    run_rows = {
        str(run): int(row)
        for run, row in zip(matrix.cells["run_id"], matrix.cells["row"], strict=True)
        if isinstance(run, str) and run
    }
    for run_id, drafts in ss.drafts_of(store, list(run_rows)).items():
        text_of[run_rows[run_id]].append(drafts.casefold())
    return {row for row, texts in text_of.items() if all(any(w in t for t in texts) for w in words)}
