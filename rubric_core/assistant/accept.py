"""Accept a proposal: its edited rubric becomes a new version in the library, its proof stored beside it."""

from __future__ import annotations

from dataclasses import dataclass

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


def accept(store: Store, proposal_id: str, *, anyway: bool = False) -> Accepted:
    """Save the proposal's edited rubric as a new library version with its newest proof.

    A proposal with no proof is refused (prove it first); one whose proof is not "better" is refused unless
    `anyway` (the person accepts it knowing the proof did not show it better).
    """
    proposal = assistant_store.get_proposal(store, proposal_id)
    if proposal is None:
        msg = f"No proposal {proposal_id!r} in the store: list them with `rubric-studio rubric doctor NAME`."
        raise AssistantError(msg)
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
    before = {v["version"] for v in store.rubric_versions(proposal["rubric_name"])}
    version = store.save_rubric(proposal["rubric_name"], proposal["edited_rubric"])
    assistant_store.mark_accepted(store, proof["id"], version)
    return Accepted(proposal["rubric_name"], version, proof["id"], proof["outcome"], version not in before)
