"""What a proposed edit is, and how one is made: a whole edited rubric, its reason, the rule that made it, and the
mapping from each criterion of the edited rubric to the old criteria it stands for (a proof scores the new verdicts
against reviews of the old criteria through it)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.evidence import Evidence
from rubric_core.assistant.wording_findings import Finding
from rubric_core.rubric import parse_criteria


@dataclass
class Proposal:
    """One edit of a rubric version."""

    id: str
    rubric_name: str
    rubric_version: int
    criterion: str
    """The criterion of the old rubric it edits."""
    kind: str
    """split, explicit_measure, observable, stand_in, checkable, threshold, loosen, name_tool, llm_grader, drop,
    merge, or llm."""
    title: str
    """The edit in words: 'Split into "A" and "B"'."""
    reason: str
    source: str
    """The rule that made it ('rule: split a compound line') or the model ('llm: openai:gpt-4o-mini')."""
    edited_rubric: str
    mapping: dict[str, list[str]]
    """Each criterion of the edited rubric -> the old criteria it stands for."""
    finding: dict[str, Any] = field(default_factory=dict)
    also_for: list[str] = field(default_factory=list)
    """Other findings (kinds) of the same criterion the same edit answers: it is shown under each of them."""

    def answers(self, finding: Finding) -> bool:
        """Whether this edit is proposed for `finding`."""
        kinds = {self.finding.get("kind"), *self.also_for}
        return finding.kind in kinds and finding.criterion == self.criterion

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rubric_name": self.rubric_name,
            "rubric_version": self.rubric_version,
            "criterion": self.criterion,
            "kind": self.kind,
            "title": self.title,
            "reason": self.reason,
            "source": self.source,
            "edited_rubric": self.edited_rubric,
            "mapping": self.mapping,
            "finding": self.finding,
            "also_for": self.also_for,
        }


def _id(name: str, version: int, edited: str) -> str:
    return hashlib.sha256(f"{name}\n{version}\n{edited}".encode()).hexdigest()[:12]


def edit_rubric(rubric: str, criterion: str, replacement: list[str]) -> str:
    """The rubric with `criterion`'s bullet (and what is attached under it) replaced by `replacement` lines
    (none: the line is dropped). Prose outside the bullets stays as it is."""
    lines = rubric.splitlines()
    parsed = {c.text: c for c in parse_criteria(rubric)}
    target = parsed.get(criterion)
    if target is None:
        msg = f"The rubric has no criterion {criterion!r}."
        raise ValueError(msg)
    start = target.line - 1
    end = start + 1
    while end < len(lines) and lines[end].strip() and (lines[end].startswith((" ", "\t", "```", "~~~"))):
        end += 1
    keep_attachment = lines[start + 1 : end] if len(replacement) == 1 else []
    bullet = re.match(r"^(\s*(?:[-*+]|\d+[.)])\s+)", lines[start])
    lead = bullet.group(1) if bullet else "- "
    new = [f"{lead}{r}" for r in replacement]
    if new:
        new[-1:] = [new[-1], *keep_attachment]
    return "\n".join([*lines[:start], *new, *lines[end:]]) + ("\n" if rubric.endswith("\n") else "")


def _mapping(evidence: Evidence, criterion: str, replacement: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for old in evidence.criteria:
        if old == criterion:
            for new in replacement:
                out.setdefault(new, []).append(old)
        else:
            out.setdefault(old, []).append(old)
    return out


def make_proposal(
    evidence: Evidence,
    finding: Finding,
    kind: str,
    replacement: list[str],
    title: str,
    reason: str,
    rule: str,
    *,
    merged_into: str | None = None,
) -> Proposal | None:
    """The proposal that replaces the finding's criterion by `replacement` (none: drops it; `merged_into`: its
    verdicts are then the other line's); None when the edit changes nothing or leaves no criterion."""
    try:
        edited = edit_rubric(evidence.rubric, finding.criterion, replacement)
    except ValueError:
        return None
    if edited.strip() == evidence.rubric.strip() or not parse_criteria(edited):
        return None
    mapping = _mapping(evidence, finding.criterion, replacement)
    if merged_into is not None:
        mapping[merged_into] = [merged_into, finding.criterion]
    return Proposal(
        id=_id(evidence.name, evidence.version, edited),
        rubric_name=evidence.name,
        rubric_version=evidence.version,
        criterion=finding.criterion,
        kind=kind,
        title=title,
        reason=reason,
        source=f"rule: {rule}",
        edited_rubric=edited,
        mapping=mapping,
        finding=finding.to_dict(),
    )
