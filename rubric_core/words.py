"""Counted nouns in the UI's own words: "1 iteration", "3 iterations", never "iteration(s)"."""

from __future__ import annotations


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`n` and the noun in the form that number takes ("1 criterion", "2 criteria"), with thousands separated."""
    return f"{n:,} {singular if n == 1 else (plural or singular + 's')}"
