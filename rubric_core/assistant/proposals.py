"""Proposed edits: one to three concrete edits per finding, each a whole edited rubric with the reason.

Offline, rules make them, and each says which rule: split a compound line, make a measure explicit, reword
to the nearest phrasing the offline grader can check, fit a count's bound to the reviews, drop a line that
tells nothing, merge an overlap. With a model (llm.py) the model proposes too, from the criterion, its
findings and a sample of the disagreeing cells (learning part only) with the reviewers' reasons.

Every proposal carries a mapping from each criterion of the edited rubric to the criteria of the old one it
stands for: a proof scores the new verdicts against reviews of the old criteria through it (a split's parts
all stand for the old line; a merged line for both old ones).
"""

from __future__ import annotations

import hashlib
import math
import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.evidence import Evidence
from rubric_core.assistant.findings import LENGTH_WORDS, Finding, compound_parts
from rubric_core.assistant.split import Split
from rubric_core.checks.phrasing import plan
from rubric_core.checks.text import lines_of, sentences_of, words_of
from rubric_core.rubric import Criterion, parse_criteria

MAX_PER_FINDING = 3


@dataclass
class Proposal:
    """One edit of a rubric version."""

    id: str
    rubric_name: str
    rubric_version: int
    criterion: str
    """The criterion of the old rubric it edits."""
    kind: str
    """split, explicit_measure, observable, checkable, threshold, drop, merge, or llm."""
    title: str
    """The edit in words: 'Split into "A" and "B"'."""
    reason: str
    source: str
    """The rule that made it ('rule: split a compound line') or the model ('llm: openai:gpt-4o-mini')."""
    edited_rubric: str
    mapping: dict[str, list[str]]
    """Each criterion of the edited rubric -> the old criteria it stands for."""
    finding: dict[str, Any] = field(default_factory=dict)

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


def _mapping(
    evidence: Evidence, criterion: str, replacement: list[str], merged: str | None = None
) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for old in evidence.criteria:
        if old == criterion:
            for new in replacement:
                out.setdefault(new, []).append(old)
        elif merged is not None and old == merged:
            out.setdefault(merged, []).append(old)
        else:
            out.setdefault(old, []).append(old)
    return out


def _make(
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
    try:
        edited = edit_rubric(evidence.rubric, finding.criterion, replacement)
    except ValueError:
        return None
    if edited.strip() == evidence.rubric.strip() or not parse_criteria(edited):
        return None
    mapping = _mapping(evidence, finding.criterion, replacement)
    if merged_into is not None:
        mapping = {k: v for k, v in _mapping(evidence, finding.criterion, []).items()}
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


def propose(evidence: Evidence, findings: list[Finding], split: Split) -> list[Proposal]:
    """Rule-made proposals for these findings (at most MAX_PER_FINDING each, none twice)."""
    out: list[Proposal] = []
    seen: set[str] = set()
    for finding in findings:
        made = [p for p in _for(evidence, finding, split) if p is not None]
        for p in made[:MAX_PER_FINDING]:
            if p.id not in seen:
                seen.add(p.id)
                out.append(p)
    return out


def _for(evidence: Evidence, f: Finding, split: Split) -> list[Proposal | None]:
    if f.kind == "compound":
        parts = list(f.numbers.get("parts") or compound_parts(f.criterion) or [])
        if len(parts) < 2:
            return []
        return [
            _make(
                evidence,
                f,
                "split",
                parts,
                "Split into " + " and ".join(f'"{p}"' for p in parts),
                "One line, one check: a verdict on a compound line cannot say which part failed, and the loop's "
                "feedback cannot point the writer at it.",
                "split a compound line",
            )
        ]
    if f.kind == "vague":
        return [_explicit_measure(evidence, f, split), _observable(evidence, f)]
    if f.kind in ("mostly_na", "never_passes"):
        return [_observable(evidence, f), *_threshold(evidence, f, split), _name_tool(evidence, f)]
    if f.kind in ("disagrees_accepts", "disagrees_rejects", "blocks", "cap_hits"):
        return [*_threshold(evidence, f, split), _name_tool(evidence, f)]
    if f.kind == "always_passes":
        return [
            _make(
                evidence,
                f,
                "drop",
                [],
                f'Drop "{f.criterion}"',
                f"It passed the first draft of every run ({f.numbers.get('runs')}): it costs a verdict per pass and "
                "never steered a revision.",
                "drop a line that always passed",
            )
        ]
    if f.kind == "overlap":
        other = str(f.numbers.get("other") or "")
        return [
            _make(
                evidence,
                f,
                "merge",
                [],
                f'Merge "{f.criterion}" into "{other}"',
                "Two lines that check the same thing count it twice in every rate and every revision request.",
                "merge overlapping lines",
                merged_into=other,
            )
        ]
    return []


def _judged_drafts(evidence: Evidence, criterion: str, split: Split, *, human: bool | None) -> list[str]:
    """Drafts of the learning part whose cell of `criterion` a person passed (True) or failed (False)."""
    out = []
    for c in evidence.of(criterion):
        if c.human is human and human is not None and not split.holds_out(c.run_id):
            out.append(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))
    return out


def best_upper_bound(pairs: list[tuple[int, bool]]) -> tuple[int, int] | None:
    """(N, agreeing) for the bound "at most N" that agrees with the most (measure, person passed) pairs; among
    equals the most lenient. None without pairs."""
    if not pairs:
        return None
    scored = [(sum((n <= v) == human for n, human in pairs), v) for v in sorted({n for n, _ in pairs})]
    agree, value = max(scored)
    return value, agree


def _explicit_measure(evidence: Evidence, f: Finding, split: Split) -> Proposal | None:
    """ "Is short" -> "At most N words": N the bound that agrees best with the reviews the assistant may learn
    from; without reviews, the longest draft the grader passed (rounded up to ten)."""
    vague = set(f.numbers.get("words") or [])
    if not vague & LENGTH_WORDS:
        return None
    pairs = [
        (len(words_of(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))), bool(c.human))
        for c in evidence.of(f.criterion)
        if c.human is not None and not split.holds_out(c.run_id)
    ]
    fitted = best_upper_bound(pairs)
    if fitted is not None:
        bound, agree = fitted
        basis = (
            f"the bound that agrees with the reviewers on {agree} of the {len(pairs)} reviewed drafts it may learn from"
        )
    else:
        cells = evidence.of(f.criterion)
        passed = [c for c in cells if c.verdict == "pass"]
        counts = [len(words_of(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))) for c in passed or cells]
        if not counts:
            return None
        if passed:
            bound = int(math.ceil(max(counts) / 10.0) * 10)
            basis = f"the longest draft the grader passed ({max(counts)} words), rounded up"
        else:
            middle = sorted(counts)[len(counts) // 2]
            bound = int(math.ceil(middle / 10.0) * 10)
            basis = (
                f"the median draft's length ({middle} words), rounded up: no review and no passing verdict says yet "
                "what counts as short, so prove it on reviews before accepting it"
            )
    new = f"At most {bound} words"
    return _make(
        evidence,
        f,
        "explicit_measure",
        [new],
        f'Reword to "{new}"',
        f"'{' '.join(sorted(vague & LENGTH_WORDS))}' is a length left to the grader's taste; {bound} words is {basis}.",
        "make a measure explicit",
    )


_STRIP = re.compile(
    r"\b(?:clear(?:ly)?|explicit(?:ly)?|specific|concrete|compelling|strong|effective|good|great|nice|proper(?:ly)?|"
    r"appropriate|well|friendly|professional|engaging|short|brief|concise)\s+",
    re.IGNORECASE,
)


def _observable(evidence: Evidence, f: Finding) -> Proposal | None:
    """The nearest phrasing the offline grader can check: the criterion without its judgement words, when that
    is checkable and the original is not (e.g. "Has a clear call to action" -> "Has a call to action")."""
    original = plan(Criterion(f.criterion, 0))
    if original.spec is not None and f.kind != "vague":
        return None
    candidate = _STRIP.sub("", f.criterion).strip()
    candidate = re.sub(r"\s{2,}", " ", candidate)
    if not candidate or candidate == f.criterion:
        return None
    checked = plan(Criterion(candidate, 0))
    if checked.spec is None:
        return None
    return _make(
        evidence,
        f,
        "observable",
        [candidate[:1].upper() + candidate[1:]],
        f'Reword to "{candidate}"',
        "Without the judgement word the line names something a check can observe "
        f"({checked.spec.check.replace('_', ' ')}); the judgement word itself cannot be checked.",
        "reword to a phrasing the offline grader can check (docs/CRITERIA.md)",
    )


def _name_tool(evidence: Evidence, f: Finding) -> Proposal | None:
    """Name a grader tool the runs were given whose report can decide the line ('Handles an empty list
    (run_test_suite)'): the tool's passed / tests report judges it, for any grader (docs/CRITERIA.md). Only a
    project's own tools report that way; a line that names a tool already is left alone."""
    from rubric_core.checks.catalogue import TOOL_CATALOGUE
    from rubric_core.checks.tool_evidence import tool_reference

    own = [t for t in evidence.grader_tools if t not in TOOL_CATALOGUE]
    if not own or tool_reference(f.criterion, own) is not None or "(" in f.criterion:
        return None
    tool = own[0]
    new = f"{f.criterion.rstrip('.')} ({tool})"
    return _make(
        evidence,
        f,
        "name_tool",
        [new],
        f'Reword to "{new}"',
        f"The runs have the grader tool {tool}: named at the end of the line, its report decides the verdict "
        "instead of the grader's reading of the line.",
        "name a grader tool",
    )


_COUNT_UNITS = {
    "word_count": ("word", words_of),
    "line_count": ("line", lines_of),
    "sentence_count": ("sentence", sentences_of),
}


def _threshold(evidence: Evidence, f: Finding, split: Split) -> list[Proposal | None]:
    """A count's bound fitted to the reviews the assistant may learn from: the bound that agrees with the most
    reviewers (at most one proposal; none when the current bound already agrees best)."""
    spec = plan(Criterion(f.criterion, 0)).spec
    if spec is None or spec.check not in _COUNT_UNITS:
        return []
    unit, measure = _COUNT_UNITS[spec.check]
    lo, hi = spec.params.get("min"), spec.params.get("max")
    reviewed = [
        (len(measure(evidence.drafts.get((c.run_id, c.turn, c.iteration), ""))), bool(c.human))
        for c in evidence.of(f.criterion)
        if c.human is not None and not split.holds_out(c.run_id)
    ]
    if len(reviewed) < 2:
        return []

    def agreement(bound_lo: int | None, bound_hi: int | None) -> int:
        return sum(
            ((bound_lo is None or n >= bound_lo) and (bound_hi is None or n <= bound_hi)) == human
            for n, human in reviewed
        )

    current = agreement(lo, hi)
    values = sorted({n for n, _ in reviewed})
    if hi is not None and lo is None:
        best = max(values, key=lambda v: (agreement(None, v), -abs(v - hi)))
        new_lo, new_hi, text = None, best, f"At most {best} {unit}s"
    elif lo is not None and hi is None:
        best = max(values, key=lambda v: (agreement(v, None), -abs(v - lo)))
        new_lo, new_hi, text = best, None, f"At least {best} {unit}s"
    else:
        return []
    gained = agreement(new_lo, new_hi) - current
    if gained <= 0:
        return []
    return [
        _make(
            evidence,
            f,
            "threshold",
            [text],
            f'Reword to "{text}"',
            f"Over the {len(reviewed)} reviewed drafts the assistant may learn from, this bound agrees with the "
            f"reviewers on {agreement(new_lo, new_hi)} (the current one on {current}).",
            "fit a count's bound to the reviews",
        )
    ]
