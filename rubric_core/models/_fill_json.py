"""The JSON filler: an object with the keys and types the task names ("id (integer), username (string)"), the
settings it lists ("level 'info', output to stdout, keep 14 days"), or a known file's shape (package.json)."""

from __future__ import annotations

import json
import re
from typing import Any

from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Line, Part, filler

_TYPED = re.compile(r"^`?([a-z_][a-z0-9_]*)`?\s*\(([^)]*)\)$", re.IGNORECASE)


def _snake(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", words.lower()).strip("_")


def _example(key: str, kind: str, ctx: Ctx) -> Any:
    kind = kind.lower()
    named = next((q for q in ctx.facts.quoted if re.fullmatch(r"[\w.-]+", q)), "")
    if "bool" in kind:
        return True
    if "int" in kind or kind in ("number", "integer"):
        return 1
    if "float" in kind or "decimal" in kind:
        return 1.5
    if "array" in kind or "list" in kind:
        return ["admin", "editor"] if "role" in key else ["example"]
    if "date" in kind or "iso" in kind or "8601" in kind:
        return "2024-01-15T09:30:00Z" if "time" in kind or "8601" in kind else "2024-01-15"
    if "object" in kind or "dict" in kind:
        return {}
    if key in ("username", "user", "handle", "login") and named:
        return named
    if "email" in key:
        return f"{named or 'user'}@example.com"
    if key == "name" and named:
        return named
    return f"example {key.replace('_', ' ')}"


def _setting(text: str) -> tuple[str, Any] | None:
    """One listed setting as a key and a value."""
    t = text.strip().rstrip(".")
    if re.match(r"(?:use|give|make|include|add|write|return|just|only|no|with)\b", t, re.IGNORECASE):
        return None
    m = re.match(r"^([a-z][\w ]*?)\s+['\"“‘]([^'\"”’]+)['\"”’]$", t, re.IGNORECASE)
    if m:
        return _snake(m.group(1)), m.group(2)
    m = re.match(r"^(?:rotate|rotating)\s+(?:\w+\s+)?(hourly|daily|weekly|monthly)$", t, re.IGNORECASE)
    if m:
        return "rotation", m.group(1).lower()
    m = re.match(
        r"^(?:keep|retain|store)\s+(?:logs?\s+(?:for\s+)?)?(\d+)\s+(days?|weeks?|hours?|files?|months?)$",
        t,
        re.IGNORECASE,
    )
    if m:
        unit = m.group(2).lower().rstrip("s")
        return f"retention_{unit}s", int(m.group(1))
    m = re.match(r"^(.+?)\s+(?:turned on|enabled|switched on|on)$", t, re.IGNORECASE)
    if m:
        return _snake(m.group(1)), True
    m = re.match(r"^(.+?)\s+(?:turned off|disabled|switched off|off)$", t, re.IGNORECASE)
    if m:
        return _snake(m.group(1)), False
    m = re.match(r"^(output|log|write|send|print)s?\s+(?:to|into)\s+([\w./-]+)$", t, re.IGNORECASE)
    if m:
        return "output", m.group(2)
    m = re.match(r"^([a-z][\w ]*?)\s*(?::|=|\bof\b|\bis\b)?\s+(\d+(?:\.\d+)?)$", t, re.IGNORECASE)
    if m:
        value = float(m.group(2)) if "." in m.group(2) else int(m.group(2))
        return _snake(m.group(1)), value
    m = re.match(r"^([a-z][\w]*)\s*[:=]\s*(.+)$", t, re.IGNORECASE)
    if m:
        return _snake(m.group(1)), m.group(2).strip()
    return None


def _template(ctx: Ctx) -> dict[str, Any] | None:
    templates = load("knowledge.toml").get("json", {})
    low = ctx.facts.task.lower()
    name = ctx.facts.name or re.sub(r"\W+", "-", (ctx.facts.what or "app").lower()).strip("-")
    for _key, entry in templates.items():
        if any(w in low for w in entry["words"]):
            what = ctx.facts.what or "tool"
            text = entry["object"].replace("{name}", name).replace("{What}", what[:1].upper() + what[1:])
            value: dict[str, Any] = json.loads(text)
            return value
    return None


def _cut_list(text: str) -> list[str]:
    """The items of "a, b (integer) and c (array of strings)", commas inside brackets kept."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    items = []
    for part in out:
        items += re.split(r"\s+and\s+(?![^(]*\))", part.strip())
    return [re.sub(r"^(?:and|an?|the)\s+", "", i.strip()) for i in items]


def build_object(ctx: Ctx) -> dict[str, Any]:
    template = _template(ctx)
    if template is not None:
        return template
    obj: dict[str, Any] = {}
    listed = re.search(r"\b(?:keys?|fields?|properties|with)\s*:?\s+(.+?)\.?$", ctx.facts.task.split("\n", 1)[0])
    items = [ctx.facts.head] if listed is None else []
    if listed is not None:
        # "a book with title, author, year (integer) and tags (array of strings)": each item is a key.
        items = [i for i in _cut_list(listed.group(1)) if i]
        if not all(_TYPED.match(i) or re.fullmatch(r"`?[a-z_][a-z0-9_]*`?", i) for i in items):
            items = []
    for item in items:
        m = _TYPED.match(item)
        if m:
            obj[m.group(1)] = _example(m.group(1), m.group(2), ctx)
        elif re.fullmatch(r"`?[a-z_][a-z0-9_]*`?", item):
            obj[item.strip("`")] = _example(item.strip("`"), "string", ctx)
    if obj:
        return obj
    for point in ctx.facts.points:
        m = _TYPED.match(point.text.strip())
        if m:
            obj[m.group(1)] = _example(m.group(1), m.group(2), ctx)
            continue
        setting = _setting(point.text)
        if setting:
            obj[setting[0]] = setting[1]
    head = re.search(r"\bkeys?\s*:?\s*(.+)$", ctx.facts.head)
    if head and not obj:
        for key in re.split(r",\s*|\s+and\s+", head.group(1)):
            if re.fullmatch(r"[a-z_][a-z0-9_]*", key.strip()):
                obj[key.strip()] = _example(key.strip(), "string", ctx)
    if not obj:
        if ctx.facts.name:
            obj["name"] = ctx.facts.name
        if ctx.facts.what:
            obj["description"] = ctx.facts.what
    return obj


@filler("json_object")
def json_object(ctx: Ctx) -> Part | None:
    obj = build_object(ctx)
    # A revision that must change visibly (a criterion nothing in the object can meet) changes the layout only.
    indent = (2, 4)[ctx.variant % 2]
    return Part("object", [Line(json.dumps(obj, indent=indent, ensure_ascii=False))], layout="lines")
