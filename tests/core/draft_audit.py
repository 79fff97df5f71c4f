"""One run of the real loop (offline writer + offline grader) audited for echo, stuffing, invented facts, grammar
and the genre's shape; shared by the tests and bench/offline_draft.py."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.checks.spec import Draft
from rubric_core.config import RunConfig
from rubric_core.models.offline import grade_criterion
from rubric_core.rubric import parse_criteria
from tests.core.draft_faults import all_faults
from tests.core.genre_shapes import shape_faults

PROPERTIES = ("echo", "stuffing", "invented", "grammar")


@dataclass
class Audit:
    """What one run wrote and what the detectors found in it."""

    status: str
    drafts: list[str]
    verdicts: dict[str, str]
    faults: list[dict[str, list[str]]] = field(default_factory=list)
    """Per draft, the findings of each detector."""
    shape: list[str] = field(default_factory=list)
    """What the final draft lacks for its genre."""
    resting: list[str] = field(default_factory=list)
    """Final passes that rest on echoed or stuffed text only (they fail once that text is taken out)."""
    notices: list[str] = field(default_factory=list)

    def any(self, prop: str) -> bool:
        return any(f[prop] for f in self.faults)

    def first(self, prop: str) -> bool:
        return bool(self.faults and self.faults[0][prop])


def offending_span(message: str) -> str:
    """The quoted span at the end of a detector's message."""
    m = re.search(r": ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")$", message)
    return str(ast.literal_eval(m.group(1))) if m else ""


def _without(draft: str, spans: list[str]) -> str:
    for span in sorted(spans, key=len, reverse=True):
        if span:
            draft = draft.replace(span, " ")
    return draft


def resting_passes(final: str, files: dict[str, str], rubric: str, faults: dict[str, list[str]]) -> list[str]:
    """Criteria that pass on the final draft but fail without its echoed and stuffed spans."""
    spans = [offending_span(m) for prop in ("echo", "stuffing") for m in faults[prop]]
    if not any(spans):
        return []
    stripped = _without(final, spans)
    out = []
    for criterion in parse_criteria(rubric):
        before = grade_criterion(criterion, Draft(text=final, files=files))["verdict"]
        after = grade_criterion(criterion, Draft(text=stripped, files=files))["verdict"]
        if before == "pass" and after != "pass":
            out.append(criterion.text)
    return out


def audit(engine: Any, task: str, rubric: str, *, genre: str = "", carry: tuple[str, ...] = (), cap: int = 3) -> Audit:
    """Run the loop once and audit every draft it wrote."""
    handle = engine.execute(RunConfig.from_dict({"task": task, "rubric": rubric, "max_iterations": cap}))
    events = handle.events
    drafts = [e.data["text"] for e in events if e.type == "draft"]
    files = next((e.data.get("files") or {} for e in reversed(events) if e.type == "draft"), {})
    evaluations = [e for e in events if e.type == "evaluation"]
    last = evaluations[-1].data["criteria"] if evaluations else []
    status = next((e.data["status"] for e in events if e.type == "finished"), "unfinished")
    result = Audit(status=status, drafts=drafts, verdicts={c["name"]: c.get("verdict", "") for c in last})
    result.faults = [all_faults(d, task, rubric, carry=carry, first=drafts[0]) for d in drafts]
    result.notices = [str(e.data.get("text", "")) for e in events if e.type == "notice"]
    if drafts:
        final = drafts[-1]
        shown = final + ("\n\n" + "\n\n".join(f"```\n{c}\n```" for c in files.values()) if files else "")
        result.shape = shape_faults(shown, genre) if genre else []
        result.resting = resting_passes(final, files, rubric, result.faults[-1])
    return result
