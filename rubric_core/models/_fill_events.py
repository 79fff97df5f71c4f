"""Fillers for texts about an event: an invitation and a newsletter blurb. The event's facts (what, when,
where, the agenda, what to bring, how to reply) are read once and said in as few sentences as the task allows."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.models import _entities as e
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import point_lines
from rubric_core.models._grammar import cap, join, sentence, with_article
from rubric_core.models._read import Point
from rubric_core.models._say import kind_of

_STREET = r"\d+[A-Za-z]?\s+[A-Z][\w'’]*(?:\s[A-Z][\w'’]*)*\s(?:Lane|Street|St|Road|Rd|Avenue|Ave|Way|Square|Place|Drive|Close|Court|Row|Hill)"


@dataclass
class Event:
    """What a text about an event says."""

    name: str = ""
    date: str = ""
    time: str = ""
    place: str = ""
    agenda: str = ""
    extras: list[Point] = field(default_factory=list)
    rsvp: str = ""
    task: str = ""


def is_event(ctx: Ctx) -> bool:
    """Whether the text is about an event (a party, a meetup, a workshop), not news with a date."""
    from rubric_core.models._task import read_task

    return bool(read_task(ctx.facts.task).details.get("event"))


def event_of(ctx: Ctx) -> Event:
    facts = ctx.facts
    task = facts.task
    ev = Event(task=facts.task)
    name, what = facts.name, facts.what
    what = re.sub(r"\s+(?:on|at|from)\s+.*$", "", what)
    if name and what and what.lower() != name.lower():
        ev.name = f"{name}, {with_article(what)}"
    else:
        m = re.search(r"\b(?:our|the|a|an|your)\s+" + re.escape(what), facts.subject) if what else None
        ev.name = name or (m.group(0) if m else with_article(what) if what else "")
    owned = re.match(r"(our|the|my|your)\s+([\w ]+?)['’]s\s+(.+)$", ev.name)
    if owned:
        ev.name = f"the {owned.group(3)} at {owned.group(1)} {owned.group(2)}"  # said in other words than the task's
    ev.date = facts.dates[0] if facts.dates else ""
    if ev.date and re.fullmatch(e.WEEKDAYS, ev.date) and len(facts.dates) > 1:
        ev.date = facts.dates[1]
    ev.time = facts.times[0] if facts.times else ""
    if ev.time and re.search(r"\bfrom\s+" + re.escape(ev.time), task):
        ev.time = "from " + ev.time
    place = re.search(r"\bat\s+((?:The\s)?[A-Z][\w'’&-]*(?:\s(?:&\s)?[A-Z][\w'’&-]*)*)(?:,\s*(" + _STREET + "))?", task)
    if place and not re.fullmatch(e.MONTHS + "|" + e.WEEKDAYS, place.group(1)):
        ev.place = place.group(1) + (f", {place.group(2)}" if place.group(2) else "")
    for point in facts.points:
        low = point.text.lower()
        if re.search(r"\bagenda\b|\btalks?\b|\bspeakers?\b|\blineup\b|\bline-up\b", low):
            inner = re.search(r"\((.*)\)", point.text)
            ev.agenda = (inner.group(1) if inner else re.sub(r"^(?:the\s+)?agenda\s*:?\s*", "", point.text)).strip()
            continue
        if re.match(r"(?:the\s+)?(?:rsvp|reply|register|sign up)\b", low) or re.search(r"\brsvp\b", low):
            ev.rsvp = point.text
            continue
        known = [*facts.dates, *facts.times, ev.place.split(",")[0], what]
        known += [re.sub(rf"^{e.WEEKDAYS},?\s", "", d) for d in facts.dates]
        if (
            any(k and k.lower() in low for k in known)
            or re.search(_STREET, point.text)
            or kind_of(point.text) == "when"
        ):
            continue  # the date, time or place: said already
        ev.extras.append(point)
    if not ev.place:
        from rubric_core.models._task import read_task

        where = read_task(task).details.get("where", "")
        ev.place = where if where and where.lower() not in (what or "").lower() else ""
    if not ev.rsvp and facts.links:
        ev.rsvp = f"RSVP at {facts.links[0]}"
    return ev


def _when_where(ev: Event) -> str:
    single = ev.time and not re.search(r"[–-]", ev.time) and not ev.time.startswith("from")
    when = f"on {ev.date}" if ev.date else ""
    if single:
        when = f"{when} at {ev.time}".strip()
    elif ev.time:
        when = f"{when}, {ev.time}" if when else ev.time
    # The place keeps the preposition the task gives it ("in Riverside Park").
    said = re.search(r"\b(in|at|on)\s+" + re.escape(ev.place), ev.task) if ev.place else None
    place = (
        f"{said.group(1)} {ev.place}"
        if said
        else (f"in {ev.place}" if ev.place.lower().startswith("the ") else f"at {ev.place}")
        if ev.place
        else ""
    )
    # The place first: the task usually says the day first, and a draft that keeps its order repeats it.
    if place and when:
        return f"{place} {when}" if single or not ev.time else f"{place}, {when}"
    return when or place


def _agenda(ev: Event) -> str:
    agenda = ev.agenda
    m = re.match(r"(\d+)\s+(talks?|sessions?|speakers?)\s*:\s*(.+)$", agenda)
    if m:
        from rubric_core.models._grammar import count_word

        return f"{count_word(int(m.group(1)))} {m.group(2)}: {m.group(3)}"
    return agenda


def _extra_text(point: Point) -> str:
    kind = kind_of(point.text)
    if kind == "reader":
        return sentence("please " + point.text[0].lower() + point.text[1:])
    if kind == "np":
        return sentence(f"there will be {point.text}")
    return sentence(point.text)


def _rsvp_text(rsvp: str) -> str:
    text = rsvp.strip()
    text = re.sub(r"^the\s+rsvp\s+link\s+", "RSVP at ", text, flags=re.IGNORECASE)
    return sentence(text if re.match(r"(?i)rsvp|please|reply|register", text) else f"RSVP at {text}")


def _short(ctx: Ctx) -> bool:
    most = ctx.facts.asks.limits.get("sentences", (None, None))[1]
    return bool(most is not None and most <= 3)


@filler("invite_headline")
def invite_headline(ctx: Ctx) -> Part | None:
    ev = event_of(ctx)
    if _short(ctx):
        head = f"Join us for {ev.name}" + (f" {_when_where(ev)}" if _when_where(ev) else "")
        if ev.agenda:
            head += f", with {_agenda(ev)}"
        line = ctx.say(sentence(head))
        return Part("headline", [line]) if line else None
    text = ctx.pick("invite.head", event=ev.name)
    return Part("headline", [Line(text)]) if text else None


@filler("invite_details")
def invite_details(ctx: Ctx) -> Part | None:
    ev = event_of(ctx)
    if _short(ctx):
        bits = [f"there will be {p.text}" if kind_of(p.text) == "np" else p.text for p in ev.extras]
        if ev.rsvp:
            bits.append(_rsvp_text(ev.rsvp).rstrip(".").replace("RSVP at", "you can RSVP at"))
        line = ctx.say(sentence(join(bits, "and"))) if bits else None
        return Part("details", [line]) if line else None
    lines = event_lines(ctx, ev)
    return Part("details", lines) if lines else None


def event_lines(ctx: Ctx, ev: Event) -> list[Line]:
    """When and where, the agenda, and what else the task says about the event, a sentence each."""
    lines = []
    where = _when_where(ev)
    if where:
        said = ctx.say(sentence(f"it's {where}"))
        if said:
            lines.append(said)
    if ev.agenda:
        said = ctx.say(sentence(f"on the agenda: {_agenda(ev)}"))
        if said:
            lines.append(said)
    for point in ev.extras:
        said = ctx.say(_extra_text(point))
        if said:
            lines.append(said)
    if ev.rsvp and ctx.facts.genre != "invitation":
        said = ctx.say(_rsvp_text(ev.rsvp), tag="call_to_action")
        if said:
            lines.append(said)
    return lines


@filler("invite_extras")
def invite_extras(ctx: Ctx) -> Part | None:
    if _short(ctx):
        return None
    text = ctx.pick("invite.extra")
    return Part("extras", [Line(text, optional=True)], optional=True) if text else None


@filler("invite_rsvp")
def invite_rsvp(ctx: Ctx) -> Part | None:
    ev = event_of(ctx)
    if _short(ctx):
        return None
    if ev.rsvp:
        line = ctx.say(_rsvp_text(ev.rsvp), tag="call_to_action")
        return Part("rsvp", [line]) if line else None
    text = ctx.pick("invite.rsvp")
    return Part("rsvp", [Line(text, tag="call_to_action")]) if text else None


@filler("newsletter_heading")
def newsletter_heading(ctx: Ctx) -> Part | None:
    ev = event_of(ctx)
    title = re.sub(r"^(?:our|the|a|an)\s+", "", ev.name or ctx.values.get("topic", ""))
    title = re.sub(r"^[\w\s]+?['’]s\s+", "", title)
    return Part("heading", [Line(f"**{cap(title)}**")], layout="lines", optional=True) if title else None


@filler("newsletter_body")
def newsletter_body(ctx: Ctx) -> Part | None:
    ev = event_of(ctx)
    if not (ev.date or ev.time or ev.place):
        # Not about an event: the news itself, then what the task says about it.
        lines = [Line(t) for t in [ctx.pick("newsletter.news")] if t]
        lines += point_lines(ctx, ctx.facts.points)
        lines += [Line(t, optional=True) for t in [ctx.pick("newsletter.news_close")] if t]
        return Part("body", lines)
    lines = []
    where = _when_where(ev)
    opener = ctx.pick("newsletter.open", event=ev.name, when=where) if ev.name else None
    if opener:
        lines.append(Line(opener))
    for point in ev.extras:
        said = ctx.say(_extra_text(point))
        if said:
            lines.append(said)
    if not ev.extras:
        lines += point_lines(ctx, [p for p in ctx.facts.points if kind_of(p.text) in ("clause", "reader")])
    lines += [Line(t, optional=True) for t in ctx.picks("newsletter.close", 2)]
    if ev.rsvp:
        said = ctx.say(_rsvp_text(ev.rsvp), tag="call_to_action")
        if said:
            lines.append(said)
    return Part("body", lines)
