"""Lists and what they hold: "Lists the attendees", "Lists exactly 6 ingredients", "Has exactly 3 action items".

"Lists X" needs a list: a bulleted or numbered list (two items or more) under a line or heading that names X
or holding X, or a sentence that enumerates ("Attendees: Priya, Tom and Lee"); the word X alone lists
nothing (✘). A list that does not name X may still be one of X (n/a). A count of items ("exactly 6
ingredients") is read on the list whose heading or lead line names the noun, or, for a noun that only says
"items" ("bullet points", "steps", "numbered steps"), on the draft's lists; with no such list it is n/a,
unless the criterion says "Lists" and the draft has no list at all (✘). "Names X" with a common noun asks
for a name: X found is n/a (whether it is named, no check confirms), X absent is ✘.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.checks.matching import term_at
from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult
from rubric_core.numbers import number_value

_ITEM = re.compile(r"^\s*(?P<mark>[-*•+]|\d+[.)])\s+(?P<body>\S.*)$")
_ENUMERATION = re.compile(
    r"[^,;:\n]+(?:,\s*[^,;:\n]+){1,}(?:,?\s+(?:and|or)\s+[^,;:\n]+)|[^,;:\n]+,\s*[^,;:\n]+,\s*[^,;:\n]+"
)
GENERIC_ITEMS = frozenset(
    "item items point points bullet bullets bullet-point bullet-points step steps entry entries line lines "
    "thing things numbered".split()
)
"""Nouns that only say "items of a list": a count of them is read on the draft's list."""


@dataclass(frozen=True)
class Block:
    """One bulleted or numbered list: the line or heading that leads it and its items."""

    lead: str
    items: tuple[str, ...]
    numbered: bool


def list_blocks(text: str) -> list[Block]:
    """The lists of a text (two items or more each), with their lead lines."""
    blocks: list[Block] = []
    lead, numbered = "", False
    items: list[str] = []
    for line in [*text.splitlines(), "end"]:
        m = _ITEM.match(line)
        if m:
            if not items:
                numbered = m.group("mark")[0].isdigit()
            items.append(m.group("body").strip())
            continue
        if not line.strip():
            continue  # a blank line between items keeps the list going
        if len(items) >= 2:
            blocks.append(Block(lead, tuple(items), numbered))
        items, lead = [], line.strip()
    return blocks


def _enumerates(text: str, noun: str) -> bool:
    """Whether a line that names `noun` enumerates ("Attendees: Priya, Tom and Lee", "We need flour, eggs and milk")."""
    for line in text.splitlines():
        if term_at(line, noun) is None:
            continue
        rest = line.split(":", 1)[1] if ":" in line else line
        if _ENUMERATION.search(rest):
            return True
    return False


_NOT_A_NAME = frozenset(
    "i monday tuesday wednesday thursday friday saturday sunday january february march april may june july august "
    "september october november december".split()
)


def _capitalised_near(text: str, noun: str) -> bool:
    """Whether a sentence or line that says `noun` holds a capitalised word that is not its first word (a name)."""
    for line in re.split(r"(?<=[.!?])\s+|\n", text):
        if term_at(line, noun) is None:
            continue
        words = re.findall(r"[A-Za-z][\w&'-]*", line)
        if any(w[:1].isupper() and w.lower() not in _NOT_A_NAME for w in words[1:]):
            return True
    return False


_SMALL = frozenset("the a an all of in on for to its their your our numbered bulleted".split())


def _head(noun: str) -> str:
    words = [w for w in re.findall(r"[\w'-]+", noun.lower()) if w not in ("the", "a", "an", "all", "of")]
    return words[-1] if words else noun


def check_list_of(
    text: str, *, noun: str, verb: str = "lists", min: int | None = None, max: int | None = None
) -> CheckResult:
    """See the module docstring."""
    blocks = list_blocks(text)
    head = _head(noun)
    counted = min is not None or max is not None
    generic = head in GENERIC_ITEMS or noun.lower() in GENERIC_ITEMS
    numbered_only = "numbered" in noun.lower()
    named = [b for b in blocks if term_at(b.lead, head) is not None or term_at(b.lead, noun) is not None]
    modifiers = [w for w in re.findall(r"[a-z][\w'-]*", noun.lower()) if w not in GENERIC_ITEMS | _SMALL]
    if generic and modifiers:
        # "method steps": the list under "## Method", not every list of the text
        named = named or [b for b in blocks if any(term_at(b.lead, w) is not None for w in modifiers)]
    if not counted:
        if verb.startswith("name"):
            if term_at(text, noun) is None:
                return CheckResult(False, f'no "{noun}"', f'Nothing names "{noun}"; name it.')
            if not _capitalised_near(text, noun):
                why = f'The text says "{noun}" but names none (no name beside it).'
                return CheckResult(False, f'"{noun}" with no name', why)
            return CheckResult(
                False, f'"{noun}" found', f'"{noun}" is there; whether it is named, no check confirms', True
            )
        holding = named or [b for b in blocks if any(term_at(i, head) is not None for i in b.items)]
        if holding:
            return CheckResult(True, f'a list of {len(holding[0].items)} under "{holding[0].lead[:40]}"')
        if _enumerates(text, noun) or _enumerates(text, head):
            return CheckResult(True, f'a line that names "{noun}" enumerates them')
        if blocks:
            return CheckResult(
                False,
                f'{len(blocks)} list(s), none under a line naming "{noun}"',
                f"whether a list holds the {noun}, no check confirms",
                True,
            )
        found = term_at(text, noun) is not None or term_at(text, head) is not None
        return CheckResult(
            False,
            f'"{noun}" named but not listed' if found else "no list",
            f"No list of the {noun}: put them in a bulleted or numbered list, or name each one.",
        )
    if generic and modifiers and not numbered_only:
        chosen = named
    elif generic:
        chosen = [b for b in blocks if b.numbered] if numbered_only else blocks
        if len(chosen) > 1 and named:
            chosen = named
    else:
        chosen = named
    want = _range(min, max)
    if not chosen:
        inline = any(_ENUMERATION.search(line) for line in text.splitlines())
        if not blocks and not inline and verb.startswith("list"):
            return CheckResult(False, "no list", f"No list of {want} {noun}; write them as a list.")
        return CheckResult(False, "no list named for them", f"which list holds the {noun}, no check confirms", True)
    n = sum(len(b.items) for b in chosen) if generic and not named else len(chosen[0].items)
    detail = f"{n} items" + (f' under "{chosen[0].lead[:40]}"' if chosen[0].lead else "")
    if (min is None or n >= min) and (max is None or n <= max):
        return CheckResult(True, detail)
    return CheckResult(False, detail, f"Has {n} {noun}; needs {want}.")


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return str(lo) if lo == hi else f"{lo} to {hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


_COUNTERS = {
    "code block": lambda text: len(re.findall(r"^\s*```", text, re.MULTILINE)) // 2,
    "test function": lambda text: len(re.findall(r"^\s*(?:async\s+)?def\s+test_\w*", text, re.MULTILINE)),
    "slide": lambda text: len(re.findall(r"^\W{0,6}slide\s+\d+\b", text, re.MULTILINE | re.IGNORECASE)),
}
"""Things counted by their own mark: fenced blocks, `def test_…` functions, "Slide 3" lines."""


def counter_for(noun: str) -> str:
    """The key of `_COUNTERS` the noun names ("code blocks", "test functions", "slides"), else ''."""
    low = noun.lower().strip()
    for key in _COUNTERS:
        if low in (key, key + "s"):
            return key
    return ""


def check_marked_count(text: str, *, noun: str, min: int | None = None, max: int | None = None) -> CheckResult:
    """A count of things with a mark of their own (`_COUNTERS`)."""
    n = _COUNTERS[counter_for(noun)](text)
    detail = f"{n} {noun}"
    if (min is None or n >= min) and (max is None or n <= max):
        return CheckResult(True, detail)
    return CheckResult(False, detail, f"Has {n} {noun}; needs {_range(min, max)}.")


_LIST_VERB = re.compile(
    r"^(?:it |the (?:text|draft|answer|post|email|recipe|notes?|list) )?(?:must |should )?"
    r"(?P<verb>lists?|names?|has|have|includes?|contains?|gives?|offers?|uses?|features?)\s+(?P<rest>.+?)\.?$",
    re.IGNORECASE,
)


def list_plan(text: str) -> CheckPlan | None:
    """The list check of "Lists X", "Names X" (X a common noun), or a count of a list's items ("Lists exactly 6
    ingredients", "Has exactly 3 action items"), else None."""
    from rubric_core.checks.mentions import classify, count_of

    m = _LIST_VERB.match(text.strip())
    if not m:
        return None
    verb = m.group("verb").lower()
    shaped = re.fullmatch(
        r"(?:an? |the )?(?P<kind>numbered|bulleted|bullet|ordered)(?:[- ]point)? list of (?P<n>\d+|\w+) (?P<noun>[a-z][a-z -]*)",
        m.group("rest").strip().rstrip("."),
        re.IGNORECASE,
    )
    if shaped and number_value(shaped.group("n")) is not None:
        # "Uses a numbered list of 3 steps": that many items in the draft's numbered (or bulleted) list
        n = number_value(shaped.group("n"))
        noun = ("numbered " if shaped.group("kind").lower() in ("numbered", "ordered") else "") + "items"
        return CheckPlan(CheckSpec("list_of", {"noun": noun, "verb": "lists", "min": n, "max": n}))
    bounds, noun = count_of(m.group("rest"))
    noun = re.sub(r"^(?:the|a|an|all|its|your|our)\s+", "", noun.strip(), flags=re.IGNORECASE).strip()
    if not noun or not re.fullmatch(r"[a-z][a-z -]*", noun):
        return None
    if bounds is None:
        if not verb.startswith(("list", "name")):
            return None
        term = classify(m.group("rest"), criterion=text)
        if term.kind != "word":
            return None
        return CheckPlan(CheckSpec("list_of", {"noun": noun, "verb": verb}))
    if classify(m.group("rest"), criterion=text).kind == "pattern":
        return None
    low, high = bounds[0], bounds[1]
    if counter_for(noun):
        return CheckPlan(CheckSpec("marked_count", {"noun": noun, "min": low, "max": high}))
    return CheckPlan(CheckSpec("list_of", {"noun": noun, "verb": verb, "min": low, "max": high}))


_LABEL = re.compile(
    r"^\s{0,3}(?:#{1,6}\s+|\*\*|__)?(?P<title>[^:*#_\n]{2,60})(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*(?P<rest>.*)$"
)


def labelled(text: str, name: str) -> str:
    """The heading or label line that names `name` ("## Steps to reproduce", "**Expected behaviour:** ...",
    "Ingredients:") with text after it or under it, else ''."""
    if not name:
        return ""
    generic = ("the", "a", "an", "of", "to", "and", "for", "section", "sections", "part", "heading", "block")
    words = [w for w in re.findall(r"[\w'-]+", name.lower()) if w not in generic]
    if not words:
        return ""
    lines = re.sub(r"```.*?```", "", text, flags=re.DOTALL).splitlines()  # a code comment is no heading
    for i, line in enumerate(lines):
        m = _LABEL.match(line)
        if not m or not (line.lstrip().startswith(("#", "**", "__")) or line.rstrip().endswith(":") or ":" in line):
            continue
        title = m.group("title").strip()
        if len(title.split()) > 6 or "," in title or not all(term_at(title, w) is not None for w in words):
            continue
        under = m.group("rest").strip() or next((ln.strip() for ln in lines[i + 1 :] if ln.strip()), "")
        if under and not under.startswith("#"):
            return title
    return ""
