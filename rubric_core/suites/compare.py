"""Compare two suite runs over the same dataset: "did my rubric edit help?".

Items pair by item id; criteria pair by name, then renamed ones by position and
text similarity (`rubric_core.pairing`, as in run compare). Per criterion: the
final pass rates with Wilson intervals, the delta and McNemar's exact test over
the shared items; overall: the same for `satisfied`, and the items that flipped.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from rubric_core.pairing import pair_criteria
from rubric_core.store import Store
from rubric_core.suites.frames import SuiteFrames, suite_frames
from rubric_core.suites.statistics import Paired, Rate, delta_interval, mcnemar_exact, wilson
from rubric_core.suites.suite_store import suite_agent_label


@dataclass(frozen=True)
class CriterionDelta:
    """One paired criterion: A's and B's final pass rates over the shared graded items."""

    name_a: str | None
    name_b: str | None
    a: Rate | None
    b: Rate | None
    paired: Paired | None
    """McNemar over items judged (pass or fail) on this criterion in both runs (None when one side lacks it)."""
    na_a: int = 0
    """Shared items where A's verdict was n/a: left out of `a` and of `paired`."""
    na_b: int = 0
    """Shared items where B's verdict was n/a: left out of `b` and of `paired`."""

    @property
    def delta(self) -> float | None:
        """B's rate minus A's."""
        if self.a is None or self.b is None or self.a.rate is None or self.b.rate is None:
            return None
        return self.b.rate - self.a.rate

    @property
    def delta_interval(self) -> tuple[float, float] | None:
        """95% interval of the delta (Newcombe; conservative for paired items)."""
        if self.a is None or self.b is None:
            return None
        return delta_interval(self.a, self.b)


@dataclass(frozen=True)
class Flip:
    """An item whose `satisfied` outcome differs between the runs."""

    item_id: str
    run_a: str | None
    run_b: str | None
    status_a: str
    status_b: str


@dataclass
class SuiteComparison:
    """The comparison of suite run A (before) with B (after)."""

    a: SuiteFrames
    b: SuiteFrames
    same_dataset: bool
    shared_items: int
    satisfied_a: Rate
    satisfied_b: Rate
    satisfied_paired: Paired
    criteria: list[CriterionDelta] = field(default_factory=list)
    fixed: list[Flip] = field(default_factory=list)
    """Not satisfied in A, satisfied in B."""
    broken: list[Flip] = field(default_factory=list)
    """Satisfied in A, not in B."""
    rubric_diff: list[str] = field(default_factory=list)
    """Unified diff lines of the rubric texts (empty when identical)."""
    agent_a: str = "the built-in deep agent"
    agent_b: str = "the built-in deep agent"
    """Who did the items' work in each suite run, in words."""

    @property
    def agents_differ(self) -> bool:
        """A and B were run on different agents (a project's, or the built-in one)."""
        return self.agent_a != self.agent_b

    def to_dict(self) -> dict[str, Any]:
        """Plain data for `--jsonl` and tests."""

        def rate(r: Rate | None) -> dict[str, Any] | None:
            return None if r is None else {"passed": r.passed, "total": r.total, "low": r.low, "high": r.high}

        def paired(p: Paired | None) -> dict[str, Any] | None:
            return None if p is None else {"only_a": p.only_a, "only_b": p.only_b, "p_value": p.p_value}

        return {
            "suite_run_a": self.a.suite["id"],
            "suite_run_b": self.b.suite["id"],
            "same_dataset": self.same_dataset,
            "agents": {"a": self.agent_a, "b": self.agent_b, "differ": self.agents_differ},
            "shared_items": self.shared_items,
            "satisfied": {
                "a": rate(self.satisfied_a),
                "b": rate(self.satisfied_b),
                "delta_ci": delta_interval(self.satisfied_a, self.satisfied_b),
                "mcnemar": paired(self.satisfied_paired),
            },
            "criteria": [
                {
                    "criterion_a": c.name_a,
                    "criterion_b": c.name_b,
                    "a": rate(c.a),
                    "b": rate(c.b),
                    "delta": c.delta,
                    "delta_ci": c.delta_interval,
                    "mcnemar": paired(c.paired),
                    "na_a": c.na_a,
                    "na_b": c.na_b,
                }
                for c in self.criteria
            ],
            "fixed": [f.__dict__ for f in self.fixed],
            "broken": [f.__dict__ for f in self.broken],
            "rubric_diff": self.rubric_diff,
        }


def _final_by_item(frames: SuiteFrames, criterion: str) -> dict[str, bool | None]:
    """Each item's final verdict on a criterion: True, False, or None for n/a."""
    rows = frames.cells[frames.cells["criterion"] == criterion]
    return {
        str(item): (None if verdict == "n/a" else verdict == "pass")
        for item, verdict in zip(rows["item_id"], rows["final_verdict"], strict=True)
    }


def _judged(verdicts: dict[str, bool | None]) -> dict[str, bool]:
    return {k: v for k, v in verdicts.items() if v is not None}


def compare_suite_runs(store: Store, suite_a: str, suite_b: str) -> SuiteComparison:
    """Compare two stored suite runs; ValueError when they share no item."""
    a, b = suite_frames(store, suite_a), suite_frames(store, suite_b)
    status_a = dict(zip(a.items["item_id"].astype(str), a.items["status"].astype(str), strict=True))
    status_b = dict(zip(b.items["item_id"].astype(str), b.items["status"].astype(str), strict=True))
    shared = [i for i in status_a if i in status_b]
    if not shared:
        msg = (
            "These two suite runs share no item id: compare suite runs over the same dataset "
            f"({a.suite['dataset_name']!r} vs {b.suite['dataset_name']!r})."
        )
        raise ValueError(msg)
    runs_a = dict(zip(a.items["item_id"].astype(str), a.items["run_id"], strict=True))
    runs_b = dict(zip(b.items["item_id"].astype(str), b.items["run_id"], strict=True))
    sat_pairs = [(status_a[i] == "satisfied", status_b[i] == "satisfied") for i in shared]
    out = SuiteComparison(
        a=a,
        b=b,
        same_dataset=a.suite["dataset_hash"] == b.suite["dataset_hash"],
        shared_items=len(shared),
        satisfied_a=wilson(sum(x for x, _ in sat_pairs), len(shared)),
        satisfied_b=wilson(sum(y for _, y in sat_pairs), len(shared)),
        satisfied_paired=mcnemar_exact(sat_pairs),
        agent_a=suite_agent_label(a.suite),
        agent_b=suite_agent_label(b.suite),
    )
    for item_id, (was, now) in zip(shared, sat_pairs, strict=True):
        if was == now:
            continue
        flip = Flip(item_id, _opt(runs_a[item_id]), _opt(runs_b[item_id]), status_a[item_id], status_b[item_id])
        (out.fixed if now else out.broken).append(flip)
    shared_set = set(shared)
    for name_a, name_b in pair_criteria(a.criteria, b.criteria):
        va = {k: v for k, v in _final_by_item(a, name_a).items() if k in shared_set} if name_a else None
        vb = {k: v for k, v in _final_by_item(b, name_b).items() if k in shared_set} if name_b else None
        fa = None if va is None else _judged(va)
        fb = None if vb is None else _judged(vb)
        paired = None
        if fa is not None and fb is not None:
            both = [k for k in fa if k in fb]
            paired = mcnemar_exact([(fa[k], fb[k]) for k in both])
        out.criteria.append(
            CriterionDelta(
                name_a=name_a,
                name_b=name_b,
                a=None if fa is None else wilson(sum(fa.values()), len(fa)),
                b=None if fb is None else wilson(sum(fb.values()), len(fb)),
                paired=paired,
                na_a=0 if va is None or fa is None else len(va) - len(fa),
                na_b=0 if vb is None or fb is None else len(vb) - len(fb),
            )
        )
    out.rubric_diff = list(
        difflib.unified_diff(
            a.suite["rubric"].splitlines(),
            b.suite["rubric"].splitlines(),
            fromfile=f"A {_label(a.suite)}",
            tofile=f"B {_label(b.suite)}",
            lineterm="",
        )
    )
    return out


def _opt(value: Any) -> str | None:
    import pandas as pd

    return None if value is None or pd.isna(value) else str(value)


def _label(suite: dict[str, Any]) -> str:
    if suite.get("rubric_name"):
        return f"{suite['rubric_name']} v{suite.get('rubric_version') or '?'}"
    return "rubric"
