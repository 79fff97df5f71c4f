"""Two people, one thing: a save based on what was read, refused when someone else saved in between.

Every save of a library rubric and of a run's tags and note carries the version (or the run's edit
stamp) it was based on. The store compares it in the same transaction as the write: when it moved,
nothing is written and `EditConflict` says who saved what, and when, so the page can show the
difference and let the person merge, save theirs as a new version, or overwrite on purpose.
Three-way merges (what the other person changed, and what this person changed, on the same base)
are here too, so every page and command merges alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class EditConflict(Exception):
    """Someone saved the thing after it was read; nothing was written."""

    what: str
    """What was being saved, in words ("rubric 'shared' version 1", "run abc123's tags and note")."""
    based_on: int
    """The version (or edit stamp) the refused save was based on."""
    current: dict[str, Any] = field(default_factory=dict)
    """What is stored now: for a rubric its newest version row (version, text, saved_by, created_at); for a run
    {stamp, tags, note, edited_by, edited_at}."""
    newer: list[dict[str, Any]] = field(default_factory=list)
    """For a rubric: every version saved after `based_on`, oldest first."""

    def __str__(self) -> str:
        who = self.current.get("saved_by") or self.current.get("edited_by") or "someone"
        return f"{who} saved {self.what} after you opened it: nothing was overwritten."


def merge_tags(base: list[str], theirs: list[str], mine: list[str]) -> list[str]:
    """Both people's tag changes: what either added is in, what either removed is out."""
    b, t, m = set(base), set(theirs), set(mine)
    added = (t - b) | (m - b)
    removed = (b - t) | (b - m)
    return sorted((b | added) - removed)


def merge_text(base: str, theirs: str, mine: str) -> tuple[str, bool]:
    """Both people's changes to `base`, line by line: (the merged text, whether they stayed apart).

    Lines only one of them changed take that change; lines both added at the same place come theirs first, then
    mine. Where both changed the same lines differently, both versions are kept (theirs, then mine) and the flag
    is False: the page says so, and the person keeps the one they want before saving.
    """
    if mine == base or theirs == mine:
        return theirs, True
    if theirs == base:
        return mine, True
    b, t, m = base.splitlines(keepends=True), theirs.splitlines(keepends=True), mine.splitlines(keepends=True)
    for lines in (b, t, m):  # a last line without its newline must not glue onto the next when merged
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
    hunks = sorted(_hunks(b, t, "theirs") + _hunks(b, m, "mine"), key=lambda h: (h[0], h[1], h[2] != "theirs"))
    out: list[str] = []
    clean = True
    at = 0
    n = 0
    while n < len(hunks):
        group = [hunks[n]]
        end = hunks[n][1]
        n += 1
        while n < len(hunks) and (hunks[n][0] < end or (hunks[n][0] == end == group[0][0])):
            group.append(hunks[n])
            end = max(end, hunks[n][1])
            n += 1
        start = group[0][0]
        out.extend(b[at:start])
        sides = {side for _, _, side, _ in group}
        if len(sides) == 1:
            for *_, lines in group:
                out.extend(lines)
        else:
            mine_lines = [line for _, _, side, lines in group if side == "mine" for line in lines]
            their_lines = [line for _, _, side, lines in group if side == "theirs" for line in lines]
            if all(i1 == i2 for i1, i2, _, _ in group):  # both only added lines here: theirs, then mine
                out.extend(their_lines + [line for line in mine_lines if line not in their_lines])
            elif mine_lines == their_lines and len({(i1, i2) for i1, i2, _, _ in group}) == 1:
                out.extend(their_lines)  # the same change on both sides
            else:
                clean = False
                out.extend(their_lines + [line for line in mine_lines if line not in their_lines])
        at = max(at, end)
    out.extend(b[at:])
    merged = "".join(out)
    if not (base.endswith("\n") or theirs.endswith("\n") or mine.endswith("\n")):
        merged = merged.rstrip("\n")
    return merged, clean


def _hunks(base: list[str], other: list[str], side: str) -> list[tuple[int, int, str, list[str]]]:
    """The changes from `base` to `other`: (first base line, end base line, side, the lines put there)."""
    import difflib

    matcher = difflib.SequenceMatcher(a=base, b=other, autojunk=False)
    return [(i1, i2, side, other[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]
