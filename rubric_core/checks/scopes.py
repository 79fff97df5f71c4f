"""A criterion about one part of the text: "The body has exactly 5 sentences", "The headline is under 8 words",
"Subject line ends with a period", "Each stanza has four lines".

The part is read before the check runs: the body (framing.py: without subject, greeting, sign-off), the subject
line (after "Subject:", or a commit message's first line), the headline or title (the first heading, or the
first line), or each stanza, paragraph, line or sentence (every one must pass; the first that does not is the
gap). The rest of the criterion is planned as a criterion of its own.
"""

from __future__ import annotations

import re

from rubric_core.checks.framing import frame_of
from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult, lines_of, paragraphs_of, sentences_of

_SCOPE = re.compile(
    r"^(?:the |its |your )?(?P<part>body|subject line|subject|headline|title|heading)\s+(?=\w)"
    r"|^(?P<each>each|every) (?P<unit>stanza|paragraph|line|sentence|bullet|item)\s+(?=\w)",
    re.IGNORECASE,
)


_BEFORE_SIGN_OFF = re.compile(
    r"^(?:the )?last sentence before the sign-off(?:\s+(?:\"[^\"]*\"|“[^”]*”))?\s+is\s+(?P<what>\S.*)$", re.IGNORECASE
)
"""What the drafter writes when a closing question and a sign-off both ask for the end ("The last sentence before
the sign-off is a question"): the body's end, which the offline grader checks (it was left to an LLM grader)."""


def split_scope(text: str) -> tuple[str, str] | None:
    """(scope, the rest of the criterion) when it opens with a part of the text, else None."""
    before = _BEFORE_SIGN_OFF.match(text.strip())
    if before:
        return "body", f"Ends with {before.group('what')}"
    m = _SCOPE.match(text.strip())
    if not m:
        return None
    scope = m.group("part").lower() if m.group("part") else f"each {m.group('unit').lower()}"
    rest = text.strip()[m.end() :]
    rest = re.sub(r"^(?:is|are|has|have|should be|must be|should have|must have)\s+(?=\w)", "", rest)
    if re.match(r"(?:ends?|starts?|begins?|opens?|closes?)\b", rest, re.IGNORECASE) or re.search(
        r"\b(?:words?|sentences?|characters?|lines?|paragraphs?)\b", rest, re.IGNORECASE
    ):
        return scope, rest
    if not m.group("each") and re.match(r"(?:mentions?|includes?|names?|contains?|says?|states?)\s", rest, re.I):
        return scope, rest  # "The subject line mentions Friday": a mention read in that part alone
    return None


def scoped(plan: CheckPlan, scope: str) -> CheckPlan:
    """The plan of the rest, narrowed to `scope`."""
    if plan.spec is None:
        return plan
    return CheckPlan(CheckSpec(plan.spec.check, {**plan.spec.params, "scope": scope}))


def _subject(text: str) -> str:
    frame = frame_of(text)
    for line in frame.subject.splitlines():
        m = re.match(r"^\W{0,3}(?:subject(?: line)?|re)\s*\**\s*:\s*(.*)$", line, re.IGNORECASE)
        if m:
            return m.group(1).strip()
    lines = lines_of(text)
    return lines[0] if lines else ""


def _headline(text: str) -> str:
    for line in lines_of(text):
        m = re.match(r"^#{1,6}\s+(.*)$", line)
        if m:
            return m.group(1).strip()
    lines = lines_of(text)
    return lines[0].strip("*_ ") if lines else ""


def parts(text: str, scope: str) -> list[str]:
    """The part(s) of `text` a scope names."""
    if scope == "body":
        frame = frame_of(text)
        return [text[frame.start : frame.end] if frame.framed else text]
    if scope in ("subject line", "subject"):
        return [_subject(text)]
    if scope in ("headline", "title", "heading"):
        return [_headline(text)]
    unit = scope.split()[-1]
    if unit in ("stanza", "paragraph"):
        frame = frame_of(text)
        return paragraphs_of(text[frame.start : frame.end] if frame.framed else text)
    if unit in ("bullet", "item"):
        return [
            re.sub(r"^\s*(?:[-*•+]|\d+[.)])\s+", "", ln)
            for ln in lines_of(text)
            if re.match(r"^\s*(?:[-*•+]|\d+[.)])\s", ln)
        ]
    return lines_of(text) if unit == "line" else sentences_of(text)


def run_scoped(check, text: str, scope: str, params: dict) -> CheckResult:  # type: ignore[no-untyped-def]
    """`check` on the part(s) of `text` the scope names: each must pass."""
    pieces = parts(text, scope)
    if not pieces:
        return CheckResult(False, f"no {scope}", f"The text has no {scope}.")
    for i, piece in enumerate(pieces, 1):
        result = check(piece, **params)
        if not result.passed:
            where = f"{scope.split()[-1]} {i}" if scope.startswith("each") else scope
            return CheckResult(
                False, f"{where}: {result.detail}", f"In the {where}: {result.gap or result.detail}", result.undecided
            )
    return CheckResult(True, f"{scope}: {check(pieces[0], **params).detail}")
