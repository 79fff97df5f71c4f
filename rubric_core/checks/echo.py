"""Text a draft copied from its task's instructions: no evidence that the draft does what they ask.

"…called Roamly. Under 150 words, mention the 30-day free trial and the price of $4.99/month, end with
a question." pasted into a draft holds "30-day free trial" and "$4.99/month", yet says nothing to a
reader. A run of at least `MIN_WORDS` consecutive words of the task standing in the draft is an echoed
span when it tells the writer what to do (it holds a word such as write, mention, include, end, use, or
a length: `_INSTRUCTION_VERBS`) and at least `MIN_OWN_WORDS` content words of the task's own (not a quoted
phrase, a name, a number, a price or a date the draft must carry). A run of the task's facts alone ("the
office kitchen closes for repairs", "Tickets cost £5") is what the draft must carry, not an echo. A clause
left in the draft that tells the writer what to put in ("(include a quote from the CEO; ...)", a SQL
comment "-- include a LIMIT clause") is one too, copied or not. A passage the task gives to work on (after
a line ending in a colon, or in a fenced block) is not instructions. The offline grader checks a mention
again without the echoed spans (`mask`): what it found only inside them does not count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rubric_core.checks.echo_parts import key, orders, pieces
from rubric_core.checks.normalise import fold

MIN_WORDS = 6
"""Consecutive words of the task that make a span an echo."""
MIN_OWN_WORDS = 2
"""Content words of the span, other than names, numbers and quoted words, that make it the task's own wording."""
_STOP = frozenset(
    "a an the of to in on at for with and or but by from as is are be it its this that our your their we you "
    "they i he she am pm".split()
)

_WORD = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)[^\s)\]]+|[a-z0-9-]+\.(?:com|org|net|io|app|co|dev)(?:/[^\s)\]]*)?"
    r"|[A-Za-z0-9$€£%]+(?:['-][A-Za-z0-9]+)*"
)
"""A word, or a whole email address or web address (one fact the draft may carry)."""
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
        fact = bool(re.search(r"[\d$€£%@/]|\.\w", token)) or (token.isupper() and len(token) > 1)
        out.append(inside or name or fact or token.lower() in _STOP)
    return out


_INSTRUCTION_VERBS = frozenset(
    """
    mention mentions mentioning include includes including use using add keep make list cite avoid limit write
    draft compose create words sentences characters paragraphs bullet bullets hashtag hashtags tone cta
    """.split()
)
_POSITION_VERBS = frozenset("end ends start starts begin begins open opens close closes finish finishes".split())
"""Instruction words only before "with" ("end with a question"): "the sale ends Friday" is a fact."""
"""Words that tell a writer what to do or how long to write: a copied run is the task's instruction only with one.
A run of the task's facts ("the office kitchen closes for repairs", "Tickets cost £5") is what the draft must
carry, not an instruction."""
_INSTRUCTION = re.compile(
    r"(?:^|(?<=[(\[;:—–])|(?<=--)|(?<=#)|(?<=//)|(?<=\s-\s))\s*(?:please\s+)?"
    r"(?:mention|include|use|add|end with|start with|begin with|open with|close with|keep (?:it )?(?:under|below)|"
    r"make sure to|list|state|cite|limit it to|write)\b[^.;)\]\n]*",
    re.IGNORECASE | re.MULTILINE,
)
"""A clause that tells the writer what to put in ("(include a quote from the CEO; mention the $12 million)", a
SQL comment "-- include a LIMIT clause"): instructions left in the draft, copied or not."""
_ORDER_RUN = 4
"""Consecutive words of the task that make a span an echo when the first is one of the task's orders ("mention our
4-day work week")."""
_SHORT_RUN = 3
"""A shorter run of the task's words right beside an echo belongs to it ("numbered list of 3 steps, mention …")."""


def _runs(
    lows: list[str], keys: list[str], carried: list[bool], least: int, ordered: frozenset[str] = frozenset()
) -> list[tuple[int, int, int, bool]]:
    """(start, end, own words, holds an instruction verb) of each longest run of at least `least` draft words that
    stands in the task (words compared in any form: "mentions" for "mention"); `ordered`: the task's own
    instruction verbs (echo_parts.orders)."""
    grams: dict[tuple[str, ...], list[int]] = {}
    for i in range(len(keys) - least + 1):
        grams.setdefault(tuple(keys[i : i + least]), []).append(i)
    runs, i = [], 0
    while i <= len(lows) - least:
        best = (0, 0, False)
        for k in grams.get(tuple(lows[i : i + least]), []):
            n = least
            while i + n < len(lows) and k + n < len(keys) and lows[i + n] == keys[k + n]:
                n += 1
            own = sum(1 for j in range(k, k + n) if not carried[j])
            verb = any(
                keys[j] in _INSTRUCTION_VERBS
                or keys[j] in ordered
                or (keys[j] in _POSITION_VERBS and keys[j + 1 : j + 2] == ["with"])
                for j in range(k, k + n)
            )
            if n > best[0]:
                best = (n, own, verb)
        if best[0]:
            runs.append((i, i + best[0], best[1], best[2]))
            i += best[0]
        else:
            i += 1
    return runs


def _joined(text: str, words: list[re.Match[str]], end: int, start: int) -> bool:
    """Whether the run ending before word `end` and the one from word `start` stand in one sentence (a short run
    beside an echo belongs to it; a heading on the next line does not)."""
    lo, hi = sorted((end, start))
    return not re.search(r"[.!?\n]", text[words[max(lo - 1, 0)].end() : words[min(hi, len(words) - 1)].start()])


@lru_cache(maxsize=64)
def echoes(draft: str, task: str) -> tuple[Echo, ...]:
    """The spans of `draft` copied from `task`'s instructions, or left in it as instructions (see the module
    docstring), in draft order."""
    if not draft.strip():
        return ()
    folded = fold(draft)
    mine = _words(folded)
    lows = [key(w.group(0)) for w in mine]
    chars: list[tuple[int, int]] = []
    if task.strip():
        instructions = _instructions(task)
        task_words = _words(instructions)
        keys = [key(w.group(0)) for w in task_words]
        runs = _runs(lows, keys, _carried(instructions, task_words), _SHORT_RUN, orders(instructions))
        # "..., mention our 4-day work week." copied: a shorter run is an echo when the task's order opens it
        ordered = orders(instructions)
        long = [
            (a, b)
            for a, b, own, verb in runs
            if verb and own >= MIN_OWN_WORDS and (b - a >= MIN_WORDS or (b - a >= _ORDER_RUN and lows[a] in ordered))
        ]
        spans = list(long)
        for a, b, _, _ in runs:
            if (a, b) not in long and any(
                (abs(a - y) <= 1 and _joined(folded, mine, y, a)) or (abs(b - x) <= 1 and _joined(folded, mine, b, x))
                for x, y in long
            ):
                spans.append((a, b))
        chars = [(mine[a].start(), mine[b - 1].end()) for a, b in spans]
        chars += pieces(draft, instructions)
    for m in _INSTRUCTION.finditer(folded):
        clause = m.group(0).strip()
        if len(clause.split()) >= 3 and not re.search(r"\b(?:you|your|yours|us|our)\b", clause, re.IGNORECASE):
            start = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
            chars.append((start, m.end()))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(chars):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return tuple(Echo(a, b, draft[a:b]) for a, b in merged)


def mask(draft: str, spans: tuple[Echo, ...]) -> str:
    """The draft with each echoed span blanked (spaces; line breaks kept), so positions stay where they were."""
    chars = list(draft)
    for span in spans:
        for i in range(span.start, span.end):
            if chars[i] != "\n":
                chars[i] = " "
    return "".join(chars)
