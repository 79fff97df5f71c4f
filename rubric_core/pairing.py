"""Pair criteria across two rubric versions, so a renamed criterion lines up with its old self.

Exact names pair first; the rest pair by position and text similarity (difflib's
ratio above a threshold); anything left is paired with None (added or removed).
Run compare and suite compare use the same pairing.
"""

from __future__ import annotations

from difflib import SequenceMatcher

SIMILARITY_THRESHOLD = 0.6
"""difflib ratio at or above which two differently worded criteria count as one renamed criterion."""


def _similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, a.casefold(), b.casefold()).ratio()


def pair_criteria(a: list[str], b: list[str]) -> list[tuple[str | None, str | None]]:
    """Pairs (name in a, name in b), in a's order with b's leftovers last; None where one side has no match."""
    matched_b: dict[int, int] = {}  # index in a -> index in b
    used_b: set[int] = set()
    positions_b: dict[str, list[int]] = {}
    for j, name in enumerate(b):
        positions_b.setdefault(name, []).append(j)
    for i, name in enumerate(a):
        free = [j for j in positions_b.get(name, []) if j not in used_b]
        if free:
            matched_b[i] = free[0]
            used_b.add(free[0])
    # Renamed ones: best similarity among the unmatched, ties broken by closeness of position.
    candidates: list[tuple[float, int, int, int]] = []
    for i, name_a in enumerate(a):
        if i in matched_b:
            continue
        for j, name_b in enumerate(b):
            if j in used_b:
                continue
            score = _similarity(name_a, name_b)
            if score >= SIMILARITY_THRESHOLD:
                candidates.append((-score, abs(i - j), i, j))
    for _, _, i, j in sorted(candidates):
        if i in matched_b or j in used_b:
            continue
        matched_b[i] = j
        used_b.add(j)
    pairs: list[tuple[str | None, str | None]] = [
        (name, b[matched_b[i]] if i in matched_b else None) for i, name in enumerate(a)
    ]
    pairs.extend((None, name) for j, name in enumerate(b) if j not in used_b)
    return pairs
