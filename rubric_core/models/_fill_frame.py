"""Fillers for the framing parts many genres share (subject line, greeting, sign-off, closing question,
hashtags) and the helper that says the task's content points as lines of the draft."""

from __future__ import annotations

import re

from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._grammar import cap, sentence
from rubric_core.models._read import Point
from rubric_core.models._say import kind_of, plain, request_done, said_as_sentence

_FEATURE_LEAD = re.compile(
    r"^(?:the\s+)?(?:big|main|key|headline|new|biggest|top)\s+(?:things?|features?|changes?|news|additions?|updates?)"
    r"\s*(?:are|is|include|:)\s+(.+)$",
    re.IGNORECASE,
)


def split_point(point: Point) -> list[Point]:
    """A point naming two things ("the 30-day free trial and the price of $4.99/month") as two points; a
    feature lead ("Big things are X and Y") as its features."""
    text = point.text.strip()
    text = re.sub(r"^(?:plus|and|also|then)\s+", "", text, flags=re.IGNORECASE)
    m = _FEATURE_LEAD.match(text)
    if m:
        return [Point(m.group(1), label="features", lead=point.lead)]
    parts = re.split(r"\s+and\s+(?=(?:the|a|an|our|its|their|\d|[$€£]))", text)
    if len(parts) == 2 and all(len(p.split()) >= 2 for p in parts) and kind_of(text) != "clause":
        return [Point(p, label=point.label, lead=point.lead) for p in parts]
    return [Point(text, label=point.label, lead=point.lead)]


def _offer_kind(text: str) -> str:
    low = text.lower()
    if "trial" in low or re.search(r"\bfree for\b", low):
        return "trial"
    if re.search(r"%|\bdiscount\b|\bcode\b|\bcoupon\b|\boff\b", low):
        return "discount"
    return "other"


def point_line(ctx: Ctx, point: Point, *, reader: bool = True, bank: str = "say", after: str = "") -> Line | None:
    """One content point as a line: said as it is when it is a clause, done when it asks the writer to do
    something, framed by a bank sentence for its kind otherwise."""
    kind = kind_of(point.text)
    name = ctx.values.get("name", "")
    if kind == "writer":
        done = request_done(point, ctx.values)
        return ctx.say(done, tag="request") if done else None
    if kind in ("clause", "reader"):
        said = said_as_sentence(point, ctx.facts, reader=reader)
        if name and re.match(r"It\s", said):
            said = name + said[2:]
        return ctx.say(said, tag=kind)
    key = f"{bank}.{kind}" if kind != "offer" else f"{bank}.offer.{_offer_kind(point.text)}"
    if kind == "offer":
        key = f"{key}_{ctx.facts.route.purpose}" if bank_has(f"{key}_{ctx.facts.route.purpose}") else key
    text: str | None
    if kind == "price":
        price = _price_in(point.text, ctx)
        text = (ctx.pick(f"{bank}.price_after", price=price) if after == "trial" else None) or ctx.pick(
            key, price=price
        )
    else:
        text = ctx.pick(key, point=plain(point.text)[:1].lower() + plain(point.text)[1:]) if kind != "np" else None
        if kind == "np":
            text = ctx.pick(f"{bank}.np.{ctx.facts.genre}", point=_lower(point.text)) or ctx.pick(
                f"{bank}.np.default", point=_lower(point.text)
            )
    return Line(text, tag=kind) if text else None


def _lower(text: str) -> str:
    t = plain(text)
    return t if re.match(r"[A-Z]{2}|[A-Z][a-z]*[A-Z]", t) or t.split()[0] in ("I",) else t[:1].lower() + t[1:]


def _price_in(text: str, ctx: Ctx) -> str:
    from rubric_core.models._entities import PRICE

    m = PRICE.search(text)
    return m.group(0).strip() if m else ctx.values.get("price", "")


def point_lines(ctx: Ctx, points: list[Point], *, reader: bool = True, bank: str = "say") -> list[Line]:
    """Every content point as a line, in the task's order."""
    out = []
    after = ""
    for point in points:
        for piece in split_point(point):
            line = point_line(ctx, piece, reader=reader, bank=bank, after=after)
            after = _offer_kind(piece.text) if kind_of(piece.text) == "offer" else ""
            if line is not None:
                out.append(line)
    return out


def bank_has(key: str) -> bool:
    from rubric_core.models._doc import bank_options

    return bool(bank_options(key))


@filler("subject_line")
def subject_line(ctx: Ctx) -> Part | None:
    purpose = ctx.facts.route.purpose
    text = ctx.pick(f"subject.{purpose}") or ctx.pick("subject.update")
    return Part("subject line", [Line(f"Subject: {text}")], layout="lines") if text else None


@filler("greeting")
def greeting(ctx: Ctx) -> Part | None:
    formal = bool(re.match(r"(?:Mr|Mrs|Ms|Dr)\b", ctx.values.get("recipient", ""))) or ctx.facts.genre == "cover_letter"
    key = "greeting.formal" if formal else "greeting.plain"
    text = ctx.pick(key) or ctx.pick("greeting.default")
    return Part("greeting", [Line(text or "Hi there,", tag="greeting")], layout="lines")


@filler("signoff")
def signoff(ctx: Ctx) -> Part | None:
    formal = ctx.facts.genre == "cover_letter" or ctx.facts.route.purpose == "apology"
    word = ctx.pick("signoff.formal" if formal else "signoff.plain") or "Best,"
    v = ctx.values
    who = [v["sender"]] if v.get("sender") else []
    if who and v.get("sender_role"):
        who = [f"{v['sender']}, {v['sender_role']}"]
    if who and v.get("sender_org") and v["sender_org"] not in who[0]:
        who.append(v["sender_org"])
    if not who:
        team = re.sub(r"^(?:the|our)\s+", "", v.get("team", ""), flags=re.IGNORECASE)
        if team and (
            team.lower() in v.get("recipient", "").lower()
            or len(team.split()) > 4
            or re.search(r"\b(?:is|are|was|were|will|has|have|had)\b", team)
        ):
            team = ""  # "an email to Dana": Dana reads it, she does not sign it; a clause is no team's name
        who = [f"The {team} team"] if team and ctx.facts.genre in ("email", "support_reply") else ["[Your name]"]
    return Part("sign-off", [Line(word, tag="sign_off"), *(Line(w) for w in who)], layout="lines")


@filler("closing_question")
def closing_question(ctx: Ctx) -> Part | None:
    wanted = ctx.facts.asks.end == "question" or any("question" in g for g in ctx.wants.patterns)
    if not wanted:
        return None
    purpose = ctx.facts.route.purpose
    text = (
        ctx.pick(f"question.{ctx.facts.genre}.{purpose}")
        or ctx.pick(f"question.{ctx.facts.genre}.any")
        or ctx.pick(f"question.{purpose}")
        or ctx.pick("question.any")
    )
    return Part("closing question", [Line(text, tag="question")]) if text else None


_TAG_STOP = frozenset("the a an our my your their of for and to in on at with new s".split())


def hashtag_words(ctx: Ctx) -> list[str]:
    """Hashtags from what the task names: the name, the organisation, what it is (its last two words, its
    last word, its first word)."""
    out: list[str] = []
    v = ctx.values
    for source in (v.get("name", ""), v.get("org", ""), v.get("what", ""), v.get("topic", "")):
        words = [
            w
            for w in re.findall(r"[A-Za-z0-9]+", re.sub(r"['’]s\b|\d[\d,.]*(?:st|nd|rd|th)?\b", " ", source))
            if w.lower() not in _TAG_STOP and not w.isdigit()
        ]
        if not words:
            continue
        for group in (words if len(words) <= 3 else words[-2:], words[-1:], words[:1]):
            tag = "#" + "".join(cap(w) for w in group)
            if tag not in out and not tag[1:].isdigit() and len(tag) > 2:
                out.append(tag)
    return out


@filler("hashtags")
def hashtags(ctx: Ctx) -> Part | None:
    limit = ctx.facts.asks.marks_max.get("hashtag")
    wanted = ctx.wants.counts.get("hashtag", 1) if any("hashtag" in g for g in ctx.wants.patterns) else 0
    if limit == 0 or "hashtag" in ctx.wants.patterns_out:
        return None
    n = wanted or (min(limit, 3) if limit else (2 if ctx.facts.genre in ("linkedin_post", "tweet") else 0))
    tags = hashtag_words(ctx)[: max(n, wanted)]
    if not tags:
        return None
    return Part("hashtags", [Line(" ".join(tags), tag="hashtag")], layout="lines", optional=not wanted)


def sentences_of(text: str) -> list[Line]:
    return [Line(sentence(text))]
