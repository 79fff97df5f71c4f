"""The doctor: per criterion of a rubric version, what its stored evidence says is wrong, with numbers and the
cells behind each finding.

Findings that read human reviews use only the reviews the assistant may learn from (split.py): the held-out
ones are kept to prove edits. Where the Review page (which counts every review) flags a criterion and the
learning part gives nothing to learn from, a finding says so and how many reviews would let it propose: the two
pages never disagree silently. Thresholds are constants here and in docs/ASSISTANT.md; wording findings (vague,
compound, over-long, overlap) are in wording_findings.py.
"""

from __future__ import annotations

from typing import Any

from rubric_core.assistant.evidence import Cell, Evidence
from rubric_core.assistant.split import Split
from rubric_core.assistant.wording_findings import (
    LENGTH_WORDS,
    VAGUE_WORDS,
    CellRef,
    Finding,
    compound_parts,
    wording_findings,
)

__all__ = ["LENGTH_WORDS", "VAGUE_WORDS", "CellRef", "Finding", "compound_parts", "diagnose", "wording_findings"]

MIN_ITEMS = 3
"""Runs a criterion must have been judged in before "never passes" or "passes from the first draft" is said."""
MOSTLY_NA = 0.5
"""Share of a criterion's verdicts that are n/a from which it is "mostly n/a"."""
BLOCKING_SHARE = 0.25
"""A criterion is "blocking" when it failed at the end of at least this share of the runs not satisfied."""
MIN_LEARN_REVIEWS = 5
"""Reviewed cells of a criterion the learning part needs before the assistant can tell what to propose: as many as
the Review page needs to flag one (judge/agreement.py MIN_FLAG_REVIEWS)."""

ORDER = (
    "disagrees_accepts",
    "disagrees_rejects",
    "held_out_only",
    "flips",
    "mostly_na",
    "na_cap_hits",
    "never_passes",
    "always_passes",
    "blocks",
    "cap_hits",
    "vague",
    "compound",
    "overlap",
    "too_long",
)
"""How findings are listed: what makes a verdict wrong first (a false acceptance is the costliest), wording last."""


def _ref(c: Cell) -> CellRef:
    return CellRef(c.run_id, c.turn, c.iteration, c.verdict, c.human, c.human_reason, c.position)


def _runs_with(cells: list[Cell], test: Any) -> list[Cell]:
    """One cell per run: the first that meets `test`."""
    seen: set[str] = set()
    out = []
    for c in cells:
        if c.run_id not in seen and test(c):
            seen.add(c.run_id)
            out.append(c)
    return out


def diagnose(evidence: Evidence, split: Split) -> list[Finding]:
    """Every finding for every criterion of the version, ordered by ORDER then criterion order."""
    out: list[Finding] = []
    status = {r["id"]: r["status"] for r in evidence.runs}
    unsatisfied = [r for r in evidence.runs if r["status"] in ("max_iterations_reached", "needs_revision")]
    na_capped = _na_only_cap_hits(evidence, status)
    for criterion in evidence.criteria:
        cells = evidence.of(criterion)
        out += _disagreements(criterion, cells, split)
        out += _flips(criterion, evidence)
        out += _pass_patterns(criterion, cells)
        out += _na_cap_hits(criterion, cells, na_capped)
        out += _blocking(criterion, cells, status, len(unsatisfied))
    out += wording_findings(evidence.criteria)
    rank = {k: i for i, k in enumerate(ORDER)}
    position = {c: i for i, c in enumerate(evidence.criteria)}
    return sorted(out, key=lambda f: (rank.get(f.kind, len(rank)), position.get(f.criterion, 0)))


def _all_reviews(reviewed: list[Cell]) -> dict[str, Any]:
    """Agreement over every judged review of the criterion, as the Review page counts it (its flag rule too)."""
    from rubric_core.judge.agreement import agreement_of

    a = agreement_of("", [c.verdict == "pass" for c in reviewed], [bool(c.human) for c in reviewed])
    return {"reviewed": a.reviewed, "agreement": a.rate, "kappa": a.kappa, "flagged": a.low}


def _review_page_said(figures: dict[str, Any]) -> str:
    kappa = "undefined" if figures["kappa"] is None else f"{figures['kappa']:.2f}"
    return f"agreement {figures['agreement'] or 0.0:.0%}, kappa {kappa} over {figures['reviewed']} reviews"


def _disagreements(criterion: str, cells: list[Cell], split: Split) -> list[Finding]:
    reviewed = [c for c in cells if c.human is not None and c.verdict != "n/a"]
    learn = [c for c in reviewed if not split.holds_out(c.run_id)]
    held = len(reviewed) - len(learn)
    accepts = [c for c in learn if c.verdict == "pass" and c.human is False]
    rejects = [c for c in learn if c.verdict == "fail" and c.human is True]
    agree = sum(1 for c in learn if (c.verdict == "pass") == c.human)
    everyone = _all_reviews(reviewed) if reviewed else None
    base = {
        "reviewed_learn": len(learn),
        "reviewed_held_out": held,
        "agreement_learn": agree / len(learn) if learn else None,
        "all_reviews": everyone,
    }
    where = (
        f"{len(learn)} reviewed cells the assistant may learn from; {held} more are held out to test edits and "
        "never read"
    )
    page = f" Over every review, as the Review page counts them: {_review_page_said(everyone)}." if everyone else ""
    out = []
    if accepts:
        out.append(
            Finding(
                criterion,
                "disagrees_accepts",
                f"False acceptances: a person failed {len(accepts)} {'draft' if len(accepts) == 1 else 'drafts'} the "
                f"grader passed ({len(accepts)} of the {where}).{page}",
                {**base, "false_acceptances": len(accepts)},
                [_ref(c) for c in accepts[:20]],
            )
        )
    if rejects:
        out.append(
            Finding(
                criterion,
                "disagrees_rejects",
                f"False rejections: a person passed {len(rejects)} {'draft' if len(rejects) == 1 else 'drafts'} the "
                f"grader failed ({len(rejects)} of the {where}).{page}",
                {**base, "false_rejections": len(rejects)},
                [_ref(c) for c in rejects[:20]],
            )
        )
    if not accepts and not rejects and everyone and everyone["flagged"]:
        out.append(_held_out_only(criterion, cells, split, learn, held, everyone, base))
    return out


def _held_out_only(
    criterion: str,
    cells: list[Cell],
    split: Split,
    learn: list[Cell],
    held: int,
    everyone: dict[str, Any],
    base: dict[str, Any],
) -> Finding:
    """The Review page flags the criterion, and the learning part holds no disagreement to learn from."""
    needed = max(0, MIN_LEARN_REVIEWS - len(learn))
    to_review = [
        c
        for c in sorted(cells, key=lambda c: (not c.final, c.verdict != "pass", c.run_id, c.iteration))
        if c.human is None and c.verdict != "n/a" and not split.holds_out(c.run_id)
    ]
    flagged = f"The Review page flags it ({_review_page_said(everyone)})"
    if not learn:
        said = (
            f"{flagged}, but all {held} of its reviews fell in the held-out part, kept to test edits, which the "
            "assistant never learns from: it has nothing to propose from."
        )
    else:
        said = (
            f"{flagged}, but the {len(learn)} reviewed cells the assistant may learn from all agree with the grader: "
            f"the disagreements are among the {held} held out to test edits, which it never reads."
        )
    if needed:
        said += f" Review {needed} more of its cells in the learning part (below) and diagnose again."
    else:
        said += (
            " Review more of its cells in the learning part (below), where the grader may be wrong, and diagnose again."
        )
    if not to_review:
        said += " (No unreviewed cell of it is left in the learning part: run the version again to add some.)"
    return Finding(
        criterion,
        "held_out_only",
        said,
        {**base, "needed": needed, "to_review": len(to_review)},
        [_ref(c) for c in to_review[:20]],
        cells_said="Review these",
    )


def _flips(criterion: str, evidence: Evidence) -> list[Finding]:
    flipped, graded = evidence.flips.get(criterion, (0, 0))
    if not flipped:
        return []
    at = {(c.run_id, c.turn, c.iteration): c for c in evidence.of(criterion)}
    cells = [at[d] for d in evidence.flip_drafts.get(criterion, []) if d in at]
    return [
        Finding(
            criterion,
            "flips",
            f"Flips when the same draft is graded again: {flipped} of {graded} repeated verdicts differ from the "
            f"majority, over {len(cells) or 'the'} checked {'draft' if len(cells) == 1 else 'drafts'}",
            {"flips": flipped, "repeats": graded},
            [_ref(c) for c in cells[:20]],
            cells_said="Drafts whose verdict flipped",
        )
    ]


def _pass_patterns(criterion: str, cells: list[Cell]) -> list[Finding]:
    out = []
    total = len(cells)
    na = [c for c in cells if c.verdict == "n/a"]
    if total and len(na) / total >= MOSTLY_NA:
        out.append(
            Finding(
                criterion,
                "mostly_na",
                f"Mostly n/a: the grader could not judge it in {len(na)} of {total} verdicts "
                f"({_first_check_reason(na)})",
                {"na": len(na), "verdicts": total, "na_share": len(na) / total},
                [_ref(c) for c in _runs_with(na, lambda c: True)[:20]],
            )
        )
    finals = [c for c in cells if c.final and c.verdict != "n/a"]
    runs_final = {c.run_id for c in finals}
    if len(runs_final) >= MIN_ITEMS and not any(c.verdict == "pass" for c in finals):
        out.append(
            Finding(
                criterion,
                "never_passes",
                f"Never passes: it failed at the end of all {len(runs_final)} runs that judged it (too strict, or a "
                "check that cannot be met)",
                {"runs": len(runs_final)},
                [_ref(c) for c in _runs_with(finals, lambda c: True)[:20]],
            )
        )
    firsts = [c for c in cells if c.first]
    judged_first = [c for c in firsts if c.verdict != "n/a"]
    if len({c.run_id for c in judged_first}) >= MIN_ITEMS and firsts and all(c.verdict == "pass" for c in firsts):
        out.append(
            Finding(
                criterion,
                "always_passes",
                f"Tells nothing: it passed the first draft of every one of {len({c.run_id for c in firsts})} runs, "
                "so it never steered a revision",
                {"runs": len({c.run_id for c in firsts})},
                [_ref(c) for c in _runs_with(firsts, lambda c: True)[:20]],
            )
        )
    return out


def _first_check_reason(cells: list[Cell]) -> str:
    for c in cells:
        found = str(c.check.get("found") or "")
        if found:
            return found
    return "no reason recorded"


def _na_only_cap_hits(evidence: Evidence, status: dict[str, str]) -> set[tuple[str, int]]:
    """(run, turn) of the cap hits where nothing failed at the end and something was n/a: the loop revised to its
    cap for verdicts the grader could not give (the library reads n/a as not met)."""
    ends: dict[tuple[str, int], list[str]] = {}
    for c in evidence.cells:
        if c.final and status.get(c.run_id) == "max_iterations_reached":
            ends.setdefault((c.run_id, c.turn), []).append(c.verdict)
    return {k for k, verdicts in ends.items() if "fail" not in verdicts and "n/a" in verdicts}


def _na_cap_hits(criterion: str, cells: list[Cell], capped: set[tuple[str, int]]) -> list[Finding]:
    hit = [c for c in cells if c.final and c.verdict == "n/a" and (c.run_id, c.turn) in capped]
    if not hit:
        return []
    runs = len({c.run_id for c in hit})
    return [
        Finding(
            criterion,
            "na_cap_hits",
            f"Cap hits from n/a alone: {runs} {'run' if runs == 1 else 'runs'} spent every iteration allowed with no "
            "criterion failing at the end; this one was n/a there (the grader could not judge it, and the loop reads "
            "n/a as not met, so it kept revising)",
            {"cap_hits": runs},
            [_ref(c) for c in _runs_with(hit, lambda c: True)[:20]],
        )
    ]


def _blocking(criterion: str, cells: list[Cell], status: dict[str, str], unsatisfied: int) -> list[Finding]:
    finals = [c for c in cells if c.final and c.verdict == "fail"]
    blocked = _runs_with(finals, lambda c: status.get(c.run_id) in ("max_iterations_reached", "needs_revision"))
    out = []
    if unsatisfied and blocked and len(blocked) / unsatisfied >= BLOCKING_SHARE:
        out.append(
            Finding(
                criterion,
                "blocks",
                f"Blocks satisfied: it failed at the end of {len(blocked)} of the {unsatisfied} runs that were not "
                "satisfied",
                {"blocked": len(blocked), "unsatisfied": unsatisfied},
                [_ref(c) for c in blocked[:20]],
            )
        )
    capped = [c for c in blocked if status.get(c.run_id) == "max_iterations_reached"]
    if capped and len(capped) == len(blocked) and len(capped) >= 2:
        out.append(
            Finding(
                criterion,
                "cap_hits",
                f"Drives cap hits: {len(capped)} runs spent every iteration allowed and still failed it",
                {"cap_hits": len(capped)},
                [_ref(c) for c in capped[:20]],
            )
        )
    return out
