"""One criterion the drafter proposes, before it is checked against the offline grader's phrasings."""

from __future__ import annotations

from dataclasses import dataclass

ROLES = ("subject", "length", "count", "ban", "start", "end", "include", "format", "quality", "form", "other")


@dataclass
class Proposal:
    """A criterion in words, why, and what it claims (for telling two that cannot both hold)."""

    text: str
    reason: str
    role: str = "other"
    source: str = ""
    """The task's own words it comes from."""
    phrase: str = ""
    """A quoted phrase the criterion requires, kept whole."""
    place: str = ""
    """For a start or an end: "phrase", "greeting", "signoff", "question", "cta" or "other"."""
    term: str = ""
    """What a mention or a ban is about ("refund", "dark mode"), to tell a ban from a mention of the same thing."""
    implied: bool = False
    """Implied by the genre (a haiku's three lines), not said in the task."""
    fallback: bool = False
    """Only the words said of the answer: no rule recognised what they ask ("make it sparkle" -> "Makes it sparkle")."""
