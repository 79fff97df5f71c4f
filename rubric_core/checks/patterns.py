"""What a criterion names when it names a kind of content, not words: a price, a call to action, a date.

"Mentions the price" is not met by the word "price": a draft meets it with "$49". Each kind the
offline grader recognises has a finder that returns the instances it sees; a criterion passes on an
instance, never on the kind's own name. A finder is `complete` when it sees every instance there can
be (an emoji, a hashtag, a "?"), so "at most", "exactly" and "none" can pass on its count. Otherwise a
`net` finds what might be an instance the finder misses ("affordable", "forty bucks", "by end of day"):
"Does not mention the price" passes only when the net finds nothing, and is n/a when only the net does.
rubric_core/checks/CRITERIA.md lists each rule; keep the two in step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rubric_core.checks.calls_to_action import find_cta, is_call_to_action
from rubric_core.checks.found import Found, by_regex, line_of, sentence_around, sentences_matching
from rubric_core.checks.framing import GREETING_RE, SIGN_OFF_RE, frame_of
from rubric_core.checks.text import lines_of
from rubric_core.checks.when import (
    _DATE_NET,
    _DATE_RE,
    _DEADLINE_NET,
    _TIME_NET,
    _TIME_RE,
    _find_deadline,
)
from rubric_core.numbers import SCALES, TENS, UNITS, words_alternation

__all__ = ["PATTERNS", "_DATE_RE", "_TIME_RE", "Found", "Pattern", "find", "find_all", "is_call_to_action", "maybe"]

_URL = (
    r"(?:https?://[^\s<>\"')\]]+[^\s<>\"')\].,;:!?]|www\.[^\s<>\"')\]]+[^\s<>\"')\].,;:!?]"
    r"|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|app|co|shop|store|info|biz|edu|gov|uk|de|fr|"
    r"eu|us|ca|au|example)(?:/[^\s<>\"')\]]*[^\s<>\"')\].,;:!?])?\b)"
)
_URL_RE = re.compile(_URL, re.IGNORECASE)
_EMAIL_RE = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_PHONE_RE = re.compile(r"(?<![\w$€£.,])\+?\(?\d[\d ().-]{6,}\d\b(?![.,]\d|%)")
_CURRENCY = r"(?:[$€£¥₹]|US\$|A\$|C\$)"
_AMOUNT = r"\d{1,3}(?:[,\s]\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?"
_MONEY_WORDS = r"(?:dollars?|euros?|pounds? sterling|cents?|bucks|quid|yen|rupees?|francs?|usd|eur|gbp)"
"""Pounds alone are a weight as often as money: only £, GBP or 'pounds sterling' make a price."""
_NUMBER_WORDS = rf"(?:{words_alternation({**UNITS, **TENS, **SCALES})}|a|an)"
_PRICE_RE = re.compile(
    rf"{_CURRENCY}\s?(?:{_AMOUNT})(?:\s?(?:k|m|bn))?\b"
    rf"|\b(?:{_AMOUNT})\s?(?:{_CURRENCY}|{_MONEY_WORDS})\b"
    rf"|\b(?:usd|eur|gbp)\s?(?:{_AMOUNT})\b"
    rf"|\b{_NUMBER_WORDS}(?:[- ](?:and[- ])?{_NUMBER_WORDS})*[- ]{_MONEY_WORDS}\b"
    r"|\b(?:only|just|costs?|priced at|for|at)\s+\d+\.\d\d\b(?![.,]\d|\s?%)",
    re.IGNORECASE,
)
_PRICE_NET = re.compile(
    r"[$€£¥₹]|\b(?:usd|eur|gbp|dollars?|euros?|pounds?|cents?|bucks|quid|yen|prices?|priced|pricing|pricey|"
    r"costs?|costing|costly|fees?|charges?|charged|pay|pays|paid|payment|cheap\w*|expensive|affordable|"
    r"inexpensive|discount\w*|budget|free|bargain|per (?:month|year|week|day|seat|user|person)|a month|a year|"
    r"/mo|/yr|\d+\.\d\d)\b",
    re.IGNORECASE,
)
_STATISTIC_RE = re.compile(
    r"\b\d+(?:\.\d+)?\s?%|\b\d+(?:\.\d+)?\s+(?:percent|per cent)\b|\b\d+\s+(?:out\s+)?of\s+(?:every\s+)?\d+\b"
    r"|\b\d+(?:\.\d+)?\s?(?:x|times)\s+(?:more|less|fewer|faster|slower|higher|lower|bigger|smaller|as)\b",
    re.IGNORECASE,
)
_STATISTIC_NET = re.compile(
    r"\d|%|\b(?:percent|per cent|half|third|quarter|majority|minority|most|twice|double[ds]?|triple[ds]?|"
    r"\w+fold|ratio|average|median|in every|out of)\b",
    re.IGNORECASE,
)
_DIGITS_RE = re.compile(r"\d+(?:[.,]\d+)*")
_NUMBER_WORD_RE = re.compile(
    rf"\b(?:{words_alternation({**UNITS, **TENS})}|(?:{words_alternation(SCALES)})s?|dozens?|first|second|third|half|"
    r"once|twice|single|double|triple|pair)\b",
    re.IGNORECASE,
)
_GREETING_RE = GREETING_RE
_GREETING_NET = re.compile(
    r"^\W*(?:\w+(?: \w+)?,\s*$|hi|hello|hey|dear|greetings|good|welcome|morning)\b", re.IGNORECASE
)
_SIGN_OFF_RE = SIGN_OFF_RE
_SIGN_OFF_NET = re.compile(
    r"\b(?:regards|best|cheers|thanks|thank you|sincerely|yours|love|take care|talk soon|see you|bye|warmly)\b",
    re.IGNORECASE,
)
_EMOJI_RE = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f2ff\U00002b50\U00002b55]")
_EMOJI_NET = re.compile(
    "[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f2ff\u2b50\u2b55]|[:;]-?[)(DPp]|<3"
)
_HASHTAG_RE = re.compile(r"(?<![\w&#/])#[A-Za-z][\w]*")
_EXCLAMATION_RE = re.compile(r"!")
_PLACEHOLDER_RE = re.compile(
    r"\[(?:[^\[\]\n]*\s[^\[\]\n]*\s[^\[\]\n]*|[A-Z][A-Z0-9 _/'-]+|(?i:insert|add|your|todo|tbd)\b[^\[\]\n]*)\](?!\()"
    r"|\{\{[^{}\n]+\}\}|\b(?:TBD|TODO|XXX+|[Ll]orem ipsum)\b"
)
_FENCE_RE = re.compile(r"```.*?```", re.DOTALL)


def _find_placeholder(text: str) -> list[Found]:
    """A placeholder left to fill in, outside fenced code (an array is no placeholder); not complete: "Name here"
    unbracketed is one no pattern sees."""
    bare = _FENCE_RE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return by_regex(_PLACEHOLDER_RE)(bare)


_COLON_RE = re.compile(r"(?<!\d):(?!\d)|(?<=\d):(?!\d)|(?<!\d):(?=\d)")
_COMMA_RE = re.compile(r"(?<!\d),|,(?!\d{3}\b)")
_DASH_RE = re.compile(r"[—–]|\s-\s|--")
_BULLET_RE = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+\S", re.MULTILINE)
_NUMBERED_RE = re.compile(r"^\s*\d+[.)]\s+\S", re.MULTILINE)
_APOLOGY_RE = re.compile(
    r"(?<!\bthe )(?<!\bno )(?<!\bany )(?<!\bnot )\b(?:sorry|apologi[sz]e[sd]?|apologies|apology|apologising|"
    r"apologizing|we regret|i regret|please forgive|forgive us|forgive me|pardon (?:us|me|the))\b",
    re.IGNORECASE,
)
_APOLOGY_NET = re.compile(r"\b(?:sorry|apolog\w*|regret\w*|forgive\w*|pardon|excuse)\b", re.IGNORECASE)
_THANKS_RE = re.compile(
    r"(?<!\bthe )(?<!\bno )(?<!\bany )(?<!\bof )(?<!\bour )(?<!\byour )"
    r"\b(?:thank(?:s| you)|thank-you|many thanks)\b(?! to (?!you\b|everyone\b|all\b|each\b|every\b))"
    r"|\b(?:grateful|gratitude)\b"
    r"|\b(?:we|i)(?:'re| are|'m| am)? (?:really |truly |so |very |deeply |greatly )?(?:appreciate|grateful)\b"
    r"|\bmuch appreciated\b",
    re.IGNORECASE,
)
_THANKS_NET = re.compile(r"\b(?:thank\w*|grateful|gratitude|appreciat\w*|cheers|kudos)\b", re.IGNORECASE)


def _find_question(text: str) -> list[Found]:
    return sentences_matching(text, lambda s: s.rstrip("\"')]”’*_ ").endswith("?"))


def _find_number(text: str) -> list[Found]:
    return [
        Found(m.group(0), line_of(text, m.start()), sentence_around(text, m.start(), m.end()))
        for m in _DIGITS_RE.finditer(text)
    ]


def _opening_line(text: str) -> tuple[int, str]:
    """The first line after a subject line (framing.py), and its 1-based number."""
    lines = lines_of(text)
    heading = len(frame_of(text).subject.splitlines())
    if 0 < heading < len(lines):
        return heading + 1, lines[heading]
    return 1, lines[0] if lines else ""


def _find_greeting(text: str) -> list[Found]:
    number, line = _opening_line(text)
    return [Found(line, number, line)] if line and _GREETING_RE.search(line) else []


def _greeting_net(text: str) -> list[Found]:
    number, line = _opening_line(text)
    return [Found(line, number, line)] if line and _GREETING_NET.search(line) else []


def _last_lines(text: str, test: Callable[[str], bool], *, longest: int) -> list[Found]:
    lines = lines_of(text)
    for back in range(1, min(3, len(lines)) + 1):
        line = lines[-back]
        if len(line) <= longest and test(line):
            return [Found(line, len(lines) - back + 1, line)]
    return []


def _find_sign_off(text: str) -> list[Found]:
    return _last_lines(text, lambda line: bool(_SIGN_OFF_RE.search(line)), longest=60)


def _sign_off_net(text: str) -> list[Found]:
    return _last_lines(text, lambda line: bool(_SIGN_OFF_NET.search(line)), longest=80)


def _find_bullets(text: str) -> list[Found]:
    return [Found(m.group(0).strip(), line_of(text, m.start()), m.group(0)) for m in _BULLET_RE.finditer(text)]


@dataclass(frozen=True)
class Pattern:
    """A kind of content the offline grader recognises, and how."""

    name: str
    label: str
    """What the check is called beside a verdict ('price pattern')."""
    looks_for: str
    """What counts as an instance, in words a person reads."""
    find: Callable[[str], list[Found]]
    minimum: int = 1
    """Instances needed for one ('bullet points' needs two lines)."""
    complete: bool = False
    """The finder sees every instance there can be: 'at most', 'exactly' and 'none' pass on its count."""
    net: Callable[[str], list[Found]] | None = None
    """What might be an instance the finder misses: 'none' is n/a when only this finds something."""
    net_says: str = ""
    """What the net looks for, in words (CRITERIA.md)."""


PATTERNS: dict[str, Pattern] = {
    p.name: p
    for p in (
        Pattern(
            "price",
            "price pattern",
            "an amount of money ($49, €10, 25 dollars, forty-nine dollars, USD 30)",
            by_regex(_PRICE_RE),
            net=by_regex(_PRICE_NET),
            net_says="a currency sign or word, price, cost, fee, pay, cheap, expensive, affordable, free, "
            "discount, per month, a decimal like 49.99",
        ),
        Pattern(
            "call_to_action",
            "call to action",
            "a sentence that asks the reader to act: it (or a clause after a colon or dash) opens, after please, "
            "so, today or don't wait, with a verb such as buy, order, visit, try, sign up, book, call, reply, "
            "download or join, followed by its object (yours, us, our site, now, today, a link...)",
            find_cta,
        ),
        Pattern(
            "date",
            "date pattern",
            "a date or weekday (Friday, March 3, 3 March 2026, 2026-03-03, 3/4/2026, end of June, Q3 2026)",
            by_regex(_DATE_RE),
            net=by_regex(_DATE_NET),
            net_says="a weekday or month name (May too), today, tomorrow, next week, end of day, an ordinal "
            "(15th), a year, 3/4",
        ),
        Pattern(
            "time",
            "time pattern",
            "a time of day (10 am, 7:30 p.m., 14:30, noon, midnight)",
            by_regex(_TIME_RE),
            net=by_regex(_TIME_NET),
            net_says="morning, afternoon, evening, tonight, o'clock, 9h",
        ),
        Pattern(
            "deadline",
            "deadline pattern",
            "a date, time or day (tomorrow, end of day) after by, until, due, closes, ends or expires ('by "
            "Friday', 'due March 3', 'by end of day'), or a date named a deadline ('the 15 March deadline')",
            _find_deadline,
            net=lambda text: by_regex(_DEADLINE_NET)(text) + by_regex(_DATE_NET)(text),
            net_says="deadline, due, until, closes, expires, by the end, and anything the date net finds",
        ),
        Pattern(
            "link",
            "link pattern",
            "a web address (https://…, www.…, example.com)",
            by_regex(_URL_RE),
            complete=True,
        ),
        Pattern(
            "email_address",
            "email address pattern",
            "an email address (name@example.com)",
            by_regex(_EMAIL_RE),
            net=by_regex(re.compile(r"@|\b(?:at|dot)\b\W*\w+\W*\b(?:dot|com)\b", re.IGNORECASE)),
            net_says="an @, 'name at example dot com'",
        ),
        Pattern(
            "phone_number",
            "phone number pattern",
            "a phone number (seven digits or more, with spaces, dots, dashes or brackets)",
            by_regex(_PHONE_RE),
            net=by_regex(re.compile(r"\d{3,}|\b(?:tel|phone|call)\b", re.IGNORECASE)),
            net_says="three digits in a row, tel, phone, call",
        ),
        Pattern("question", "question", "a sentence that ends with a question mark", _find_question, complete=True),
        Pattern(
            "statistic",
            "statistic pattern",
            "a figure with a unit of comparison (40%, 12 percent, 3 out of 4, 2x faster)",
            by_regex(_STATISTIC_RE),
            net=by_regex(_STATISTIC_NET),
            net_says="any digit, percent, half, a third, most, twice, on average",
        ),
        Pattern(
            "number",
            "number pattern",
            "a number written in digits (12, 4.5, 1,000)",
            _find_number,
            net=by_regex(_NUMBER_WORD_RE),
            net_says="a number in words (five, twenty, a dozen, twice)",
        ),
        Pattern("digits", "digits", "a number written in digits (12, 4.5, 1,000)", _find_number, complete=True),
        Pattern(
            "greeting",
            "greeting",
            "a first line that opens with Hi, Hello, Hey, Dear, Greetings, Welcome or Good morning",
            _find_greeting,
            net=_greeting_net,
            net_says="a first line that is a name and a comma ('Sam,')",
        ),
        Pattern(
            "sign_off",
            "sign-off",
            "one of the last three lines, 60 characters at most, reading Best, Regards, Sincerely, Thanks, Cheers, "
            "Take care or the like (a name may follow)",
            _find_sign_off,
            net=_sign_off_net,
            net_says="one of the last lines holding regards, best, thanks, cheers, yours, bye",
        ),
        Pattern(
            "emoji",
            "emoji",
            "an emoji character",
            by_regex(_EMOJI_RE),
            complete=True,
            net=by_regex(_EMOJI_NET),
            net_says="a text emoticon such as :) or <3",
        ),
        Pattern(
            "placeholder",
            "placeholder",
            "a bracketed note of three words or more or in capitals ([Story of how ...], [NAME]), {{name}}, TBD, "
            "TODO, XXX or lorem ipsum, outside code",
            _find_placeholder,
        ),
        Pattern("hashtag", "hashtag", "a #hashtag", by_regex(_HASHTAG_RE), complete=True),
        Pattern("exclamation", "exclamation mark", "an exclamation mark", by_regex(_EXCLAMATION_RE), complete=True),
        Pattern(
            "bullets", "bullet list", "lines starting with -, *, •, + or 1.", _find_bullets, minimum=2, complete=True
        ),
        Pattern(
            "numbered",
            "numbered list",
            "lines starting with 1., 2. or 1), 2)",
            by_regex(_NUMBERED_RE),
            minimum=2,
            complete=True,
        ),
        Pattern("semicolon", "semicolon", "a semicolon (;)", by_regex(re.compile(r";")), complete=True),
        Pattern("colon", "colon", "a colon (:) that is not inside a time (10:30)", by_regex(_COLON_RE), complete=True),
        Pattern(
            "comma", "comma", "a comma (,) that is not inside a number (1,000)", by_regex(_COMMA_RE), complete=True
        ),
        Pattern("dash", "dash", "an em or en dash (—, –) or a spaced hyphen ( - )", by_regex(_DASH_RE), complete=True),
        Pattern(
            "heading",
            "heading",
            "a Markdown heading (a line starting with # to ######)",
            by_regex(re.compile(r"^\s{0,3}#{1,6}\s+\S.*$", re.MULTILINE)),
            complete=True,
        ),
        Pattern(
            "period",
            "period",
            "a full stop (.) that is not in a number, an ellipsis or an abbreviation's inner dot",
            by_regex(re.compile(r"(?<![.\d])\.(?![.\w])")),
            complete=True,
        ),
        Pattern("ellipsis", "ellipsis", "an ellipsis (… or ...)", by_regex(re.compile(r"…|\.\.\.")), complete=True),
        Pattern("parentheses", "parentheses", "a bracket: ( or )", by_regex(re.compile(r"[()]")), complete=True),
        Pattern(
            "apology",
            "apology",
            "sorry, we apologise, apologies, please forgive us, we regret (not 'the apology')",
            by_regex(_APOLOGY_RE),
            net=by_regex(_APOLOGY_NET),
            net_says="any word of sorry, apology, regret, forgive, pardon or excuse",
        ),
        Pattern(
            "thanks",
            "thanks",
            "thanks, thank you, many thanks, grateful, we appreciate (not 'the thanks' or 'thanks to its ...')",
            by_regex(_THANKS_RE),
            net=by_regex(_THANKS_NET),
            net_says="any word of thank, grateful, gratitude, appreciate, cheers",
        ),
    )
}


def find(name: str, text: str) -> list[Found]:
    """Instances of pattern `name` in `text` (a weak one, offered only on a condition, left out)."""
    return [f for f in PATTERNS[name].find(text) if not f.weak]


def find_all(name: str, text: str) -> list[Found]:
    """Instances of pattern `name` in `text`, the weak ones too (each says whether it is)."""
    return PATTERNS[name].find(text)


def maybe(name: str, text: str) -> list[Found]:
    """What the pattern's net finds in `text` (what might be an instance the finder misses)."""
    net = PATTERNS[name].net
    return net(text) if net is not None else []
