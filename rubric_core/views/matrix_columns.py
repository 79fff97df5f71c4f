"""How the matrix names and sums up its columns: headers that show what sets a column apart first, a header line
that says what happened in a column with no result, costs in words (an offline model costs nothing; a model with
no price is named), and the per-column table in a few grouped columns with a total.

Presentation only: the rates and counts are matrix_stats.py's, unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rubric_core.suites.left_out import left_out_short

MIN_SHARED = 8
"""A lead shared by every label is cut from the headers only from this many characters."""
_BOUNDARIES = (re.compile(r" · "), re.compile(r"[:/]"), re.compile(r" "))
"""Where a head may start, the coarsest first: a part of a made label, a provider or a path, a word."""


def _common_lead(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return a[:n]


def _cut(lead: str) -> int:
    for boundary in _BOUNDARIES:
        ends = [m.end() for m in boundary.finditer(lead)]
        if ends and ends[-1] >= MIN_SHARED:
            return ends[-1]
    return 0


def column_heads(labels: list[str]) -> list[tuple[str, str]]:
    """(head, shared) per label: the head starts where the label starts to differ from the others that share its
    lead (at a ` · `, `:`, `/` or word boundary), so a narrow header shows what sets each column apart; `shared` is
    the lead cut from it ('' when the label shares no long lead with another)."""
    out = []
    for i, label in enumerate(labels):
        leads = [_common_lead(label, other) for j, other in enumerate(labels) if j != i]
        cut = _cut(max(leads, key=len)) if leads else 0
        if cut < MIN_SHARED or len(label) <= cut:
            out.append((label, ""))
        else:
            out.append((label[cut:], label[:cut].rstrip(" ·:/")))
    return out


def offline_model(spec: str | None) -> bool:
    return str(spec or "").startswith("offline:")


def money(cost: float) -> str:
    """'$0', '$0.0042', '$1.27'."""
    if cost == 0:
        return "$0"
    return f"${cost:.4f}" if cost < 0.01 else f"${cost:.2f}"


def cost_said(model: str | None, cost: float | None) -> str:
    """One model's cost: 'offline, no cost', 'no price for X' or '$0.0123'."""
    if offline_model(model):
        return "offline, no cost"
    if cost is None:
        return f"no price for {model}"
    return money(cost)


def total_cost(writer: str | None, grader: str | None, writer_cost: float | None, grader_cost: float | None) -> str:
    """The column's cost, writer and grader together, in words."""
    if offline_model(writer) and offline_model(grader):
        return "offline, no cost"
    unpriced = [m for m, c in ((writer, writer_cost), (grader, grader_cost)) if c is None and not offline_model(m)]
    if unpriced:
        return "unknown: no price for " + " or ".join(str(m) for m in unpriced)
    return money((writer_cost or 0.0) + (grader_cost or 0.0))


def no_result(summary: Any) -> bool:
    """Every run of the column that ended, ended without a quality result (an error or a grader error)."""
    return summary.finished > 0 and summary.errors + summary.grader_errors >= summary.finished


def column_said(summary: Any, problem: str = "") -> str:
    """The header line under a column's name: its satisfied rate, or what happened when there is none."""
    s = summary.satisfied
    if no_result(summary):
        runs = "its run" if summary.finished == 1 else f"all {summary.finished} runs"
        return f"no result: {runs} ended in an error" + (f" ({problem})" if problem else "")
    # Else the rate over the judged results, what it leaves out beside it: "2/2 judged · 100% (34%–100%) · 1 error".
    rate = (
        f"{s.passed}/{s.total} judged · {s.rate or 0:.0%} ({s.low:.0%}–{s.high:.0%})" if s.total else "no judged result"
    )
    return " · ".join([rate, *left_out_short(summary)])


@dataclass(frozen=True)
class ColumnRow:
    """One column of the per-column table, its measures grouped in words."""

    column: str
    outcome: str
    loop: str
    left_out: str
    tokens: str
    cost: str
    time: str

    def cells(self) -> list[str]:
        return [self.column, self.outcome, self.loop, self.left_out, self.tokens, self.cost, self.time]


COLUMN_TABLE_HEADERS = [
    "column",
    "satisfied (Wilson 95%)",
    "iterations to satisfied, cap hits",
    "left out of the rate",
    "tokens",
    "cost",
    "time (wall, runs)",
]
"""Seven grouped columns (there were 17); a cell's second line (after a newline) is its detail."""


def column_row(summary: Any, config: dict[str, Any], problem: str = "") -> ColumnRow:
    """A column's row: what it satisfied, what its loop took, what was left out and why, what it cost."""
    s = summary.satisfied
    if no_result(summary):
        outcome = column_said(summary) + (f"\n{problem}" if problem else "")
    elif not s.total:
        outcome = "–"
    else:
        outcome = f"{s.passed}/{s.total} judged = {s.rate or 0:.0%} ({s.low:.0%}–{s.high:.0%})"
    if summary.status not in ("finished", "finished_with_errors"):
        outcome = f"{summary.status.replace('_', ' ')}: {outcome}"
    loop = (
        "none satisfied"
        if summary.iterations_median is None
        else f"median {summary.iterations_median:g} (IQR {summary.iterations_q1:g}–{summary.iterations_q3:g}, "
        f"range {summary.iterations_min}–{summary.iterations_max})"
    )
    loop += f"\n{summary.cap_hits} cap {'hit' if summary.cap_hits == 1 else 'hits'}"
    # Errors, grader errors, n/a only, not run yet: beside the rate, never in it (suites/left_out.py's counts).
    left = " · ".join(left_out_short(summary)) or "none"
    if summary.na_verdicts:
        left += f" · {summary.na_verdicts} n/a verdicts"
    writer, grader = config.get("model"), config.get("grader")
    cost = total_cost(writer, grader, summary.writer_cost_usd, summary.grader_cost_usd)
    if not (offline_model(writer) and offline_model(grader)):
        writer_said, grader_said = (
            cost_said(writer, summary.writer_cost_usd),
            cost_said(grader, summary.grader_cost_usd),
        )
        cost += f"\nwriter {writer_said} · grader {grader_said}"
    return ColumnRow(
        column=f"{summary.index + 1}. {summary.label}",
        outcome=outcome,
        loop=loop,
        left_out=left,
        tokens=f"{summary.writer_tokens + summary.grader_tokens:,}\nwriter {summary.writer_tokens:,} · grader "
        f"{summary.grader_tokens:,}",
        cost=cost,
        time=f"{summary.wall_time_s:.1f} s\nruns: {summary.run_time_s:.1f} s",
    )


def total_row(summaries: list[Any], configs: list[dict[str, Any]]) -> ColumnRow:
    """Every column together: tokens, cost (what has a price; offline is free) and the runs' time."""
    known, unpriced = 0.0, set()
    for s, config in zip(summaries, configs, strict=True):
        for model, cost in ((config.get("model"), s.writer_cost_usd), (config.get("grader"), s.grader_cost_usd)):
            if cost is None and not offline_model(model):
                unpriced.add(str(model))
            else:
                known += cost or 0.0
    any_offline = any(offline_model(c.get("model")) and offline_model(c.get("grader")) for c in configs)
    everything_offline = all(offline_model(c.get("model")) and offline_model(c.get("grader")) for c in configs)
    if everything_offline:
        cost = "offline, no cost"
    elif unpriced:
        cost = f"at least {money(known)}\nno price for {', '.join(sorted(unpriced))}"
    else:
        cost = money(known) + ("\noffline columns: no cost" if any_offline else "")
    tokens = sum(s.writer_tokens + s.grader_tokens for s in summaries)
    return ColumnRow(
        column="all columns",
        outcome=f"{sum(s.satisfied.passed for s in summaries)} satisfied",
        loop=f"{sum(s.cap_hits for s in summaries)} cap hits",
        left_out="",
        tokens=f"{tokens:,}",
        cost=cost,
        time=f"runs: {sum(s.run_time_s for s in summaries):.1f} s",
    )
