"""What a content point of the task is (a price, an offer, a date, a clause, a request to the writer or to the
reader, a noun phrase), read from its words alone: the base under the task reader (_read) and the sayer (_say)."""

from __future__ import annotations

import re

from rubric_core.models import _entities as e

_FINITE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|would|can|could|should|must|may|might|goes|go|went|owns|runs|works|"
    r"started|arrived|expires|expire|fails|fail|includes|needs|need|comes|turns|says|costs|cuts|does|did|gets|got|"
    r"takes|took|opens|closes|ends|starts|moves|launches|ships|shipped|lets|keeps|stays|grew|led|won|did|do|"
    r"installs|requires|supports|handles|returns|adds|offers|feels|looks|happens|crashed|crashes|broke|stopped|"
    r"decided|agreed|owns|hates|loves|learns|learned|says|said|asked|wants|raises|raised|hit|hitting|"
    r"changes|closes|moves|reopens|begins|finishes|shuts|resumes|switches|relocates|cost|costs|grew|hired|"
    r"[a-z]+ed(?=\s+(?:on|in|at|to|by|for|from|with|after|before|the|a|an|his|her|their|our|my|your|\d)\b|[.,;]|$))\b|"
    r"'ll\b|'re\b|'ve\b|n't\b",
    re.IGNORECASE,
)
_READER_VERBS = frozenset(
    "bring clear try reply rsvp join visit download sign book register use check call email update restart "
    "refresh log enter open click tap contact write read install run start come wear pack arrive bring grab "
    "follow share subscribe listen watch order shop apply send".split()
)
_WRITER_VERBS = frozenset(
    "offer thank apologize apologise explain mention include say note tell ask invite remind announce describe "
    "highlight introduce promise reassure acknowledge confirm reference cite give".split()
)
_PRONOUN_START = re.compile(r"^(?:i|we|you|he|she|they|it|this|that|there|our|my|your)\b", re.IGNORECASE)


def kind_of(point: str) -> str:
    """price, offer, when, contact, clause, reader (an imperative to the reader), writer (a request to the
    writer) or np (a noun phrase)."""
    text = point.strip()
    low = text.lower()
    first = re.sub(r"[^a-z]", "", low.split()[0]) if low.split() else ""
    words = len(text.split())
    if first in _WRITER_VERBS:
        return "writer"
    if first in _READER_VERBS and not _PRONOUN_START.match(low):
        return "reader"
    if re.search(r"free trial|\d+% off|\bdiscount\b|\bcode\b|\bcoupon\b|\bfree (?:for|shipping)\b", low):
        return "offer"
    if e.PRICE.search(text) and words <= 6 and not (_FINITE.search(low) and words >= 3):
        return "price"
    if (e.LINK.search(text) or e.EMAIL.search(text)) and words <= 6:
        return "contact"
    if (e.DATE.search(text) or e.TIME.search(text)) and words <= 5 and not _FINITE.search(low):
        return "when"
    if _PRONOUN_START.match(low) or _FINITE.search(low):
        return "clause"
    return "np"
