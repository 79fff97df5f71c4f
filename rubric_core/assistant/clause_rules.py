"""One clause of a task -> the criteria it asks for, in the task's own terms.

Rules, in order: something left optional ("no need to mention the budget") gives nothing; a prohibition stays a
prohibition ("don't use the word "rockstar"" -> 'Does not use the word "rockstar"'); a bound keeps both ends and its
unit (bound_rules); a start or an end keeps its quoted phrase whole; a demand to mention, include or say something
keeps its object as written; a quality no check confirms ("casual") is said plainly (the drafter lists it for an LLM
grader); anything else is the clause itself, said of the answer ("warn that it erases custom settings" -> "Warns
that it erases custom settings"). Nothing the task asks is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.assistant.bound_rules import bound_proposal
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.task_clauses import Clause, Quote
from rubric_core.assistant.verbs import EXCLUDING, base, is_verb, say, split_objects
from rubric_core.assistant.wording import capital

QUALITY_WORDS = frozenset(
    """casual polite funny sincere warm friendly formal informal professional persuasive playful humorous upbeat
    empathetic clear engaging simple accessible concise vivid inspiring calm motivational encouraging positive
    respectful kind gentle confident enthusiastic apologetic defensive embarrassing sarcastic witty heartfelt honest
    cheerful light-hearted lighthearted serious neutral objective conversational plain jargon-free punchy catchy
    welcoming optimistic reassuring supportive tactful diplomatic grateful humble original creative""".split()
)
WRITE_VERBS = frozenset(
    "write draft give create compose produce generate output return make describe summarise summarize keep".split()
)
"""Verbs whose length ("describe it in one paragraph") is the answer's, not a part's."""


@dataclass
class Context:
    """What the clause rules need from the rest of the task."""

    task: str
    items: str = ""
    """The things the task counts, singular ("subject line"), for "each under 40 characters"."""
    notes: list[str] = field(default_factory=list)
    """What the drafter left out on purpose, said to the author."""


_LEAD_INS = re.compile(
    r"^(?:(?:please|and|also|then|plus|but|so|kindly)\s+)*"
    r"(?:(?:make sure(?: to| that)?|be sure to|remember to|don'?t forget to|do not forget to|ensure(?: that)?|"
    r"it (?:should|must|has to|needs to)|you (?:should|must))\s+)?",
    re.IGNORECASE,
)
_POSITIVE_NEGATIVES = re.compile(
    r"^(?:make sure|be sure) not to (?:leave out|forget|omit|skip|miss)\s+(?:to mention\s+)?", re.IGNORECASE
)
_OPTIONAL = re.compile(
    r"^(?:there'?s )?no need to\b|\b(?:(?:is|are) optional|if you (?:like|want)|feel free to)\b", re.I
)
_SUBJECT_MODAL = re.compile(
    r"^((?:the|one|each|every|at least one|a|an) \w+(?: \w+)?|they) (?:should|must|has to|have to|needs to|need to|will) "
    r"(\w+)\s*(.*)$",
    re.I,
)


def _quote_text(q: Quote) -> str:
    return f'"{q.text}"' if '"' not in q.text else f"“{q.text}”"


def _quotes_in(text: str, clause: Clause) -> list[Quote]:
    return [q for q in clause.quotes if q.text in text]


def _ban(text: str, clause: Clause, ctx: Context) -> list[Proposal] | None:
    low = text.lower()
    m = re.match(
        r"^(?:please\s+)?(?:don'?t|do not|never|must not|mustn'?t|should not|shouldn'?t|can'?t|cannot)\s+(\w+)\s*(.*)$",
        text,
        re.I,
    )
    if m:
        verb, rest = base(m.group(1)), m.group(2).strip()
        return _negated(verb, rest, text, clause)
    m = re.match(r"^without\s+(\w+ing)\b\s*(.*)$", text, re.I)
    if m:
        return _negated(base(m.group(1)), m.group(2).strip(), text, clause)
    m = re.match(r"^(?:nothing (?:about|on)|no mention of|no word about)\s+(.+)$", text, re.I)
    if m:
        return [_p(f"Does not mention {o}", text, "ban", term=o) for o in split_objects(m.group(1))]
    m = re.match(r"^avoid(?:s|ing)?\s+(.+)$", text, re.I)
    if m:
        rest = m.group(1).strip()
        quotes = _quotes_in(rest, clause)
        out: list[Proposal] = []
        head = re.split(r"\s+(?:like|such as|e\.g\.?|including)\s+", rest, maxsplit=1)[0]
        if quotes and (
            re.match(r"^(?:the )?(?:words?|phrases?|terms?)\b", head, re.I)
            or head.strip() in {_quote_text(q) for q in quotes}
        ):
            return [_word_ban(q, text) for q in quotes]
        out.append(_p(f"Avoids {head}", text, "ban", term=head))
        out += [_word_ban(q, text) for q in quotes]
        return out
    m = re.match(r"^(?:none|no one|nobody)\b\s*(?:of them\s+)?(.*)$", text, re.I)
    if m and not re.match(r"(?:longer|shorter|more|fewer|over|under)\b", m.group(1), re.I):
        item = ctx.items or "item"
        rest = m.group(1).strip()
        rest = rest if re.match(r"(?:is|are|has|have|uses?|contains?)\b", rest) else f"is {rest}"
        rest = re.sub(r"^are\b", "is", rest)
        return [_p(capital(f"no {item} {rest}"), text, "ban", term=rest)]
    m = re.match(r"^not\s+(.+)$", text, re.I)
    if m:
        return [
            _p(f"Is not {m.group(1)}", text, "ban" if m.group(1).split()[0].lower() not in QUALITY_WORDS else "quality")
        ]
    m = re.match(
        r"^(?:use|uses|include|includes|contain|contains|with|has|have)\s+no\s+(?!more\b|fewer\b|less\b|longer\b)(.+)$",
        text,
        re.I,
    )
    if m:
        verb = low.split()[0]
        said = {"with": "Has", "have": "Has"}.get(verb, say(verb))
        return [_p(f"{said} no {m.group(1)}", text, "ban", term=m.group(1))]
    m = re.match(r"^no\s+(?!more\b|fewer\b|less\b|longer\b|need\b)(.+)$", text, re.I)
    if m:
        thing = m.group(1).strip()
        if re.match(r"^(?:other )?keys\b|^dependenc|^comments?\b", thing, re.I):
            return [_p(f"Has no {thing}", text, "ban", term=thing)]
        return [_p(f"Contains no {thing}", text, "ban", term=thing)]
    m = re.match(r"^(skip\w*|omit\w*|exclud\w*|leav\w* out)\s+(.+)$", text, re.I)
    if m and m.group(1).split()[0].lower() in EXCLUDING | {"excluding", "omitting", "skips", "omits", "excludes"}:
        return [_p(f"Excludes {m.group(2)}", text, "ban", term=m.group(2))]
    return None


def _word_ban(q: Quote, source: str) -> Proposal:
    kind = "word" if len(q.text.split()) == 1 else "phrase"
    return _p(f"Does not use the {kind} {_quote_text(q)}", source, "ban", phrase=q.text, term=q.text)


def _negated(verb: str, rest: str, text: str, clause: Clause) -> list[Proposal]:
    quotes = _quotes_in(rest, clause)
    if verb in ("use", "include", "write", "contain") and quotes:
        return [_word_ban(q, text) for q in quotes]
    if verb in ("say", "write", "tell") and quotes:
        return [_p(f"Does not say {_quote_text(q)}", text, "ban", phrase=q.text, term=q.text) for q in quotes]
    if verb in ("mention", "include", "discuss", "reference", "name", "bring", "talk", "refer", "cite", "list"):
        rest = re.sub(r"^(?:up|about|to)\s+", "", rest)
        return [_p(f"Does not mention {o}", text, "ban", term=o) for o in split_objects(rest)]
    if verb == "be":
        word = rest.split()[0].lower() if rest else ""
        return [_p(f"Is not {rest}", text, "quality" if word in QUALITY_WORDS else "ban", term=rest)]
    if verb in ("exceed", "go"):
        limit = re.sub(r"^(?:over|beyond|above)\s+", "", rest)
        bound = bound_proposal(f"at most {limit}")
        if bound:
            return [bound]
    return [_p(f"Does not {verb} {rest}".strip(), text, "ban", term=rest)]


def _p(text: str, source: str, role: str, *, fallback: bool = False, **kw: str) -> Proposal:
    reasons = {
        "ban": "The task rules it out.",
        "quality": "A quality the task asks for.",
        "start": "The task says how the answer opens.",
        "end": "The task says how the answer ends.",
        "include": "The task asks for it.",
        "format": "The task sets the form.",
        "other": "The task asks for it.",
    }
    return Proposal(
        text.rstrip(" ."),
        f'{reasons.get(role, "The task asks for it.")} ("{source.strip()}")',
        role,
        source=source,
        phrase=kw.get("phrase", ""),
        place=kw.get("place", ""),
        term=kw.get("term", ""),
        fallback=fallback,
    )


_GREETING = re.compile(r"^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening)|welcome)\b", re.I)


def _position(text: str, clause: Clause) -> list[Proposal] | None:
    m = re.match(r"^(?:start|begin|open|lead)s?(?: (?:it|the \w+))? (?:with|by)[:]?\s+(.+)$", text, re.I)
    if m:
        what = m.group(1).strip()
        quotes = _quotes_in(what, clause)
        if quotes and what.startswith(tuple("\"“«'‘`")):
            q = quotes[0]
            place = "greeting" if _GREETING.match(q.text) else "phrase"
            return [_p(f"Starts with {_quote_text(q)}", text, "start", phrase=q.text, place=place)]
        if re.fullmatch(r"an? (?:greeting|salutation)", what, re.I):
            return [_p("Starts with a greeting", text, "start", place="greeting")]
        return [_p(f"Opens with {what}", text, "start", place="other")]
    m = re.match(r"^sign(?:s|ing)?(?: it)? off(?: with)?[:]?\s+(.+)$", text, re.I)
    if m:
        quotes = _quotes_in(m.group(1), clause)
        if quotes:
            q = quotes[0]
            return [_p(f"Ends with the sign-off {_quote_text(q)}", text, "end", phrase=q.text, place="phrase")]
        return [_p(f"Ends with the sign-off {m.group(1)}", text, "end", place="signoff")]
    m = re.match(r"^(?:end|close|finish|conclude|wrap up)s?(?: (?:it|the \w+))? (?:with|on)[:]?\s+(.+)$", text, re.I)
    if m:
        what = m.group(1).strip()
        quotes = _quotes_in(what, clause)
        if quotes and what.startswith(tuple("\"“«'‘`")):
            q = quotes[0]
            return [_p(f"Ends with {_quote_text(q)}", text, "end", phrase=q.text, place="phrase")]
        low = what.lower()
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
        return [_p(f"Ends with {said}" if place != "other" else f"Ends with {what}", text, "end", place=place)]
    m = re.match(r"^(?:end|close|finish|conclude|wrap up)s?(?: (?:it|the \w+))? by (\w+ing)\s+(.+)$", text, re.I)
    if m:
        place = "question" if m.group(1).lower() in ("asking", "questioning", "inviting") else "other"
        return [_p(f"Ends by {m.group(1).lower()} {m.group(2)}", text, "end", place=place)]
    m = re.match(
        r"^(?:with\s+|has\s+)?(?:an?\s+|the\s+)?(.+?)\s+(item|section|step|line|question|point|entry)\s+(?:last|at the end)$",
        text,
        re.I,
    )
    if m:
        return [_p(f"The last {m.group(2).lower()} is {m.group(1)}", text, "end", place="other")]
    if re.fullmatch(r"(?:with |has )?an? (?:happy|sad|twist|surprise|open) ending", text, re.I):
        return [_p(f"Has {re.sub(r'^(?:with|has) ', '', text, flags=re.I)}", text, "end", place="other")]
    return None


def _mention(text: str, clause: Clause) -> list[Proposal] | None:
    m = re.match(
        r"^(mention|include|name|state|give|list|cite|feature|highlight|reference|cover|note|show|add|provide|specify|"
        r"quote|say|use|contain)s?\s+(.+)$",
        text,
        re.I,
    )
    if not m:
        return None
    verb, obj = m.group(1).lower(), m.group(2).strip()
    quotes = _quotes_in(obj, clause)
    if quotes and len(quotes) == 1:
        q = quotes[0]
        head = obj[: obj.find(q.text) - 1].strip().lower()
        if not head or re.fullmatch(
            r"(?:the )?(?:exact |following |words? |phrase |line |sentence |text |tagline |slogan )*", head + " "
        ):
            exact = "exact " if "exact" in head else ""
            said = "Says" if verb == "say" else "Includes"
            what = f"the {exact}phrase " if verb != "say" and (exact or "phrase" in head) else ""
            return [_p(f"{said} {what}{_quote_text(q)}", text, "include", phrase=q.text, term=q.text)]
    obj = re.sub(r"^(?:my|our)\s+", "", obj)
    if verb == "use" and not quotes:
        return [_p(f"Uses {obj}", text, "format", term=obj)]
    return [_p(f"{say(verb)} {obj}", text, "include", term=obj)]


_KEY = re.compile(r"[\"“]([\w.-]+)[\"”]\s*\(([^()]+)\)")


def _keys(text: str, ctx: Context) -> list[Proposal] | None:
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
            _p(
                f'{who} the key "{key}" with {said} value'
                if len(kind.split()) == 1
                else f'{who} the key "{key}" holding {said}',
                text,
                "format",
                term=key,
            )
        )
    return out


def _sections(text: str) -> list[Proposal] | None:
    m = re.match(
        r"(?i)^(?:has\s+|with\s+)?(only\s+)?((?:[A-Z][\w-]*(?:,\s*|\s+and\s+|\s*&\s*))*[A-Z][\w-]*)\s+(?:sections|headings)$",
        text.strip(),
    )
    if not m:
        return None
    names = [n for n in re.split(r",\s*|\s+and\s+|\s*&\s*", m.group(2)) if n]
    out = [_p(f"Has sections: {', '.join(names)}", text, "format")]
    if m.group(1):
        out.append(_p("Has no other sections", text, "ban", term="other sections"))
    return out


def _has(text: str, clause: Clause, ctx: Context) -> list[Proposal] | None:
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
    first_last = re.match(
        r"(?i)^((?:the )?(?:\w+est|most \w+|latest|newest|oldest|highest \w+|lowest \w+))\s+first$", obj
    )
    if first_last:
        return [_p(f"Puts the {re.sub(r'(?i)^the ', '', first_last.group(1))} first", text, "format")]
    return _keys(obj, ctx) or _sections(obj) or _each(obj) or _only(obj) or _noun_phrase(obj)


def _each(text: str) -> list[Proposal] | None:
    m = re.match(r"(?i)^each ([a-z][\w-]*(?: [a-z][\w-]*)?) (?:with|has|having|gets) (.+)$", text)
    if not m:
        return None
    return [_p(f"Each {m.group(1)} has {m.group(2)}", text, "format")]


def _only(text: str) -> list[Proposal] | None:
    m = re.match(r"(?i)^(?:just|only)\s+(.+)$", text) or re.match(r"(?i)^(.+?)\s+only$", text)
    if not m or _FORMAT_NOUNS.search(text):
        return None
    return [_p(f"Contains only {m.group(1)}", text, "format")]


def _quality(text: str) -> list[Proposal] | None:
    words = [
        w
        for w in re.split(
            r"\s*(?:,|\band\b|\bbut\b)\s*", re.sub(r"^(?:be|keep it|sound|stay)\s+", "", text, flags=re.I)
        )
        if w
    ]
    if words and all(w.lower().removeprefix("very ") in QUALITY_WORDS for w in words):
        return [_p(f"Is {w.lower()}", text, "quality", term=w.lower()) for w in words]
    return None


_FORMAT_NOUNS = re.compile(
    r"\b(?:format|syntax|style|mood|numerals|css|comments?|tense|voice|case|markdown|yaml|json|html5?)\b", re.I
)


def _noun_phrase(text: str) -> list[Proposal]:
    """A demand written as a noun phrase ("happy ending", "Conventional Commits format", "numbered steps")."""
    low = text.lower()
    if re.fullmatch(r"(?:use )?numbered(?: steps| list| points| items)?", low):
        return [_p("Uses a numbered list", text, "format")]
    if re.fullmatch(r"(?:an? )?(?:bullet(?:ed)? (?:list|points)|bullets)", low):
        return [_p("Uses bullet points", text, "format")]
    m = re.match(r"(?i)^([a-z]+s) in (.+)$", text)
    if m:
        return [_p(f"Gives {text[:1].lower() + text[1:]}", text, "format")]
    if re.search(r"\bmood\b", low):
        return [_p(f"Uses the {re.sub(r'^(?:the|an?) ', '', text)}", text, "format")]
    if _FORMAT_NOUNS.search(low):
        verb = "Follows" if re.search(r"\bformat\b|\bstyle\b", low) else "Uses"
        return [_p(f"{verb} {text}", text, "format")]
    fallback = True
    article = (
        ""
        if re.match(r"(?:the|an?|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b", low)
        or low.split()[-1].endswith("s")
        else ("an " if re.match(r"[aeiou]", low) else "a ")
    )
    return [_p(f"Has {article}{text}", text, "other", fallback=fallback)]


def propose_clause(clause: Clause, ctx: Context) -> list[Proposal]:
    """The criteria a (non-lead) clause asks for."""
    text = clause.text.strip().rstrip(".;:")
    if clause.verb:
        text = f"{clause.verb} {text}"
    positive = _POSITIVE_NEGATIVES.match(text)
    if positive:
        text = "mention " + text[positive.end() :]
    text = _LEAD_INS.sub("", text).strip()
    if not text:
        return []
    if _OPTIONAL.search(text):
        ctx.notes.append(f'Left out "{clause.text.strip()}": the task makes it optional, not a requirement.')
        return []
    modal = _SUBJECT_MODAL.match(text)
    subject = ""
    if modal and is_verb(modal.group(2)):
        subject, text = capital(modal.group(1)), f"{modal.group(2)} {modal.group(3)}".strip()
    if not re.match(r"(?i)no (?:more|fewer|longer)\b|none (?:longer|more)\b", text):
        banned = _ban(text, clause, ctx)
        if banned is not None:
            return banned
    head = text.split()[0].lower() if text.split() else ""
    if head in ("only", "just"):
        return _only(text) or generic(text)
    bound = bound_proposal(text, items=ctx.items, whole=head not in VERBISH or head in WRITE_VERBS)
    if bound is not None:
        return [bound]
    got = _position(text, clause) or _has(text, clause, ctx) or _keys(text, ctx) or _sections(text) or _each(text)
    if got is not None:
        return got
    if re.match(r"(?i)^(?:keep it |be |stay )?(?:brief|short|concise)$", text):
        return [_p("Is brief", text, "quality", term="brief")]
    if subject and head in ("say", "include", "use", "mention"):
        quotes = _quotes_in(text, clause)
        if quotes:
            return [
                _p(f"{subject} {say(head).lower()} {_quote_text(q)}", text, "include", phrase=q.text) for q in quotes
            ]
    got = _mention(text, clause) or _quality(text) or _only(text)
    if got is not None:
        return got
    if subject:
        return [
            _p(f"{subject} {say(head).lower()} {text.split(' ', 1)[1] if ' ' in text else ''}".strip(), text, "other")
        ]
    return generic(text)


VERBISH = frozenset(
    "explain answer describe translate summarise summarize list give write tell respond reply apologise apologize".split()
)


def generic(text: str) -> list[Proposal]:
    """The clause said of the answer: a verb in the third person, or a noun phrase it has."""
    words = text.split(maxsplit=1)
    first = words[0] if words else ""
    low = first.lower()
    if re.match(r"(?i)^(?:politely|kindly|briefly|gently|warmly|clearly|firmly|concisely)$", first) and len(words) > 1:
        adverb = low[:-2] if low.endswith("ly") else low
        adjective = {"polite": "polite", "kind": "kind", "brief": "brief", "gent": "gentle", "warm": "warm"}.get(
            adverb, adverb
        )
        return [*generic(words[1]), _p(f"Is {adjective}", text, "quality", term=adjective)]
    if low in EXCLUDING:
        return [_p(f"Excludes {words[1] if len(words) > 1 else ''}", text, "ban")]
    if is_verb(first):
        return [_p(f"{say(first)} {words[1] if len(words) > 1 else ''}".strip(), text, "other", fallback=True)]
    return _noun_phrase(text)
