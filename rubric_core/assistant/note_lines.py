"""What a rubric line claims (a place, a bound, a mention, a ban, a language), read from its words, and the new lines
a note asks for, made by the same rules that read a task ("a greeting" -> "Starts with a greeting", "the price" ->
the price the task gives, "no emojis" -> "Contains no emojis", "be a haiku" -> the haiku's form)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.assistant.bound_rules import LENGTH_UNITS, find_bound
from rubric_core.assistant.clause_rules import propose_clause
from rubric_core.assistant.genre_rules import _FORMS
from rubric_core.assistant.rule_base import QUALITY_WORDS, Context
from rubric_core.assistant.task_clauses import read_clauses
from rubric_core.assistant.task_facts import literals
from rubric_core.checks.described import check_for
from rubric_core.rubric import Criterion

_BAN = re.compile(
    r"^(?:it |the \w+ )?(?:does not|doesn't|do not|must not|never|no\b|not\b|avoids?|without|free of|contains no|has no|"
    r"uses no|includes no|excludes|omits|leaves out)",
    re.I,
)
_ENGLISH = frozenset(
    "you see soon the and thanks thank best regards hi hello dear cheers love warm wishes kind".split()
)
LANGUAGES = frozenset("english french spanish german italian portuguese dutch swedish polish japanese chinese".split())
_GREETING = re.compile(r"^(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))\b", re.I)


def _stem(word: str) -> str:
    word = word.lower().strip(".,;:\"'")
    return re.sub(r"(?:es|s)$", "", word) if len(word) > 4 else word


def _terms(text: str) -> set[str]:
    stop = {
        "the",
        "a",
        "an",
        "any",
        "of",
        "mention",
        "mentions",
        "use",
        "uses",
        "word",
        "words",
        "its",
        "their",
        "at",
        "least",
        "one",
        "includes",
        "include",
    }
    return {_stem(w) for w in re.findall(r"[\w%$€£-]+", text.lower()) if w not in stop and not w.isdigit()}


@dataclass
class Claim:
    """A line and what it asks."""

    text: str
    role: str = "other"
    place: str = ""
    phrase: str = ""
    term: str = ""
    unit: str = ""
    language: str = ""
    form: str = ""
    reason: str = "Added at the author's request."
    fallback: bool = False

    @property
    def english(self) -> bool:
        return bool(self.phrase) and bool(set(re.findall(r"[a-z]+", self.phrase.lower())) & _ENGLISH)

    def same_as(self, new: Claim) -> bool:
        if _key(self.text) == _key(new.text):
            return True
        if self.role == new.role == "start" and new.place == "greeting" and self.place in ("greeting",):
            return True
        if self.role == new.role == "end" and new.place == "signoff" and self.place in ("phrase", "signoff"):
            return True
        spec = check_for(Criterion(self.text, 0))
        return (
            spec.get("kind") != "cannot_judge" and spec == check_for(Criterion(new.text, 0)) and self.role == new.role
        )

    def contradicted_by(self, new: Claim) -> bool:
        """Whether the new line rules out what this one asks (the note is the newer word)."""
        if (
            new.role == "ban"
            and self.role in ("include", "count", "other")
            and _terms(new.term or new.text) & _terms(self.term or self.text)
        ):
            return True
        if new.role == "include" and self.role == "ban" and _terms(new.term) & _terms(self.term or self.text):
            return True
        if new.unit and self.unit == new.unit and new.role in ("length", "count", "form"):
            return True
        if new.form == "haiku" and self.role == "rhyme":
            return True
        if new.language and self.language and new.language != self.language:
            return True
        return bool(new.role == self.role and new.role in ("start", "end") and new.phrase and self.phrase)


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def claim(text: str) -> Claim:
    """What an existing line claims, from its words."""
    low = text.lower().strip()
    quoted = re.search(r"[\"“']([^\"”]+?)[\"”'](?:\W*$|\s)", text)
    phrase = quoted.group(1) if quoted else ""
    lang = re.search(r"\b(?:written )?in (" + "|".join(LANGUAGES) + r")\b", low)
    if lang:
        return Claim(text, "format", language=lang.group(1))
    if re.match(r"(?:it )?(?:ends|closes|finishes|concludes|signs off)\b|the last (?:sentence|line|words?)\b", low):
        place = (
            "phrase"
            if phrase
            else "signoff"
            if "sign-off" in low or "signoff" in low
            else "question"
            if "question" in low
            else "cta"
            if "call to action" in low
            else "other"
        )
        if low.startswith("the last sentence before"):
            place = "before_end"
        return Claim(text, "end", place, phrase)
    if re.match(r"(?:it )?(?:starts|begins|opens)\b", low):
        place = (
            "greeting" if "greeting" in low or (phrase and _GREETING.match(phrase)) else "phrase" if phrase else "other"
        )
        return Claim(text, "start", place, phrase)
    if re.search(r"\brhym", low):
        return Claim(text, "rhyme")
    if _BAN.match(low):
        return Claim(text, "ban", term=_BAN.sub("", low).strip(), phrase=phrase)
    b = find_bound(text)
    if b is not None:
        unit = b.unit.split()[-1]
        return Claim(
            text, "length" if unit in LENGTH_UNITS else "count", unit=LENGTH_UNITS.get(unit, b.unit), term=b.unit
        )
    m = re.match(r"(?:it )?(?:mentions|includes|uses|states|names|gives|contains|lists|cites|says|has)\s+(.+)$", low)
    if m:
        return Claim(text, "include", term=m.group(1), phrase=phrase)
    return Claim(text)


_KINDS = {
    "price": r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:/\w+)?",
    "cost": r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:/\w+)?",
    "fee": r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:/\w+)?",
    "discount": r"\d+(?:\.\d+)?%(?:\s+off)?(?:\s+(?!until|by|on|for|before|till|through)[a-z]+){0,2}",
    "sale": r"\d+(?:\.\d+)?%(?:\s+off)?(?:\s+(?!until|by|on|for|before|till|through)[a-z]+){0,2}",
    "percentage": r"\d+(?:\.\d+)?%",
    "link": r"https?://\S+[^\s.,;)]|\bwww\.\S+[^\s.,;)]",
    "website": r"https?://\S+[^\s.,;)]|\bwww\.\S+[^\s.,;)]",
    "url": r"https?://\S+[^\s.,;)]|\bwww\.\S+[^\s.,;)]",
    "phone": r"\+?\d[\d ()-]{6,}\d",
}


def kind_literal(task: str, kind: str) -> str:
    """The task's own value for a kind of fact ("the price" -> "$89.99"), or empty."""
    pattern = _KINDS.get(kind)
    if pattern:
        m = re.search(pattern, task)
        return m.group(0).strip() if m else ""
    if kind in ("date", "deadline", "day"):
        found = [t for t in literals(task) if re.search(r"\d", t) and not re.search(r"[$%#:]", t)]
        return found[0] if found else ""
    if kind == "time":
        m = re.search(r"\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b\d{1,2}:\d\d\b", task, re.I)
        return m.group(0) if m else ""
    return ""


_PARTS = (
    (r"(?:a |an )?(?:greeting|salutation)", "Starts with a greeting", "start", "greeting"),
    (r"(?:a |an )?(?:sign-?off|closing|signature)", "Ends with a sign-off", "end", "signoff"),
    (
        r"(?:a |an )?(?:call to action|cta)\s+(?:at the end|to end|last|at the bottom)",
        "Ends with a call to action",
        "end",
        "cta",
    ),
    (r"(?:a |an )?(?:call to action|cta)", "Includes a call to action", "include", ""),
    (r"(?:a |an )?subject line", "Includes a subject line", "include", ""),
    (r"(?:a |an )?question(?: at the end)?", "Includes a question", "include", ""),
)


def _kind_line(task: str, kind: str, said: str) -> Claim:
    """ "the price" -> the task's own price; a date or time that starts with a digit says what it is."""
    value = kind_literal(task, kind)
    if not value:
        named = re.sub(r"^(?:mentions? |states? |gives? |includes? )", "", said)
        return Claim(f"Mentions {named}", "include", term=kind)
    if re.match(r"\d", value) and kind in ("date", "deadline", "day", "time"):
        return Claim(f"Mentions the {'time' if kind == 'time' else 'date'} {value}", "include", term=value)
    return Claim(f"Mentions {value}", "include", term=value)


def new_lines(task: str, what: str, *, explicit: bool) -> list[Claim]:
    """The lines a note's words ask for; empty when no rule recognises them and the author did not say "add"."""
    what = what.strip().rstrip(".!")
    what = re.sub(
        r"(?i)^(?:also\s+)?(?:it\s+|the (?:answer|text|post|email)\s+)?(?:should|must|needs? to|has to|ought to)\s+(?:be\s+(?=(?:a|an|in|written)\b))?",
        "",
        what,
    )
    what = re.sub(r"(?i)^(?:make it|turn it into|rewrite it as|make this)\s+(?=(?:a|an)\s)", "", what)
    what = re.sub(r"(?i)^it\s+", "", what).strip()
    low = what.lower()
    about = re.fullmatch(
        r"(?:something|anything|a (?:line|bit|sentence|word|note|mention|paragraph)) (?:about|on) (.+)", low
    )
    if about:
        return [Claim(f"Mentions {what[-len(about.group(1)) :]}", "include", term=about.group(1))]
    quality = re.fullmatch(r"(?:make it |be |sound |keep it )(?:more |a bit |a little |very |much )?([a-z-]+)", low)
    if quality and quality.group(1) in QUALITY_WORDS:
        return [Claim(f"Is {quality.group(1)}", "quality", term=quality.group(1))]
    for pattern, text, role, place in _PARTS:
        if re.fullmatch(pattern, low):
            return [Claim(text, role, place, term=low)]
    m = re.fullmatch(r"(?:be )?(?:a |an )?(haiku|limerick|sonnet)", low)
    if m:
        return [
            Claim(
                text,
                "form",
                unit="line" if "lines" in text else "",
                form=m.group(1),
                reason=f"{reason} (The note asks for a {m.group(1)}.)",
            )
            for text, reason in _FORMS[m.group(1)]
        ]
    m = re.fullmatch(r"(?:be )?(?:written )?in (\w+)", low)
    if m and m.group(1) in LANGUAGES:
        return [Claim(f"Is written in {m.group(1).capitalize()}", "format", language=m.group(1))]
    m = re.fullmatch(
        r"(?:mentions? |states? |gives? |includes? )?(?:the |a |an )?(?:[a-z]+ )?(price|cost|fee|discount|sale|percentage|link|website|url|phone|date|deadline|day|time)(?: number)?",
        low,
    )
    if m:
        return [_kind_line(task, m.group(1), low)]
    if re.fullmatch(r"(?:the |a |an )?(?:right |suitable |friendly |formal |warm )?(?:tone|voice|style)", low):
        return [Claim(f"Has a {low.split()[-1]} that suits the task and its reader", "quality")]
    out: list[Claim] = []
    ctx = Context(task=task)
    for clause in read_clauses(what).clauses:
        for p in propose_clause(clause, ctx):
            if p.fallback and not explicit:
                return []
            text = p.text
            if p.fallback and re.match(r"(?i)the\s", what):
                text = f"Mentions {what}"  # "add the launch date": a thing the answer names
            kind = re.fullmatch(
                r"Mentions (?:the |a |an )?(?:[a-z]+ )?(price|cost|fee|discount|date|deadline|time|link|website)", text
            )
            if kind:
                out.append(_kind_line(task, kind.group(1), text.lower()))
                continue
            unit = ""
            if p.role in ("length", "count"):
                b = find_bound(p.text)
                unit = LENGTH_UNITS.get(b.unit, b.unit) if b else ""
            out.append(
                Claim(
                    text, p.role, p.place, p.phrase, p.term, unit, reason=f"Added at the author's request ({p.reason})"
                )
            )
    return out
