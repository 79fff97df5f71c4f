"""Read a task as the clauses a person wrote it in: one demand each, with its quoted phrases whole.

Quoted phrases ("…", “…”, «…», '…' used as quotes, `code`) and brackets are set aside before the task is cut, so
a comma, a full stop or a dash inside them never cuts it; an abbreviation ("Dr.", "e.g.", an initial) never ends a
sentence. A sentence is cut at commas, semicolons, "and", "but" and dashes only where a new demand starts (a verb
such as "mention", "keep", "don't", a bound such as "under 120 words", a ban such as "no emojis"); any other piece
goes back to the clause before it ("on Tuesday, 14 May"). A piece that only continues a list after "mention",
"include", "cover"... ("mention the wage, weekend shifts, and that no experience is needed") becomes a clause of
its own with that verb.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_Q0, _Q1 = "\ue000", "\ue001"
"""Placeholder marks around the index of a set-aside span (private-use characters, refused in no task)."""
_DOT = "\ue002"
_SPAN = re.compile(f"{_Q0}(\\d+){_Q1}")


@dataclass(frozen=True)
class Quote:
    """A quoted phrase of the task."""

    text: str
    mark: str
    """The opening mark: " “ « ' ‘ or ` (a code span)."""


@dataclass
class Clause:
    """One demand of the task, in the author's words."""

    text: str
    """The clause with its quotes and brackets restored."""
    verb: str = ""
    """The list verb it continues ("mention" for "weekend shifts" after "Mention the wage,"), else empty."""
    sentence: int = 0
    """Which sentence (or bullet line) of the task it comes from, from 0."""
    lead: bool = False
    """Whether it opens the task (the genre and the subject: "Write an email to Priya about ...")."""
    quotes: list[Quote] = field(default_factory=list)


@dataclass
class Reading:
    """A task cut into clauses, and what the reader could not settle."""

    clauses: list[Clause]
    quotes: list[Quote]
    warnings: list[str]


_ABBREVIATIONS = re.compile(
    r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Sr|Jr|vs|etc|approx|No|Inc|Ltd|Co|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\."
    r"|\b(?:e\.g|i\.e|a\.m|p\.m|U\.S|U\.K)\.|(?<=\b[A-Z])\.(?=\s+(?!(?:It|The|This|That|These|We|You|They|He|She|"
    r"I|A|An|Our|Your|Please|Keep|Use|Make|Write|Do|Don't|No|Include|Mention|Avoid|End|Start|Add|Give|Each|Every|"
    r"Under|Between|Only|Also|Then|Its)\b)[A-Z])"
)
LIST_VERBS = frozenset(
    "mention mentions include includes cover covers name names list lists use uses state states give gives feature "
    "features highlight highlights reference references cite cites avoid avoids has".split()
)
"""Verbs whose object may be a list ("mention A, B, and that C"); "has" stands for a colon's list of parts
("Agenda for the review: a bullet list, each item timed, and a Q&A item last")."""
_DIRECTIVE_WORDS = frozenset(
    """write draft keep mention include end start begin open close finish sign add use avoid don't dont do never no
    not none nothing make give list ask tell warn emphasise emphasize cover suggest explain describe offer respond
    reply thank apologise apologize invite return output translate summarise summarize format limit stay be put
    state highlight note remind say cite name address follow fit implement define accept exit run trigger create
    fetch select skip only each every at under between exactly max maximum min minimum fewer less more over up
    without must should please it its the one two three four five six seven eight nine ten numbered bullet
    avoid lowercase lowercases replace replaces strip strips return returns answer answers keep keeps call
    express expresses decline declines flag request propose thanks mentions includes uses ends starts opens closes
    signs""".split()
)
"""Words that can open a demand of their own. A piece opening with none of them continues the clause before it."""
_STARTERS = re.compile(
    r"^(?:(?:please|and|but|also|then|plus|or|so)\s+)*"
    r"(?:(?:with (?:an?|no|the|\d+|one|two|three|four|five)|must|should|has to|have to|needs? to|with no|don'?t|do not|never|no|not|avoid|without|nothing|none|make sure|be sure|remember|keep|mention|include|"
    r"end|start|begin|open|close|finish|sign(?: off)?|add|use|give|list|ask|tell|warn|emphasi[sz]e|cover|suggest|"
    r"explain|describe|offer|respond|reply|thank|apologi[sz]e|invite|return|output|translate|summari[sz]e|format|"
    r"limit|stay|be|put|state|highlight|note|remind|say|cite|name|address|follow|fit|implement|define|accept|exit|"
    r"run|trigger|create|fetch|select|skip|answer|call|express|decline|flag|request|propose|write|draft|provide|"
    r"show|hide|leave|only|each|every|none|at (?:least|most)|under|between|exactly|max(?:imum)?|min(?:imum)?|"
    r"fewer|less than|more than|up to|one|two|three|four|five|six|seven|eight|nine|ten|\d+|(?:it|they|the \w+(?: \w+)?) "
    r"(?:should|must|has to|have to|needs? to|may not|can't|cannot|shouldn't|mustn't)|happy|casual|formal|"
    r"friendly|polite|funny|warm|sincere|short|brief|numbered|bullet(?:ed)?|dialogue|dates|ingredients|serves?|"
    r"imperative|conventional|subject line|third-person|first-person|inline|minimal|modern|jsdoc|roman|no more|"
    r"plain|simple|concise|upbeat|professional|playful|rhyming|using|ending|starting|beginning|opening|closing|"
    r"including|mentioning|avoiding|keeping|written|addressed|signed|told|set in|in (?:the )?(?:first|second|third) "
    r"person|in (?:plain |simple |british |american )?(?:english|french|spanish|german|italian|portuguese|language|terms)|[a-z]+-(?:friendly|free|based|ready|proof|safe))\b)",
    re.IGNORECASE,
)


def _set_aside(text: str, spans: list[str], quotes: list[Quote], warnings: list[str]) -> str:
    """Replace quoted phrases, code spans and brackets with placeholders (their text kept in `spans`)."""

    def keep(kind: str, inner: str, whole: str) -> str:
        spans.append(whole)
        if kind:
            quotes.append(Quote(inner.replace(_DOT, "."), kind))
        return f"{_Q0}{len(spans) - 1}{_Q1}"

    text = re.sub(r"`([^`\n]+)`", lambda m: keep("`", m.group(1), m.group(0)), text)
    text = re.sub(r"“([^”\n]+)”", lambda m: keep("“", m.group(1), m.group(0)), text)
    text = re.sub(r"«\s*([^»\n]+?)\s*»", lambda m: keep("«", m.group(1), m.group(0)), text)
    text = re.sub(r'"([^"\n]+)"', lambda m: keep('"', m.group(1), m.group(0)), text)
    for mark in ('"', "“", "«"):
        at = text.find(mark)
        if at >= 0:
            rest = " ".join(text[at + 1 :].split())[:60]
            warnings.append(
                f"A quotation opens before {rest!r} and is never closed, so where the phrase ends is unclear: it is "
                "not drafted as a phrase. Close the quote to have it checked."
            )
            text = text[:at] + text[at + 1 :]
    # A single quote opens a phrase only after a space or a bracket (O'Neill, Nando's and don't are words).
    text = re.sub(
        r"(?:(?<=^)|(?<=[\s(\[:]))['‘]([^'‘’\n]*?[^\s'‘’])['’](?=[\s.,;:!?)\]]|$)",
        lambda m: keep("'", m.group(1), m.group(0)),
        text,
    )
    return re.sub(r"\(([^()\n]*)\)", lambda m: keep("", m.group(1), m.group(0)), text)


def restore(text: str, spans: list[str]) -> str:
    """The text with its set-aside spans put back (nested ones too)."""
    for _ in range(3):
        if _Q0 not in text:
            break
        text = _SPAN.sub(lambda m: spans[int(m.group(1))], text)
    return text.replace(_DOT, ".").replace(_AND, " and ")


def _sentences(text: str) -> list[str]:
    """Bullet lines and sentences, labels such as "Requirements:" dropped."""
    out: list[str] = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", line).strip()
        if not line:
            continue
        pieces = re.split(r"(?<=[.!?])\s+(?=[^\s\d,;a-z])|(?<=[.!?])\s+(?=\d)", line)
        split: list[str] = []
        for piece in pieces:
            # "...the word "synergy". do not mention the moon": a demand after a full stop, in lower case
            parts = re.split(r"(?<=[.!?])\s+(?=[a-z])", piece)
            for part in parts:
                if split and split[-1] and not is_directive(part) and part is not parts[0]:
                    split[-1] += " " + part
                else:
                    split.append(part)
        for sentence in split:
            sentence = sentence.strip()
            if sentence and not re.fullmatch(r"[\w\s'-]{0,30}:", sentence):
                out.append(re.sub(r"\s*:$", "", sentence))
    return out


_CUT = re.compile(r"(\s*;\s+|,\s+(?:(?:and|but|or)\s+)?|\s+(?:and|but)\s+|\s+[—–-]{1,2}\s+|\s+(?=without\b))")
_LIST_CUT = re.compile(r"(\s*;\s+|,\s+(?:(?:and|but|or)\s+)?|\s+[—–-]{1,2}\s+)")
"""A colon's list is cut at its commas only: "name and price only" is one part."""
_AND = "\ue003"
"""Stands for " and " inside "between 50 and 80", so the range is never cut."""


def is_directive(piece: str) -> bool:
    """Whether a piece of a sentence opens a demand of its own (a number only when it starts a bound: "3 to 5
    hashtags", not "14 May at 9:30 am")."""
    piece = piece.strip()
    if re.match(r"\d", piece):
        from rubric_core.assistant.bound_rules import find_bound

        bound = find_bound(piece)
        return bound is not None and bound.span[0] == 0
    if re.match(
        r"(?i)(?:name|list|note|state|order|test|sign|run|call|address|format|limit|fit|answer|return|end|start|close|open)s?(?:\s+(?:and|or|only)\b|$)",
        piece,
    ):
        return False  # a noun here: "name and price only"
    if _STARTERS.match(piece):
        return True
    from rubric_core.assistant.verbs import VERBS

    first = re.match(r"[a-z]+", piece)  # an imperative in lower case: "confirm the refund", "tag no one"
    return first is not None and first.group(0) in VERBS and len(piece.split()) > 1


def _head(clause: str) -> str:
    words = re.sub(
        r"^(?:(?:please|and|also|then|make sure to|be sure to|don't forget to|must|should|has to|needs to|it should|"
        r"it must)\s+)+",
        "",
        clause.lower(),
    )
    first = words.split()[:1]
    return first[0] if first else ""


def read_clauses(task: str) -> Reading:
    """The task's clauses, in order."""
    spans: list[str] = []
    quotes: list[Quote] = []
    warnings: list[str] = []
    from rubric_core.assistant.brief_fields import rewrite_fields

    task = rewrite_fields(task.replace("\u00a0", " "))
    text = _ABBREVIATIONS.sub(lambda m: m.group(0).replace(".", _DOT), task)
    text = re.sub(r"(?<=\d)\.(?=\d)", _DOT, text)
    text = _set_aside(text, spans, quotes, warnings)
    text = re.sub(r"(?i)\b(between \S+) and (?=\S)", lambda m: m.group(1) + _AND, text)
    clauses: list[Clause] = []
    for n, sentence in enumerate(_sentences(text)):
        head, colon, tail = sentence.partition(": ")
        listed = bool(colon) and not tail.startswith(_Q0) and ", " in tail and not is_directive(_CUT.split(tail)[0])
        list_verb = "has"
        if listed:
            # "Outline for an essay: intro, three body sections, and a conclusion": the parts it has; "List three
            # features: offline mode, custom themes": the things to mention
            if (_head(head) in LIST_VERBS and n > 0) or re.match(r"(?i)(?:list|mention|include|cover|name)\b", head):
                list_verb = "mention"
            clauses.append(Clause(head.strip(), sentence=n, lead=(n == 0 and not clauses)))
            sentence = tail
        elif colon and is_directive(_CUT.split(tail)[0]) and not tail.startswith(_Q0):
            # "PostgreSQL: create a table ...", "Release notes for v3.1: mention the dark mode, ..."; a label
            # ("Requirements: exactly 8 lines") says nothing itself
            if not re.fullmatch(
                r"(?i)(?:the )?(?:requirements?|constraints?|rules?|notes?|specs?|details?|format|must|please|"
                r"instructions?|criteria|conditions?|guidelines?|task|brief|prompt|request|goal|assignment)",
                head.strip(),
            ):
                clauses.append(Clause(head.strip(), sentence=n, lead=(n == 0 and not clauses)))
            sentence = tail
        parts = (_LIST_CUT if listed else _CUT).split(sentence)
        pieces = [(parts[i - 1] if i else "", parts[i]) for i in range(0, len(parts), 2)]
        current: list[Clause] = []
        for cut, piece in pieces:
            piece = piece.strip().rstrip(".")
            if not piece:
                continue
            if not current:
                if listed:
                    current.append(Clause(piece, verb=list_verb, sentence=n))
                else:
                    starts = n == 0 and not clauses
                    current.append(Clause(piece, sentence=n, lead=starts))
                continue
            prev = current[-1]
            verb = prev.verb or _head(prev.text)
            if re.match(r"(?i)(?:but\s+)?(?:never|not|did not|didn't|have not|haven't)\s+\w+ed\b", piece) and re.search(
                r"(?i)\b(?:who|that|which|whose|where)\b", prev.text
            ):
                # "users who signed up last month but never logged in": the data described, not a ban on the text
                prev.text = f"{prev.text}{cut if cut.strip() else ' '}{piece}"
                continue
            contrast = re.match(r"(?i)not\s+(?!only\b)(.+)$", piece)
            if contrast and is_directive(prev.text) and not prev.verb:
                # "Use a LEFT JOIN, not NOT IN": the same verb, ruled out for the other thing
                said = "be" if verb.lower() in ("write", "make", "compose", "draft", "create") else verb
                current.append(Clause(f"don't {said} {contrast.group(1)}", sentence=n))
                continue
            if is_directive(piece) and not (verb in LIST_VERBS and re.match(r"(?i)that\b", piece)):
                current.append(Clause(piece, sentence=n))
            elif listed or (verb in LIST_VERBS and not prev.lead):
                current.append(Clause(piece, verb=list_verb if listed else verb, sentence=n))
            else:
                prev.text = f"{prev.text}{cut if cut.strip() else ' '}{piece}"
        clauses.extend(current)
    for c in clauses:
        inner = [int(i) for i in _SPAN.findall(c.text)]
        c.text = restore(c.text, spans).strip()
        c.quotes = [q for q in quotes if any(q.text in spans[i].replace(_DOT, ".") for i in inner)]
    return Reading(clauses, quotes, warnings)
