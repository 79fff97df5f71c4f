"""Score a drafter on the blind cases with my judgments (tests/core/drafter_blind.py).

A drafter is given as two functions: `draft(task) -> Drafted` and `amend(task, rubric_lines, note) -> Drafted`
(the rubric after the note in `lines`); either raises `Refused` (or ValueError) when it refuses the input.
"""

from __future__ import annotations

import re
import runpy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.core.drafter_blind import BAD_EXTRA, CASES, NOTES, Drafted, Outcome, prohibition

CASES_FILE = Path(__file__).with_name("drafter_blind_cases.py")


class Refused(Exception):
    """The drafter refused the input (with its message)."""


def blind() -> dict[str, Any]:
    """CASES, NOTES, BAD and the BAD_NOTE_* constants of the blind file."""
    return runpy.run_path(str(CASES_FILE))


_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})


def _norm(d: Drafted) -> Drafted:
    def n(xs: list[str]) -> list[str]:
        return [x.translate(_QUOTES) for x in xs]

    return Drafted(n(d.criteria), n(d.left), n(d.held), n(d.warnings), n(d.lines))


def _found(pattern: str, texts: list[str], polarity: str) -> bool:
    """Whether the pattern is in one of the texts with that polarity: "pos", "neg" or "any"."""
    for x in texts:
        for m in re.finditer(pattern, x, re.IGNORECASE):
            neg = prohibition(x, m.start())
            if polarity == "any" or (polarity == "neg") == neg:
                return True
    return False


@dataclass
class CaseScore:
    kept: int = 0
    inverted: int = 0
    dropped: int = 0
    implied_missing: int = 0
    must_not: int = 0
    conflicts: int = 0
    details: list[str] = field(default_factory=list)


@dataclass
class Figures:
    constraints: int = 0
    kept: int = 0
    inverted: int = 0
    dropped: int = 0
    implied_missing: int = 0
    must_not_total: int = 0
    must_not: int = 0
    conflict_pairs: int = 0
    conflicts: int = 0
    invented_limits: int = 0
    notes_total: int = 0
    notes_ok: int = 0
    bad_total: int = 0
    bad_ok: int = 0
    details: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"constraints kept {self.kept}/{self.constraints} · inverted {self.inverted} · dropped {self.dropped} "
            f"(+ {self.implied_missing} implied by the genre, not proposed: allowed)",
            f"must-not lines proposed {self.must_not}/{self.must_not_total} · conflicting pairs proposed "
            f"{self.conflicts}/{self.conflict_pairs} · subject-only tasks given an invented limit {self.invented_limits}/3",
            f"notes applied as expected {self.notes_ok}/{self.notes_total}",
            f"bad inputs handled as expected {self.bad_ok}/{self.bad_total}",
        ]


def score_case(case_id: str, d: Drafted) -> CaseScore:
    """Kept / inverted / dropped constraints, must-not lines and conflicting pairs of one drafted rubric."""
    case = CASES[case_id]
    d = _norm(d)
    s = CaseScore()
    texts = d.all
    for want in case.wants:
        polarity = {"K": "pos", "N": "neg"}.get(want.mode, "any")
        if all(_found(p, texts, polarity) for p in want.patterns):
            s.kept += 1
            continue
        opposite = {"pos": "neg", "neg": "pos"}.get(polarity)
        if opposite and any(_found(p, texts, opposite) for p in want.patterns):
            s.inverted += 1
            s.details.append(f"{case_id}: inverted {want.patterns[0]!r}")
        elif want.implied:
            s.implied_missing += 1
        else:
            s.dropped += 1
            s.details.append(f"{case_id}: dropped {want.patterns[0]!r}")
    for bad in case.bad:
        if bad.test is not None:
            hit = bad.test(d)
        else:
            hit = _found(bad.pattern, texts, "pos" if bad.positive else "neg" if bad.negative else "any")
        if hit:
            s.must_not += 1
            s.details.append(f"{case_id}: proposed must-not {bad.pattern or 'test'!r}")
    for a, b in case.conflicts:
        ia = {i for i, x in enumerate(d.criteria) if re.search(a, x, re.IGNORECASE)}
        ib = {i for i, x in enumerate(d.criteria) if re.search(b, x, re.IGNORECASE)}
        # A line that names the first wording belongs to its side even when the second's (looser) pattern also
        # matches it: 'Ends with "Love, Grandpa Joe"' is the sign-off, not an ending that fights it. A conflict is
        # a line of the first side and another line of the second side only.
        if ia and ib - ia:
            s.conflicts += 1
            s.details.append(f"{case_id}: proposed a conflicting pair {a[:30]!r} / {b[:30]!r}")
    return s


_LIMIT = re.compile(
    r"\b\d+\s+(?:words|lines|sentences|paragraphs|characters)\b|\b(?:poem|haiku|headings?|bullet)", re.I
)


def _matches(item: Any, line: str, original: list[str]) -> bool:
    if isinstance(item, int):
        return line == original[item - 1]
    if isinstance(item, str):
        return re.search(item, line, re.IGNORECASE) is not None
    return bool(item(line))


def note_ok(outcomes: tuple[Outcome, ...], original: list[str], result: Drafted | None, message: str) -> bool:
    """Whether the note's result (None: refused with `message`) is one of the acceptable outcomes."""
    for o in outcomes:
        if o.kind == "refuse":
            if result is None and (not o.warn or re.search(o.warn, message, re.I)):
                return True
            continue
        if result is None:
            continue
        said = " ".join(result.warnings)
        if o.warn and not re.search(o.warn, said, re.I):
            continue
        got = [x.translate(_QUOTES) for x in result.lines]
        required = list(o.items)
        matched: list[tuple[int, Any]] = []
        ok = True
        for pos, line in enumerate(got):
            pick = next((it for it in required if isinstance(it, int) and _matches(it, line, original)), None)
            if pick is None:
                pick = next((it for it in required if not isinstance(it, int) and _matches(it, line, original)), None)
            if pick is not None:
                required.remove(pick)
                matched.append((pos, pick))
                continue
            if not any(_matches(it, line, original) for it in o.optional):
                ok = False
                break
        ints = [it for _, it in matched if isinstance(it, int)]
        if ok and not required and ints == sorted(ints):
            return True
    return False


def score(
    draft: Callable[[str], Drafted], amend: Callable[[str, list[str], str], Drafted], *, detail: bool = False
) -> Figures:
    """Every figure over the blind CASES, NOTES and BAD."""
    data = blind()
    f = Figures()
    for case in data["CASES"]:
        f.constraints += len(case["constraints"])
        f.must_not_total += len(case["must_not_propose"])
        f.conflict_pairs += len(case["conflicts"])
        try:
            d = draft(case["task"])
        except (Refused, ValueError) as exc:
            d = Drafted()
            f.details.append(f"{case['id']}: refused ({exc})")
        s = score_case(case["id"], d)
        f.kept += s.kept
        f.inverted += s.inverted
        f.dropped += s.dropped
        f.implied_missing += s.implied_missing
        f.must_not += s.must_not
        f.conflicts += s.conflicts
        f.details += s.details
        if not case["constraints"] and any(_LIMIT.search(x) for x in d.criteria + d.left):
            f.invented_limits += 1
            f.details.append(f"{case['id']}: an invented limit {d.criteria}")
    for note in data["NOTES"]:
        f.notes_total += 1
        original = [x[2:] for x in note["rubric"].splitlines()]
        result, message = _amend(amend, note["task"], original, note["note"])
        if note_ok(NOTES[note["id"]], original, result, message):
            f.notes_ok += 1
        else:
            f.details.append(f"{note['id']}: {'refused: ' + message if result is None else result.lines}")
    bad_rubric = [x[2:] for x in data["BAD_NOTE_RUBRIC"].splitlines()]
    for bad in data["BAD"]:
        f.bad_total += 1
        if "task" in bad:
            try:
                result: Drafted | None = draft(bad["task"])
                message = ""
            except (Refused, ValueError) as exc:
                result, message = None, str(exc)
        else:
            result, message = _amend(amend, data["BAD_NOTE_TASK"], bad_rubric, bad["note"])
        refused = result is None
        want_refusal = bad["expected"] == data["REFUSE"]
        ok = refused == want_refusal and (refused or bad["id"] not in BAD_EXTRA or BAD_EXTRA[bad["id"]](_norm(result)))  # type: ignore[arg-type]
        if refused and not message.strip():
            ok = False  # a refusal says why
        f.bad_ok += ok
        if not ok:
            f.details.append(f"{bad['id']}: {'refused: ' + message[:120] if refused else 'drafted'}")
    if not detail:
        f.details = []
    return f


def _amend(amend: Callable[..., Drafted], task: str, rubric: list[str], note: str) -> tuple[Drafted | None, str]:
    try:
        return amend(task, list(rubric), note), ""
    except (Refused, ValueError) as exc:
        return None, str(exc)
