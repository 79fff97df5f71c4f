"""Read a task the way a writer would: what kind of text, about what, how long, with which details.

The offline writer never sees the rubric; this is all it knows before the
grader's first feedback. Everything here is plain pattern reading, deterministic.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from rubric_core.checks.lexicons import singular_forms
from rubric_core.models._poem_bank import TOPIC_WORDS
from rubric_core.models._prose_bank import LIST_CATEGORIES
from rubric_core.numbers import up_to, words_alternation

_KINDS: tuple[tuple[str, str], ...] = (
    # The first match in the task wins (see _kind); the order breaks ties only.
    (r"\b(?:python|function|code|script|snippet|implement|program|def)\b", "code"),
    (r"\b(?:e-?mail|letter|note to|message to|memo)\b", "email"),
    (r"\b(?:poem|verse|haiku|limerick|sonnet|rhyme|lines of poetry|ode)\b", "poem"),
    (r"\bannounc\w*|\bnotice\b|\binvitation\b|\bwelcome (?:message|note|post)\b", "announcement"),
    (r"\b(?:list|bullet|checklist|tips|ideas|reasons|steps)\b", "list"),
    (r"\b(?:summar\w*|tl;?dr|recap|overview|explain|explanation)\b", "summary"),
)

_NUMBERS = up_to(100)
_N = r"(\d+|" + words_alternation(_NUMBERS) + r")"

_SHORT = re.compile(r"\b(?:short|tiny|brief|small|little|quick|mini)\b", re.IGNORECASE)
_LONG = re.compile(r"\b(?:long|detailed|extended|thorough)\b", re.IGNORECASE)

_STOP = frozenset(
    "a an the of in on at to for with and or over under by from into onto my your our their his her its this that "
    "some any short tiny brief small little quick new old".split()
)

_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_WHEN_RE = re.compile(
    rf"\b(?:on |this |next )?(?:{_WEEKDAY}(?:,? {_MONTH} \d{{1,2}}|,? \d{{1,2}} {_MONTH})?|{_MONTH} \d{{1,2}}(?:st|nd|rd|th)?"
    rf"|\d{{1,2}}(?:st|nd|rd|th)? (?:of )?{_MONTH}|tomorrow|next week)(?: at \d{{1,2}}(?::\d\d)? ?(?:am|pm))?"
)
_VERB_RE = re.compile(
    r"\w+ed|was|were|is|are|has|had|have|did|does|went|got|came|broke|arrived|shipped|fell|took|left|ran|"
    r"will|would|could|can|should|must|never|didn't|wasn't|weren't"
)
"""A word that ends the noun phrase before it ("their order #4821 | shipped late")."""
_NEWS_RE = re.compile(
    r"\b(?:(?:announc\w*|saying|explaining|letting \w+ know) that|(?:telling|informing|reminding) "
    r"(?:the |our |all )?\w+(?: that)?) ((?:the|our|a|an|this|my|your) [^.;!?\n]+)",
    re.IGNORECASE,
)
"""The news an announcement gives, as a clause: "the office moves to the new building"."""
_TIME_RE = re.compile(r"\bat (\d{1,2}(?::\d\d)? ?(?:am|pm)|noon|midnight)\b", re.IGNORECASE)
_WHERE_RE = re.compile(
    r"\b(?:in|at) ((?:the |room )?(?:(?!(?:in|at|on|noon|midnight)\b)[A-Za-z0-9-]+ ){0,3}(?:(?i:room|hall|office|atrium|kitchen|park|cafeteria|"
    r"canteen|lobby|library|garden|auditorium|building|floor|centre|center|lounge|studio|courtyard|gym|cafe|pub)|"
    r"[A-Z]\d+|\d+[A-Z]))\b"
)
_PATH_RE = re.compile(r"(/[\w./-]+\.py)\b")
_FUNC_RE = re.compile(r"\bfunction (?:called |named )?`?([A-Za-z_]\w*)\s*(\([^)]*\))?", re.IGNORECASE)


@dataclass(frozen=True)
class Brief:
    """What the writer reads from a task."""

    task: str
    kind: str
    """poem, announcement, email, summary, list, code or prose."""

    subject: str
    """The noun phrase the text is about, as the task says it ("the moon over a quiet harbor")."""

    topics: tuple[str, ...]
    """Word-bank topics the subject touches, most specific first (moon, harbor)."""

    size: str = "normal"
    """short, normal or long, from words such as "tiny" or "detailed"."""

    form: str = ""
    """A fixed poem form: "haiku"."""

    seed: int = 0
    """A stable number from the task text: the writer's only source of variety."""

    details: dict[str, str] = field(default_factory=dict)
    """when, where, deadline, audience, sender, purpose, event, category, path, function, params."""

    count: int | None = None
    """How many items a list asks for ("five tips")."""

    source: str = ""
    """Text given to summarise, if the task includes one."""

    lines: tuple[int | None, int | None] | None = None
    sentences: tuple[int | None, int | None] | None = None
    words: tuple[int | None, int | None] | None = None
    letters_out: tuple[str, ...] = ()
    sensory: int = 0


def seed_of(text: str) -> int:
    """A stable seed from text (Python's hash() differs between processes)."""
    return int.from_bytes(hashlib.blake2b(" ".join(text.lower().split()).encode(), digest_size=8).digest(), "big")


def _num(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def _count_range(text: str, unit: str) -> tuple[int | None, int | None] | None:
    u = rf"{unit}s?\b"
    low = text.lower()
    for pattern, build in (
        (rf"\b(?:between )?{_N}\s*(?:to|-|–|or|and)\s*{_N}[- ]{u}", lambda a, b: (_num(a), _num(b))),
        (rf"\b(?:at most|no more than|up to|maximum of|max) {_N}[- ]{u}", lambda a: (None, _num(a))),
        (rf"\b(?:under|fewer than|less than) {_N}[- ]{u}", lambda a: (None, _num(a) - 1)),
        (rf"\b(?:at least|no fewer than|minimum of) {_N}[- ]{u}", lambda a: (_num(a), None)),
        (rf"\b(?:exactly |in |of )?{_N}[- ]{u}", lambda a: (_num(a), _num(a))),
    ):
        m = re.search(pattern, low)
        if m:
            return build(*m.groups())
    return None


def topics_in(text: str) -> tuple[str, ...]:
    """Word-bank topics named by words of `text`, in order of appearance."""
    found: list[str] = []
    for word in re.findall(r"[a-z]+", text.lower()):
        for form in sorted(singular_forms(word)):
            topic = TOPIC_WORDS.get(form)
            if topic and topic not in found:
                found.append(topic)
    return tuple(found)


def _kind(task: str) -> str:
    low = task.lower()
    # "Write three reasons to learn Python": a task that opens by asking for a counted list is a list, whatever
    # it is about (the kinds below would take it for code).
    if re.match(
        rf"\s*(?:please\s+)?(?:write|give|list|share|name|suggest|offer|provide|draft)\s+(?:me\s+|us\s+)?"
        rf"{_N}\s+(?:[a-z-]+,? ){{0,2}}(?:tips|ideas|reasons|steps|ways|things|habits)\b",
        low,
    ):
        return "list"
    # The kind word met first names the kind: "an email about the new code review process" is an email, "a
    # Python function that sends an email" code, "a poem listing..." a poem.
    found = [(m.start(), i, kind) for i, (pattern, kind) in enumerate(_KINDS) if (m := re.search(pattern, low))]
    return min(found)[2] if found else "prose"


_SUBJECT_CUT = re.compile(
    r"[.;:!?\n]|,\s|\s(?:without|using|with (?:at least|exactly|no|a |an |the word)|in (?:\d+|one|two|three|four|five|"
    r"six|a single|under|at most|exactly|no more)\b|(?:that|which) (?:has|is|uses|mentions|includes|holds|costs|comes|"
    r"weighs|fits|runs|lets|helps|offers|supports|sells|keeps|lasts|serves|seats|ships)\b|(?:for|at) [$€£]|so that|for (?:a|an|the) "
    r"(?:[a-z-]+ )?(?:child|kid|beginner|audience|reader|newcomer|layperson)|and save|saved? (?:it|to))",
    re.IGNORECASE,
)


def _subject(task: str, kind: str) -> str:
    text = re.sub(r"^\s*(?:please\s+)?", "", task.strip(), flags=re.IGNORECASE)
    patterns = [
        # "an email asking the landlord to fix the heating": the email is about what is to be done to ("the heating").
        r"\b(?:asking|ask|requesting|request|begging|reminding|remind) (?:the |my |our |a |an )?[\w-]+(?: [\w-]+)? "
        r"to (?!the |a |an )[a-z]+ (?:up |out |on |off )?((?:the|a|an|my|our|their|his|her|some) .+)",
        # "Announce that the parking policy changes on March 1": the subject is what changes ("the parking policy").
        r"\b(?:(?:announc\w*|saying|explaining|letting \w+ know) that|(?:telling|informing|reminding) "
        r"(?:the |our |all )?\w+(?: that)?) ((?:the|our|a|an|this|my|your) .+?) "
        r"(?:(?:is|are|will|will be) )?(?:chang|clos|open|mov|start|end|reopen|launch|go|return|shut|stop|"
        r"resum|finish|begin|switch|relocat)\w*\b",
        # "an email inviting the design team to a workshop on Tuesday": the email is about the workshop.
        r"\binvit\w* (?:the |our |my |all |a |an )?(?:[\w-]+ ){0,2}?to ((?:the|a|an|our|my) .+)",
        r"\babout (.+)",
        r"\b(?:regarding|concerning|on the (?:topic|theme|subject) of) (.+)",
        r"\bannounc(?:e|ing|ement (?:of|for|about)) (.+)",
        r"\bsummar(?:ize|ise|y of|izing|ising) (.+)",
        r"\bexplain(?:ing)? (.+)",
        r"\bthanking \w+ for (.+)",
        r"\b(?:describe|describing|celebrating|on) (.+)",
        # "reasons to learn Python", "tips to stay focused": the subject keeps its "to" (an infinitive).
        r"\b(?:tips|ideas|reasons|steps|ways|things) (to (?!the |a |an |your |my |our )\w+.*)",
        r"\b(?:tips|ideas|reasons|steps|ways|things) (?:for|to|on|about) (.+)",
        # "three reasons remote workers should take breaks": the subject is the clause after the noun.
        r"\breasons (?:why |that )?(.+\b(?:should|must|can|could|needs?|is|are)\b.+)",
        r"\bfor (.+)",
        r"\bof (.+)",
    ]
    sorry = re.search(
        r"\b(?:apologi[sz](?:e|ing)|sorry)(?: to (?:a |an |the |our |my )?\w+)?(?: for| that| because)? "
        r"((?:the|their|his|her|your|our|my|a|an) .+)",
        text,
        re.IGNORECASE,
    )
    if sorry and kind == "email":
        # "apologising that their order #4821 shipped late": sorry about "your order #4821" (what went wrong,
        # said to the person it happened to).
        words = _SUBJECT_CUT.split(sorry.group(1))[0].split()
        verb = next((i for i, w in enumerate(words[1:], 1) if _VERB_RE.fullmatch(w.lower())), len(words))
        phrase = " ".join(words[:verb])
        phrase = re.sub(r"^(?:their|his|her)\b", "your", phrase, flags=re.IGNORECASE)
        if 1 < len(phrase.split()) <= 8:
            return phrase
    for pattern in patterns:
        m = re.search(pattern, text, re.IGNORECASE)
        if m:
            subject = _SUBJECT_CUT.split(m.group(1))[0].strip()
            # "the summer picnic on Friday in the courtyard": the when and where are details, not the subject
            # (a weekday inside the phrase stays: "the Friday deploy freeze").
            subject = re.sub(rf"\s(?:on|at|this|next|by)\s+(?:{_WHEN_RE.pattern})", "", subject)
            subject = re.sub(
                r"\s(?:on|at|this|next)\s+(?:tomorrow|next week|\d{1,2}(?::\d\d)? ?(?:am|pm)|noon)\b", "", subject
            )
            subject = _WHERE_RE.sub("", subject)
            subject = re.sub(r"\s+(?:on|at|in|this|next)\s*$", "", subject.strip(" ,")).strip()
            if subject and len(subject.split()) <= 12:
                return subject
    # "Describe a lighthouse." / "Write a haiku." : what follows the verb and the kind word.
    m = re.match(
        r"(?:write|compose|draft|create|give|make|produce|tell)\s+(?:me\s+)?(?:an?|the|some)?\s*(.*)",
        text,
        re.IGNORECASE,
    )
    rest = _SUBJECT_CUT.split(m.group(1) if m else text)[0]
    rest = re.sub(
        r"\b(?:short|tiny|brief|small|little|quick|poem|verse|haiku|email|e-mail|letter|announcement|summary|"
        r"list|paragraph|note|message|story|description|post)\b",
        "",
        rest,
        flags=re.IGNORECASE,
    )
    rest = " ".join(rest.split())
    # The whole task as the subject ("Do the thing."): not a sentence start any more.
    if rest[:2].istitle() and rest.split()[0] not in {"I"} and not rest.split()[0].isupper():
        rest = rest[0].lower() + rest[1:]
    return rest or "this"


def _details(task: str, kind: str, seed: int) -> dict[str, str]:
    out: dict[str, str] = {}
    # "Replies by Friday" gives a deadline, not the day the thing happens: a date after a word of limit is no when.
    limit = re.compile(r"\b(?:by|before|until|till|due|deadline|no later than)\s*$", re.IGNORECASE)
    when = next((m for m in _WHEN_RE.finditer(task) if not limit.search(task[: m.start()])), None)
    time = next((m for m in _TIME_RE.finditer(task) if not limit.search(task[: m.start()])), None)
    if when:
        out["when"] = when.group(0).strip()
        out["when"] = re.sub(r"^(?:on|this|next) ", "", out["when"]) if out["when"].startswith("on ") else out["when"]
    if time and "when" in out and time.group(0) not in out["when"]:
        out["when"] += " " + time.group(0)
    elif time and "when" not in out:
        out["when"] = time.group(1)
    news = _NEWS_RE.search(task)
    if news:
        # The clause without its when (the when has a sentence of its own): "the parking policy changes".
        clause = news.group(1)
        cut = [m.start() for m in (_WHEN_RE.search(clause), _TIME_RE.search(clause)) if m]
        cut += [m.start() for m in [re.search(r"\b(?:next|this|tomorrow|today|tonight|from|starting)\b", clause)] if m]
        clause = clause[: min(cut)] if cut else clause
        clause = re.sub(r"\s+(?:on|at|by|from|in|starting|effective)\s*$", "", clause.strip(" ,")).strip()
        if len(clause.split()) >= 3:
            out["news"] = clause
    where = _WHERE_RE.search(task)
    if where:
        place = where.group(1)
        # "the canteen", but "Riverside Park" and "Room 4B" are names.
        named = place[:1].isupper() and not place.startswith("The ")
        out["where"] = place if named or place.lower().startswith(("the ", "room ")) else f"the {place}"
    deadline = re.search(rf"\b(?:by|before) ({_WEEKDAY}|{_MONTH} \d{{1,2}}|tomorrow|the end of \w+)", task)
    if deadline:
        out["deadline"] = deadline.group(1)
    audience = re.search(
        r"\b(?:e-?mail|letter|message|note|memo|announcement)\s+to\s+(?:the |my |our |all )?([A-Za-z]+(?: [a-z]+)?)",
        task,
    )
    if audience:
        words = audience.group(1).split()
        # "to the team about ..." : stop at the first word that starts what the email is about.
        keep = [w for w in words if w.lower() not in {"about", "asking", "thanking", "to", "for", "inviting"}][:1]
        out["audience"] = keep[0] if keep else "everyone"
    asked = re.search(r"\b(?:asking|reminding|begging|inviting) (?:the |my |our )?([a-z]+|[A-Z][a-z]+) to\b", task)
    if asked and "audience" not in out:
        out["audience"] = asked.group(1)
    thanked = re.search(r"\bthank(?:ing|s)? ([A-Z][a-z]+)\b", task)
    if thanked and "audience" not in out:
        out["audience"] = thanked.group(1)
    sender = re.search(r"\b(?:from|signed|sign (?:it|off) as) ([A-Z][a-z]+)\b", task)
    if sender:
        out["sender"] = sender.group(1)
    low = task.lower()
    for purpose, words in (
        ("thanks", ("thank", "grateful", "appreciat")),
        ("apology", ("sorry", "apolog")),
        ("reminder", ("remind",)),
        ("invite", ("invit", "join us")),
        ("request", ("ask", "request", "approval", "permission", "could you", "help with")),
    ):
        if any(w in low for w in words):
            out["purpose"] = purpose
            break
    else:
        out["purpose"] = "update"
    event_words = (
        r"\b(?:party|meeting|launch|event|workshop|talk|celebration|lunch|picnic|fair|concert|training|webinar|"
    )
    event_words += r"opening|dinner|meetup|festival|ceremony|game|tournament|sale|open day|open house|reunion|"
    event_words += r"club|session|class|course|lecture|seminar|conference|hackathon|quiz|screening|tour|retreat|"
    event_words += r"offsite|town hall|all-hands|breakfast|brunch|social|gathering|market|race|exhibition|recital)\b"
    out["event"] = "yes" if re.search(event_words, low) else ""
    for word, category in LIST_CATEGORIES.items():
        if re.search(rf"\b{word}s?\b", low):
            out["category"] = category
            break
    path = _PATH_RE.search(task)
    if path:
        out["path"] = path.group(1)
    func = _FUNC_RE.search(task)
    if func and func.group(1).lower() not in {"that", "which", "to", "for", "in", "named", "called"}:
        out["function"] = func.group(1)
        if func.group(2):
            out["params"] = func.group(2)[1:-1]
    return out


def _source(task: str) -> str:
    """The text to summarise when the task quotes one after a colon or a blank line."""
    m = re.search(r"(?::\s*\n|\n\s*\n|:\s+)(.{80,})$", task.strip(), re.DOTALL)
    if not m:
        return ""
    text = m.group(1).strip().strip("\"'“”")
    return text if len(re.findall(r"[.!?](?:\s|$)", text)) >= 2 else ""


def read_task(task: str, follow_ups: tuple[str, ...] = ()) -> Brief:
    """Kind, subject, topics, size and stated details of a task (a follow-up may change subject or size)."""
    seed = seed_of(task + "\n".join(follow_ups))
    kind = _kind(task)
    source = _source(task) if kind == "summary" else ""
    head = task[: len(task) - len(source)] if source else task
    subject = _subject(head, kind)
    size = "short" if _SHORT.search(head) else "long" if _LONG.search(head) else "normal"
    for extra in follow_ups:
        if re.search(r"\babout\b", extra, re.IGNORECASE):
            subject = _subject(extra, kind)
        if re.search(r"\b(?:shorter|trim|cut|tighten)\b", extra, re.IGNORECASE):
            size = "short"
        elif re.search(r"\b(?:longer|expand|more detail)\b", extra, re.IGNORECASE):
            size = "long"
    topics = topics_in(subject) or topics_in(head)
    low = head.lower()
    letters: list[str] = []
    for m in re.finditer(r"\b(?:without|no|never)\s+(?:using\s+|any\s+)?(?:the\s+)?letters?\s+[\"'`“]?([a-z])\b", low):
        letters.append(m.group(1))
    if "lipogram" in low and not letters:
        letters.append("e")
    sensory = re.search(rf"\b(?:at least )?{_N} sensory details?", low)
    # "five tips", and "five quick tips" or "5 simple, practical ideas": up to two describing words between.
    count = re.search(
        rf"\b{_N} (?:[a-z-]+,? ){{0,2}}(?:tips|ideas|reasons|steps|ways|things|items|points|examples|bullets?|habits)\b",
        low,
    )
    return Brief(
        task=task,
        kind=kind,
        subject=subject,
        topics=topics,
        size=size,
        form="haiku" if "haiku" in low else "",
        seed=seed,
        details=_details(head, kind, seed),
        count=_num(count.group(1)) if count else None,
        source=source,
        lines=_count_range(low, "line"),
        sentences=_count_range(low, "sentence"),
        words=_count_range(low, "word"),
        letters_out=tuple(letters),
        sensory=_num(sensory.group(1)) if sensory else 0,
    )


def content_words(phrase: str) -> list[str]:
    """The words of a phrase that carry meaning (no articles, prepositions or size words)."""
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", phrase) if w.lower() not in _STOP]
