"""Text from the store is printed safely: control characters and escape sequences never reach the terminal raw.

A reviewer name, a task, a draft or an error message can hold anything (ESC
sequences that clear the screen or retitle the window, a carriage return that
hides the start of a line, bidirectional overrides that reorder what is read).
Every byte the command line writes goes through `SafeStream`, which shows such
characters as `\\uXXXX`. That form is also a valid JSON escape, so `--jsonl`
output stays JSON that decodes to the very same text. And no secret the process knows reaches the terminal
(rubric_core/redaction.py): `[redacted]` is printed in its place.
"""

from __future__ import annotations

import re
from typing import Any

from rubric_core.redaction import redact

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""C0 controls but tab and newline, DEL, C1 controls (\\x9b is a one-byte CSI), bidi marks and overrides."""


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def terminal_safe(text: str) -> str:
    """`text` with every control character (but tab and newline) shown as `\\uXXXX`; CRLF becomes a newline."""
    return _UNSAFE.sub(_escape, text.replace("\r\n", "\n"))


class SafeStream:
    """A text stream that writes through `redact` and `terminal_safe`; everything else is the wrapped stream's."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        """The stream underneath (a progress bar that draws with carriage returns writes there)."""

    def write(self, text: str) -> int:
        self.raw.write(terminal_safe(redact(text)))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)
