"""The clause that opens a task: what kind of text it asks for, about what, for whom; and what the genre itself
implies (a haiku's three lines of 5-7-5, a limerick's five lines, an email's greeting and sign-off).

The opening is kept as one line in the author's words ("Is an email to our customer Priya O'Neill apologising that
order #48213 shipped late"), its subject as "Is about ..." when it names one, and a bound inside it ("a 150-200 word
abstract") as a bound. A task that is only a subject ("tidal locking") gets "Is about tidal locking" and nothing
invented: no length, no form.
"""

from __future__ import annotations

import re

from rubric_core.assistant.bound_rules import bound_proposal
from rubric_core.assistant.genre_rules import GENRE, Lead, _faithful
from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.rule_base import QUALITY_WORDS, Context, generic
from rubric_core.assistant.task_clauses import Clause
from rubric_core.assistant.verbs import is_verb
from rubric_core.assistant.wording import capital

_WRITE = re.compile(
    r"^(?:please\s+)?(?:(?:can|could) you\s+)?(?:(?:write|draft|create|compose|give|generate|produce|output|return|"
    r"suggest|make|prepare|put together|come up with|provide|i need|we need|i want|need)\s+(?:me\s+|us\s+)?)",
    re.IGNORECASE,
)


def _article(phrase: str) -> str:
    if re.match(
        r"(?i)(?:the|an?|this|these|my|our|your|some|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b", phrase
    ):
        return phrase
    head = phrase.split(" for ")[0].split(" about ")[0].split(" of ")[0]
    if re.search(r"(?i)^(?:\S+ ){0,2}(?:notes|instructions|steps|titles|lines|facts|tests)\b", head):
        return phrase
    return ("an " if re.match(r"(?i)[aeiou]", phrase) and not re.match(r"(?i)u[sn]i|eu|one", phrase) else "a ") + phrase


def _fix_articles(text: str) -> str:
    """ "a abstract" -> "an abstract" after a bound is taken out (not "an UX", "an user", "an one")."""
    text = re.sub(r"\b([Aa]) (?=[aeio]|u(?![sn]i|[a-z]?e)(?=[a-z]))(?!one\b|eu)", r"\1n ", text)
    return re.sub(r"\b([Aa])n (?=[b-df-hj-np-tv-z])", r"\1 ", text)


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
    for extra in range(5):
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


def _demands(demands: list[str], clause: Clause, ctx: Context) -> list[Proposal]:
    """What the thing must do or have, said after its genre noun: each by the clause rules; a verb they do not know
    ("checks whether a string is a palindrome") is said as written."""
    from rubric_core.assistant.clause_rules import propose_clause

    out: list[Proposal] = []
    for demand in demands:
        got = propose_clause(Clause(demand, quotes=clause.quotes), ctx)
        if got and all(p.fallback for p in got) and re.match(r"[a-z]+s\b", demand):
            got = [
                Proposal(capital(demand), f'The task asks for it ("{clause.text.strip()}").', "other", source=demand)
            ]
        out += got
    return out


def _function(phrase: str, task: str) -> Proposal | None:
    """ "a Python function `slugify(title: str) -> str`": the offline grader checks that it is defined."""
    kind = re.search(r"(?i)\b(function|class)\b", phrase)
    if not kind or re.search(r"(?i)\b(?:javascript|typescript|rust|go|java|ruby|php|c\+\+|c#|bash|js)\b", task):
        return None
    what = kind.group(1).lower()
    name = re.search(r"`(?:def\s+|class\s+)?([A-Za-z_]\w*)\s*[(`]", phrase) or re.search(
        rf"(?i)\b{what} (?:called |named )?`?([A-Za-z_]\w*)`?\s*\(", phrase
    )
    text = f"Defines a {what} {name.group(1)}" if name else f"Defines a {what}"
    return Proposal(
        text, "The task asks for a function: the offline grader checks that it is defined.", "format", source=phrase
    )


_AS_FORMAT = re.compile(
    r"\s+(?:as|in)\s+(?:an?\s+)?(numbered list|numbered steps|bullet(?:ed)? list|bullet points|bullets|a table|table|"
    r"markdown|json|yaml|one paragraph|a single paragraph|two paragraphs|three paragraphs)\b",
    re.IGNORECASE,
)


def propose_lead(clause: Clause, ctx: Context) -> Lead:
    from rubric_core.assistant.part_rules import keys_rule
    from rubric_core.assistant.task_facts import GENRE_NAMES, names

    text = clause.text.strip().rstrip(".;?")
    lead = Lead(text=text)
    out = lead.proposals
    source = _source_quote(text, clause)
    working = text
    if source:
        working = re.sub(r":\s*[\"“'‘]?" + re.escape(source) + r"[\"”'’]?", "", working).strip()
    bound = bound_proposal(working, items=ctx.items)
    if bound is not None:
        out.append(bound)
        if bound.role == "length":
            working = _fix_articles(re.sub(r"\s+", " ", _drop_bound(working))).strip()
    fmt = _AS_FORMAT.search(working)
    demands: list[str] = []
    if fmt:
        demands.append(f"as {fmt.group(1)}")
        working = (working[: fmt.start()] + working[fmt.end() :]).strip()
    m = _WRITE.match(working)
    phrase = working[m.end() :] if m else working
    unadorned = _ADVERB.sub("", phrase)
    words = unadorned.split()
    if not m and len(words) > 1 and is_verb(words[0]) and _OBJECT.match(words[1]):
        # "Politely decline Jordan's invite", "Respond to a review", "Describe the Eiffel Tower"
        out += generic(phrase)
        if source:
            out.append(_faithful(source))
        out += _demands(demands, clause, ctx)
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
    function = _function(phrase, ctx.task)
    if function:
        out.append(function)
    phrase, more = _split_relative(phrase, genre)
    demands += more
    about = re.search(r"\s+about\s+(.+)$", phrase)
    before_about = phrase[: about.start()] if about else ""
    if (
        about
        and genre
        and "," not in before_about
        and not re.search(r"\b(?:that|who|which|complain\w*)\b", before_about)
    ):
        topic, tail = _topic_and_demands(about.group(1).strip())
        demands += tail
        out.append(Proposal(f"Is about {topic}", f'The subject the task gives ("{text}").', "subject", source=text))
        phrase = before_about.strip()
    elif not genre and m is not None and phrase.strip():
        pass  # "Write a bash one-liner ...": a kind of text the list does not name is still what to write
    elif not genre:
        if phrase.strip().lower() in GENRE_NAMES:
            out.append(
                Proposal(f"Uses {phrase.strip()}", f'The task names the language ("{text}").', "format", source=text)
            )
        else:
            topic, tail = _topic_and_demands(phrase.strip())
            demands += tail
            out.append(
                Proposal(
                    f"Is about {topic}", "The task names a subject: nothing else is invented.", "subject", source=text
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
    head = phrase.split(" about ")[0].split(" for ")[0]
    for word in re.findall(r"[a-z][\w-]*", head.lower()):
        if word in QUALITY_WORDS:
            out.append(Proposal(f"Is {word}", f'A quality the task asks for ("{text}").', "quality", term=word))
    if phrase.strip() and not plain:
        plural = re.match(r"(?i)(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\b", phrase) or (
            lead.genre.endswith("s") and lead.genre not in ("sms", "news")
        )
        said = f"Gives {phrase.strip()}" if plural else _fix_articles(f"Is {_article(phrase.strip())}")
        out.append(Proposal(said, f'What the task asks for ("{text}").', "subject", source=text))
        out += keys_rule(phrase, ctx) or []
    out += _demands(demands, clause, ctx)
    return lead


_TOPIC_DEMAND = re.compile(
    r"\s+(?:that|which)\s+(?=(?:doesn'?t|does not|don'?t|never|must not|mentions?|includes?|uses?|avoids?|ends?|"
    r"starts?|rhymes?|has no|uses no)\b)|,?\s+(?=(?:without|with no)\b)",
    re.IGNORECASE,
)


def _topic_and_demands(topic: str) -> tuple[str, list[str]]:
    """ "the sea that doesn't mention the word blue" -> ("the sea", ["doesn't mention the word blue"]): a relative
    clause that asks something of the text is a demand, not part of the subject."""
    parts = _TOPIC_DEMAND.split(topic)
    return parts[0].strip(), [p.strip() for p in parts[1:] if p.strip()]


def _drop_bound(text: str) -> str:
    """The lead without the length it states ("a 150-200 word abstract" -> "an abstract", "in exactly three
    sentences" and "(at least 150 words)" gone whole)."""
    from rubric_core.assistant.bound_rules import find_bound

    b = find_bound(text)
    if b is None or b.unit not in ("word", "character", "sentence", "paragraph", "line"):
        return text
    before = re.sub(r"(?i)\s*\b(?:in|within|to|of|under|with)\s*$", "", text[: b.span[0]])
    dropped = before + " " + text[b.span[1] :]
    return re.sub(r"\(\s*\)", "", dropped)
