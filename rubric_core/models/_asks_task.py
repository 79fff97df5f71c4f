"""What a task asks of the text's form, read from its instruction clauses: lengths, endings, openings, words and
marks to leave out, who signs, tone, format. Instruction clauses are never written into a draft."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.models._clauses import Clause
from rubric_core.models._data import load
from rubric_core.models._entities import NUMBER, number, quoted

Range = tuple[int | None, int | None]

_UNITS = {
    "word": "words",
    "sentence": "sentences",
    "line": "lines",
    "paragraph": "paragraphs",
    "tweet": "tweets",
    "character": "chars",
    "char": "chars",
    "bullet": "items",
    "bullet point": "items",
    "point": "items",
    "item": "items",
    "tip": "items",
    "step": "items",
    "idea": "items",
    "reason": "items",
    "way": "items",
    "second": "seconds",
    "minute": "minutes",
}
_UNIT = r"(?P<unit>words?|sentences?|lines?|paragraphs?|tweets?|characters?|chars?|bullet points?|bullets?|points?|items?|tips?|steps?|ideas?|reasons?|ways?|seconds?)"
_SCOPES = r"(?:(?:the |each |every |a |one )?(?P<scope>tweet|tip|headline|title|subject line|line|bullet|item|answer|paragraph|sentence|section|step)s?\s+)?"
_TONE = re.compile(
    r"^(?:(?:keep it|be|sound|make it|should be|tone)\s+)?(?:(?:very|super|really|a bit|slightly)\s+)?"
    r"(?:friendly|confident|professional|warm|sincere|funny|kind|casual|formal|upbeat|concise|clear|playful|witty|"
    r"serious|enthusiastic|empathetic|patient|festive|fun|polite|respectful|humble|genuine|light|lighthearted|"
    r"punchy|persuasive|informative|engaging|positive|calm|reassuring|direct|short|brief|simple|plain|crisp|"
    r"human|natural|heartfelt|grateful|excited|exciting|evocative|atmospheric|vivid|welcoming|inclusive|gentle)"
    r"(?:(?:,|\s+and|\s+but(?: not)?|\s+without being|\s+not)\s+(?:too\s+|overly\s+)?[a-z-]+)*(?:\s+tone)?$",
    re.IGNORECASE,
)
_STYLE_OBJECTS = frozenset(load("words.toml")["style_objects"]["list"].split())


@dataclass
class TaskAsks:
    """The form a task asks for."""

    limits: dict[str, Range] = field(default_factory=dict)
    """words, sentences, lines, paragraphs, tweets, chars, items: (min, max)."""
    scoped: dict[str, dict[str, Range]] = field(default_factory=dict)
    """Limits on one part: {"tweet": {"chars": (None, 199)}, "headline": {"words": (None, 6)}}."""
    avoid: list[str] = field(default_factory=list)
    """Words and phrases the text must not use."""
    marks_max: dict[str, int] = field(default_factory=dict)
    """hashtag, emoji, exclamation: how many at most (0: none)."""
    end: str = ""
    """question, cliffhanger, call_to_action, joke, or "" (free)."""
    start: list[str] = field(default_factory=list)
    """joke, thanks, greeting, question."""
    sign_name: str = ""
    sign_role: str = ""
    sign_org: str = ""
    tone: list[str] = field(default_factory=list)
    numbered: bool = False
    bullets: bool = False
    person: str = ""
    """first or "" (free)."""
    tense: str = ""
    metric: bool = False
    sections: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)
    """Parts the task names ("headline", "subheadline", "cta", "quote", "about", "media contact")."""
    tests: str = ""
    """pytest, unittest, or "tests" (any) when the task asks for tests with its code."""
    code_rules: list[str] = field(default_factory=list)
    """no-subqueries, no-ctes, no-window, stdlib-only, no-comments, json-only, one-line."""
    dialect: str = ""
    short: bool = False
    instructions: set[int] = field(default_factory=set)
    """Indexes of the clauses that are instructions (never content)."""
    without: dict[str, list[str]] = field(default_factory=dict)
    """Words one part must leave out: {"first tweet": ["product name"]}."""


def _range(op: str, n: int) -> Range:
    op = op.lower().strip()
    if op in ("under", "less than", "fewer than", "below", "shorter than"):
        return (None, n - 1)
    if op in ("max", "maximum", "at most", "no more than", "up to", "within", "max of", "maximum of", "not over"):
        return (None, n)
    if op in ("at least", "minimum", "min", "no fewer than", "over", "more than"):
        return (n + (1 if op in ("over", "more than") else 0), None)
    if op in ("~", "about", "around", "roughly", "approximately", "approx"):
        return (round(n * 0.8), round(n * 1.2))
    return (n, n)


_OPS = r"(?P<op>under|less than|fewer than|below|shorter than|max(?:imum)?(?: of)?|at most|no more than|up to|within|at least|minimum|min|no fewer than|over|more than|~|about|around|roughly|approximately|exactly)?"
_LIMIT = re.compile(
    rf"(?<![\w-]){_SCOPES}(?:(?:is|be|to be|should be|must be|kept?|keep it|keep the whole thing|keep it to|has|have|in)\s+)*"
    rf"{_OPS}\s*{NUMBER}(?:\s*(?:-|–|to|or)\s*{NUMBER.replace('(', '(?P<hi>', 1)})?\s*(?:short |long |full |one-)?{_UNIT}"
    r"(?:\s+(?P<post>max(?:imum)?|or (?:less|fewer)|at most|tops|or more|minimum))?",
    re.IGNORECASE,
)


def _limit(text: str) -> list[tuple[str, str, Range]]:
    """(scope, unit, range) of each limit a clause states."""
    out = []
    for m in _LIMIT.finditer(text):
        unit = m.group("unit").lower().rstrip("s") if m.group("unit").lower() not in ("chars",) else "char"
        unit = _UNITS.get(unit, _UNITS.get(m.group("unit").lower(), "items"))
        low = number(m.group(3))
        hi = m.group("hi")
        post = (m.group("post") or "").lower()
        if hi:
            rng: Range = (low, number(hi))
        elif post in ("max", "maximum", "or less", "or fewer", "at most", "tops"):
            rng = (None, low)
        elif post in ("or more", "minimum"):
            rng = (low, None)
        else:
            rng = _range(m.group("op") or "", low)
        scope = (m.group("scope") or "").lower()
        if unit == "seconds":  # "under 60 seconds spoken": about 2.5 words a second
            unit, rng = "words", (None, int((rng[1] or 60) * 2.5))
        out.append((scope, unit, rng))
    return out


_AVOID = re.compile(
    r"\b(?:don'?t|do not|never|avoid|without|no|not|skip)\s+(?:use|using|say|saying|mention|mentioning|include|"
    r"including|write|writing|add|adding)?\s*(?:any\s+|the\s+)?(?:words?|phrases?|terms?)?\s*(?P<rest>.+)",
    re.IGNORECASE,
)


def _avoided(text: str) -> list[str]:
    """Words a negation rules out: the quoted ones, else a plain object ("no mushrooms")."""
    m = _AVOID.search(text)
    if not m:
        return []
    rest = m.group("rest")
    found = list(quoted(rest))
    if found:
        return found
    obj = re.sub(r"\s*\(.*?\)", "", rest).strip().lower()
    obj = re.sub(r"^(?:the|a|an|any)\s+", "", obj)
    words = obj.split()
    if not words or len(words) > 2 or any(w in _STYLE_OBJECTS for w in words):
        return []
    if words[0] in ("more", "longer", "later", "one", "two", "specific", "made-up"):
        return []
    return [obj]


_MARKS = {
    "hashtag": r"hashtags?",
    "emoji": r"emojis?|emoticons?",
    "exclamation": r"exclamation (?:marks?|points?)",
}


def _marks(text: str, asks: TaskAsks) -> bool:
    low = text.lower()
    hit = False
    for mark, pattern in _MARKS.items():
        if re.search(rf"\b(?:no|without|don'?t use|avoid|never use|zero)\s+(?:any\s+)?(?:{pattern})\b", low):
            asks.marks_max[mark] = 0
            hit = True
            continue
        m = re.search(rf"\b(?:max(?:imum)?|at most|up to|no more than)\s+{NUMBER}\s+(?:{pattern})\b", low) or re.search(
            rf"\b{NUMBER}\s+(?:{pattern})\s+(?:max(?:imum)?|at most|tops)\b", low
        )
        if m:
            asks.marks_max[mark] = number(m.group(1))
            hit = True
    return hit


def _sign(text: str, asks: TaskAsks) -> bool:
    m = re.search(
        r"(?i:\b(?:sign(?:ed)?(?: it| off| the \w+)?(?: off)? (?:from|as|by|with)|signed by|it'?s from))\s+"
        r"(?P<name>(?:Mr|Mrs|Ms|Dr)\.?\s[A-Z][\w'-]+|[A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?)"
        r"(?:,\s*(?P<role>[A-Z][\w-]*(?:\s(?:of|and|&|[A-Z][\w-]*))*))?"
        r"(?:\s+(?:from|at|of)\s+(?P<org>[A-Z][\w'’-]*(?:\s(?:&|and|[A-Z][\w'’-]*))*))?",
        text,
    )
    if not m:
        return False
    asks.sign_name = m.group("name")
    asks.sign_role = m.group("role") or ""
    asks.sign_org = m.group("org") or ""
    return True


def read_asks(clauses: list[Clause], task: str) -> TaskAsks:
    """The form the task asks for, and which clauses say it."""
    asks = TaskAsks()
    low_task = task.lower()
    _sign(task, asks)
    for i, clause in enumerate(clauses):
        text = clause.text
        low = text.lower()
        said = False
        for scope, unit, rng in _limit(text):
            said = True
            if scope in ("", "answer") or (scope == "tweet" and unit == "tweets"):
                asks.limits[unit] = rng
            else:
                asks.scoped.setdefault(scope, {})[unit] = rng
        if re.fullmatch(r"(?:keep it |make it )?(?:to )?(?:one|a single|1) (?:line|sentence)(?: only)?", low.strip()):
            asks.limits["lines" if "line" in low else "sentences"] = (1, 1)
            said = True
        if re.search(r"\bkeep it (?:to )?(?:one|a single) line\b|\bone-line\b|\bsingle line\b", low):
            asks.code_rules.append("one-line")
            asks.limits.setdefault("lines", (1, 1))
            said = said or low.startswith(("keep", "one", "a single"))
        if _marks(text, asks):
            said = True
        m = re.search(
            r"\b(?:end|finish|close|wrap up)(?:s| it| the \w+)?\s+(?:with|on)\s+(?:a |an )?(?P<what>question|cliffhanger|"
            r"call to action|cta|joke|quote|hook|thank[- ]you)",
            low,
        )
        if m:
            asks.end = {"cta": "call_to_action", "call to action": "call_to_action", "thank-you": "thanks"}.get(
                m.group("what"), m.group("what").replace(" ", "_")
            )
            said = True
        for m in re.finditer(r"\b(?:start|open|begin)(?:s| it)?\s+(?:with|by)\s+(?:a |an )?(?P<what>\w+)", low):
            what = m.group("what")
            asks.start.append("thanks" if what.startswith("thank") else what)
            said = True
        if re.search(r"\b(?:first[- ]person|in the first person)\b", low):
            asks.person, said = "first", True
        if re.search(r"\bpresent tense\b", low):
            asks.tense, said = "present", True
        if re.search(r"\bin metric\b|\bmetric units\b", low):
            asks.metric, said = True, True
        if re.fullmatch(r"(?:use |in |with )?(?:bullet(?:ed)?(?: points| list)?|bullets)", low.strip()):
            asks.bullets, said = True, True
        if re.fullmatch(r"(?:numbered|number them|as a numbered list)", low.strip()) or re.search(
            r"\bnumber the \w+\b", low
        ):
            asks.numbered, said = True, True
        signs = asks.sign_name and re.search(r"(?i)\bsign(?:ed)?\b", text) and asks.sign_name in text
        if signs or (asks.sign_role and text == asks.sign_role):
            said = True
        if clause.label.lower() == "sections" or re.match(r"(?i)^sections?\b", text):
            asks.sections.append(re.sub(r"(?i)^sections?:?\s*", "", text))
            said = True
        if re.search(r"\b(?:pytest)\b", low):
            asks.tests, said = "pytest", True
        elif re.search(r"\bunittest\b", low):
            asks.tests, said = "unittest", True
        elif re.search(r"\b(?:with|plus|add|include|and) (?:some |a few )?(?:unit )?tests\b|^tests$", low):
            asks.tests, said = asks.tests or "tests", True
        for rule, pattern in (
            ("no-subqueries", r"\bno subquer"),
            ("no-ctes", r"\bno ctes?\b|\bwithout ctes?\b"),
            ("no-window", r"\bno window functions?\b"),
            ("stdlib-only", r"\bno third[- ]party\b|\bstandard library only\b"),
            ("no-comments", r"\bno comments\b"),
            ("json-only", r"\bjust the json\b|\bonly the json\b|\bno explanation\b"),
        ):
            if re.search(pattern, low):
                asks.code_rules.append(rule)
                said = True
        if re.search(r"\bmysql\b", low):
            asks.dialect = "mysql"
        elif re.search(r"\bpostgres(?:ql)?\b", low):
            asks.dialect = "postgres"
        without = re.search(
            r"^(?P<part>(?:the )?(?:first|last|opening) \w+).*\bwithout (?:mentioning|naming|using) (?P<what>.+)$", low
        )
        if without:
            asks.without.setdefault(without.group("part").removeprefix("the "), []).append(without.group("what"))
            said = True
        if re.match(r"(?:don'?t|do not|never|avoid|no|without|not)\b", low) or re.search(r"\bavoid\b", low):
            asks.avoid += [w for w in _avoided(text) if w not in asks.avoid]
            said = True
        if _TONE.match(low.strip()) or re.fullmatch(r"(?:funny|kind|friendly|warm)[a-z ,]*", low.strip()):
            asks.tone.append(low.strip())
            said = True
        if re.match(r"(?:must |should |needs? to )?(?:rhyme|work in|be in|follow)\b|^\d+/\d+$", low) or re.search(
            r"rhyme scheme|\bpentameter\b|\biambic\b|\bsyllables?\b|\b(?:[a-g]{4} ){2,}", low
        ):
            said = True
        if re.match(r"(?:standard|usual|classic)\b.*\bformat\b|^plain text$|^in markdown$", low):
            said = True
        if re.match(
            r"(?:need|needs|plus|with|include|including)?\s*(?:a |an |the )?(?:headline|subheadline|sub-headline|cta|call to action|button text|cta button text)$",
            low,
        ) or re.fullmatch(r"(?:need |plus )?(?:a )?(?:headline|subheadline|cta(?: button text)?)", low):
            asks.parts.append(re.sub(r"^(?:need|needs|plus|with|include|including)\s*(?:a |an |the )?", "", low))
            said = True
        kinds = re.fullmatch(
            r"(?:with|include|including|add|plus|and|end with|finish with)?\s*(?:a|an|some|one|two|three)?\s*"
            r"(call to action|cta|question|greeting|sign-off|signoff|hashtags?|emojis?|subject line|headline|link|price)",
            low.strip(),
        )
        if kinds:
            asks.parts.append(
                {"cta": "call_to_action", "call to action": "call_to_action"}.get(kinds.group(1), kinds.group(1))
            )
            said = True
        if re.fullmatch(
            r"(?:keep it |make it )?(?:super |very |really )?(?:short|brief|tight|punchy)(?: and \w+)?", low
        ):
            asks.short, said = True, True
        if re.match(r"(?:grouped|group it|group them|organi[sz]ed) by\b", low):
            said = True
        if re.fullmatch(r"(?:with |plus |and )?(?:some |a few )?(?:unit |pytest |unittest )?tests", low):
            said = True
        if said:
            asks.instructions.add(i)
    if "no subquer" in low_task and "no-subqueries" not in asks.code_rules:
        asks.code_rules.append("no-subqueries")
    return asks
