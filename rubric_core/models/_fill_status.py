"""Fillers for a status update: a title, where the work stands (with the task's own facts, "The deadline is
Friday"), and for a detailed update the sections a team expects, as placeholders the task gives nothing for."""

from __future__ import annotations

import re

from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import point_lines
from rubric_core.models._grammar import cap


def _detailed(ctx: Ctx) -> bool:
    return bool(re.search(r"\b(?:detailed|long|thorough|full|in-depth|comprehensive)\b", ctx.facts.task, re.IGNORECASE))


_PLACEHOLDERS = {
    "done so far": "[What is finished so far, and what it unblocks.]",
    "next steps": "[What comes next, who owns it, and by when.]",
    "risks": "[Anything that could slip, and what would help.]",
}


@filler("status_title")
def status_title(ctx: Ctx) -> Part | None:
    thing = re.sub(r"^(?:the|our|a|an)\s+", "", ctx.values.get("thing") or ctx.values.get("topic", ""))
    return Part("title", [Line(f"# Status update: {thing}" if thing else "# Status update")], layout="lines")


@filler("status_summary")
def status_summary(ctx: Ctx) -> Part | None:
    lines = [Line(t) for t in [ctx.pick("status.open")] if t]
    lines += point_lines(ctx, ctx.facts.points)
    if not ctx.facts.points:
        lines.append(Line("[Add where it stands: what is done, what is next.]"))
    closing = ctx.pick("status.close")
    if closing:
        lines.append(Line(closing, optional=True))
    return Part("summary", lines)


@filler("status_section")
def status_section(ctx: Ctx) -> Part | None:
    if not _detailed(ctx):
        return None
    heading = str(ctx.spec.get("heading", ""))
    text = _PLACEHOLDERS.get(heading.lower(), "[Add the details here.]")
    return Part(ctx.spec.get("name", "section"), [Line(text)], heading=cap(heading) if heading else "")
