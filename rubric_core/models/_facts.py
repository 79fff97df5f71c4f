"""What a task states that a draft may say again: the only source of facts the offline writer has.

A writer restates what the brief gives (a product's name, its price, a link, "Revenue grew 12%") and
never makes a fact up: a price, a date, a name, a link or a figure in a draft comes from here or from
the task's own details (`Brief.details`). A sentence of the task that asks the reader to act ("Sign up
at hikeclub.org.") is kept apart: it is the call to action the task wants, word for word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rubric_core.checks import patterns as p
from rubric_core.checks import text as t
from rubric_core.models._task import Brief

_WRITER_VERBS = re.compile(
    r"^(?:please\s+)?(?:write|keep|make|include|mention|use|add|avoid|be|end|start|sign|address|focus|explain|"
    r"describe|list|give|say|tell|don't|do not|aim|limit|stay|note|remember|try|mention|draft|compose|create|"
    r"announce|summari[sz]e|put|format|cover|highlight|stress|emphasi[sz]e|follow|target|assume|pretend|act)\b",
    re.IGNORECASE,
)
"""Verbs of an instruction to the writer ("Keep it short.", "Mention the price."): never restated."""

_NAME = r"(?:[A-Z][\w'’-]*|\d[\w-]*)(?:\s+(?:[A-Z][\w'’-]*|\d[\w-]*))*"
_APPOSITIVE = re.compile(rf",\s+((?:the\s+)?{_NAME})\s*,")
_CALLED = re.compile(rf"\b(?:called|named|titled)\s+[\"“]?({_NAME})")
_QUOTED = re.compile(r"[\"“]([A-Z][^\"”]{1,40})[\"”]")
_CLAUSE = re.compile(
    r"\b(?:that|which) ((?:holds|costs|comes|weighs|fits|runs|lets|helps|works|offers|includes|supports|sells|"
    r"keeps|makes|has|opens|starts|lasts|serves|seats|ships|takes)\b[^.;!?]*)"
)
"""A fact inside the instruction: "a mug that holds 350 ml and costs $18"."""

_PRODUCT_WORDS = re.compile(
    r"\b(?:products?|app|application|tool|device|gadget|feature|service|version|model|lock|plugin|extension|"
    r"edition|mug|bottle|bag|shoes?|jacket|headphones|speaker|lamp|chair|desk|phone|laptop|watch|camera|"
    r"subscription|plan|kit|bundle|range|collection|product description)\b",
    re.IGNORECASE,
)
_CHANGE_WORDS = re.compile(
    r"\b(?:rules?|policy|policies|process|procedure|hours|schedule|closes?|closing|closure|moves?|moving|"
    r"changes?|changing|switch\w*|relocat\w*|replac\w*|ends?|ending|starts?|reopen\w*|shut\w*|freeze)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Facts:
    """What the task states, ready to be said again."""

    name: str = ""
    """The name the task gives what it is about, with the article the task gives it ("the LockPro X",
    "Tidy"), or empty."""

    statements: tuple[str, ...] = ()
    """The task's sentences of fact, as sentences of the draft ("The LockPro X costs $49.")."""

    actions: tuple[str, ...] = ()
    """The task's sentences that ask the reader to act ("Sign up at hikeclub.org.")."""

    prices: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()
    phones: tuple[str, ...] = ()
    figures: tuple[str, ...] = ()
    """Statistics the task gives ("12%")."""

    flavour: str = "general"
    """What an announcement announces: event, product, welcome, change or general."""

    def said(self) -> str:
        """Everything the statements and actions say, as one text."""
        return " ".join(self.statements + self.actions)


def _name(instruction: str) -> str:
    for pattern in (_CALLED, _APPOSITIVE, _QUOTED):
        for m in pattern.finditer(instruction):
            name = m.group(1).strip()
            bare = re.sub(r"^the\s+", "", name)
            if p._DATE_RE.fullmatch(bare) or bare.split()[0] in {"I", "We", "It", "The", "Our"}:
                continue
            return name
    return ""


def _referent(brief: _Key, name: str) -> str:
    """What "It" at the start of a task's sentence stands for, as the draft's sentence starts it."""
    if name:
        return name[:1].upper() + name[1:]
    subject = brief.subject
    if re.match(r"(?:a|an) ", subject):
        subject = "this " + subject.split(" ", 1)[1]
    return subject[:1].upper() + subject[1:]


def _as_statement(sentence: str, referent: str) -> str:
    sentence = sentence.strip()
    m = re.match(r"(?:It|This)\s+(is|costs|has|comes|works|runs|holds|lets|will|starts|opens|takes)\b", sentence)
    if m:
        sentence = referent + sentence[m.start(1) - 1 :]
    if sentence[-1:] not in ".!?":
        sentence += "."
    return sentence[:1].upper() + sentence[1:]


def _flavour(brief: _Key, name: str, prices: tuple[str, ...]) -> str:
    task = brief.task
    if re.search(r"\bwelcome\b", task, re.IGNORECASE):
        return "welcome"
    product = bool(_PRODUCT_WORDS.search(task) or name)
    if brief.get("event") and not product:
        return "event"
    if product or prices:
        return "product"
    if brief.get("news") or _CHANGE_WORDS.search(task):
        return "change"
    return "general"


@lru_cache(maxsize=256)
def _facts(brief: _Key) -> Facts:
    sentences = t.sentences_of((brief.source and brief.task[: brief.task.find(brief.source)]) or brief.task)
    instruction, rest = (sentences[0], sentences[1:]) if sentences else ("", [])
    name = _name(instruction) or next((n for s in rest if (n := _name(s))), "")
    referent = _referent(brief, name)
    statements: list[str] = []
    actions: list[str] = []
    clause = _CLAUSE.search(instruction)
    if clause:
        statements.append(_as_statement(f"It {clause.group(1)}", referent))
    for sentence in rest:
        if re.match(r"you\b|your\b", sentence, re.IGNORECASE):
            continue  # "You are the team lead.": about the writer, not news for the reader
        if p.is_call_to_action(sentence) and re.search(r"\bat\b|\bto\b|@|\d", sentence):
            actions.append(_as_statement(sentence, referent))
        elif not _WRITER_VERBS.match(sentence):
            statements.append(_as_statement(sentence, referent))
    task = brief.task
    prices = tuple(dict.fromkeys(m.group(0).strip() for m in p._PRICE_RE.finditer(task)))
    # A price the instruction gives ("our new water bottle for $25") is said in a sentence of its own.
    unsaid = [price for price in prices if price in instruction and not any(price in s for s in statements)]
    if unsaid:
        statements.insert(0, f"{referent} costs {unsaid[0]}.")
    return Facts(
        name=name,
        statements=tuple(statements),
        actions=tuple(actions),
        prices=prices,
        links=tuple(
            dict.fromkeys(
                m.group(0).rstrip(".") for m in p._URL_RE.finditer(task) if task[m.start() - 1 : m.start()] != "@"
            )
        ),
        emails=tuple(dict.fromkeys(m.group(0) for m in p._EMAIL_RE.finditer(task))),
        phones=tuple(dict.fromkeys(m.group(0).strip() for m in p._PHONE_RE.finditer(task))),
        figures=tuple(dict.fromkeys(m.group(0).strip() for m in p._STATISTIC_RE.finditer(task))),
        flavour=_flavour(brief, name, prices),
    )


@dataclass(frozen=True)
class _Key:
    """The parts of a brief the facts come from (a Brief holds a dict, so it cannot key a cache itself)."""

    task: str
    subject: str
    source: str
    details: tuple[tuple[str, str], ...]

    def get(self, key: str) -> str:
        return dict(self.details).get(key, "")


def facts_of(brief: Brief) -> Facts:
    """The facts of a task (cached: every variant of every revision reads the same task)."""
    return _facts(_Key(brief.task, brief.subject, brief.source, tuple(sorted(brief.details.items()))))
