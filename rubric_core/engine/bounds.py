"""How much of an agent's text the store keeps and the pages draw: a head and a tail, with the size, said in place.

The agent works on the whole text (its checkpoint keeps every message and file in full); the run's
events, the store, the exports and the pages keep at most MAX_TEXT_CHARS of one message, tool call,
tool result or file, and at most MAX_FILES_CHARS of a draft's files together. A text cut this way
keeps its first and last halves and says, where its middle was, how long it is and that the middle
is left out here. A tool that returns 10 MB once made a run's store 105 MB and its diff take 31 s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_TEXT_CHARS = 40_000
"""Characters kept of one message, tool call argument, tool result or file (half from its start, half from its end)."""
MAX_FILES_CHARS = 2_000_000
"""Characters kept of a draft's files together; files past it are listed with their size only."""
_MARK = "[… Rubric Studio keeps"
_SLACK = 400
"""Room for the note itself: a text already cut is not cut again."""


def bounded(text: str, *, what: str = "text", limit: int = MAX_TEXT_CHARS) -> str:
    """`text`, or its head and tail with a note of its size in place of the middle when it is over `limit`."""
    if not isinstance(text, str) or len(text) <= limit + _SLACK:
        return text
    half = limit // 2
    head, tail = text[:half], text[-half:]
    left_out = len(text) - len(head) - len(tail)
    note = (
        f"\n\n{_MARK} the first {len(head):,} and the last {len(tail):,} of this {what}'s {len(text):,} characters; "
        f"the {left_out:,} between them are left out here (the agent had all of them) …]\n\n"
    )
    return f"{head}{note}{tail}"


def is_bounded(text: str) -> bool:
    """Whether `text` is a text `bounded` cut (it says so in its middle)."""
    return isinstance(text, str) and _MARK in text


def bounded_files(files: Mapping[str, str]) -> dict[str, str]:
    """A draft's files, each `bounded`, and no more than MAX_FILES_CHARS in all (the rest by name and size)."""
    out: dict[str, str] = {}
    total = 0
    for path, text in files.items():
        kept = bounded(text, what="file")
        if total + len(kept) > MAX_FILES_CHARS:
            out[path] = (
                f"{_MARK} none of this file's {len(text):,} characters: the draft's files hold more than "
                f"{MAX_FILES_CHARS:,} characters in all (the agent had all of them) …]"
            )
            continue
        out[path] = kept
        total += len(kept)
    return out


def bounded_value(value: Any, *, what: str = "tool call argument") -> Any:
    """A JSON value (a tool call's arguments) with each of its strings `bounded`."""
    if isinstance(value, str):
        return bounded(value, what=what)
    if isinstance(value, dict):
        return {k: bounded_value(v, what=what) for k, v in value.items()}
    if isinstance(value, list):
        return [bounded_value(v, what=what) for v in value]
    return value
