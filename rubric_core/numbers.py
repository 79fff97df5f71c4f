"""Numbers written as words: the one table the grader, the writer and the drafter read them from.

"thirty", "fifteen percent", "a dozen", "twenty-five": `NUMBER_WORDS` gives each word its value, and
`number_value` reads a number written in digits or in words (a compound such as "twenty-five" or
"two hundred" too). Each user takes the words it needs from here (a count in a criterion also reads
"a"/"an" as one: `ARTICLE_ONE`) rather than keeping a table of its own. A shared base module: it
imports nothing of rubric_core.
"""

from __future__ import annotations

import re

UNITS: dict[str, int] = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
"""Zero to nineteen."""

TENS: dict[str, int] = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}

SCALES: dict[str, int] = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}

NUMBER_WORDS: dict[str, int] = {
    **UNITS,
    **TENS,
    "hundred": 100,
    "a hundred": 100,
    "one hundred": 100,
    "thousand": 1000,
    "a thousand": 1000,
    "one thousand": 1000,
    "a dozen": 12,
    "dozen": 12,
    "a single": 1,
    "single": 1,
}
"""Every number word the product reads, with its value (a few two-word forms: "a hundred", "a single")."""

ARTICLE_ONE: dict[str, int] = {"a": 1, "an": 1}
"""Articles that count one in a criterion's count ("A one-sentence summary", "an emoji")."""

ORDINAL_WORDS: dict[str, int] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
}
"""Positions in words ("the second one", "the third criterion")."""

FREQUENCIES: dict[str, int] = {"once": 1, "twice": 2, "thrice": 3}
"""How many times, in one word ("Mentions Paris twice")."""


def words_alternation(words: dict[str, int] | list[str]) -> str:
    """A regex alternation of `words`, longest first (so "a hundred" wins over "a")."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def up_to(limit: int) -> dict[str, int]:
    """The number words of `NUMBER_WORDS` whose value is at most `limit` (a count read in a term: "three
    hashtags", not "fifty")."""
    return {w: n for w, n in NUMBER_WORDS.items() if n <= limit and w not in ("zero", "dozen", "a dozen")}


_COMPOUND = re.compile(
    rf"^(?:(?P<tens>{words_alternation(TENS)})(?:[- ](?P<unit>{words_alternation({k: v for k, v in UNITS.items() if 0 < v < 10})}))?"
    rf"|(?P<small>{words_alternation(UNITS)}|a))"
    rf"(?:[- ](?P<scale>{words_alternation(SCALES)}))?$"
)

NUMBER_IN_WORDS = (
    rf"(?:(?:{words_alternation(TENS)})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?"
    rf"|{words_alternation(UNITS)}|a dozen|dozen)(?:[- ](?:{words_alternation(SCALES)}))?"
)
"""A regex for a number written in words ("thirty", "twenty-five", "two hundred", "fifteen"); use with \\b."""


def number_value(text: str) -> int | None:
    """The value of a number in digits or in words ("12", "1,200", "thirty", "twenty-five", "a hundred",
    "two thousand"), else None."""
    word = text.strip().lower()
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", word):
        return int(word.replace(",", ""))
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word]
    m = _COMPOUND.match(word)
    if not m:
        return None
    if m.group("tens"):
        value = TENS[m.group("tens")] + (UNITS[m.group("unit")] if m.group("unit") else 0)
    else:
        value = 1 if m.group("small") == "a" else UNITS[m.group("small")]
    if m.group("scale"):
        value *= SCALES[m.group("scale")]
    elif m.group("small") == "a":
        return None
    return value


def spoken(value: int) -> str:
    """A number as it is said ("forty", "twenty five", "two hundred and six", a year "nineteen ninety"), for
    counting its syllables; digit by digit past what the table says."""
    words = {n: w for w, n in {**UNITS, **TENS}.items()}
    if value < 20:
        return words[value]
    if value < 100:
        return words[value - value % 10] + ("" if value % 10 == 0 else " " + words[value % 10])
    if 1100 <= value < 2100 and value % 100:  # a year: "nineteen ninety"
        return f"{spoken(value // 100)} {spoken(value % 100)}"
    if value < 1000:
        rest = value % 100
        return f"{words[value // 100]} hundred" + (f" and {spoken(rest)}" if rest else "")
    if value < 1_000_000 and value % 1000 == 0:
        return f"{spoken(value // 1000)} thousand"
    return " ".join(words[int(d)] for d in str(value))
