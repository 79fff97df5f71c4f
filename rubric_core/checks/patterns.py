"""What a criterion names when it names a kind of content, not words: a price, a call to action, a date.

"Mentions the price" is not met by the word "price": a draft meets it with "$49". Each
kind the offline grader can recognise in text has a finder here that returns where it
found an instance; the criterion passes on an instance, never on the kind's own name.
Kinds with no finder (a product name, jargon, competitors, a benefit) are listed in
`UNCHECKABLE` so the grader says n/a rather than looking for the word. docs/CRITERIA.md
lists each rule; keep the two in step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rubric_core.checks.text import lines_of, sentences_of

_URL = r"(?:https?://[^\s<>\"')\]]+|www\.[^\s<>\"')\]]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|app|co|shop|store|info|biz|edu|gov|uk|de|fr|eu|us|ca|au)(?:/[^\s<>\"')\]]*)?\b)"
_URL_RE = re.compile(_URL, re.IGNORECASE)
_EMAIL_RE = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
_PHONE_RE = re.compile(r"(?<![\w$€£.])\+?\(?\d[\d ().-]{6,}\d\b")
_CURRENCY = r"(?:[$€£¥₹]|US\$|A\$|C\$)"
_AMOUNT = r"\d{1,3}(?:[,\s]\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?"
_PRICE_RE = re.compile(
    rf"{_CURRENCY}\s?(?:{_AMOUNT})(?:\s?(?:k|m|bn))?\b"
    rf"|\b(?:{_AMOUNT})\s?(?:{_CURRENCY}|usd|eur|gbp|dollars?|euros?|pounds?|cents?|bucks)\b"
    rf"|\b(?:usd|eur|gbp)\s?(?:{_AMOUNT})\b",
    re.IGNORECASE,
)
_WEEKDAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
"""Whole names only: "sat", "sun" and "wed" are words far more often than days."""
_MONTHS = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_DATE_RE = re.compile(
    rf"\b{_WEEKDAYS}\b\.?"
    rf"|\b{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}\b(?:,?\s+\d{{4}})?"
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"
    r"|\b(?:end|start|beginning|middle)\s+of\s+" + _MONTHS + r"\b"
    r"|\bq[1-4]\s+\d{4}\b",
    re.IGNORECASE,
)
# "may" alone is a verb far more often than the month: the month pattern needs a day number beside it.
_TIME_RE = re.compile(
    r"\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)(?=\W|$)|\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:noon|midnight)\b",
    re.IGNORECASE,
)
_DEADLINE_LEAD = re.compile(
    r"\b(?:by|before|until|till|due|deadline|no later than|closes?|ends?|expires?|last day)\b[^.!?\n]{0,40}$",
    re.IGNORECASE,
)
_DEADLINE_TAIL = re.compile(r"^\s*(?:\w+\s+){0,1}(?:deadline|due date|cut-?off)\b", re.IGNORECASE)
"""'the 15 March deadline': the word of limit right after the date."""
_STATISTIC_RE = re.compile(
    r"\b\d+(?:\.\d+)?\s?%|\b\d+(?:\.\d+)?\s+percent\b|\b\d+\s+(?:out\s+)?of\s+(?:every\s+)?\d+\b"
    r"|\b\d+(?:\.\d+)?\s?(?:x|times)\s+(?:more|less|faster|slower|higher|lower)\b",
    re.IGNORECASE,
)
_NUMBER_RE = re.compile(r"\b\d+(?:[.,]\d+)?\b")
_GREETING_RE = re.compile(
    r"^\s*(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|hiya|howdy|to whom it may concern)\b",
    re.IGNORECASE,
)
_SIGN_OFF_RE = re.compile(
    r"^\s*(?:best(?: wishes| regards)?|regards|kind regards|warm regards|warmly|sincerely|yours(?: truly| sincerely)?|"
    r"thanks(?: again)?|thank you|many thanks|cheers|all the best|take care|respectfully|with gratitude|talk soon|"
    r"see you(?: soon| there)?)\s*[,.!—-]?\s*(?:\w[\w .'-]{0,40})?$",
    re.IGNORECASE,
)
_EMOJI_RE = re.compile("[\U0001f300-\U0001faff\U00002600-\U000027bf\U0001f000-\U0001f2ff]")
_HASHTAG_RE = re.compile(r"(?<![\w&])#[A-Za-z][\w]*")
_BULLET_RE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+\S", re.MULTILINE)
_APOLOGY_RE = re.compile(r"\b(?:sorry|apologi[sz]e[sd]?|apologies|apology|we regret|i regret)\b", re.IGNORECASE)
_THANKS_RE = re.compile(r"\b(?:thank(?:s| you)|grateful|gratitude|appreciate)\b", re.IGNORECASE)

CTA_VERBS = (
    "buy|order|pre-order|preorder|visit|try|sign up|signup|register|join|subscribe|book|reserve|call|phone|ring|"
    "email|e-mail|text|reply|respond|write to|download|install|get|grab|shop|contact|reach out|click|tap|apply|rsvp|"
    "start|claim|learn more|find out|discover|explore|check out|come|stop by|drop by|swing by|head|pick up|save|"
    "upgrade|follow|share|donate|vote|schedule|request|enroll|enrol|attend|let us know|tell us|pledge|"
    "add|test|watch|listen|read more|see|use|switch|take|give|ask|send|fill|submit|secure|lock in|treat yourself"
)
_CTA_LEAD = r"(?:(?:please|so|now|then|just|simply|today|don't wait|do not wait|why wait|hurry|act now|ready|interested)[,!:—-]*\s+)*"
_CTA_RE = re.compile(rf"^\W*{_CTA_LEAD}(?:{CTA_VERBS})\b", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """One instance a finder saw: its text and the 1-based line it is on."""

    text: str
    line: int


def _by_regex(pattern: re.Pattern[str]) -> Callable[[str], list[Found]]:
    def find(text: str) -> list[Found]:
        return [Found(m.group(0).strip(), text.count("\n", 0, m.start()) + 1) for m in pattern.finditer(text)]

    return find


def _sentences_matching(text: str, test: Callable[[str], bool]) -> list[Found]:
    out = []
    for s in sentences_of(text):
        if test(s):
            first = s.split()[0] if s.split() else s
            idx = text.find(first)
            out.append(Found(s if len(s) <= 120 else s[:117] + "…", text.count("\n", 0, max(idx, 0)) + 1))
    return out


def _find_cta(text: str) -> list[Found]:
    """Sentences that ask the reader to act: they open (after 'please', 'so', 'today,' ...) with an action verb."""
    return _sentences_matching(text, lambda s: bool(_CTA_RE.search(s)) and not s.rstrip().endswith("?"))


def _find_question(text: str) -> list[Found]:
    return _sentences_matching(text, lambda s: s.rstrip("\"')] ").endswith("?"))


def _find_deadline(text: str) -> list[Found]:
    """A date or time with a word of limit before it: 'by Friday', 'due March 3', 'closes at 5 pm'."""
    out = []
    for pattern in (_DATE_RE, _TIME_RE):
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 60) : m.start()]
            before = re.split(r"[.!?\n]", before)[-1]
            after = text[m.end() : m.end() + 30]
            if _DEADLINE_LEAD.search(before) or _DEADLINE_TAIL.match(after):
                out.append(
                    Found((before.strip().split()[-1] + " " + m.group(0)).strip(), text.count("\n", 0, m.start()) + 1)
                )
    return out


def _find_greeting(text: str) -> list[Found]:
    lines = lines_of(text)
    return [Found(lines[0], 1)] if lines and _GREETING_RE.search(lines[0]) else []


def _find_sign_off(text: str) -> list[Found]:
    lines = lines_of(text)
    for back in range(1, min(3, len(lines)) + 1):
        line = lines[-back]
        if len(line) <= 60 and _SIGN_OFF_RE.search(line):
            return [Found(line, len(lines) - back + 1)]
    return []


def _find_bullets(text: str) -> list[Found]:
    return [Found(m.group(0).strip(), text.count("\n", 0, m.start()) + 1) for m in _BULLET_RE.finditer(text)]


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


PATTERNS: dict[str, Pattern] = {
    p.name: p
    for p in (
        Pattern("price", "price pattern", "an amount of money ($49, €10, 25 dollars, USD 30)", _by_regex(_PRICE_RE)),
        Pattern(
            "call_to_action",
            "call to action",
            "a sentence that asks the reader to act, opening with a verb such as buy, order, visit, try, sign up, "
            "book, call, reply or download",
            _find_cta,
        ),
        Pattern(
            "date",
            "date pattern",
            "a date or weekday (Friday, March 3, 2026-03-03, 3/4/2026, end of June)",
            _by_regex(_DATE_RE),
        ),
        Pattern("time", "time pattern", "a time of day (10 am, 14:30, noon)", _by_regex(_TIME_RE)),
        Pattern(
            "deadline",
            "deadline pattern",
            "a date or time after by, before, until, due or closes ('by Friday', 'due March 3')",
            _find_deadline,
        ),
        Pattern("link", "link pattern", "a web address (https://…, www.…, example.com)", _by_regex(_URL_RE)),
        Pattern("email_address", "email address pattern", "an email address (name@example.com)", _by_regex(_EMAIL_RE)),
        Pattern("phone_number", "phone number pattern", "a phone number (seven digits or more)", _by_regex(_PHONE_RE)),
        Pattern("question", "question", "a sentence that ends with a question mark", _find_question),
        Pattern(
            "statistic",
            "statistic pattern",
            "a figure with a unit of comparison (40%, 3 out of 4, 2x faster)",
            _by_regex(_STATISTIC_RE),
        ),
        Pattern("number", "number pattern", "a number written in digits", _by_regex(_NUMBER_RE)),
        Pattern(
            "greeting",
            "greeting",
            "a first line that opens with Hi, Hello, Hey, Dear or Good morning",
            _find_greeting,
        ),
        Pattern(
            "sign_off",
            "sign-off",
            "one of the last lines reading Best, Regards, Sincerely, Thanks, Cheers or the like",
            _find_sign_off,
        ),
        Pattern("emoji", "emoji", "an emoji character", _by_regex(_EMOJI_RE)),
        Pattern("hashtag", "hashtag", "a #hashtag", _by_regex(_HASHTAG_RE)),
        Pattern("exclamation", "exclamation mark", "an exclamation mark", _by_regex(re.compile(r"!"))),
        Pattern("bullets", "bullet list", "lines starting with -, *, • or 1.", _find_bullets, minimum=2),
        Pattern("apology", "apology", "sorry, apologise or apologies", _by_regex(_APOLOGY_RE)),
        Pattern("thanks", "thanks", "thanks, thank you, grateful or appreciate", _by_regex(_THANKS_RE)),
    )
}

CATEGORY_PATTERNS: dict[str, str] = {
    "price": "price",
    "prices": "price",
    "pricing": "price",
    "cost": "price",
    "costs": "price",
    "fee": "price",
    "fees": "price",
    "price point": "price",
    "price tag": "price",
    "call to action": "call_to_action",
    "calls to action": "call_to_action",
    "call-to-action": "call_to_action",
    "cta": "call_to_action",
    "date": "date",
    "dates": "date",
    "day": "date",
    "event date": "date",
    "release date": "date",
    "launch date": "date",
    "start date": "date",
    "time": "time",
    "start time": "time",
    "deadline": "deadline",
    "deadlines": "deadline",
    "due date": "deadline",
    "cutoff": "deadline",
    "cut-off": "deadline",
    "link": "link",
    "links": "link",
    "url": "link",
    "urls": "link",
    "website": "link",
    "web address": "link",
    "web site": "link",
    "hyperlink": "link",
    "email address": "email_address",
    "e-mail address": "email_address",
    "phone number": "phone_number",
    "telephone number": "phone_number",
    "question": "question",
    "questions": "question",
    "statistic": "statistic",
    "statistics": "statistic",
    "stat": "statistic",
    "stats": "statistic",
    "percentage": "statistic",
    "percentages": "statistic",
    "number": "number",
    "numbers": "number",
    "figure": "number",
    "figures": "number",
    "digit": "number",
    "digits": "number",
    "numeral": "number",
    "numerals": "number",
    "greeting": "greeting",
    "salutation": "greeting",
    "sign-off": "sign_off",
    "signoff": "sign_off",
    "sign off": "sign_off",
    "closing": "sign_off",
    "valediction": "sign_off",
    "emoji": "emoji",
    "emojis": "emoji",
    "emoticon": "emoji",
    "emoticons": "emoji",
    "hashtag": "hashtag",
    "hashtags": "hashtag",
    "exclamation mark": "exclamation",
    "exclamation marks": "exclamation",
    "exclamation point": "exclamation",
    "exclamation points": "exclamation",
    "bullet points": "bullets",
    "bullet point": "bullets",
    "bullets": "bullets",
    "bulleted list": "bullets",
    "bullet list": "bullets",
    "apology": "apology",
    "thank-you": "thanks",
    "thank you": "thanks",
    "thanks": "thanks",
}
"""Names of kinds the grader has a finder for (singular and plural, as criteria write them)."""

UNCHECKABLE: frozenset[str] = frozenset(
    """
    name names title titles headline headlines subject tagline slogan signature author sender recipient
    competitor competitors rival rivals alternative alternatives brand brands company companies product products
    jargon buzzword buzzwords acronym acronyms slang cliche cliches cliché clichés filler profanity swearing
    benefit benefits feature features advantage advantages disadvantage disadvantages pro pros con cons
    example examples instance instances illustration reason reasons rationale justification evidence proof source
    sources citation citations reference references quote quotes quotation testimonial testimonials review reviews
    anecdote anecdotes story stories metaphor metaphors simile similes analogy analogies imagery image images rhyme
    rhymes alliteration pun puns joke jokes humor humour wit irony sarcasm emotion emotions feeling feelings mood
    tone voice style register language wording vocabulary grammar spelling punctuation formatting format structure
    flow transition transitions clarity summary summaries conclusion conclusions introduction intro outro
    takeaway takeaways point points idea ideas thesis argument arguments counterargument claim claims
    recommendation recommendations suggestion suggestions advice tip tips step steps instruction instructions
    solution solutions problem problems issue issues cause causes effect effects impact impacts result results
    outcome outcomes goal goals objective objectives purpose context background agenda
    location locations venue place places address audience reader readers customer customers user users
    value proposition offer offers discount discounts deal deals promotion promo guarantee warranty
    specification specifications spec specs dimension dimensions size sizes weight color colour material
    availability schedule timeline milestone milestones budget risk risks owner owners contact contacts
    detail details fact facts information info data metric metrics kpi kpis insight insights lesson lessons
    explanation explanations definition definitions comparison comparisons contrast description descriptions
    requirement requirements criterion criteria caveat caveats disclaimer disclaimers warning warnings
    limitation limitations assumption assumptions consequence consequences action actions next-steps
    character characters setting plot dialogue twist ending beginning opening hook moral theme themes message
    keyword keywords term terms concept concepts topic topics subject-matter content
    """.split()
)
"""Kinds of content with no finder: a criterion that asks for one (or for its absence) is n/a, because the
word itself proves nothing ('Includes the product name', 'Does not use jargon', 'Gives an example')."""

QUALIFIERS: frozenset[str] = frozenset(
    """
    main key clear clearly specific concrete relevant correct exact actual accurate right proper appropriate
    important brief short concise strong compelling personal friendly positive negative professional formal
    informal warm polite engaging catchy memorable vivid original creative helpful useful meaningful simple plain
    good great nice better best bad enough sufficient detailed thorough complete full overall proper explicit
    explicitly persuasive convincing emotional sensory descriptive humorous funny witty unique interesting
    realistic believable consistent coherent logical natural fluent appropriate suitable obvious visible prominent
    prominently early upfront final first last new current latest total precise
    """.split()
)
"""Words that ask for a quality no word match can confirm ('a clear call to action' is judged as a call to
action only when the qualifier adds nothing the finder cannot see; 'the main benefit' is n/a)."""


def find(name: str, text: str) -> list[Found]:
    """Instances of pattern `name` in `text`."""
    return PATTERNS[name].find(text)
