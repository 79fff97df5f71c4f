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
from rubric_core.verdicts import check_text, passed_value

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
    "writer_tokens": "Int64",
    "grader_tokens": "Int64",
    "writer_cost_usd": "float64",
    "grader_cost_usd": "float64",
    "final_failed": "Int64",
    "final_na": "Int64",
}
"""`writer_*` count the working model's tokens (the run's minus its grading passes'), `grader_*` the grading
passes'; each cost is NA when its model has no price, and `cost_usd` (their sum) then too."""
CELLS_COLUMNS: dict[str, str] = {
    "position": "Int64",
    "item_id": "string",
    "run_id": "string",
    "criterion": "string",
    "criterion_position": "Int64",
    "first_passed": "boolean",
    "final_passed": "boolean",
    "first_verdict": "string",
    "final_verdict": "string",
    "final_gap": "string",
    "final_check": "string",
    "final_iteration": "Int64",
}
"""`first_passed` / `final_passed` are NA where the verdict was n/a (or there was no first pass); the verdict
columns say pass, fail or n/a; `final_check` is the check behind the final verdict, in words."""


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
    working_time_s: float | None = None
    """How long the suite's items were running (idle time between a cancel and a resume left out); None: unknown."""
    column: dict[str, Any] | None = None
    """The matrix column these frames read (index, label, config, rubric...); None for a one-column suite run."""


def _typed(rows: list[dict[str, Any]], columns: dict[str, str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows, columns=list(columns))
    for col, dtype in columns.items():
        frame[col] = frame[col].astype(dtype)
    return frame


def _item_costs(
    table: dict[str, Price], item: dict[str, Any], grader_tokens: tuple[int, int]
) -> tuple[int, int, float | None, float | None]:
    """Writer tokens on the working model, grader tokens on the grader model: (writer tokens, grader tokens,
    writer cost, grader cost), a cost None when its model has no price."""
    if not item.get("run_id"):
        return 0, 0, 0.0, 0.0
    g_in, g_out = grader_tokens
    w_in = max(0, int(item.get("input_tokens") or 0) - g_in)
    w_out = max(0, int(item.get("output_tokens") or 0) - g_out)
    writer = cost_usd(table, item.get("model") or "", w_in, w_out)
    grader = cost_usd(table, item.get("grader") or "", g_in, g_out)
    return w_in + w_out, g_in + g_out, writer, grader


def suite_frames(
    store: Store,
    suite_run_id: str,
    *,
    prices: dict[str, Price] | None = None,
    column: int | None = None,
    suite: dict[str, Any] | None = None,
) -> SuiteFrames:
    """Read one suite run into frames; `column`: one column of a matrix (its cells as the items' runs).

    `suite`: the suite run as `get_suite_run` read it, when the caller has it (a matrix reads it once for all its
    columns).
    """
    suite = suite if suite is not None else ss.get_suite_run(store, suite_run_id)
    if suite is None:
        msg = f"No suite run {suite_run_id!r} in the store."
        raise KeyError(msg)
    chosen: dict[str, Any] | None = None
    if column is None and suite.get("columns"):
        msg = (
            f"Suite run {suite_run_id[:12]} is a matrix of {len(suite['columns'])} columns: read one column at a time "
            "(column=...), or the whole as a matrix (rubric_core.suites.matrix.read_matrix)."
        )
        raise ValueError(msg)
    if column is not None:
        chosen = next((c for c in suite.get("columns") or [] if c["index"] == column), None)
        if chosen is None:
            msg = f"Suite run {suite_run_id[:12]} has no column {column + 1}."
            raise KeyError(msg)
    items = ss.suite_items(store, suite_run_id, column=column)
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
    canonical = [c.text for c in parse_criteria(chosen["rubric"] if chosen else suite["rubric"])]
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
        writer_tokens, grader_used, writer_cost, grader_cost = _item_costs(table, item, (g[0], g[1]))
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
                "cost_usd": None if writer_cost is None or grader_cost is None else writer_cost + grader_cost,
                "writer_tokens": writer_tokens,
                "grader_tokens": grader_used,
                "writer_cost_usd": writer_cost,
                "grader_cost_usd": grader_cost,
            }
        )
        passes = by_run.get(run_id or "", {})
        if not passes:
            item_rows[-1].update(final_failed=0, final_na=0)
            continue
        first = {c["name"]: c for c in passes.get(min(passes), [])}
        last_it = max(passes)
        item_rows[-1]["final_failed"] = sum(1 for c in passes[last_it] if c["verdict"] == "fail")
        item_rows[-1]["final_na"] = sum(1 for c in passes[last_it] if c["verdict"] == "n/a")
        for c in passes[last_it]:
            first_verdict = first[c["name"]]["verdict"] if c["name"] in first else None
            cell_rows.append(
                {
                    "position": item["position"],
                    "item_id": item["item_id"],
                    "run_id": run_id,
                    "criterion": c["name"],
                    "criterion_position": criteria.index(c["name"]),
                    "first_passed": None if first_verdict is None else passed_value(first_verdict),
                    "final_passed": passed_value(c["verdict"]),
                    "first_verdict": first_verdict,
                    "final_verdict": c["verdict"],
                    "final_gap": c["gap"],
                    "final_check": check_text(c["check"]),
                    "final_iteration": last_it,
                }
            )
    return SuiteFrames(
        suite,
        _typed(item_rows, ITEMS_COLUMNS),
        _typed(cell_rows, CELLS_COLUMNS),
        criteria,
        working_time_s=working_time(store, suite, run_ids, column=column),
        column=chosen,
    )


_PART_ENDS = ("finished", "error", "cancelled", "interrupted")


def working_time(store: Store, suite: dict[str, Any], run_ids: list[str], *, column: int | None = None) -> float:
    """Seconds during which at least one of the suite's item runs was working, over every part of every run.

    Counted as a run counts its own time (each part from its start to its end): the time between a cancel and a
    resume, when nothing ran, is not working time (a suite resumed after 25 idle minutes reported them). The runs
    are the items' current ones and those tagged with the suite (an item run again on resume replaces its run);
    `column`: a matrix column's, tagged with their column.
    """
    from rubric_core.store.filters import RunFilter
    from rubric_core.suites.runner import SUITE_TAG_PREFIX, column_tag

    ids = set(run_ids)
    if suite.get("id"):
        tag = SUITE_TAG_PREFIX + str(suite["id"])[:12] if column is None else column_tag(str(suite["id"]), column)
        tagged = store.list_runs(RunFilter(tag=tag), limit=100_000)
        ids.update(r["id"] for r in tagged)
    events = store.events_of_types(sorted(ids), ("run_started", *_PART_ENDS))
    now = time.time()
    live = suite.get("status") == "running"
    spans: list[tuple[float, float]] = []
    for evs in events.values():
        start: float | None = None
        for ev in evs:
            if ev.type == "run_started":
                start = ev.at if start is None else start
            elif start is not None:
                spans.append((start, ev.at))
                start = None
        if start is not None and live:
            spans.append((start, now))  # a part still working
    total, reach = 0.0, float("-inf")
    for begin, end in sorted(spans):
        if end <= reach:
            continue
        total += end - max(begin, reach)
        reach = end
    return total


@dataclass(frozen=True)
class CriterionRates:
    """One criterion across the graded items of a suite run."""

    criterion: str
    first: Rate
    """Passed at the first draft, over the items where it was judged (pass or fail)."""
    final: Rate
    """Passed at the final iteration, over the items where it was judged."""
    blocking: int
    """Items not satisfied in which this criterion failed at the end (n/a does not block here)."""
    first_na: int = 0
    """Items where its first-draft verdict was n/a: left out of `first`."""
    final_na: int = 0
    """Items where its final verdict was n/a: left out of `final` and of `blocking`."""


def unfinished_items(frames: SuiteFrames) -> int:
    """Items with no end of their own yet (cancelled, interrupted, running, pending): left out of the rates."""
    return int((~frames.items["status"].isin(ss.FINISHED_RUN_STATUSES)).sum())


def criterion_rates(frames: SuiteFrames) -> list[CriterionRates]:
    """Pass rates at the first draft and at the end, with Wilson 95% intervals, in rubric order.

    Over the items with a quality result only (judged to their end): a cancelled, interrupted or unstarted item's
    last verdicts are not its end, nor are those of an item whose working model (error) or grader (grader_error)
    failed; counting them made every criterion it had not yet passed look failing and "blocking" (`left_out`
    says how many were left out, and why).
    """
    finished = frames.items["status"].isin(ss.RESULT_STATUSES)
    done = set(frames.items.loc[finished, "position"].tolist())
    unsatisfied = set(frames.items.loc[finished & (frames.items["status"] != "satisfied"), "position"].tolist())
    cells = frames.cells[frames.cells["position"].isin(done)]
    out = []
    for name in frames.criteria:
        rows = cells[cells["criterion"] == name]
        first = rows["first_passed"].dropna()
        final = rows["final_passed"].dropna()
        blocking = int(((rows["final_verdict"] == "fail") & rows["position"].isin(unsatisfied)).sum())
        out.append(
            CriterionRates(
                criterion=name,
                first=wilson(int(first.astype(bool).sum()), len(first)),
                final=wilson(int(final.astype(bool).sum()), len(final)),
                blocking=blocking,
                first_na=int((rows["first_verdict"] == "n/a").sum()),
                final_na=int((rows["final_verdict"] == "n/a").sum()),
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
    """Share of items satisfied, over the items with a judged result only: those that ended satisfied,
    max_iterations_reached or failed, but for the ones whose only unmet criteria at the end were n/a (the grader
    could not judge them, so whether they meet the rubric is unknown). Errors, grader errors and items not run to
    their end (yet) are in no rate: they are counted beside it (`left_out_*`)."""
    left_out_grader_errors: int
    """Items that ended in grader_error (the grader failed): left out of `satisfied`."""
    left_out_na: int
    """Items not satisfied only because of n/a criteria: left out of `satisfied`."""
    left_out_errors: int
    """Items that ended in error (the working model or the agent failed): left out of `satisfied`."""
    left_out_unfinished: int
    """Items not run to their end: never started, running, cancelled or interrupted; left out of `satisfied`."""
    judged_verdicts: int
    """Pass or fail verdicts at the ends of the items with a judged result: a gate never passes a suite where this
    is 0."""
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
    results = int(items["status"].isin(ss.RESULT_STATUSES).sum())
    grader_errors = int((items["status"] == "grader_error").sum())
    only_na = int(
        (
            items["status"].isin(["max_iterations_reached", "needs_revision"])
            & (items["final_failed"].fillna(0) == 0)
            & (items["final_na"].fillna(0) > 0)
        ).sum()
    )
    ended = set(items.loc[items["status"].isin(ss.RESULT_STATUSES), "position"].tolist())
    judged = (
        int((frames.cells["final_verdict"].isin(["pass", "fail"]) & frames.cells["position"].isin(ended)).sum())
        if len(frames.cells)
        else 0
    )
    suite = frames.suite
    if frames.working_time_s is not None:
        end = float(suite.get("created_at") or 0.0) + frames.working_time_s
    elif suite.get("finished_at"):
        end = suite["finished_at"]
    elif suite.get("status") == "running":
        end = time.time()
    else:
        end = suite.get("heartbeat_at") or suite.get("created_at") or 0.0
    return SuiteSummary(
        total=len(items),
        finished=finished,
        status_counts=dict(sorted(counts.items())),
        satisfied=wilson(len(satisfied), results - only_na),
        left_out_grader_errors=grader_errors,
        left_out_na=only_na,
        left_out_errors=int((items["status"] == "error").sum()),
        left_out_unfinished=unfinished_items(frames),
        judged_verdicts=judged,
        total_tokens=int(items["total_tokens"].sum()),
        cost_usd=cost,
        wall_time_s=max(0.0, float(end) - float(suite.get("created_at") or 0.0)),
        iterations_to_satisfied=dict(sorted(Counter(int(n) for n in satisfied["iterations"].tolist()).items())),
        cap_hits=items.loc[items["status"] == "max_iterations_reached", "item_id"].astype(str).tolist(),
    )
