"""The summary filler: a summary of a known shape ("the benefits of X", "the history of X", "how X works", "why
X") from its sentence frames; a subject the image banks know, described from them; otherwise the task's own
points under a lead, and no sentence that only sounds like a summary."""

from __future__ import annotations

import re

from rubric_core.models import _verse
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import point_lines
from rubric_core.models._grammar import cap
from rubric_core.models._task import read_task


def summary_frame(subject: str) -> tuple[str, str] | None:
    """("benefits", X) for "the benefits of X", ("history", X), ("how", "X works"), ("why", "X do Y")."""
    m = re.match(r"(?:the )?(?:main |key |health )?(?:benefits|advantages|upsides|value) of (.+)", subject, re.I)
    if m:
        return "benefits", m.group(1)
    m = re.match(r"(?:the )?(?:history|story|origins?) of (.+)", subject, re.IGNORECASE)
    if m:
        return "history", m.group(1)
    m = re.match(r"how (.+)", subject, re.IGNORECASE)
    if m:
        return "how", m.group(1)
    m = re.match(r"(?:the reasons )?why (.+)", subject, re.IGNORECASE)
    if m:
        return "why", m.group(1)
    return None


@filler("summary_body")
def summary_body(ctx: Ctx) -> Part | None:
    subject = re.sub(
        r"\s+(?:for|to)\s+(?:a|an|the)\s+(?:general|wide|non-technical|young)\s+\w+.*$", "", ctx.facts.subject
    )
    subject = re.sub(r"\s+in\s+(?:one|two|three|a few|\d+)\s+\w+.*$", "", subject)
    frame = summary_frame(subject)
    lines: list[Line] = []
    if frame:
        inner = {"inner": frame[1], "Inner": cap(frame[1])}
        for key in ("lead", "first", "second", "close"):
            text = ctx.pick(f"summary.{frame[0]}.{key}", inner=inner["inner"], Inner=inner["Inner"])
            if text:
                lines.append(Line(text, optional=key in ("second",)))
        return Part("body", lines)
    brief = read_task(ctx.facts.task, ctx.facts.follow_ups)
    if brief.topics:
        text = _verse.compose(brief, ctx.wants, ctx.variant, poem=False)
        return Part("body", [Line(text)]) if text else None
    lead = ctx.pick("summary.lead", topic=ctx.values.get("topic", ""))
    lines = [Line(lead)] if lead else []
    lines += point_lines(ctx, ctx.facts.points)
    if len(lines) <= 1:
        lines.append(Line("[Add the key points here.]"))
    return Part("body", lines)
