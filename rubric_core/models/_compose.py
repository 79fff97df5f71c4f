"""A draft from a genre's parts: each part written by its filler from the task's facts, then fitted to the
lengths the task and the rubric ask for (optional lines and parts go first; a draft is never padded with
sentences that say nothing)."""

from __future__ import annotations

import re
from dataclasses import replace

from rubric_core.checks import text as t
from rubric_core.models import (
    _fill_code,
    _fill_docs,
    _fill_events,
    _fill_frame,
    _fill_job,
    _fill_json,
    _fill_know,
    _fill_mail,
    _fill_posts,
    _fill_press,
    _fill_sql,
    _fill_status,
    _fill_summary,
    _fill_verse,
)
from rubric_core.models._doc import FILLERS, Ctx, Doc, Line, Part
from rubric_core.models._read import Facts
from rubric_core.models._route import genres
from rubric_core.models._say import values_of
from rubric_core.models._wants import Wants

_LOADED = (
    _fill_code,
    _fill_docs,
    _fill_events,
    _fill_frame,
    _fill_job,
    _fill_json,
    _fill_know,
    _fill_mail,
    _fill_posts,
    _fill_press,
    _fill_sql,
    _fill_status,
    _fill_summary,
    _fill_verse,
)
"""The filler modules register themselves on import."""


def wants_of_task(facts: Facts) -> Wants:
    """What the task itself asks of the text's form, as the writer's constraints."""
    asks = facts.asks
    wants = Wants(
        lines=asks.limits.get("lines"),
        sentences=asks.limits.get("sentences"),
        words=asks.limits.get("words"),
        words_out=[w.lower() for w in asks.avoid],
    )
    for mark, most in asks.marks_max.items():
        if most == 0:
            wants.patterns_out.append(mark)
    if asks.end == "question":
        wants.patterns.append(("question",))
        wants.positions["question"] = "end"
    for kind in asks.parts:
        mark = {"sign-off": "sign_off", "signoff": "sign_off", "hashtags": "hashtag", "emojis": "emoji"}.get(kind, kind)
        if mark in ("call_to_action", "question", "greeting", "sign_off", "hashtag", "emoji", "link", "price"):
            if (mark,) not in wants.patterns:
                wants.patterns.append((mark,))
    return wants


def compose(facts: Facts, wants: Wants, variant: int) -> Doc:
    """The draft's parts for this revision's variant."""
    spec = genres()[facts.genre]
    values = values_of(facts)
    said: list[str] = []
    parts: list[Part] = []
    n = len(spec["parts"])
    for i, part_spec in enumerate(spec["parts"]):
        ctx = Ctx(facts=facts, wants=wants, variant=variant, values=values, spec=part_spec, index=i, said=said)
        part = FILLERS[part_spec["fill"]](ctx)
        if part is None or not part.texts():
            continue
        part.name = part.name or part_spec["name"]
        if part_spec.get("heading") and not part.heading and part.layout != "code":
            part.heading = part_spec["heading"]
        part.optional = part.optional or bool(part_spec.get("optional"))
        parts.append(part)
    del n
    return Doc(parts=parts)


def measure(text: str) -> dict[str, int]:
    """Words, sentences, lines, paragraphs and characters of a text as the grader counts them."""
    return {
        "words": len(t.words_of(text)),
        "sentences": len(t.sentences_of(text)),
        "lines": len(t.lines_of(text)),
        "paragraphs": len([b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]),
        "chars": len(text),
    }


def _over(doc: Doc, limits: dict[str, tuple[int | None, int | None]]) -> bool:
    m = measure(doc.render())
    return any(hi is not None and m.get(unit, 0) > hi for unit, (_, hi) in limits.items() if unit in m)


def fit(doc: Doc, facts: Facts, wants: Wants) -> Doc:
    """The draft within its length limits: optional lines, then optional parts, then the last plain lines of
    the longest part go, while the draft is over a limit (framing, facts and what the rubric asks for stay)."""
    limits = {k: v for k, v in facts.asks.limits.items() if k in ("words", "sentences", "lines", "paragraphs", "chars")}
    for unit, value in (("words", wants.words), ("sentences", wants.sentences), ("lines", wants.lines)):
        if value is not None:
            limits[unit] = value
    if not limits:
        return doc
    for _ in range(60):
        if not _over(doc, limits):
            break
        if not _drop_one(doc):
            break
    _expand(doc, facts, wants, limits)
    return doc


def _under(doc: Doc, limits: dict[str, tuple[int | None, int | None]]) -> bool:
    m = measure(doc.render())
    return any(
        lo is not None and m.get(unit, 0) < lo for unit, (lo, _) in limits.items() if unit in ("words", "sentences")
    )


def _expand(doc: Doc, facts: Facts, wants: Wants, limits: dict[str, tuple[int | None, int | None]]) -> None:
    """A draft under a minimum gets sentences of the genre's own that say nothing false (never filler that
    holds a rubric word), while it stays within every maximum."""
    if not _under(doc, limits) or facts.genre in (
        "poem",
        "haiku",
        "limerick",
        "sonnet",
        "paragraph",
        "function",
        "sql",
        "json",
    ):
        return
    body = next(
        (p for p in reversed(doc.parts) if p.layout == "paragraph" and p.name not in ("sign-off", "greeting")), None
    )
    if body is None:
        return
    ctx = Ctx(
        facts=facts, wants=wants, variant=0, values=values_of(facts), said=[t for p in doc.parts for t in p.texts()]
    )
    keys = [f"extra.{facts.genre}.{facts.route.purpose}", f"extra.{facts.genre}.any", "extra.any"]
    for _ in range(8):
        text = next((t for key in keys if (t := ctx.pick(key))), None)
        if text is None:
            return
        body.lines.append(Line(text, optional=True))
        if _over(doc, limits):
            body.lines.pop()
            return
        if not _under(doc, limits):
            return


def _drop_one(doc: Doc) -> bool:
    for part in reversed(doc.parts):
        for k in range(len(part.lines) - 1, -1, -1):
            if part.lines[k].optional:
                del part.lines[k]
                return True
    for k in range(len(doc.parts) - 1, -1, -1):
        if doc.parts[k].optional:
            del doc.parts[k]
            return True
    keep = {"question", "call_to_action", "greeting", "sign_off", "hashtag", "apology", "thanks", "item"}
    candidates = [
        (len(p.lines), i)
        for i, p in enumerate(doc.parts)
        if p.layout in ("paragraph", "bullets", "numbered") and len(p.lines) > 1
    ]
    for _, i in sorted(candidates, reverse=True):
        part = doc.parts[i]
        for k in range(len(part.lines) - 1, 0, -1):
            if part.lines[k].tag not in keep and part.lines[k].tag not in (
                "clause",
                "reader",
                "request",
                "offer",
                "price",
            ):
                del part.lines[k]
                return True
    return False


def blank_line(text: str) -> Line:
    return Line(text)


def with_variant(wants: Wants) -> Wants:
    return replace(wants)
