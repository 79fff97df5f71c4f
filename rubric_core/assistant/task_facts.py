"""Facts a task gives that an answer must carry as written: names and literal tokens (prices, percentages, ticket
numbers, hashtags, versions, dates, times, phone numbers, links, code, measures).

A name keeps all of itself: an apostrophe, a hyphen, accents, "&", an initial, a title, "of" between capitals and a
Roman numeral ("Priya O'Neill", "Dr. Lena K. Ibáñez-Walsh", "Hollis & Grant", "Head of Design", "Sir Reginald
Fluffington III"). Words that name the kind of text or a tool ("LinkedIn post", "Python function") are the genre,
not a fact to mention.
"""

from __future__ import annotations

import re

from rubric_core.checks.patterns import find

_UPPER = "A-ZÀ-ÖØ-Þ"
_CAP = rf"(?:[{_UPPER}][\w’'-]*\w['’]?|[{_UPPER}])(?![\w’'-])"
_PART = rf"(?:[{_UPPER}]\.(?=\s)|{_CAP}|&|(?:of|de|da|van|von|del|la|le)(?=\s+[{_UPPER}]))"
_NAME = re.compile(rf"(?<![\w$€£#@./-])((?:(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|St)\.?\s+)?{_CAP}(?:\s+{_PART})*)")
GENRE_NAMES = frozenset(
    """linkedin slack instagram tweet twitter facebook tiktok youtube sms faq python javascript typescript rust go java
    ruby php sql postgresql postgres mysql sqlite json yaml csv html html5 css markdown bash shell jest pytest mocha
    node npm github gitlab docker kubernetes excel word powerpoint google email e-mail api rest graphql regex es2020
    jsdoc conventional keep iso us uk eu ai ceo cto rsvp english french spanish german italian portuguese dutch
    chinese japanese actions""".split()
)
_WHEN = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)
_STOP = frozenset(
    """i a an the this that these those we our you your it its my me he she they them his her their write draft
    make keep give create compose use add include mention avoid start end sign close open list suggest describe
    explain translate summarise summarize implement output return respond reply thank invite politely please
    don't do no not never without none nothing short long brief each every only just also and but or if when then
    under between exactly max at least most numbered casual funny happy requirements using where can be ask done
    emphasise emphasize construction i'm i've i'll i'd""".split()
)
_NOT_NAMED = re.compile(
    r"\s+(?:(?:and|or)\s+[A-Z]\w*\s+)?(?:sections?|headings?|format|style|numerals|syntax|mood|case|notation|template|tag|element)\b"
)
_POSSESSIVE_KEEPS = frozenset("on at in for with to from by is was near".split())
"""After "Nando's" these words say the 's belongs to the name (a place); after "Okafor's patients" it is possessive."""


def _blank(text: str, quotes: list[str]) -> str:
    text = re.sub(r"`[^`\n]*`", lambda m: " " * len(m.group(0)), text)
    for q in sorted(quotes, key=len, reverse=True):
        text = text.replace(q, " " * len(q))
    return text


def names(text: str, quotes: list[str] | None = None) -> list[str]:
    """Capitalised names in the text, whole, in order, without repeats; genre and tool words, words that only open
    a sentence and quoted phrases (`quotes`) left out."""
    scan = _blank(text, quotes or [])
    out: list[str] = []
    for m in _NAME.finditer(scan):
        words = m.group(1).split()
        before = scan[: m.start()].rstrip()
        if not before or before[-1] in ".!?:;\n-*•" or before.endswith(("\u2014", "(")):
            words = (
                words[1:]
                if len(words) > 1
                and words[0].lower().strip(".") not in ("dr", "mr", "mrs", "ms", "prof", "sir", "dame")
                else ([] if len(words) == 1 else words)
            )
        while words and words[0].lower() in ("the", "a", "an", "our", "my", "your", "their", "to", "and"):
            words = words[1:]
        while words and words[-1] in ("&", "of", "de", "la", "le", "van", "von", "da", "del"):
            words = words[:-1]
        if not words:
            continue
        cut = next((i for i, w in enumerate(words[:-1]) if re.search(r"['’]s?$", w)), None)
        if cut is not None:
            words = words[: cut + 1]
            words[-1] = re.sub(r"['’]s?$", "", words[-1])  # "Fernleaf Gardens' March issue": the name ends there
        name = " ".join(words)
        after = scan[m.end() :]
        version = re.match(r" (v?\d+(?:\.\d+)+)\b", after)
        if version and not re.search(r"['’]s?$", name):
            name += version.group(0)  # "Inkwell 2.0": the version is part of the name
        if _NOT_NAMED.match(after) or re.search(r"-(?:style|based|like|friendly|free|person|level|only)$", name, re.I):
            continue
        if re.search(r"['’]s?$", name):
            nxt = re.match(r"\s+([a-z]+)", after)
            if nxt and nxt.group(1) not in _POSSESSIVE_KEEPS:
                name = re.sub(r"['’]s?$", "", name)
        low = [re.sub(r"['’]s?$", "", w.lower()) for w in name.split()]
        if all(w in GENRE_NAMES or w in _WHEN for w in low) or low[0] in _STOP:
            continue
        if name.replace("-", "").replace(" ", "").isupper() and not re.search(r"[\d-]", name):
            continue  # ABAB, HOPE, DESC: a scheme, a word to spell, a keyword
        if len(name) < 2 or re.fullmatch(rf"[{_UPPER}]\.?", name):
            continue
        if name not in out and not any(re.search(rf"\b{re.escape(name)}\b", o) for o in out):
            out.append(name)
    return out


_LITERALS = re.compile(
    r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:[KMB]\b|bn\b|k\b|m\b)?(?:/(?:hour|hr|month|mo|year|yr|week|day|person|night))?"
    r"|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b)"
    r"|(?<![\w&])#[\w-]*\w"
    r"|\bv\d+(?:\.\d+){1,3}\b|\b\d+\.\d+\.\d+\b"
    r"|https?://\S+[^\s.,;)]|\bwww\.\S+[^\s.,;)]|\b[\w.+-]+@[\w-]+\.[\w.]+\b"
    r"|\b\d{3,4}[ -]\d{3,4}[ -]\d{3,4}\b"
    r"|\b\d+(?:\.\d+)?\s?(?:MB|GB|KB|TB|ms|km|kg|mg|ml|mL|L|lbs?|miles?|mph|km/h|°[CF])\b"
    r"|\b\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.)(?!\w)|\b\d{1,2}:\d\d\b"
    r"|\b[A-Za-z_]\w*(?:\.\w+)+\(\)"
)


def literals(text: str) -> list[str]:
    """Literal tokens in the text, in order, without repeats (a date as the grader finds it)."""
    found: list[tuple[int, str]] = []
    for m in _LITERALS.finditer(text):
        token = m.group(0).rstrip(".,")
        found.append((m.start(), token))
    for f in find("date", text):
        token = f.text.rstrip(".,")
        weekday = re.fullmatch(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day", token)
        if re.search(r"\d", token) or len(token.split()) > 1 or weekday:
            found.append((text.find(token), token))
    out: list[str] = []
    for _, token in sorted(found):
        if token not in out and not any(token in o for o in out):
            out = [o for o in out if o not in token]
            out.append(token)
    return out
