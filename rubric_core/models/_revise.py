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
from rubric_core.models._doc import FILLERS, Ctx, Doc, Line, Part
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
        text = ctx.pick("thanks.any")
        body = _body(doc)
        if text and body is not None:
            body.lines.append(Line(text, tag="thanks"))
        return
    if kind == "apology" and genre not in _OWN_WORDS:
        text = ctx.pick("support.sorry_plain") if genre == "support_reply" else ctx.pick("apology.any")
        body = _body(doc)
        if text and body is not None:
            body.lines.append(Line(text, tag="apology"))
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
