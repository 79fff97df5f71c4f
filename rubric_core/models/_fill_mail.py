"""Fillers for letters: an email's body, a support reply's parts, a cover letter's parts."""

from __future__ import annotations

import re

from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import point_lines
from rubric_core.models._grammar import sentence
from rubric_core.models._read import Point
from rubric_core.models._say import kind_of


def _said(point: Point, ev: object) -> bool:
    """Whether an event's date, time or place is all the point says."""
    return any(v and v.lower() in point.text.lower() for v in (getattr(ev, "date", ""), getattr(ev, "place", "")))


def _content(ctx: Ctx) -> list[Point]:
    """The content points an email says (not the one that names the issue it opens with)."""
    return [p for p in ctx.facts.points if not re.match(r"(?:who|whose)\b", p.text, re.IGNORECASE)]


@filler("email_body")
def email_body(ctx: Ctx) -> Part | None:
    purpose = ctx.facts.route.purpose
    lines: list[Line] = []
    audience = ctx.facts.audience.lower()
    key = (
        f"{purpose}_existing"
        if purpose == "launch" and re.search(r"\b(?:existing|current|our) (?:users|customers)", audience)
        else purpose
    )
    opener = ctx.pick(f"email.open.{purpose}") or ctx.pick("email.open.update")
    if opener:
        lines.append(Line(opener, tag="apology" if purpose == "apology" else "opening"))
    from rubric_core.models._fill_events import event_lines, event_of, is_event

    dated = bool(ctx.facts.dates or ctx.facts.times) and not ctx.values.get("news")
    if purpose in ("invite", "reminder") and (is_event(ctx) or (purpose == "reminder" and dated)):
        # A reminder of something on a day ("the fire drill on Thursday at 10am") says when, like an event.
        ev = event_of(ctx)
        lines += event_lines(ctx, ev)
        lines += point_lines(
            ctx, [p for p in _content(ctx) if p not in ev.extras and p.text != ev.rsvp and not _said(p, ev)]
        )
    else:
        lines += point_lines(ctx, _content(ctx))
    if purpose == "apology":
        for key in ("email.own", "email.commit"):
            text = ctx.pick(key)
            if text:
                lines.append(Line(text, optional=key == "email.own", new_para=key == "email.own"))
    cta = ctx.pick(f"email.cta.{key}") or ctx.pick(f"email.cta.{purpose}")
    if cta:
        lines.append(Line(cta, tag="call_to_action", new_para=True))
    closer = ctx.pick(f"email.close.{purpose}") or ctx.pick("email.close.update")
    if closer:
        lines.append(Line(closer, optional=True, new_para=not cta))
    return Part("body", lines)


@filler("support_ack")
def support_ack(ctx: Ctx) -> Part | None:
    lines = [Line(t, tag="thanks") for t in [ctx.pick("support.thanks")] if t]
    sorry = ctx.pick("support.sorry") or ctx.pick("support.sorry_plain")
    if sorry:
        lines.append(Line(sorry, tag="apology"))
    return Part("acknowledgement", lines)


def _steps(ctx: Ctx) -> list[Point]:
    return [p for p in _content(ctx) if kind_of(p.text) in ("reader",) or p.lead.startswith(("tell", "ask", "remind"))]


@filler("support_steps")
def support_steps(ctx: Ctx) -> Part | None:
    steps = _steps(ctx)
    if not steps:
        lines = [Line(t) for t in [ctx.pick("support.look")] if t]
        return Part("steps", lines) if lines else None
    intro = ctx.pick("support.steps_intro")
    lines = [Line(intro)] if intro else []
    said = point_lines(ctx, steps)
    for i, line in enumerate(said):
        if i and not line.text.startswith(("Then", "Next", "After")):
            line.text = re.sub(r"^Please ", "Then ", line.text) if i == len(said) - 1 else line.text
    return Part("steps", lines + said)


@filler("support_next")
def support_next(ctx: Ctx) -> Part | None:
    steps = _steps(ctx)
    rest = [p for p in _content(ctx) if p not in steps]
    lines = point_lines(ctx, rest)
    if not rest:
        text = ctx.pick("support.next")
        lines = [Line(text)] if text else []
    reassure = ctx.pick("support.reassure")
    if reassure:
        lines.append(Line(reassure, optional=True))
    for line in lines[:1]:
        line.new_para = True
    return Part("next steps", lines)


@filler("letter_opening")
def letter_opening(ctx: Ctx) -> Part | None:
    text = ctx.pick("letter.open")
    return Part("opening", [Line(text)]) if text else None


def _first_person(text: str) -> str:
    """A credential as the applicant says it: "7 years experience" -> "I bring 7 years of experience"."""
    t = text.strip().rstrip(".")
    t = re.sub(r"^that\s+", "", t, flags=re.IGNORECASE)
    low = t.lower()
    if re.match(r"(?:i|my)\b", low):
        t = re.sub(r"^I have\b", "I hold", t)
        t = re.sub(r"\band did\b", "and completed", t)
        return sentence(t)
    if re.match(
        r"(?:grew|led|built|ran|managed|launched|won|created|designed|wrote|cut|raised|increased|reduced|"
        r"delivered|shipped|founded|started|completed|did|worked|spent|helped|taught|organi[sz]ed)\b",
        low,
    ):
        return sentence("I " + re.sub(r"^did\b", "completed", t))
    if re.match(r"(?:fluent|bilingual|trained|certified|qualified|skilled|experienced|based|available)\b", low):
        return sentence("I am " + t)
    if re.match(r"\d+\+?\s(?:years?|months?)\b", low):
        return sentence("I bring " + re.sub(r"(years?|months?)\s+(?!of\b)", r"\1 of ", t, count=1))
    if re.match(r"(?:an?\s)?(?:mba|bsc|ba|ma|msc|phd|degree|diploma|certificate)\b", low):
        return sentence(
            "I hold " + ("an " if low.startswith("mba") else "") + t
            if not low.startswith(("a ", "an "))
            else "I hold " + t
        )
    return sentence("I also offer " + t)


@filler("letter_experience")
def letter_experience(ctx: Ctx) -> Part | None:
    lines = []
    for point in ctx.facts.points:
        # "I have a BSc ... and did a 6-month internship": one claim a sentence.
        pieces = re.split(
            r"\s+and\s+(?=(?:did|completed|spent|worked|led|grew|built|ran|managed|have|hold|am)\b)", point.text
        )
        for k, piece in enumerate(pieces):
            said = _first_person(piece)
            if k and said.startswith("I "):
                said = "I also " + said[2:]
            text = ctx.say(said)
            if text is not None:
                lines.append(text)
    if not lines:
        placeholder = ctx.pick("letter.no_facts")
        if placeholder:
            lines.append(Line(placeholder))
    fit = ctx.pick("letter.fit")
    if fit:
        lines.append(Line(fit, optional=True))
    return Part("experience", lines)


@filler("letter_closing")
def letter_closing(ctx: Ctx) -> Part | None:
    lines = [Line(t) for t in [ctx.pick("letter.close")] if t]
    thanks = ctx.pick("letter.thanks")
    if thanks:
        lines.append(Line(thanks, optional=True, tag="thanks"))
    return Part("closing", lines)
