"""The matrix on the command line: `suite show` of a matrix and `suite compare` print it; `--jsonl` gives it as
records; the CI gates apply to each column and name the columns that failed.

Text: the columns, the items x columns grid (each cell its outcome, iterations and, when priced, cost), each
column's measures, the criteria x columns pass rates and the regressions and improvements against a baseline.
`--jsonl`: one `matrix_column` record per column, one `matrix_cell` per cell, one `matrix_criterion` per criterion
and column, one `matrix_baseline` per criterion and other column, then the `suite_summary` (last, as ever).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rubric_core.cli.common import whole_arg
from rubric_core.cli.lookup import baseline_index
from rubric_core.cli.suite_gates import gate_failures
from rubric_core.suites.left_out import left_out_text, why_no_result

CELL_MARKS = {
    "pass": "✔",
    "fail": "✘",
    "na": "n/a",
    "error": "ERR",
    "stopped": "■",
    "running": "…",
    "pending": "·",
}
LEGEND = (
    "✔ satisfied · ✘ unmet (a criterion failed) · n/a unmet only on criteria the grader could not judge · "
    "ERR a grader or run error (no quality result) · ■ cancelled or interrupted · … running · · not started; "
    "the number is the cell's iterations"
)


def add_baseline_flag(p: argparse.ArgumentParser) -> None:
    """--baseline N: the column regressions and improvements are counted against (from 1; the first when left out)."""
    p.add_argument(
        "--baseline",
        type=whole_arg,
        help="for a matrix: the column (from 1) the others' regressions and improvements are counted against "
        "(default: the first); `suite compare` counts A's columns, then B's",
    )


def baseline_of(args: argparse.Namespace, columns: int) -> int:
    """The 0-based baseline column, or BadInput naming the columns there are."""
    return baseline_index(getattr(args, "baseline", None), columns)


def _pct(rate: float | None) -> str:
    return "–" if rate is None else f"{rate:.0%}"


def _cost(value: float | None) -> str:
    return "no price" if value is None else f"${value:.4f}"


def column_gates(matrix: Any, args: argparse.Namespace) -> list[str]:
    """Each column's gate failures, prefixed with the column ('column 2 (openai:gpt-4o-mini): pass rate ...')."""
    from rubric_core.suites.frames import criterion_rates, summarize

    failures: list[str] = []
    for column in matrix.columns:
        found = gate_failures(summarize(column.frames), criterion_rates(column.frames), args)
        failures.extend(f"column {column.index + 1} ({column.label}): {f}" for f in found)
    return failures


def _describe(column: Any) -> str:
    config = column.config
    rubric = (
        f"{column.rubric_name} v{column.rubric_version}"
        if column.rubric_name and column.rubric_version
        else "its own rubric"
    )
    agent = f"agent {config.get('agent')}" if config.get("agent") else "built-in agent"
    return (
        f"model {config.get('model')} · grader {config.get('grader')} · {agent} · {rubric} · "
        f"max {config.get('max_iterations')} iterations"
    )


def print_matrix(store: Any, matrix: Any, args: argparse.Namespace) -> None:
    """The matrix as text (or records with --jsonl), before the summary line."""
    from rubric_core.suites.matrix_stats import baseline_deltas, column_summaries, criterion_table

    baseline = baseline_of(args, len(matrix.columns))
    summaries = column_summaries(matrix)
    table = criterion_table(matrix, baseline=baseline)
    deltas = baseline_deltas(matrix, baseline) if len(matrix.columns) > 1 else []
    row_ids = dict(zip(matrix.items["row"].astype(int), matrix.items["item_id"].astype(str), strict=True))
    if args.jsonl:
        _print_records(matrix, summaries, table, deltas, row_ids, baseline)
        return
    print(f"\nmatrix: {len(matrix.items)} items x {len(matrix.columns)} columns")
    for column, summary in zip(matrix.columns, summaries, strict=True):
        print(f"  {column.index + 1}. {column.label}  [{summary.status}]  {_describe(column)}")
    _print_grid(matrix, row_ids)
    print()
    for summary in summaries:
        _print_column(summary)
    if table:
        print("\ncriterion x column: pass rate at the first draft -> at the end (n/a left out)")
        width = min(48, max(len(r.criterion) for r in table))
        print(f"{'criterion':{width}}  " + "  ".join(f"{c.index + 1:>13}" for c in matrix.columns))
        for row in table:
            cells = []
            for cell in row.cells:
                if cell.final is None:
                    cells.append(f"{'-':>13}")
                else:
                    first = _pct(cell.first.rate if cell.first else None)
                    cells.append(f"{first + ' -> ' + _pct(cell.final.rate):>13}")
            print(f"{row.criterion[:width]:{width}}  " + "  ".join(cells))
    if deltas:
        base = matrix.columns[baseline]
        print(
            f"\nagainst the baseline, column {baseline + 1} ({base.label}): items regressed (✔ -> ✘) and improved "
            "(✘ -> ✔), McNemar's exact p over the items judged in both"
        )
        for delta in deltas:
            if delta.paired is None:
                print(f"  column {delta.column + 1}  {delta.criterion}: not in this column's rubric")
                continue
            regressed = ", ".join(row_ids[r] for r in delta.regressed[:5]) + ("…" if len(delta.regressed) > 5 else "")
            print(
                f"  column {delta.column + 1}  {delta.criterion[:48]}: -{len(delta.regressed)} +{len(delta.improved)}"
                f"  p = {delta.paired.p_value:.3g}"
                + (f"  regressed: {regressed}" if delta.regressed else "")
                + (f"  ({delta.na_rows} n/a left out)" if delta.na_rows else "")
            )


def _print_grid(matrix: Any, row_ids: dict[int, str]) -> None:
    cells = {(int(r["row"]), int(r["column"])): r for r in matrix.cells.to_dict("records")}
    width = min(32, max([len(i) for i in row_ids.values()] + [4]))
    print(f"\n{'item':{width}}  " + "  ".join(f"{c.index + 1:<12}" for c in matrix.columns))
    for row, item_id in row_ids.items():
        parts = []
        for column in matrix.columns:
            cell = cells.get((row, column.index))
            if cell is None:
                parts.append(f"{'':12}")
                continue
            mark = CELL_MARKS.get(str(cell["outcome"]), "?")
            text = mark if cell["outcome"] == "pending" else f"{mark} {int(cell['iterations'] or 0)}"
            cost = cell["cost_usd"]
            if cost is not None and cost == cost and cost > 0:
                text += f" ${cost:.4f}"
            parts.append(f"{text:<12}")
        print(f"{item_id[:width]:{width}}  " + "  ".join(parts))
    print(LEGEND)


def _print_column(s: Any) -> None:
    sat = s.satisfied
    iterations = (
        "none satisfied"
        if s.iterations_median is None
        else f"median {s.iterations_median:g} (IQR {s.iterations_q1:g} to {s.iterations_q3:g}, "
        f"range {s.iterations_min} to {s.iterations_max})"
    )
    rate = (
        f"satisfied {sat.passed}/{sat.total} judged = {_pct(sat.rate)} (Wilson 95% {sat.low:.1%} to {sat.high:.1%})"
        if sat.total
        else f"satisfied: no judged result ({why_no_result(s)})"
    )
    print(f"column {s.index + 1}: {s.label}  {rate}{left_out_text(s)}")
    print(
        f"  iterations to satisfied: {iterations}; cap hits {s.cap_hits}; n/a verdicts {s.na_verdicts}; "
        f"grader errors {s.grader_errors}; errors {s.errors}; unfinished {s.unfinished}"
    )
    print(
        f"  writer {s.writer_tokens:,} tokens {_cost(s.writer_cost_usd)} · grader {s.grader_tokens:,} tokens "
        f"{_cost(s.grader_cost_usd)} · wall time {s.wall_time_s:.1f} s · run time {s.run_time_s:.1f} s"
    )


def _print_records(
    matrix: Any, summaries: list[Any], table: list[Any], deltas: list[Any], row_ids: dict[int, str], baseline: int
) -> None:
    def rate(r: Any) -> dict[str, Any] | None:
        return (
            None if r is None else {"passed": r.passed, "total": r.total, "rate": r.rate, "low": r.low, "high": r.high}
        )

    for column, summary in zip(matrix.columns, summaries, strict=True):
        record = {"type": "matrix_column", "suite_run_id": column.suite_id, **summary.to_dict()}
        record.update(
            suite_column=None if column.column is None else column.column + 1,
            config=column.config,
            rubric_name=column.rubric_name,
            rubric_version=column.rubric_version,
        )
        print(json.dumps(record, default=str))
    for cell in matrix.cells.to_dict("records"):
        print(
            json.dumps(
                {
                    "type": "matrix_cell",
                    "row": int(cell["row"]),
                    "item_id": str(cell["item_id"]),
                    "column": int(cell["column"]) + 1,
                    "run_id": cell["run_id"] if isinstance(cell["run_id"], str) else None,
                    "status": str(cell["status"]),
                    "outcome": str(cell["outcome"]),
                    "iterations": int(cell["iterations"] or 0),
                    "total_tokens": int(cell["total_tokens"] or 0),
                    "cost_usd": None if cell["cost_usd"] != cell["cost_usd"] else cell["cost_usd"],
                    "final_failed": None if cell["final_failed"] is None else int(cell["final_failed"]),
                    "final_na": None if cell["final_na"] is None else int(cell["final_na"]),
                },
                default=str,
            )
        )
    for row in table:
        for column, cell in zip(matrix.columns, row.cells, strict=True):
            print(
                json.dumps(
                    {
                        "type": "matrix_criterion",
                        "criterion": row.criterion,
                        "column": column.index + 1,
                        "criterion_in_column": cell.name,
                        "first": rate(cell.first),
                        "final": rate(cell.final),
                        "first_na": cell.first_na,
                        "final_na": cell.final_na,
                    }
                )
            )
    for delta in deltas:
        record = {"type": "matrix_baseline", "baseline": baseline + 1, **delta.to_dict()}
        record["regressed_items"] = [row_ids[r] for r in delta.regressed]
        record["improved_items"] = [row_ids[r] for r in delta.improved]
        print(json.dumps(record))
