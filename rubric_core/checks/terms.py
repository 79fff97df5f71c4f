"""The parts of a list of terms in a criterion: "light and chlorophyll", "ocean or sea", "$80,000 and Crumb & Co".

Commas and "and"/"or" outside quotes and brackets part the terms; a comma inside a number ("$80,000") and an
ampersand inside a name ("Crumb & Co") part nothing. A bracket may spell out the value ("the date (next
Monday)") or give examples ("(e.g. apple)"), which spell out nothing.
"""

from __future__ import annotations

import re

QUOTES = "\"'`“”‘’"
"""Quote marks, straight and typographic."""


def split_terms(raw: str) -> tuple[list[str], str]:
    """The parts of a list of terms ("light and chlorophyll", "ocean or sea") and whether all or any must hold."""
    raw = raw.strip().rstrip(".!?;:").strip()
    # ", e.g. $49" and ", i.e. $49" belong to the term before them, as in brackets.
    raw = re.sub(
        r",\s*((?:e\.g\.|eg\b|i\.e\.|ie\b|for example|for instance|such as|namely)[^,;]*)$", r" (\1)", raw, flags=re.I
    )
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
            if ch in QUOTES and (ch == quote or {quote, ch} <= {"“", "”"} or {quote, ch} <= {"‘", "’"}):
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
            if sep and _inside_token(raw, i, sep.group(0)):
                sep = None
            if sep and not _inside_fixed_phrase(raw, i):
                parts.append(current)
                current = ""
                i += sep.end()
                continue
        current += ch
        i += 1
    parts.append(current)
    return [p.strip() for p in parts if p.strip()], mode


def _inside_token(raw: str, i: int, sep: str) -> bool:
    """A comma inside a number ("$80,000" is one token) or an ampersand inside a name ("Crumb & Co") separates
    nothing."""
    if sep == "," and i and raw[i - 1].isdigit() and raw[i + 1 : i + 4].isdigit():
        return True
    if sep.strip() == "&":
        before, after = raw[:i].split(), raw[i + len(sep) :].split()
        return bool(before and after and before[-1][:1].isupper() and after[0][:1].isupper())
    return False


def _inside_fixed_phrase(raw: str, i: int) -> bool:
    """'terms and conditions' and 'pros and cons' are one term (their 'and' is not a list)."""
    window = raw[max(0, i - 20) : i + 25].lower()
    return "terms and conditions" in window or "pros and cons" in window or "q and a" in window


def named_value(term: str) -> str | None:
    """What a term in brackets spells out ("the date (next Monday)" is "next Monday"); None without one.
    An example in brackets ("a fruit (e.g. apple)") spells out nothing."""
    m = re.fullmatch(r"(.*?)\s*\((.+)\)", term)
    if not m:
        return None
    inner = m.group(2).strip()
    if re.match(r"(?:e\.g\.|eg\b|for example|for instance|such as|like)\s*", inner, re.IGNORECASE) or not inner:
        return None
    if re.match(r"(?:in|with|of|for|at|from|by|on|to|if|when|where|as|not|any|all|each|every)\b", inner, re.I):
        return None  # "the price (in USD)": a qualification, not the value
    return re.sub(r"^(?:i\.e\.|ie\b|namely|that is)[,:]?\s*", "", inner, flags=re.IGNORECASE).strip() or None


def without_example(term: str) -> str:
    m = re.fullmatch(r"(.*?)\s*\((?:e\.g\.|eg\b|for example|for instance|such as|like)[^)]*\)", term, re.IGNORECASE)
    return m.group(1).strip() if m else term


_EXAMPLES = re.compile(
    r"^(?P<kind>.+?)(?:,)?\s+(?:like|such as|e\.g\.|eg|for example|for instance|including)\s+(?P<examples>.+)$",
    re.IGNORECASE,
)


def examples_of(term: str) -> tuple[str, list[str]]:
    """A kind and the examples given of it ("hype words like 'revolutionary'", "(e.g. apple)"): (kind, examples)."""
    term = term.strip().rstrip(".!?").strip()
    m = re.fullmatch(r"(.*?)\s*\((?:e\.g\.|eg\b|for example|for instance|such as|like)\s*([^)]*)\)", term, re.I)
    if m:
        return m.group(1).strip(), split_terms(m.group(2))[0]
    m = _EXAMPLES.match(term)
    if m and not re.search(r"[\"“'‘`]", m.group("kind")):
        return m.group("kind").strip(), split_terms(m.group("examples"))[0]
    return term, []
