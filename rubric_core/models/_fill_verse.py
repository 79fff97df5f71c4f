"""Fillers for verse: free verse and haiku from the image banks (`_verse`), a limerick and a sonnet from the
rhymed skeletons of data/knowledge.toml, and the descriptive paragraph. A poem ends on a question, an
exclamation or an emoji when the rubric asks for one; it takes no price, link or call to action."""

from __future__ import annotations

import re
from typing import Any

from rubric_core.checks import patterns as p
from rubric_core.models import _verse
from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._grammar import cap, with_article
from rubric_core.models._task import Brief, content_words, read_task
from rubric_core.models._wants import Wants

_POEM_QUESTIONS = (
    "who will remember {s}?",
    "what does {s} dream of tonight?",
    "do you hear {s} too?",
    "where does {s} go when the night comes?",
)


def _brief(ctx: Ctx) -> Brief:
    return read_task(ctx.facts.task, ctx.facts.follow_ups)


def poem_asks(text: str, brief: Brief, wants: Wants) -> str:
    """The poem ending on a question, an exclamation or an emoji when the rubric asks for one."""
    lines = text.split("\n")
    wanted = {name for group in wants.patterns for name in group} - set(wants.patterns_out)
    if not lines or not wanted & {"question", "exclamation", "emoji"}:
        return text
    if "question" in wanted and not p.find("question", text) and not wants.syllables:
        words = content_words(brief.subject)
        short = brief.topics[0] if brief.topics else " ".join(words[-2:]) if words else brief.subject
        s = _verse.noun_phrase(short) if len(short.split()) <= 2 else short
        room = wants.lines is None or wants.lines[1] is None or len(lines) < wants.lines[1]
        target = len(lines) if room else len(lines) - 1
        for k in range(len(_POEM_QUESTIONS)):
            line = cap(_POEM_QUESTIONS[(brief.seed + k) % len(_POEM_QUESTIONS)].format(s=s))
            if _verse.allowed(line, wants):
                if target == len(lines):
                    lines[-1] = re.sub(r"\.$", ",", lines[-1])
                    lines.append(line)
                else:
                    lines[target] = line
                break
    if "exclamation" in wanted and "!" not in "\n".join(lines):
        lines[-1] = re.sub(r"[.,]?$", "!", lines[-1], count=1) if not lines[-1].endswith("?") else lines[-1]
    if "emoji" in wanted and not p.find("emoji", "\n".join(lines)):
        lines[-1] += " ✨"
    return "\n".join(lines)


def _syllables(text: str) -> int:
    from rubric_core.checks.syllables import count_syllables

    return sum(count_syllables(w) for w in re.findall(r"[A-Za-z']+", text))


def term_haiku(terms: list[str], pattern: list[int], seed: int) -> str | None:
    """A haiku whose lines hold the required words, each padded to its syllables with a phrase of the bank;
    None when a word does not fit a line."""
    pads: dict[str, list[str]] = load("knowledge.toml")["haiku_pad"]
    lines: list[str] = [""] * len(pattern)
    order = sorted(range(len(pattern)), key=lambda i: -pattern[i])
    for term in sorted(terms, key=_syllables, reverse=True):
        free = [i for i in order if not lines[i] and _syllables(term) <= pattern[i]]
        if not free:
            return None
        lines[free[0]] = term
    for i, want in enumerate(pattern):
        need = want - _syllables(lines[i])
        if need == 0:
            continue
        options = pads.get(str(need), [])
        if not options:
            return None
        pad = options[(seed + i) % len(options)]
        lines[i] = f"{lines[i]} {pad}".strip()
    if any(_syllables(line) != want for line, want in zip(lines, pattern, strict=True)):
        return None
    return "\n".join(cap(line) + ("," if k < len(lines) - 1 else ".") for k, line in enumerate(lines))


@filler("verse")
def verse(ctx: Ctx) -> Part | None:
    brief = _brief(ctx)
    text = _verse.compose(brief, ctx.wants, ctx.variant, poem=True)
    terms = [t for t in ctx.wants.terms if t.lower() not in text.lower()]
    if terms and ctx.wants.syllables and len(terms) <= len(ctx.wants.syllables):
        text = term_haiku(list(ctx.wants.terms), list(ctx.wants.syllables), ctx.seed + ctx.variant) or text
    text = poem_asks(text, brief, ctx.wants)
    return Part("poem", [Line(line) for line in text.split("\n") if line], layout="lines") if text else None


@filler("verse_paragraph")
def verse_paragraph(ctx: Ctx) -> Part | None:
    brief = _brief(ctx)
    text = _verse.compose(brief, ctx.wants, ctx.variant, poem=False)
    return Part("body", [Line(text)]) if text else None


# ------------------------------------------------------------------ limerick
def _limerick_slots(ctx: Ctx) -> dict[str, str]:
    subject = re.sub(r"\s*[—–-]\s.*$", "", ctx.facts.subject)
    subject = re.sub(r"^(?:our|my|the)\s+(?:coworker|colleague|friend|boss|neighbou?r)\s+", "", subject)
    m = re.match(r"(.+?)\s+(?:who|that|which)(?:'s|\s+is|\s+was)?\s+(.+)$", subject)
    who, does = (m.group(1), m.group(2)) if m else (subject, "")
    who = who.strip()
    named = bool(re.match(r"[A-Z]", who))
    slots = {"who": who if named else re.sub(r"^(?:a|an|the)\s+", "", who), "does": does}
    slots["a_who"] = who if named else with_article(slots["who"])
    slots["Who"] = cap(slots["a_who"])
    slots["short"] = who.split()[0] if named else f"the {slots['who'].split()[-1]}"
    slots["pronoun"] = "it" if not named else ""
    slots["it"], slots["It_cap"], slots["its"] = ("they", "They", "their") if named else ("it", "It", "its")
    act = re.match(r"(?:learns?|learning|wants? to|tries|trying) (?:to )?(.+)$", does)
    slots["verb"] = f"learn to {act.group(1)}" if act and does.startswith("learn") else (act.group(1) if act else "")
    love = re.match(r"(?:obsessed with|loves?|in love with|mad about|crazy about|fond of|addicted to)\s+(.+)$", does)
    slots["passion"] = love.group(1) if love else ""
    tools = [pt.text for pt in ctx.facts.points if pt.lead in ("mention", "include") and len(pt.text.split()) <= 3]
    slots["tool"] = tools[0] if tools else ""
    slots["subject"] = re.sub(r"^(?:a|an|the)\s+", "", subject)
    slots["a_subject"] = with_article(slots["subject"]) if not named else slots["subject"]
    return slots


def _echoes(lines: list[str], ctx: Ctx) -> bool:
    from rubric_core.models import _echo

    return _echo.echoes(" ".join(lines), ctx.facts.task, ctx.facts.carry())


def _fill_lines(lines: list[str], slots: dict[str, str]) -> list[str] | None:
    out = []
    for line in lines:
        for key in re.findall(r"\{(\w+)\}", line):
            value = slots.get(key, "")
            if not value:
                return None
            line = line.replace("{" + key + "}", value)
        out.append(cap(line))
    return out


@filler("limerick")
def limerick(ctx: Ctx) -> Part | None:
    slots = _limerick_slots(ctx)
    skeletons: list[dict[str, Any]] = load("knowledge.toml")["limericks"]
    start = ctx.seed
    usable = []
    for k in range(len(skeletons)):
        lines = _fill_lines(skeletons[(start + k) % len(skeletons)]["lines"], slots)
        if lines and all(_verse.allowed(line, ctx.wants) for line in lines) and not _echoes(lines, ctx):
            usable.append(lines)
    if not usable:
        return verse(ctx)  # no skeleton fits the subject: free verse about it, never an empty draft
    # The skeleton that says the most of the task (a named tool, a passion) first.
    said = [v.lower() for v in (slots["tool"], slots["passion"], slots["verb"]) if v]
    # The skeleton that says the most of the task first; a revision that must change moves to the next one.
    ranked = sorted(usable, key=lambda ls: -sum(v in " ".join(ls).lower() for v in said))
    best = list(ranked[0])
    kept = [v for v in said if v in " ".join(best).lower()]
    if ctx.variant:
        # A revision that must change keeps the skeleton that says the most and changes its middle couplet,
        # unless the couplet holds what the task asked for ("With Excel open wide").
        couplets = load("knowledge.toml")["limerick_couplets"]
        changed = best[:2] + list(couplets[(ctx.variant - 1) % len(couplets)]["lines"]) + best[4:]
        if all(v in " ".join(changed).lower() for v in kept):
            best = changed
    return Part("poem", [Line(line) for line in best], layout="lines")


# ------------------------------------------------------------------ sonnet
@filler("sonnet")
def sonnet(ctx: Ctx) -> Part | None:
    bank: dict[str, Any] = load("knowledge.toml")["sonnets"]
    low = ctx.facts.task.lower()
    entry = next(
        (e for key, e in bank.items() if key != "default" and any(w in low for w in e["words"])), bank["default"]
    )
    subject = re.sub(r"^(?:a|an|the)\s+", "", re.split(r"\s+(?:that|which|who)\s+", ctx.facts.subject)[0])
    lines = _fill_lines(entry["lines"], {"subject": subject, "the_subject": f"the {subject}"})
    if lines and ctx.variant % 2:
        # A revision that must change swaps the middle quatrains (each rhymes on its own: the scheme holds).
        lines = lines[:4] + lines[8:12] + lines[4:8] + lines[12:]
    return Part("poem", [Line(line) for line in lines or []], layout="lines") if lines else None
