"""A person's words at a review or at a run's override: the verdict they chose, their name and their reason,
checked before anything is stored. A shared base module: the judge's reviews (judge/reviews.py) and a paused
run's override requests (execution/steer_requests.py) both stand on it.
"""

from __future__ import annotations

import re

VERDICTS = {"pass": True, "fail": False}
MAX_REVIEWER_CHARS = 100
"""A name typed as the reviewer (the CLI's --reviewer, the Review page's field)."""
MAX_STORED_REVIEWER_CHARS = 320
"""A stored reviewer: an identity may be a prefixed e-mail address (up to 254 characters)."""
MAX_REASON_CHARS = 10_000
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Control characters (line breaks, tabs, ESC, C1, bidi overrides): never part of a name."""
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""The same, but a reason may span lines and hold tabs."""


def has_control(text: str) -> bool:
    """Whether `text` holds a control character (a line break, a tab, an escape, a C1 or a bidi control)."""
    return _CONTROL.search(text) is not None


class ReviewError(ValueError):
    """Refused review input; the message says what is wrong and how to fix it."""


def parse_verdict(verdict: str | bool) -> bool:
    """`pass` / `fail` (any case) or a bool; anything else is refused."""
    if isinstance(verdict, bool):
        return verdict
    value = VERDICTS.get(str(verdict).strip().lower())
    if value is None:
        msg = f"Verdict must be pass or fail; got {verdict!r}."
        raise ReviewError(msg)
    return value


def identity_as_name(identity: str) -> str:
    """A signed-in identity as a reviewer name: each control character (a line break, an escape) as a backslash,
    u and its four hex digits."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", identity)


def check_reviewer(reviewer: str | None, *, limit: int = MAX_REVIEWER_CHARS, identity: bool = False) -> str:
    """The reviewer name, trimmed; ReviewError for an empty, invisible, multi-line or control-laden one.

    The name is shown in tables and on terminals, and counts reviews per person: "ann" and "ann" followed
    by a zero-width space would be two people, and a name with an escape sequence could rewrite a screen.
    `identity`: the name is a signed-in person's identity from their ID token, not typed: nobody could write it
    on one line, so it is accepted, each control character written as a visible escape (identity_as_name): the same token
    gives the same name, and the name stays one line wherever it is shown, exported and imported again.
    """
    name = (reviewer or "").strip()
    if not name:
        msg = "Reviewer name is empty: say who reviews (the sidebar field, or --reviewer NAME)."
        raise ReviewError(msg)
    if identity:
        name = identity_as_name(name)
    bad = _CONTROL.search(name)
    if bad:
        msg = (
            f"Reviewer name holds a control character (U+{ord(bad.group()):04X}: a line break, a tab or an "
            "escape): write the name on one line, in plain text."
        )
        raise ReviewError(msg)
    from rubric_core.rubric import is_visible

    if not is_visible(name):
        msg = "Reviewer name has no visible character (only spaces, punctuation or invisible ones): write a name."
        raise ReviewError(msg)
    if len(name) > limit:
        msg = f"Reviewer name is {len(name):,} characters; the limit is {limit}."
        raise ReviewError(msg)
    return name


def check_reason(reason: str | None) -> str:
    """The reason, trimmed; ReviewError for control characters other than line breaks and tabs, or a huge one."""
    text = (reason or "").strip()
    bad = _CONTROL_IN_TEXT.search(text)
    if bad:
        msg = (
            f"Reason holds a control character (U+{ord(bad.group()):04X}, e.g. an escape or a NUL): "
            "write it as plain text."
        )
        raise ReviewError(msg)
    if len(text) > MAX_REASON_CHARS:
        msg = f"Reason is {len(text):,} characters; the limit is {MAX_REASON_CHARS:,}."
        raise ReviewError(msg)
    return text
