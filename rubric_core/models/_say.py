"""Facts into words: the slot values a sentence bank is filled with, and a content point of the task said as
a sentence of the draft (its kind decides how: a clause is said as it is, to the reader; an offer, a price or a
date gets a sentence of its own; a request to the writer, "Offer a full refund", is done, not repeated)."""

from __future__ import annotations

import re

from rubric_core.models import _entities as e
from rubric_core.models._grammar import base_form, cap, sentence, to_you
from rubric_core.models._kinds import _FINITE, kind_of
from rubric_core.models._read import Facts, Point


def values_of(facts: Facts) -> dict[str, str]:
    """Slot values for the sentence banks, all from the task (a value it does not give stays empty); read once."""
    cached = facts.cache.get("values")
    if not isinstance(cached, dict):
        cached = facts.cache["values"] = _values(facts)
    return dict(cached)


def _values(facts: Facts) -> dict[str, str]:
    asks = facts.asks
    name = facts.name
    audience = re.sub(r"^(?:our|all|the|my)\s+", "", facts.audience)
    codes = [c for c in facts.codes if not c.startswith("#")]
    tickets = [c for c in facts.codes if c.startswith("#")]
    place = ""
    m = re.search(r"\b(?:at|in)\s+((?:The\s)?[A-Z][\w'’&.-]*(?:\s(?:&\s)?[A-Z][\w'’&.-]*)*)", facts.task)
    if m and m.group(1) not in (name, facts.org) and not re.fullmatch(e.MONTHS + "|" + e.WEEKDAYS, m.group(1)):
        place = m.group(1)
    what = facts.what
    issue, issue_clause = _issue(facts)
    greet = audience if audience.lower() in _GREETABLE else ""
    milestone = re.search(
        r"\b(?:hit(?:ting|s)?|reach(?:ed|ing|es)?|pass(?:ed|ing|es)?|cross(?:ed|ing|es)?|crossing)\s+"
        r"((?:over\s)?[\d,.]+[kKmM]?\+?\s+[a-z]+)",
        facts.task,
    )
    from rubric_core.models._grammar import an

    thing = re.split(
        rf"\s+(?:on|at|from|by|this|next)\s+(?=(?:{e.WEEKDAYS}|{e.MONTHS}|\d|tomorrow|tonight|today|next\s|this\s))",
        facts.subject,
    )[0]
    thing = (
        thing
        if re.match(r"(?:the|our|my|your|their|a|an)\s", thing)
        else (f"the {thing}" if thing and thing[:1].islower() else thing)
    )
    thing = re.sub(r"^that\s+", "", thing)
    rel = re.match(
        r"((?:the|a|an|our|my|your|their)\s[\w' -]+?)\s+(?:that|which|who|we|i|you|they)\s+\w+.*?(\s(?:for|about|on|of)\s+(?:the|our|my|your)\s[\w -]+)?$",
        thing,
    )
    if rel:
        thing = rel.group(1) + (
            rel.group(2) or ""
        )  # "the quote we sent last week for the garden" -> "the quote for the garden"
    clause = kind_of(thing) == "clause" and not re.match(r"(?:how|why|what)\b", thing)
    request = re.match(
        r"(?:asking|requesting|reminding|begging|telling)\s+(?:the\s|my\s|our\s|a\s|an\s)?[\w-]+(?:\s[\w-]+)?\s+to\s+(.+)$",
        facts.subject,
        re.IGNORECASE,
    )
    if request:
        obj = re.match(
            r"\w+\s+(?:up\s|out\s|on\s|off\s)?((?:the|a|an|my|our|their|some)\s.+?)(?:\s+(?:by|before|on|at|this|next)\s.*)?$",
            request.group(1),
        )
        thing, clause = (obj.group(1) if obj else request.group(1)), False
    deadline = re.search(
        rf"\b(?:by|before|until|no later than)\s+((?:{e.WEEKDAYS}|{e.MONTHS}\s\d+|\d+\s{e.MONTHS}|tomorrow|tonight|the end of \w+|noon))",
        facts.task,
    )
    return {
        "deadline": deadline.group(1) if deadline else "",
        "request": request.group(1) if request else "",
        "thing": "" if clause else thing,
        "news": re.sub(r"^that\s+", "", facts.subject) if clause else "",
        "a_role": f"{an(facts.role)} {facts.role}" if facts.role else "",
        "milestone": milestone.group(1) if milestone else "",
        "issue": issue,
        "issue_only": "" if issue_clause else issue,
        "issue_clause": issue_clause,
        "greet": greet,
        "team": re.sub(r"\s+v?\d[\w.]*\+?$", "", name or facts.org),
        "name": name,
        "it": name or "it",
        "what": what,
        "org": facts.org,
        "role": facts.role,
        "audience": audience,
        "recipient": facts.recipient,
        "sender": asks.sign_name,
        "sender_role": asks.sign_role,
        "sender_org": asks.sign_org or (facts.org if facts.genre in ("email", "support_reply") else ""),
        "subject": facts.subject,
        "topic": _topic(facts),
        "thing_topic": "" if clause else _topic(facts),  # "a reminder about {x}" takes a noun phrase, never a clause
        "price": facts.prices[0] if facts.prices else "",
        "percent": facts.percents[0] if facts.percents else "",
        "date": facts.dates[0] if facts.dates else "",
        "time": facts.times[0] if facts.times else "",
        "link": facts.links[0] if facts.links else "",
        "email": facts.emails[0] if facts.emails else "",
        "phone": facts.phones[0] if facts.phones else "",
        "code": codes[0] if codes else "",
        "ticket": tickets[0] if tickets else "",
        "version": facts.versions[0] if facts.versions else "",
        "place": place,
    }


_GREETABLE = frozenset("team everyone all friends folks neighbours neighbors members colleagues class".split())


def _issue(facts: Facts) -> tuple[str, str]:
    """What went wrong, said to the reader, as a noun phrase ("yesterday's 3-hour outage") or a clause
    ("your order #48213 arrived damaged", "you were charged twice for your subscription")."""
    texts = [facts.head] + [p.text for p in facts.points]
    for text in texts:
        m = re.search(
            r"\b(?:who|whose|that)\s+(?:(?:says|said|reports|reported|claims|writes|wrote|told us|mentions)\s+(?:that\s+)?)?(.+)$",
            text,
            re.IGNORECASE,
        )
        if m and len(m.group(1).split()) >= 2:
            body = m.group(1).strip().rstrip(".")
            if re.match(r"whose\b", m.group(0), re.IGNORECASE):
                return "", to_you("your " + body)
            if re.match(r"(?:he|she|they|i|we|you)\b", body, re.IGNORECASE):
                return "", to_you(body)
            if re.match(r"(?:their|his|her|the|my|our|your|its)\b", body, re.IGNORECASE):
                clause = to_you(body)
                verb = _FINITE.search(clause)
                return (clause[: verb.start()].strip() if verb else ""), clause
            return "", to_you("you " + body)
    m = re.search(
        r"\b(?:for|about|over|regarding)\s+((?:the\s|our\s|their\s|your\s|yesterday'?s\s|today'?s\s|last\s\w+'?s?\s)?[^.,;]+)",
        facts.head,
        re.IGNORECASE,
    )
    if m and facts.route.purpose == "apology":
        return re.sub(r"^(?:their|his|her)\b", "your", m.group(1).strip()), ""
    return "", ""


def _topic(facts: Facts) -> str:
    """What the text is about as a short phrase, without the genre's own words."""
    topic = facts.subject or facts.what or facts.name
    topic = re.sub(r"\s*\([^)]*\)", "", topic)
    # The when is said on its own: "the summer picnic on Friday at 1 pm" is about "the summer picnic".
    when = rf"(?:{e.WEEKDAYS}|{e.MONTHS}|\d|tomorrow|tonight|today|next\s|this\s)"
    topic = re.split(rf"\s+(?:on|at|from|by|this|next)\s+(?={when})|,\s+(?={when})", topic)[0]
    return re.sub(r"^(?:a|an|the)\s+", "", topic).strip(" .")


def said_as_sentence(point: Point, facts: Facts, *, reader: bool = True) -> str:
    """The point as a sentence of the draft, before any bank frames it: a clause as it is (to the reader when
    the text speaks to them), a reader's imperative as a polite request. Other kinds get a bank sentence."""
    text = re.sub(r"\s*\(([^()]*)\)", _aside, point.text)
    text = text.strip().rstrip(".")
    if point.lead.startswith(("tell", "remind", "ask", "let")):
        text = to_you(text)
        return sentence(f"please {text}" if kind_of(text) == "reader" else text)
    if reader:
        text = to_you(text)
    bare = re.match(r"([a-z]+)\s+(?:must|should|needs?|is|was|has|will|can|cannot|can't)\b", text)
    if bare and not bare.group(1).endswith("s") and bare.group(1) not in _NOT_NOUNS:
        text = "the " + text  # "item must be unworn" -> "The item must be unworn"
    return sentence(text)


_NOT_NOUNS = frozenset("it he she they we you i this that there who which what everything everyone nothing".split())


def _aside(m: re.Match[str]) -> str:
    """A bracketed clause becomes a dash clause ("again (it expires after 24 hours)" -> "again, which..."); other
    brackets stay."""
    inner = m.group(1).strip()
    return f" — {inner}" if kind_of(inner) == "clause" else m.group(0)


def request_done(point: Point, values: dict[str, str]) -> str:
    """A request to the writer, done: "Offer a full refund or free replacement" -> "We'd like to offer you a full
    refund or free replacement"."""
    words = point.text.strip().rstrip(".").split(maxsplit=1)
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    rest = re.sub(r"^(?:them|him|her|the customer|the reader|customers|people)\s+", "", rest)
    if not rest.strip(" .,;:!"):
        return ""  # a bare "Apologise." or "Explain." asks for nothing to say: "We're sorry for." would say nothing
    if verb == "offer":
        return sentence(f"we'd like to offer you {rest}")
    if verb in ("apologize", "apologise"):
        return sentence(f"we're sorry {rest}" if rest.startswith(("for", "about")) else f"we're sorry for {rest}")
    if verb == "thank":
        return sentence(f"thank you {rest}")
    if verb in ("explain", "mention", "note", "say", "describe", "highlight", "tell", "confirm"):
        return sentence(to_you(re.sub(r"^(?:that|them|him|her)\s+", "", rest)))
    return sentence(f"we will {base_form(verb)} {rest}".strip())


def plain(text: str) -> str:
    """A point's text without brackets, lead words or an end mark, for a list item."""
    return cap(re.sub(r"\s+", " ", text).strip().rstrip(".;,"))


def said_in(text: str, term: str) -> bool:
    """`term` is in `text` as the grader reads it: as written, in another form or spelling, or with its words in
    one sentence ("7 years of experience" says "7 years experience"): a revision never adds it again."""
    from rubric_core.checks.matching import term_at
    from rubric_core.checks.paraphrase import words_apart

    return term_at(text, term) is not None or bool(words_apart(text, term))
