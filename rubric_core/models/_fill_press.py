"""Fillers for a press release and a README section. The news, the dateline, the people quoted and the
commands to run come from the task; what it does not give is a bracketed placeholder."""

from __future__ import annotations

import re

from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._grammar import cap, sentence

# ------------------------------------------------------------------ press release


def _news(ctx: Ctx) -> tuple[str, str]:
    """(organisation, what it does) of the news: ("GreenLeaf Bank", "is opening a new branch in Denver")."""
    facts = ctx.facts
    text = facts.subject
    text = re.sub(r"^(?:that\s+)", "", text)
    m = re.match(
        r"((?:[A-Z][\w&.'’-]*\s?)+?)\s+((?:is|are|has|have|will|raises?|raised|launch\w*|open\w*|acquir\w*|announc\w*|"
        r"hir\w*|partner\w*|win\w*|won|expand\w*|appoint\w*|releas\w*|introduc\w*|unveil\w*|clos\w*|join\w*)\b.*)$",
        text,
    )
    if m:
        return m.group(1).strip(), m.group(2).strip()
    return facts.org or facts.name, ""


def _present(verb_phrase: str) -> str:
    """ "is opening a new branch" -> "opens a new branch"."""
    m = re.match(r"(?:is|are)\s+(\w+)ing\b(.*)$", verb_phrase)
    if m:
        from rubric_core.models._grammar import base_of_ing

        verb = base_of_ing(m.group(1) + "ing")
        verb = verb + ("es" if re.search(r"(?:s|sh|ch|x|z)$", verb) else "s")
        return f"{verb}{m.group(2)}"
    return verb_phrase


_IRREGULAR = {
    "win": "won",
    "wins": "won",
    "make": "made",
    "build": "built",
    "buy": "bought",
    "lead": "led",
    "sell": "sold",
}


def _perfect(verb_phrase: str) -> str:
    """ "raises $12M Series A" -> "has raised a $12M Series A"; "is opening ..." stays."""
    m = re.match(r"(\w+?)(e?s)\s+(.*)$", verb_phrase)
    if not m or re.match(r"(?:is|are|has|have|was|were)\b", verb_phrase):
        return verb_phrase
    base = m.group(1) + (
        "e"
        if m.group(2) == "es"
        and m.group(1).endswith(("s", "c", "g", "v", "r", "t", "z", "u"))
        and not m.group(1).endswith(("ss", "sh", "ch"))
        else ""
    )
    past = _IRREGULAR.get(base, base + "d" if base.endswith("e") else base + "ed")
    obj = m.group(3)
    if re.match(r"[$€£]\d", obj):
        obj = "a " + obj
    return f"has {past} {obj}"


def _title_case(text: str) -> str:
    small = {"a", "an", "the", "and", "or", "of", "in", "on", "at", "to", "for", "by", "with", "from"}
    words = text.split()
    return " ".join(
        w if (k and w.lower() in small) or not w[:1].isalpha() or w[:1].isupper() else cap(w)
        for k, w in enumerate(words)
    )


def _dateline(ctx: Ctx) -> str:
    facts = ctx.facts
    m = re.search(r"\b(?i:dateline)\s+([A-Z][\w .'-]*?)(?:[.,;]|$)", facts.task)
    city = m.group(1).strip() if m else ""
    if not city:
        place = re.search(r"\bin\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\b", facts.subject)
        city = place.group(1) if place else "[City]"
    dates = [d for d in facts.dates if re.search(r"\d", d)]
    return f"{city.upper() if city != '[City]' else city}, {dates[0] if dates else '[Date]'} —"


@filler("press_headline")
def press_headline(ctx: Ctx) -> Part | None:
    org, news = _news(ctx)
    if not org:
        return Part("headline", [Line("# [Headline]")], layout="lines")
    head = f"{org} {_present(news)}" if news else f"{org} [announces its news]"
    return Part("headline", [Line(f"# {head}")], layout="lines")


@filler("press_lead")
def press_lead(ctx: Ctx) -> Part | None:
    org, news = _news(ctx)
    lines = []
    lead = (
        f"{_dateline(ctx)} {org} today announced that it {_perfect(news)}"
        if news
        else f"{_dateline(ctx)} {org} today announced [the news]"
    )
    line = ctx.say(sentence(re.sub(r"\bit is\b", "it is", lead)))
    if line:
        lines.append(line)
    for point in ctx.facts.points:
        if point.label or re.search(
            r"\b(?:quote|boilerplate|about|media contact|contact|dateline|format|announced)\b|@",
            point.text,
            re.IGNORECASE,
        ):
            continue
        said = ctx.say(sentence(point.text))
        if said:
            lines.append(said)
    more = ctx.pick("press.more")
    if more:
        lines.append(Line(more, optional=True))
    return Part("lead", lines)


@filler("press_quote")
def press_quote(ctx: Ctx) -> Part | None:
    org, _ = _news(ctx)
    m = re.search(
        r"\bquote from\s+(?:(?:our|the|their)\s+)?(?:(CEO|CTO|COO|CFO|founder|co-founder|president|chair|head of \w+|director)\s+)?([A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?)",
        ctx.facts.task,
    )
    who = (
        (f"{org} {m.group(1)} {m.group(2)}" if m.group(1) else f"{m.group(2)} of {org}")
        if m
        else f"[Name], [title] at {org or '[organisation]'}"
    )
    text = ctx.pick("press.quote")
    if not text:
        return None
    return Part("quote", [Line(f"“{text[:-1]},” said {who}." if text.endswith(".") else f"“{text}” said {who}.")])


@filler("press_about")
def press_about(ctx: Ctx) -> Part | None:
    org, _ = _news(ctx)
    name = org or "[Organisation]"
    return Part(
        "about",
        [Line(f"[One or two sentences on what {name} does, where it operates and since when.]")],
        heading=f"About {name}",
    )


@filler("press_contact")
def press_contact(ctx: Ctx) -> Part | None:
    v = ctx.values
    contact = v.get("email") or v.get("phone") or "[name, email, phone]"
    return Part("media contact", [Line(f"Media contact: {contact}"), Line("###")], layout="lines")


# ------------------------------------------------------------------ README section
_COMMAND = re.compile(
    r"\b((?:pip3?|pipx|npm|npx|yarn|pnpm|brew|apt(?:-get)?|cargo|go|gem|conda|poetry|uv|docker|git)\s+"
    r"(?:install|add|get|run|pull|clone|i)\s+[\w@./:-]+(?:\s+--?[\w-]+)*)|"
    r"\b([a-z][\w-]*\s+--?[a-z][\w-]*)\b"
)


def _section(ctx: Ctx) -> str:
    quoted = [q for q in ctx.facts.quoted if q[:1].isupper() and len(q.split()) <= 3]
    m = re.search(r"\b(?:the\s+)?([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+section\b", ctx.facts.task)
    if m and m.group(1) not in ("README",):
        return m.group(1)
    if quoted:
        return quoted[0]
    m = re.search(
        r"\b(installation|usage|contributing|configuration|license|getting started|quick ?start|faq)\b",
        ctx.facts.task,
        re.IGNORECASE,
    )
    return cap(m.group(1)) if m else "Overview"


@filler("readme_heading")
def readme_heading(ctx: Ctx) -> Part | None:
    return Part("heading", [Line(f"## {_section(ctx)}")], layout="lines")


@filler("readme_body")
def readme_body(ctx: Ctx) -> Part | None:
    section = _section(ctx).lower()
    task = ctx.facts.task
    commands = [m.group(1) or m.group(2) for m in _COMMAND.finditer(task)]
    needs = [
        m.group(0)
        for m in re.finditer(
            r"\b(?:Python|Node(?:\.js)?|Java|Go|Ruby|Rust|PHP|PostgreSQL|Docker)\s+v?\d[\d.]*\+?", task
        )
    ]
    lines: list[Line] = []
    if needs:
        lines.append(Line(sentence(f"you'll need {' and '.join(needs)}")))
    install = [c for c in commands if re.search(r"\binstall|\badd\b|\bclone\b|\bget\b", c)]
    check = [c for c in commands if c not in install]
    if install:
        lines.append(Line("Install it with:"))
        lines.append(Line("```bash\n" + "\n".join(install) + "\n```"))
    if check:
        lines.append(Line("Check that it worked:"))
        lines.append(Line("```bash\n" + "\n".join(check) + "\n```"))
    if not lines:
        bank = load("knowledge.toml")["readme"]
        key = next((k for k in bank if k in section), "default")
        lines = [Line(text) for text in bank[key]]
        name = ctx.values.get("name") or "the project"
        name = "the project" if name.lower() == section else name
        lines = [Line(line.text.replace("{name}", name)) for line in lines]
    return Part("body", lines, layout="blocks")
