"""Two judges on the same drafts: a finished matrix column (or suite run) regraded under other grader models.

"Which grader can I trust?" on the author's own data: every stored draft of the column's runs is regraded by each
other grader through the what-if regrade (judge/whatif.py: the loop's own grader, the working model never called),
then, per criterion, each pair of graders is compared (agreement, Cohen's kappa, n), and, where people reviewed
cells, each grader with the people (kappa, n, false acceptances). A verdict of n/a is no verdict: left out of every
figure and counted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rubric_core.judge.agreement import Agreement, agreement_of
from rubric_core.judge.regrade import RegradeError
from rubric_core.judge.whatif import WhatIfReport, what_if
from rubric_core.rubric import parse_criteria
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss

MAX_OTHER_GRADERS = 4
OVERALL = "(overall)"

Key = tuple[str, int, int, int]
"""(run id, turn, iteration, criterion position): one verdict on one stored draft."""


@dataclass
class GraderVerdicts:
    """One grader's verdicts on the column's drafts."""

    grader: str
    verdicts: dict[Key, bool | None] = field(default_factory=dict)
    """None: n/a (the grader could not judge it)."""
    failed_passes: int = 0
    """Drafts this grader could not grade (grader_error): no verdict from it on them."""
    causes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PairAgreement:
    """Two graders on one criterion over the drafts both judged."""

    criterion: str
    grader_a: str
    grader_b: str
    agreement: Agreement
    not_judged: int
    """Verdicts left out because either grader said n/a."""


@dataclass(frozen=True)
class HumanAgreement:
    """One grader against the people's reviews on one criterion."""

    criterion: str
    grader: str
    agreement: Agreement
    """Its `false_acceptances`: the grader passed what the reviewer failed."""


@dataclass
class JudgePanel:
    """The graders of one column side by side."""

    suite_run_id: str
    column: int | None
    rubric: str
    graders: list[GraderVerdicts]
    """The column's own grader first, then the others."""
    criteria: list[str]
    pairs: list[PairAgreement]
    humans: list[HumanAgreement]
    runs: int
    drafts: int
    reviewed: int
    """Reviewed cells of these drafts (the human figures are over them)."""
    reports: dict[str, list[WhatIfReport]] = field(default_factory=dict)

    def to_records(self) -> list[dict[str, Any]]:
        """Plain data for `--jsonl`: one record per pair and criterion, then per grader and criterion vs people."""
        out: list[dict[str, Any]] = []
        for p in self.pairs:
            out.append(
                {
                    "type": "judges_pair",
                    "criterion": p.criterion,
                    "grader_a": p.grader_a,
                    "grader_b": p.grader_b,
                    "n": p.agreement.reviewed,
                    "agreed": p.agreement.agreed,
                    "agreement_rate": p.agreement.rate,
                    "kappa": p.agreement.kappa,
                    "band": p.agreement.band,
                    "not_judged": p.not_judged,
                }
            )
        for h in self.humans:
            out.append(
                {
                    "type": "judges_human",
                    "criterion": h.criterion,
                    "grader": h.grader,
                    "n": h.agreement.reviewed,
                    "agreement_rate": h.agreement.rate,
                    "kappa": h.agreement.kappa,
                    "band": h.agreement.band,
                    "false_acceptances": h.agreement.false_acceptances,
                    "false_rejections": h.agreement.false_rejections,
                    "not_judged": h.agreement.not_judged,
                }
            )
        return out


def column_runs(store: Store, suite_run_id: str, column: int | None) -> tuple[list[str], dict[str, Any]]:
    """The runs of a column (or a one-column suite run) that ended with a quality result, and the suite run."""
    suite = ss.get_suite_run(store, suite_run_id)
    if suite is None:
        msg = f"No suite run {suite_run_id!r} in the store."
        raise RegradeError(msg)
    if suite["columns"] and column is None:
        msg = f"Suite run {suite_run_id[:12]} is a matrix: pick the column whose drafts to regrade (1 to {len(suite['columns'])})."
        raise RegradeError(msg)
    if column is not None and column not in [c["index"] for c in suite["columns"]]:
        msg = f"Suite run {suite_run_id[:12]} has no column {column + 1}."
        raise RegradeError(msg)
    items = ss.suite_items(store, suite_run_id, column=column)
    runs = [i["run_id"] for i in items if i["run_id"] and i["has_result"]]
    if not runs:
        raise RegradeError(_why_nothing_to_regrade(store, suite_run_id, column, items))
    return runs, suite


def _why_nothing_to_regrade(store: Store, suite_run_id: str, column: int | None, items: list[dict[str, Any]]) -> str:
    """Why a column has no draft to regrade: its runs all ended in an error (the first named), or none ended yet."""
    which = "This column" if column is None else f"Column {column + 1}"
    failed = [i for i in items if i["run_status"] in ("error", "grader_error")]
    if failed and len(failed) == len([i for i in items if i["finished"]]):
        first = next(
            (p["message"] for p in ss.item_problems(store, suite_run_id) if p["column"] == column and p["message"]),
            "",
        )
        cause = f" (the first: {first[:240]})" if first else ""
        return (
            f"{which} has no draft to regrade: every one of its {len(failed)} finished runs ended in an error before a "
            f"draft was graded{cause}. Fix the cause and resume the column, then regrade it."
        )
    return f"{which} has no finished run to regrade yet: let it finish (or resume it) first."


def _by_position(names: list[str], canonical: list[str]) -> list[str]:
    """A grader's criterion names in the rubric's wording when it listed them all (graders word them their way)."""
    return canonical if len(names) == len(canonical) else names


def check_graders(store: Store, suite_run_id: str, column: int | None, graders: Sequence[str]) -> list[str]:
    """The other graders to hold against the column's own, checked (each a model spec, none empty, none the
    column's own or named twice as the model resolver reads them, at most MAX_OTHER_GRADERS); RegradeError says
    which. Reads only."""
    from rubric_core.models.providers import ModelSpecError, parse_model_spec

    others = [str(g).strip() for g in graders or []]
    if not others:
        msg = "Name at least one other grader model (provider:model-id) to hold against the column's own."
        raise RegradeError(msg)
    if len(others) > MAX_OTHER_GRADERS:
        msg = f"Compare at most {MAX_OTHER_GRADERS} other graders at once; got {len(others)}."
        raise RegradeError(msg)
    seen: dict[str, str] = {}
    for given in others:
        try:
            spec = parse_model_spec(given)
        except ModelSpecError as exc:
            raise RegradeError(f"--grader {given!r}: {exc}") from None
        key = f"{spec}?{sorted(spec.options.items())}"
        if key in seen:
            msg = f"Grader {given!r} is {seen[key]!r} again: name each other grader once."
            raise RegradeError(msg)
        seen[key] = given
    runs, _ = column_runs(store, suite_run_id, column)
    rows = store.get_runs(runs)
    own = parse_model_spec(rows[0]["grader"])
    own_key = f"{own}?{sorted(own.options.items())}"
    if own_key in seen:
        msg = f"{seen[own_key]} is the column's own grader: its verdicts are already stored. Name other graders."
        raise RegradeError(msg)
    return others


def judge_column(
    store: Store,
    suite_run_id: str,
    column: int | None,
    graders: Sequence[str],
    *,
    keys: Mapping[str, str] | None = None,
    grader_models: Mapping[str, Any] | None = None,
) -> JudgePanel:
    """Regrade every stored draft of the column's finished runs under each of `graders` (no working-model call)
    and compare the graders with each other and with the people's reviews.

    `grader_models`: spec -> a chat model to use for it (tests plug scripted graders in).
    """
    others = check_graders(store, suite_run_id, column, graders)
    runs, _ = column_runs(store, suite_run_id, column)
    rows = store.get_runs(runs)
    own = rows[0]["grader"]
    reports: dict[str, list[WhatIfReport]] = {}
    for spec in others:
        model = (grader_models or {}).get(spec)
        reports[spec] = [what_if(store, run_id, grader=spec, keys=keys, grader_model=model) for run_id in runs]
    rubric = rows[0]["rubric"]
    return panel_from_reports(store, suite_run_id, column, rubric, own, runs, reports)


def panel_from_reports(
    store: Store,
    suite_run_id: str,
    column: int | None,
    rubric: str,
    own: str,
    runs: list[str],
    reports: dict[str, list[WhatIfReport]],
) -> JudgePanel:
    """The comparison of the column's own grader (its stored verdicts) with the regrades in `reports`."""
    from rubric_core.store.judge import reviewed_cells

    canonical = [c.text for c in parse_criteria(rubric)]
    mine = GraderVerdicts(own)
    for c in store.criteria(runs):
        mine.verdicts[(c["run_id"], c["turn"], c["iteration"], c["position"])] = (
            None if c["verdict"] == "n/a" else c["verdict"] == "pass"
        )
    panel_graders = [mine]
    drafts = 0
    for spec, spec_reports in reports.items():
        verdicts = GraderVerdicts(spec)
        for report in spec_reports:
            for row in report.iterations:
                if row.new_result == "grader_error":
                    verdicts.failed_passes += 1
                    if len(verdicts.causes) < 3:
                        verdicts.causes.append(row.explanation[:200])
                    continue
                for position, value in enumerate(row.new.values()):
                    verdicts.verdicts[(report.run_id, row.turn, row.iteration, position)] = value
        drafts = max(drafts, sum(len(r.iterations) for r in spec_reports))
        panel_graders.append(verdicts)
    names = {k: n for k, n in enumerate(canonical)}
    for c in store.criteria(runs):
        names.setdefault(c["position"], c["name"])
    criteria = [names[k] for k in sorted(names)]
    scopes: list[tuple[str, int | None]] = [*((n, k) for k, n in sorted(names.items())), (OVERALL, None)]
    pairs = []
    for a, b in combinations(panel_graders, 2):
        for label, at in scopes:
            shared = [k for k in a.verdicts if k in b.verdicts and (at is None or k[3] == at)]
            judged = [k for k in shared if a.verdicts[k] is not None and b.verdicts[k] is not None]
            result = agreement_of(label, [bool(a.verdicts[k]) for k in judged], [bool(b.verdicts[k]) for k in judged])
            pairs.append(PairAgreement(label, a.grader, b.grader, result, len(shared) - len(judged)))
    reviewed = reviewed_cells(store, runs)
    humans = []
    for grader in panel_graders:
        for label, at in scopes:
            cells = [c for c in reviewed if at is None or c["position"] == at]
            keyed = [((c["run_id"], c["turn"], c["iteration"], c["position"]), bool(c["human_passed"])) for c in cells]
            known = [(k, h) for k, h in keyed if k in grader.verdicts]
            told = [(k, h) for k, h in known if grader.verdicts[k] is not None]
            result = agreement_of(label, [bool(grader.verdicts[k]) for k, _ in told], [h for _, h in told])
            result.not_judged = len(known) - len(told)
            humans.append(HumanAgreement(label, grader.grader, result))
    return JudgePanel(
        suite_run_id=suite_run_id,
        column=column,
        rubric=rubric,
        graders=panel_graders,
        criteria=criteria,
        pairs=pairs,
        humans=humans,
        runs=len(runs),
        drafts=drafts or len({k[:3] for k in mine.verdicts}),
        reviewed=len(reviewed),
        reports=reports,
    )


def stored_panel(store: Store, suite_run_id: str, column: int | None) -> JudgePanel | None:
    """The panel of the newest stored what-if regrades of the column's runs, one per other grader that regraded every
    one of them under the runs' own rubric (None when no other grader did)."""
    from rubric_core.judge.regrade import Pass
    from rubric_core.judge.whatif import compare
    from rubric_core.store import judge as judge_store

    try:
        runs, _ = column_runs(store, suite_run_id, column)
    except RegradeError:
        return None
    rows = {r["id"]: r for r in store.get_runs(runs)}
    own = rows[runs[0]]["grader"]
    newest: dict[str, dict[str, str]] = {}
    for run_id in runs:
        for head in judge_store.list_regrades(store, run_id):  # newest first
            if head["kind"] != "what_if" or head["rubric"] != rows[run_id]["rubric"] or head["grader"] == own:
                continue
            newest.setdefault(head["grader"], {}).setdefault(run_id, head["id"])
    complete = {g: by_run for g, by_run in newest.items() if len(by_run) == len(runs)}
    if not complete:
        return None
    reports: dict[str, list[WhatIfReport]] = {}
    for spec in sorted(complete)[:MAX_OTHER_GRADERS]:
        reports[spec] = []
        for run_id in runs:
            full = judge_store.get_regrade(store, complete[spec][run_id])
            assert full is not None
            passes = [
                Pass(p["turn"], p["iteration"], p["attempt"], p["result"], p["explanation"], p["criteria"])
                for p in full["passes"]
            ]
            iterations, *_ = compare(store, run_id, passes)
            reports[spec].append(
                WhatIfReport(run_id, full["rubric"], spec, rows[run_id]["status"], iterations, {}, {}, [])
            )
    return panel_from_reports(store, suite_run_id, column, rows[runs[0]]["rubric"], own, runs, reports)
