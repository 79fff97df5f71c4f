"""What every check of an import file shares: the error naming a line, the fix it suggests, how a field is named."""

from __future__ import annotations

from typing import Any

FIX = "Fix the file, or export the run again with `python -m rubric_core export --format jsonl`."


class RecordError(ValueError):
    """One line of an import file is invalid (or contradicts another); the message names the line, the field and
    the fix."""


def where(path: Any) -> str:
    """A JSON path as the messages write it: metadata.history[0].criteria[1].passed."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the line"


def refuse(line: int, message: str) -> RecordError:
    """The error for `line`, ending with the fix."""
    return RecordError(f"line {line}: {message} {FIX}")
