"""What the clause rules share: the task's context, how a proposal is said with its reason, quoted phrases, and
the last resort for a clause no rule recognises (said of the answer: a verb in the third person, or a part it has)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.task_clauses import Quote
from rubric_core.assistant.verbs import EXCLUDING, is_verb, say

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


def quote_text(q: Quote) -> str:
    return f'"{q.text}"' if '"' not in q.text else f"“{q.text}”"


def quotes_in(text: str, clause: Any) -> list[Quote]:
    """The clause's quoted phrases that stand in `text`, in order; one inside a longer one ("synergy" inside
    "Error: synergy not found") is not a phrase of its own there."""
    found = [(text.find(q.text), q) for q in clause.quotes if q.text in text]
    spans = [(at, at + len(q.text)) for at, q in found]
    out = [
        q
        for at, q in found
        if not any(a <= at and at + len(q.text) <= b and (a, b) != (at, at + len(q.text)) for a, b in spans)
    ]
    return sorted(out, key=lambda q: text.find(q.text))


def criterion(text: str, source: str, role: str, *, fallback: bool = False, **kw: str) -> Proposal:
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


FORMAT_NOUNS = re.compile(
    r"\b(?:format|syntax|style|mood|numerals|css|comments?|tense|voice|case|markdown|yaml|json|html5?)\b", re.I
)


def noun_phrase(text: str) -> list[Proposal]:
    """A demand written as a noun phrase ("happy ending", "Conventional Commits format", "numbered steps")."""
    text = re.sub(r"(?i)^(?:as|in)\s+(?=(?:an?\s+)?(?:numbered|bullet|table|markdown))", "", text).strip()
    low = text.lower()
    if re.match(r"(?:tables?|columns?|schema|fields?|context|background|input|data)\b", low) and re.search(
        r"[(:]", text
    ):
        return []  # "Tables users(id, email), logins(user_id)": what the answer works on, not a demand on it
    m = re.match(
        r"(?i)^((?:each|every|all|the|any)\s+.+?)\s+(?:needs? to have|needs?|must have|should have|has to have|"
        r"have to have|requires?|must include|should include)\s+(.+)$",
        text,
    )
    if m:  # "Each action item needs an owner and a due date": said as what the answer has
        subject = m.group(1)
        plural = subject.lower().startswith("all ") or (
            subject.split()[-1].endswith("s") and not subject.lower().startswith(("each", "every", "any"))
        )
        return [
            criterion(f"{subject[:1].upper()}{subject[1:]} {'have' if plural else 'has'} {m.group(2)}", text, "other")
        ]
    if re.fullmatch(
        r"(?:plain|simple|clear|everyday|formal|informal|casual|neutral|gender-neutral|inclusive) (?:language|english|words)",
        low,
    ):
        return [criterion(f"Uses {low}", text, "quality", term=low)]
    if re.fullmatch(r"(?:use |an? )?numbered(?: steps| list| points| items)?", low):
        return [criterion("Uses a numbered list", text, "format")]
    if re.fullmatch(r"(?:an? )?(?:bullet(?:ed)? (?:list|points)|bullets)", low):
        return [criterion("Uses bullet points", text, "format")]
    m = re.match(r"(?i)^([a-z]+s) in (.+)$", text)
    if m:
        return [criterion(f"Gives {text[:1].lower() + text[1:]}", text, "format")]
    if re.search(r"\bmood\b", low):
        return [criterion(f"Uses the {re.sub(r'^(?:the|an?) ', '', text)}", text, "format")]
    if FORMAT_NOUNS.search(low):
        verb = "Follows" if re.search(r"\bformat\b|\bstyle\b", low) else "Uses"
        return [criterion(f"{verb} {text}", text, "format")]
    m = re.match(r"(?i)^(written|set|told|addressed|signed|aimed|pitched|targeted)\s+(.+)$", text)
    if m:
        return [criterion(f"Is {text[:1].lower() + text[1:]}", text, "other")]
    if re.fullmatch(r"[a-z]+-(?:friendly|free|based|ready|proof|only|first|safe|compatible|native)", low):
        return [criterion(f"Is {low}", text, "quality", term=low)]
    if re.search(r"[$€£¥]\s?\d|\d%", text) and len(text.split()) <= 8:
        return [criterion(f"States {text[:1].lower() + text[1:]}", text, "include")]
    m = re.match(
        r"(?i)^in (plain |simple |british |american )?(english|language|terms|french|spanish|german|italian)$", text
    )
    if m:
        return [criterion(f"Is written in {(m.group(1) or '').lower()}{m.group(2)}", text, "quality")]
    fallback = True
    article = (
        ""
        if re.match(r"(?:the|an?|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b", low)
        or low.split()[-1].endswith("s")
        else ("an " if re.match(r"[aeiou]", low) else "a ")
    )
    return [criterion(f"Has {article}{text}", text, "other", fallback=fallback)]


VERBISH = frozenset(
    "explain answer describe translate summarise summarize list give write tell respond reply apologise apologize".split()
)


def generic(text: str) -> list[Proposal]:
    """The clause said of the answer: a verb in the third person, or a noun phrase it has."""
    words = text.split(maxsplit=1)
    first = words[0].strip(",.;:") if words else ""
    low = first.lower()
    if re.match(r"(?i)^(?:politely|kindly|briefly|gently|warmly|clearly|firmly|concisely)$", first) and len(words) > 1:
        adverb = low[:-2] if low.endswith("ly") else low
        adjective = {"polite": "polite", "kind": "kind", "brief": "brief", "gent": "gentle", "warm": "warm"}.get(
            adverb, adverb
        )
        return [*generic(words[1]), criterion(f"Is {adjective}", text, "quality", term=adjective)]
    if low in EXCLUDING:
        return [criterion(f"Excludes {words[1] if len(words) > 1 else ''}", text, "ban")]
    if is_verb(first):
        return [criterion(f"{say(first)} {words[1] if len(words) > 1 else ''}".strip(), text, "other", fallback=True)]
    return noun_phrase(text)
