"""Proposed edits: one to three concrete edits per finding, each a whole edited rubric with the reason.

Offline, rules make them, and each says which rule: split a compound line, make a measure explicit, reword to
the nearest phrasing the offline grader can check, fit a count's bound to the reviews, name a grader tool, stand
an observable line in for a quality, move a judgement call to an LLM grader, loosen a count no draft met, drop a
line that tells nothing (or that no draft meets), merge an overlap (proposal_rules.py, proposal_fallbacks.py).
With a model (llm.py) the model proposes too, from the criterion, its findings and a sample of the disagreeing
cells (learning part only) with the reviewers' reasons.

Every proposal carries a mapping from each criterion of the edited rubric to the criteria of the old one it
stands for (proposal_base.py). One edit proposed for several findings of a criterion (a line that never passes
also blocks and drives the cap hits) is made once and shown under each.
"""

from __future__ import annotations

from rubric_core.assistant.evidence import Evidence
from rubric_core.assistant.proposal_base import Proposal, _id, edit_rubric, make_proposal
from rubric_core.assistant.proposal_fallbacks import drop_failing, loosen, stand_in, to_llm_grader
from rubric_core.assistant.proposal_rules import best_upper_bound, explicit_measure, name_tool, observable, threshold
from rubric_core.assistant.split import Split
from rubric_core.assistant.wording_findings import Finding, compound_parts

__all__ = ["MAX_PER_FINDING", "Proposal", "_id", "best_upper_bound", "edit_rubric", "propose"]

MAX_PER_FINDING = 3


def propose(evidence: Evidence, findings: list[Finding], split: Split) -> list[Proposal]:
    """Rule-made proposals for these findings (at most MAX_PER_FINDING each, none twice)."""
    out: list[Proposal] = []
    seen: dict[str, Proposal] = {}
    for finding in findings:
        made = [p for p in _for(evidence, finding, split) if p is not None]
        for p in made[:MAX_PER_FINDING]:
            if p.id in seen:
                first = seen[p.id]
                if not first.answers(finding) and first.criterion == finding.criterion:
                    first.also_for.append(finding.kind)
                continue
            seen[p.id] = p
            out.append(p)
    return out


def _for(evidence: Evidence, f: Finding, split: Split) -> list[Proposal | None]:
    if f.kind == "compound":
        return [_split(evidence, f)]
    if f.kind == "vague":
        return [explicit_measure(evidence, f, split), observable(evidence, f), stand_in(evidence, f)]
    if f.kind in ("mostly_na", "na_cap_hits"):
        return [
            explicit_measure(evidence, f, split),
            observable(evidence, f),
            _split(evidence, f),
            stand_in(evidence, f),
            *threshold(evidence, f, split),
            name_tool(evidence, f),
            to_llm_grader(evidence, f),
        ]
    if f.kind in ("never_passes", "blocks", "cap_hits"):
        fitted = [p for p in threshold(evidence, f, split) if p is not None]
        return [*fitted, name_tool(evidence, f), None if fitted else loosen(evidence, f), drop_failing(evidence, f)]
    if f.kind in ("disagrees_accepts", "disagrees_rejects"):
        return [*threshold(evidence, f, split), name_tool(evidence, f)]
    if f.kind == "always_passes":
        return [
            make_proposal(
                evidence,
                f,
                "drop",
                [],
                f'Drop "{f.criterion}"',
                f"It passed the first draft of every run ({f.numbers.get('runs')}): it costs a verdict per pass and "
                "never steered a revision.",
                "drop a line that always passed",
            )
        ]
    if f.kind == "overlap":
        other = str(f.numbers.get("other") or "")
        return [
            make_proposal(
                evidence,
                f,
                "merge",
                [],
                f'Merge "{f.criterion}" into "{other}"',
                "Two lines that check the same thing count it twice in every rate and every revision request.",
                "merge overlapping lines",
                merged_into=other,
            )
        ]
    return []


def _split(evidence: Evidence, f: Finding) -> Proposal | None:
    parts = list(f.numbers.get("parts") or compound_parts(f.criterion) or [])
    if len(parts) < 2:
        return None
    return make_proposal(
        evidence,
        f,
        "split",
        parts,
        "Split into " + " and ".join(f'"{p}"' for p in parts),
        "One line, one check: a verdict on a compound line cannot say which part failed (or which part the grader "
        "could not judge), and the loop's feedback cannot point the writer at it.",
        "split a compound line",
    )
