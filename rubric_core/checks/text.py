"""Deterministic text checks: counts, contents, patterns, JSON, Markdown."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from rubric_core.checks import lexicons
from rubric_core.checks.framing import body_of
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


WORD_RE = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")
"""A word: letters and digits, with inner apostrophes and hyphens."""
_SENTENCE_END_RE = re.compile(
    r"(?<!\b[A-Z])(?<!\be\.g)(?<!\bi\.e)(?<!\bDr)(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bvs)[.!?]+[\"')\]*_”’]*(?=\s|$)"
)


def lines_of(text: str) -> list[str]:
    """Non-empty lines, stripped."""
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def words_of(text: str) -> list[str]:
    """Words: runs of letters and digits, with inner apostrophes and hyphens."""
    return WORD_RE.findall(text)


_ITEM_RE = re.compile(r"^(?:[-*•+]|\d+[.)])\s+")


def sentences_of(text: str) -> list[str]:
    """Sentences, split after ., ! or ? followed by a space or the end; each list item ends one too
    ("- Buy milk / - Walk the dog" is two, not one run-on sentence)."""
    blocks: list[list[str]] = [[]]
    for line in lines_of(_strip_markdown_headings(text)):
        if _ITEM_RE.match(line):
            blocks.append([_ITEM_RE.sub("", line)])
            blocks.append([])
        else:
            blocks[-1].append(line)
    parts: list[str] = []
    for block in blocks:
        flat = " ".join(block)
        start = 0
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


def verse_lines(text: str) -> list[str]:
    """The lines a line count reads: non-empty lines, without a Markdown heading or a lead-in line that ends with a
    colon above a blank line ("Here is your haiku:")."""
    lines = lines_of(text)
    lead = re.match(r"\s*([^\n]*:)[ \t]*\n[ \t]*\n", text)
    if lead and len(lines) > 1 and lines[0] == lead.group(1).strip():
        lines = lines[1:]
    return [line for line in lines if not re.match(r"#{1,6}\s", line)] or lines


def check_line_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Non-empty line count within [min, max] (a heading or a lead-in line aside: `verse_lines`)."""
    n = len(verse_lines(text))
    want = _range_text(min, max)
    if _within(n, min, max):
        return CheckResult(True, f"{n} lines")
    return CheckResult(False, f"{n} lines", f"Has {n} non-empty lines; needs {want}.")


def check_syllables_per_line(text: str, *, pattern: list[int]) -> CheckResult:
    """Syllables of each non-empty line equal `pattern` (e.g. 5-7-5), a heading or a lead-in line aside."""
    lines = verse_lines(text)
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
    """Sentence count within [min, max] (of the body: a subject line, greeting and sign-off are framing)."""
    n = len(sentences_of(body_of(text)))
    if _within(n, min, max):
        return CheckResult(True, f"{n} sentences")
    return CheckResult(False, f"{n} sentences", f"Has {n} sentences; needs {_range_text(min, max)}.")


def paragraphs_of(text: str) -> list[str]:
    """Blocks of text parted by a blank line (a Markdown heading alone is not one)."""
    blocks = [b.strip() for b in re.split(r"\n\s*\n", text.strip())]
    return [b for b in blocks if words_of(_strip_markdown_headings(b))]


def check_paragraph_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Paragraph count (blocks parted by a blank line) within [min, max], of the body (framing.py)."""
    n = len(paragraphs_of(body_of(text)))
    if _within(n, min, max):
        return CheckResult(True, f"{n} paragraphs")
    return CheckResult(
        False, f"{n} paragraphs", f"Has {n} paragraphs; needs {_range_text(min, max)} (part them with a blank line)."
    )


def check_character_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Characters of the text (spaces and punctuation included, the ends trimmed) within [min, max]."""
    n = len(text.strip())
    if _within(n, min, max):
        return CheckResult(True, f"{n} characters")
    return CheckResult(False, f"{n} characters", f"Has {n} characters; needs {_range_text(min, max)}.")


def check_word_count(text: str, *, min: int | None = None, max: int | None = None) -> CheckResult:
    """Word count within [min, max]: runs of text between spaces that hold a letter or a digit, as a person
    counts them ("$4.99/month" is one word, a lone dash none)."""
    n = sum(1 for token in text.split() if re.search(r"\w", token))
    if _within(n, min, max):
        return CheckResult(True, f"{n} words")
    return CheckResult(False, f"{n} words", f"Has {n} words; needs {_range_text(min, max)}.")


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
    return [
        m.group(1).strip().rstrip("#").strip().rstrip(":").strip()
        for m in re.finditer(r"^\s{0,3}#{1,6}\s+(.+)$", text, re.MULTILINE)
    ]


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
