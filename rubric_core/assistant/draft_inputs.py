"""What the drafter accepts as a task or a note, checked before anything is drafted: a clear message on bad input.

A task is text a person wrote: a byte order mark at its start and Windows line ends are read as plain text; a NUL,
other control characters (a terminal escape), bidirectional overrides and zero-width spaces are refused, because
what the author sees would differ from the characters a check compares. A task with no words (only a link or
punctuation) has nothing to draft from. The limits are far above a real brief or note: an over-long input is
refused with the limit, not cut.
"""

from __future__ import annotations

import re
import unicodedata

TASK_LIMIT = 20_000
"""Characters of task the drafter reads (a brief, not a document; a run accepts more: config.MAX_TASK_BYTES)."""
NOTE_LIMIT = 1_000
"""Characters of a note ("add a greeting", "remove 2", "make it stricter")."""

_BIDI = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}
_INVISIBLE = {"\u200b": "zero-width space", "\u2060": "word joiner", "\ufeff": "zero-width no-break space"}
_WORD = re.compile(r"[^\W\d_]{2,}")
_LINK = re.compile(r"(?:https?://|www\.)\S+|\b\S+@\S+\.\w+\b", re.IGNORECASE)


class DraftInputError(ValueError):
    """A task or a note the drafter refuses, with what is wrong and how to fix it (exit 2 on the command line)."""


def _where(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    return f"at character {index + 1}" + (f" (line {line})" if "\n" in text else "")


def _characters(text: str, what: str) -> None:
    for i, ch in enumerate(text):
        if ch == "\x00":
            msg = (
                f"The {what} holds a NUL character (\\0, {_where(text, i)}): remove it (it usually comes from a "
                "binary file or a bad copy)."
            )
            raise DraftInputError(msg)
        if 0xD800 <= ord(ch) <= 0xDFFF:
            msg = (
                f"The {what} holds a lone surrogate (U+{ord(ch):04X}, {_where(text, i)}), which is not text: "
                "copy it again from its source."
            )
            raise DraftInputError(msg)
        if ch in _BIDI:
            msg = (
                f"The {what} holds a bidirectional control character (U+{ord(ch):04X}, {_where(text, i)}): "
                "what you see is not the order of the characters a check compares. Retype that part."
            )
            raise DraftInputError(msg)
        if ch in _INVISIBLE:
            msg = (
                f"The {what} holds an invisible {_INVISIBLE[ch]} (U+{ord(ch):04X}, {_where(text, i)}): a criterion "
                "copied from it would fail on the visible text. Remove it."
            )
            raise DraftInputError(msg)
        if ch not in "\n\t" and unicodedata.category(ch) == "Cc":
            name = "an escape (ESC)" if ch == "\x1b" else f"a control character (U+{ord(ch):04X})"
            msg = (
                f"The {what} holds {name} {_where(text, i)}, which a terminal or page may act on rather than show: "
                "remove it."
            )
            raise DraftInputError(msg)


def check_task(task: str) -> str:
    """The task as the drafter reads it (a leading byte order mark dropped, line ends made \\n), or
    DraftInputError."""
    if not isinstance(task, str):
        msg = f"The task must be text; got {type(task).__name__}."
        raise DraftInputError(msg)
    text = task.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > TASK_LIMIT:
        msg = (
            f"The task is {len(text):,} characters; the drafter reads at most {TASK_LIMIT:,}. Draft from the part "
            "that states what the answer must do (the brief), not the whole material."
        )
        raise DraftInputError(msg)
    _characters(text, "task")
    if not text.strip():
        msg = "The task is empty: write the task first, then draft a rubric for it."
        raise DraftInputError(msg)
    if not _WORD.search(_LINK.sub(" ", text)):
        msg = (
            "The task has no words to draft from (only a link, numbers or punctuation). Write what the answer must "
            "do; the drafter does not fetch links."
        )
        raise DraftInputError(msg)
    return text


def check_note(note: str) -> str:
    """The note, trimmed, or DraftInputError (an empty note, a control character, over NOTE_LIMIT characters)."""
    if not isinstance(note, str):
        msg = f"The note must be text; got {type(note).__name__}."
        raise DraftInputError(msg)
    if len(note) > NOTE_LIMIT:
        msg = (
            f"The note is {len(note):,} characters; a note holds at most {NOTE_LIMIT:,}. Say one change at a time "
            '("add a greeting", "remove 2", "make it stricter").'
        )
        raise DraftInputError(msg)
    _characters(note.replace("\r\n", "\n"), "note")
    text = " ".join(note.split())
    if not text:
        msg = 'The note is empty: say what to change ("add a greeting", "remove 2", "make it stricter").'
        raise DraftInputError(msg)
    return text
