"""The literal facts a task gives, found by their shape: prices, percentages, dates, times, links, addresses,
versions, codes, quoted phrases and names. A draft may state these (and only these) as facts."""

from __future__ import annotations

import re

from rubric_core.numbers import number_value, up_to, words_alternation

MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)"
WEEKDAYS = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"

PRICE = re.compile(
    r"(?:from\s)?(?:[$€£¥₹]|US\$|A\$|C\$)\s?\d[\d,]*(?:\.\d+)?(?:\s?[kKmMbB]\b)?"
    r"(?:[–-][$€£]?\d[\d,]*(?:\.\d+)?[kKmM]?)?(?:\s?(?:/|per\s)\s?(?:month|mo|year|yr|hour|hr|week|day|night|person|"
    r"user|seat|head|ticket|license|licence)\b)?(?:\s(?:lifetime|a month|a year|an hour|each|per month))?"
)
PERCENT = re.compile(r"\d+(?:\.\d+)?\s?%(?:\s(?:off|discount|faster|slower|more|less|fewer|cheaper|rule))?")
DATE = re.compile(
    rf"\b(?:(?:{WEEKDAYS}),?\s)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s{MONTHS}(?:\s\d{{4}})?|{MONTHS}\s\d{{1,2}}(?:st|nd|rd|th)?"
    rf"(?:,?\s\d{{4}})?)\b|\b{WEEKDAYS}\b|\b(?:Q[1-4])(?:\s\d{{4}})?\b|\b(?:19|20)\d\d\b|\b\d{{4}}-\d\d-\d\d\b"
)
TIME = re.compile(
    r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)?\s?[–-]\s?\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|"
    r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b|\b(?-i:noon|midnight)\b",
    re.IGNORECASE,
)
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
LINK = re.compile(
    r"\b(?:https?://\S+[\w/]|www\.[\w.-]+\w(?:/[\w./-]*[\w/-])?|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|app|dev|co|ai|"
    r"uk|de|fr|me|so|xyz|info|biz|tv|gg|ly|sh)(?:/[\w./-]*[\w/-])?)(?![\w@])"
)
PHONE = re.compile(r"(?<![\w$€£.,])\+?\(?\d[\d ().-]{7,}\d\b(?![.,]\d|%)")
VERSION = re.compile(r"\b(?:v|version\s|release\s)?\d+\.\d+(?:\.\d+)*\+?(?![\d%])|\bv\d+\b", re.IGNORECASE)
CODE = re.compile(r"(?<![\w#])#\d{2,}\b|\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z][A-Z0-9]{3,}\b")
QUOTED = re.compile(
    r"(?<![A-Za-z0-9])'([^'\n]{2,80}?)'(?![A-Za-z0-9])|\"([^\"\n]{2,80})\"|“([^”\n]{2,80})”|‘([^’\n]{2,80})’|`([^`\n]+)`"
)
NAME = re.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|Prof)\.?\s[A-Z][\w'’-]+|"
    r"\b[A-Z][\w'’.-]*[A-Za-z0-9+](?:(?:\s(?:&|and|of|de|van|von|du|the)\s|\s)[A-Z][\w'’.-]*[A-Za-z0-9+]){0,3}|\b[A-Z]\b"
)
"""Capitalised words in a row ("Crumb & Co", "Bean There Café", "Maple Grove Care Home", "Mr. Okafor")."""

NUMBER_WORDS = up_to(100)
"""The count words the writer reads in a task, from the one number table (rubric_core/numbers.py)."""
NUMBER = r"(\d+|" + words_alternation(NUMBER_WORDS) + r")"


def number(word: str) -> int:
    """An integer written in digits or as a word ("seven")."""
    value = number_value(word)
    if value is None:
        raise ValueError(f"not a number: {word!r}")
    return value


def found(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    """Each match once, in order, trimmed of trailing punctuation."""
    return tuple(dict.fromkeys(m.group(0).strip().rstrip(".,;:)") for m in pattern.finditer(text)))


def quoted(text: str) -> tuple[str, ...]:
    """The quoted phrases of a text, without their quotes."""
    return tuple(dict.fromkeys(next(g for g in m.groups() if g) for m in QUOTED.finditer(text)))


_NOT_NAME_WORDS = frozenset(
    "I A An The This That These Those We Our You Your It Its My Me He She They His Her Their Write Make Keep Include "
    "Mention Give Add Use Avoid Don't Do No Not Need Must Should Can Could Would Please Plus And But Or If When With "
    "For From To In On At By Sign Tell Turn Just Each Every First Last Next Only Start End Ends Bullet Number "
    "Standard Headline Title Sections Severity Environment Expected Actual Steps Tables Fixed New Big Also "
    "Opening Main Press Release Job Post Cover Letter Tweet Thread Email Invitation Event Newsletter Reply Customer "
    "Product Description Recipe Landing Page Hero Section FAQ Answer Bug Report Readme README LinkedIn Meeting "
    "Minutes List Haiku Limerick Sonnet Poem Python JSON SQL Postgres Vegan Decided Refunds Sale Pay Applicants "
    "Works Started Round Get Only Sorted Keep Confident Should Funny Hero Etsy Shakespearean Thank Thanks Offer "
    "Under Over Max Min Exactly About Around Between Apology Can't Item Items".split()
)


def names(text: str) -> tuple[str, ...]:
    """Names the text gives: capitalised words in a row that are not an instruction's first word."""
    out: list[str] = []
    for m in NAME.finditer(text):
        name = m.group(0).strip()
        words = name.split()
        # Leading instruction words fall off: "Write Roamly" never happens, "Sign Priya" might.
        while words and (words[0] in _NOT_NAME_WORDS or words[0].rstrip("'’s") in _NOT_NAME_WORDS):
            words = words[1:]
        while words and words[-1] in {"&", "and", "of", "the", "de", "van", "von", "du"}:
            words = words[:-1]
        name = re.sub(r"['’]s$", "", " ".join(words))
        if not name or len(name) < 2 or name.isdigit() or re.fullmatch(MONTHS + "|" + WEEKDAYS, name):
            continue
        if name not in out:
            out.append(name)
    return tuple(out)
