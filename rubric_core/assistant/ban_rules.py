"""Prohibitions stay prohibitions: "don't use the word "rockstar"" -> 'Does not use the word "rockstar"', "no
hashtags" -> "Contains no hashtags", "without mentioning its height or the year it was built" -> two bans, "avoid
superlatives like "best" or "perfect"" -> the category and each word, "skipping discontinued items" -> "Excludes
...". A bound said with "no" ("no more than 3 sentences") is a bound, not a ban."""

from __future__ import annotations

import re

from rubric_core.assistant.bound_rules import bound_proposal
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.rule_base import QUALITY_WORDS, Context, criterion, quote_text, quotes_in
from rubric_core.assistant.task_clauses import Clause, Quote
from rubric_core.assistant.verbs import EXCLUDING, base, say, split_objects
from rubric_core.assistant.wording import capital


def ban_rule(text: str, clause: Clause, ctx: Context) -> list[Proposal] | None:
    text = _NO_CASE.sub("don't ", text)
    low = text.lower()
    m = re.match(
        r"^(?:the \w+(?: \w+)?|it|they|this|these|each \w+|no \w+)\s+(?:must not|mustn'?t|should not|shouldn'?t|cannot|"
        r"can'?t|may not|won'?t|will not|does not|doesn'?t|do not|don'?t)\s+(\w+)\s*(.*)$",
        text,
        re.I,
    )
    if m:  # "The post must not exceed 100 words", "It shouldn't sound salesy"
        verb, rest = base(m.group(1)), m.group(2).strip()
        if verb in ("sound", "look", "feel", "seem", "read", "come"):
            return [criterion(f"Does not {verb} {rest}", text, "quality", term=rest)]
        return _negated(verb, rest, text, clause)
    m = re.match(
        r"^(?:refrain|abstain|keep|stay away|steer clear)\s+from\s+(\w+ing)\b\s*(.*)$", text, re.I
    ) or re.match(r"^avoid(?:s|ing)?\s+(\w+ing)\b\s*(.*)$", text, re.I)
    if m and m.group(1).lower() not in ("anything", "nothing", "something", "everything"):
        return _negated(base(m.group(1)), m.group(2).strip(), text, clause)
    m = re.match(r"^(?:steer clear of|stay away from|keep away from|refrain from)\s+(.+)$", text, re.I)
    if m:
        return [criterion(f"Avoids {m.group(1)}", text, "ban", term=m.group(1))]
    m = re.match(r"^(?:zero|not a single|not one|not any)\s+(.+)$", text, re.I)
    if m:
        return [criterion(f"Contains no {o}", text, "ban", term=o) for o in split_objects(m.group(1))]
    m = re.match(
        r"^(?:please\s+)?(?:don'?t|do not|doesn'?t|does not|never|must not|mustn'?t|should not|shouldn'?t|can'?t|cannot)"
        r"\s+(\w+)\s*(.*)$",
        text,
        re.I,
    )
    if m:
        verb, rest = base(m.group(1)), m.group(2).strip()
        return _negated(verb, rest, text, clause)
    m = re.match(r"^without\s+(\w+ing)\b\s*(.*)$", text, re.I)
    if m:
        return _negated(base(m.group(1)), m.group(2).strip(), text, clause)
    m = re.match(r"^without\s+(?:the\s+)?(?:words?|phrases?|terms?)\s+(.+)$", text, re.I)
    if m and quotes_in(m.group(1), clause):
        return [_word_ban(q, text) for q in quotes_in(m.group(1), clause)]
    m = re.match(r"^without\s+(?:any\s+)?(.+)$", text, re.I)
    if m:
        return [criterion(f"Contains no {o}", text, "ban", term=o) for o in split_objects(m.group(1))]
    m = re.match(r"^(?:nothing (?:about|on)|no mention of|no word about)\s+(.+)$", text, re.I)
    if m:
        return [criterion(f"Does not mention {o}", text, "ban", term=o) for o in split_objects(m.group(1))]
    m = re.match(r"^avoid(?:s|ing)?\s+(.+)$", text, re.I)
    if m:
        rest = m.group(1).strip()
        quotes = quotes_in(rest, clause)
        out: list[Proposal] = []
        head = re.split(r"\s+(?:like|such as|e\.g\.?|including)\s+", rest, maxsplit=1)[0]
        if quotes and (
            re.match(r"^(?:the )?(?:words?|phrases?|terms?)\b", head, re.I)
            or head.strip() in {quote_text(q) for q in quotes}
        ):
            return [_word_ban(q, text) for q in quotes]
        out.append(criterion(f"Avoids {head}", text, "ban", term=head))
        out += [_word_ban(q, text) for q in quotes]
        return out
    m = re.match(r"^(?:none|no one|nobody)\b\s*(?:of them\s+)?(.*)$", text, re.I)
    if m and not re.match(r"(?:longer|shorter|more|fewer|over|under)\b", m.group(1), re.I):
        item = ctx.items or "item"
        rest = m.group(1).strip()
        rest = rest if re.match(r"(?:is|are|has|have|uses?|contains?)\b", rest) else f"is {rest}"
        rest = re.sub(r"^are\b", "is", rest)
        return [criterion(capital(f"no {item} {rest}"), text, "ban", term=rest)]
    m = re.match(r"^not\s+(?!only\b|just\b)(.+)$", text, re.I)
    if m:
        return [
            criterion(
                f"Is not {m.group(1)}", text, "ban" if m.group(1).split()[0].lower() not in QUALITY_WORDS else "quality"
            )
        ]
    m = re.match(
        r"^(?:use|uses|include|includes|contain|contains|with|has|have)\s+no\s+(?!more\b|fewer\b|less\b|longer\b)(.+)$",
        text,
        re.I,
    )
    if m:
        verb = low.split()[0]
        said = {"with": "Has", "have": "Has"}.get(verb, say(verb))
        return [criterion(f"{said} no {m.group(1)}", text, "ban", term=m.group(1))]
    if re.match(r"(?i)^no\s+[\w -]+?\s+(?:is|are|was|were|will be)\s+\w", text):
        # "No experience is needed": a fact the answer states, not a ban
        return [criterion(f"Says that {text[:1].lower() + text[1:]}", text, "include", term=text)]
    m = re.match(r"^no\s+(?!more\b|fewer\b|less\b|longer\b|need\b)(.+)$", text, re.I)
    if m:
        thing = m.group(1).strip()
        if re.match(r"^(?:other )?keys\b|^dependenc|^comments?\b", thing, re.I):
            return [criterion(f"Has no {thing}", text, "ban", term=thing)]
        return [criterion(f"Contains no {thing}", text, "ban", term=thing)]
    m = re.match(r"^(skip\w*|omit\w*|exclud\w*|leav\w* out)\s+(.+)$", text, re.I)
    if m and m.group(1).split()[0].lower() in EXCLUDING | {"excluding", "omitting", "skips", "omits", "excludes"}:
        return [criterion(f"Excludes {m.group(2)}", text, "ban", term=m.group(2))]
    return None


def _word_ban(q: Quote, source: str) -> Proposal:
    kind = "word" if len(q.text.split()) == 1 else "phrase"
    return criterion(f"Does not use the {kind} {quote_text(q)}", source, "ban", phrase=q.text, term=q.text)


_NO_CASE = re.compile(
    r"(?i)^(?:under no circumstances|in no case|at no point|at no time|on no account|by no means)\s*,?\s*"
    r"(?:should (?:you|it|we)\s+|may (?:you|it|we)\s+|(?:do|does|must) (?:you|it|we)\s+|do\s+)?"
)
"""'Under no circumstances mention the price' says "don't mention the price"."""


def _negated(verb: str, rest: str, text: str, clause: Clause) -> list[Proposal]:
    quotes = quotes_in(rest, clause)
    if verb in ("use", "include", "write", "contain") and quotes:
        return [_word_ban(q, text) for q in quotes]
    if verb in ("say", "write", "tell") and quotes:
        return [criterion(f"Does not say {quote_text(q)}", text, "ban", phrase=q.text, term=q.text) for q in quotes]
    if verb in ("mention", "discuss", "reference", "name", "bring", "talk", "refer", "cite", "list"):
        rest = re.sub(r"^(?:up|about|to)\s+", "", rest)
        return [criterion(f"Does not mention {o}", text, "ban", term=o) for o in split_objects(rest)]
    if verb in ("include", "use", "add", "contain", "have"):
        return [criterion(f"Does not {verb} {o}", text, "ban", term=o) for o in split_objects(rest)]
    if verb == "be":
        word = rest.split()[0].lower() if rest else ""
        return [criterion(f"Is not {rest}", text, "quality" if word in QUALITY_WORDS else "ban", term=rest)]
    if verb in ("exceed", "go"):
        limit = re.sub(r"^(?:over|beyond|above)\s+", "", rest)
        bound = bound_proposal(f"at most {limit}")
        if bound:
            return [bound]
    return [criterion(f"Does not {verb} {rest}".strip(), text, "ban", term=rest)]
