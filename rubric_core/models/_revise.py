"""The reviser: what the rubric asks for, put where the genre keeps it (issue 38, items 1 and 2).

A missing question goes last in the body (before an email's sign-off), a call to action after the content, a
greeting first, a sign-off last, hashtags on their own line, a fact the task gives (a price, a link, a date)
into the body in a sentence of its own; headings the rubric names go on the parts they fit. A word the rubric
asks for that the task never gives is not written: no sentence exists only to hold it.
"""

from __future__ import annotations

import json
import re

from rubric_core.checks import patterns as p
from rubric_core.models._data import load
from rubric_core.models._doc import FILLERS, Ctx, Doc, Line, Part, bank_options, fill
from rubric_core.models._grammar import fix_articles
from rubric_core.models._read import Facts
from rubric_core.models._say import said_in, values_of
from rubric_core.models._verse import allowed
from rubric_core.models._wants import Wants

_LETTERS = frozenset({"email", "support_reply", "cover_letter"})
_OWN_WORDS = frozenset({"poem", "haiku", "limerick", "sonnet", "paragraph", "function", "sql", "json"})
_PART_REQUEST = re.compile(
    r"\b(?:quote|section|headline|subheadline|heading|title|contact|dateline|format|boilerplate|cta|button)\b",
    re.IGNORECASE,
)
_FRAME = ("subject line", "greeting", "sign-off", "hashtags")


def _ctx(facts: Facts, wants: Wants, variant: int, doc: Doc) -> Ctx:
    said = [t for part in doc.parts for t in part.texts()]
    return Ctx(facts=facts, wants=wants, variant=variant, values=values_of(facts), said=said, index=99)


def _body(doc: Doc) -> Part | None:
    """The last part that holds prose (where a closing sentence goes)."""
    for part in reversed(doc.parts):
        if part.name not in _FRAME and part.layout in ("paragraph",) and part.name != "closing question":
            return part
    return next((part for part in reversed(doc.parts) if part.name not in _FRAME), None)


def _insert_before_frame(doc: Doc, part: Part) -> None:
    """A part after the body, before a sign-off or hashtags."""
    k = len(doc.parts)
    while k > 0 and doc.parts[k - 1].name in ("sign-off", "hashtags"):
        k -= 1
    doc.parts.insert(k, part)


def _has(doc: Doc, kind: str, wants: Wants) -> bool:
    text = doc.render()
    hits = p.find(kind, text)
    near = wants.near.get(kind)
    if near:
        hits = [h for h in hits if all(w.lower() in (h.sentence or text).lower() for w in near)]
    return len(hits) >= wants.counts.get(kind, 1)


def _tagged(doc: Doc, tag: str) -> bool:
    """Whether a line of the draft was written to carry this kind (the genre's own part for it)."""
    return any(line.tag == tag for part in doc.parts for line in part.lines)


def _count(doc: Doc, kind: str) -> int:
    return len(p.find(kind, doc.render()))


def _add_kind(doc: Doc, kind: str, ctx: Ctx, facts: Facts, again: bool = False) -> None:
    genre, purpose = facts.genre, facts.route.purpose
    if _tagged(doc, kind) and not again:
        if kind == "call_to_action":
            _recast_cta(doc, ctx, facts)
        return  # the genre's own part says it (a CTA button, an RSVP line); another sentence would only repeat it
    if kind == "question" and again:
        text = ctx.pick(f"question.{genre}.any") or ctx.pick(f"question.{purpose}") or ctx.pick("question.any")
        body = _body(doc)
        if text and body is not None:
            body.lines.append(Line(text, tag="question"))
        return
    if kind == "question":
        part = FILLERS["closing_question"](ctx)
        if part is not None:
            _insert_before_frame(doc, part)
        return
    if kind == "call_to_action":
        from rubric_core.models._fill_posts import announce_cta

        own = announce_cta(ctx) if genre == "announcement" else None
        reader = _reader_action(facts, ctx)
        text = (
            reader
            or (own.lines[0].text if own else None)
            or ctx.pick(f"email.cta.{purpose}")
            or ctx.pick(f"cta.{genre}.any")
            or ctx.pick(f"cta.{genre}")
            or ctx.pick("cta.any")
        )
        body = _body(doc)
        if text and body is not None:
            body.lines.append(Line(text, tag="call_to_action", new_para=genre in _LETTERS))
        return
    if kind == "greeting" and doc.part("greeting") is None:
        part = FILLERS["greeting"](ctx)
        if part is not None:
            k = 1 if doc.parts and doc.parts[0].name == "subject line" else 0
            doc.parts.insert(k, part)
        return
    if kind == "sign_off" and doc.part("sign-off") is None:
        part = FILLERS["signoff"](ctx)
        if part is not None:
            doc.parts.append(part)
        return
    if kind == "hashtag" and doc.part("hashtags") is None:
        part = FILLERS["hashtags"](ctx)
        if part is not None:
            doc.parts.append(part)
        return
    if kind == "emoji":
        used = len(p.find("emoji", doc.render()))
        marks = ["🎉", "✨", "🙌", "💛"]
        for part in doc.parts:
            if part.name in ("subject line", "greeting", "sign-off") or part.layout == "code":
                continue
            for line in part.lines:
                if line.text.rstrip().endswith((".", "!")) and not line.text.endswith(marks[used % 4]):
                    line.text += " " + marks[used % len(marks)]
                    return
        return
    if kind == "exclamation":
        for part in doc.parts:
            if part.name in _FRAME or part.layout == "code":
                continue
            for line in part.lines:
                if line.text.endswith(".") and line.tag not in ("clause", "reader", "request"):
                    line.text = line.text[:-1] + "!"
                    return
        return
    if kind in ("date", "time", "statistic", "number"):
        return  # a date, a time or a figure is said where the task's point says it, never in a sentence of its own
    if kind in ("price", "link", "email_address", "phone_number"):
        value = {
            "price": ctx.values.get("price"),
            "link": ctx.values.get("link"),
            "email_address": ctx.values.get("email"),
            "phone_number": ctx.values.get("phone"),
            "date": ctx.values.get("date"),
            "time": ctx.values.get("time"),
            "statistic": ctx.values.get("percent"),
            "number": ctx.values.get("percent") or ctx.values.get("price"),
        }[kind]
        key = {
            "price": "say.price",
            "link": "say.contact",
            "email_address": "say.contact",
            "phone_number": "say.contact",
        }
        if value and value.lower() in doc.render().lower():
            return  # said already, in the draft's own words
        text = ctx.pick(key.get(kind, "say.when"), point=value or "") if value else None
        body = _body(doc)
        if text and body is not None:
            body.lines.append(Line(text, tag=kind))
        return
    if kind == "thanks" and genre not in _OWN_WORDS:
        text = _about_near(kind, ctx, facts) or ctx.pick("thanks.any")
        body = _body(doc)
        if text and body is not None and (_names_near(text, kind, ctx) or genre in _LETTERS):
            body.lines.append(Line(text, tag="thanks"))
        return
    if kind == "apology" and genre not in _OWN_WORDS:
        text = _about_near(kind, ctx, facts) or (
            ctx.pick("support.sorry_plain") if genre == "support_reply" else ctx.pick("apology.any")
        )
        body = _body(doc)
        if text and body is not None and (_names_near(text, kind, ctx) or genre in _LETTERS):
            body.lines.insert(min(1, len(body.lines)), Line(text, tag="apology"))  # an apology comes early
        return
    if kind == "bullets":
        body = _body(doc)
        from rubric_core.checks import text as t

        items = [Line(s, tag=line.tag) for line in (body.lines[1:] if body else []) for s in t.sentences_of(line.text)]
        if body is not None and len(items) >= 2:
            # The opening sentence stays above the list; the rest become its items.
            lead = body.lines[0]
            at = doc.parts.index(body)
            body.lines = items
            body.layout = "bullets"
            doc.parts.insert(at, Part(f"{body.name} intro", [lead]))


def _names_near(text: str, kind: str, ctx: Ctx) -> bool:
    """Whether a bank sentence names the words the rubric wants beside this kind ("Thanks Aisha and Ben": a
    general "Thanks for your understanding" does not, and is not added)."""
    skip = set(load("words.toml")["function_words"]["list"].split())
    near = [w.lower() for w in ctx.wants.near.get(kind, []) if w.lower() not in skip]
    return all(re.search(rf"\b{re.escape(w)}", text.lower()) for w in near)


def _about_near(kind: str, ctx: Ctx, facts: Facts) -> str | None:
    """A thank-you or an apology naming what the rubric wants it beside, when the task names it too ("Apologizes
    for the delay" of a delayed shipment: "We're sorry for the delay.")."""
    skip = set(load("words.toml")["function_words"]["list"].split())
    near = [w.lower() for w in ctx.wants.near.get(kind, []) if w.lower() not in skip]
    if len(near) != 1 or not re.search(rf"\b{re.escape(near[0])}", facts.task.lower()):
        return None
    return ctx.pick(f"{kind}.about", about=near[0])


def _recast_cta(doc: Doc, ctx: Ctx, facts: Facts) -> None:
    """The genre's call to action, said so the grader reads it as one: when "Have a listen" or "Update to X
    today" is not read as asking the reader to act, the same part says it with another sentence of the banks
    that is ("Listen now and tell us what you think"), the one sharing most words with it first."""
    near = [w.lower() for w in ctx.wants.near.get("call_to_action", [])]

    def reads(text: str) -> bool:
        return bool(p.find("call_to_action", text)) and all(w in text.lower() for w in near)

    line = next((ln for part in doc.parts for ln in part.lines if ln.tag == "call_to_action"), None)
    if line is None or reads(line.text) or re.match(r"^(?:[\w ]+: |\d+/\d+ )", line.text):
        return  # a labelled CTA ("CTA button: ...") or a numbered tweet keeps its shape
    genre, purpose = facts.genre, facts.route.purpose
    keys = [f"email.cta.{purpose}", f"cta.{genre}.any", f"cta.{genre}", "cta.any"]
    own = load("sentences.toml").get(genre, {}).get("cta", {})
    keys[1:1] = [f"{genre}.cta.{k}" for k in own if isinstance(own[k], list)]
    words = set(re.findall(r"[a-z']+", line.text.lower()))
    options = [text for key in keys for o in bank_options(key) if (text := fill(o, ctx.values)) and reads(text)]
    options.sort(key=lambda text: -len(words & set(re.findall(r"[a-z']+", text.lower()))))
    # The line's facts stay ("email careers@maple.com"): a sentence that drops one is no recast.
    kept = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)+(?:/[\w./-]*)?|\d[\d,.:/%]*", line.text)
    for text in options:
        good = ctx.ok(text)
        if good and all(k in good for k in kept):
            line.text = good
            return


def _reader_action(facts: Facts, ctx: Ctx) -> str | None:
    """The task's own words for what the reader should do ("Sign up at hikeclub.org."), as a sentence."""
    from rubric_core.models._say import kind_of

    for point in facts.points:
        if kind_of(point.text) == "reader" and re.search(r"[@/.]\w|\d", point.text):
            return ctx.ok(point.text.rstrip(".") + ".")
    return None


def _terms(doc: Doc, facts: Facts, wants: Wants, ctx: Ctx) -> None:
    """A word the rubric asks for that the task gives: the content point holding it is said (it may have been
    left out for length); a word the task never gives is left alone. Verse and code place their own words."""
    if facts.genre in _OWN_WORDS:
        return
    text = doc.render()
    for term in wants.terms:
        low = term.lower().strip("'\"“”")
        if not low or low not in facts.task.lower() or said_in(text, low):
            continue
        point = next((pt for pt in facts.points if low in pt.text.lower() and not _PART_REQUEST.search(pt.text)), None)
        body = _body(doc)
        if point is None or body is None:
            continue
        from rubric_core.models._fill_frame import point_line

        line = point_line(ctx, point)
        if line is not None and low in line.text.lower():
            body.lines.append(line)
            text = doc.render()


def _sections(doc: Doc, wants: Wants) -> None:
    """Headings the rubric names, on the parts they fit (or on the parts in order)."""
    if not wants.sections:
        return
    rendered = doc.render()
    content = [
        part
        for part in doc.parts
        if part.name not in _FRAME
        and part.layout != "code"
        and not part.heading
        and not part.texts()[0].startswith("#")
    ]
    for k, name in enumerate(wants.sections):
        low = name.lower()
        if re.search(rf"(?im)^(?:#+\s*|\*\*)?{re.escape(name)}\b", rendered):
            continue  # the draft has this heading already
        match = next((part for part in content if part.name == low or low in part.name or part.name in low), None)
        if match is None and k < len(content):
            match = content[k]
        if match is not None:
            match.heading = name
        else:
            _insert_before_frame(doc, Part(low, [Line(f"[Add the {low} here.]")], heading=name))


def apply(doc: Doc, facts: Facts, wants: Wants, variant: int) -> Doc:
    """The draft with what the rubric asks for placed where the genre keeps it."""
    ctx = _ctx(facts, wants, variant, doc)
    if facts.genre in _OWN_WORDS - {"paragraph"}:
        return doc  # verse places its own question or exclamation; code, a query and JSON take no sentence
    for group in wants.patterns:
        if any(_has(doc, kind, wants) for kind in group):
            continue
        for kind in group:
            if kind in wants.patterns_out:
                continue
            for _ in range(max(1, wants.counts.get(kind, 1))):
                # "Includes two questions": one more of the kind each time, while fewer than asked.
                if _has(doc, kind, wants):
                    break
                before = doc.render()
                _add_kind(doc, kind, ctx, facts, again=before != "" and _count(doc, kind) > 0)
                if doc.render() == before:
                    break
            if _has(doc, kind, wants):
                break
    _terms(doc, facts, wants, ctx)
    _sections(doc, wants)
    return doc


def finish(text: str, facts: Facts, wants: Wants) -> str:
    """The rendered draft, last touches: articles that agree, no line with a forbidden word, JSON when the
    rubric asks for it."""
    text = fix_articles(text)
    if wants.words_out or wants.letters_out:
        kept = []
        for line in text.split("\n"):
            if line.strip() and not allowed(line, wants) and not line.lstrip().startswith(("```", "{", "}")):
                if wants.letters_out and not wants.words_out:
                    kept.append(line)  # a lipogram is the verse writer's to keep; never drop a line for a letter
                continue
            kept.append(line)
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
    if wants.json and facts.genre != "json":
        title = facts.name or facts.what or facts.subject
        text = json.dumps({"title": title[:1].upper() + title[1:], "text": text}, indent=2)
    return text
