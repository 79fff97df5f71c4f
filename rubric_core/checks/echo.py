"""Text a draft copied from its task's instructions: no evidence that the draft does what they ask.

"…called Roamly. Under 150 words, mention the 30-day free trial and the price of $4.99/month, end with
a question." pasted into a draft holds "30-day free trial" and "$4.99/month", yet says nothing to a
reader. A run of at least `MIN_WORDS` consecutive words of the task standing in the draft is an echoed
span, unless it is mostly what the draft must carry anyway: a quoted phrase, a name, a number, a price
or a date of the task (fewer than `MIN_OWN_WORDS` words of the run are anything else). A passage the
task gives to work on (after a line ending in a colon, in quotes or in a fenced block) is not
instructions and is never an echo. The offline grader checks a mention again without the echoed spans
(`mask`): what it found only inside them does not count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rubric_core.checks.normalise import fold

MIN_WORDS = 6
"""Consecutive words of the task that make a span an echo."""
MIN_OWN_WORDS = 3
"""Content words of the span, other than names, numbers and quoted words, that make it the task's own wording."""
_STOP = frozenset(
    "a an the of to in on at for with and or but by from as is are be it its this that our your their we you "
    "they i he she am pm".split()
)

_WORD = re.compile(r"[A-Za-z0-9$€£%]+(?:['-][A-Za-z0-9]+)*")
_QUOTED = re.compile(r"\"[^\"\n]{1,300}\"|(?<!\w)'[^'\n]{1,300}'(?!\w)|`[^`\n]+`")
_FENCED = re.compile(r"```.*?```", re.DOTALL)
_SOURCE = re.compile(r":[ \t]*\n")
_SOURCE_WORDS = 40
"""A passage of at least this many words after a line ending in a colon is material to work on, not instructions."""


@dataclass(frozen=True)
class Echo:
    """One span of a draft copied from its task."""

    start: int
    end: int
    text: str


def _instructions(task: str) -> str:
    """The folded task with what it gives to work on blanked (a fenced block, a long passage after a colon)."""
    task = fold(task)
    blank = list(task)
    spans = [(m.start(), m.end()) for m in _FENCED.finditer(task)]
    for m in _SOURCE.finditer(task):
        if len(_WORD.findall(task[m.end() :])) >= _SOURCE_WORDS:
            spans.append((m.end(), len(task)))
            break
    for a, b in spans:
        for i in range(a, b):
            if blank[i] != "\n":
                blank[i] = " "
    return "".join(blank)


def _words(text: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(text))


def _carried(text: str, words: list[re.Match[str]]) -> list[bool]:
    """Whether each word is one the draft may carry from its task: inside quotes, a number or token, a name (a
    capital not at a sentence's start), or a word that carries no content of its own ("the", "at")."""
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(text)]
    out = []
    for i, w in enumerate(words):
        token = w.group(0)
        inside = any(a <= w.start() < b for a, b in quoted)
        before = text[words[i - 1].end() : w.start()] if i else "\n"
        sentence_start = not i or bool(re.search(r"[.!?:\n]", before))
        name = token[:1].isupper() and not sentence_start
        fact = bool(re.search(r"[\d$€£%]", token)) or (token.isupper() and len(token) > 1)
        out.append(inside or name or fact or token.lower() in _STOP)
    return out


@lru_cache(maxsize=64)
def echoes(draft: str, task: str) -> tuple[Echo, ...]:
    """The spans of `draft` copied from `task`'s instructions (see the module docstring), in draft order."""
    if not task.strip() or not draft.strip():
        return ()
    instructions = _instructions(task)
    task_words = _words(instructions)
    carried = _carried(instructions, task_words)
    keys = [w.group(0).lower() for w in task_words]
    grams: dict[tuple[str, ...], list[int]] = {}
    for i in range(len(keys) - MIN_WORDS + 1):
        grams.setdefault(tuple(keys[i : i + MIN_WORDS]), []).append(i)
    folded = fold(draft)
    mine = _words(folded)
    lows = [w.group(0).lower() for w in mine]
    spans: list[tuple[int, int]] = []
    i = 0
    while i <= len(lows) - MIN_WORDS:
        best = (0, 0)
        for k in grams.get(tuple(lows[i : i + MIN_WORDS]), []):
            n = MIN_WORDS
            while i + n < len(lows) and k + n < len(keys) and lows[i + n] == keys[k + n]:
                n += 1
            own = sum(1 for j in range(k, k + n) if not carried[j])
            if own >= MIN_OWN_WORDS and n > best[0]:
                best = (n, k)
        if best[0]:
            spans.append((i, i + best[0]))
            i += best[0]
        else:
            i += 1
    return tuple(Echo(mine[a].start(), mine[b - 1].end(), draft[mine[a].start() : mine[b - 1].end()]) for a, b in spans)


def mask(draft: str, spans: tuple[Echo, ...]) -> str:
    """The draft with each echoed span blanked (spaces; line breaks kept), so positions stay where they were."""
    chars = list(draft)
    for span in spans:
        for i in range(span.start, span.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)
