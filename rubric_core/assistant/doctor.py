"""The doctor's visit: gather a rubric version's evidence, diagnose it, propose edits, and store the proposals
(so `prove` and `accept` can name them by id)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.evidence import Evidence, gather
from rubric_core.assistant.findings import Finding, diagnose
from rubric_core.assistant.proof import AssistantError
from rubric_core.assistant.proposals import Proposal, propose
from rubric_core.assistant.split import Split, split_of
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store


@dataclass
class Diagnosis:
    """A rubric version's findings and the edits proposed for them."""

    evidence: Evidence
    split: Split
    findings: list[Finding]
    proposals: list[Proposal]
    usage: dict[str, Any] = field(default_factory=dict)
    """Tokens and cost of the LLM proposer (empty offline)."""

    def proposals_for(self, finding: Finding) -> list[Proposal]:
        """The proposals made for one finding."""
        return [p for p in self.proposals if p.answers(finding)]

    def to_dict(self) -> dict[str, Any]:
        e = self.evidence
        reviewed = [c for c in e.cells if c.human is not None]
        return {
            "rubric_name": e.name,
            "rubric_version": e.version,
            "runs": len(e.runs),
            "suite_runs": sorted({r["suite_run_id"] for r in e.runs if r["suite_run_id"]}),
            "cells": len(e.cells),
            "reviewed": len(reviewed),
            "held_out": sum(1 for c in reviewed if self.split.holds_out(c.run_id)),
            "seed": self.split.seed,
            "findings": [f.to_dict() for f in self.findings],
            "proposals": [p.to_dict() for p in self.proposals],
            "usage": self.usage,
        }


def examine(
    store: Store,
    name: str,
    version: int | None = None,
    *,
    model: str | None = None,
    keys: Mapping[str, str] | None = None,
    seed: int | None = None,
    save: bool = True,
) -> Diagnosis:
    """Diagnose a library rubric version and propose edits (with `model`, an LLM proposes too)."""
    try:
        evidence = gather(store, name, version)
    except KeyError as exc:
        raise AssistantError(str(exc.args[0])) from None
    split = split_of(store, evidence.name, seed=seed)
    findings = diagnose(evidence, split)
    proposals = propose(evidence, findings, split)
    usage: dict[str, Any] = {}
    if model and not model.startswith("offline:"):
        from rubric_core.assistant.llm import llm_proposals

        extra, usage = llm_proposals(evidence, findings, split, model=model, keys=keys)
        known = {p.id for p in proposals}
        proposals += [p for p in extra if p.id not in known]
    if save:
        assistant_store.save_proposals(store, [p.to_dict() for p in proposals])
    return Diagnosis(evidence, split, findings, proposals, usage)
