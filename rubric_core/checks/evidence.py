"""Evidence for a criterion's object (objects.py) in a draft, and the verdict it supports.

The object's tokens are found as written (in any spelling of the same meaning: normalise.py), its content words in
any form of the word, inside code names too ("pull_request" holds "pull" and "request"). Text copied from the task's
instructions (echo.py) is no evidence. The verdict:
- ✘ when a token is nowhere in the text, or only in copied text; when no content word of the object stands anywhere
  in any form; or when every one that stands there stands only in copied text;
- ✔ when one sentence or line (outside copied text) holds every token and every content word, with the verb too
  unless it only frames the object, and no negation;
- otherwise nothing is decided (n/a, with the reason the criterion's own check gave).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rubric_core.checks.kinds import BROAD, CATEGORY_PATTERNS, UNCHECKABLE
from rubric_core.checks.matching import literal_at
from rubric_core.checks.normalise import describes, fold, lemmas
from rubric_core.checks.objects import FORMATS, GENERIC, Ask
from rubric_core.checks.text import CheckResult

_WORD = re.compile(r"[A-Za-z][A-Za-z']*|\d+")
_NEGATION = re.compile(r"\b(?:not|no|never|without|none|nor|neither|cannot|n't)\b|n't\b", re.IGNORECASE)
_SPLIT_CODE = re.compile(r"(?<=[a-z])(?=[A-Z])|[_./:=-]")


def _parts(text: str) -> list[str]:
    """Words of a text, code names split into theirs ("pull_request" -> pull, request; "maxAge" -> max, age)."""
    out = []
    for raw in re.findall(r"[A-Za-z0-9][A-Za-z0-9_./:=-]*", fold(text)):
        out.append(raw.lower())
        out += [p.lower() for p in _SPLIT_CODE.split(raw) if p]
    return out


@lru_cache(maxsize=8192)
def _forms(word: str) -> frozenset[str]:
    low = word.lower().strip("'")
    out = set(lemmas(low)) | {low}
    if low.endswith("s") and len(low) > 3:
        out.add(low[:-1])
    return frozenset(out)


def _holds(parts: list[str], word: str) -> bool:
    forms = _forms(word)
    return any(p in forms or (len(p) > 3 and bool(_forms(p) & forms)) for p in parts)


_FENCE = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
_COMMENT = re.compile(r"(?:(?<=\s)|^)(?:#(?![!{])|//|--(?=\s)).*$|/\*[\s\S]*?\*/|<!--[\s\S]*?-->", re.MULTILINE)
_DOCSTRING = re.compile(r"(\"\"\"|\'\'\').*?\1", re.DOTALL)


@lru_cache(maxsize=256)
def prose_of(text: str) -> str:
    """The text with the comments and docstrings of its code blanked: what code says of itself is no evidence of
    what it does ("# recursion" is no recursion)."""

    def blank(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    def code(m: re.Match[str]) -> str:
        return _DOCSTRING.sub(blank, _COMMENT.sub(blank, m.group(0)))

    return _FENCE.sub(code, text)


_CODE_LINE = re.compile(r"[=:{}()<>\[\]`]|^\s{2,}|^\s*[-\w]+\s*$")


def _prose_words(unit: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", fold(unit))]


def _in_order(seq: list[str], words: tuple[str, ...]) -> bool:
    """Whether the words stand in the criterion's order, side by side but for a word or two between them ("the
    £4.95 delivery charge" for "the delivery charge")."""
    for start, first in enumerate(seq):
        if not _holds([first], words[0]):
            continue
        at, ok = start, True
        for w in words[1:]:
            nxt = next((j for j in range(at + 1, min(len(seq), at + 4)) if _holds([seq[j]], w)), None)
            if nxt is None:
                ok = False
                break
            at = nxt
        if ok:
            return True
    return False


def units_of(text: str) -> list[str]:
    """Sentences within lines: the spans a reader takes as one statement."""
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        out.append(line)
        pieces = re.split(r"(?<=[.!?])\s+(?=[A-Z\"'“(*\[])", line)
        if len(pieces) > 1:
            out += pieces
    return out


_ABSTRACT = re.compile(r"(?:ment|ments|ity|ities|tion|tions|sion|sions|ness|ance|ances|ence|ences|ship|ism|ing|ings)$")
_OPEN_KINDS = frozenset(
    """
    help support sound sounds smell smells taste sight colour color option options choice choices way ways idea mood
    button buttons zone zones object objects array arrays string strings value number integer empty output input
    command commands result results dateline byline shebang caption boilerplate lede kicker headline tagline
    activity activities thing person people kind sort answer answers question questions language reason cause
    """.split()
)
"""Words a text may meet in other words ('a sound': "crickets chirp")."""
_KIND_WORDS = UNCHECKABLE | BROAD | GENERIC | _OPEN_KINDS | {k for k in CATEGORY_PATTERNS if " " not in k}
"""Words that name a kind of content: the word alone is no instance of it."""
_CLAUSE = re.compile(r"\b(?:is|are|was|were|will|be|being|been|can|has|have|had|does|do|that)\b", re.IGNORECASE)


def _concrete(word: str) -> bool:
    """Whether a word names a particular thing whose absence a reader sees by its absence (a balcony, a linter), not
    a kind, an abstraction or a quality that other words may meet ('a downside', 'an achievement', 'vegan')."""
    if word in _KIND_WORDS or word in FORMATS or "-" in word:
        return False
    if _ABSTRACT.search(word) or (describes(word) and not lemmas(word) - {word} and not _noun(word)):
        return False
    return True


def _noun(word: str) -> bool:
    from lemminflect import getAllLemmas

    return "NOUN" in getAllLemmas(word)


_SAID = frozenset("offer give provide explain describe tell state say list name handle support".split())
"""Verbs whose object a text may say in other words: its words missing prove nothing."""


def absence_shows(ask: Ask, own: list[str]) -> bool:
    """Whether a text without any word of the object does not hold it: the object is a thing, not a statement ('Says
    the price is negotiable') or a kind a text may hold in other words, and the verb only frames it or is not in
    the text either (`own`: the words of the text outside copied spans)."""
    if ask.verb in _SAID or (RELAX < 1 and not ask.frame and _holds(own, ask.verb)):
        return False
    if _CLAUSE.search(ask.obj):
        return False
    head_word = _head(ask)
    return _concrete(head_word) if head_word else any(_concrete(w) for w in ask.words)


def _head(ask: Ask) -> str:
    """The word that names the thing ("matrix" of "a matrix of Python versions", "provider" of "the AWS provider"),
    or '' when the object does not end its first phrase with one of its content words."""
    obj = ask.obj.lower()
    if ask.verb in _CODE_VERBS or ask.verb in ("test", "trigger", "build", "deploy"):
        obj = re.sub(r"^(?:on|in|with|for|at|by|from)\s+", "", obj)  # "Runs | on a schedule": the thing is after it
    first = re.split(r"\b(?:of|for|in|on|with|from|to|by|at|as|that|which)\b", obj)[0].split()
    word = first[-1].strip(".,") if first else ""
    return word if word in ask.words else ""


RELAX = 1


def token_at(text: str, token: str) -> int | None:
    """Where a token stands in the text, as written or, for a number with its unit, with the unit shortened or
    bracketed ("10 mins" for 10 minutes, "twelve (12) months" for 12 months)."""
    at = literal_at(text, token)
    if at is not None:
        return at
    m = re.fullmatch(r"(\d[\d,]*) ([A-Za-z]{3,})", token)
    if not m:
        return None
    unit = m.group(2).lower()
    found = re.search(rf"(?<![\d.,]){m.group(1)}\)?\s?-?\s?{re.escape(unit[:3])}[a-z]*\b", fold(text), re.IGNORECASE)
    return found.start() if found else None


_TIME = re.compile(r"\d{1,2}[:.]\d{2}(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?", re.IGNORECASE)


def decide(ask: Ask, text: str, masked: str, *, absence: bool = True) -> CheckResult | None:
    """The verdict the evidence supports (module docstring), or None when it decides nothing. `masked` is the text
    with copied spans blanked (the text itself when nothing was copied). Without `absence`, no content word found
    proves nothing (the criterion's own check saw something that may be it)."""
    for token in ask.tokens:
        if token_at(masked, token) is not None:
            continue
        if _TIME.fullmatch(token):
            return None  # a time may be written otherwise: "30 2 * * *", "half past two"
        if token_at(text, token) is not None:
            return CheckResult(
                False,
                f'"{token}" only inside text copied from the task\'s instructions',
                f'"{token}" stands only in text copied from the task\'s own instructions: an echo is no evidence.',
            )
        return CheckResult(False, f'no "{token}"', f'The criterion names "{token}", which the text does not hold.')
    apart = _apart(ask.tokens, masked)
    if apart:
        return CheckResult(False, f"no line of code joins {apart}", f"No line of the code joins {apart}.")
    all_parts = _parts(text)
    own_parts = _parts(masked)
    words = ask.words
    specific = [w for w in words if w not in GENERIC]
    anywhere = [w for w in specific if _holds(all_parts, w)]
    own = [w for w in specific if _holds(own_parts, w)]
    copied = [w for w in anywhere if w not in own]
    head = _head(ask)
    config = "```" in text and ask.verb in _CODE_VERBS  # "Runs on pushes to main": code names what it runs on
    if (
        (ask.whole or config)
        and copied
        and ask.verb not in _SAID
        and any(_concrete(w) for w in copied)
        and head not in own
    ):
        # "Handles the empty list" when only "# Raise ValueError on an empty list." says "empty"
        return CheckResult(
            False,
            f"{', '.join(copied)} only inside text copied from the task's instructions",
            f"What the criterion names ({ask.obj}) stands only in text copied from the task's own instructions "
            f"({', '.join(copied)}): an echo is no evidence.",
        )
    if not ask.whole:
        return None
    code = ("```" in text or not ask.tokens) and not re.match(
        r"(?:the |a |an )?(?:\d|[a-z]+ (?:days?|weeks?))", ask.obj
    )
    if absence and code and head and _concrete(head) and head not in anywhere and ask.verb not in _SAID:
        # "Tests on a matrix of Python versions" with no matrix: the thing named is not there, whatever else is
        return CheckResult(False, f'no "{head}" in any form', f"Nothing in the text names {ask.obj}: no {head}.")
    if specific and not ask.tokens and not own:
        if anywhere and (absence_shows(ask, own_parts) or (ask.frame and len(anywhere) == len(specific))):
            return CheckResult(
                False,
                f"{', '.join(anywhere)} only inside text copied from the task's instructions",
                f"What the criterion names ({ask.obj}) stands only in text copied from the task's own "
                "instructions: an echo is no evidence.",
            )
        if not anywhere and absence and absence_shows(ask, own_parts):
            return CheckResult(
                False,
                f"none of {', '.join(specific)} in any form",
                f"Nothing in the text names {ask.obj}: none of {', '.join(specific)} in any form.",
            )
    if not words and not ask.tokens:
        return None
    named = any(_concrete(w) or (w not in _KIND_WORDS and not _ABSTRACT.search(w)) for w in words)
    if ask.frame and not ask.tokens and not named:
        return None  # "Mentions the venue" on "We meet at the venue": the kind's own word is no instance of it
    bare = prose_of(masked)
    code_lines = {line.strip() for body in _FENCE.findall(bare) for line in body.splitlines() if line.strip()}
    for unit in units_of(bare):
        parts = _parts(unit)
        if not all(_holds(parts, w) for w in words):
            continue
        if len(words) > 1 and not _CODE_LINE.search(unit) and not _in_order(_prose_words(unit), words):
            continue  # "free parking" is not in "Parking is free": reworded, which no check confirms
        if not all(token_at(unit, t) is not None for t in ask.tokens):
            continue
        in_code = unit.strip() in code_lines and ask.verb in _CODE_VERBS
        if not ask.frame and not in_code and not _holds(parts, ask.verb):
            continue
        if _NEGATION.search(fold(unit)) or (in_code and _CODE_NEGATION.search(unit)):
            continue
        shown = unit.strip() if len(unit.strip()) <= 100 else unit.strip()[:99] + "…"
        return CheckResult(True, f'{ask.obj} in "{shown}"')
    return None


_CODE_VERBS = frozenset("run runs use install depend expose tag cache import call return raise".split())
"""Verbs code says by its keys and commands, not in words ("Runs on pull requests": `pull_request:`)."""
_CODE_NEGATION = re.compile(
    r"!=|!==|\b(?:false|False|off|disabled?|none|None|null|nil)\b|(?<![\w.])0(?![\w.])|^\s*-?\s*!|\bif\b|\bunless\b"
)


_FILE = re.compile(r"[\w.-]*/[\w./-]+|[\w-]+\.[a-z]{1,4}")


def _apart(tokens: tuple[str, ...], text: str) -> str:
    """The files a criterion relates ("Sends cleanup.sh output to /var/log/cron-jobs.log") when the text is code
    with no variable to carry one to the other and no line of its code holds them all; '' otherwise."""
    files = [t for t in tokens if _FILE.fullmatch(t)]
    if len(files) < 2 or "```" not in text or "$" in text:
        return ""
    lines = [line for body in _FENCE.findall(prose_of(text)) for line in body.splitlines()]
    if any(all(literal_at(line, f) is not None for f in files) for line in lines):
        return ""
    return " and ".join(f'"{f}"' for f in files)


def check_evidence(text: str, **params: object) -> CheckResult:
    """No other check reads the criterion: n/a with the reason, unless its object's evidence decides (the grader
    runs `decide` on a check that decides nothing: phrasing.evaluate)."""
    found = ", ".join(f'"{t}"' for t in [*params.get("tokens", []), *params.get("words", [])])  # type: ignore[misc]
    return CheckResult(False, f"{found}: not all in one sentence", str(params.get("reason", "")), undecided=True)
