"""Parts of a text a check can see by their form: a title, a greeting that names its reader, a quotation.

- "Has a title", "Has a headline": the text opens with a Markdown heading, a line in bold, or a short line that
  stands alone (a blank line after it, no sentence's end) with more text below.
- "Greets the customer by name": the greeting line names someone ("Hi Maya,"; not "Hi there," or "Dear
  customer,"). "Greets the reader": a greeting line.
- "Includes a quote from the CEO": a quotation (at least two words in quotation marks); "from X" needs X in its
  paragraph (else n/a: whose words they are, no check confirms); no quotation is a fail.
"""

from __future__ import annotations

import re

from rubric_core.checks.framing import GREETING_RE, frame_of
from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult, lines_of, paragraphs_of
from rubric_core.numbers import NUMBER_IN_WORDS

_GENERIC = frozenset(
    "there everyone all team friends folks customer customers user users reader readers members parents families "
    "guest guests colleagues sir madam valued neighbours neighbors".split()
)
_QUOTE = re.compile(r"[\"“]([^\"”\n]{6,})[\"”]")


def _title(text: str) -> str:
    lines = lines_of(text)
    if len(lines) < 2:
        return ""
    first = lines[0]
    if re.match(r"^#{1,6}\s+\S", first) or re.fullmatch(r"(?:\*\*|__)[^*_]+(?:\*\*|__)", first):
        return first
    frame = frame_of(text)
    if frame.subject and not re.match(r"^\W{0,3}(?:subject|re)\b", frame.subject, re.IGNORECASE):
        return frame.subject.splitlines()[0]
    return ""


def check_part(text: str, *, part: str, who: str = "") -> CheckResult:
    """See the module docstring."""
    if part == "title":
        title = _title(text)
        if title:
            return CheckResult(True, f'title "{title[:60]}"')
        return CheckResult(False, "no title", "The text has no title: a heading or a short line above the text.")
    if part in ("greeting_by_name", "greeting"):
        frame = frame_of(text)
        line = frame.greeting or (lines_of(text)[0] if lines_of(text) else "")
        if not GREETING_RE.match(line.strip("*_ ")):
            return CheckResult(False, "no greeting", "The text opens with no greeting line.")
        if part == "greeting":
            return CheckResult(True, f'greeting "{line}"')
        words = re.findall(r"[A-Za-z][\w'.-]*", GREETING_RE.sub("", line.strip("*_ "), count=1))
        named = [
            w for w in words if w[:1].isupper() and w.lower().rstrip(".") not in _GENERIC | {"mr", "ms", "mrs", "dr"}
        ]
        if named:
            return CheckResult(True, f'greeting "{line}" names {named[0]}')
        return CheckResult(False, f'greeting "{line}"', f'The greeting "{line}" names no one; greet them by name.')
    quotes = [(m.group(1), p) for p in paragraphs_of(text) for m in _QUOTE.finditer(p) if len(m.group(1).split()) >= 2]
    if not quotes:
        return CheckResult(False, "no quotation", "The text quotes no one (no words in quotation marks).")
    if not who:
        return CheckResult(True, f'quotation "{quotes[0][0][:50]}"')
    names = [w for w in re.findall(r"[\w'-]+", who) if w.lower() not in ("the", "a", "an", "our", "its", "their")]
    for quote, paragraph in quotes:
        if all(re.search(rf"\b{re.escape(n)}", paragraph, re.IGNORECASE) for n in names):
            return CheckResult(True, f'quotation "{quote[:50]}" with {who}')
    why = f'a quotation ("{quotes[0][0][:40]}"), but no paragraph with one names {who}: whose words, no check confirms'
    return CheckResult(False, why, why, undecided=True)


_TITLE = re.compile(
    r"^(?:it )?(?:has|includes|with|starts with|begins with|opens with) (?:a|an|the) (?:title|headline)\.?$"
)
_GREETS = re.compile(
    r"^(?:it )?(?:greets|opens by greeting) (?:the )?(?P<who>[\w ]+?)(?P<name> by (?:their |her |his )?(?:first )?name)?\.?$"
)
_QUOTES = re.compile(
    r"^(?:it )?(?:includes|has|contains|features|gives|adds) (?:a|an|one|at least one)? ?(?:direct |short )?"
    r"(?:quote|quotation)(?: (?:from|by) (?P<who>[\w .'&-]+?))?\.?$"
)


_COUNT_OF = re.compile(r"^(?:it )?(?:states|mentions|gives|says|includes|lists) the number of (?P<noun>[a-z]+)\.?$")


def part_plan(criterion: str) -> CheckPlan | None:
    """The check of a title, a greeting by name, a quotation or "the number of X", else None."""
    low = criterion.strip().lower()
    m = _COUNT_OF.match(low)
    if m:
        # "States the number of bedrooms": a number (digits or words) before the noun ("two double bedrooms",
        # "a 2-bedroom flat"), in any form of the noun.
        stem = re.escape(m.group("noun").rstrip("s"))
        number = rf"(?:\d+|{NUMBER_IN_WORDS})"
        pattern = rf"(?i)\b{number}(?:[\s-]+[a-z]+)?[\s-]+{stem}"
        return CheckPlan(CheckSpec("regex", {"pattern": pattern}))
    if _TITLE.match(low):
        return CheckPlan(CheckSpec("part", {"part": "title"}))
    m = _GREETS.match(low)
    if m:
        return CheckPlan(CheckSpec("part", {"part": "greeting_by_name" if m.group("name") else "greeting"}))
    m = _QUOTES.match(low)
    if m:
        return CheckPlan(CheckSpec("part", {"part": "quote", "who": m.group("who") or ""}))
    return None
