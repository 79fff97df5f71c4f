"""The frame of a letter or an email: a subject line, a greeting, a sign-off and a signature.

Framing is not the body: "Starts with a question", "Ends with a question", "Ends with a call to
action" and the paragraph and sentence counts read the body, so "Hi there," after a "Subject:" line,
or "Best, / Anna" after a closing question, changes none of them ("Starts with a greeting" and
"Ends with a sign-off" read the frame itself). `frame_of` finds the parts; a text with none is all
body. A base module of the checks: it imports no other.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GREETING_WORDS = (
    r"(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening|day)|hiya|howdy|yo|welcome|"
    r"to whom it may concern)\b"
)
GREETING_RE = re.compile(r"^\W*" + _GREETING_WORDS, re.IGNORECASE)
"""A line that opens with a greeting."""

SIGN_OFF_RE = re.compile(
    r"^\W*(?:best(?: wishes| regards)?|regards|kind regards|warm regards|warmest regards|warmly|sincerely|"
    r"yours(?: truly| sincerely| faithfully)?|thanks(?: again| so much)?|thank you|many thanks|cheers|"
    r"all the best|take care|respectfully|with gratitude|with thanks|talk soon|speak soon|see you(?: soon| there)?|"
    r"until next time)\s*[,.!—-]?\s*(?:\w[\w.'-]*(?: \w[\w.'-]*){0,3})?$",
    re.IGNORECASE,
)
"""A short line that closes a letter ("Best regards,", "Cheers, Anna")."""

_SUBJECT_RE = re.compile(r"^\W{0,3}(?:subject(?: line)?|re|title)\s*\**\s*:", re.IGNORECASE)
_GREETING_LINE = re.compile(
    _GREETING_WORDS + r"(?:[^,.!?:;\n—]|(?<=Mr)\.|(?<=Ms)\.|(?<=Mrs)\.|(?<=Dr)\.|(?<=Prof)\.){0,40}", re.IGNORECASE
)
"""A line that is a greeting and nothing more ("Hi there,", "Dear Ms. Alvarez,", "Hello team!")."""
_GREETING_CLAUSE = re.compile(GREETING_RE.pattern + r"[^,.!?:\n—]{0,40}(?:[,!:—]|$)", re.IGNORECASE)
_DASH_SIGNATURE = re.compile(r"^\s*[—–-]{1,2}\s*[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}\s*$")
_LEFT = "\"'`“”‘’*_#> \t"


@dataclass(frozen=True)
class Frame:
    """Where the body of a text stands between its subject and greeting and its sign-off."""

    subject: str
    greeting: str
    sign_off: str
    """The sign-off and the signature under it, as written."""
    start: int
    """Index in the text where the body starts."""
    end: int
    """Index in the text where the body ends."""

    @property
    def framed(self) -> bool:
        return bool(self.subject or self.greeting or self.sign_off)


def _lines(text: str) -> list[tuple[int, int, str]]:
    """(start, end, stripped line) of each non-empty line."""
    out, at = [], 0
    for raw in text.splitlines(keepends=True):
        stripped = raw.strip()
        if stripped:
            lead = raw.index(stripped[0])
            out.append((at + lead, at + lead + len(stripped), stripped))
        at += len(raw)
    return out


def _signature(line: str) -> bool:
    """A short line under a sign-off: a name, a title, a team, a company, a contact (not a sentence)."""
    words = line.split()
    return (
        len(line) <= 60
        and len(words) <= 7
        and not re.search(r"[?!]$", line)
        and not (line.endswith(".") and len(words) > 3)
    )


def _header(text: str, lines: list[tuple[int, int, str]], i: int) -> bool:
    """Whether line `i` heads the text: a Markdown heading, a line in capitals, or a short title line standing
    alone (a blank line after it) with no sentence's end."""
    _, end, line = lines[i]
    if _SUBJECT_RE.match(line):
        return False
    if re.match(r"^#{1,6}\s", line) or (line.isupper() and len(line.split()) <= 6):
        return True
    alone = "\n\n" in text[end : lines[i + 1][0]] if i + 1 < len(lines) else False
    rest = text[end:]
    body_below = len(lines) - i > 2 or bool(re.search(r"[.!?]", rest))  # "a / / b" is two paragraphs, not a title
    short = len(line.split()) <= 10 and not re.search(r"[.!?:;,]$", line.rstrip("*_ "))  # "**Can I …?**" is a question
    return alone and body_below and short and not GREETING_RE.match(line)


def _plain(line: str) -> str:
    return line.strip(_LEFT).strip()


def frame_of(text: str) -> Frame:
    """The frame of `text` (see the module docstring); a text with no frame is all body."""
    lines = _lines(text)
    start, end = 0, len(text.rstrip())
    subject = greeting = sign_off = ""
    i = 0
    while i < min(2, len(lines) - 1) and _header(text, lines, i):
        # "Oakfield Primary — Weekly Update", "FOR IMMEDIATE RELEASE", "# Title", a poem's title: a header line
        subject, start, i = (subject + "\n" + lines[i][2]).strip(), lines[i + 1][0], i + 1
    if i < len(lines) - 1 and _SUBJECT_RE.match(lines[i][2]):
        subject, start, i = (subject + "\n" + lines[i][2]).strip(), lines[i + 1][0], i + 1
    if i < len(lines) and GREETING_RE.match(_plain(lines[i][2])):
        line_start, _, line = lines[i]
        words = len(line.split())
        clause = _GREETING_CLAUSE.match(line.lstrip(_LEFT))
        if i + 1 < len(lines) and words <= 8 and _GREETING_LINE.fullmatch(line.strip(_LEFT + ".,!:—")):
            greeting = line
            start = lines[i + 1][0]
            i += 1
        elif clause is not None and clause.group(0).rstrip()[-1:] in ",!:—":
            greeting = clause.group(0).strip()
            offset = line_start + (len(line) - len(line.lstrip(_LEFT))) + clause.end()
            start = offset + (len(text[offset:]) - len(text[offset:].lstrip()))
    body_lines = [ln for ln in lines if ln[1] > start]
    for back in range(1, min(5, len(body_lines) - 1) + 1):
        line_start, _, line = body_lines[-back]
        after = body_lines[len(body_lines) - back + 1 :]
        closing = (
            (len(line) <= 60 and SIGN_OFF_RE.match(_plain(line)))
            or (back == 1 and (greeting or subject) and _DASH_SIGNATURE.match(line))
            # "Have a lovely weekend," above a name: a closing line of its own words, in a letter with a greeting
            or (greeting and 2 <= back <= 4 and len(line.split()) <= 6 and line.endswith(","))
        )
        if closing and all(_signature(a[2]) for a in after):
            sign_off = text[line_start:end]
            end = len(text[:line_start].rstrip())
            break
    if not sign_off and (greeting or subject) and len(body_lines) > 2:
        line_start, _, line = body_lines[-1]
        if len(line.split()) <= 4 and _signature(line) and not re.search(r"[.?!:;,]$", line) and line[:1].isupper():
            sign_off, end = line, len(text[:line_start].rstrip())
    if end < start:
        return Frame("", "", "", 0, len(text.rstrip()))
    return Frame(subject, greeting, sign_off, start, end)


def body_of(text: str) -> str:
    """The text without its subject line, greeting, sign-off and signature (all of it when it has none)."""
    frame = frame_of(text)
    return text[frame.start : frame.end] if frame.framed else text
