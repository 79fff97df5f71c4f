"""The clause that opens a task: what kind of text it asks for, about what, for whom; and what the genre itself
implies (a haiku's three lines of 5-7-5, a limerick's five lines, an email's greeting and sign-off).

The opening is kept as one line in the author's words ("Is an email to our customer Priya O'Neill apologising that
order #48213 shipped late"), its subject as "Is about ..." when it names one, and a bound inside it ("a 150-200 word
abstract") as a bound. A task that is only a subject ("tidal locking") gets "Is about tidal locking" and nothing
invented: no length, no form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.assistant.bound_rules import bound_proposal
from rubric_core.assistant.clause_rules import Context, generic
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.task_clauses import Clause
from rubric_core.assistant.task_facts import literals
from rubric_core.assistant.verbs import is_verb
from rubric_core.assistant.wording import capital

_WRITE = re.compile(
    r"^(?:please\s+)?(?:(?:can|could) you\s+)?(?:(?:write|draft|create|compose|give|generate|produce|output|return|"
    r"suggest|make|prepare|put together|come up with|provide|i need|we need|i want|need)\s+(?:me\s+|us\s+)?)",
    re.IGNORECASE,
)
GENRE = re.compile(
    r"\b(e-?mail|letter|post|tweet|thread|caption|description|blurb|job (?:post|ad|listing)|ad|advert|bio|biography|"
    r"release notes|faq|notice|agenda|instructions|steps|changelog|error message|message|sms|note|memo|outline|"
    r"abstract|essay|article|haiku|limerick|sonnet|poem|acrostic|story|toast|speech|dialogue|titles?|"
    r"subject lines?|card|list|reply|response|review|recipe|function|script|regex|regular expression|docstring|"
    r"page|query|sql|table|package\.json|object|array|workflow|csv|commit message|pitch|intro(?:duction)?|"
    r"newsletter|announcement|invitation|reminder|summary|translation|explanation|tests?|headline|tagline|slogan|"
    r"plan|report|proposal|entry|answer|quiz|lesson|script|checklist|guide|tutorial|template|menu|schedule|json|yaml|"
    r"html5?)\b",
    re.IGNORECASE,
)
_EMAIL = re.compile(r"\b(?:e-?mail|letter)\b", re.IGNORECASE)
_SOURCE = re.compile(r"^(?:summari[sz]e|translate|rewrite|paraphrase|proofread|shorten|simplify)\b", re.IGNORECASE)


@dataclass
class Lead:
    """What the opening clause asks for."""

    proposals: list[Proposal] = field(default_factory=list)
    genre: str = ""
    """The genre noun ("email", "haiku"), lower case, or empty."""
    email: bool = False


def _article(phrase: str) -> str:
    if re.match(
        r"(?i)(?:the|an?|this|these|my|our|your|some|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b", phrase
    ):
        return phrase
    if re.search(
        r"(?i)\b(?:notes|instructions|steps|titles|lines|facts|tests)\b", phrase.split(" for ")[0].split(" about ")[0]
    ):
        return phrase
    return ("an " if re.match(r"(?i)[aeiou]", phrase) and not re.match(r"(?i)u[sn]i|eu|one", phrase) else "a ") + phrase


def _fix_articles(text: str) -> str:
    text = re.sub(r"\b([Aa]) (?=[aeiouAEIOU](?!n[ie]|s[eu]))", r"\1n ", text)
    return re.sub(r"\b([Aa])n (?=[^aeiouAEIOU\W])", r"\1 ", text)


def _source_quote(text: str, clause: Clause) -> str:
    """A long quoted passage the task hands over to work on (after "Summarize this:"), not a phrase to repeat."""
    for q in clause.quotes:
        if len(q.text.split()) >= 8 and re.search(rf":\s*[\"“'‘]?{re.escape(q.text[:20])}", text):
            return q.text
    return ""


_ADVERB = re.compile(r"^(?:politely|kindly|briefly|gently|warmly|clearly|firmly|concisely|quickly)\s+", re.I)
_OBJECT = re.compile(
    r"^(?:the|a|an|this|that|these|my|our|your|their|his|her|its|to|for|me|us|them|it|all|each|every|why|how|what|"
    r"when|in|on|at|one|two|three|four|five|six|seven|eight|nine|ten|[\d\"“'‘`]|[A-Z])"
)
_RELATIVE = re.compile(
    r"\s+that\s+(?=(?:includes?|contains?|uses?|mentions?|says?|ends?|starts?|begins?|opens?|has|have|returns?|"
    r"lowercases?|replaces?|strips?|matches?|runs?|backs? up|accepts?|takes?|gives?|lists?|explains?|shows?|sorts?|"
    r"filters?|validates?|prints?|reads?|writes?|counts?|checks?|converts?|parses?|handles?|computes?|calculates?)\b)"
)


def _lower_first(phrase: str, keep: list[str]) -> str:
    first = phrase.split()[0] if phrase.split() else ""
    if (
        not first
        or any(k.startswith(first) for k in keep)
        or any(ch.isupper() for ch in first[1:])
        or not first[:1].isupper()
    ):
        return phrase
    return phrase[:1].lower() + phrase[1:]


def _split_relative(phrase: str, genre: re.Match[str] | None) -> tuple[str, list[str]]:
    """ "a Python function `slugify` that lowercases the title" -> ("a Python function `slugify`", ["lowercases the
    title"]): what the thing must do, said right after the genre noun, is a demand of its own."""
    if genre is None:
        return phrase, []
    after = genre.end()
    m = None
    cut = after
    for extra in range(3):
        near = re.match(
            rf"^(?:s)?(?:\s+[\w.-]+){{{extra}}}(?:\s+(?:`[^`]*`|\"[^\"]*\"|“[^”]*”|"
            r"(?:titled|called|named)\s+(?:\"[^\"]*\"|“[^”]*”|'[^']*'|\S+)))*",
            phrase[after:],
        )
        if near is None:
            break
        cut = after + near.end()
        m = _RELATIVE.match(phrase[cut:]) or re.match(r"\s+with\s+", phrase[cut:])
        if m:
            break
    comma_with = re.search(r",\s+with\s+", phrase)
    if m:
        return phrase[:cut].strip(), [phrase[cut + m.end() :].strip()] if "with" not in m.group(0) else [
            f"has {phrase[cut + m.end() :].strip()}"
        ]
    if comma_with:
        return phrase[: comma_with.start()].strip(), [f"has {phrase[comma_with.end() :].strip()}"]
    return phrase, []


def propose_lead(clause: Clause, ctx: Context) -> Lead:
    from rubric_core.assistant.clause_rules import propose_clause
    from rubric_core.assistant.task_facts import names

    text = clause.text.strip().rstrip(".;")
    lead = Lead()
    out = lead.proposals
    source = _source_quote(text, clause)
    working = text
    if source:
        working = re.sub(r":\s*[\"“'‘]?" + re.escape(source) + r"[\"”'’]?", "", working).strip()
    bound = bound_proposal(working, items=ctx.items)
    if bound is not None:
        out.append(bound)
        if bound.role == "length":
            working = _fix_articles(re.sub(r"\s+", " ", _drop_bound(working, bound.source))).strip()
    m = _WRITE.match(working)
    phrase = working[m.end() :] if m else working
    unadorned = _ADVERB.sub("", phrase)
    words = unadorned.split()
    if not m and len(words) > 1 and is_verb(words[0]) and _OBJECT.match(words[1]):
        # "Politely decline Jordan's invite", "Respond to a review", "Describe the Eiffel Tower"
        out += generic(phrase)
        if source:
            out.append(_faithful(source))
        return lead
    genre = GENRE.search(phrase)
    lead.genre = genre.group(1).lower() if genre else ""
    lead.email = lead.genre in ("email", "e-mail", "letter")
    if source:
        out.append(_faithful(source))
    keep = names(text, [q.text for q in clause.quotes])
    phrase = _lower_first(phrase.strip(), keep)
    if re.search(r"(?i)\bjson\b|package\.json", phrase):
        kind = re.search(r"(?i)json (object|array)", phrase)
        said = f"Is a JSON {kind.group(1).lower()}" if kind else "Is valid JSON"
        out.append(Proposal(said, f'The task asks for JSON ("{text}").', "format", source=text))
    phrase, demands = _split_relative(phrase, genre)
    about = re.search(r"\s+about\s+(.+)$", phrase)
    before_about = phrase[: about.start()] if about else ""
    if (
        about
        and genre
        and "," not in before_about
        and not re.search(r"\b(?:that|who|which|complain\w*)\b", before_about)
    ):
        topic = about.group(1).strip()
        out.append(Proposal(f"Is about {topic}", f'The subject the task gives ("{text}").', "subject", source=text))
        phrase = before_about.strip()
    elif not genre:
        from rubric_core.assistant.task_facts import GENRE_NAMES

        if phrase.strip().lower() in GENRE_NAMES:
            out.append(
                Proposal(f"Uses {phrase.strip()}", f'The task names the language ("{text}").', "format", source=text)
            )
        else:
            out.append(
                Proposal(
                    f"Is about {phrase.strip()}",
                    "The task names a subject: nothing else is invented.",
                    "subject",
                    source=text,
                )
            )
        phrase = ""
    if re.fullmatch(r"(?i)\S+ only", phrase.strip()) and genre:
        phrase = ""  # "JSON only": said by the format line
    plain = re.fullmatch(
        r"(?i)(?:an?\s+|the\s+)?(?:short\s+|brief\s+|new\s+|simple\s+|minimal\s+)*"
        + (re.escape(lead.genre) if lead.genre else "x")
        + r"s?",
        phrase.strip(),
    )
    if phrase.strip() and not plain:
        plural = re.match(r"(?i)(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b", phrase) or re.search(
            r"(?i)\b(?:notes|instructions|steps|titles|lines|facts|tests|ideas|tips)\b", phrase.split(" for ")[0]
        )
        said = f"Gives {phrase.strip()}" if plural else _fix_articles(f"Is {_article(phrase.strip())}")
        out.append(Proposal(said, f'What the task asks for ("{text}").', "subject", source=text))
    for demand in demands:
        out += propose_clause(Clause(demand, quotes=clause.quotes), ctx)
    return lead


def _drop_bound(text: str, said: str) -> str:
    """The lead without the bound it states ("a 150-200 word abstract" -> "an abstract")."""
    from rubric_core.assistant.bound_rules import find_bound

    b = find_bound(text)
    if b is None:
        return text
    if b.unit in ("word", "character", "sentence", "paragraph", "line"):
        return text[: b.span[0]] + " " + text[b.span[1] :]
    return text


def _faithful(source: str) -> Proposal:
    facts = literals(source) + re.findall(r"\b\d+\s?[–-]\s?\d+\b", source)
    figures = f" and keeps its figures ({', '.join(dict.fromkeys(facts))}) as given" if facts else ""
    return Proposal(
        f"Is faithful to the text given: adds nothing{figures}",
        "The task hands over a text to work on: the answer keeps to it (its words are not a phrase to repeat).",
        "quality",
    )


_FORMS: dict[str, list[tuple[str, str]]] = {
    "haiku": [
        ("Exactly 3 lines", "A haiku has three lines."),
        ("Follows a 5-7-5 syllable pattern", "A haiku's lines have 5, 7 and 5 syllables."),
    ],
    "limerick": [("Exactly 5 lines", "A limerick has five lines."), ("Rhymes AABBA", "A limerick rhymes AABBA.")],
    "sonnet": [
        ("Exactly 14 lines", "A sonnet has fourteen lines."),
        ("Follows a sonnet rhyme scheme (Shakespearean or Petrarchan)", "A sonnet rhymes in one of its schemes."),
        ("Is in iambic pentameter", "A sonnet's lines are iambic pentameter."),
    ],
}


def genre_forms(task: str, lead: Lead, stated: list[Proposal]) -> list[Proposal]:
    """What the genre implies and the task does not state otherwise (a stated line count wins)."""
    out: list[Proposal] = []
    has_lines = any(re.search(r"\blines?\b", p.text) and p.role in ("length", "count") for p in stated)
    low = task.lower()
    for form, lines in _FORMS.items():
        if re.search(rf"\b{form}s?\b", low):
            for text, reason in lines:
                if has_lines and "lines" in text:
                    continue
                out.append(Proposal(text, f"{reason} (Implied by the genre: edit or remove it.)", "form", implied=True))
    m = re.search(
        r"\bacrostic(?: poem)? (?:for|of|on|spelling) (?:the word |the name )?[\"“']?([A-Za-z]{2,12})\b", task, re.I
    )
    if m and not has_lines:
        word = m.group(1).upper()
        letters = ", ".join(word[:-1]) + f" and {word[-1]}"
        out.append(
            Proposal(
                f"Exactly {len(word)} lines",
                f"An acrostic of {word} has a line per letter. (Implied by the genre.)",
                "form",
                implied=True,
            )
        )
        out.append(
            Proposal(
                f"The lines start with {letters}, in that order",
                f"An acrostic spells {word}. (Implied by the genre.)",
                "form",
                implied=True,
            )
        )
    if lead.email:
        if not any(p.role == "start" for p in stated):
            out.append(
                Proposal(
                    "Starts with a greeting",
                    "An email opens with a greeting. (Implied by the genre: remove it if not wanted.)",
                    "start",
                    place="greeting",
                    implied=True,
                )
            )
        if not any(p.role == "end" and p.place in ("phrase", "signoff") for p in stated):
            out.append(
                Proposal(
                    "Ends with a sign-off",
                    "An email closes with a sign-off. (Implied by the genre: remove it if not wanted.)",
                    "end",
                    place="signoff",
                    implied=True,
                )
            )
    return out


def capitalised(text: str) -> str:
    return capital(text)
