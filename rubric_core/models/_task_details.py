"""The details a brief reads from a task for the verse writer and the rubric drafter: the subject phrase
(what the text is about) and the when, where, audience, sender, purpose and code names the task states."""

from __future__ import annotations

import re

_LIST_CATEGORIES = {
    "tip": "tips",
    "way": "tips",
    "habit": "tips",
    "reason": "reasons",
    "benefit": "reasons",
    "step": "steps",
    "idea": "ideas",
    "suggestion": "ideas",
}
"""The kind of list a task asks for, by its noun ("five tips", "three reasons")."""

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


_SUBJECT_CUT = re.compile(
    r"[.;:!?\n]|,\s|\s(?:without|using|with (?:at least|exactly|no|a |an |the word)|in (?:\d+|one|two|three|four|five|"
    r"six|a single|under|at most|exactly|no more)\b|(?:that|which) (?:has|is|uses|mentions|includes|holds|costs|comes|"
    r"weighs|fits|runs|lets|helps|offers|supports|sells|keeps|lasts|serves|seats|ships)\b|(?:for|at) [$€£]|so that|for (?:a|an|the) "
    r"(?:[a-z-]+ )?(?:child|kid|beginner|audience|reader|newcomer|layperson)|and save|saved? (?:it|to))",
    re.IGNORECASE,
)


def subject_of(task: str, kind: str) -> str:
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


def details_of(task: str, kind: str, seed: int) -> dict[str, str]:
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
    for word, category in _LIST_CATEGORIES.items():
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
