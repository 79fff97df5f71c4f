"""Pairs of criteria in one rubric that no draft can meet together, each with why (the Run editor's preview).

Two counts of one unit whose ranges do not meet ("At most 50 words" and "At least 80 words"), and two
criteria that look at the same end of the text for different things: two marks ("Ends with a question" and
"Ends with a period"), a mark or a sentence and the sign-off that would follow it ("Ends with a question" and
"Ends with a sign-off": the text ends with one or the other), a question and a call to action (a call to action
is not a question), or two different words. A run with such a pair revises to its cap.
"""

from __future__ import annotations

from itertools import combinations

from rubric_core.checks.framing import GREETING_RE
from rubric_core.checks.phrasing import plan
from rubric_core.checks.spec import CheckSpec
from rubric_core.rubric import Criterion, parse_criteria

_COUNTS = ("line_count", "sentence_count", "word_count", "paragraph_count", "character_count")
_MARKS = {"question": "?", "period": ".", "exclamation": "!", "semicolon": ";", "colon": ":", "ellipsis": "…"}
_NAMES = {
    "question": "a question (?)",
    "period": "a period (.)",
    "exclamation": "an exclamation mark (!)",
    "semicolon": "a semicolon (;)",
    "colon": "a colon (:)",
    "ellipsis": "an ellipsis (…)",
    "call_to_action": "a call to action",
    "sign_off": "a sign-off",
}


def _unit(check: str) -> str:
    return check.split("_")[0] + "s"


def _count_conflict(a: CheckSpec, b: CheckSpec) -> str:
    if a.check != b.check or a.check not in _COUNTS:
        return ""
    lo = max(x for x in (a.params.get("min"), b.params.get("min"), 0) if x is not None)
    his = [x for x in (a.params.get("max"), b.params.get("max")) if x is not None]
    if his and lo > min(his):
        return f"one asks for at least {lo} {_unit(a.check)}, the other for at most {min(his)}"
    return ""


def _end(spec: CheckSpec | None, position: str) -> list[str]:
    """What a criterion asks the text to start or end with: kinds and words."""
    if spec is None or spec.check != "contains" or spec.params.get("position") != position:
        return []
    if spec.params.get("mode") == "any" and len(spec.params.get("terms", []) + spec.params.get("patterns", [])) > 1:
        return []  # "Ends with a question or a call to action": either will do
    return [*spec.params.get("patterns", []), *(f"word:{t.lower()}" for t in spec.params.get("terms", []))]


def _end_conflict(a: CheckSpec | None, b: CheckSpec | None, position: str) -> str:
    where = "last" if position == "end" else "first"
    for x in _end(a, position):
        for y in _end(b, position):
            if x == y:
                continue
            if x.startswith("word:") and y.startswith("word:"):
                greeting = position == "start" and (GREETING_RE.match(x[5:]) or GREETING_RE.match(y[5:]))
                if x[5:] not in y[5:] and y[5:] not in x[5:] and not greeting:
                    return f'both name the text\'s {where} words: "{x[5:]}" and "{y[5:]}"'
                continue
            if position != "end":
                continue
            pair = {x, y}
            if pair <= set(_MARKS):
                return f"both look at the text's last mark: {_NAMES[x]} and {_NAMES[y]}"
            # The body ends before the sign-off ("The body ends with a question", "The last sentence before the
            # sign-off is a question"): both can hold.
            body_side = (b if x == "sign_off" else a) if "sign_off" in pair else None
            if body_side is not None and body_side.params.get("scope") == "body":
                continue
            if "sign_off" in pair and pair & (set(_NAMES) | {p for p in pair if p.startswith("word:")}):
                other = (pair - {"sign_off"}).pop()
                shown = _NAMES.get(other, f'"{other[5:]}"')
                return (
                    f"both look at the end of the text: it ends with {shown} or with a sign-off, not both (say "
                    "'The body ends with ...' or drop one)"
                )
            if pair == {"question", "call_to_action"}:
                return "both look at the last sentence: a call to action is not a question"
            if pair & set(_MARKS) and pair & {"call_to_action"} and "question" not in pair:
                continue
    return ""


def conflicts(criteria: list[Criterion]) -> list[str]:
    """One message per pair of criteria that cannot both hold: which two, and why."""
    specs = [(c, plan(c).spec) for c in criteria]
    out = []
    for (c1, s1), (c2, s2) in combinations(specs, 2):
        why = ""
        if s1 is not None and s2 is not None:
            why = _count_conflict(s1, s2)
        why = why or _end_conflict(s1, s2, "end") or _end_conflict(s1, s2, "start")
        if why:
            out.append(f'"{c1.text}" and "{c2.text}" cannot both hold: {why}.')
    return out


def rubric_conflicts(rubric: str) -> list[str]:
    """`conflicts` of a rubric's text."""
    return conflicts(parse_criteria(rubric))
