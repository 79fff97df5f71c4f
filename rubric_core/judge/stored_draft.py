"""A stored draft to regrade: what the regrade reads from the store (regrade.py) and what the replay writer answers
with (replay.py); the base of both."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class StoredDraft:
    """One stored draft to regrade."""

    turn: int
    iteration: int
    prompt: str
    """The user message of the draft's turn (the task, or the follow-up message)."""
    text: str
    files: dict[str, str] = field(default_factory=dict)
