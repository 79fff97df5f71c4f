"""Fillers for short public texts: a tweet, a thread, a LinkedIn post, landing-page hero text, an announcement,
an invitation, a newsletter blurb, a speech opening."""

from __future__ import annotations

import re

from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import hashtag_words, point_lines, split_point
from rubric_core.models._grammar import cap, gerund, join, sentence, with_article
from rubric_core.models._read import Point
from rubric_core.models._say import plain


def _content(ctx: Ctx, *, skip_links: bool = False) -> list[Point]:
    out = []
    for point in ctx.facts.points:
        if re.match(r"(?:first|last|each|every)\s+(?:tweet|post|line)\b", point.text, re.IGNORECASE):
            point = Point(
                re.sub(r"^.*?\b(?:must|should|needs to)\s+(?:have|include|contain|end with)\s+", "", point.text),
                point.label,
                point.lead,
            )
        if skip_links and re.search(r"\b[\w-]+\.(?:com|org|net|io|app|dev|co)\b", point.text):
            continue
        out.append(point)
    return out


def _thing(ctx: Ctx) -> str:
    """What a post is about, as a phrase: "Roamly, a budget travel app", "our podcast's 100th episode"."""
    v = ctx.values
    if v.get("name") and v.get("what"):
        return f"{v['name']}, {with_article(v['what'])}"
    return v.get("name") or v.get("topic") or ""


# ------------------------------------------------------------------ tweet
@filler("tweet_text")
def tweet_text(ctx: Ctx) -> Part | None:
    purpose = ctx.facts.route.purpose
    lines: list[Line] = []
    opener = ctx.pick(f"tweet.open.{purpose}") or ctx.pick("tweet.open.update")
    if opener:
        lines.append(Line(opener))
    lines += point_lines(ctx, _content(ctx), reader=True)
    low = ctx.facts.task.lower()
    medium = next(
        (
            m
            for m, w in (
                ("podcast", "podcast|episode"),
                ("video", "video|stream"),
                ("sale", r"\bsale\b|% off|discount"),
            )
            if re.search(w, low)
        ),
        "",
    )
    cta = (
        (ctx.pick(f"tweet.cta.{medium}") if medium else None)
        or ctx.pick(f"tweet.cta.{purpose}")
        or ctx.pick("tweet.cta.any")
    )
    if cta:
        lines.append(Line(cta, tag="call_to_action"))
    limit = ctx.facts.asks.limits.get("chars", (None, 279))[1] or 279
    while len(" ".join(line.text for line in lines)) > limit and len(lines) > 2:
        del lines[-2]
    return Part("tweet", lines)


# ------------------------------------------------------------------ thread
def _thread_count(ctx: Ctx) -> int:
    asks = ctx.facts.asks
    n = asks.limits.get("tweets", (None, None))[0] or asks.limits.get("tweets", (None, None))[1]
    if not n:
        m = re.search(r"\b(\d+)[- ]tweets?\b|\((\d+) tweets?\)|\b(\d+)/(\d+)\b", ctx.facts.task)
        n = int(next(g for g in m.groups() if g)) if m else 0
        if m and m.group(4):
            n = int(m.group(4))
    return max(n or 4, 2)


def _why(ctx: Ctx) -> tuple[str, str] | None:
    """("small teams", "writing postmortems after outages") from "why small teams should write postmortems..."."""
    m = re.search(r"\bwhy\s+(.+?)\s+(?:should|must|need to|ought to)\s+(\w+)\s*(.*)$", ctx.facts.head, re.IGNORECASE)
    if not m:
        return None
    return m.group(1), f"{gerund(m.group(2))} {m.group(3)}".strip()


def _thread_texts(ctx: Ctx) -> list[str]:
    n = _thread_count(ctx)
    why = _why(ctx)
    tweets: list[str] = []
    without = " ".join(w for part, ws in ctx.facts.asks.without.items() if "first" in part for w in ws)
    if why:
        who, doing = why
        hook = ctx.pick("thread.why.hook", who=who, doing=doing)
        body = ctx.picks("thread.why.body", max(n - 2, 1), who=who, doing=doing, Doing=cap(doing))
        close = ctx.pick("thread.why.close", who=who, doing=doing, Doing=cap(doing))
        tweets = [t for t in [hook, *body] if t][: n - 1] + ([close] if close else [])
    else:
        hook = ctx.pick("thread.hook.anon" if without else f"thread.hook.{ctx.facts.route.purpose}") or ctx.pick(
            "thread.hook.anon"
        )
        intro = ctx.pick("thread.intro")
        facts_lines = [line.text for line in point_lines(ctx, _content(ctx, skip_links=True))]
        link = ctx.values.get("link", "")
        close = ctx.pick("thread.close") if link else ctx.pick("thread.close_plain")
        middle = [t for t in [intro, *facts_lines] if t]
        while len(middle) > n - 2 and len(middle) >= 2:
            middle[-2:] = [middle[-2] + " " + middle[-1]]
        fillers = ctx.picks("thread.more", max(0, n - 2 - len(middle)))
        tweets = [t for t in [hook, *middle, *fillers] if t][: n - 1] + ([close] if close else [])
    return tweets[:n]


@filler("thread_hook")
def thread_hook(ctx: Ctx) -> Part | None:
    texts = _thread_texts(ctx)
    n = len(texts)
    return Part("hook tweet", [Line(f"1/{n} {texts[0]}")]) if texts else None


@filler("thread_body")
def thread_body(ctx: Ctx) -> Part | None:
    ctx.said.clear()
    texts = _thread_texts(ctx)
    n = len(texts)
    lines = [Line(f"{i}/{n} {text}") for i, text in enumerate(texts[1:-1], 2)]
    return Part("tweets", lines, layout="blocks") if lines else None


@filler("thread_close")
def thread_close(ctx: Ctx) -> Part | None:
    ctx.said.clear()
    texts = _thread_texts(ctx)
    n = len(texts)
    return Part("last tweet", [Line(f"{n}/{n} {texts[-1]}", tag="call_to_action")]) if n >= 2 else None


# ------------------------------------------------------------------ LinkedIn post
@filler("post_hook")
def post_hook(ctx: Ctx) -> Part | None:
    kind = _post_kind(ctx)
    own = ctx.pick(f"post.hook.{kind}")
    # A post whose task gives its news as a clause ("announcing that we're hiring two data engineers") says it.
    text = own or (ctx.pick("post.hook.news") if ctx.values.get("news") else None) or ctx.pick("post.hook.any")
    return Part("hook", [Line(text)]) if text else None


def _post_kind(ctx: Ctx) -> str:
    low = ctx.facts.task.lower()
    if re.search(r"\bnew (?:job|role|position)\b|\bjoin(?:ed|ing)\b|\bstart(?:ed|ing) (?:my|a) new\b", low):
        return "new_job"
    if re.search(r"\bhit(?:ting)?\b|\breach(?:ed|ing)?\b|\bmilestone\b|\bcelebrat", low):
        return "milestone"
    if re.search(r"\bwe(?:'re| are) hiring\b|\bhiring (?:a|an|two|three|\d+)\b", low):
        return "hiring"
    return ctx.facts.route.purpose


@filler("post_body")
def post_body(ctx: Ctx) -> Part | None:
    kind = _post_kind(ctx)
    lines = [Line(t) for t in ctx.picks(f"post.body.{kind}", 2) or ctx.picks("post.body.any", 2)]
    lines += [line for line in point_lines(ctx, [p for p in _content(ctx) if not p.lead.startswith("thank")])]
    for line in lines[1:2]:
        line.new_para = True
    return Part("body", lines) if lines else None


@filler("post_thanks")
def post_thanks(ctx: Ctx) -> Part | None:
    names = [
        n
        for n in ctx.facts.people
        if n not in (ctx.values.get("org"), ctx.values.get("name")) and not n.isupper() and n not in ctx.facts.role
    ]
    thanked = [p for p in ctx.facts.points if p.lead.startswith("thank")]
    if thanked:
        inner = re.search(r"\(([^)]*)\)", thanked[0].text)
        who = inner.group(1) if inner else ""
        team = re.sub(r"\s*\(.*\)|\bby name\b", "", thanked[0].text).strip()
        team = re.sub(r"^the\s+", "", team)
        text = ctx.pick("post.thanks_team", who=who, team=team) if who else ctx.pick("post.thanks_group", team=team)
        return Part("thanks", [Line(text, tag="thanks")]) if text else None
    if names and _post_kind(ctx) in ("milestone", "new_job"):
        text = ctx.pick("post.thanks_team", who=join(names[:3]), team="team")
        return Part("thanks", [Line(text, tag="thanks")]) if text else None
    text = ctx.pick(f"post.thanks.{_post_kind(ctx)}")
    return Part("thanks", [Line(text, tag="thanks")], optional=True) if text else None


# ------------------------------------------------------------------ landing page hero
def _headline(ctx: Ctx) -> str | None:
    what = ctx.values.get("what", "")
    m = re.match(
        r"(?:a|an|the)?\s*(?:\w+\s){0,3}?(?:tool|app|service|platform|way|product|bot|extension)\s+that\s+(\w+)\s+(.+)$",
        what,
    )
    quoted = [q for q in ctx.facts.quoted if q not in (ctx.values.get("name"),)]
    if (quoted and any("headline" in scope for scope in ctx.facts.asks.scoped)) or (
        quoted and ctx.facts.asks.scoped.get("headline")
    ):
        return sentence(join([cap(quoted[0]), *quoted[1:]], "and").replace(" and ", ", "), ".")
    if m:
        from rubric_core.models._grammar import base_form

        return sentence(f"{base_form(m.group(1))} {m.group(2)}", ".")
    return ctx.pick("hero.headline")


@filler("hero_headline")
def hero_headline(ctx: Ctx) -> Part | None:
    text = _headline(ctx)
    return Part("headline", [Line(f"Headline: {text}")], layout="lines") if text else None


@filler("hero_subheadline")
def hero_subheadline(ctx: Ctx) -> Part | None:
    text = ctx.pick("hero.sub")
    return Part("subheadline", [Line(f"Subheadline: {text}")], layout="lines") if text else None


@filler("hero_cta")
def hero_cta(ctx: Ctx) -> Part | None:
    text = ctx.pick("hero.cta")
    return Part("cta", [Line(f"CTA button: {text}", tag="call_to_action")], layout="lines") if text else None


# ------------------------------------------------------------------ announcement, invitation, newsletter
@filler("announce_headline")
def announce_headline(ctx: Ctx) -> Part | None:
    from rubric_core.models._fill_events import event_of, is_event

    ev = event_of(ctx)
    purpose = ctx.facts.route.purpose
    if is_event(ctx) and purpose != "welcome":
        text = ctx.pick("announce.head.event", event=ev.name or ctx.values.get("topic", ""))
    else:
        text = ctx.pick(f"announce.head.{purpose}") or ctx.pick("announce.head.update")
    return Part("headline", [Line(text)]) if text else None


@filler("announce_details")
def announce_details(ctx: Ctx) -> Part | None:
    from rubric_core.models._fill_events import event_lines, event_of, is_event

    if is_event(ctx) and ctx.facts.route.purpose != "welcome":
        return Part("details", event_lines(ctx, event_of(ctx)))
    lines = point_lines(ctx, ctx.facts.points)
    when = ctx.values.get("date") or ctx.values.get("time")
    known = ctx.values.get("thing", "") + ctx.values.get("news", "")
    if when and not any(when in line.text for line in lines) and when not in known:
        said = ctx.pick("announce.when", date=when)
        if said:
            lines.insert(0, Line(said))
    return Part("details", lines)


_PRODUCT = re.compile(r"\bproduct\b|\bour new\b|\blaunch\w*|\bintroduc\w*|[$€£]\d", re.IGNORECASE)


@filler("announce_cta")
def announce_cta(ctx: Ctx) -> Part | None:
    product = bool(_PRODUCT.search(ctx.facts.task)) and ctx.facts.route.purpose == "launch"
    text = (ctx.pick("announce.cta_product.any") if product else None) or ctx.pick("announce.cta")
    return Part("call to action", [Line(text, tag="call_to_action")]) if text else None


# ------------------------------------------------------------------ speech
@filler("speech_opening")
def speech_opening(ctx: Ctx) -> Part | None:
    start = ctx.facts.asks.start
    lines = []
    thanks = ctx.pick("speech.thanks")
    joke = ctx.pick("speech.joke", couple=_couple(ctx), groom=_people(ctx)[0] if _people(ctx) else "")
    order = [joke, thanks] if start and start[0] == "joke" else [thanks, joke]
    lines = [Line(t, tag="thanks" if t == thanks else "") for t in order if t]
    return Part("opening", lines) if lines else None


def _people(ctx: Ctx) -> list[str]:
    return [n for n in ctx.facts.names if n.split()[0] not in ("Opening",)]


def _couple(ctx: Ctx) -> str:
    people = _people(ctx)
    return join(people[:2]) if len(people) >= 2 else (people[0] if people else "")


@filler("speech_body")
def speech_body(ctx: Ctx) -> Part | None:
    people = _people(ctx)
    relation = re.search(
        r"\bmy\s+(brother|sister|best friend|friend|cousin|son|daughter|colleague|boss|dad|mum|mom)\b",
        ctx.facts.task,
        re.IGNORECASE,
    )
    lines = []
    if relation and people:
        intro = ctx.pick("speech.intro", relation=relation.group(1).lower(), groom=people[0])
        if intro:
            lines.append(Line(intro))
    lines += [
        Line(t)
        for t in ctx.picks(
            "speech.body",
            2,
            groom=people[0] if people else "",
            partner=people[1] if len(people) > 1 else "",
            couple=_couple(ctx),
        )
    ]
    return Part("body", lines) if lines else None


def tags(ctx: Ctx) -> list[str]:
    return hashtag_words(ctx)


def plain_points(ctx: Ctx) -> list[str]:
    return [plain(p.text) for p in ctx.facts.points for p in split_point(p)]
