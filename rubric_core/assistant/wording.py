"""Small wording helpers of the drafter: numbers in words, verbs in the third person, bounds said the way the offline
grader reads them (docs/CRITERIA.md)."""

from __future__ import annotations

import re

from rubric_core.numbers import ARTICLE_ONE, up_to

NUMBERS = {**up_to(100), **ARTICLE_ONE}
"""The number words a drafted count reads (the one table: rubric_core/numbers.py), and "a"/"an" as one."""
NUM = r"(\d{1,6}|" + "|".join(sorted((k for k in NUMBERS if k not in ("a", "an")), key=len, reverse=True)) + r")"
"""A count in digits or words (not "a"/"an", which are read only where a count must stand)."""


def number(word: str) -> int:
    word = word.lower().strip()
    return int(word) if word.isdigit() else NUMBERS[word]


_IRREGULAR = {
    "be": "is",
    "have": "has",
    "do": "does",
    "go": "goes",
    "don't": "does not",
    "can't": "cannot",
    "won't": "will not",
}
_KEEP = frozenset("is has does was were can may must should will".split())


def third_person(verb: str) -> str:
    """The verb as a criterion says it: "mention" -> "mentions", "apologise" -> "apologises", "reply" -> "replies"."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _KEEP or (low.endswith("s") and not low.endswith(("ss", "us")) and len(low) > 3):
        return low  # already said of the text ("strips", "returns")
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return low + "es"
    if re.search(r"[^aeiou]y$", low):
        return low[:-1] + "ies"
    return low + "s"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def plural(unit: str, n: int | None) -> str:
    """'word' or 'words' after n; a unit of several words takes the plural on its head noun."""
    if n == 1:
        return unit
    if unit.endswith("s"):
        return unit
    head, _, tail = unit.partition(" of ")
    if re.search(r"(?:s|sh|ch|x)$", head):
        head += "es"
    elif re.search(r"[^aeiou]y$", head):
        head = head[:-1] + "ies"
    else:
        head += "s"
    return head + (f" of {tail}" if tail else "")


def singular(noun: str) -> str:
    """A plural noun phrase's singular ("subject lines" -> "subject line", "facts" -> "fact")."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    if re.search(r"(?:ches|shes|xes|sses)$", noun):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss"):
        return noun[:-1]
    return noun


def bound_text(lo: int | None, hi: int | None, unit: str, *, strict_under: int | None = None) -> str:
    """A bound as the offline grader reads it: "Fewer than 120 words", "Between 50 and 80 words", "Exactly 4 lines"."""
    if strict_under is not None:
        return f"Fewer than {strict_under} {plural(unit, strict_under)}"
    if lo is not None and hi is not None:
        if lo == hi:
            return f"Exactly {lo} {plural(unit, lo)}"
        return f"Between {lo} and {hi} {plural(unit, hi)}"
    if hi is not None:
        return f"At most {hi} {plural(unit, hi)}"
    if lo is not None:
        return f"At least {lo} {plural(unit, lo)}"
    return ""


def words_in(phrase: str) -> int:
    """Words in a phrase as a word count reads them."""
    return len(re.findall(r"[\w'’&.-]+", phrase))
