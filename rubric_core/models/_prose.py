"""Announcements, emails, summaries and lists from sentence templates and the task's own facts.

A draft is a few slots (headline, when and where, body, call to action...),
each filled with one of its template sentences chosen by a hash of the task;
a variant moves one slot to its next sentence. What the task states (a name,
a price, "Revenue grew 12%") is said again as it is; no template states a
day, a place, a price, a name or a link the task did not give (such a
template is skipped). What the rubric asks for is written by `_asks` into
sentences about the subject. Counts the rubric asks for are met by trying a
few shapes (how many optional sentences, whether the email keeps its subject
line) and keeping the first one the grader's own checks pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.checks import text as t
from rubric_core.models import _prose_bank as pb
from rubric_core.models._asks import Asked, ask, capital, fill
from rubric_core.models._facts import facts_of
from rubric_core.models._task import Brief
from rubric_core.models._verse import allowed
from rubric_core.models._wants import Wants

__all__ = ["capital", "compose", "fill", "is_clause", "is_people", "summary_lead", "values_for"]

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


@dataclass
class Doc:
    """A draft as blocks: framing lines around a body of sentences (or bullets)."""

    head: list[str]
    """Lines before the body: an email's subject line and greeting, a list's intro."""

    body: list[str]
    """Sentences (or bullet items)."""

    tail: list[str]
    """Lines after the body: an email's sign-off and name."""

    bullets: bool = False

    after: list[str] | None = None
    """Sentences after a list's bullets (a question, a call to action), as one paragraph."""

    middle_bullets: bool = False
    """The body's middle sentences as a bulleted list, its first and last as lines ("Includes bullet points")."""

    tag: str = ""
    """A hashtag, on a line of its own after the text."""

    def render(self, one_line_tail: bool = False, split_body: bool = False) -> str:
        blocks = ["\n".join(self.head)] if self.head else []
        if self.bullets:
            blocks.append("\n".join(f"- {item}" for item in self.body))
        elif self.middle_bullets and len(self.body) >= 4:
            blocks += [self.body[0], "\n".join(f"- {item}" for item in self.body[1:-1]), self.body[-1]]
        elif split_body:
            blocks.append("\n".join(self.body))
        else:
            blocks.append(" ".join(self.body))
        if self.after:
            blocks.append(" ".join(self.after))
        if self.tag:
            blocks.append(self.tag)
        if self.tail:
            blocks.append(" ".join(self.tail) if one_line_tail else "\n".join(self.tail))
        return "\n\n".join(b for b in blocks if b)


def _pick(options: tuple[str, ...], seed: int, shift: int, values: dict[str, str], wants: Wants) -> str | None:
    """The option at seed + shift that the task can fill and the rubric allows (the next such one otherwise)."""
    for j in range(len(options)):
        text = fill(options[(seed + shift + j) % len(options)], values)
        if text is not None and allowed(text, wants):
            return text
    return None


def _subject_phrase(brief: Brief, wants: Wants) -> str:
    subject = brief.subject if brief.subject != "this" else "this"
    # A word the rubric forbids leaves the subject phrase ("Does not mention price": "the price change" -> "the change").
    for word in list(wants.words_out):
        subject = re.sub(rf"\b{re.escape(word)}\w*\s?", "", subject, flags=re.IGNORECASE).strip()
    if subject.lower().startswith(("that ", "how ", "why ", "what ", "to ")):
        return subject
    words = subject.split()
    if is_people(subject) or is_clause(subject):  # "tips for new managers", not "the new managers"
        return subject
    # "new parking rules" reads as "the new parking rules"; "covering my shift", "better sleep" and "Paris" do not.
    first = words[0].lower() if words else ""
    if (
        len(words) > 1
        and first not in _NO_ARTICLE
        and words[1].lower() not in {"the", "a", "an"}
        and not words[0][:1].isupper()
        and not first.endswith(("ing", "'s"))
        and not first.isdigit()
    ):
        subject = "the " + subject
    return subject or "this"


_PEOPLE = re.compile(
    r"\b(?:people|beginners|students|parents|kids|children|teams|families|teens|teenagers|newcomers|founders|"
    r"managers|developers|engineers|programmers|writers|teachers|nurses|workers|employees|leaders|volunteers|"
    r"freelancers|travell?ers|runners|gardeners|cooks|readers|users|customers|designers|interns|hires|owners|"
    r"retirees|graduates|speakers|musicians|players|athletes|coaches|mentors)$",
    re.IGNORECASE,
)


def is_clause(subject: str) -> bool:
    """Whether a subject is a clause ("remote workers should take breaks"), not a noun phrase."""
    return bool(re.search(r"\b(?:should|must|can|could|needs?|is|are)\b", subject, re.IGNORECASE))


def is_people(subject: str) -> bool:
    """Whether a subject names a group of people ("new managers", "remote workers"): the list is for them
    ("a rainy weekend with kids" is about a weekend, not the kids)."""
    subject = subject.strip()
    return bool(_PEOPLE.search(subject)) and not re.search(r"\b(?:with|for|of|in|on|at|about)\b", subject)


_NO_ARTICLE = frozenset(
    "the a an my our your their his her its this these those some any all every each better more less fewer "
    "healthier faster cheaper easier smarter greater how why what when where who".split()
)


_RELATIVE_WHEN = re.compile(
    r"(?:next|this|last|coming|tomorrow|today|tonight|soon|later|early|late|mid|in|by|within|before|after|"
    r"from|until|the end|the start|the beginning|the week|the month|every)\b",
    re.IGNORECASE,
)


def values_for(brief: Brief, wants: Wants) -> dict[str, str]:
    """Placeholder values, all from the task: a detail it does not give stays empty, and the templates that
    need it are skipped (no made-up day, place, deadline or sender)."""
    d = brief.details
    facts = facts_of(brief)
    audience = d.get("audience", "")
    if not audience or audience.lower() in {"all", "everyone", "everybody"}:
        audience = "everyone"
    elif audience.lower() in {"team", "staff", "colleagues", "students", "parents", "neighbours", "neighbors"}:
        audience = audience.lower()
    elif audience[:1].islower():
        audience = "there"
    when = d.get("when", "")
    subject = _subject_phrase(brief, wants)
    frame = pb.summary_frame(brief.subject)
    return {
        "subject": subject,
        "when": when,
        # "on Friday at 3 pm", but "next week" and "tomorrow" take no "on".
        "on_when": "" if not when else when if _RELATIVE_WHEN.match(when) else f"on {when}",
        "where": d.get("where", ""),
        "deadline": d.get("deadline", ""),
        "audience": audience,
        "news": d.get("news", ""),
        "sender": d.get("sender", ""),
        "name": facts.name,
        "it": facts.name or "it",
        "ref": facts.name or subject,
        "price": facts.prices[0] if facts.prices else "",
        "link": facts.links[0] if facts.links else "",
        "download_link": facts.links[0] if facts.links and re.search(r"\bdownload", brief.task, re.I) else "",
        "email": facts.emails[0] if facts.emails else "",
        "phone": facts.phones[0] if facts.phones else "",
        "frame": frame[0] if frame else "",
        "inner": frame[1] if frame else "",
    }


def _shift(slot: int, n_slots: int, variant: int) -> int:
    # Variant k moves slot (k-1) % n on by one sentence (as the verse lanes do); after every slot has been
    # round all three of its sentences, a shear keeps the combinations new.
    cycle = 3 * max(n_slots, 1)
    return (variant + n_slots - 1 - slot) // max(n_slots, 1) + (variant // cycle) * slot


def _slots(brief: Brief) -> tuple[list[tuple[str, tuple[str, ...], bool]], tuple[str, ...]]:
    """(name, options, optional) of each body slot, and the extra sentences for a longer draft."""
    kind = brief.kind
    if kind == "announcement":
        flavour = facts_of(brief).flavour
        table = pb.ANNOUNCE_TABLES[flavour]
        news = brief.details.get("news") and flavour == "change"
        slots = [
            ("headline", pb.ANNOUNCE_NEWS if news else table["headline"], False),
            ("when", table["when"], False),
            ("body", table["body"], True),
            ("action", table["action"], True),
        ]
        return slots, pb.ANNOUNCE_EXTRAS
    if kind == "email":
        first, second = pb.EMAIL_BODIES[brief.details.get("purpose", "update")]
        slots = [
            ("opener", pb.EMAIL_OPENERS, True),
            ("first", first, False),
            ("second", second, False),
            ("closer", pb.EMAIL_CLOSERS, True),
        ]
        return slots, pb.EMAIL_EXTRAS
    frame = pb.summary_frame(brief.subject)
    table = pb.SUMMARY_FRAMES[frame[0]] if frame else pb.SUMMARY
    slots = [
        ("lead", table["lead"], False),
        ("first", table["first"], True),
        ("second", table["second"], True),
        ("close", table["close"], True),
    ]
    return slots, pb.SUMMARY_EXTRAS


_DETAILS = ("{when}", "{on_when}", "{where}", "{deadline}")


def _informative(options: tuple[str, ...], values: dict[str, str]) -> tuple[str, ...]:
    """The options that say the most of what the task gives about when and where ("It takes place on Saturday
    in Riverside Park", not "It takes place in Riverside Park" and a second sentence for the day)."""

    def said(option: str) -> int:
        return sum(1 for d in _DETAILS if d in option) if fill(option, values) is not None else -1

    best = max((said(o) for o in options), default=0)
    return tuple(o for o in options if said(o) == best) or options


def _body(brief: Brief, wants: Wants, variant: int, values: dict[str, str], extras: int, keep: int) -> list[str]:
    """The slots' sentences, keeping the first `keep` optional slots, plus `extras` extra sentences, with what
    the task states after the opening."""
    slots, extra_pool = _slots(brief)
    body: list[str] = []
    optional_seen = 0
    opening = 0
    statements = [s for s in facts_of(brief).statements if allowed(s, wants)]
    for i, (name, options, is_optional) in enumerate(slots):
        if name == "when" and values["when"] and any(values["when"] in s for s in statements):
            continue  # the task's own sentence says when ("Meetups are every Saturday at 8 am ...")
        if is_optional:
            optional_seen += 1
            if optional_seen > keep:
                continue
        sentence = _pick(_informative(options, values), brief.seed >> i, _shift(i, len(slots), variant), values, wants)
        if sentence:
            body.append(sentence)
            opening += name in ("headline", "when", "opener", "first", "lead")
    for j in range(extras):
        sentence = _pick(extra_pool, brief.seed + j, variant, values, wants)
        if sentence and sentence not in body:
            body.insert(max(len(body) - 1, 1), sentence)
    # What the task states comes right after the opening (a headline and its when, a greeting's first lines).
    body[opening:opening] = [s for s in statements if s not in body]
    return body


def summary_lead(brief: Brief, wants: Wants) -> str:
    """The opening sentence of a summary."""
    values = values_for(brief, wants)
    frame = pb.summary_frame(brief.subject)
    table = pb.SUMMARY_FRAMES[frame[0]] if frame else pb.SUMMARY
    return _pick(table["lead"], brief.seed, 0, values, wants) or ""


def _source_summary(brief: Brief, n: int) -> list[str]:
    """The first sentences of a quoted text: a lead summary, as a person skimming would write it."""
    return t.sentences_of(brief.source)[: max(n, 1)]


def _list_doc(brief: Brief, wants: Wants, variant: int, values: dict[str, str], n: int, intro_line: bool) -> Doc:
    """An intro line (when `intro_line`) and n bullets; words the rubric asks for take the last bullets, and
    a question or a call to action follows the list."""
    category = brief.details.get("category", "tips")
    items_pool = pb.LIST_ITEMS[category]
    count = n
    infinitive = values["subject"].lower().startswith("to ")  # "Three reasons to learn Python:"
    clause = infinitive or (category == "reasons" and is_clause(values["subject"]))
    intro = _pick(
        pb.LIST_INTROS_TO if infinitive else pb.LIST_INTROS_CLAUSE if clause else pb.LIST_INTROS,
        brief.seed,
        0,
        {**values, "count": _COUNT_WORDS.get(count, str(count)), "category": category},
        wants,
    )
    # The first item names the subject (or, for a list meant for a group of people, speaks to them); the rest
    # rotate by the seed.
    rest = items_pool[1:]
    start = brief.seed % len(rest)
    first = pb.LIST_AUDIENCE_FIRST.get(category) if is_people(values["subject"]) else None
    # After a clause intro ("Three reasons why remote workers should take breaks:") the items need not name it.
    head_item = [] if clause else [s for s in [fill(first or items_pool[0], values)] if s]
    order = head_item + [rest[(start + k) % len(rest)] for k in range(len(rest))]
    order = [i for i in order if allowed(i, wants)]
    # Variant k swaps item (k-1) % n for the next unused one.
    items = order[:count]
    spare = order[count:]
    for k in range(variant):
        if not spare or len(items) < 2:
            break  # a one-item list keeps its item: the first names the subject
        slot = 1 + k % max(len(items) - 1, 1)
        spare.append(items[slot])
        items[slot] = spare.pop(0)
    facts = facts_of(brief)
    asked = ask("\n".join([intro or "", *items]), brief, facts, values, wants)
    # Each sentence for a required word takes the place of one of the last items; the first item stays. What
    # else the rubric asks for is then read from the list as it stands (a replaced item may have been the call
    # to action).
    woven = asked.body[: max(len(items) - 1, 1)]
    if woven:
        items[len(items) - len(woven) :] = woven
        asked = ask("\n".join([intro or "", *items]), brief, facts, values, wants)
    head = [intro] if intro and intro_line else []
    after = asked.start + [s for s in asked.body if s not in items] + asked.close + asked.end
    doc = Doc(head=head, body=items, tail=[], bullets=True, after=after)
    return _frame(doc, asked, brief)


def _frame(doc: Doc, asked: Asked, brief: Brief) -> Doc:
    """The marks the rubric asks for around the text: a greeting, a sign-off, an exclamation, an emoji, a tag."""
    if asked.exclaim and doc.body:
        target = 0 if not doc.bullets else len(doc.body) - 1
        doc.body[target] = re.sub(r"[.?]?$", "!", doc.body[target], count=1)
    if asked.emoji and doc.body:
        doc.body[0] = f"{doc.body[0]} {asked.emoji}"
    if asked.greeting and brief.kind != "email":
        doc.head.insert(0, "Hello everyone,")
    doc.tag = asked.hashtag
    if asked.sign_off and brief.kind != "email":
        doc.tail.append("Best wishes,")
    doc.middle_bullets = asked.bullets
    return doc


def _doc(brief: Brief, wants: Wants, variant: int, extras: int, keep: int, framing: bool) -> Doc:
    values = values_for(brief, wants)
    if brief.kind == "list":
        n = brief.count or {"short": 3, "normal": 5, "long": 7}[brief.size]
        return _list_doc(brief, wants, variant, values, max(1, n + extras - (_OPTIONAL - keep)), framing)
    if brief.kind == "summary" and brief.source:
        body = _source_summary(brief, 1 + extras + keep)
    else:
        body = _body(brief, wants, variant, values, extras, keep)
    head: list[str] = []
    tail: list[str] = []
    asked = ask("\n".join(body), brief, facts_of(brief), values, wants)
    # Sentences for the rubric go before the closing sentence, so the draft still ends on its close; what must
    # come first or last goes there.
    close = body[-1:] if len(body) >= 2 else []
    body = asked.start + body[: len(body) - len(close)] + asked.body + asked.close + close + asked.end
    if brief.kind == "email":
        named = values["audience"][:1].isupper()
        greeting = _pick(pb.EMAIL_GREETINGS_NAMED if named else pb.EMAIL_GREETINGS, brief.seed, 0, values, wants)
        if greeting is None:  # the audience is a word the rubric forbids ("Does not mention team")
            greeting = _pick(pb.EMAIL_GREETINGS, brief.seed, 0, {**values, "audience": "everyone"}, wants)
        signoff = _pick(pb.EMAIL_SIGNOFFS, brief.seed >> 2, 0, values, wants)
        # A greeting the rubric asks for must be the first line: the subject line goes.
        if framing and not (asked.greeting and greeting):
            line = fill(pb.EMAIL_SUBJECTS[brief.details.get("purpose", "update")], values)
            head += ["Subject: " + capital(line)] if line else []
        head += [greeting] if greeting else []
        # The sender signs only when the task names them: a made-up name would be a made-up fact.
        tail = [line for line in (signoff, values["sender"]) if line]
    doc = Doc(head=head, body=body, tail=tail)
    return _frame(doc, asked, brief)


def _misfit(text: str, wants: Wants) -> int:
    """How far the text is from the counts the rubric asks for (0: it fits): sentences and lines weigh as
    much as a few words."""
    out = 0
    for want, count, weight in (
        (wants.words, len(t.words_of(text)), 1),
        (wants.sentences, len(t.sentences_of(text)), 8),
        (wants.lines, len(t.lines_of(text)), 8),
    ):
        if want is not None:
            lo, hi = want
            out += weight * (max(0, (lo or 0) - count) + max(0, count - hi if hi is not None else 0))
    return out


_OPTIONAL = 3
"""The most optional slots any kind's template has (the others are the sentences a draft of that kind needs)."""


def _shapes() -> list[tuple[int, int, bool, bool, bool]]:
    """(extra sentences, optional slots kept, email subject line, one-line sign-off, a sentence a line), the
    default shape first, then shorter ones, then longer ones, then the same laid out a sentence a line."""
    out = []
    for split in (False, True):
        for framing, one_line in ((True, False), (False, True)):
            out += [(0, keep, framing, one_line, split) for keep in range(_OPTIONAL, -1, -1)]
            out += [(extras, _OPTIONAL, framing, one_line, split) for extras in (1, 2, 3)]
    return out


_SHAPES = _shapes()


def compose(brief: Brief, wants: Wants, variant: int) -> str:
    """An announcement, email, summary or list meeting the counts the rubric asks for, when any shape does;
    else the shape that comes closest."""
    best, best_misfit = "", -1
    shapes = _SHAPES
    if brief.kind == "list" and brief.count:
        # "Five tips" in "exactly five lines": the five tips without their intro line, not four tips under it.
        shapes = sorted(_SHAPES, key=lambda shape: not (shape[0] == 0 and shape[1] == _OPTIONAL))
    for extras, keep, framing, one_line_tail, split in shapes:
        doc = _doc(brief, wants, variant, extras, keep, framing)
        text = doc.render(one_line_tail=one_line_tail, split_body=split)
        misfit = _misfit(text, wants)
        if misfit == 0:
            return text
        if best_misfit < 0 or misfit < best_misfit:
            best, best_misfit = text, misfit
    return best
