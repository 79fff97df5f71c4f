"""The offline writer's pace (`offline:writer?pace=...`): how fast a demo shows its text being written.

Off by default (and in tests): the offline writer answers at once. With a pace it streams its answer in
pieces at a speed a person can follow, so a run with no key shows the loop live: the draft growing in the run
view, then the grader's pass. `pace=40` or `pace=40cps` is characters per second, `pace=6wps` words per second.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

CHARS_RANGE = (1.0, 5000.0)
"""Characters per second a pace may ask for."""
WORDS_RANGE = (0.2, 1000.0)
"""Words per second a pace may ask for."""
PIECES_PER_SECOND = 20
"""At most this many pieces a second (a fast pace sends several characters or words a piece)."""
_PACE = re.compile(r"^\s*(\d+(?:\.\d+)?|\.\d+)\s*(cps|wps)?\s*$", re.IGNORECASE)
_WORDS = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Pace:
    """A streaming speed: `rate` characters or words a second."""

    rate: float
    unit: Literal["chars", "words"]

    def label(self) -> str:
        """As a person reads it: "40 characters a second"."""
        rate = f"{self.rate:g}"
        return f"{rate} {'characters' if self.unit == 'chars' else 'words'} a second"

    def pieces(self, text: str) -> Iterator[tuple[str, float]]:
        """`text` in pieces, each with the seconds since the start at which it is due."""
        per_piece = max(1, math.ceil(self.rate / PIECES_PER_SECOND))
        units = list(text) if self.unit == "chars" else _WORDS.findall(text)
        done = 0
        for start in range(0, len(units), per_piece):
            piece = units[start : start + per_piece]
            done += len(piece)
            yield "".join(piece), done / self.rate


def pace_problem(value: str, raw: str) -> str | None:
    """What is wrong with a pace option's value, or None."""
    found = _PACE.match(value or "")
    if found is None:
        return (
            f"Pace {value!r} in {raw!r} is not a speed: write characters per second (pace=40 or pace=40cps) "
            "or words per second (pace=6wps)."
        )
    rate = float(found.group(1))
    words = (found.group(2) or "cps").lower() == "wps"
    low, high = WORDS_RANGE if words else CHARS_RANGE
    if not low <= rate <= high:
        unit = "words" if words else "characters"
        return f"Pace in {raw!r} must be from {low:g} to {high:g} {unit} a second (a pace a person can follow)."
    return None


def parse_pace(value: str) -> Pace:
    """A pace option's value (checked with `pace_problem` first)."""
    found = _PACE.match(value)
    if found is None:
        msg = f"Not a pace: {value!r}"
        raise ValueError(msg)
    words = (found.group(2) or "cps").lower() == "wps"
    return Pace(float(found.group(1)), "words" if words else "chars")
