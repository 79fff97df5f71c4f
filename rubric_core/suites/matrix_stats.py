"""The matrix's measures: per column (the revise loop's own: iterations to satisfied, cap hits, writer and grader
cost), per criterion x column, and against a baseline column (regressions and improvements with McNemar's p).

Every rate leaves n/a verdicts and items without a quality result out, and says how many, as the suite frames do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from rubric_core.pairing import pair_criteria
from rubric_core.suites import suite_store as ss
from rubric_core.suites.frames import criterion_rates, summarize, unfinished_items
from rubric_core.suites.matrix import Matrix, MatrixColumn
from rubric_core.suites.statistics import Paired, Rate, mcnemar_exact

SATISFIED_ROW = "satisfied (the whole rubric)"
"""The baseline row that compares items' `satisfied` outcomes rather than one criterion."""


@dataclass(frozen=True)
class ColumnSummary:
    """One column's outcome and what its loop cost."""

    index: int
    label: str
    status: str
    items: int
    finished: int
    """Cells whose run ended (a quality result, a grader error or an error)."""
    satisfied: Rate
    """Satisfied items with their Wilson 95% interval, over the items with a judged result only (errors, grader
    errors, items unmet only on n/a criteria and items not run to their end left out, as in the suite summary)."""
    left_out_grader_errors: int
    left_out_na: int
    """Items unmet only on n/a criteria: left out of `satisfied`."""
    na_verdicts: int
    """Final criterion verdicts that were n/a, over the items that ended."""
    errors: int
    """Cells that ended in `error` (the working model or the agent raised)."""
    grader_errors: int
    unfinished: int
    """Cells cancelled, interrupted, running or not started: in no rate."""
    iterations_median: float | None
    """Iterations the satisfied items needed (1 = the first draft); None when none was satisfied."""
    iterations_q1: float | None
    iterations_q3: float | None
    iterations_min: int | None
    iterations_max: int | None
    cap_hits: int
    """Items that ended at max_iterations_reached."""
    writer_tokens: int
    grader_tokens: int
    writer_cost_usd: float | None
    """None when the working model has no price in the table."""
    grader_cost_usd: float | None
    wall_time_s: float
    """Working time of its cells' runs (union of their spans: idle time between a cancel and a resume out)."""
    run_time_s: float
    """The sum of its cells' own run times (what the column cost in model and loop time, cells one after another)."""

    @property
    def left_out_errors(self) -> int:
        """Cells that ended in `error`: left out of `satisfied` (the writer's failures)."""
        return self.errors

    @property
    def left_out_unfinished(self) -> int:
        """Cells not run to their end: left out of `satisfied`."""
        return self.unfinished

    @property
    def cost_usd(self) -> float | None:
        """Writer and grader together (None when either has no price)."""
        if self.writer_cost_usd is None or self.grader_cost_usd is None:
            return None
        return self.writer_cost_usd + self.grader_cost_usd

    def to_dict(self) -> dict[str, Any]:
        """Plain data for `--jsonl`."""
        s = self.satisfied
        return {
            "column": self.index + 1,
            "label": self.label,
            "status": self.status,
            "items": self.items,
            "finished": self.finished,
            "pass_rate": s.rate,
            "pass_rate_ci": [s.low, s.high],
            "pass_rate_over": s.total,
            "satisfied": s.passed,
            "left_out_errors": self.errors,
            "left_out_grader_errors": self.left_out_grader_errors,
            "left_out_na": self.left_out_na,
            "left_out_unfinished": self.unfinished,
            "na_verdicts": self.na_verdicts,
            "grader_errors": self.grader_errors,
            "errors": self.errors,
            "unfinished": self.unfinished,
            "iterations_to_satisfied": {
                "median": self.iterations_median,
                "q1": self.iterations_q1,
                "q3": self.iterations_q3,
                "min": self.iterations_min,
                "max": self.iterations_max,
            },
            "cap_hits": self.cap_hits,
            "writer": {"tokens": self.writer_tokens, "cost_usd": self.writer_cost_usd},
            "grader": {"tokens": self.grader_tokens, "cost_usd": self.grader_cost_usd},
            "cost_usd": self.cost_usd,
            "wall_time_s": self.wall_time_s,
            "run_time_s": self.run_time_s,
        }


def _sum_or_none(values: pd.Series) -> float | None:
    return None if values.isna().any() else float(values.sum())


def column_summary(column: MatrixColumn) -> ColumnSummary:
    """One column's measures from its suite frames."""
    frames = column.frames
    summary = summarize(frames)
    items = frames.items
    started = items[items["run_id"].notna()]
    finished_mask = items["status"].isin(ss.FINISHED_RUN_STATUSES)
    done = set(items.loc[finished_mask, "position"].tolist())
    cells = frames.cells[frames.cells["position"].isin(done)]
    iterations = pd.Series([int(n) for n in items.loc[items["status"] == "satisfied", "iterations"].tolist()])
    has = not iterations.empty
    return ColumnSummary(
        index=column.index,
        label=column.label,
        status=column.status,
        items=len(items),
        finished=summary.finished,
        satisfied=summary.satisfied,
        left_out_grader_errors=summary.left_out_grader_errors,
        left_out_na=summary.left_out_na,
        na_verdicts=int((cells["final_verdict"] == "n/a").sum()),
        errors=int((items["status"] == "error").sum()),
        grader_errors=summary.left_out_grader_errors,
        unfinished=unfinished_items(frames),
        iterations_median=float(iterations.median()) if has else None,
        iterations_q1=float(iterations.quantile(0.25)) if has else None,
        iterations_q3=float(iterations.quantile(0.75)) if has else None,
        iterations_min=int(iterations.min()) if has else None,
        iterations_max=int(iterations.max()) if has else None,
        cap_hits=len(summary.cap_hits),
        writer_tokens=int(started["writer_tokens"].sum()),
        grader_tokens=int(started["grader_tokens"].sum()),
        writer_cost_usd=_sum_or_none(started["writer_cost_usd"]),
        grader_cost_usd=_sum_or_none(started["grader_cost_usd"]),
        wall_time_s=float(frames.working_time_s or 0.0),
        run_time_s=float(started["wall_time_s"].sum()),
    )


def column_summaries(matrix: Matrix) -> list[ColumnSummary]:
    """`column_summary` of every column, in order."""
    return [column_summary(c) for c in matrix.columns]


# ---- criterion x column ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CriterionCell:
    """One criterion in one column: its pass rate at the first draft and at the end (Wilson 95%)."""

    name: str | None
    """Its wording in this column's rubric (None: this column's rubric has no such criterion)."""
    first: Rate | None
    final: Rate | None
    first_na: int = 0
    final_na: int = 0


@dataclass(frozen=True)
class CriterionRow:
    """One criterion across the columns, paired as suite compare pairs them (a reworded one stays one row)."""

    criterion: str
    """The baseline column's wording (another column's when the baseline's rubric lacks it)."""
    cells: tuple[CriterionCell, ...]


def _pairing(matrix: Matrix, baseline: int) -> list[dict[int, str | None]]:
    """Rows of criterion names per column, in the baseline's order, then criteria only other columns have."""
    base = matrix.columns[baseline].frames.criteria
    rows: list[dict[int, str | None]] = [{baseline: name} for name in base]
    for column in matrix.columns:
        if column.index == baseline:
            continue
        extra = []
        for name_a, name_b in pair_criteria(base, column.frames.criteria):
            if name_a is not None:
                rows[base.index(name_a)][column.index] = name_b
            elif name_b is not None:
                extra.append(name_b)
        for name in extra:
            found = next((r for r in rows[len(base) :] if name in r.values()), None)
            if found is None:
                rows.append({column.index: name})
            else:
                found[column.index] = name
    return rows


def criterion_table(matrix: Matrix, *, baseline: int = 0) -> list[CriterionRow]:
    """Per criterion x column: the pass rate at the first draft and at the end, n/a left out and counted."""
    rates = [{r.criterion: r for r in criterion_rates(c.frames)} for c in matrix.columns]
    out = []
    for names in _pairing(matrix, baseline):
        label = names.get(baseline) or next(n for n in names.values() if n)
        cells = []
        for column in matrix.columns:
            name = names.get(column.index)
            r = rates[column.index].get(name or "") if name else None
            cells.append(
                CriterionCell(name, r.first, r.final, r.first_na, r.final_na)
                if r is not None
                else CriterionCell(name, None, None)
            )
        out.append(CriterionRow(str(label), tuple(cells)))
    return out


# ---- a baseline column ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaselineDelta:
    """One criterion of one column against the baseline column, over the items judged in both."""

    column: int
    criterion: str
    """The baseline's wording, or SATISFIED_ROW."""
    name_in_column: str | None
    regressed: tuple[int, ...]
    """Rows (items) that passed in the baseline and fail here (✔ → ✘)."""
    improved: tuple[int, ...]
    """Rows that failed in the baseline and pass here (✘ → ✔)."""
    paired: Paired | None
    """McNemar's exact test over the rows judged (pass or fail) in both; None when this column lacks the criterion."""
    na_rows: int = 0
    """Rows left out because either side's verdict was n/a."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for `--jsonl` (rows as item positions in the matrix; the column numbered from 1, as the page
        and the flags number it)."""
        return {
            "column": self.column + 1,
            "criterion": self.criterion,
            "criterion_in_column": self.name_in_column,
            "regressed": list(self.regressed),
            "improved": list(self.improved),
            "both_pass": self.paired.both_pass if self.paired else None,
            "both_fail": self.paired.both_fail if self.paired else None,
            "p_value": self.paired.p_value if self.paired else None,
            "left_out_na": self.na_rows,
        }


def _final_verdicts(matrix: Matrix, column: MatrixColumn, name: str) -> dict[int, bool | None]:
    """Row -> the final verdict on `name` (None for n/a) of each item of this column that ended."""
    frames = column.frames
    ended = set(frames.items.loc[frames.items["status"].isin(ss.RESULT_STATUSES), "position"].tolist())
    rows = _rows_of(matrix, column)
    cells = frames.cells[(frames.cells["criterion"] == name) & frames.cells["position"].isin(ended)]
    return {
        rows[int(p)]: (None if v == "n/a" else v == "pass")
        for p, v in zip(cells["position"], cells["final_verdict"], strict=True)
    }


def _rows_of(matrix: Matrix, column: MatrixColumn) -> dict[int, int]:
    """The column's own item position -> its row in the matrix."""
    mine = matrix.cells[matrix.cells["column"] == column.index]
    return {int(p): int(r) for p, r in zip(mine["position"], mine["row"], strict=True)}


def _satisfied(matrix: Matrix, column: MatrixColumn) -> dict[int, bool]:
    mine = matrix.cells[(matrix.cells["column"] == column.index) & matrix.cells["status"].isin(ss.RESULT_STATUSES)]
    return {int(r): s == "satisfied" for r, s in zip(mine["row"], mine["status"], strict=True)}


def _delta(
    column: int, label: str, name: str | None, base: dict[int, Any], mine: dict[int, Any] | None
) -> BaselineDelta:
    if mine is None:
        return BaselineDelta(column, label, name, (), (), None)
    shared = sorted(r for r in base if r in mine)
    judged = [r for r in shared if base[r] is not None and mine[r] is not None]
    return BaselineDelta(
        column=column,
        criterion=label,
        name_in_column=name,
        regressed=tuple(r for r in judged if base[r] and not mine[r]),
        improved=tuple(r for r in judged if not base[r] and mine[r]),
        paired=mcnemar_exact([(bool(base[r]), bool(mine[r])) for r in judged]),
        na_rows=len(shared) - len(judged),
    )


def baseline_deltas(matrix: Matrix, baseline: int = 0) -> list[BaselineDelta]:
    """For every other column: the `satisfied` row, then each criterion (in the baseline's order), with the rows
    that regressed and improved against `baseline` and McNemar's exact p over the rows judged in both."""
    if not 0 <= baseline < len(matrix.columns):
        msg = f"The baseline must be a column from 1 to {len(matrix.columns)}; got {baseline + 1}."
        raise ValueError(msg)
    base_col = matrix.columns[baseline]
    base_satisfied = _satisfied(matrix, base_col)
    pairing = _pairing(matrix, baseline)
    out: list[BaselineDelta] = []
    for column in matrix.columns:
        if column.index == baseline:
            continue
        out.append(_delta(column.index, SATISFIED_ROW, SATISFIED_ROW, base_satisfied, _satisfied(matrix, column)))
        for names in pairing:
            base_name = names.get(baseline)
            if base_name is None:
                continue  # a criterion only other columns have: nothing in the baseline to compare with
            name = names.get(column.index)
            mine = _final_verdicts(matrix, column, name) if name else None
            out.append(_delta(column.index, base_name, name, _final_verdicts(matrix, base_col, base_name), mine))
    return out
