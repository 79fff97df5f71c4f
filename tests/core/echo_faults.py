"""Echo: a draft that copies the task's own sentences (issue 38, item 2).

No run of 6 or more consecutive words of the task may appear in a draft, except the words of quoted phrases,
names and the facts the draft must carry. A common run is measured in the words it still has once those are
taken out; code (fenced, inline, or a whole SQL or JSON answer) is not prose and is not read.
"""

from __future__ import annotations

import re

ECHO_RUN = 6
"""Consecutive task words a draft may not repeat."""

_TOKEN = re.compile(r"[$€£#@]?[A-Za-z0-9]+(?:[.,'’/:@&+-][A-Za-z0-9]+)*%?")
_QUOTED = re.compile(r"\"([^\"\n]{1,120})\"|“([^”\n]{1,120})”|(?<![A-Za-z])'([^'\n]{1,120})'(?![A-Za-z])|`([^`\n]+)`")


def _tokens(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(0).lower().replace("’", "'"), m.start(), m.end()) for m in _TOKEN.finditer(text)]


def prose_part(draft: str) -> str:
    """The draft without code: fenced blocks, inline code, and an answer that is all SQL or all JSON."""
    text = re.sub(r"```.*?```", " ", draft, flags=re.DOTALL)
    text = re.sub(r"`[^`\n]*`", " ", text)
    stripped = text.strip()
    if stripped.startswith(("{", "[")) or re.match(r"(?is)\s*(?:select|with|insert|update|delete)\b", stripped):
        return ""
    return text


def exempt_spans(task: str, carry: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """Where the task holds words a draft may repeat: quoted phrases, names (capitalised words inside a
    sentence), tokens with a digit or a symbol, and the facts in `carry`."""
    spans: list[tuple[int, int]] = []
    for m in _QUOTED.finditer(task):
        spans.append((m.start(), m.end()))
    for fact in carry:
        for m in re.finditer(re.escape(fact), task):
            spans.append((m.start(), m.end()))
    prev = ""
    # A capitalised word the task also writes inside a sentence is a name wherever it stands ("Leila owns ...").
    names = {
        task[s:e]
        for _w, s, e in _tokens(task)
        if task[s:e][:1].isupper() and task[:s].rstrip()[-1:] not in ("", ".", "!", "?", ":", "\n", "-", "•", "*")
    }
    for _word, start, end in _tokens(task):
        raw = task[start:end]
        if raw.lower() in ("am", "pm") and prev[-1:].isdigit():
            spans.append((start, end))  # "8 am": a time is one fact
        prev = raw
        before = task[:start].rstrip()
        sentence_start = not before or before[-1] in ".!?:\n-•*"
        if re.search(r"[\d$€£#@%/]|\w\.\w", raw) or (
            raw[:1].isupper() and (not sentence_start or raw in names) and raw != "I"
        ):
            spans.append((start, end))
    return spans


def echo_faults(draft: str, task: str, carry: tuple[str, ...] = ()) -> list[str]:
    """Each run of the draft that repeats ECHO_RUN or more task words in a row (not counting exempt words),
    quoted as the draft has it."""
    prose = prose_part(draft)
    if not prose.strip():
        return []
    spans = exempt_spans(task, carry)
    task_tokens = _tokens(task)
    exempt = [any(s <= start and end <= e for s, e in spans) for _, start, end in task_tokens]
    words = [w for w, _, _ in task_tokens]
    draft_tokens = _tokens(prose)
    dwords = [w for w, _, _ in draft_tokens]
    faults: list[str] = []
    covered_until = -1
    # Common runs by dynamic programming over (task position, draft position): both texts are short.
    runs: list[tuple[int, int, int]] = []  # (draft start, draft end, task start) of each maximal run
    prev = [0] * (len(dwords) + 1)
    for i in range(1, len(words) + 1):
        cur = [0] * (len(dwords) + 1)
        for j in range(1, len(dwords) + 1):
            if words[i - 1] == dwords[j - 1]:
                cur[j] = prev[j - 1] + 1
                maximal = i == len(words) or j == len(dwords) or words[i] != dwords[j]
                if maximal and cur[j] >= ECHO_RUN:
                    runs.append((j - cur[j], j, i - cur[j]))
        prev = cur
    for start_j, end_j, start_i in sorted(runs):
        free = sum(1 for k in range(start_i, start_i + end_j - start_j) if not exempt[k])
        if free >= ECHO_RUN and end_j > covered_until:
            span = prose[draft_tokens[start_j][1] : draft_tokens[end_j - 1][2]]
            faults.append(f"echoes {free} words of the task: {span!r}")
            covered_until = end_j
    return faults
