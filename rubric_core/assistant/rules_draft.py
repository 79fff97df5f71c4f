"""The offline drafter: every demand of the task becomes a criterion, checkable ones in the rubric and the rest
listed for an LLM grader with the reason; the facts the task gives (names, prices, dates) become mentions the
offline grader checks; conflicting pairs are reconciled or held back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.assistant.bound_rules import LENGTH_UNITS, find_bound
from rubric_core.assistant.clause_rules import propose_clause
from rubric_core.assistant.draft_conflicts import resolve
from rubric_core.assistant.draft_model import DraftedCriterion, line
from rubric_core.assistant.genre_rules import Lead, genre_forms
from rubric_core.assistant.lead_rules import _WRITE, propose_lead
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.rule_base import Context
from rubric_core.assistant.task_clauses import read_clauses
from rubric_core.assistant.task_facts import literals, names
from rubric_core.assistant.wording import singular


@dataclass
class RulesDraft:
    criteria: list[DraftedCriterion]
    left: list[DraftedCriterion]
    held: list[DraftedCriterion]
    warnings: list[str] = field(default_factory=list)


_ITEMS = re.compile(
    r"\b(subject lines|titles|facts|steps|bullet points|bullets|questions|items|answers|rows|objects|tips|ideas|"
    r"reasons|examples|headlines|taglines|slogans|names|options|points|entries|tweets|posts|lines)\b",
    re.IGNORECASE,
)


def counted_items(task: str) -> str:
    """The things the task counts, singular ("subject line" for "Give me 6 subject lines")."""
    for sentence in re.split(r"[.\n;]", task):
        b = find_bound(sentence)
        if b and b.unit.split()[-1] not in LENGTH_UNITS and b.unit not in ("of them", "them"):
            return b.unit
    m = _ITEMS.search(task)
    return singular(m.group(1).lower()) if m else ""


def _key(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def propose(task: str) -> tuple[list[Proposal], list[str], list[str]]:
    """Every proposal for the task (before conflicts and checks), warnings, and the quoted phrases."""
    reading = read_clauses(task)
    ctx = Context(task=task, items=counted_items(task))
    props: list[Proposal] = []
    lead: Lead | None = None
    for clause in reading.clauses:
        if clause.lead or (_WRITE.match(clause.text) and lead is None):
            got = propose_lead(clause, ctx)
            lead = lead or got
            props += got.proposals
        else:
            props += propose_clause(clause, ctx)
    props += genre_forms(task, lead or Lead(), props)
    seen: set[str] = set()
    unique = []
    for p in props:
        if p.text and _key(p.text) not in seen:
            seen.add(_key(p.text))
            unique.append(p)
    return unique, reading.warnings + ctx.notes, [q.text for q in reading.quotes]


def draft_with_rules(task: str) -> RulesDraft:
    """The offline draft of a task (already checked by draft_inputs.check_task)."""
    props, warnings, quotes = propose(task)
    kept, held, more = resolve(props)
    criteria: list[DraftedCriterion] = []
    left: list[DraftedCriterion] = []
    for p in kept:
        c = line(p.text, p.reason, p.source)
        (criteria if c.checkable else left).append(c)
    facts = _facts(kept, quotes)
    said = " ".join(c.text for c in criteria).lower()
    for token, where in facts:
        if re.search(rf"(?<![\w$€£#]){re.escape(token.lower())}(?!\w)", said):
            continue
        reason = f'A fact the task gives ("{where.strip()}"): the answer states it as given.'
        c = line(f"Mentions {token}", reason, where)
        if not c.checkable and re.match(r"\d", token):
            # "Mentions 14 May" reads as a count: name what the number is
            time = re.search(r"(?i)\d\s?(?:am|pm)\b|:\d\d", token)
            kind = "time" if time else "phone number" if re.fullmatch(r"[\d\s()+-]{9,}", token) else "date"
            c = line(f"Mentions the {kind} {token}", reason, where)
        if c.checkable:
            criteria.append(c)
            said += " " + c.text.lower()
    return RulesDraft(
        criteria,
        left,
        [line(p.text, f"Held back: {why}", p.source) for p, why in held],
        warnings + more,
    )


def _facts(kept: list[Proposal], quotes: list[str]) -> list[tuple[str, str]]:
    """Names and literal tokens of the positive demands (never of a ban: "don't mention the price" gives none)."""
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for p in kept:
        if p.role in ("ban", "length", "count", "form") or not p.source:
            continue
        blanked = p.source
        for q in quotes:
            blanked = blanked.replace(q, " ")
        for token in literals(blanked) + names(p.source, quotes):
            if token.lower() not in seen:
                seen.add(token.lower())
                out.append((token, p.source))
    return out
