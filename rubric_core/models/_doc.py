"""A draft as its genre's parts: each part a few lines (sentences, bullets, code) with a layout, rendered to text.

Fillers (the `_fill_*` modules) register here by name; a genre's parts in data/genres.toml say which filler
writes each part. A filler gets a `Ctx`: the task's facts, what the next draft must do (`Wants`), the
revision's variant, and helpers that pick a sentence from the banks (data/sentences.toml) and fill it with
facts only; a sentence whose slot the task leaves empty, that uses a forbidden word, or that would echo the
task is never written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rubric_core.models import _echo
from rubric_core.models._data import load
from rubric_core.models._grammar import cap, fix_articles, with_article
from rubric_core.models._read import Facts
from rubric_core.models._verse import allowed
from rubric_core.models._wants import Wants


@dataclass
class Line:
    """One sentence, bullet, or line of code."""

    text: str
    optional: bool = False
    """Left out first when a length limit needs the room."""
    tag: str = ""
    """What the line carries for the rubric: question, call_to_action, price, thanks, apology..."""
    new_para: bool = False
    """In a paragraph part: this sentence starts a new paragraph."""


@dataclass
class Part:
    """One part of the draft."""

    name: str
    lines: list[Line] = field(default_factory=list)
    layout: str = "paragraph"
    """paragraph (sentences in one block), lines (one a line), bullets, numbered, code, blocks (one a paragraph)."""
    heading: str = ""
    optional: bool = False
    lang: str = ""
    """For code: the fence's language."""

    def texts(self) -> list[str]:
        return [line.text for line in self.lines if line.text]

    def render(self, heading_mark: str = "") -> str:
        texts = self.texts()
        if not texts:
            return ""
        if self.layout == "paragraph":
            paras: list[list[str]] = [[]]
            for line in self.lines:
                if not line.text:
                    continue
                if line.new_para and paras[-1]:
                    paras.append([])
                paras[-1].append(line.text)
            body = "\n\n".join(" ".join(p) for p in paras if p)
        elif self.layout == "bullets":
            body = "\n".join(f"- {t}" for t in texts)
        elif self.layout == "numbered":
            body = "\n".join(f"{i}. {t}" for i, t in enumerate(texts, 1))
        elif self.layout == "code":
            body = f"```{self.lang}\n" + "\n".join(texts).rstrip("\n") + "\n```"
        elif self.layout == "blocks":
            body = "\n\n".join(texts)
        else:
            body = "\n".join(texts)
        if self.heading:
            mark = heading_mark or "##"
            heading = f"**{self.heading}**" if mark == "**" else f"{mark} {self.heading}"
            return f"{heading}\n{body}"
        return body


@dataclass
class Doc:
    """The draft's parts in order."""

    parts: list[Part]
    heading_mark: str = "##"

    def part(self, name: str) -> Part | None:
        return next((p for p in self.parts if p.name == name), None)

    def render(self) -> str:
        return "\n\n".join(b for b in (p.render(self.heading_mark) for p in self.parts) if b).strip()


_JOINERS = ("Also, ", "Please note: ", "And ")
"""Words that join a sentence to the one before it, which also break a run of the task's own words."""

Filler = Callable[["Ctx"], Part | None]
FILLERS: dict[str, Filler] = {}


def filler(name: str) -> Callable[[Filler], Filler]:
    """Register a part filler under the name genres.toml uses."""

    def register(fn: Filler) -> Filler:
        FILLERS[name] = fn
        return fn

    return register


_SLOT = re.compile(r"\{(\w+)\}")


def fill(template: str, values: dict[str, str]) -> str | None:
    """The template with its slots filled, or None when the task leaves a slot empty. `{x}` is the value,
    `{X}` the value with a capital, `{a_x}` the value with "a" or "an"."""
    out = template
    for m in _SLOT.finditer(template):
        key = m.group(1)
        own = values.get(key, "")  # a value given under its own key ("a_role") is used as it is
        base = key[2:] if key.startswith("a_") else key.lower() if key[:1].isupper() else key
        value = own or values.get(base, "")
        if not value:
            return None
        if key.startswith("a_") and not own:
            value = with_article(value)
        elif key[:1].isupper():
            value = cap(value)
        out = out.replace("{" + key + "}", value, 1)
    return out


@dataclass
class Ctx:
    """What a filler knows."""

    facts: Facts
    wants: Wants
    variant: int
    values: dict[str, str]
    spec: dict[str, Any] = field(default_factory=dict)
    index: int = 0
    """The part's place among the genre's parts (variants move one part at a time)."""
    said: list[str] = field(default_factory=list)

    @property
    def seed(self) -> int:
        return self.facts.seed

    def shift(self, n_parts: int = 6) -> int:
        """How far this part's choices move for the revision's variant: variant k moves part (k-1) % n."""
        n = max(n_parts, 1)
        return (self.variant + n - 1 - self.index) // n

    def ok(self, text: str) -> str | None:
        """The sentence if it may be written: no forbidden word or mark, not said before, no echo of the task
        (said in other words when it would echo)."""
        text = fix_articles(text)
        if not text or text in self.said or not allowed(text, self.wants):
            return None
        carry = self.facts.carry()
        task = self.facts.task
        if _echo.echoes(text, task, carry):
            reworded = _echo.reword(text, task, carry, extra=self.swaps())
            if reworded is None or not allowed(reworded, self.wants):
                return None
            text = reworded
        before = self.said[-1] + " " if self.said else ""
        if before and _echo.echoes_across(before, text, task):
            # Two sentences side by side can repeat the task's words too: said in other words, or not at all.
            # Said in another order, or after a word that joins it to the sentence before ("Also, ...").
            joined = (
                [f"{lead}{text[0].lower() if text[:2].istitle() else text[0]}{text[1:]}" for lead in _JOINERS]
                if text.rstrip().endswith((".", "!", "?"))
                else []  # a list item or a label takes no joining word
            )
            alone = [
                c
                for c in [*_echo.rewrites(text), *joined]
                if not _echo.echoes_across(before, c, task) and not _echo.echoes(c, task, carry)
            ]
            reworded = _echo.reword(before + text, task, carry, extra=self.swaps())
            if alone and allowed(alone[0], self.wants):
                text = alone[0]
            elif (
                reworded is None
                or not reworded.startswith(before)
                or _echo.echoes_across(before, reworded[len(before) :], task)
                or not allowed(reworded, self.wants)
            ):
                return None
            else:
                text = reworded[len(before) :]
        return text or None

    def swaps(self) -> tuple[tuple[str, str], ...]:
        """Extra ways to say the task's words in this genre: a text to customers says "your order"."""
        if self.facts.genre in ("email", "support_reply", "faq_answer") and re.search(
            r"\b(?:customers?|client|users?|subscribers?|members?)\b", self.facts.task, re.IGNORECASE
        ):
            return (("the", "your"),)
        return ()

    def pick(self, key: str, *, offset: int = 0, **extra: str) -> str | None:
        """A sentence from the bank `key` ("email.open.launch") the task can fill and the rubric allows. Of
        those, the ones that say the most of what the task gives (the most slots filled) come first; the
        task's hash and the revision's variant choose among them."""
        options = bank_options(key)
        values = {**self.values, **extra}
        filled = [(len(_SLOT.findall(o)), text) for o in options if (text := fill(o, values)) is not None]
        start = self.seed + self.shift() + offset
        for slots in sorted({n for n, _ in filled}, reverse=True):
            tier = [text for n, text in filled if n == slots]
            for j in range(len(tier)):
                good = self.ok(tier[(start + j) % len(tier)])
                if good:
                    self.said.append(good)
                    return good
        return None

    def picks(self, key: str, n: int, **extra: str) -> list[str]:
        """Up to n different sentences from one bank."""
        out: list[str] = []
        for k in range(n):
            text = self.pick(key, offset=k * 7919, **extra)
            if text is None:
                break
            out.append(text)
        return out

    def say(self, text: str, tag: str = "", optional: bool = False) -> Line | None:
        """A line of the task's own content, checked like a bank sentence."""
        good = self.ok(text)
        if good is None:
            return None
        self.said.append(good)
        return Line(good, optional=optional, tag=tag)


def bank_options(key: str) -> list[str]:
    """The sentences of a bank in data/sentences.toml by its dotted key; [] when it has none."""
    node: Any = load("sentences.toml")
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return []
        node = node[part]
    return list(node) if isinstance(node, list) else []
