"""Pieces of a draft that hold the task's instructions rather than the work: a comment, a bracket, a line.

A writer leaves the ask in the draft in a few shapes: an HTML comment (`<!-- explain how to request a refund -->`),
a code comment repeating it (`# Raise ValueError on an empty list.`, `// add a cancel() method`), a bracketed note
(`[Propose Room 4B]`), or a sentence of the instructions pasted as it was ("Tell them they can pause or cancel
anytime from Account Settings.", "Include console errors if any."). Each such piece is one span: its words are
the task's (in any form of the word: "mentions" for "mention"), with an instruction among them (a verb the task
gives as an order, "Propose", "Tell", "Include"), or, for a comment or a bracket, mostly the task's words. A line
of code, a heading or a sentence of the draft's own that reuses a few of the task's words is none of these.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rubric_core.checks.normalise import fold, lemmas

_STOP = frozenset(
    "a an the of to in on at for with and or but by from as is are be it its this that our your their we you they "
    "i he she if any all each".split()
)
_WORD = re.compile(r"[A-Za-z0-9$€£%][\w$€£%./@-]*")
_FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
_HTML_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_BRACKET = re.compile(r"\[([^\[\]\n]{3,200})\](?!\()|\(([^()\n]{8,200})\)")
_CODE_COMMENT = re.compile(r"(?:^|\s)(?:#|//|--|/\*|\*)\s?(?!!)(.+?)(?:\*/)?$", re.MULTILINE)
_CLAUSE_START = re.compile(r"(?:^|(?P<hard>[.;:!?\n]|,?\s*\band\b|,?\s*\bthen\b|\bplease\b)|,)\s*([A-Za-z]+)")
_ORDER_WORDS = frozenset(
    """
    mention include use add keep make list cite avoid limit write draft compose create end start begin open close
    finish tell explain say state give propose attach ask thank point link note describe cover offer name show
    reference return raise export handle configure set run install cache define declare add remove tag expose
    """.split()
)
"""Words that order the writer about when a task uses them as a verb at a clause's start."""
_WRITER_WORDS = frozenset(
    "mention include use add list cite write draft link explain describe say state tell propose attach note".split()
)
"""Orders only a writer is given: a sentence with a contact and none of these speaks to the reader."""
_CONTACT = re.compile(r"@|https?://|www\.|\b[\w-]+\.(?:com|org|net|io|app|co|dev|uk)\b|\+?\d[\d ()-]{6,}")


def key(word: str) -> str:
    """One spelling for every form of a word ("mentions", "mentioned" -> "mention")."""
    low = word.lower().strip(".,;:!?'\"")
    if not low.isalpha():
        return low
    return min(lemmas(low))


@lru_cache(maxsize=64)
def orders(task: str) -> frozenset[str]:
    """The task's instruction verbs: a verb in its plain form at the start of a clause ("Propose Room 4B", "and tell
    them ...")."""
    from lemminflect import getAllLemmas

    text = fold(task)
    names = {w.lower() for w in re.findall(r"(?<=[a-z,] )([A-Z][a-z]+)", text)}  # "Tidy" in "our app, Tidy, ..."
    out = set()
    series = False  # an order started this sentence: a plain verb after a comma goes on the list of orders
    for m in _CLAUSE_START.finditer(text):
        raw = m.group(2)
        word = raw.lower()
        hard = m.start() == 0 or m.group("hard") is not None
        if m.start() == 0 or re.match(r"\s*[.!?\n]", m.group(0)):
            series = False
        verbs = getAllLemmas(word).get("VERB", ())
        clause = re.split(r"[.!?\n](?:\s|$)", text[m.start(2) :], maxsplit=1)[0]
        if _CONTACT.search(clause) and not set(_content(clause)) & _WRITER_WORDS:
            continue  # "Reply to sam@example.com to book a place.": the task's words to the reader
        if word in _ORDER_WORDS or ((hard or series) and word in verbs and word not in names):
            out.add(key(word))
            series = True  # "Announce the new laser cutter, remind members that ...": "remind" is an order too
    return frozenset(out)


@lru_cache(maxsize=64)
def task_keys(task: str) -> frozenset[str]:
    return frozenset(key(w) for w in _WORD.findall(fold(task)))


def _content(text: str) -> list[str]:
    return [key(w) for w in _WORD.findall(fold(text)) if w.lower() not in _STOP]


def _instruction(piece: str, task: str, *, loose: bool) -> bool:
    """Whether a piece holds the task's instructions: its content words the task's, with an order among them (or,
    `loose`, for a comment or a bracket, at least three of the task's words and nothing else of note)."""
    words = _content(piece)
    if len(words) < 2:
        return False
    known = task_keys(task)
    inside = [w for w in words if w in known]
    if len(inside) < 0.8 * len(words):
        return False
    if set(words) & orders(task):
        return True
    return loose and len(inside) >= 3 and len(inside) == len(words)


def _finite(word: str) -> bool:
    """Whether a word can be a verb with a tense ("closes", "cost" is not told apart from "costs" here)."""
    from lemminflect import getAllLemmas

    low = word.lower()
    return any(low != lemma for lemma in getAllLemmas(low).get("VERB", ()))


def _pasted(sentence: str, task: str) -> bool:
    """A piece of the task's instructions pasted whole as a sentence: three or more content words, every word the
    task's, in the task's order, and no verb of its own ("Differentiation for lower-attaining students."): a
    sentence of the task's facts ("The north car park closes on Monday.") is what a draft carries."""
    raw = _WORD.findall(fold(sentence))
    words = [key(w) for w in raw]
    if len([w for w in words if w not in _STOP]) < 3 or any(_finite(w) for w in raw):
        return False
    keys = [key(w) for w in _WORD.findall(fold(task))]
    n = len(words)
    return any(keys[i : i + n] == words for i in range(len(keys) - n + 1))


def _asked(sentence: str, task: str) -> bool:
    """A question the task asks the writer to answer, pasted whole as a sentence of its own ("Who your onboarding
    buddy is (assigned by your manager)." from "Cover ... and who your onboarding buddy is (assigned by ...)"):
    a wh-clause in statement order, ended by a period, every word of it the task's, in the task's order."""
    if not sentence.endswith(".") or not re.match(r"(?:who|what|when|where|why|how|whether|which)\b", sentence, re.I):
        return False
    words = [key(w) for w in _WORD.findall(fold(sentence.rstrip(".")))]
    if len([w for w in words if w not in _STOP]) < 3:
        return False
    keys = [key(w) for w in _WORD.findall(fold(task))]
    n = len(words)
    return any(keys[i : i + n] == words for i in range(len(keys) - n + 1))


def pieces(draft: str, task: str) -> list[tuple[int, int]]:
    """(start, end) of each piece of `draft` that holds the task's instructions (module docstring)."""
    if not task.strip() or not draft.strip():
        return []
    text = fold(draft)
    out: list[tuple[int, int]] = []
    code = [(m.start(1), m.end(1)) for m in _FENCE.finditer(text)]
    for m in _HTML_COMMENT.finditer(text):
        if _instruction(m.group(1), task, loose=True):
            out.append((m.start(), m.end()))
    for a, b in code:
        for c in _CODE_COMMENT.finditer(text, a, b):
            said = re.sub(r"^\s*(?:TODO|FIXME|XXX|NOTE)\b\s*:?\s*", "", c.group(1), flags=re.IGNORECASE)
            if _instruction(said, task, loose=True):
                out.append((c.start(1), c.end(1)))
    for m in _BRACKET.finditer(text):
        inner = m.group(1) or m.group(2) or ""
        if re.fullmatch(r"\s*[xX ]?\s*", inner) or any(a <= m.start() < b for a, b in code):
            continue
        if _instruction(inner, task, loose=True):
            out.append((m.start(), m.end()))
    start = 0
    for line in text.splitlines(keepends=True):
        at, start = start, start + len(line)
        if any(a <= at < b for a, b in code) or not line.strip():
            continue
        for s in re.finditer(r"[^.!?]+[.!?]?", line):
            sentence = s.group(0).strip(" \t\n*_>-")
            if not sentence:
                continue
            ordered = _instruction(sentence, task, loose=False) and key(_WORD.findall(sentence)[0]) in orders(task)
            if ordered and _CONTACT.search(sentence) and not set(_content(sentence)) & _WRITER_WORDS:
                ordered = False  # "Reply to sam@example.com to book a place.": the task's words to the reader
            if ordered or (sentence.endswith(".") and _pasted(sentence.rstrip("."), task)) or _asked(sentence, task):
                lead = s.group(0).find(sentence[:1])
                out.append((at + s.start() + lead, at + s.start() + lead + len(sentence)))
    return out
