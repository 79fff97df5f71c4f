"""What the store knows about one rubric version: its runs, every graded cell with its verdict and any human
review, and how often repeated gradings flipped each criterion.

A cell is one criterion at one grading pass of one run. Criteria are named in the rubric's own wording:
a grader may word a criterion its own way, so a pass that lists as many criteria as the rubric has is
matched by position (as suite frames do), any other pass by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rubric_core.rubric import parse_criteria
from rubric_core.store import Store
from rubric_core.store.sql import text
from rubric_core.verdicts import verdict_of


@dataclass(frozen=True)
class Cell:
    """One criterion's verdict at one grading pass of one run, and the newest human review of it."""

    run_id: str
    turn: int
    iteration: int
    position: int
    criterion: str
    """The rubric's wording of the criterion."""
    verdict: str
    """pass, fail or n/a."""
    check: dict[str, Any]
    gap: str
    first: bool
    """The pass graded the turn's first draft."""
    final: bool
    """The pass was the turn's last graded one."""
    human: bool | None = None
    """The newest review's verdict (None: nobody reviewed the cell)."""
    human_reason: str = ""
    reviewer: str = ""

    @property
    def key(self) -> tuple[str, int, int, str]:
        """(run, turn, iteration, criterion): what a review and a regraded verdict are matched on."""
        return (self.run_id, self.turn, self.iteration, self.criterion)

    @property
    def ref(self) -> str:
        """How a person names the cell: 'run 1a2b3c4d iteration 2'."""
        return f"run {self.run_id[:8]} iteration {self.iteration + 1}"


@dataclass
class Evidence:
    """Everything a diagnosis and a proof read about a rubric version."""

    name: str
    version: int
    rubric: str
    criteria: list[str]
    """The version's criteria, in rubric order."""
    runs: list[dict[str, Any]]
    """Runs graded with this version (id, status, grader, model, iterations, max_iterations, suite_run_id)."""
    cells: list[Cell]
    flips: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Criterion -> (repeated gradings that flipped it, repeated gradings of it) over stored consistency checks."""
    flip_drafts: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    """Criterion -> the drafts (run, turn, iteration) whose repeated gradings flipped it."""
    drafts: dict[tuple[str, int, int], str] = field(default_factory=dict)
    """(run, turn, iteration) -> the draft graded there."""
    tasks: dict[str, str] = field(default_factory=dict)
    """Run -> its task."""
    grader_tools: list[str] = field(default_factory=list)
    """Grader tools any of the runs was given."""

    def of(self, criterion: str) -> list[Cell]:
        """This criterion's cells."""
        return [c for c in self.cells if c.criterion == criterion]

    @property
    def graders(self) -> list[str]:
        """The grader specs of the runs, most used first."""
        counts: dict[str, int] = {}
        for r in self.runs:
            counts[r["grader"]] = counts.get(r["grader"], 0) + 1
        return sorted(counts, key=lambda g: -counts[g])


def version_run_ids(store: Store, name: str, version: int) -> list[str]:
    """Ids of the runs graded with this rubric version, oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT id FROM runs WHERE rubric_name = :n AND rubric_version = :v ORDER BY created_at, id"),
            {"n": name, "v": version},
        )
        return [str(r[0]) for r in rows]


def _suite_of(store: Store, run_ids: list[str]) -> dict[str, str]:
    if not run_ids:
        return {}
    out: dict[str, str] = {}
    with store.engine.connect() as conn:
        for start in range(0, len(run_ids), 500):
            chunk = run_ids[start : start + 500]
            names = ", ".join(f":i{i}" for i in range(len(chunk)))
            rows = conn.execute(
                text(
                    f"SELECT run_id, suite_run_id FROM suite_items WHERE run_id IN ({names}) "
                    f"UNION ALL SELECT run_id, suite_run_id FROM suite_cells WHERE run_id IN ({names})"
                ),
                {f"i{i}": v for i, v in enumerate(chunk)},
            )
            out.update({str(r[0]): str(r[1]) for r in rows})
    return out


def gather(store: Store, name: str, version: int | None = None) -> Evidence:
    """The evidence of a library rubric's version (the latest when `version` is None); KeyError if unknown."""
    from rubric_core.judge.consistency import flip_counts
    from rubric_core.store import judge as judge_store

    row = store.get_rubric(name, version)
    if row is None:
        known = [v["version"] for v in store.rubric_versions(name)]
        msg = (
            f"No rubric {name!r} in the library."
            if not known
            else f"Rubric {name!r} has no version {version}; it has {', '.join(map(str, known))}."
        )
        raise KeyError(msg)
    version = int(row["version"])
    criteria = [c.text for c in parse_criteria(row["text"])]
    run_ids = version_run_ids(store, name, version)
    runs = store.get_runs(run_ids)
    suites = _suite_of(store, run_ids)
    run_rows = [
        {
            "id": r["id"],
            "status": r["status"],
            "grader": r["grader"],
            "model": r["model"],
            "iterations": r["iterations"],
            "max_iterations": int((r.get("config") or {}).get("max_iterations", 3) or 3),
            "suite_run_id": suites.get(r["id"], ""),
        }
        for r in runs
    ]
    reviews = {
        (v["run_id"], v["turn"], v["iteration"], v["position"]): v for v in judge_store.latest_reviews(store, run_ids)
    }
    drafts = {(i["run_id"], i["turn"], i["iteration"]): i["draft_text"] for i in store.iterations(run_ids)}
    tools = sorted({t for r in runs for t in (r.get("config") or {}).get("grader_tools") or []})
    by_pass: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for c in store.criteria(run_ids):
        by_pass.setdefault((c["run_id"], c["turn"], c["iteration"]), []).append(c)
    last: dict[tuple[str, int], int] = {}
    for run_id, turn, iteration in by_pass:
        last[(run_id, turn)] = max(iteration, last.get((run_id, turn), -1))
    cells: list[Cell] = []
    for (run_id, turn, iteration), rows in sorted(by_pass.items()):
        by_position = len(rows) == len(criteria)
        for c in rows:
            name_here = criteria[c["position"]] if by_position and c["position"] < len(criteria) else c["name"]
            if name_here not in criteria:
                continue  # a criterion of another rubric (a follow-up turn that replaced it)
            review = reviews.get((run_id, turn, iteration, c["position"]))
            cells.append(
                Cell(
                    run_id=run_id,
                    turn=turn,
                    iteration=iteration,
                    position=criteria.index(name_here),
                    criterion=name_here,
                    verdict=verdict_of(c),
                    check=c["check"],
                    gap=c["gap"] or "",
                    first=iteration == 0,
                    final=iteration == last[(run_id, turn)],
                    human=None if review is None else bool(review["passed"]),
                    human_reason=(review or {}).get("reason") or "",
                    reviewer=(review or {}).get("reviewer") or "",
                )
            )
    flips: dict[str, tuple[int, int]] = {}
    flip_drafts: dict[str, list[tuple[str, int, int]]] = {}
    for run_id in run_ids:
        for head in judge_store.list_regrades(store, run_id):
            if head["kind"] != "consistency":
                continue
            full = judge_store.get_regrade(store, head["id"])
            if full is None:
                continue
            for entry in flip_counts([p["criteria"] for p in full["passes"]]):
                if entry.criterion in criteria:
                    flipped, graded = flips.get(entry.criterion, (0, 0))
                    flips[entry.criterion] = (flipped + entry.flips, graded + entry.graded)
                    if entry.flips and full["passes"]:
                        first = full["passes"][0]  # one check grades one draft again and again
                        where = (run_id, int(first["turn"]), int(first["iteration"]))
                        if where not in flip_drafts.setdefault(entry.criterion, []):
                            flip_drafts[entry.criterion].append(where)
    tasks = {r["id"]: r["task"] for r in runs}
    return Evidence(name, version, row["text"], criteria, run_rows, cells, flips, flip_drafts, drafts, tasks, tools)
