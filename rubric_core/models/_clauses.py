"""A task cut into clauses, as a writer reads a brief: each clause is an instruction or a piece of content.

"Write a launch email for Roamly. Under 150 words, mention the 30-day free trial, end with a question."
is a head ("Write a launch email for Roamly"), a limit ("Under 150 words"), content with its lead-in
stripped ("the 30-day free trial", led by "mention") and an ending ("end with a question"). Commas inside
parentheses, quotes, code, numbers ("$80,000") and lists after a colon do not cut a clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ABBREV = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|St|Prof|Inc|Ltd|Co|Jr|Sr|vs|etc|e\.g|i\.e|approx|No)\.$")


@dataclass(frozen=True)
class Clause:
    """One clause of the task."""

    text: str
    """The clause as the task says it, without its lead-in."""

    label: str = ""
    """The label it sits under ("Fixed" in "Fixed: CSV export ...", "Must include" above a bullet)."""

    lead: str = ""
    """The instruction it was introduced by, lower case ("mention", "tell him to"), if any."""

    sentence: int = 0
    """Which sentence (or line) of the task it comes from (0: the first)."""

    bullet: bool = False
    """Whether the task wrote it as a bullet or list item."""


_LEAD = re.compile(
    r"^(?:and\s+|but\s+|also\s+|then\s+|plus\s+)?(?:please\s+)?(?:make sure (?:to |you )?|be sure to |remember to |"
    r"(?:it |this |you )?(?:must|should|needs? to|has to|have to|will need to)\s+)?"
    r"(?P<lead>mention(?:ing)?|include|including|cover(?:ing)?(?! letter)|highlight|note|say|state|stress|explain|add|"
    r"(?:thank|thanking)(?= )|give|list|show|describe|feature|(?:tell|remind|ask|let) (?:him|her|them|the reader|readers|"
    r"people|customers|users|the team|everyone|applicants|guests)(?: (?:to|that|know(?: that)?))?)\b"
    r"(?:\s+(?:that|all of these|the following|these|both))?:?\s+",
    re.IGNORECASE,
)
"""Words that introduce content ("mention the 30-day free trial"): stripped, remembered as the clause's lead."""


def _protected(text: str) -> list[tuple[int, int]]:
    """Spans no cut may fall inside: brackets, quotes, code, numbers with separators, dotted names."""
    spans: list[tuple[int, int]] = []
    for pattern in (
        r"\([^()\n]*\)",
        r"\[[^\[\]\n]*\]",
        r"`[^`\n]*`",
        r"\"[^\"\n]*\"",
        r"“[^”\n]*”",
        r"(?<![A-Za-z])'[^'\n]{1,80}'(?![A-Za-z])",
        r"‘[^’\n]{1,80}’",
        r"\d[\d,.]*\d",
        r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
        r"\b(?:https?://)?[\w-]+(?:\.[\w-]+)+(?:/[\w./-]*[\w/-])?",
    ):
        spans += [(m.start(), m.end()) for m in re.finditer(pattern, text)]
    return spans


def _inside(i: int, spans: list[tuple[int, int]]) -> bool:
    return any(s < i < e for s, e in spans)


def _cut(text: str, pattern: str | re.Pattern[str]) -> list[str]:
    """Split at each match of `pattern` outside protected spans (the match is dropped)."""
    spans = _protected(text)
    out, start = [], 0
    for m in re.finditer(pattern, text):
        if _inside(m.start(), spans) or _inside(m.end() - 1, spans):
            continue
        out.append(text[start : m.start()])
        start = m.end()
    out.append(text[start:])
    return [p.strip() for p in out if p.strip()]


def sentences(text: str) -> list[str]:
    """Sentences of one line, cut after . ! ? (not after an abbreviation, a version or a decimal)."""
    spans = _protected(text)
    out, start = [], 0
    ends = {e for _, e in spans}
    for m in re.finditer(r"[.!?]+(?:['\"’”](?=\s+[A-Z]))?(?=\s+|$)", text):
        quoted = m.group(0)[-1] in "'\"’”" and m.end() in ends  # "'Do you ship?' We ship to 40 countries."
        if (_inside(m.start(), spans) and not quoted) or _ABBREV.search(text[start : m.end()]):
            continue
        out.append(text[start : m.end()].strip())
        start = m.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_LABEL = re.compile(r"^([A-Z][A-Za-z /&'-]{0,30}|[a-z][a-z /&'-]{0,30}):\s+(?=\S)")
"""A short label before a colon ("Fixed: ...", "Tables: ...", "Environment is"), not a sentence."""


def _pieces(sentence: str) -> list[tuple[str, str]]:
    """(label, piece) for each comma- or dash-separated piece of a sentence."""
    label = ""
    m = _LABEL.match(sentence)
    if m and len(m.group(1).split()) <= 4:
        label, sentence = m.group(1).strip(), sentence[m.end() :]
    sentence = sentence.rstrip(".!? ")
    parts: list[tuple[str, str]] = []
    for chunk in _cut(sentence, r"\s+[—–]\s+|\s+--\s+|;\s+"):
        inner = _LABEL.match(chunk)
        chunk_label = label
        if inner and len(inner.group(1).split()) <= 4 and not re.match(r"(?i)^(?:and|but) ", chunk):
            chunk_label, chunk = inner.group(1).strip(), chunk[inner.end() :]
        for piece in _cut(chunk, r",\s+(?:and\s+|or\s+|but\s+)?|:\s+"):
            parts.append((chunk_label, piece))
    return parts


_JOINED_INSTRUCTION = re.compile(
    r"\s+(?:and|but)\s+(?=(?:please\s+)?(?:don'?t|do not|never|avoid|keep|end|start|open|finish|close|use|make|no|"
    r"sign|mention|include|add|list|tell|say|thank|write|number|group|round|sort|limit|return|also)\b)",
    re.IGNORECASE,
)


def clauses_of(task: str) -> list[Clause]:
    """The task's clauses in order; bullet items keep the label of the line above them ("Must include:")."""
    out: list[Clause] = []
    label_above = ""
    index = 0
    for raw_line in task.replace("\r", "").split("\n"):
        line = raw_line.strip()
        if not line:
            label_above = ""
            continue
        bullet = bool(_BULLET.match(line))
        if bullet:
            line = _BULLET.sub("", line)
        elif line.endswith(":") and len(line.split()) <= 6:
            label_above = line[:-1].strip()
            continue
        else:
            label_above = ""
        for sentence in sentences(line):
            pending = ""  # a lead with its list after a colon: "mention all of these: A, B, C"
            for label, piece in _pieces(sentence):
                for part in _cut(piece, _JOINED_INSTRUCTION):
                    lead = ""
                    m = _LEAD.match(part + " ") if out or index else None  # the task's head keeps its words
                    if m and not part[m.end() :].strip():
                        pending = " ".join(m.group("lead").lower().split())
                        continue
                    if m:
                        lead, part = " ".join(m.group("lead").lower().split()), part[m.end() :]
                    out.append(
                        Clause(
                            text=part.strip(),
                            label=label or label_above,
                            lead=lead or pending,
                            sentence=index,
                            bullet=bullet,
                        )
                    )
            index += 1
    return _merged([c for c in out if c.text])


_SUBORDINATE = re.compile(r"(?i)^(?:if|when|once|unless|after|before|until|while|as soon as|in case)\b")
_TRAILING_TOKEN = re.compile(r"^(?:[a-z]+\s){0,2}(?:#\d+|[A-Z0-9]{4,}|\S*\d\S*)$", re.IGNORECASE)


def _merged(clauses: list[Clause]) -> list[Clause]:
    """Pieces that belong together again: "if it still fails" with the clause after it, and a short trailing
    token ("ticket #7731") with the clause before it."""
    out: list[Clause] = []
    for clause in clauses:
        prev = out[-1] if out else None
        if (
            prev
            and prev.sentence == clause.sentence
            and _SUBORDINATE.match(prev.text)
            and "," not in prev.text
            and not _SUBORDINATE.match(clause.text)
        ):
            out[-1] = Clause(f"{prev.text}, {clause.text}", prev.label, prev.lead, prev.sentence, prev.bullet)
            continue
        if (
            prev
            and prev.sentence == clause.sentence
            and not clause.lead
            and _TRAILING_TOKEN.match(clause.text)
            and len(prev.text.split()) >= 3
            and re.search(r"[#]", clause.text)
        ):
            out[-1] = Clause(f"{prev.text} ({clause.text})", prev.label, prev.lead, prev.sentence, prev.bullet)
            continue
        if (
            prev
            and prev.sentence == clause.sentence
            and prev.lead.endswith(" to")
            and not clause.lead
            and re.match(r"[a-z]+\b", clause.text)
            and not re.match(r"(?:if|when|and|or|but|we|i|you|it|they|he|she)\b", clause.text)
        ):
            clause = Clause(clause.text, clause.label, prev.lead, clause.sentence, clause.bullet)
        out.append(clause)
    return out
