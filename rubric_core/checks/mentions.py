"""Reading what a "mentions ..." / "does not use ..." criterion asks the text to contain, term by term.

Each term is one of:
- a literal, matched as written: a quoted phrase, a word after "the word", a token with a digit or a
  symbol (`$49`, `4.5%`, `#4821`, `C++`, a URL), a capitalised name (`Paris`, `LockPro X`), or the value a
  bracket spells out ("the date (next Monday)");
- a kind of content the grader has a finder for (a price, a call to action, a date: patterns.py), met by
  an instance, never by the kind's own name;
- a plain word or phrase ("light", "climate change"), matched as a whole word or a whole phrase;
- or something no word match can confirm (a product name, jargon, a benefit, "a strong hook"): the
  criterion is then n/a, with the reason.
A criterion asking for the absence of a plain concept ("Does not mention dogs") is judged only when the
bundled word lists know every word for it; absence of the word alone proves nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.checks import lexicons
from rubric_core.checks.patterns import CATEGORY_PATTERNS, PATTERNS, QUALIFIERS, UNCHECKABLE

_QUOTES = "\"'`“”‘’"
_ABSORBED = frozenset("clear clearly explicit explicitly specific exact concrete actual visible real".split())
"""Qualifiers an instance of a pattern meets by being one ('a clear call to action', 'the exact price')."""
_INDEFINITE = re.compile(r"^(?:a|an|one|some|any|at least one|one or more|a few|several|a single)\s+", re.IGNORECASE)
_ARTICLE = re.compile(r"^(?:the|its|their|our|your|this|that|these|those)\s+", re.IGNORECASE)
_EXPLICIT = re.compile(
    r"^(?:the|a|an)?\s*(?:exact\s+)?(?:words?|terms?|phrases?|strings?|tokens?|names?|keywords?)\s+(?=\S)",
    re.IGNORECASE,
)
_LITERAL_CHARS = re.compile(r"[^A-Za-z\s'’-]|[A-Za-z]-(?=[A-Za-z])")
"""A digit, a symbol or punctuation inside a term makes it a token matched as written (`$49`, `C++`, `e-mail`)."""


@dataclass(frozen=True)
class Term:
    """One thing a mention criterion names."""

    kind: str
    """literal, word, pattern or na."""

    value: str
    """The text to find (literal, word), the pattern's name, or why it is n/a."""


def split_terms(raw: str) -> tuple[list[str], str]:
    """The parts of a list of terms ("light and chlorophyll", "ocean or sea") and whether all or any must hold."""
    raw = raw.strip().rstrip(".").strip()
    quoted = re.fullmatch(r"[\"“'‘`]([^\"”'’`]+)[\"”'’`]", raw)
    if quoted:
        return [raw], "all"
    mode = "any" if re.search(r"\bor\b", raw) and not re.search(r"\band\b", raw) else "all"
    # Commas and "and"/"or" outside quotes and brackets separate terms.
    parts: list[str] = []
    depth, quote, current = 0, "", ""
    i = 0
    while i < len(raw):
        ch = raw[i]
        if quote:
            current += ch
            if ch in _QUOTES and (ch == quote or {quote, ch} <= {"“", "”"} or {quote, ch} <= {"‘", "’"}):
                quote = ""
            i += 1
            continue
        if ch in '"“`' or (ch in "'‘" and (i == 0 or not raw[i - 1].isalnum())):
            quote = ch
            current += ch
            i += 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if depth == 0:
            sep = re.match(r",\s*(?:and |or )?|\s+(?:and|or|&)\s+", raw[i:])
            if sep and not _inside_call_to_action(raw, i):
                parts.append(current)
                current = ""
                i += sep.end()
                continue
        current += ch
        i += 1
    parts.append(current)
    return [p.strip() for p in parts if p.strip()], mode


def _inside_call_to_action(raw: str, i: int) -> bool:
    """'call to action' and 'terms and conditions' are one term (their 'and'/'to' is not a list)."""
    window = raw[max(0, i - 20) : i + 25].lower()
    return "terms and conditions" in window or "pros and cons" in window or "q and a" in window


def _named(term: str) -> str | None:
    """What a term in brackets spells out ("the date (next Monday)" is "next Monday"); None without one.
    An example in brackets ("a fruit (e.g. apple)") spells out nothing."""
    m = re.fullmatch(r"(.*?)\s*\((.+)\)", term)
    if not m:
        return None
    inner = m.group(2).strip()
    if re.match(r"(?:e\.g\.|eg\b|for example|for instance|such as|like)\s*", inner, re.IGNORECASE) or not inner:
        return None
    return re.sub(r"^(?:i\.e\.|ie\b|namely|that is)[,:]?\s*", "", inner, flags=re.IGNORECASE).strip() or None


def _without_example(term: str) -> str:
    m = re.fullmatch(r"(.*?)\s*\((?:e\.g\.|eg\b|for example|for instance|such as|like)[^)]*\)", term, re.IGNORECASE)
    return m.group(1).strip() if m else term


def classify(raw: str, *, criterion: str, explicit: bool = False) -> Term:
    """What one term of a mention criterion asks for (see the module docstring)."""
    term = raw.strip().rstrip(".").strip()
    named = _named(term)
    if named:
        return Term("literal", named.strip(_QUOTES).strip())
    term = _without_example(term)
    if len(term) >= 2 and term[0] in _QUOTES and term[-1] in _QUOTES:
        return Term("literal", term[1:-1].strip())
    lead = _EXPLICIT.match(term)
    if explicit or lead:
        word = term[lead.end() :] if lead else term
        word = word.strip(_QUOTES).strip()
        return Term("literal" if _LITERAL_CHARS.search(word) else "word", word)
    indefinite = bool(_INDEFINITE.match(term))
    body = _ARTICLE.sub("", _INDEFINITE.sub("", term)).strip()
    if not body:
        return Term("na", f'"{raw.strip()}" names nothing to look for')
    kind = " ".join(w for w in body.lower().split() if w not in _ABSORBED)
    if kind in CATEGORY_PATTERNS:
        return Term("pattern", CATEGORY_PATTERNS[kind])
    if _LITERAL_CHARS.search(body):
        return Term("literal", body)
    if _capitalised(body, criterion):
        return Term("literal", body)
    low = body.lower().replace("’", "'")
    words = low.split()
    if re.search(r"'s\b|s'$", low):
        return Term("na", f"\"{body}\" is somebody's or something's (a name or detail only the task knows)")
    kept = [w for w in words if w not in _ABSORBED]
    head = " ".join(kept)
    if head in CATEGORY_PATTERNS:
        return Term("pattern", CATEGORY_PATTERNS[head])
    quality = [w for w in words if w in QUALIFIERS]
    if quality:
        return Term("na", f'"{quality[0]}" asks for a quality no word match can confirm')
    kinds = [w for w in words if w in UNCHECKABLE]
    if kinds:
        return Term("na", f'"{body}" is a kind of content ({kinds[-1]}), not words the text must contain')
    if indefinite and not lexicons.topic_words(body) - {body}:
        return Term("na", f'"{term}" asks for an instance of "{body}", which no word list of the grader describes')
    return Term("word", body)


def _capitalised(body: str, criterion: str) -> bool:
    """A name: every word of `body` capitalised where the criterion writes it, and not its first word."""
    at = criterion.find(body)
    if at <= 0:
        return False
    letters = [w for w in body.split() if w[:1].isalpha()]
    return bool(letters) and all(w[:1].isupper() for w in letters)


def pattern_label(name: str) -> str:
    return PATTERNS[name].label
