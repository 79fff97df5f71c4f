"""A call to action: a sentence (or a clause after a colon or dash) that asks the reader to act.

It opens, after "please", "so", "today," and the like, with an action verb and its object ("Order yours", "Visit our
site", "Sign up now", "Download Roamly today"); a link's or a button's text may be one ("[Start free](...)"). "See
you soon", "Take care", "Add the flour" ask for nothing to be bought or done for the sender. An invitation offered
only on a condition ("If you have questions, reply") is weak: maybe one, maybe not.
"""

from __future__ import annotations

import re

from rubric_core.checks.found import Found, line_of
from rubric_core.checks.text import sentences_of

_CTA_STRONG = (
    r"buy|order|pre-?order|visit|try|sign up|signup|register|join|subscribe|book|reserve|e-?mail|reply|respond|"
    r"download|install|get|grab|shop|contact|reach out|click|tap|apply(?! the\b)|rsvp|claim|learn more|find out|"
    r"check out|donate|vote|schedule|enrol|enroll|attend|let us know|tell us|pledge|secure|lock in|upgrade|"
    r"stop by|drop by|swing by|head over|treat yourself|don't miss|do not miss|hurry|act now|redeem|"
    r"use (?:the )?(?:code|promo|coupon)"
)
"""Verbs that ask for action on their own when an object follows ('Order yours', 'Book a test ride')."""
_CTA_WEAK = (
    r"call|phone|ring|see|take|give|send|ask|fill (?:in|out)|submit|watch|listen|read|come|write|text|start|share|"
    r"follow|explore|discover|request|pick up|save"
)
"""Verbs that ask for action only with an object that points at the sender or now ('Call us', 'Follow us',
'Start your trial', 'Read more'): 'Call it a day', 'See you soon', 'Take care' ask for nothing."""
_CTA_OBJECT = (
    r"(?:(?:your|yours|yourself|it|them|us|one|a|an|the|now|today|tonight|here|online|at|our|this|these|that|for|"
    r"up|in|out|more|to|by|with|me|early|free|before|on|over|off|while|soon)\b|\d|\+|https?://|www\.|"
    r"(?-i:[A-Z][\w&'-]*[a-z]))"
)
"""What follows a verb that asks for action: a pronoun, a determiner, now or today, a link, or a name ('Download
Roamly', 'Visit Crumb & Co')."""
_CTA_WEAK_OBJECT = (
    r"(?:at (?:https?://|www\.|[\w-]+\.(?:com|app|co|io|dev|org|net)\b)|"
    r"(?:us|to us|our|your|yours|now|today|tonight|here|online|more|a look|a try|a call|a line|it (?:a try|a "
    r"go|a spin|now|today)|see us|visit|join|and|along|by)\b|\d|\+|https?://|www\.)"
)
_CTA_LEAD = (
    r"(?:(?:please|so|now|then|just|simply|today|tomorrow|don't wait|do not wait|why wait|hurry|act now|act fast|"
    r"ready|interested|go ahead and|be sure to|make sure to|remember to|feel free to|why not|"
    r"you (?:should|can|could|must|need to|'ll want to|will want to|won't want to miss|have to))[,!:—-]*\s+)*"
)
_CTA_RE = re.compile(
    rf"^\W*{_CTA_LEAD}(?:(?:{_CTA_STRONG})\b(?:\W*$|\s+{_CTA_OBJECT})|(?:{_CTA_WEAK})\s+{_CTA_WEAK_OBJECT})",
    re.IGNORECASE,
)
_CLAUSE_SPLIT = re.compile(r"\s*(?::|;|\s[—–-]\s|—)\s*")


def is_call_to_action(sentence: str) -> bool:
    """Whether a sentence (or one of its clauses) asks the reader to act: it opens, after 'please', 'so',
    'today,' and the like, with an action verb followed by its object ('Order yours', 'Visit our site',
    'Sign up now'). 'See you soon' and 'Add the flour' ask for nothing to be bought or done for the sender."""
    if sentence.rstrip().endswith("?") and not re.match(r"^\W*why not\b", sentence, re.IGNORECASE):
        return False
    return any(_CTA_RE.search(clause) for clause in _CLAUSE_SPLIT.split(sentence) if clause)


_CONDITIONAL = re.compile(
    r"\b(?:if|in case|should you|whenever)\b|\bquestions? (?:are|is) welcome\b|\bany questions\b", re.IGNORECASE
)
"""A sentence that asks only on a condition ('If you have questions, just reply', 'Questions are welcome: reply
here'): an invitation a reader may or may not take as the call to action the criterion asks for."""


_LINK_TEXT = re.compile(r"\[([^\]\n]{2,60})\]\((?:https?://|/|www\.)[^)\s]*\)")
_CTA_VERB_ONLY = re.compile(rf"^\W*(?:{_CTA_STRONG}|{_CTA_WEAK})\b", re.IGNORECASE)


def find_cta(text: str) -> list[Found]:
    # A link's or a button's text that opens with an action verb ("[Start free](…)", "[Book a demo](…)").
    out = [
        Found(m.group(1), line_of(text, m.start()), m.group(0))
        for m in _LINK_TEXT.finditer(text)
        if _CTA_VERB_ONLY.match(m.group(1))
    ]
    for s in sentences_of(text):
        clauses = [c for c in _CLAUSE_SPLIT.split(s) if c] + [re.split(r",\s*", s, maxsplit=1)[-1]]
        if is_call_to_action(s) or any(is_call_to_action(c) for c in clauses):
            first = s.split()[0] if s.split() else s
            shown = s if len(s) <= 120 else s[:117] + "…"
            out.append(Found(shown, line_of(text, text.find(first)), s, weak=bool(_CONDITIONAL.search(s))))
    return out
