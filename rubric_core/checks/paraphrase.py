"""A phrase a criterion names that the text does not hold as written: said otherwise, or not said at all.

"Ships free" may say "free shipping" (its words in one sentence, reworded or after an adjective); "Rent is
£1,450 a month" may say "the monthly rent" (the head word there, not every word): n/a, not ✘. "The learning
machine" is not "machine learning", and "school fete" with no fete is missing: ✘. After "Says", "States",
"Offers"..., what the text says may be said in other words (n/a), unless it says the opposite ("no pets",
"unfurnished": ✘) or a single word is nowhere (✘).
"""

from __future__ import annotations

import itertools
import re

from rubric_core.checks.matching import term_at
from rubric_core.checks.normalise import describes
from rubric_core.checks.text import sentences_of

MISSING, UNDECIDED = "missing", "undecided"


def reworded(text: str, term: str, missing: str) -> tuple[str, str]:
    """A phrase a criterion says the text says, not found as written: ✘ when the text says the opposite ("no pets",
    "unfurnished") or a single word is nowhere; else n/a (it may be said in other words)."""
    words = [w for w in re.findall(r"[\w'-]+", term.lower()) if w not in _FILLER]
    for w in words:
        negated = re.search(
            rf"\b(?:no|not|never|without|non-?)\s+(?:\w+\s+)?{re.escape(w)}|\bun-?{re.escape(w)}", text, re.I
        )
        if negated:
            return MISSING, f'{missing}: the text says "{negated.group(0)}"'
    if len(words) <= 1:
        return MISSING, missing
    return UNDECIDED, f"{missing} not found as written; it may be said in other words"


def some_words(text: str, term: str) -> list[str]:
    """Content words of a phrase the text holds when it holds its head and not every other word ("rent" of
    "monthly rent" in "Rent is £1,450 a month"): partial evidence, neither found nor missing."""
    words = [w for w in re.findall(r"[\w'-]+", term.lower()) if w not in _FILLER and not w.isdigit()]
    if len(words) < 2:
        return []
    held = [w for w in words if term_at(text, w) is not None]
    # The head names the thing ("fete" of "school fete"): without it the thing is missing; with it, and not all
    # the words, the phrase may be said otherwise ("10-minute sessions" for "session lengths" is not: its head
    # "lengths" is missing).
    lead = re.split(r"\s+(?:of|for|with|in|to|per|on|at)\s+", term.lower(), maxsplit=1)[0]
    heads = [w for w in re.findall(r"[\w'-]+", lead) if w in words and w not in _GENERIC_HEADS]  # "years of …": years
    head = heads[-1] if heads else words[-1]
    return held if head in held and len(held) < len(words) else []


def words_apart(text: str, term: str) -> str:
    """A sentence holding every content word of a phrase, though not side by side ("rent … per month" for "monthly
    rent" is not; "ships free" for "free shipping" is): the phrase may be said in other words. '' when none."""
    words = [w for w in re.findall(r"[\w'-]+", term.lower()) if w not in _FILLER]
    if len(words) < 2:
        return ""
    for sentence in sentences_of(text):
        at = [term_at(sentence, w) for w in words]
        if any(a is None for a in at):
            continue
        in_order = all(a < b for a, b in itertools.pairwise(at)) or describes(words[0])  # type: ignore[operator]
        reworded = any(not re.search(rf"\b{re.escape(w)}", sentence, re.IGNORECASE) for w in words)
        # "the learning machine" is not "machine learning"; "ships free" and "parking is free" may be
        if in_order or reworded:
            return sentence
    return ""


_GENERIC_HEADS = frozenset("command line section part block note message text entry item thing".split())
"""Heads that only say what form a thing takes ("a pip install command"): the word before them names it."""
_FILLER = frozenset("the a an of for to on in at by with and or its their our your this that is are be".split())
