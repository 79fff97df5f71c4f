"""Deterministic text checks: counts, contents, patterns, JSON, Markdown."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from rubric_core.checks import lexicons
from rubric_core.checks.syllables import count_syllables_in_line


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one deterministic check."""

    passed: bool
    """Whether the text meets the check."""

    detail: str
    """The evidence measured (always set), e.g. "3 lines"."""

    gap: str = ""
    """When failed: what to change, specific enough to act on."""

    undecided: bool = False
    """The check ran but cannot tell (n/a): the evidence neither meets nor misses the criterion."""

    @property
    def verdict(self) -> str:
        """pass, fail or n/a."""
        return "n/a" if self.undecided else ("pass" if self.passed else "fail")


_WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")
_SENTENCE_END_RE = re.compile(
    r"(?<!\b[A-Z])(?<!\be\.g)(?<!\bi\.e)(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bvs)[.!?]+[\"')\]]*(?=\s|$)"
)


def lines_of(text: str) -> list[str]:
    """Non-empty lines, stripped."""
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def words_of(text: str) -> list[str]:
    """Words: runs of letters and digits, with inner apostrophes and hyphens."""
    return _WORD_RE.findall(text)


def sentences_of(text: str) -> list[str]:
    """Sentences, split after ., ! or ? followed by a space or the end."""
    flat = " ".join(lines_of(_strip_markdown_headings(text)))
    parts, start = [], 0
    for match in _SENTENCE_END_RE.finditer(flat):
        parts.append(flat[start : match.end()].strip())
        start = match.end()
    tail = flat[start:].strip()
    if tail:
        parts.append(tail)
    return [p for p in parts if words_of(p)]


def _strip_markdown_headings(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def _range_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return str(lo) if lo == hi else f"{lo} to {hi}"
    if lo is not None:
        return f"at least {lo}"
    return f"at most {hi}"


def _within(n: int, lo: int | None, hi: int | None) -> bool:
    return (lo is None or n >= lo) and (hi is None or n <= hi)


def check_line_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Non-empty line count within [min, max]."""
    n = len(lines_of(text))
    want = _range_text(min, max)
    if _within(n, min, max):
        return CheckResult(True, f"{n} lines")
    return CheckResult(False, f"{n} lines", f"Has {n} non-empty lines; needs {want}.")


def check_syllables_per_line(text: str, *, pattern: list[int]) -> CheckResult:
    """Syllables of each non-empty line equal `pattern` (e.g. 5-7-5)."""
    lines = lines_of(text)
    counts = [count_syllables_in_line(line) for line in lines]
    detail = "-".join(str(c) for c in counts) + " syllables"
    want = "-".join(str(p) for p in pattern)
    if counts == pattern:
        return CheckResult(True, detail)
    if len(counts) != len(pattern):
        return CheckResult(False, detail, f"Has {len(counts)} lines ({detail}); needs {len(pattern)} lines of {want}.")
    wrong = [
        f"line {i} has {c} syllables, needs {p}"
        for i, (c, p) in enumerate(zip(counts, pattern, strict=True), 1)
        if c != p
    ]
    return CheckResult(
        False, detail, "Syllable pattern is " + detail.split()[0] + f", not {want}: " + "; ".join(wrong) + "."
    )


def check_sentence_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Sentence count within [min, max]."""
    n = len(sentences_of(text))
    if _within(n, min, max):
        return CheckResult(True, f"{n} sentences")
    return CheckResult(False, f"{n} sentences", f"Has {n} sentences; needs {_range_text(min, max)}.")


def check_word_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Word count within [min, max]."""
    n = len(words_of(text))
    if _within(n, min, max):
        return CheckResult(True, f"{n} words")
    return CheckResult(False, f"{n} words", f"Has {n} words; needs {_range_text(min, max)}.")


def _term_found(text: str, term: str) -> bool:
    return _term_at(text, term) is not None


def _term_at(text: str, term: str) -> int | None:
    """Where a word or phrase first stands in `text` (a plural or -ed/-ing ending accepted), else None."""
    low = text.lower()
    if len(term) == 1:
        i = low.find(term.lower())
        return i if i >= 0 else None
    words = term.lower().split()
    stem = r"\s+".join(re.escape(w) for w in words)
    # Whole words, allowing a plural or verb ending ("mentions light" accepts "lights").
    m = re.search(rf"\b{stem}(?:s|es|ed|ing)?\b", low)
    if m is not None:
        return m.start()
    # A regular plural that is more than an added -s or -es: "mentions a story" accepts "stories", "leaf" "leaves".
    if len(words) == 1:
        for m in _WORD_RE.finditer(text):
            if words[0] in lexicons.singular_forms(m.group(0)):
                return m.start()
    return None


def literal_at(text: str, token: str) -> int | None:
    """Where `token` stands in `text` as written (any case), not inside a longer word or number, else None.

    `$49` is not found in `$490` or `$49.99`, `C++` not in `C+++`, `#4821` not in `#48210`; spaces inside
    the token match any run of white space (a line break too).
    """
    parts = [re.escape(p) for p in token.split()]
    if not parts:
        return None
    body = r"\s+".join(parts)
    lead = r"(?<![A-Za-z0-9])" if token[0].isalnum() or token[0] in "$€£#@" else ""
    tail = r"(?![A-Za-z0-9])" if token[-1].isalnum() or token[-1] in "+#%" else ""
    if token[-1].isdigit():
        tail += r"(?![.,]\d)"
    m = re.search(lead + body + tail, text, re.IGNORECASE)
    return m.start() if m else None


def line_number(text: str, index: int) -> int:
    """The 1-based number of the non-empty line holding `index` (as `lines_of` counts them)."""
    return len(lines_of(text[: index + 1])) or 1


def _region(text: str, position: str) -> str:
    """The part of the text a "starts with" / "ends with" criterion looks at: its first or last sentence."""
    if position == "any":
        return text
    sentences = sentences_of(text)
    if not sentences:
        return ""
    return sentences[0] if position == "start" else sentences[-1]


def check_contains(
    text: str,
    *,
    terms: list[str],
    mode: str = "all",
    literal: list[bool] | None = None,
    patterns: list[str] | None = None,
    position: str = "any",
) -> CheckResult:
    """The text names every (or any) term, and holds an instance of every (or any) pattern."""
    from rubric_core.checks.patterns import PATTERNS, find

    literal = literal or [False] * len(terms)
    region = _region(text, position)
    where = {"start": " in the first sentence", "end": " in the last sentence"}.get(position, "")
    found: list[str] = []
    missing: list[str] = []
    for term, exact in zip(terms, literal, strict=False):
        at = literal_at(region, term) if exact else _term_at(region, term)
        if at is None:
            missing.append(f'"{term}"')
        else:
            found.append(f'"{term}" found in line {line_number(text, text.find(region) + at)}')
    for name in patterns or []:
        pattern = PATTERNS[name]
        hits = find(name, text if name in ("greeting", "sign_off") else region)
        if len(hits) >= pattern.minimum:
            found.append(f'{pattern.label} found in line {hits[0].line}: "{_short(hits[0].text)}"')
        else:
            missing.append(f"{pattern.label} ({pattern.looks_for})")
    ok = bool(found) if mode == "any" else not missing
    detail = "; ".join(found) if found else "none found" + where
    if ok:
        return CheckResult(True, detail)
    if mode == "any":
        return CheckResult(False, detail, f"Has none of {', '.join(missing)}{where}; include at least one.")
    return CheckResult(
        False, detail, f"No {', '.join(missing)}{where}; include {'it' if len(missing) == 1 else 'them'}."
    )


def check_not_contains(
    text: str,
    *,
    terms: list[str],
    literal: list[bool] | None = None,
    patterns: list[str] | None = None,
    related: list[str] | None = None,
) -> CheckResult:
    """The text holds none of the words, letters, tokens or pattern instances; `related` words count as the
    concept they belong to ("Does not mention dogs" fails on "puppy")."""
    from rubric_core.checks.patterns import PATTERNS, find

    literal = literal or [False] * len(terms)
    hits = []
    for term, exact in zip(terms, literal, strict=False):
        if len(term) == 1 and term.isalpha():
            offenders = [w for w in words_of(text) if term.lower() in w.lower()]
            if term.lower() in text.lower():
                hits.append(f'letter "{term}" in {_quote(sorted(set(offenders))[:8]) or "the text"}')
            continue
        at = literal_at(text, term) if exact else _term_at(text, term)
        if at is not None:
            hits.append(f'"{term}" in line {line_number(text, at)}')
    for word in related or []:
        at = _term_at(text, word)
        if at is not None and not any(f'"{word}"' in h for h in hits):
            hits.append(f'"{word}" in line {line_number(text, at)}')
    for name in patterns or []:
        found = find(name, text)
        if found:
            hits.append(f'{PATTERNS[name].label} in line {found[0].line}: "{_short(found[0].text)}"')
    looked = _quote(terms) + (", " if terms and patterns else "") + ", ".join(PATTERNS[n].label for n in patterns or [])
    if not hits:
        return CheckResult(True, f"none of {looked} found")
    return CheckResult(False, "found " + "; ".join(hits), "Remove " + "; ".join(hits) + ".")


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_regex(text: str, *, pattern: str, should_match: bool = True) -> CheckResult:
    """Text matches (or does not match) a regular expression."""
    try:
        match = re.search(pattern, text, re.MULTILINE)
    except re.error as exc:
        return CheckResult(False, f"invalid pattern: {exc}", f"The rubric's pattern /{pattern}/ is not a valid regex.")
    if bool(match) == should_match:
        return CheckResult(True, f"matched {match.group(0)!r}" if match else "no match, as required")
    if should_match:
        return CheckResult(False, "no match", f"Text does not match /{pattern}/.")
    return CheckResult(False, f"matched {match.group(0)!r}" if match else "", f"Text must not match /{pattern}/.")


def extract_json_text(text: str) -> str:
    """The JSON part of a draft: a fenced block if there is one, else the whole text."""
    fenced = re.search(r"```(?:json)?\s*\n(.*?)\n```", text, re.DOTALL)
    return (fenced.group(1) if fenced else text).strip()


def check_json(text: str, *, schema: dict | None = None) -> CheckResult:
    """Text (or its fenced block) is valid JSON, optionally valid against a JSON Schema."""
    try:
        data = json.loads(extract_json_text(text))
    except json.JSONDecodeError as exc:
        return CheckResult(
            False,
            f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
            f"Output is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}).",
        )
    if schema is None:
        return CheckResult(True, f"valid JSON ({type(data).__name__})")
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
    if not errors:
        return CheckResult(True, "valid JSON matching the schema")
    first = errors[0]
    where = "/".join(str(p) for p in first.path) or "(root)"
    return CheckResult(
        False, f"{len(errors)} schema errors", f"JSON does not match the schema at {where}: {first.message}."
    )


def markdown_headings(text: str) -> list[str]:
    """Heading titles of a Markdown text, in order."""
    return [m.group(1).strip().rstrip("#").strip() for m in re.finditer(r"^\s{0,3}#{1,6}\s+(.+)$", text, re.MULTILINE)]


def check_markdown_sections(text: str, *, sections: list[str]) -> CheckResult:
    """Every named section is a Markdown heading (case-insensitive), in any order."""
    have = [h.lower() for h in markdown_headings(text)]
    missing = [s for s in sections if s.lower() not in have]
    detail = f"headings: {_quote(markdown_headings(text)) or 'none'}"
    if not missing:
        return CheckResult(True, detail)
    return CheckResult(
        False,
        detail,
        f"Missing section heading{'s' if len(missing) > 1 else ''} {_quote(missing)} (use e.g. `## {missing[0]}`).",
    )


def check_topic(text: str, *, topic: str) -> CheckResult:
    """The text is about the topic: its words, or words the bundled lexicon ties to it, stand in at least a
    third of its sentences (lines, for verse). A plural or singular counts on both sides ("Is about cats"
    passes "The cat sleeps."). Named in fewer, it may be a passing mention: n/a, not a pass."""
    units = lines_of(text)
    if len(units) <= 1 or all(len(words_of(u)) > 14 for u in units):
        units = sentences_of(text) or units
    with_topic = [u for u in units if lexicons.topic_words_in(words_of(u), topic)]
    found = lexicons.topic_words_in(words_of(text), topic)
    needed = max(1, -(-len(units) // 3))
    unit = "line" if units == lines_of(text) and len(units) > 1 else "sentence"
    if found and len(with_topic) >= needed:
        return CheckResult(True, f"topic words {_quote(found)} in {len(with_topic)} of {len(units)} {unit}s")
    if found:
        return CheckResult(
            False,
            f"topic words {_quote(found)} in {len(with_topic)} of {len(units)} {unit}s (at least {needed} needed)",
            f'"{topic}" is named only in passing ({len(with_topic)} of {len(units)} {unit}s): the grader cannot '
            "tell whether it is what the text is about.",
            undecided=True,
        )
    related = lexicons.topic_words(topic)
    # The topic's own words first, then related ones: none of them is in the text (the check just failed).
    named = sorted(w for w in related if w in topic.lower().split())
    examples = ", ".join([*named, *sorted(w for w in related if w not in named)][:6])
    return CheckResult(False, "no topic words", f'Nothing in the text is about "{topic}" (no word such as {examples}).')


def check_sensory_details(text: str, *, min: int) -> CheckResult:
    """At least `min` distinct sensory words (sight, sound, smell, touch, taste)."""
    found = lexicons.sensory_words_in(words_of(text.lower()))
    if len(found) >= min:
        return CheckResult(True, f"{len(found)} sensory details: {_quote(found)}")
    return CheckResult(
        False,
        f"{len(found)} sensory details: {_quote(found) or 'none'}",
        f"Has {len(found)} sensory details; needs at least {min} (what is seen, heard, smelled, felt or tasted).",
    )


def _quote(items: list[str]) -> str:
    return ", ".join(f'"{i}"' for i in items)
