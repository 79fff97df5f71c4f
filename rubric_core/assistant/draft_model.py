"""A drafted rubric as data: its lines (each with why and the check that will judge it), the lines left to an LLM
grader, the lines held back as conflicting, and what the author should know. Plain data (to_dict / from_dict), so
a page can keep it in session state and a command can print it as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.checks.described import check_for
from rubric_core.rubric import Criterion


@dataclass
class DraftedCriterion:
    """One line of a drafted rubric, with why and how it will be judged."""

    text: str
    reason: str
    check: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    """The task's words it comes from (empty for a line a model or the author wrote)."""

    @property
    def checkable(self) -> bool:
        """Whether the offline grader has a check for it (else only an LLM grader can judge it)."""
        return self.check.get("kind") != "cannot_judge"

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "reason": self.reason,
            "check": self.check,
            "checkable": self.checkable,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DraftedCriterion:
        return cls(
            str(data["text"]), str(data.get("reason", "")), dict(data.get("check") or {}), str(data.get("source", ""))
        )


@dataclass
class RubricDraft:
    """A drafted rubric."""

    criteria: list[DraftedCriterion]
    left_to_llm: list[DraftedCriterion] = field(default_factory=list)
    """What the task asks for that only an LLM grader can judge (offline drafts leave these out of the rubric)."""
    source: str = "rules"
    """rules (offline) or llm: SPEC."""
    usage: dict[str, Any] = field(default_factory=dict)
    """calls, tokens and cost_usd of a model's draft (empty offline)."""
    note: str = ""
    """The note this draft applied (empty: none)."""
    held_back: list[DraftedCriterion] = field(default_factory=list)
    """Lines the task asks for that cannot hold with another one: shown with why, not in the rubric."""
    warnings: list[str] = field(default_factory=list)
    """What the author should know: a conflict, an unclosed quote, something left optional."""
    message: str = ""
    """What the note did, in a sentence."""

    def rubric_text(self) -> str:
        """The rubric, one bullet per criterion."""
        return "".join(f"- {c.text}\n" for c in self.criteria)

    def to_dict(self) -> dict[str, Any]:
        return {
            "criteria": [c.to_dict() for c in self.criteria],
            "left_to_llm": [c.to_dict() for c in self.left_to_llm],
            "held_back": [c.to_dict() for c in self.held_back],
            "warnings": list(self.warnings),
            "source": self.source,
            "usage": self.usage,
            "note": self.note,
            "message": self.message,
            "rubric": self.rubric_text(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RubricDraft:
        def rows(key: str) -> list[DraftedCriterion]:
            return [DraftedCriterion.from_dict(r) for r in data.get(key) or []]

        return cls(
            rows("criteria"),
            rows("left_to_llm"),
            str(data.get("source", "rules")),
            dict(data.get("usage") or {}),
            str(data.get("note", "")),
            rows("held_back"),
            [str(w) for w in data.get("warnings") or []],
            str(data.get("message", "")),
        )


def line(text: str, reason: str, source: str = "") -> DraftedCriterion:
    """A drafted line with the check the offline grader will run on it (or why none can)."""
    return DraftedCriterion(text, reason, check_for(Criterion(text, 0)), source)
