"""A brief written as fields ("Length: 600-800 words", "Tone: friendly", "Avoid: jargon, the word "easy"") read as
the sentences it stands for, so the same clause rules draft it ("600-800 words", "be friendly", "avoid jargon, avoid
the word "easy""). A line whose label is not a known field is left as written; a label that only names the kind of
text ("Blog post: how to start composting") opens the task."""

from __future__ import annotations

import re

_LIST = re.compile(r"\s*(?:,|;|\band\b)\s*")
_FIELD = re.compile(r"^\s*(?:[-*•]\s*)?([A-Za-z][A-Za-z /'’-]{1,30}?)\s*:\s+(.+?)\s*$")


def _items(value: str) -> list[str]:
    """The items of a field's list, a quoted phrase kept whole."""
    out: list[str] = []
    depth = ""
    current = ""
    for part in re.split(r"(\s*(?:,|;)\s*|\s+and\s+)", value):
        current += part
        quotes = current.count('"') + current.count("“") + current.count("”")
        if re.fullmatch(r"\s*(?:,|;)\s*|\s+and\s+", part) and quotes % 2 == 0 and not depth:
            item = current[: -len(part)].strip()
            if item:
                out.append(item)
            current = ""
    if current.strip():
        out.append(current.strip())
    return out


def _said(key: str, value: str) -> str | None:
    """The sentence a field stands for, or None when the label is no field the drafter knows."""
    k = key.lower().strip()
    if k in ("task", "brief", "prompt", "request", "goal", "assignment", "ask", "job"):
        return value
    if k in ("length", "word count", "size", "target length"):
        return value if re.search(r"\d", value) else f"be {value}"
    if k in ("max length", "word limit", "maximum length", "limit", "max"):
        return f"at most {value}"
    if k in ("min length", "minimum length", "minimum"):
        return f"at least {value}"
    if k in ("tone", "voice", "style", "mood"):
        return "be " + ", ".join(_items(value))
    if k in ("audience", "reader", "readers", "for", "target audience"):
        return f"written for {value}"
    if k in (
        "must mention",
        "mention",
        "include",
        "must include",
        "cover",
        "must cover",
        "keywords",
        "key points",
        "points",
    ):
        return "mention " + ", ".join(_items(value))
    if k in (
        "avoid",
        "don't mention",
        "do not mention",
        "exclude",
        "never",
        "must not mention",
        "no",
        "don't",
        "do not",
    ):
        verb = "avoid" if k in ("avoid", "exclude", "never", "no", "don't", "do not") else "don't mention"
        return ", ".join(f"{verb} {i}" for i in _items(value))
    if k in ("format", "structure", "layout"):
        return (
            f"as {value}"
            if re.search(r"(?i)\b(?:list|bullets?|table|steps|paragraphs?|json|markdown)\b", value)
            else value
        )
    if k in ("topic", "subject", "about", "theme"):
        return f"about {value}"
    if k in ("title", "headline"):
        return f'include the title "{value.strip(chr(34))}"'
    if k in ("cta", "call to action"):
        return f"end with a call to action to {value[:1].lower() + value[1:]}"
    if k in ("hashtags", "hashtag"):
        return "include " + ", ".join(_items(value))
    if k in ("language",):
        return f"write in {value}"
    if k in ("sign-off", "sign off", "signoff", "closing", "ending", "end with"):
        return (
            f'sign off with "{value.strip(chr(34))}"' if not value.startswith(('"', "“")) else f"sign off with {value}"
        )
    if k in ("greeting", "opening", "start with", "opener"):
        return f'start with "{value.strip(chr(34))}"' if not value.startswith(('"', "“")) else f"start with {value}"
    if k in ("deadline", "date", "due"):
        return f"mention the date {value}"
    return None


def rewrite_fields(task: str) -> str:
    """The task with each field line said as a sentence (other lines unchanged)."""
    from rubric_core.assistant.genre_rules import GENRE

    lines = task.split("\n")
    fields = [_FIELD.match(x) for x in lines]
    if sum(1 for m in fields if m and _said(m.group(1), m.group(2)) is not None) < 2:
        return task  # one "X: y" in prose is a colon, not a brief of fields
    out = []
    for n, (text, m) in enumerate(zip(lines, fields, strict=True)):
        if m is None:
            out.append(text)
            continue
        said = _said(m.group(1), m.group(2))
        if said is None and n == 0 and GENRE.search(m.group(1)):
            said = f"Write a {m.group(1).lower()} about {m.group(2)}"  # "Blog post: how to start composting"
        out.append(text if said is None else said.rstrip(".") + ".")
    return "\n".join(out)
