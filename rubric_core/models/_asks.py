"""Writing toward what the grader asks for, the way a writer would, from what the task states.

A criterion the offline grader checks by a finder (a price, a call to action, a question, a date, a link)
gets a sentence that is one: "Order yours today for $49." only when the task gives $49, "Join us on
Saturday at noon." only when it gives the day. A kind of content the task gives no material for is left
out: the draft says nothing false, and the grader's verdict stays honest. A required word or phrase goes
inside a sentence about the task's subject, one or two to a sentence, never a list of rubric words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.checks import patterns as p
from rubric_core.checks import text as t
from rubric_core.checks.contents import literal_at
from rubric_core.checks.mentions import _LITERAL_CHARS
from rubric_core.models import _ask_bank as ab
from rubric_core.models._facts import Facts
from rubric_core.models._task import Brief
from rubric_core.models._verse import _noun_phrase, allowed
from rubric_core.models._wants import Wants

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")

EMOJI = {"announcement": "🎉", "email": "🙂", "list": "✨", "summary": "💡", "prose": "✨"}


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def fill(template: str, values: dict[str, str]) -> str | None:
    """The template with its placeholders filled ("{Subject}" capitalised), or None when one has no value (the
    task did not give it)."""
    unfilled = False

    def value_of(m: re.Match[str]) -> str:
        nonlocal unfilled
        key = m.group(1)
        value = values.get(key)
        if value is None and key[:1].isupper():
            value = capital(values.get(key[:1].lower() + key[1:], ""))
        if not value:
            unfilled = True
            return m.group(0)
        return value

    out = _PLACEHOLDER.sub(value_of, template)
    return None if unfilled else out


def pick(options: tuple[str, ...], seed: int, values: dict[str, str], wants: Wants, avoid: set[str]) -> str | None:
    """The first option from `seed` on that the task can fill, the rubric allows, and the draft has not said."""
    for j in range(len(options)):
        text = fill(options[(seed + j) % len(options)], values)
        if text is not None and text not in avoid and allowed(text, wants):
            return text
    return None


def has_term(text: str, term: str) -> bool:
    """Whether the text names a required term the way the grader looks for it (a token as written)."""
    if _LITERAL_CHARS.search(term):
        return literal_at(text, term) is not None
    return t.check_contains(text, terms=[term]).passed


def bank_key(brief: Brief, facts: Facts) -> str:
    """Which sentences fit this text: an announcement's flavour, an email's purpose, a list's category..."""
    if brief.kind == "announcement":
        return facts.flavour
    if brief.kind == "email":
        return f"email:{brief.details.get('purpose', 'update')}"
    if brief.kind == "list":
        return f"list:{brief.details.get('category', 'tips')}"
    if brief.kind == "prose" and facts.flavour == "product":
        return "product"
    return brief.kind if brief.kind in ("summary", "prose") else "prose"


def _options(bank: dict[str, tuple[str, ...]], key: str, *fallbacks: str) -> list[tuple[str, ...]]:
    """The sentences for `key`, then its family's ("email:thanks" -> "email"), then the fallbacks', as lists
    tried in that order (a family's sentences are for when none of the key's own fits)."""
    out: list[tuple[str, ...]] = []
    for k in dict.fromkeys((key, key.split(":")[0], *fallbacks)):
        if bank.get(k):
            out.append(bank[k])
    return out


def pick_in(
    lists: list[tuple[str, ...]], seed: int, values: dict[str, str], wants: Wants, avoid: set[str], need: str = ""
) -> str | None:
    """The first sentence `pick` finds in the first list that has one; with `need`, only a sentence in which
    the grader's finder sees that kind of content."""
    for options in lists:
        for j in range(len(options)):
            text = fill(options[(seed + j) % len(options)], values)
            if text is None or text in avoid or not allowed(text, wants):
                continue
            if need and not p.find(need, text):
                continue
            return text
    return None


@dataclass
class Asked:
    """What the next draft adds for the rubric, and where."""

    start: list[str] = field(default_factory=list)
    """Sentences that must open the text ("Starts with a question")."""
    body: list[str] = field(default_factory=list)
    """Sentences for the middle of the text: required words, the price, a contact, a date."""
    close: list[str] = field(default_factory=list)
    """Sentences that round the text off, before its closing sentence: a question, a call to action, thanks."""
    end: list[str] = field(default_factory=list)
    """Sentences that must end the text ("Ends with a call to action")."""
    greeting: bool = False
    sign_off: bool = False
    exclaim: bool = False
    emoji: str = ""
    hashtag: str = ""
    bullets: bool = False

    def sentences(self) -> list[str]:
        return self.start + self.body + self.close + self.end


def term_groups(terms: list[str]) -> list[list[str]]:
    """Required terms two to a sentence (three in one read as a list of rubric words); a term asked for more
    than once gets sentences of its own."""
    groups: list[list[str]] = []
    for term in terms:
        if groups and len(groups[-1]) == 1 and groups[-1][0] != term and terms.count(term) == 1:
            groups[-1].append(term)
        else:
            groups.append([term])
    return groups


def _term_phrase(group: list[str]) -> str:
    return " and ".join(_noun_phrase(term) for term in group)


def term_count(text: str, term: str) -> int:
    """How many times the text names a term (a plural or -ed/-ing form counts, as the grader counts)."""
    if _LITERAL_CHARS.search(term):
        return len(re.findall(re.escape(term), text, re.IGNORECASE))
    words = r"\s+".join(re.escape(w) for w in term.split())
    return len(re.findall(rf"\b{words}(?:s|es|ed|ing)?\b", text, re.IGNORECASE))


def missing_terms(text: str, brief: Brief, wants: Wants) -> list[str]:
    """Required words and topics the text does not name yet (or not as often as asked), that a sentence can
    carry; a term asked for n times is listed once for each time it is still missing."""
    out: list[str] = []
    for term in wants.terms:
        if not allowed(term, wants):
            continue
        want = wants.counts.get(term, 1)
        have = term_count(text, term) if want > 1 else int(has_term(text, term))
        out += [term] * max(0, want - have)
    for topic in wants.topics:
        if not t.check_topic(text, topic=topic).passed and topic not in out:
            out.append(topic)
    return out


def has_kind(name: str, text: str, wants: Wants) -> bool:
    """Whether the text holds the kind as the grader looks for it: as many as asked, in a sentence naming the
    words it must be near."""
    hits = p.find(name, text)
    near = wants.near.get(name)
    if near:
        hits = [h for h in hits if all(has_term(h.sentence or text, w) for w in near)]
    return len(hits) >= wants.counts.get(name, 1)


def _special(term: str) -> str | None:
    """A required token that is itself a price, a link, an address or a figure: it gets that kind's sentence."""
    for name in ("price", "link", "email_address", "phone_number", "statistic"):
        found = p.find(name, term)
        if found and found[0].text.strip(" .") == term.strip(" ."):
            return name
    return None


def term_sentences(
    terms: list[str], brief: Brief, facts: Facts, values: dict[str, str], wants: Wants, avoid: set[str]
) -> list[str]:
    """One sentence for each one or two required terms, each from a different template."""
    key = bank_key(brief, facts)
    options = _options(ab.TERMS, key, "general" if brief.kind == "announcement" else "prose")
    out: list[str] = []
    plain = [term for term in terms if _special(term) is None]
    for k, group in enumerate(term_groups(plain)):
        said = avoid | set(out)
        sentence = pick_in(options, brief.seed + k, {**values, "term": _term_phrase(group)}, wants, said, "")
        if sentence is None and len(group) == 2:
            # Two terms no template takes together (a forbidden word in one): a sentence each.
            for term in group:
                one = pick_in(options, brief.seed + k, {**values, "term": _term_phrase([term])}, wants, said)
                if one:
                    out.append(one)
                    said = said | {one}
        elif sentence:
            out.append(sentence)
    for term in terms:
        kind = _special(term)
        if kind == "price":
            # A price only the rubric gives is said of a product; "The price is $49." in a summary of remote work
            # would be a claim about nothing the task is about.
            if facts.flavour == "product":
                out += [s for s in [pick(ab.PRICES, brief.seed, {**values, "price": term}, wants, avoid)] if s]
        elif kind == "statistic":
            out += [s for s in [pick(ab.FIGURES, brief.seed, {**values, "figure": term}, wants, avoid)] if s]
        elif kind is not None:
            field_name = {"link": "link", "email_address": "email", "phone_number": "phone"}[kind]
            bank = ab.CONTACTS[kind]
            out += [s for s in [pick(bank, brief.seed, {**values, field_name: term}, wants, avoid)] if s]
    return out


def _cta(brief: Brief, facts: Facts, values: dict[str, str], wants: Wants, avoid: set[str]) -> str | None:
    # The task's own words for what the reader should do come first ("Sign up at hikeclub.org.").
    for action in facts.actions:
        if action not in avoid and allowed(action, wants) and p.find("call_to_action", action):
            return action
    key = bank_key(brief, facts)
    options = _options(ab.CALLS_TO_ACTION, key, "general" if brief.kind == "announcement" else "email")
    # In order, not rotated: the first template the task can fill says the most it gives (the price, the link).
    return pick_in(options, 0, values, wants, avoid, "call_to_action")


def _question(brief: Brief, facts: Facts, values: dict[str, str], wants: Wants, avoid: set[str]) -> str | None:
    key = bank_key(brief, facts)
    frame = values.get("frame", "")
    lists = _options(ab.QUESTIONS, f"summary:{frame}") if brief.kind == "summary" and frame else []
    lists += _options(ab.QUESTIONS, key, "general")
    return pick_in(lists, brief.seed, values, wants, avoid, "question")


def hashtags(facts: Facts, values: dict[str, str]) -> list[str]:
    """Tags from the name the task gives, then from the subject's last words and its last word ("#BakeSale",
    "#Sale")."""
    out: list[str] = []
    subject = values.get("subject", "")
    for source in (re.sub(r"^the\s+", "", facts.name, flags=re.IGNORECASE), subject, *subject.split()):
        source = re.sub(r"['’]s\b", "", source)  # "our bakery's new loaf": "bakery", not "bakery" and "s"
        words = [
            w
            for w in re.findall(r"[A-Za-z0-9]+", source)
            if len(w) > 1
            and w.lower() not in {"the", "an", "our", "my", "your", "new", "of", "for", "to", "and", "in", "on", "with"}
        ]
        for tag in ("".join(capital(w) for w in words[-3:]), capital(words[-1]) if words else ""):
            if tag and tag[0].isalpha() and f"#{tag}" not in out:
                out.append(f"#{tag}")
    return out


_MORE_EMOJI = ("🎉", "✨", "🙂", "💡")


def ask(text: str, brief: Brief, facts: Facts, values: dict[str, str], wants: Wants) -> Asked:
    """What to add to `text` (the draft so far) for the kinds of content and the words the rubric asks for."""
    writer = _Asker(brief, facts, values, wants, Asked(), set(t.sentences_of(text)))
    terms = missing_terms(text, brief, wants)
    for sentence in term_sentences(terms, brief, facts, values, wants, writer.avoid):
        positioned = next((term for term in terms if wants.positions.get(term) and term in sentence), "")
        writer.add(sentence, writer.asked.body, positioned)
    for group in wants.patterns:
        for name in group:
            if name in wants.patterns_out:
                continue
            # The draft may have one already (the task's price restated, a date in the when); else one is
            # written, and more while fewer than asked for ("Includes two questions").
            for _ in range(wants.counts.get(name, 1)):
                if has_kind(name, writer.sofar(text), wants) or not writer.write(name):
                    break
            if has_kind(name, writer.sofar(text), wants):
                break
    return writer.asked


@dataclass
class _Asker:
    """Writes one kind of content at a time into `asked`, never a sentence already said."""

    brief: Brief
    facts: Facts
    values: dict[str, str]
    wants: Wants
    asked: Asked
    avoid: set[str]

    def add(self, sentence: str | None, where: list[str], name: str = "") -> bool:
        if not sentence or sentence in self.avoid:
            return False
        position = self.wants.positions.get(name, "any") if name else "any"
        asked = self.asked
        (asked.start if position == "start" else asked.end if position == "end" else where).append(sentence)
        self.avoid.add(sentence)
        return True

    def sofar(self, text: str) -> str:
        """The draft with what has been asked for so far."""
        return text + "\n" + "\n".join(self.asked.sentences())

    def pick(self, lists: list[tuple[str, ...]], need: str, **extra: str) -> str | None:
        near = self.wants.near.get(need, [])
        for options in lists:
            # A sentence that also names the words the kind must be near ("sign up"), else none of the bank's.
            sentence = pick_in([options], self.brief.seed, {**self.values, **extra}, self.wants, self.avoid, need)
            if sentence and all(has_term(sentence, w) for w in near):
                return sentence
        return self._near_sentence(need, near) if near else None

    def _near_sentence(self, name: str, near: list[str]) -> str | None:
        """A sentence of the kind built around the words the rubric wants near it: "Sign up today.", "We are
        sorry for the delay." (the rubric's own words, so nothing the task did not give)."""
        words = " ".join(near)
        first_person = "I am" if self.brief.kind == "email" else "We are"
        template = {
            "call_to_action": f"{words[:1].upper()}{words[1:]} today.",
            "apology": f"{first_person} sorry for the {words}.",
            "thanks": f"Thank you for your {words}.",
            "question": f"What do you think about the {words}?",
        }.get(name)
        if template and template not in self.avoid and allowed(template, self.wants) and p.find(name, template):
            return template
        return None

    def write(self, name: str) -> bool:
        """One kind of content, when the task gives what it needs; whether it was written."""
        brief, facts, asked = self.brief, self.facts, self.asked
        near = self.wants.near.get(name)
        if name == "call_to_action":
            cta = _cta(brief, facts, self.values, self.wants, self.avoid)
            if near and not (cta and all(has_term(cta, w) for w in near)):
                cta = self._near_sentence(name, near)
            return self.add(cta, asked.close, name)
        if name == "question":
            question = _question(brief, facts, self.values, self.wants, self.avoid)
            if near and not (question and all(has_term(question, w) for w in near)):
                question = self._near_sentence(name, near)
            return self.add(question, asked.close, name)
        if name == "price" and facts.prices:
            return self.add(self.pick([ab.PRICES], name, price=facts.prices[0]), asked.body, name)
        if name in ("statistic", "number") and facts.figures:
            return self.add(self.pick([ab.FIGURES], name, figure=facts.figures[0]), asked.body, name)
        if name in ("link", "email_address", "phone_number"):
            have = {"link": facts.links, "email_address": facts.emails, "phone_number": facts.phones}[name]
            if not have:
                return False
            field_name = {"link": "link", "email_address": "email", "phone_number": "phone"}[name]
            own = next((a for a in facts.actions if have[0] in a and a not in self.avoid), None)
            return self.add(own or self.pick([ab.CONTACTS[name]], name, **{field_name: have[0]}), asked.body, name)
        if name in ("date", "time"):
            return self.add(pick_in([ab.WHEN], 0, self.values, self.wants, self.avoid, name), asked.body, name)
        if name == "deadline":
            return self.add(self.pick([ab.DEADLINES], name), asked.body, name)
        if name in ("apology", "thanks"):
            bank = ab.APOLOGIES if name == "apology" else ab.THANKS
            return self.add(self.pick([*_options(bank, bank_key(brief, facts)), bank[""]], name), asked.close, name)
        return self._mark(name)

    def _mark(self, name: str) -> bool:
        """A mark around the text rather than a sentence in it: a greeting, a sign-off, an exclamation..."""
        asked, kind = self.asked, self.brief.kind
        if name == "greeting" and kind != "poem":
            asked.greeting = True
        elif name == "sign_off" and kind != "poem":
            asked.sign_off = True
        elif name == "exclamation":
            asked.exclaim = True
        elif name == "emoji":
            first = EMOJI.get(kind, "✨")
            asked.emoji = " ".join([first, *[e for e in _MORE_EMOJI if e != first]][: self.wants.counts.get(name, 1)])
        elif name == "hashtag":
            asked.hashtag = " ".join(hashtags(self.facts, self.values)[: self.wants.counts.get(name, 1)])
            return bool(asked.hashtag)
        elif name == "bullets" and kind not in ("list", "poem"):
            asked.bullets = True
        else:
            return False
        return True
