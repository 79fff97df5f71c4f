"""Pair the criteria of two rubrics, so a renamed criterion lines up with its old self.

Exact names pair first; the rest pair by position and wording ("At most 40 words" with "At most 80
words"), the most similar pairs first, above a similarity threshold; what is left pairs with None.
"""

from __future__ import annotations

from difflib import SequenceMatcher

SIMILARITY = 0.6
"""The lowest difflib ratio (on lower-cased names) at which two different names still pair."""
POSITION_WEIGHT = 0.1
"""How much being at the same place in the rubric adds to a pair's score (breaks near ties)."""


def _score(a: str, b: str, i: int, j: int, n: int) -> tuple[float, float]:
    ratio = SequenceMatcher(None, a.lower(), b.lower()).ratio()
    closeness = 1.0 - abs(i - j) / max(1, n)
    return ratio, ratio + POSITION_WEIGHT * closeness


def pair_criteria(a: list[str], b: list[str]) -> list[tuple[str | None, str | None]]:
    """Pairs (a_name, b_name) in `a`'s order, then `b`'s unpaired names as (None, b_name)."""
    pairs: dict[int, int] = {}
    b_index: dict[str, list[int]] = {}
    for j, name in enumerate(b):
        b_index.setdefault(name, []).append(j)
    used_b: set[int] = set()
    for i, name in enumerate(a):
        for j in b_index.get(name, []):
            if j not in used_b:
                pairs[i] = j
                used_b.add(j)
                break
    n = max(len(a), len(b))
    candidates = []
    for i, name_a in enumerate(a):
        if i in pairs:
            continue
        for j, name_b in enumerate(b):
            if j in used_b:
                continue
            ratio, score = _score(name_a, name_b, i, j, n)
            if ratio >= SIMILARITY:
                candidates.append((score, i, j))
    for _, i, j in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if i not in pairs and j not in used_b:
            pairs[i] = j
            used_b.add(j)
    out: list[tuple[str | None, str | None]] = [(name, b[pairs[i]] if i in pairs else None) for i, name in enumerate(a)]
    out += [(None, name) for j, name in enumerate(b) if j not in used_b]
    return out
