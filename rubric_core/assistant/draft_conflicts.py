"""Criteria that cannot both hold, reconciled or held back, never proposed together.

- Two claims on one place: a question, a call to action or an ask "at the end" and a sign-off after it (an email's
  closing question is the body's last sentence) become "The last sentence before the sign-off is a question"; a
  statistic "to open with" after a required greeting follows the greeting. Two different phrases for one place:
  the later is held back.
- A required phrase longer than a word limit ("at most 5 words" and a 6-word title to include): the phrase is kept
  whole and the limit held back, with both named.
- Counts that no answer meets together (exactly 3 lines and exactly 5 lines), and a mention of what another line
  rules out: the later is held back.
A held-back line is shown to the author with the reason; it is not in the rubric.
"""

from __future__ import annotations

import re

from rubric_core.assistant.proposal import Proposal
from rubric_core.assistant.wording import words_in


def _quoted(phrase: str) -> str:
    return f'"{phrase}"' if '"' not in phrase else f"“{phrase}”"


def _after_end(p: Proposal) -> str:
    """What an end claim asks of the last sentence ("is a question", "asks when they'll visit next")."""
    text = p.text
    m = re.match(r"(?i)ends by (\w+ing)\s+(.+)$", text)
    if m:
        verb = m.group(1).lower()
        said = {"asking": "asks", "inviting": "invites", "thanking": "thanks", "saying": "says"}.get(
            verb, verb[:-3] + "s"
        )
        return f"{said} {m.group(2)}"
    m = re.match(r"(?i)ends (?:with|on) (.+)$", text)
    return f"is {m.group(1)}" if m else "is " + text


def _end_words(p: Proposal) -> str:
    return f"the sign-off {_quoted(p.phrase)}" if p.phrase else "the sign-off"


def resolve(props: list[Proposal]) -> tuple[list[Proposal], list[tuple[Proposal, str]], list[str]]:
    """(kept, held back with why, warnings)."""
    kept: list[Proposal] = []
    held: list[tuple[Proposal, str]] = []
    warnings: list[str] = []

    def hold(p: Proposal, why: str) -> None:
        held.append((p, why))
        warnings.append(why)

    phrases_start = [p for p in props if p.role == "start" and p.place in ("phrase", "greeting") and p.phrase]
    finals = [p for p in props if p.role == "end" and p.place in ("phrase", "signoff") and not p.implied]
    final = finals[0] if finals else next((p for p in props if p.role == "end" and p.place == "signoff"), None)
    for p in props:
        if p.role == "start" and p.implied and phrases_start:
            continue  # a required opening phrase is the greeting
        if p.role == "start" and p.phrase and phrases_start and p is not phrases_start[0]:
            hold(p, f'"{p.text}" and "{phrases_start[0].text}" both ask for the first words: keep one of them.')
            continue
        if p.role == "start" and not p.phrase and p.place == "other" and phrases_start:
            what = re.sub(r"(?i)^(?:opens|starts|begins|leads) with\s+", "", p.text)
            warnings.append(
                f"The task asks to open with {what} and with {_quoted(phrases_start[0].phrase)}: both cannot take the "
                "first words, so the rubric asks for it right after that opening. Edit the line if you meant otherwise."
            )
            p.text = f"Follows {_quoted(phrases_start[0].phrase)} with {what}"
            p.reason += f" It comes right after the required opening {_quoted(phrases_start[0].phrase)}, which takes the first words."
            p.place = "second"
        if p.role == "end" and p.place == "signoff" and p.implied and finals:
            continue
        if (
            final is not None
            and p.role == "end"
            and p.place in ("phrase", "signoff")
            and finals
            and p is not final
            and not p.implied
        ):
            hold(p, f'"{p.text}" and "{final.text}" both ask for the last words: keep one of them.')
            continue
        if (
            p.role == "end"
            and p.place in ("question", "cta", "other")
            and final is not None
            and re.match(r"(?i)ends\b", p.text)
        ):
            said = p.text
            p.text = f"The last sentence before {_end_words(final)} {_after_end(p)}"
            if not final.implied:
                warnings.append(
                    f"“{said}” and “{final.text}” both ask for the end: the sign-off takes the last line, so the rubric "
                    f"asks “{p.text}”. Edit it if you meant otherwise."
                )
            p.reason += " The sign-off takes the last line, so this is the last sentence before it."
            p.place = "before_end"
        kept.append(p)
    kept = _lengths(kept, hold)
    kept = _mentions_and_bans(kept, hold)
    kept = _counts(kept, hold)
    return kept, held, warnings


def _counts(props: list[Proposal], hold: object) -> list[Proposal]:
    """Bounds no answer meets together ("no more than 2 words" and "three to four words"): the later is held."""
    from rubric_core.checks.phrasing import contradictions, interpret
    from rubric_core.rubric import Criterion

    out: list[Proposal] = []
    for p in props:
        if p.role in ("length", "count", "form"):
            spec = interpret(Criterion(p.text, 0))
            earlier = [
                (Criterion(q.text, 0), interpret(Criterion(q.text, 0)))
                for q in out
                if q.role in ("length", "count", "form")
            ]
            clash = next((c for c, s in earlier if contradictions([(c, s), (Criterion(p.text, 0), spec)])), None)
            if clash is not None:
                hold(p, f'"{p.text}" and "{clash.text}" cannot both hold: no answer meets both. Keep one of them.')  # type: ignore[operator]
                continue
        out.append(p)
    return out


def _word_limit(p: Proposal) -> int | None:
    m = re.match(r"(?i)(?:at most|exactly) (\d+) words?$|fewer than (\d+) words?$|between \d+ and (\d+) words$", p.text)
    if not m:
        return None
    if m.group(2):
        return int(m.group(2)) - 1
    return int(m.group(1) or m.group(3))


def _lengths(props: list[Proposal], hold: object) -> list[Proposal]:
    out = []
    phrases = [p for p in props if p.phrase and p.role in ("include", "start", "end")]
    for p in props:
        limit = _word_limit(p) if p.role == "length" else None
        long = next((q for q in phrases if limit is not None and words_in(q.phrase) > limit), None)
        if long is not None:
            hold(  # type: ignore[operator]
                p,
                f'"{p.text}" cannot hold with {_quoted(long.phrase)} ({words_in(long.phrase)} words), which the task '
                f"also requires: the phrase is kept whole and the limit held back. Edit one of them.",
            )
            continue
        out.append(p)
    return out


def _mentions_and_bans(props: list[Proposal], hold: object) -> list[Proposal]:
    bans = {p.term.lower().strip(): p for p in props if p.role == "ban" and p.term}
    phrases = [p for p in props if p.phrase and p.role in ("include", "start", "end")]
    out = []
    for p in props:
        if p.role == "include" and p.term and p.term.lower().strip() in bans:
            ban = bans[p.term.lower().strip()]
            hold(p, f'"{p.text}" and "{ban.text}" ask for and rule out the same thing: keep one.')  # type: ignore[operator]
            continue
        if p.role == "ban" and p.phrase:
            inside = next((q for q in phrases if re.search(rf"(?i)\b{re.escape(p.phrase)}\b", q.phrase)), None)
            if inside is not None:
                hold(  # type: ignore[operator]
                    p,
                    f'"{p.text}" cannot hold with "{inside.text}", whose required phrase contains it: the phrase is '
                    "kept whole and the ban held back. Edit one of them.",
                )
                continue
        out.append(p)
    return out
