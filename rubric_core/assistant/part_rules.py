"""Where the answer starts and ends, what it must mention, include or say, the parts it has (keys, sections, "each
item with a time"), what it may contain only, and qualities no check confirms."""

from __future__ import annotations

import re

from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.rule_base import (
    FORMAT_NOUNS,
    QUALITY_WORDS,
    Context,
    criterion,
    generic,
    noun_phrase,
    quote_text,
    quotes_in,
)
from rubric_core.assistant.task_clauses import Clause
from rubric_core.assistant.verbs import is_verb, say

_GREETING = re.compile(r"^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|welcome)\b", re.I)


def position_rule(text: str, clause: Clause) -> list[Proposal] | None:
    m = re.match(r"^(?:start|begin|open|lead)s?(?: (?:it|the \w+))? (?:with|by)[:]?\s+(.+)$", text, re.I)
    if m:
        what = m.group(1).strip()
        quotes = quotes_in(what, clause)
        if quotes and what.startswith(tuple("\"“«'‘`")):
            q = quotes[0]
            place = "greeting" if _GREETING.match(q.text) else "phrase"
            return [criterion(f"Starts with {quote_text(q)}", text, "start", phrase=q.text, place=place)]
        if re.fullmatch(r"an? (?:greeting|salutation)", what, re.I):
            return [criterion("Starts with a greeting", text, "start", place="greeting")]
        return [criterion(f"Opens with {what}", text, "start", place="other")]
    m = re.match(r"^sign(?:s|ing)?(?: it)? off(?: with)?[:]?\s+(.+)$", text, re.I)
    if m:
        quotes = quotes_in(m.group(1), clause)
        if quotes:
            q = quotes[0]
            return [criterion(f"Ends with the sign-off {quote_text(q)}", text, "end", phrase=q.text, place="phrase")]
        return [criterion(f"Ends with the sign-off {m.group(1)}", text, "end", place="signoff")]
    m = re.match(r"^(?:end|close|finish|conclude|wrap up)s?(?: (?:it|the \w+))? (?:with|on)[:]?\s+(.+)$", text, re.I)
    if m:
        what = m.group(1).strip()
        quotes = quotes_in(what, clause)
        if quotes and what.startswith(tuple("\"“«'‘`")):
            q = quotes[0]
            return [criterion(f"Ends with {quote_text(q)}", text, "end", phrase=q.text, place="phrase")]
        low = what.lower()
        if quotes and re.search(r"sign-?off|signature", low):
            q = quotes[0]
            return [criterion(f"Ends with the sign-off {quote_text(q)}", text, "end", phrase=q.text, place="phrase")]
        place = (
            "question"
            if re.search(r"\bquestion\b", low)
            else "cta"
            if re.search(r"call[- ]to[- ]action|\bcta\b", low)
            else "signoff"
            if re.search(r"sign-?off|signature", low)
            else "other"
        )
        said = {"question": "a question", "cta": "a call to action", "signoff": "a sign-off"}.get(place, what)
        return [criterion(f"Ends with {said}" if place != "other" else f"Ends with {what}", text, "end", place=place)]
    m = re.match(r"^(?:end|close|finish|conclude|wrap up)s?(?: (?:it|the \w+))? by (\w+ing)\s+(.+)$", text, re.I)
    if m:
        place = "question" if m.group(1).lower() in ("asking", "questioning", "inviting") else "other"
        return [criterion(f"Ends by {m.group(1).lower()} {m.group(2)}", text, "end", place=place)]
    m = re.match(
        r"^(?:with\s+|has\s+|(?:include|add|put|place|have|give)s?\s+)?(?:an?\s+|the\s+)?(.+?)\s+"
        r"(item|section|step|line|question|point|entry)\s+(?:last|at the end)$",
        text,
        re.I,
    )
    if m:
        kind = m.group(2).lower()
        return [criterion(f"The last {kind} is a {m.group(1)} {kind}", text, "end", place="other")]
    if re.fullmatch(r"(?:with |has )?an? (?:happy|sad|twist|surprise|open) ending", text, re.I):
        return [criterion(f"Has {re.sub(r'^(?:with|has) ', '', text, flags=re.I)}", text, "end", place="other")]
    return None


def mention_rule(text: str, clause: Clause) -> list[Proposal] | None:
    m = re.match(
        r"^(mention|include|name|state|give|list|cite|feature|highlight|reference|cover|note|show|add|provide|specify|"
        r"quote|say|use|contain)s?\s+(.+)$",
        text,
        re.I,
    )
    if not m:
        return None
    verb, obj = m.group(1).lower(), m.group(2).strip()
    quotes = quotes_in(obj, clause)
    if quotes and len(quotes) == 1:
        q = quotes[0]
        head = obj[: obj.find(q.text) - 1].strip().lower()
        if not head or re.fullmatch(
            r"(?:the )?(?:exact |following |words? |phrase |line |sentence |text |tagline |slogan )*", head + " "
        ):
            exact = "exact " if "exact" in head else ""
            said = "Says" if verb == "say" else "Includes"
            what = f"the {exact}phrase " if verb != "say" and (exact or "phrase" in head) else ""
            return [criterion(f"{said} {what}{quote_text(q)}", text, "include", phrase=q.text, term=q.text)]
    obj = re.sub(r"^(?:my|our)\s+", "", obj)
    if verb == "use" and not quotes:
        return [criterion(f"Uses {obj}", text, "format", term=obj)]
    token = bare_literal(obj)
    if token:
        return [criterion(token, text, "include", term=obj)]
    return [criterion(f"{say(verb)} {obj}", text, "include", term=obj)]


_KIND_WORDS = frozenset(
    "the a an of price cost costs fee fees wage salary rate pay number phone clinic office link url website address "
    "email hashtag code version date deadline time at is are just only".split()
)


def bare_literal(obj: str) -> str:
    """ "the price of $4.99/month" -> "Mentions $4.99/month": a fact named only by its kind is checked as the literal
    itself (a phrase check of "price of $4.99/month" would fail on "costs $4.99 a month"); a number-led one says
    its kind ("Mentions the phone number 020 7946 0123")."""
    from rubric_core.assistant.task_facts import literals

    found = literals(obj)
    if len(found) != 1:
        return ""
    rest = obj.replace(found[0], " ")
    if any(w not in _KIND_WORDS for w in re.findall(r"[a-z]+", rest.lower())):
        return ""
    token = found[0]
    if re.match(r"\d", token):
        if re.search(r"(?i)\d\s?(?:am|pm)\b|:\d\d", token):
            return f"Mentions the time {token}"
        if re.fullmatch(r"[\d\s()+-]{9,}", token):
            return f"Mentions the phone number {token}"
        if not re.search(r"[%.]", token) and re.search(r"[A-Za-z]", token):
            return f"Mentions the date {token}"
    return f"Mentions {token}"


_KEY = re.compile(r"[\"“]([\w.-]+)[\"”]\s*\(([^()]+)\)")


def keys_rule(text: str, ctx: Context) -> list[Proposal] | None:
    """'"title" (string), "year" (integer)': one line per key, with its type."""
    found = _KEY.findall(text)
    if not found:
        return None
    each = re.search(r"\beach\b", text, re.I) or (re.search(r"\beach with\b", ctx.task, re.I) and ctx.items == "object")
    who = "Each object has" if each else "Has"
    out = []
    for key, kind in found:
        kind = kind.strip()
        article = "an" if re.match(r"(?i)[aeiou]", kind) else "a"
        said = f"{article} {kind}" if not re.match(r"(?i)(?:an?|the)\b", kind) else kind
        out.append(
            criterion(
                f'{who} the key "{key}" with {said} value'
                if len(kind.split()) == 1
                else f'{who} the key "{key}" holding {said}',
                text,
                "format",
                term=key,
            )
        )
    return out


def sections_rule(text: str) -> list[Proposal] | None:
    m = re.match(
        r"(?i)^(?:has\s+|with\s+)?(only\s+)?((?:[A-Z][\w-]*(?:,\s*|\s+and\s+|\s*&\s*))*[A-Z][\w-]*)\s+(?:sections|headings)$",
        text.strip(),
    )
    if not m:
        return None
    names = [n for n in re.split(r",\s*|\s+and\s+|\s*&\s*", m.group(2)) if n]
    out = [criterion(f"Has sections: {', '.join(names)}", text, "format")]
    if m.group(1):
        out.append(criterion("Has no other sections", text, "ban", term="other sections"))
    return out


def has_rule(text: str, clause: Clause, ctx: Context) -> list[Proposal] | None:
    """A part the answer has, from a colon's list or "with ..." ("a bullet list", "each item with a time")."""
    m = re.match(r"(?i)^(?:has|with)\s+(.+)$", text)
    if not m:
        return None
    obj = m.group(1).strip()
    first = obj.split()[0].lower()
    if first.endswith("ing") and len(first) > 5:
        return generic(obj)
    if is_verb(first) and first not in ("list", "name", "note", "quote", "test", "sign", "order", "run"):
        return generic(obj)
    order = ordering(obj)
    if order:
        return [criterion(order, text, "format")]
    part = _PARTS.get(re.sub(r"(?i)^(?:an?|the)\s+", "", obj).lower())
    if part:
        return [criterion(part[0], text, part[1], place=part[2])]
    return keys_rule(obj, ctx) or sections_rule(obj) or each_rule(obj) or only_rule(obj) or noun_phrase(obj)


_PARTS = {
    "call to action": ("Includes a call to action", "include", ""),
    "cta": ("Includes a call to action", "include", ""),
    "greeting": ("Starts with a greeting", "start", "greeting"),
    "sign-off": ("Ends with a sign-off", "end", "signoff"),
    "signoff": ("Ends with a sign-off", "end", "signoff"),
    "subject line": ("Includes a subject line", "include", ""),
    "question": ("Includes a question", "include", ""),
}
"""Parts a text has, said the way the offline grader reads them (docs/CRITERIA.md)."""

_BY = {
    "cheapest": "price",
    "most expensive": "price",
    "priciest": "price",
    "newest": "date",
    "latest": "date",
    "most recent": "date",
    "oldest": "date",
    "earliest": "date",
    "longest": "length",
    "shortest": "length",
}


def ordering(text: str) -> str:
    """ "cheapest first" -> "Orders by price, cheapest first"; "highest average first" -> "Orders by average, highest
    first" (what "cheapest" or "newest" sorts by is plain English); empty when the text is no ordering."""
    m = re.match(r"(?i)^(?:the )?((?:most |least )?\w+)(?: (\w+(?: \w+)?))?\s+first$", text.strip())
    if not m:
        return ""
    word, noun = m.group(1).lower(), (m.group(2) or "").lower()
    if noun:
        return (
            f"Orders by {noun}, {word} first" if word in ("highest", "lowest", "largest", "smallest", "biggest") else ""
        )
    by = _BY.get(word)
    return f"Orders by {by}, {word} first" if by else ""


def each_rule(text: str) -> list[Proposal] | None:
    m = re.match(r"(?i)^each ([a-z][\w-]*(?: [a-z][\w-]*)?) (?:with|has|having|gets) (.+)$", text)
    if not m:
        return None
    return [criterion(f"Each {m.group(1)} has {m.group(2)}", text, "format")]


def only_rule(text: str) -> list[Proposal] | None:
    m = re.match(r"(?i)^(?:just|only)\s+(.+)$", text) or re.match(r"(?i)^(.+?)\s+only$", text)
    if not m or FORMAT_NOUNS.search(text):
        return None
    return [criterion(f"Contains only {m.group(1)}", text, "format")]


def quality_rule(text: str) -> list[Proposal] | None:
    words = [
        w
        for w in re.split(
            r"\s*(?:,|\band\b|\bbut\b)\s*", re.sub(r"^(?:be|keep it|make it|sound|stay)\s+", "", text, flags=re.I)
        )
        if w
    ]
    adjectives = re.match(r"(?i)^(?:be|sound)\s", text) and all(len(w.split()) <= 2 for w in words)
    if words and (adjectives or all(w.lower().removeprefix("very ") in QUALITY_WORDS for w in words)):
        # "be friendly, practical": each word a quality no check confirms
        return [criterion(f"Is {w.lower()}", text, "quality", term=w.lower()) for w in words]
    return None
