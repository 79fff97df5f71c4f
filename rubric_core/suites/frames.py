"""Suite frames: items, items x criteria (first draft and final iteration), per-criterion pass rates.

Built from the same store rows as the run frames. A suite item is a single-turn
run, so its first draft is iteration 0 of turn 0 and its end is the last graded
iteration of turn 0. Criteria keep the rubric's order and wording (matched by position).
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pandas as pd

from rubric_core.rubric import parse_criteria
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.pricing import Price, cost_usd, price_table
from rubric_core.suites.statistics import Rate, wilson

ITEMS_COLUMNS: dict[str, str] = {
    "position": "Int64",
    "item_id": "string",
    "task": "string",
    "run_id": "string",
    "status": "string",
    "iterations": "Int64",
    "input_tokens": "Int64",
    "output_tokens": "Int64",
    "total_tokens": "Int64",
    "wall_time_s": "float64",
    "cost_usd": "float64",
}
CELLS_COLUMNS: dict[str, str] = {
    "position": "Int64",
    "item_id": "string",
    "run_id": "string",
    "criterion": "string",
    "criterion_position": "Int64",
    "first_passed": "boolean",
    "final_passed": "boolean",
    "final_gap": "string",
    "final_iteration": "Int64",
}


@dataclass
class SuiteFrames:
    """Everything the suite views and the command line read about one suite run."""

    suite: dict[str, Any]
    items: pd.DataFrame
    """One row per item (status `pending` before it starts)."""
    cells: pd.DataFrame
    """One row per item per criterion: passed at the first draft and at the final iteration."""
    criteria: list[str]
    """Criterion names in rubric order."""


def _typed(rows: list[dict[str, Any]], columns: dict[str, str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(columns))
    for col, dtype in columns.items():
        frame[col] = frame[col].astype(dtype)
    return frame


def _item_cost(table: dict[str, Price], item: dict[str, Any], grader_tokens: tuple[int, int]) -> float | None:
    """Writer tokens on the working model, grader tokens on the grader model (None if either has no price)."""
    if not item.get("run_id"):
        return 0.0
    g_in, g_out = grader_tokens
    w_in = max(0, int(item.get("input_tokens") or 0) - g_in)
    w_out = max(0, int(item.get("output_tokens") or 0) - g_out)
    writer = cost_usd(table, item.get("model") or "", w_in, w_out)
    grader = cost_usd(table, item.get("grader") or "", g_in, g_out)
    return None if writer is None or grader is None else writer + grader


def suite_frames(store: Store, suite_run_id: str, *, prices: dict[str, Price] | None = None) -> SuiteFrames:
    """Read one suite run into frames."""
    suite = ss.get_suite_run(store, suite_run_id)
    if suite is None:
        msg = f"No suite run {suite_run_id!r} in the store."
        raise KeyError(msg)
    items = ss.suite_items(store, suite_run_id)
    run_ids = [i["run_id"] for i in items if i["run_id"]]
    table = prices if prices is not None else price_table(store)
    grader_tokens: dict[str, list[int]] = {}
    for it in store.iterations(run_ids):
        if it["turn"] == 0:
            acc = grader_tokens.setdefault(it["run_id"], [0, 0])
            acc[0] += int(it["input_tokens"] or 0)
            acc[1] += int(it["output_tokens"] or 0)
    by_run: dict[str, dict[int, list[dict[str, Any]]]] = {}
    for c in store.criteria(run_ids):
        if c["turn"] == 0:
            by_run.setdefault(c["run_id"], {}).setdefault(c["iteration"], []).append(c)
    canonical = [c.text for c in parse_criteria(suite["rubric"])]
    order: dict[str, int] = {name: i for i, name in enumerate(canonical)}
    for passes in by_run.values():
        for rows in passes.values():
            if len(rows) == len(canonical):
                # A grader may word a criterion differently per item; the rubric's own wording, by
                # position, keeps one column per criterion across items.
                for row in rows:
                    row["name"] = canonical[row["position"]]
            for row in rows:
                order.setdefault(row["name"], len(order))
    criteria = [name for name, _ in sorted(order.items(), key=lambda kv: kv[1])]
    item_rows, cell_rows = [], []
    for item in items:
        run_id = item["run_id"]
        status = item["run_status"] or "pending"
        g = grader_tokens.get(run_id or "", [0, 0])
        item_rows.append(
            {
                "position": item["position"],
                "item_id": item["item_id"],
                "task": item["task"],
                "run_id": run_id,
                "status": status,
                "iterations": item["iterations"] or 0,
                "input_tokens": item["input_tokens"] or 0,
                "output_tokens": item["output_tokens"] or 0,
                "total_tokens": item["total_tokens"] or 0,
                "wall_time_s": item["wall_time_s"] or 0.0,
                "cost_usd": _item_cost(table, item, (g[0], g[1])),
            }
        )
        passes = by_run.get(run_id or "", {})
        if not passes:
            continue
        first = {c["name"]: c for c in passes.get(min(passes), [])}
        last_it = max(passes)
        for c in passes[last_it]:
            cell_rows.append(
                {
                    "position": item["position"],
                    "item_id": item["item_id"],
                    "run_id": run_id,
                    "criterion": c["name"],
                    "criterion_position": criteria.index(c["name"]),
                    "first_passed": bool(first[c["name"]]["passed"]) if c["name"] in first else None,
                    "final_passed": bool(c["passed"]),
                    "final_gap": c["gap"],
                    "final_iteration": last_it,
                }
            )
    return SuiteFrames(suite, _typed(item_rows, ITEMS_COLUMNS), _typed(cell_rows, CELLS_COLUMNS), criteria)


@dataclass(frozen=True)
class CriterionRates:
    """One criterion across the graded items of a suite run."""

    criterion: str
    first: Rate
    """Passed at the first draft."""
    final: Rate
    """Passed at the final iteration."""
    blocking: int
    """Items not satisfied in which this criterion failed at the end."""


def unfinished_items(frames: SuiteFrames) -> int:
    """Items with no end of their own yet (cancelled, interrupted, running, pending): left out of the rates."""
    return int((~frames.items["status"].isin(ss.FINISHED_RUN_STATUSES)).sum())


def criterion_rates(frames: SuiteFrames) -> list[CriterionRates]:
    """Pass rates at the first draft and at the end, with Wilson 95% intervals, in rubric order.

    Over the items that ended only: a cancelled or interrupted item's last verdicts are not its end, and
    counting them made every criterion it had not yet passed look failing and "blocking" (see
    `unfinished_items` for how many were left out).
    """
    finished = frames.items["status"].isin(ss.FINISHED_RUN_STATUSES)
    done = set(frames.items.loc[finished, "position"].tolist())
    unsatisfied = set(frames.items.loc[finished & (frames.items["status"] != "satisfied"), "position"].tolist())
    cells = frames.cells[frames.cells["position"].isin(done)]
    out = []
    for name in frames.criteria:
        rows = cells[cells["criterion"] == name]
        first = rows["first_passed"].dropna()
        blocking = int(((~rows["final_passed"].astype(bool)) & rows["position"].isin(unsatisfied)).sum())
        out.append(
            CriterionRates(
                criterion=name,
                first=wilson(int(first.astype(bool).sum()), len(first)),
                final=wilson(int(rows["final_passed"].astype(bool).sum()), len(rows)),
                blocking=blocking,
            )
        )
    return out


@dataclass(frozen=True)
class SuiteSummary:
    """Progress and outcome of a suite run."""

    total: int
    finished: int
    status_counts: dict[str, int]
    satisfied: Rate
    """Share of all items satisfied (pending ones count as not satisfied)."""
    total_tokens: int
    cost_usd: float | None
    """None when a model has no price in the table."""
    wall_time_s: float
    iterations_to_satisfied: dict[int, int]
    cap_hits: list[str]
    """Item ids that ended at max_iterations_reached."""


def summarize(frames: SuiteFrames) -> SuiteSummary:
    """Counts, pass rate, tokens, cost and the iteration distribution."""
    items = frames.items
    counts = Counter(items["status"].astype(str).tolist())
    finished = int(items["status"].isin(ss.FINISHED_RUN_STATUSES).sum())
    costs = items.loc[items["run_id"].notna(), "cost_usd"]
    cost = None if costs.isna().any() else float(costs.sum())
    satisfied = items[items["status"] == "satisfied"]
    suite = frames.suite
    if suite.get("finished_at"):
        end = suite["finished_at"]
    elif suite["status"] == "running":
        end = time.time()
    else:
        end = suite.get("heartbeat_at") or suite["created_at"]
    return SuiteSummary(
        total=len(items),
        finished=finished,
        status_counts=dict(sorted(counts.items())),
        satisfied=wilson(len(satisfied), len(items)),
        total_tokens=int(items["total_tokens"].sum()),
        cost_usd=cost,
        wall_time_s=max(0.0, float(end) - float(suite["created_at"])),
        iterations_to_satisfied=dict(sorted(Counter(int(n) for n in satisfied["iterations"].tolist()).items())),
        cap_hits=items.loc[items["status"] == "max_iterations_reached", "item_id"].astype(str).tolist(),
    )
