"""Rubric text: split into criteria and lint.

The middleware never parses the rubric (the grader does); the product parses
it for the editor's preview, the lint warnings and the offline grader. One
criterion per `- ` (or `* `, `1.`) bullet; indented lines and fenced blocks
under a bullet belong to it (for example the tests a criterion runs). Prose
outside bullets is context. A rubric with no bullet at all is read one
criterion per non-empty line.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from dataclasses import dataclass, field

MAX_CRITERION_CHARS = 300
"""Above this a criterion is too long for a grader to name and reuse verbatim."""

_BULLET_RE = re.compile(r"^(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")
_BARE_BULLET_RE = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s*$")
_FENCE_RE = re.compile(r"^\s*(```|~~~)")
_VAGUE_WORDS = (
    "good",
    "nice",
    "great",
    "better",
    "appropriate",
    "proper",
    "reasonable",
    "decent",
    "well",
    "interesting",
)
_VAGUE_RE = re.compile(r"\b(" + "|".join(_VAGUE_WORDS) + r")\b", re.IGNORECASE)
_BUNDLE_RE = re.compile(r"\b(and also|as well as|and)\b|;", re.IGNORECASE)


@dataclass(frozen=True)
class Criterion:
    """One checklist item of a rubric."""

    text: str
    """The bullet's text, without the bullet."""

    line: int
    """1-based line of the bullet in the rubric."""

    attachment: str = ""
    """Text attached under the bullet (indented lines or a fenced block), without fences."""


@dataclass(frozen=True)
class LintWarning:
    """A problem a rubric author should look at; never blocks a run."""

    line: int
    """1-based line of the criterion concerned (0: the rubric as a whole)."""

    kind: str
    """One of: duplicate, bundled, vague, too_long, no_bullets."""

    message: str
    """What is wrong and how to fix it."""


@dataclass
class _Open:
    text: str
    line: int
    extra: list[str] = field(default_factory=list)


def is_visible(text: str) -> bool:
    """Whether text says something: at least one letter, digit or symbol.

    Whitespace, zero-width and other invisible format characters, and bare
    punctuation (a lone `-` or `*`) are not a criterion a grader can check.
    """
    return any(unicodedata.category(ch)[0] in "LNS" for ch in text)


def parse_criteria(rubric: str) -> list[Criterion]:
    """Split rubric text into criteria, in rubric order; invisible or punctuation-only items are dropped."""
    return [c for c in _split(rubric) if is_visible(c.text)]


def _split(rubric: str) -> list[Criterion]:
    lines = rubric.splitlines()
    if not any(_BULLET_RE.match(line) for line in lines if not line.startswith((" ", "\t"))):
        return [
            Criterion(text=line.strip(), line=i)
            for i, line in enumerate(lines, 1)
            if line.strip() and not _BARE_BULLET_RE.match(line)
        ]
    out: list[Criterion] = []
    current: _Open | None = None
    in_fence = False
    for i, line in enumerate(lines, 1):
        if _FENCE_RE.match(line):
            in_fence = not in_fence
            continue
        bullet = None if (in_fence or line.startswith((" ", "\t"))) else _BULLET_RE.match(line)
        if bullet:
            if current:
                out.append(_close(current))
            current = _Open(text=bullet.group(1), line=i)
        elif current is not None and (in_fence or line.startswith((" ", "\t")) or not line.strip()):
            current.extra.append(line)
        elif current is not None:
            # Unindented prose ends the criterion: it is context, not part of the check.
            out.append(_close(current))
            current = None
    if current:
        out.append(_close(current))
    return out


def _close(item: _Open) -> Criterion:
    extra = "\n".join(item.extra)
    return Criterion(text=item.text.strip(), line=item.line, attachment=textwrap.dedent(extra).strip("\n"))


def lint_rubric(rubric: str) -> list[LintWarning]:
    """Warnings for criteria a grader will struggle with."""
    criteria = parse_criteria(rubric)
    warnings: list[LintWarning] = []
    if rubric.strip() and not any(_BULLET_RE.match(line) for line in rubric.splitlines()):
        warnings.append(
            LintWarning(0, "no_bullets", "No `- ` bullets found: each non-empty line is read as one criterion.")
        )
    seen: dict[str, int] = {}
    for c in criteria:
        key = re.sub(r"\W+", " ", c.text.lower()).strip()
        if key in seen:
            warnings.append(
                LintWarning(c.line, "duplicate", f"Same criterion as line {seen[key]}: remove one of them.")
            )
        else:
            seen[key] = c.line
        if len(c.text) > MAX_CRITERION_CHARS:
            warnings.append(
                LintWarning(
                    c.line,
                    "too_long",
                    f"Criterion is {len(c.text)} characters; keep it under {MAX_CRITERION_CHARS} "
                    "so the grader can name it and reuse the name verbatim.",
                )
            )
        if len(_BUNDLE_RE.findall(c.text)) >= 2:
            warnings.append(
                LintWarning(
                    c.line, "bundled", "This criterion seems to bundle several checks: split it into one bullet each."
                )
            )
        vague = sorted({m.group(1).lower() for m in _VAGUE_RE.finditer(c.text)})
        if vague:
            words = ", ".join(f'"{w}"' for w in vague)
            warnings.append(
                LintWarning(c.line, "vague", f"Vague word {words}: say what a grader should observe instead.")
            )
    return warnings


def repeated_criteria(rubric: str) -> str:
    """'' or what a new run's Start says of a criterion written twice: it was graded twice, drawn as one heatmap row
    beside two table rows, and a review could not name which one (reviews name a criterion by its text)."""
    seen: dict[str, Criterion] = {}
    for c in parse_criteria(rubric):
        same = " ".join(c.text.split()).casefold()
        if same in seen:
            return (
                f'Criterion "{c.text}" is written twice (lines {seen[same].line} and {c.line}): remove one. Each '
                "criterion is graded, drawn and reviewed by its text, so a repeated line would be counted twice."
            )
        seen[same] = c
    return ""
