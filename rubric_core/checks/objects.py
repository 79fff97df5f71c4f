"""A criterion read as a verb and its object: "Refunds | the delivery charge", "Exposes | port 8080", "Explains how
to | apply", "Runs on | pull requests".

The object is what a reader looks for in the text; the verb says what the text does with it. Some verbs only frame
the object (mentions, includes, states, lists, uses: the text need not hold the verb); the others are part of what
is asked ("Refunds the delivery charge" is met by "we refund the delivery charge", not by "a delivery charge
applies"). From the object come the literal tokens the text must hold as written (a number with its unit, an id, a
path, a quoted phrase, a code name, a name in capitals: `Ask.tokens`) and its content words (`Ask.words`), each
found in any form of the word (evidence.py). A criterion that asks for a quality, a count, a part of the text, a
reason, or something left out is not read here (`parse_ask` gives None): other checks read those, or no check can.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rubric_core.checks.kinds import QUALIFIERS
from rubric_core.numbers import number_value

_LEAD = re.compile(
    r"^(?:(?:it|the (?:text|draft|answer|response|reply|output|email|post|message|code|script|config|"
    r"configuration|file|workflow|query|function|class|policy|page|letter|note|poem|story|report|notice|"
    r"document|readme|schema|snippet|program|job|pipeline|module|crontab|dockerfile|form|plan|proposal|"
    r"description|announcement|invitation|update|summary|guide|list|recipe|toast|speech|review)) )?"
    r"(?:(?:must|should|also|clearly|explicitly|always|please) )*",
    re.IGNORECASE,
)
_NEGATED = re.compile(
    r"^(?:would|could|might|may|can|will|does not|doesn't|do not|don't|must not|should not|never|no|not|avoids?|without|omits?|excludes?|"
    r"leaves? out|refrains?|skips?|nothing|none|neither|zero)\b",
    re.IGNORECASE,
)
_NOT_A_THING = re.compile(
    r"\b(?:every|each|all|any|only|exactly|at least|at most|more than|fewer than|less than|no more|no fewer|"
    r"between|per|both|either|neither|nor|or|not|never|without|first|last|final|opening|closing|before|after|"
    r"under|over|within|times|once|twice|tone|voice|style|why|whether|what|who|whom|whose|which|where|when|"
    r"how (?:long|many|much|often|far|old|big|well)|appropriate|appropriately|well|properly|correctly|clearly|"
    r"consistent|consistently|enough|sufficient|too|very|most|mostly|rather|instead|if|unless|until|because|"
    r"than|like|as if|such as|e\.g|i\.e|etc)\b",
    re.IGNORECASE,
)
"""Words that make the object more than a thing to find: a count, a scope, a position, a condition, a reason, a
comparison, a choice (other checks read some; a reader's judgment the rest)."""

FRAME_VERBS = frozenset(
    """
    mention include contain have state say give list name use show offer provide specify note cite quote add
    display feature reference refer cover document explain describe tell indicate declare define set spell
    confirm identify introduce present announce share outline detail report record highlight put keep carry
    hold support do
    """.split()
)
"""Verbs that only frame the object: "States the refund amount" is met by the amount, said with any verb."""

JUDGED_VERBS = frozenset(
    """
    be sound feel read seem look appear evoke convey capture justify compare persuade motivate inspire engage
    flow balance emphasise emphasize acknowledge empathise empathize reassure encourage celebrate reflect imply
    suggest hint convince build create establish maintain follow avoid address connect tie relate vary
    ask answer thank apologise apologize promise argue prove demonstrate illustrate explore consider discuss
    analyse analyze summarise summarize conclude end start begin open close finish make take quantify warn
    welcome invite urge recommend fit suit match meet ignore
    """.split()
)
"""Verbs whose object a word match cannot confirm (evoke, justify), or that other checks read (ends with, asks)."""

STOP = frozenset(
    """
    a an the of to in on at for with and by from as is are be been being it its this that these those our your their
    his her my we you they he she i me us them into onto upon via about any some one s
    """.split()
)
GENERIC = frozenset(
    """
    section part line lines block note thing things item items detail details information info text content way
    kind type sort piece bit use option options value values something anything one ones set
    """.split()
)
"""Words that name no particular thing: they never alone make an object found or absent."""

_QUOTED = re.compile(r"[\"“‘'`]([^\"”’'`]{1,80})[\"”’'`]")
_NUMBER_UNIT = re.compile(
    r"(?<![\w.])[$€£]?\d[\d,.]*(?:\s?(?:%|°[CF]?|m²|[a-zA-Z]{1,12}\b))?(?:\s?(?:/|per)\s?[a-z]+)?", re.IGNORECASE
)
_CODEISH = re.compile(r"[_/@#$%(){}\[\]<>=:]|\w\.\w|^-|[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|^[A-Z0-9]{2,}$")


@dataclass(frozen=True)
class Ask:
    """A criterion as a verb and the object the text must hold."""

    verb: str
    """The verb's lemma ("refund", "mention")."""

    frame: bool
    """Whether the verb only frames the object (the text need not hold it)."""

    obj: str
    """The object as the criterion writes it."""

    tokens: tuple[str, ...]
    """Literal tokens of the object, each to be found as written (in any spelling of the same meaning)."""

    words: tuple[str, ...]
    """The object's content words (lowercase), each to be found in any form."""

    whole: bool = True
    """False when the object asks for more than a thing to find: only its tokens are evidence then."""


_UNITS = frozenset(
    """
    second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks month months year years
    mg g kg lb lbs oz ml l km m cm mm mi kb mb gb tb px pt percent m² km² ft² sqm
    """.split()
)


_TEXT_UNITS = frozenset(
    "character characters word words line lines sentence sentences paragraph paragraphs syllable syllables bullet "
    "bullets item items stanza stanzas verse verses".split()
)
"""Units of the text itself: "at 72 characters", "in 3 sentences" measure the text, which the count checks read."""


def counted_noun(word: str) -> bool:
    """Whether a word after a number is what it counts or measures ("30 days", "5 stars", "160 mg"), so the pair is
    one token: a unit, or a plural noun ("5.2 mobile release" and "3 planter" are not)."""
    low = word.lower()
    if low in _TEXT_UNITS:
        return False
    if low in _UNITS:
        return True
    return low.endswith("s") and not low.endswith("ss") and low not in STOP and low.isalpha() and len(low) > 3


def _manner(word: str) -> bool:
    """An adverb only ("vividly", "warmly"): how the text does it, which a reader judges."""
    from lemminflect import getAllLemmas

    return set(getAllLemmas(word)) == {"ADV"} and word.endswith("ly")


FORMATS = frozenset(
    """
    json yaml toml xml csv html css markdown md url urls uri iso utc gmt usd eur gbp api sql ascii utf-8 unicode pdf
    ap apa mla pep us uk eu british american canadian australian english french spanish german italian
    rsvp asap cta faq fyi
    """.split()
)
"""Names of a format, a standard or a manner ("valid JSON", "a URL", "ISO format", "British spelling"): words that
say how the text is written, not a thing it must hold."""


def _verb_lemma(word: str) -> str | None:
    from lemminflect import getAllLemmas

    found = getAllLemmas(word.lower())
    verbs = found.get("VERB")
    return verbs[0] if verbs else None


def _tokens(obj: str) -> tuple[list[str], str]:
    """The object's literal tokens and what is left of it once they are taken out."""
    tokens: list[str] = []
    rest = obj

    def take(m: re.Match[str]) -> str:
        tokens.append(m.group(1) if m.lastindex else m.group(0).strip())
        return " "

    rest = _QUOTED.sub(take, rest)
    words = rest.split()
    kept: list[str] = []
    name: list[str] = []
    for raw in words:
        word = raw.strip(".,;:!?\"'")
        capital = word[:1].isupper() and word[1:].islower() and word.isalpha()
        if capital or (word == "&" and name):
            name.append(word)
            continue
        if name:
            tokens.append(" ".join(name).removesuffix(" &"))
            name = []
        if word and (_CODEISH.search(word) or any(ch.isdigit() for ch in word)):
            tokens.append(word)
            continue
        kept.append(word)
    if name:
        tokens.append(" ".join(name).removesuffix(" &"))
    formats = [t for t in tokens if set(t.lower().split()) & FORMATS]
    kept += [t.lower() for t in formats]
    tokens = [t for t in tokens if t not in formats and not _format_spec(t)]
    medium = re.search(r"\b(?:on|via)\s+([A-Z]\w+)\s*$", obj)
    if medium and len(tokens) > 1 and tokens[-1] == medium.group(1) and not _WHEN.match(medium.group(1)):
        tokens.pop()  # "Mentions @lockpro on Twitter": where the handle lives, not a second thing to hold
    return tokens, " ".join(kept)


_WHEN = re.compile(
    r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?$|(?:January|February|March|April|May|June|July|August|"
    r"September|October|November|December)$"
)


def _format_spec(token: str) -> bool:
    """A format written as a pattern ("DD/MM/YYYY", "(YYYY-MM-DD)", "24-hour"): how a value is written."""
    return bool(re.search(r"YYYY|MM|DD|HH|\b(?:12|24)-hour", token) or token.startswith("("))


def _with_units(obj: str, tokens: list[str]) -> list[str]:
    """A number token with the unit noun after it ("30 days", "400 m²", "160mg"): the pair is the token."""
    out: list[str] = []
    for token in tokens:
        m = re.search(re.escape(token) + r"\s+([a-zA-Z²]+)", obj)
        unit = m.group(1) if m else ""
        if out and re.fullmatch(r"\d[\d,]*\s+" + re.escape(token), out[-1]):
            continue  # the unit itself ("m²" of "400 m²"), taken with its number
        if re.fullmatch(r"\d[\d,]*", token) and unit and counted_noun(unit):
            out.append(f"{token} {unit}")
        else:
            out.append(token)
    return out


_BOUND = re.compile(
    r"\b(?:exactly|at least|at most|more than|fewer than|less than|under|over|up to|no more than|no fewer than|"
    r"between|within|by|before|after|than|every|each|per|about|around|roughly|approximately|max|min|maximum|"
    r"minimum)\s+\S+$",
    re.IGNORECASE,
)
_COUNTING = frozenset("list have include contain use give name show feature offer add".split())
_TELL = re.compile(
    r"^(?:asks?|tells?|reminds?|invites?|urges?|encourages?|instructs?)\s+(?:the |a |an |our |your |all )?"
    r"(?:[a-z-]+(?: [a-z-]+)?)\s+to\s+(?P<act>.+)$",
    re.IGNORECASE,
)


@lru_cache(maxsize=2048)
def parse_ask(criterion: str) -> Ask | None:
    """The criterion's verb and object, or None when it names nothing to find (module docstring). An object that
    asks for more than a thing to find (a count, a scope, a condition, a quality) keeps only its tokens
    (`Ask.whole` False): a token the text lacks still fails it."""
    text = re.sub(r"\s+", " ", criterion.strip().rstrip(".").strip())
    text = re.sub(r"\*\*|__", "", text)
    text = _LEAD.sub("", text, count=1)
    if not text or _NEGATED.match(text):
        return None
    told = _TELL.match(text)
    if told:
        # "Asks guests to RSVP by Friday", "Tells the cook to cover the tin with foil": the act asked for is the object
        text = "do " + told.group("act")
    first, _, obj = text.partition(" ")
    verb = _verb_lemma(first)
    if verb is None or not first[:1].isalpha() or not obj:
        return None
    if verb in JUDGED_VERBS or (first.lower() in ("is", "are", "has", "have") and verb == "be"):
        return None
    particle = re.match(r"(?:on|to|with|for|about|how to|in|into|from|up|off|out)\b\s*", obj, re.IGNORECASE)
    if particle and particle.group(0).strip().lower() == "how to":
        obj = obj[particle.end() :]
    elif particle and verb in FRAME_VERBS and particle.group(0).strip().lower() in ("to", "about"):
        obj = obj[particle.end() :]  # "Refers to", "Talks about"
    if not obj:
        return None
    low_words = set(re.findall(r"[a-z]+", obj.lower()))
    if re.search(r"\band (?:is|are|has|have|does|ends|starts|uses|includes|mentions|gives|stays|keeps)\b", obj):
        return None  # "Mentions Paris and is about travel": two asks
    whole = not (
        _NOT_A_THING.search(obj)
        or re.search(r"\bhow\b", obj, re.IGNORECASE)
        or low_words & QUALIFIERS
        or any(_manner(w) for w in low_words)
        or re.search(r"\w's\b|\w' ", obj)  # "the sender's job title": somebody's detail, named in the task
    )
    obj = re.sub(r"\s*\((?:[^()]*\s[^()]*|in \w+|e\.g\.?[^()]*)\)", "", obj).strip()  # "(in USD)": an aside
    tokens, rest = _tokens(obj)
    tokens = [t for t in _with_units(obj, tokens) if not _bounded(obj, t)]
    if any(_measures(obj, t) for t in tokens):
        tokens, whole = [t for t in tokens if not _measures(obj, t)], False  # "Has 5 verses": a count of the text
    if (
        verb in _COUNTING
        and tokens
        and re.match(r"(?:the |a |an )?\d", obj)
        and re.fullmatch(r"\d+(?: \S+)?", tokens[0])
    ):
        tokens, whole = tokens[1:], False  # "Lists 5 items", "Has 3 sections": a count, which other checks read
    for m in re.finditer(r"\b([a-z]+(?:-[a-z]+)?) ([a-z]{3,})\b", rest):
        if m.group(1) not in ("one", "a") and number_value(m.group(1)) is not None and counted_noun(m.group(2)):
            if not _BOUND.search(rest[: m.start()] + "x") and rest[: m.start()].strip(" the"):
                tokens.append(m.group(0))  # "three drinks": a number in words and what it counts
                rest = rest.replace(m.group(0), " ")
    words = tuple(
        w
        for w in (x.lower().strip("-") for x in re.findall(r"[A-Za-z][A-Za-z'-]*", rest))
        if w and w not in STOP and not w.endswith("'s") and len(w) > 1
    )
    lead = (
        r"(?:(?:the|a|an|its|their|our|your) )?(?:(?!(?:of|for|to|in|at|by|with|within|from|on|as) )[a-z][a-z-]* ){1,3}"
    )
    if tokens and re.fullmatch(lead + re.escape(tokens[-1]), obj):
        words = ()  # "the speaker Professor Ruth Adeyemi", "the age 70": the words before the token say what it is
    if not whole and not tokens and not words:
        return None
    if not tokens and not words:
        return None
    if verb in ("name", "identify", "introduce", "credit", "sign") and not tokens:
        return None  # "Names the card processor": a name is asked for, and no word of the criterion is it
    return Ask(verb, verb in FRAME_VERBS, obj, tuple(dict.fromkeys(tokens)), words, whole)


def _measures(obj: str, token: str) -> bool:
    """A number that measures the text ("Wraps body lines at 72 characters")."""
    m = re.search(re.escape(token) + r"\s+(\w+)", obj)
    return bool(m) and m.group(1).lower() in _TEXT_UNITS  # type: ignore[union-attr]


def _bounded(obj: str, token: str) -> bool:
    """Whether a number token is a bound or a count ("at least 20", "under £10", "exactly 3 lines"), not a thing to
    find; or a time, which may be written otherwise ("half past two", "30 2 * * *")."""
    at = obj.find(token)
    if at < 0 or not re.match(r"[$€£]?\d", token):
        return False
    if " " in token and re.search(r"\b(?:within|every|each|per)\s+$", obj[:at]):
        return False  # "refunds within 30 days", "runs every 5 minutes": a period the text states, not a bound on it
    return bool(_BOUND.search(obj[:at].rstrip() + " x") and _BOUND.search(obj[:at] + "x"))


_WHOLE = re.compile(
    r"(?:the|this|your) (?:poem|haiku|limerick|text|draft|email|e-mail|message|letter|post|story|response|reply|note|"
    r"song|speech|toast|tweet|bio|card|answer|output) (?=(?:has|uses|contains|includes|is|ends|starts|begins|mentions|"
    r"names|gives|stays|keeps)\b)",
    re.IGNORECASE,
)


def without_whole_subject(criterion: str) -> str:
    """The criterion without a subject that names the whole text ("The poem has exactly three lines" is "Has exactly
    three lines"); as written otherwise."""
    m = _WHOLE.match(criterion.strip())
    if not m:
        return criterion
    rest = criterion.strip()[m.end() :]
    return rest[:1].upper() + rest[1:]
