"""Same meaning, other spelling: how a term of a criterion is found in a draft written another way.

A draft may write what a criterion names with typographic punctuation ("Provider’s", "9–5", a
non-breaking space), a number in words ("thirty days", "fifteen percent"), a hyphen or none ("Wi-Fi",
"WiFi", "wifi"), a version with or without its prefix ("v2.3.1", "Version 2.3.1"), a price per unit
with a slash or in words ("$4.99/month", "$4.99 a month"), an ampersand or "and" ("Crumb & Co"), a
thousands separator or none ("$80,000", "$80 000"), or another form of the word ("retries",
"retried"). `fold` maps typographic characters to plain ones one for one (so positions in the folded
text are positions in the draft), and `term_pattern` builds the regex that accepts each of those
spellings and nothing looser: "$49" is still not in "$490", "C++" not in "C". `same_word` compares
two words by their lemmas (lemminflect's English tables, nouns and verbs).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rubric_core.numbers import NUMBER_IN_WORDS, SCALES, TENS, UNITS, number_value

_FOLD = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u02bc": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2012": "-",
        "\u2015": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u202f": " ",
        "\u2009": " ",
        "\u2007": " ",
        "\u200a": " ",
        "\u2002": " ",
        "\u2003": " ",
    }
)


def fold(text: str) -> str:
    """Typographic quotes, dashes and spaces as plain ones, one character for one (the length is kept)."""
    return text.translate(_FOLD)


_WORD_OF: dict[int, str] = {n: w for w, n in {**UNITS, **TENS}.items()}


def _number_words(value: int) -> str:
    """A regex of `value` written in words ("thirty", "twenty[- ]five", "two hundred"), or '' when it has none."""
    if value in _WORD_OF:
        return _WORD_OF[value]
    if 20 < value < 100 and value % 10:
        return rf"{_WORD_OF[value - value % 10]}[-\s]?{_WORD_OF[value % 10]}"
    for scale, size in sorted(SCALES.items(), key=lambda kv: -kv[1]):
        if value % size == 0 and 0 < value // size < 20:
            head = value // size
            lead = r"(?:a|one)" if head == 1 else _WORD_OF[head]
            return rf"{lead}\s{scale}"
    return ""


def _digits(run: str) -> str:
    """A number of the term as digits or words: "30" also as "thirty", "80,000" also as "80000" or "80 000"."""
    groups = re.fullmatch(r"\d{1,3}(?:,\d{3})+", run)
    if groups:
        body = r"[,\s]?".join(run.split(","))
    else:
        body = re.escape(run)
    value = number_value(run) if re.fullmatch(r"\d{1,3}(?:,\d{3})*|\d+", run) else None
    words = _number_words(value) if value is not None else ""
    return f"(?:{body}|{words})" if words else body


_PER_UNIT = r"(?:month|mo|year|yr|week|wk|day|hour|hr|night|user|seat|person|head|member|ticket|kg|lb|item)\b"
_TOKEN = re.compile(
    rf"(?P<version>\b(?:v|version\s+)(?=\d+(?:\.\d+)+))"
    rf"|(?P<number>\d+(?:[.,]\d+)*)"
    rf"|(?P<numword>\b(?:{NUMBER_IN_WORDS})\b)"
    r"|(?P<word>[A-Za-z]+(?:'[A-Za-z]+)?)"
    r"|(?P<space>\s+)"
    r"|(?P<other>.)",
    re.IGNORECASE,
)


def term_pattern(term: str, *, literal: bool, spelled: bool = False) -> str:
    """A regex (use with re.IGNORECASE) that finds `term` in a folded text, in any of its same-meaning spellings.

    A literal (a token, a quoted phrase, a name) is matched as written but for those spellings; a word or
    phrase also with a plural or -ed/-ing ending on its last word.
    """
    term = fold(term).strip()
    if spelled:
        # "Uses the word e-mail": that spelling (any case, typographic punctuation aside), not "email".
        body = r"\s+".join(re.escape(w) for w in term.split()) + ("" if literal else r"(?:s|es|ed|ing)?")
        return _edges(term, body)
    out: list[str] = []
    tokens = list(_TOKEN.finditer(term))
    last_word = max((i for i, m in enumerate(tokens) if m.lastgroup in ("word", "numword")), default=-1)
    for i, m in enumerate(tokens):
        kind, text = m.lastgroup, m.group(0)
        prev = tokens[i - 1] if i else None
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if kind == "version":
            out.append(r"(?:v\s?|version\s+|release\s+)?")
        elif kind == "number":
            piece = _digits(text)
            if (prev is not None and prev.lastgroup == "version") or (
                re.fullmatch(r"\d+\.\d+", text)
                and i
                and (tokens[i - 1].group(0).strip().lower() in ("version", "release", "v"))
            ):
                piece += r"(?:\.0)*"  # version 1.8 is 1.8.0
            if nxt is not None and nxt.lastgroup == "other" and nxt.group(0) in "°℃℉'\"":
                piece += r"\s?"  # 80°C, 80 °C
            out.append(piece)
        elif kind == "numword":
            value = number_value(text)
            out.append(f"(?:{re.escape(text)}|{value})" if value is not None else re.escape(text))
        elif (
            kind == "word"
            and text.lower() == "percent"
            and prev is not None
            and i >= 2
            and (tokens[i - 2].lastgroup in ("number", "numword"))
        ):
            out[-1] = r"\s?"
            out.append(r"(?:%|percent\b|per\s?cent\b)")
        elif kind == "word" and text.lower() == "per" and nxt is not None:
            out.append(r"(?:per|a|an|each|every|/)")
        elif kind == "word":
            after_number = prev is not None and (
                prev.lastgroup in ("number", "numword")
                or (prev.group(0) in ("-", " ") and i >= 2 and tokens[i - 2].lastgroup in ("number", "numword"))
            )
            if after_number and len(text) > 2:
                # "30-day" is "30 days" too, and "30 days" is "30-day"
                piece = re.escape(text[:-1] if text.lower().endswith("s") else text) + r"s?"
                if len(tokens) == 3 and prev is not None and prev.lastgroup == "space":
                    out[-1] = r"[\s-]+(?:[a-z]+\s+)?"  # "four approvers": "4 separate approvers"
            elif len(text) >= 4 and text.isalpha():
                # "WiFi" is "Wi-Fi" too, "email" "e-mail"
                piece = "-?".join(re.escape(ch) for ch in text)
            else:
                piece = re.escape(text)
            if i == last_word and not literal and not after_number:
                piece += r"(?:s|es|ed|ing|d)?"
            out.append(piece)
        elif kind == "space" and nxt is not None and re.fullmatch(r"v\d+", term[nxt.start() : nxt.start() + 2], re.I):
            out.append(r"[\s@:=-]+")  # actions/checkout v4, actions/checkout@v4
        elif kind == "space":
            out.append(
                r"[\s-]+" if not (nxt and nxt.group(0) == "&") and not (prev and prev.group(0) == "&") else r"\s*"
            )
        elif (
            text == "-"
            and prev is not None
            and nxt is not None
            and prev.lastgroup != "space"
            and nxt.lastgroup != "space"
        ):
            out.append(r"[-\s]?")  # Wi-Fi, WiFi, wi fi; 30-day, 30 day
        elif text == "&":
            out.append(r"(?:&|&amp;|\band\b|\+)")
        elif text == "%" and prev is not None and prev.lastgroup in ("number", "numword"):
            out.append(r"\s?(?:%|percent\b|per\s?cent\b)")
        elif text == "/" and nxt is not None and re.match(_PER_UNIT, term[nxt.start() :], re.IGNORECASE):
            out.append(r"\s?(?:/|\s(?:a|an|per|each|every)\s)\s?")
        else:
            out.append(re.escape(text))
    body = "".join(out)
    if re.match(r"(?:v|version\s+)\d", term, re.IGNORECASE):
        return r"(?<![\w.])" + _edges(term, body)[len(r"(?<![\w])") :]
    return _edges(term, body)


def _edges(term: str, body: str) -> str:
    """`body` not inside a longer word or number: `$49` is not in `$490` or `$49.99`, `C++` not in `C+++`."""
    first, final = term[:1], term[-1:]
    lead = r"(?<![\w])" if first.isalnum() or first in "$€£#@" else ""
    tail = r"(?![\w])" if final.isalnum() or final in "+#%" else ""
    if final.isdigit():
        tail += r"(?![.,]\d)"
    if final == "+":
        tail += r"(?!\+)"
    return lead + body + tail


@lru_cache(maxsize=4096)
def compiled(term: str, literal: bool, spelled: bool = False) -> re.Pattern[str]:
    """`term_pattern`, compiled once."""
    return re.compile(term_pattern(term, literal=literal, spelled=spelled), re.IGNORECASE)


@lru_cache(maxsize=8192)
def lemmas(word: str) -> frozenset[str]:
    """The word and its noun and verb lemmas ("retried" -> retry; "stories" -> story); an adjective's
    comparative is not its base ("better" is not "good")."""
    from lemminflect import getAllLemmas

    low = word.lower().replace("’", "'")
    found = getAllLemmas(low)
    out = {low}
    for pos in ("NOUN", "VERB"):
        out |= set(found.get(pos, ()))
    return frozenset(out)


def same_word(a: str, b: str) -> bool:
    """Whether two words are forms of one word (a lemma in common): retries / retried, story / stories."""
    if a.lower() == b.lower():
        return True
    if not (a.isalpha() and b.isalpha()) or min(len(a), len(b)) < 3:
        return False
    return bool(lemmas(a) & lemmas(b))


@lru_cache(maxsize=4096)
def describes(word: str) -> bool:
    """Whether a word can be an adjective ("free", "monthly"): an adjective may stand after its noun ("parking is
    free"), a noun of a compound may not ("the learning machine" is not machine learning)."""
    from lemminflect import getAllLemmas

    return "ADJ" in getAllLemmas(word.lower())


_DERIVING = re.compile(
    r"(?:isations?|izations?|ations?|ments?|ically|ical|ally|izing|ising|ized|ised|izes|ises|ize|ise|ies|ied|ic|al|y)$"
)


def derived(a: str, b: str) -> bool:
    """Whether two words are one word by derivation ("apology", "apologize", "apologies"): the same stem of five
    letters or more once a derivational ending is taken off. "The word X" is used in any of its forms."""
    stems = [_DERIVING.sub("", w.lower()) for w in (a, b)]
    return len(stems[0]) >= 5 and stems[0] == stems[1]
