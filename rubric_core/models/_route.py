"""Which kind of text a task asks for: its genre, from the triggers in data/genres.toml.

The genre is named in the task's first sentence (its head) as a rule: "Write a launch email for ..." is an
email even when a later sentence says "code SUNNY25" or "PostgreSQL experience". Among the genres the head
names, the most specific wins ("press release" over "announcing"), then the first named; "an invitation
email" is an email (the last word of a compound names the kind). A task that names no genre goes to the
nearest one, and the route carries a notice for the run to show (never written into the draft).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from rubric_core.models._data import load


@dataclass(frozen=True)
class Route:
    """Where a task goes."""

    genre: str
    """The genre id (a key of data/genres.toml)."""

    span: tuple[int, int] = (0, 0)
    """Where the genre is named in the task's head clause ((0, 0) when it is not)."""

    notice: str = ""
    """For the run, not the draft: said when the task went to the nearest genre."""

    purpose: str = ""
    """What an email or a post is for: launch, apology, thanks, welcome, invite, reminder, request, follow_up."""

    word: str = ""
    """The words that named the genre, lower case ("launch email", "job post")."""


@cache
def genres() -> dict[str, dict[str, Any]]:
    """The genres of data/genres.toml by id."""
    data: dict[str, dict[str, Any]] = load("genres.toml")["genre"]
    return data


@cache
def _compiled() -> list[tuple[str, int, re.Pattern[str]]]:
    out = []
    for gid, genre in genres().items():
        for trigger in genre["triggers"]:
            pattern, rank = (
                (trigger["pattern"], trigger["rank"]) if isinstance(trigger, dict) else (trigger, genre.get("rank", 1))
            )
            out.append((gid, int(rank), re.compile(pattern)))
    return out


def _matches(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, rank, genre) of every trigger found in the lower-cased text."""
    low = text.lower()
    return [(m.start(), m.end(), rank, gid) for gid, rank, pattern in _compiled() for m in pattern.finditer(low)]


def _best(found: list[tuple[int, int, int, str]], text: str) -> tuple[int, int, int, str] | None:
    if not found:
        return None
    best = max(found, key=lambda f: (f[2], -f[0]))
    low = text.lower()
    # "an invitation email", "a launch email": a genre word right before "email" describes the email.
    for f in found:
        if f[3] == "email" and any(g[1] + 1 == f[0] or g[1] == f[0] - 1 for g in found if g is not f):
            follows = [g for g in found if g[3] != "email" and low[g[1] : f[0]].strip(" -") == ""]
            if follows and all(
                g[3] in ("announcement", "invitation", "newsletter", "thread", "tweet") for g in follows
            ):
                return f
    return best


_OBJECT = re.compile(
    r"^\s*(?:(?:can|could|would) you\s+|please\s+|i need\s+|i want\s+|help me\s+)*(?:please\s+)?"
    r"(?:write|draft|create|compose|give me|make|prepare|put together|come up with|generate|craft|whip up)\s+"
    r"(?:me\s+|us\s+)?(?:(?:an?|the|some|one|our|my|this)\s+)?"
    r"(?:(?:short|quick|brief|new|simple|friendly|formal|casual|fun|punchy|catchy)\s+)?",
    re.IGNORECASE,
)
"""The words before the thing a task asks to be written: what follows names the kind ("Write a blog post about
learning SQL" is a blog post, whatever "SQL" later says)."""


def _named_first(head: str, found: list[tuple[int, int, int, str]]) -> tuple[int, int, int, str] | None:
    """The genre the head's object names ("a LinkedIn post announcing that we're hiring": LinkedIn post, not a
    job post), the last word of a compound naming it ("a tweet thread", "an invitation email")."""
    obj = _OBJECT.match(head)
    if obj is None or obj.end() == 0:
        return None
    at = [f for f in found if f[0] == obj.end()]
    if not at:
        return None
    named = max(at, key=lambda f: f[1])
    while True:
        nxt = [
            g
            for g in found
            if named[1] <= g[0] <= named[1] + 1 and g is not named and not _VERB.search(head[g[0] : g[1]].lower())
        ]
        if not nxt:
            return named
        named = max(nxt, key=lambda f: f[1])


_VERB = re.compile(r"(?:ing|ed)$|^(?:invite|announce|explain|describe|summari[sz]e|recap)$")
"""A trigger that is a verb ("an email announcing ...") follows the kind, it does not make a compound."""


def _near_first(head: str) -> tuple[str, str] | None:
    """A kind the writer has no genre for, named as the head's object ("a blog post intro about ..."): (word,
    genre)."""
    obj = _OBJECT.match(head)
    if obj is None or obj.end() == 0:
        return None
    rest = head[obj.end() :].lower()
    words = sorted(load("genres.toml")["near"].items(), key=lambda kv: -len(kv[0]))
    return next(((w, gid) for w, gid in words if re.match(rf"{re.escape(w)}\b", rest)), None)


def _head(task: str) -> str:
    first = task.strip().split("\n", 1)[0]
    m = re.search(r"[.!?](?:\s|$)|:\s", first)
    return first[: m.start()] if m else first


def _purpose(task: str) -> str:
    hits = []
    for purpose, patterns in load("genres.toml")["purpose"].items():
        for pattern in patterns:
            m = re.search(pattern, task, re.IGNORECASE)
            if m:
                hits.append((m.start(), purpose))
    return min(hits)[1] if hits else "update"


@cache
def route(task: str) -> Route:
    """The genre of a task, with where its head names it and the notice for a nearest-genre route."""
    head = _head(task)
    found = _matches(head)
    best = _best(found, head)
    purpose = _purpose(task)
    if best is not None:
        kind = _near_first(head)
        if kind is not None and not _named_first(head, found):
            word, gid = kind
            label = genres()[gid]["label"]
            notice = f'The offline writer has no "{word}" genre; it wrote the nearest one it has: {label}.'
            return Route(genre=gid, notice=notice, purpose=purpose, word=word)
        best = _named_first(head, found) or best
        return Route(genre=best[3], span=(best[0], best[1]), purpose=purpose, word=head.lower()[best[0] : best[1]])
    best = _best(_matches(task), task)
    if best is not None:
        return Route(genre=best[3], purpose=purpose)
    data = load("genres.toml")
    low = task.lower()
    near = [
        (low.find(word), word, gid) for word, gid in data["near"].items() if re.search(rf"\b{re.escape(word)}\b", low)
    ]
    if near:
        _, word, gid = min(near, key=lambda n: (n[0], -len(n[1])))
        label = genres()[gid]["label"]
        notice = f'The offline writer has no "{word}" genre; it wrote the nearest one it has: {label}.'
        return Route(genre=gid, notice=notice, purpose=purpose, word=word)
    gid = data["default"]
    notice = (
        "The task names no kind of text the offline writer knows; it wrote the nearest one it has: "
        f"{genres()[gid]['label']}."
    )
    return Route(genre=gid, notice=notice, purpose=purpose)
