"""Fillers for a job post: the title, a line about the organisation, duties and skills for the role (from
data/knowledge.toml), the task's requirements, pay and schedule (placeholders when it gives none), how to apply."""

from __future__ import annotations

import re

from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_docs import item_text, lines_of
from rubric_core.models._grammar import cap, sentence
from rubric_core.models._read import Point


# ------------------------------------------------------------------ job post
def _role_bank(ctx: Ctx) -> dict[str, list[str]]:
    roles = load("knowledge.toml")["roles"]
    low = f"{ctx.facts.role} {ctx.facts.subject}".lower()
    for key, bank in roles.items():
        if key != "default" and any(re.search(rf"\b{re.escape(w)}", low) for w in bank["words"]):
            return bank
    return roles["default"]


_PAY = re.compile(
    r"\b(?:salary|pay|wage|rate|compensation|per hour|/hour|an hour|per year|/year|k\b)|[$€£]\d", re.IGNORECASE
)
_SCHEDULE = re.compile(
    r"\b(?:days? a week|nights? a week|hours?|shifts?|part-time|full-time|hybrid|remote|on-site|onsite|in the office|"
    r"weekends?|mornings?|evenings?|schedule|contract|permanent|temporary)\b",
    re.IGNORECASE,
)
_APPLY = re.compile(r"\b(?:apply|applicants?|send|email|cv|resume|résumé)\b|@", re.IGNORECASE)


def _job_points(ctx: Ctx) -> dict[str, list[Point]]:
    out: dict[str, list[Point]] = {"pay": [], "schedule": [], "apply": [], "requirements": [], "other": []}
    for point in ctx.facts.points:
        text = point.text
        if _APPLY.search(text) and (ctx.facts.emails or ctx.facts.links):
            out["apply"].append(point)
        elif _PAY.search(text):
            out["pay"].append(point)
        elif _SCHEDULE.search(text):
            out["schedule"].append(point)
        elif re.search(
            r"\b(?:experience|skills?|knowledge|degree|certif\w*|licen[cs]e|registered|fluent|years)\b",
            text,
            re.IGNORECASE,
        ):
            out["requirements"].append(point)
        else:
            out["other"].append(point)
    return out


@filler("job_title")
def job_title(ctx: Ctx) -> Part | None:
    role, org = ctx.facts.role or ctx.values.get("what", ""), ctx.facts.org
    if not role:
        return None
    title = f"{cap(role)} at {org}" if org else cap(role)
    place = re.search(r"\bin\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b", ctx.facts.aside or ctx.facts.task)
    where = [place.group(1)] if place and place.group(1) not in (org,) else []
    if re.search(r"\bhybrid\b", ctx.facts.task, re.IGNORECASE):
        where.append("hybrid")
    elif re.search(r"\bremote\b", ctx.facts.task, re.IGNORECASE):
        where.append("remote")
    return Part("title", [Line(f"# {title}" + (f" ({', '.join(where)})" if where else ""))], layout="lines")


@filler("job_about")
def job_about(ctx: Ctx) -> Part | None:
    org, aside = ctx.facts.org, ctx.facts.aside
    lines = []
    m = re.match(r"(?:we(?:'re| are)|it(?:'s| is))\s+(.+)$", aside, re.IGNORECASE)
    if org and m:
        lines += lines_of(ctx, [sentence(f"{org} is {m.group(1)}")])
    text = ctx.pick("job.about", role=ctx.facts.role)
    if text:
        lines.append(Line(text))
    return Part("about", lines) if lines else None


@filler("job_duties")
def job_duties(ctx: Ctx) -> Part | None:
    duties = _role_bank(ctx)["duties"]
    start = ctx.seed + ctx.shift()
    picked = [duties[(start + k) % len(duties)] for k in range(min(4, len(duties)))]
    return Part("responsibilities", lines_of(ctx, picked), layout="bullets")


@filler("job_requirements")
def job_requirements(ctx: Ctx) -> Part | None:
    points = _job_points(ctx)["requirements"]
    lines = []
    for point in points:
        text = point.text
        m = re.match(r"(.+?)\s+experience$", text, re.IGNORECASE)
        said = f"Experience with {m.group(1)}" if m else item_text(text)
        line = ctx.say(said)
        if line is not None:
            lines.append(line)
    skills = _role_bank(ctx)["skills"]
    start = ctx.seed + ctx.shift()
    lines += lines_of(ctx, [skills[(start + k) % len(skills)] for k in range(min(3, len(skills)))])
    for line in lines[len(points) :]:
        line.optional = True
    return Part("requirements", lines, layout="bullets")


@filler("job_details")
def job_details(ctx: Ctx) -> Part | None:
    points = _job_points(ctx)
    lines = []
    for label, key in (("Pay", "pay"), ("Schedule", "schedule")):
        texts = [
            re.sub(r"^(?:the\s+)?(?:salary|pay|wage)(?:\s+is)?\s*:?\s*", "", p.text, flags=re.IGNORECASE)
            for p in points[key]
        ]
        if texts:
            word = "Salary" if any(re.search(r"salary", p.text, re.IGNORECASE) for p in points[key]) else label
            line = ctx.say(f"{word}: {', '.join(texts)}")
            if line is not None:
                lines.append(line)
        elif label == "Pay":
            lines.append(Line("Pay: [add the pay range]"))
        else:
            lines.append(Line("Hours: [add the hours]"))
    lines += lines_of(ctx, [item_text(p.text) for p in points["other"]])
    return Part("details", lines, layout="bullets")


@filler("job_apply")
def job_apply(ctx: Ctx) -> Part | None:
    v = ctx.values
    text = ctx.pick("job.apply")
    if not (v.get("email") or v.get("link")):
        text = "Send your résumé and a short note about why you'd like to join to [contact email]."
    return Part("how to apply", [Line(text, tag="call_to_action")]) if text else None
