"""Notes that remove, keep or move criteria, however they name them: "drop the second one", "delete 3rd", "no need
for the hashtag anymore", "the last one's not needed", "remove anything about tone", "keep only the first three",
"put the last one first", "move the hashtag line to the end", "swap the first two", "reorder: length first".

Each returns the new list of lines and what it did, or raises the refusal the caller turns into DraftInputError.
"""

from __future__ import annotations

import re

from rubric_core.assistant.note_refs import Refusal, refer

_REMOVE = re.compile(
    r"^(?:remove|drop|delete|cut|take out|get rid of|lose|scrap|ditch|nix|strike|kill|scratch)\b\s*(?P<what>.*)$"
    r"|^(?:there(?:'s| is) )?(?:no need for|(?:we )?(?:don't|do not|dont|no longer) (?:need|require|want))\s+"
    r"(?P<what2>.+?)(?:\s+any\s?more)?$"
    r"|^(?P<what3>.+?)\s*(?:'s|’s|\s+is|\s+are)\s+(?:not needed|unnecessary|not necessary|no longer needed|not required"
    r"|overkill|redundant)(?:\s+any\s?more)?(?:\b.*)?$"
)
_KEEP_ONLY = re.compile(r"^(?:(?:just\s+)?keep\s+only|only\s+keep|just\s+keep|keep\s+just)\s+(?P<what>.+)$")
_MOVE = re.compile(
    r"^(?:can you\s+|could you\s+)?(?:put|move|bring)\s+(?P<what>.+?)\s+"
    r"(?P<where>first|to the (?:top|front|start|beginning)|at the (?:top|front|start|beginning)|on top|up top|last|"
    r"to the (?:end|bottom)|at the (?:end|bottom))\s*(?:[,.;!?].*)?$"
)
_FIRST = re.compile(r"^(?:reorder|order|sort)?\s*:?\s*(?:put\s+)?(?P<what>.+?)\s+(?:first|goes first|on top)$")
_SWAP = re.compile(r"^swap\s+(?:the\s+)?(?P<what>(?:first|last|top|bottom)\s+two|\S+\s+and\s+\S+?)(?:\s+ones?)?$")


class NoteRefused(Exception):
    """The note names no line, or more than one where it needs one."""


def _picked(what: str, lines: list[str], *, every: bool = False) -> list[int]:
    got = refer(what, lines, every=every)
    if isinstance(got, Refusal):
        raise NoteRefused(got.message)
    return got


def _shown(lines: list[str], picked: list[int]) -> str:
    return ", ".join(f'{i} ("{lines[i - 1]}")' for i in picked)


def remove(low: str, lines: list[str]) -> tuple[list[int], str] | None:
    """The positions to remove and the message, or None when the note is no removal."""
    m = _REMOVE.match(low)
    if not m:
        return None
    what = (m.group("what") or m.group("what2") or m.group("what3") or "").strip(" .:")
    if re.search(r"\b(?:down\s+)?to\s+\d", what):
        return None  # "cut it down to 100 words": a new value, not a removal
    if not what:
        raise NoteRefused(
            'Say which criterion to remove: "remove 2", "remove the second one", or "remove the tone one".'
        )
    if re.fullmatch(r"(?:them )?all(?: of them)?|everything|every (?:criterion|line)|all (?:criteria|lines)", what):
        raise NoteRefused(
            "That would leave an empty rubric, which no answer can be judged against. Remove criteria by number, "
            "or write a new rubric."
        )
    every = re.match(
        r"^(?:anything|everything|all|any|every line|all lines|the lines|the ones)\s+(?:about|on|abt|re)\s+", what
    )
    if every:
        what = what[every.end() :]
    # "anything about tone", or "the tone stuff": every line of that kind
    many = bool(every) or bool(re.search(r"\s(?:stuff|ones|bits|lines|criteria|things|rules)$", what))
    picked = _picked(what, lines, every=many)
    if len(picked) == len(lines):
        raise NoteRefused("That would remove every criterion and leave an empty rubric.")
    return picked, f"Removed {_shown(lines, picked)}."


def keep_only(low: str, lines: list[str]) -> tuple[list[int], str] | None:
    """The positions to remove (all but those named) and the message, or None."""
    m = _KEEP_ONLY.match(low)
    if not m:
        return None
    kept = _picked(m.group("what").strip(" ."), lines)
    gone = [i for i in range(1, len(lines) + 1) if i not in kept]
    if not gone:
        raise NoteRefused("Those are all the criteria: nothing to remove.")
    return gone, f"Kept {', '.join(str(i) for i in kept)}; removed {_shown(lines, gone)}."


def reorder(low: str, lines: list[str]) -> tuple[list[int], str] | None:
    """The new order (1-based positions) and the message, or None when the note asks for no move."""
    order = list(range(1, len(lines) + 1))
    m = _SWAP.match(low)
    if m:
        picked = _picked(m.group("what"), lines)
        if len(picked) != 2:
            raise NoteRefused('Say the two criteria to swap: "swap 1 and 3" or "swap the first two".')
        a, b = picked
        order[a - 1], order[b - 1] = b, a
        return order, f"Swapped {a} and {b}."
    m = _MOVE.match(low)
    where = m.group("where") if m else ""
    if not m:
        m = _FIRST.match(low)
        where = "first"
    if not m:
        return None
    picked = _picked(m.group("what").strip(" ."), lines)
    rest = [i for i in order if i not in picked]
    to_top = where in ("first", "on top", "up top") or any(w in where for w in ("top", "front", "start", "beginning"))
    new = [*picked, *rest] if to_top else [*rest, *picked]
    place = "first" if to_top else "last"
    return new, f"Moved {_shown(lines, picked)} {place}."
