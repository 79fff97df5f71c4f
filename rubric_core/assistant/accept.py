"""Accept a proposal: its edited rubric becomes a new version in the library, its proof stored beside it.

Checked first (`check_accept`, which only reads), then written (`apply_accept`): a proposal with no proof, one not
proven better, or one built on a version the library has moved past is refused before anything is saved. A
proposal applies to the version it was built on: accepting it onto a later version would save the edit of the old
text and so undo what the later versions changed, which is said, line by line, and done only with `anyway`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.proof import AssistantError
from rubric_core.store import Store
from rubric_core.store import assistant as assistant_store


@dataclass(frozen=True)
class Accepted:
    """What accepting did."""

    name: str
    version: int
    proof_id: str
    outcome: str
    new: bool
    """False when the edited text was already a version of the rubric (that version is reused)."""
    reverted: list[str] = field(default_factory=list)
    """The changes of the versions after the proposal's own that accepting it undid (diff lines; [] for none)."""


@dataclass(frozen=True)
class AcceptPlan:
    """A proposal checked for acceptance: what would be saved, from which proof, and what it would undo."""

    proposal: dict[str, Any]
    proof: dict[str, Any]
    latest: int
    """The rubric's newest version now."""
    reverted: list[str]


def check_accept(store: Store, proposal: dict[str, Any], *, anyway: bool = False) -> AcceptPlan:
    """Whether `proposal` (a stored one) may be accepted now; AssistantError says why not and how to go on."""
    proof = assistant_store.latest_proof(store, proposal["id"])
    if proof is None:
        msg = (
            f"Proposal {proposal['id']} has no proof yet: prove it first "
            f"(`rubric-studio rubric prove {proposal['rubric_name']} --proposal {proposal['id']}`), so the new "
            "version carries the evidence that it is better."
        )
        raise AssistantError(msg)
    if proof["outcome"] != "better" and not anyway:
        msg = (
            f"Proposal {proposal['id']} was not proven better: {proof['why']} Accept it anyway only on purpose "
            "(--anyway, or the page's checkbox)."
        )
        raise AssistantError(msg)
    versions = store.rubric_versions(proposal["rubric_name"])
    if not versions:
        msg = f"Rubric {proposal['rubric_name']!r} is no longer in the library: the proposal has nothing to edit."
        raise AssistantError(msg)
    latest = versions[-1]
    built_on = next((v for v in versions if v["version"] == proposal["rubric_version"]), None)
    reverted: list[str] = []
    if built_on is not None and latest["version"] > built_on["version"] and latest["text"] != proposal["edited_rubric"]:
        reverted = undone(built_on["text"], latest["text"])
        if reverted and not anyway:
            msg = (
                f"Proposal {proposal['id']} edits {proposal['rubric_name']} v{built_on['version']}, and the library is "
                f"at v{latest['version']} now: accepting it saves v{built_on['version']} with the edit, which undoes "
                f"what came after it ({'; '.join(reverted)}). Diagnose v{latest['version']} for proposals of its own "
                "(`rubric-studio rubric doctor NAME`), or accept this one on purpose with --anyway."
            )
            raise AssistantError(msg)
    return AcceptPlan(proposal, proof, int(latest["version"]), reverted)


def undone(base: str, later: str) -> list[str]:
    """What `later` changed in `base`, line by line ('removed: X', 'added: Y'): what going back to base undoes."""
    out = []
    for line in difflib.ndiff(base.splitlines(), later.splitlines()):
        if line.startswith("- ") and line[2:].strip():
            out.append(f"brings back {line[2:].strip()!r}")
        elif line.startswith("+ ") and line[2:].strip():
            out.append(f"drops {line[2:].strip()!r}")
    return out


def apply_accept(store: Store, plan: AcceptPlan) -> Accepted:
    """Save the checked proposal's edited rubric as a new version (or find it already one) and mark its proof."""
    proposal, proof = plan.proposal, plan.proof
    before = {v["version"] for v in store.rubric_versions(proposal["rubric_name"])}
    version = store.save_rubric(proposal["rubric_name"], proposal["edited_rubric"])
    assistant_store.mark_accepted(store, proof["id"], version)
    new = version not in before
    return Accepted(proposal["rubric_name"], version, proof["id"], proof["outcome"], new, plan.reverted if new else [])


def accept(store: Store, proposal_id: str, *, anyway: bool = False) -> Accepted:
    """Save the proposal's edited rubric as a new library version with its newest proof.

    A proposal with no proof is refused (prove it first); one whose proof is not "better", or one built on a version
    the library has moved past, is refused unless `anyway` (the person accepts it knowing).
    """
    proposal = assistant_store.get_proposal(store, proposal_id)
    if proposal is None:
        msg = f"No proposal {proposal_id!r} in the store: list them with `rubric-studio rubric doctor NAME`."
        raise AssistantError(msg)
    return apply_accept(store, check_accept(store, proposal, anyway=anyway))
