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

from rubric_core.assistant.ban_rules import ban_rule
from rubric_core.assistant.bound_rules import bound_proposal
from rubric_core.assistant.part_rules import (
    each_rule,
    has_rule,
    keys_rule,
    mention_rule,
    only_rule,
    ordering,
    position_rule,
    quality_rule,
    sections_rule,
)
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.rule_base import VERBISH, WRITE_VERBS, Context, criterion, generic, quote_text, quotes_in
from rubric_core.assistant.task_clauses import Clause
from rubric_core.assistant.verbs import is_verb, say
from rubric_core.assistant.wording import capital

__all__ = ["Context", "generic", "propose_clause"]

_LEAD_INS = re.compile(
    r"^(?:(?:please|and|also|then|plus|but|so|kindly)\s+)*"
    r"(?:(?:make sure(?: to| that)?(?: you| we)?|be sure to|remember to|don'?t forget to|do not forget to|ensure(?: that)?|"
    r"(?:it |you |we )?(?:should|must|has to|have to|needs? to))\s+)?",
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
        banned = ban_rule(text, clause, ctx)
        if banned is not None:
            return banned
    head = text.split()[0].lower() if text.split() else ""
    if head in ("only", "just"):
        return only_rule(text) or generic(text)
    bound = bound_proposal(text, items=ctx.items, whole=head not in VERBISH or head in WRITE_VERBS)
    if bound is not None:
        return [bound]
    got = (
        position_rule(text, clause)
        or has_rule(text, clause, ctx)
        or keys_rule(text, ctx)
        or sections_rule(text)
        or each_rule(text)
    )
    if got is not None:
        return got
    if re.match(r"(?i)^(?:keep it |be |stay )?(?:brief|short|concise)$", text):
        return [criterion("Is brief", text, "quality", term="brief")]
    if subject and head in ("say", "include", "use", "mention"):
        quotes = quotes_in(text, clause)
        if quotes:
            return [
                criterion(f"{subject} {say(head).lower()} {quote_text(q)}", text, "include", phrase=q.text)
                for q in quotes
            ]
    order = ordering(text)
    if order:
        return [criterion(order, text, "format")]
    got = mention_rule(text, clause) or quality_rule(text) or only_rule(text)
    if got is not None:
        return got
    if subject:
        return [
            criterion(
                f"{subject} {say(head).lower()} {text.split(' ', 1)[1] if ' ' in text else ''}".strip(), text, "other"
            )
        ]
    return generic(text)
