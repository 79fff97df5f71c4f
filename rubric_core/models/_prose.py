"""Announcements, emails, summaries and lists from sentence templates.

A draft is a few slots (headline, when and where, body, call to action...),
each filled with one of its template sentences chosen by a hash of the task;
a variant moves one slot to its next sentence. Counts the rubric asks for are
met by trying a few shapes (how many optional sentences, whether the email
keeps its subject line) and keeping the first one the grader's own checks pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.checks import text as t
from rubric_core.models import _prose_bank as pb
from rubric_core.models._task import Brief
from rubric_core.models._verse import _noun_phrase, allowed
from rubric_core.models._wants import Wants

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

    def render(self, one_line_tail: bool = False, split_body: bool = False) -> str:
        blocks = ["\n".join(self.head)] if self.head else []
        if self.bullets:
            blocks.append("\n".join(f"- {item}" for item in self.body))
        elif split_body:
            blocks.append("\n".join(self.body))
        else:
            blocks.append(" ".join(self.body))
        if self.tail:
            blocks.append(" ".join(self.tail) if one_line_tail else "\n".join(self.tail))
        return "\n\n".join(b for b in blocks if b)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def fill(template: str, values: dict[str, str]) -> str:
    out = template
    for key, value in values.items():
        out = out.replace("{" + key + "}", value).replace("{" + capital(key) + "}", capital(value))
    return out


def _pick(options: tuple[str, ...], seed: int, shift: int, values: dict[str, str], wants: Wants) -> str | None:
    """The option at seed + shift that the rubric allows (the next allowed one otherwise)."""
    for j in range(len(options)):
        text = fill(options[(seed + shift + j) % len(options)], values)
        if allowed(text, wants):
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
    """Whether a subject names a group of people ("new managers", "remote workers"): the list is for them."""
    return bool(_PEOPLE.search(subject.strip()))


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
    """Placeholder values: the task's own details, else plausible ones picked by the seed."""
    d = brief.details
    seed = brief.seed
    audience = d.get("audience", "")
    if not audience or audience.lower() in {"all", "everyone", "everybody"}:
        audience = "everyone"
    elif audience.lower() in {"team", "staff", "colleagues", "students", "parents", "neighbours", "neighbors"}:
        audience = audience.lower()
    elif audience[:1].islower():
        audience = "there"
    when = d.get("when", pb.DEFAULT_WHEN[seed % len(pb.DEFAULT_WHEN)])
    return {
        "subject": _subject_phrase(brief, wants),
        "when": when,
        # "on Friday at 3 pm", but "next week" and "tomorrow" take no "on".
        "on_when": when if _RELATIVE_WHEN.match(when) else f"on {when}",
        "where": d.get("where", pb.DEFAULT_WHERE[(seed >> 3) % len(pb.DEFAULT_WHERE)]),
        "deadline": d.get("deadline", pb.DEFAULT_DEADLINE[(seed >> 5) % len(pb.DEFAULT_DEADLINE)]),
        "audience": audience,
        "news": d.get("news", ""),
        "sender": d.get("sender") or _sender(seed, audience),
    }


def _sender(seed: int, audience: str) -> str:
    """A made-up sender, never the person written to ("Hello Maria, ... Kind regards, Maria")."""
    names = [name for name in pb.SENDERS if name.lower() != audience.lower()]
    return names[(seed >> 7) % len(names)]


def _shift(slot: int, n_slots: int, variant: int) -> int:
    # Variant k moves slot (k-1) % n on by one sentence (as the verse lanes do); after every slot has been
    # round all three of its sentences, a shear keeps the combinations new.
    cycle = 3 * max(n_slots, 1)
    return (variant + n_slots - 1 - slot) // max(n_slots, 1) + (variant // cycle) * slot


def _slots(brief: Brief) -> tuple[list[tuple[str, tuple[str, ...], bool]], tuple[str, ...]]:
    """(name, options, optional) of each body slot, and the extra sentences for a longer draft."""
    kind = brief.kind
    if kind == "announcement":
        table = pb.ANNOUNCE_EVENT if brief.details.get("event") else pb.ANNOUNCE_CHANGE
        news = brief.details.get("news") and table is pb.ANNOUNCE_CHANGE
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


def _term_sentences(brief: Brief, wants: Wants, text: str, values: dict[str, str]) -> list[str]:
    missing = [term for term in wants.terms if not t.check_contains(text, terms=[term]).passed]
    for topic in wants.topics:
        if not t.check_topic(text, topic=topic).passed:
            missing.append(topic)
    if not missing:
        return []
    phrase = " and ".join(_noun_phrase(m) for m in missing)
    reasons = brief.kind == "list" and brief.details.get("category") == "reasons"
    options = pb.TERM_SENTENCES["reasons" if reasons else brief.kind] if brief.kind in pb.TERM_SENTENCES else ()
    options = options or pb.TERM_SENTENCES["prose"]
    sentence = _pick(options, brief.seed, 0, {**values, "term": phrase}, wants)
    return [sentence] if sentence else []


def _body(brief: Brief, wants: Wants, variant: int, values: dict[str, str], extras: int, keep: int) -> list[str]:
    """The slots' sentences, keeping the first `keep` optional slots, plus `extras` extra sentences."""
    slots, extra_pool = _slots(brief)
    frame = pb.summary_frame(brief.subject) if brief.kind not in ("announcement", "email") else None
    if frame:
        values = {**values, "inner": frame[1]}
    body: list[str] = []
    optional_seen = 0
    for i, (_, options, is_optional) in enumerate(slots):
        if is_optional:
            optional_seen += 1
            if optional_seen > keep:
                continue
        sentence = _pick(options, brief.seed >> i, _shift(i, len(slots), variant), values, wants)
        if sentence:
            body.append(sentence)
    for j in range(extras):
        sentence = _pick(extra_pool, brief.seed + j, variant, values, wants)
        if sentence and sentence not in body:
            body.insert(max(len(body) - 1, 1), sentence)
    return body


def summary_lead(brief: Brief, wants: Wants) -> str:
    """The opening sentence of a summary."""
    values = values_for(brief, wants)
    frame = pb.summary_frame(brief.subject)
    if frame:
        return _pick(pb.SUMMARY_FRAMES[frame[0]]["lead"], brief.seed, 0, {**values, "inner": frame[1]}, wants) or ""
    return _pick(pb.SUMMARY["lead"], brief.seed, 0, values, wants) or ""


def _source_summary(brief: Brief, n: int) -> list[str]:
    """The first sentences of a quoted text: a lead summary, as a person skimming would write it."""
    return t.sentences_of(brief.source)[: max(n, 1)]


def _list_doc(brief: Brief, wants: Wants, variant: int, values: dict[str, str], n: int, intro_line: bool) -> Doc:
    """An intro line (when `intro_line`) and n bullets; a word the rubric asks for takes the last bullet."""
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
    head_item = [] if clause else [fill(first or items_pool[0], values)]
    order = head_item + [rest[(start + k) % len(rest)] for k in range(len(rest))]
    order = [i for i in order if allowed(i, wants)]
    # Variant k swaps item (k-1) % n for the next unused one.
    items = order[:count]
    spare = order[count:]
    for k in range(variant):
        if not spare:
            break
        slot = 1 + k % max(len(items) - 1, 1)
        spare.append(items[slot])
        items[slot] = spare.pop(0)
    terms = _term_sentences(brief, wants, " ".join([intro or "", *items]), values)
    if terms and items:
        items[-1] = terms[0]
    head = [intro] if intro and intro_line else []
    return Doc(head=head, body=items, tail=[], bullets=True)


def _doc(brief: Brief, wants: Wants, variant: int, extras: int, keep: int, framing: bool) -> Doc:
    values = values_for(brief, wants)
    if brief.kind == "list":
        n = brief.count or {"short": 3, "normal": 5, "long": 7}[brief.size]
        return _list_doc(brief, wants, variant, values, max(1, n + extras - (_OPTIONAL - keep)), framing)
    if brief.kind == "summary" and brief.source:
        body = _source_summary(brief, 1 + extras + keep)
    else:
        body = _body(brief, wants, variant, values, extras, keep)
    # A woven-in term goes before the closing sentence, so the draft still ends on its close.
    terms = _term_sentences(brief, wants, " ".join(body), values)
    if terms and len(body) >= 2:
        body[-1:-1] = terms
    else:
        body += terms
    head: list[str] = []
    tail: list[str] = []
    if brief.kind == "email":
        named = values["audience"][:1].isupper()
        greeting = _pick(pb.EMAIL_GREETINGS_NAMED if named else pb.EMAIL_GREETINGS, brief.seed, 0, values, wants)
        if greeting is None:  # the audience is a word the rubric forbids ("Does not mention team")
            greeting = _pick(pb.EMAIL_GREETINGS, brief.seed, 0, {**values, "audience": "everyone"}, wants)
        signoff = _pick(pb.EMAIL_SIGNOFFS, brief.seed >> 2, 0, values, wants)
        if framing:
            line = pb.EMAIL_SUBJECTS[brief.details.get("purpose", "update")]
            head.append("Subject: " + capital(fill(line, values)))
        head += [greeting] if greeting else []
        tail = [signoff, values["sender"]] if signoff else [values["sender"]]
    return Doc(head=head, body=body, tail=tail)


def _fits(text: str, wants: Wants) -> bool:
    checks = (
        (wants.words, t.check_word_count),
        (wants.sentences, t.check_sentence_count),
        (wants.lines, t.check_line_count),
    )
    for want, check in checks:
        if want is not None and not check(text, min=want[0], max=want[1]).passed:
            return False
    return True


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
    """An announcement, email, summary or list meeting the counts the rubric asks for, when any shape does."""
    first = ""
    shapes = _SHAPES
    if brief.kind == "list" and brief.count:
        # "Five tips" in "exactly five lines": the five tips without their intro line, not four tips under it.
        shapes = sorted(_SHAPES, key=lambda shape: not (shape[0] == 0 and shape[1] == _OPTIONAL))
    for extras, keep, framing, one_line_tail, split in shapes:
        doc = _doc(brief, wants, variant, extras, keep, framing)
        text = doc.render(one_line_tail=one_line_tail, split_body=split)
        first = first or text
        if _fits(text, wants):
            return text
    return first
