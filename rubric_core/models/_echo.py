"""The writer's own guard against echo: no sentence of a draft repeats 6 or more words of the task in a row.

Quoted phrases, names (capitalised words inside a sentence) and tokens with a digit or a symbol do not count:
they are the facts a draft carries. A sentence that would echo is said again in other words (swaps from
data/words.toml: "go back to" -> "return to", "in 5 days" -> "within 5 days", "can't" -> "cannot"); one that
still echoes is not written.
"""

from __future__ import annotations

import re
from functools import cache, partial

from rubric_core.models._data import load

RUN = 6
"""Task words in a row a sentence may not repeat."""

_TOKEN = re.compile(r"[$€£#@]?[A-Za-z0-9]+(?:[.,'’/:@&+-][A-Za-z0-9]+)*%?")
_QUOTED = re.compile(r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|(?<![A-Za-z])'[^'\n]{1,120}'(?![A-Za-z])|`[^`\n]+`")


@cache
def _task_tokens(task: str, carry: tuple[str, ...] = ()) -> tuple[tuple[str, ...], tuple[bool, ...]]:
    """The task's words (lower case) and whether each is exempt (a fact, not the task's wording): quoted,
    a name, a token with a digit, or inside one of the short facts in `carry` the draft must say."""
    quoted = [(m.start(), m.end()) for m in _QUOTED.finditer(task)]
    for fact in carry:
        quoted += [(m.start(), m.end()) for m in re.finditer(re.escape(fact), task)]
    words, exempt = [], []
    prev = ""
    names = {
        m.group(0)
        for m in _TOKEN.finditer(task)
        if m.group(0)[:1].isupper() and task[: m.start()].rstrip()[-1:] not in ("", ".", "!", "?", ":", "\n")
    }
    for m in _TOKEN.finditer(task):
        raw = m.group(0)
        time_of_day = raw.lower() in ("am", "pm") and prev[-1:].isdigit()  # "8 am" is one fact
        prev = raw
        before = task[: m.start()].rstrip()
        start = not before or before[-1] in ".!?:\n-•*"
        free = (
            time_of_day
            or any(s <= m.start() < e for s, e in quoted)
            or bool(re.search(r"[\d$€£#@%/]|\w\.\w", raw))
            or (raw[:1].isupper() and (not start or raw in names) and raw != "I")
        )
        words.append(raw.lower().replace("’", "'"))
        exempt.append(free)
    return tuple(words), tuple(exempt)


@cache
def _trigrams(task: str) -> frozenset[tuple[str, ...]]:
    words, _ = _task_tokens(task)
    return frozenset(zip(words, words[1:], words[2:], strict=False))


def _runs(text: str, task: str, carry: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """(start, end) character spans of the text that repeat RUN or more counted task words in a row."""
    toks = [(m.group(0).lower().replace("’", "'"), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    grams = _trigrams(task)
    if not any(g in grams for g in zip(*(tuple(t[0] for t in toks[k:]) for k in range(3)), strict=False)):
        return []  # no three task words in a row: no run of six (the common case, decided without the table)
    words, exempt = _task_tokens(task, carry)
    out = []
    prev = [0] * (len(toks) + 1)
    for i in range(1, len(words) + 1):
        cur = [0] * (len(toks) + 1)
        for j in range(1, len(toks) + 1):
            if words[i - 1] == toks[j - 1][0]:
                cur[j] = prev[j - 1] + 1
                n = cur[j]
                if i == len(words) or j == len(toks) or words[i] != toks[j][0]:
                    free = sum(1 for k in range(i - n, i) if not exempt[k])
                    if free >= RUN:
                        out.append((toks[j - n][1], toks[j - 1][2]))
        prev = cur
    return out


def echoes_across(before: str, text: str, task: str) -> bool:
    """Whether two sentences side by side repeat RUN or more task words in a row across their boundary,
    counting every word but names, quoted phrases and tokens with digits (a short fact carried on its own
    becomes part of a longer run of the task's wording once its neighbours join it)."""
    cut = len(before)
    return any(start < cut < end for start, end in _runs(before + text, task))


def echoes(text: str, task: str, carry: tuple[str, ...] = ()) -> bool:
    """Whether the text repeats RUN or more of the task's own words in a row."""
    return bool(_runs(text, task, carry))


@cache
def _swaps() -> list[tuple[re.Pattern[str], str]]:
    table: dict[str, str] = load("words.toml")["swaps"]
    return [(re.compile(rf"(?<![\w'-]){pattern}(?![\w'-])", re.IGNORECASE), repl) for pattern, repl in table.items()]


def _apply(m: re.Match[str], repl: str) -> str:
    out = m.expand(repl)
    return out[:1].upper() + out[1:] if m.group(0)[:1].isupper() else out


@cache
def _rewrites() -> list[tuple[re.Pattern[str], str]]:
    table: dict[str, str] = load("words.toml")["rewrites"]
    return [(re.compile(pattern, re.IGNORECASE), repl) for pattern, repl in table.items()]


def rewrites(text: str) -> list[str]:
    """The sentence said in another order by each whole-sentence rewrite that applies."""
    out = []
    for pattern, repl in _rewrites():
        candidate = pattern.sub(partial(_apply, repl=repl), text)
        if candidate.startswith("To ") and candidate != text:
            candidate = re.sub(r", ([A-Z])(?=[a-z])", lambda m: ", " + m.group(1).lower(), candidate, count=1)
        candidate = re.sub(
            r"(?<=\sto )(Sign up|Register|Rsvp|RSVP|Book|Apply)\b",
            lambda m: m.group(1).lower() if m.group(1) != "RSVP" else "RSVP",
            candidate,
        )
        if candidate != text:
            out.append(candidate)
    return out


def reword(
    text: str, task: str, carry: tuple[str, ...] = (), tries: int = 8, extra: tuple[tuple[str, str], ...] = ()
) -> str | None:
    """The text with each echoing run said in other words, or None when a run cannot be broken. Whole-sentence
    rewrites ("Reply to X to book a place" -> "To book a place, reply to X") come first, then word swaps."""
    for candidate in rewrites(text):
        if not _runs(candidate, task, carry):
            return candidate
    swaps = [(re.compile(rf"(?<![\w'-]){p}(?![\w'-])", re.IGNORECASE), r) for p, r in extra] + _swaps()
    for _ in range(tries):
        runs = _runs(text, task, carry)
        if not runs:
            return text
        start, end = max(runs, key=lambda r: r[1] - r[0])
        middle = (start + end) / 2
        best: tuple[int, float, re.Match[str], str] | None = None
        for rank, (pattern, repl) in enumerate(swaps):
            for m in pattern.finditer(text, start, end):
                if m.start() >= start and m.end() <= end:
                    score = (rank, abs((m.start() + m.end()) / 2 - middle))
                    if best is None or score < best[:2]:
                        best = (*score, m, repl)
        if best is None:
            return None
        _, _, m, repl = best
        text = text[: m.start()] + _apply(m, repl) + text[m.end() :]
    return None if _runs(text, task, carry) else text
