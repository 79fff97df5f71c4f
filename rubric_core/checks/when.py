"""Dates, times and deadlines a text names: "Friday", "March 3", "10 am", "by end of day", "the 15 March deadline".

A month alone is no date ("may" is a verb far more often); a deadline is a date, time or day after a word of
limit (by, until, due, closes, ends, expires) or a date named a deadline. Each finder has a net: what might be
one the finder misses (patterns.py reads "none" as n/a when only the net finds something).
"""

from __future__ import annotations

import re

from rubric_core.checks.found import Found, line_of, sentence_around

_WEEKDAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
"""Whole names only: "sat", "sun" and "wed" are words far more often than days."""
_MONTHS = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_DATE_RE = re.compile(
    rf"\b{_WEEKDAYS}\b(?!\s+(?:mornings|afternoons|evenings|nights)\b)\.?"
    r"|\b(?:on|by|before|until|till|from|after) the \d{1,2}(?:st|nd|rd|th)\b"
    rf"|\b{_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTHS}\b(?:,?\s+\d{{4}})?"
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"
    r"|\b(?:end|start|beginning|middle)\s+of\s+" + _MONTHS + r"\b"
    r"|\bq[1-4]\s+\d{4}\b",
    re.IGNORECASE,
)
"""A month alone is no date ("may" is a verb far more often): the month pattern needs a day number."""
_DATE_NET = re.compile(
    rf"\b(?:{_WEEKDAYS}|{_MONTHS}|today|tomorrow|tonight|yesterday|weekend|weekday|midweek|"
    r"(?:next|this|last|coming) (?:week|month|year|quarter)|(?:end|start) of (?:the )?(?:day|week|month|year)|"
    r"eod|eow|cob|q[1-4]|\d{1,2}(?:st|nd|rd|th)|(?:19|20)\d\d|\d{1,2}[/.-]\d{1,2})\b",
    re.IGNORECASE,
)
_TIME_RE = re.compile(
    r"\b\d{1,2}(?::\d{2})?\s?(?:a\.?m\.?|p\.?m\.?)(?=\W|$)|\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:noon|midnight)\b",
    re.IGNORECASE,
)
_TIME_NET = re.compile(
    r"\b(?:\d{1,2}(?::\d{2})?\s?(?:h|hrs?|o'clock)|noon|midnight|morning|afternoon|evening|tonight|night|"
    r"dawn|dusk|lunchtime|midday|o'clock|\d{1,2}:\d{2})\b",
    re.IGNORECASE,
)
_RELATIVE_DAY_RE = re.compile(
    r"\b(?:today|tonight|tomorrow|(?:the )?end of (?:the )?(?:day|week|month|year|quarter)|eod|cob|close of business|"
    r"next (?:week|month)|this (?:week|month)|the weekend)\b",
    re.IGNORECASE,
)
"""A day named by where it falls: a deadline with a word of limit before it ('by end of day', 'by tomorrow')."""
_DEADLINE_LEAD = re.compile(
    r"\b(?:by|until|till|due|deadline|no later than|closes?|closing|ends?|expires?|last day|cut-?off)\b"
    r"[^.!?\n]{0,40}$",
    re.IGNORECASE,
)
_DEADLINE_AFTER = re.compile(r"^\W{0,2}(?:\w+\W+){0,1}(?:deadline|cut-?off|due date)\b", re.IGNORECASE)
"""A date named as one: "the 15 March deadline"."""
_DEADLINE_NET = re.compile(
    r"\b(?:deadline|due|cut-?off|expir\w*|no later than|until|till|by (?:the )?(?:end|close)|asap|"
    r"closes?|closing)\b",
    re.IGNORECASE,
)


def _find_deadline(text: str) -> list[Found]:
    """A date or time with a word of limit before it ('by Friday', 'due March 3', 'closes at 5 pm'), or a
    date named a deadline ('the 15 March deadline')."""
    out = []
    for pattern in (_DATE_RE, _TIME_RE, _RELATIVE_DAY_RE):
        for m in pattern.finditer(text):
            before = re.split(r"[.!?\n]", text[max(0, m.start() - 60) : m.start()])[-1]
            after = text[m.end() : m.end() + 30]
            if _DEADLINE_LEAD.search(before) or _DEADLINE_AFTER.search(after):
                words = before.strip().split()
                shown = ((words[-1] + " ") if words else "") + m.group(0)
                out.append(Found(shown.strip(), line_of(text, m.start()), sentence_around(text, m.start(), m.end())))
    return out
