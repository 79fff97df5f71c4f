"""Verbs of a task's demands: which words open one, and how a criterion says them ("mention" -> "Mentions",
"skipping" -> "Excludes")."""

from __future__ import annotations

import re

from rubric_core.assistant.wording import third_person

VERBS = frozenset(
    """accept add address announce answer apologise apologize ask avoid back be begin build calculate call celebrate
    check cite close congratulate edit introduce proofread promote recap rewrite
    compare compute convert count cover detect find generate merge parse print read reverse sort take
    create decline define describe emphasise emphasize end exit explain express feature fetch fit flag follow format
    give greet handle have highlight implement include introduce invite keep limit list lowercase make match mention name
    note offer open order output pitch promise propose provide put quote raise recommend remind replace reply
    request respond return rhyme run say select serve show sign skip sort specify start state stay strip suggest summarise tag
    confirm
    summarize support tell test thank translate trigger use validate warn welcome write""".split()
)
"""Verbs a demand opens with ("Mention the price", "Warn that it erases settings")."""
_ING = {
    "using": "use",
    "making": "make",
    "giving": "give",
    "writing": "write",
    "having": "have",
    "saying": "say",
    "including": "include",
    "mentioning": "mention",
    "referring": "refer",
    "naming": "name",
    "citing": "cite",
    "quoting": "quote",
    "repeating": "repeat",
    "starting": "start",
    "ending": "end",
    "offering": "offer",
    "blaming": "blame",
    "comparing": "compare",
    "promising": "promise",
    "apologising": "apologise",
    "apologizing": "apologize",
    "rhyming": "rhyme",
    "asking": "ask",
    "announcing": "announce",
    "reminding": "remind",
    "pitching": "pitch",
    "inviting": "invite",
    "thanking": "thank",
    "declining": "decline",
    "explaining": "explain",
    "describing": "describe",
    "telling": "tell",
    "welcoming": "welcome",
    "returning": "return",
    "adding": "add",
    "skipping": "skip",
    "exceeding": "exceed",
    "defaulting": "default",
    "following": "follow",
    "emphasising": "emphasise",
    "emphasizing": "emphasize",
    "listing": "list",
    "covering": "cover",
    "showing": "show",
}
EXCLUDING = frozenset("skip skipping omit omitting exclude excluding leave leaving".split())
"""Verbs that ask to leave something out: said as "Excludes ..." (a prohibition)."""


def base(word: str) -> str:
    """The base form of an -ing verb ("mentioning" -> "mention"), else the word."""
    low = word.lower()
    if low in _ING:
        return _ING[low]
    if low.endswith("ing") and len(low) > 5:
        stem = low[:-3]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
            return stem[:-1]
        return stem
    return low


def is_verb(word: str) -> bool:
    low = word.lower().strip(",.:;")
    return (
        low in VERBS
        or low in _ING
        or (low.endswith("s") and low[:-1] in VERBS)
        or (low.endswith("es") and low[:-2] in VERBS)
    )


def say(verb: str) -> str:
    """The verb said of the answer, capitalised: "mention" -> "Mentions"."""
    said = third_person(base(verb))
    return said[:1].upper() + said[1:]


def split_objects(text: str) -> list[str]:
    """What a ban rules out, one by one: "its height or the year it was built" -> ["its height", "the year it was
    built"], "melatonin or caffeine" -> both ("A or B" is ruled out as neither); "and" parts only when each has
    its determiner ("the price and the discount"), since "rock and roll" is one thing."""
    parts = re.split(r",\s*(?:(?:and|or)\s+)?|\s+or\s+|\s+and\s+(?=(?:the|a|an|its|their|his|her|my|our|any)\b)", text)
    parts = [p.strip() for p in parts if p.strip()]
    return parts if len(parts) > 1 else [text.strip()]
