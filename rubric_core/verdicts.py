"""A criterion verdict is a record, not a bool: pass, fail or n/a, the check that decided it, and the gap.

The loop hands the library `passed: bool` (n/a is `False` there, as its grader
prompt asks of a criterion it could not confirm). Everything the product
computes or shows reads the record through this module: pass rates, blockers,
kappa, gates and the rubric doctor leave n/a and grader errors out and say how
many they left out. The store, the views and the exports read it from here.

A `check` is plain JSON:
`{"kind", "label", "looked_for", "found", "tools": [{"name", "args", "answer", "error", "seconds"}]}`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

Verdict = Literal["pass", "fail", "n/a"]
VERDICTS: tuple[str, ...] = ("pass", "fail", "n/a")
JUDGED: frozenset[str] = frozenset({"pass", "fail"})
"""Verdicts that say something about the draft; n/a says the grader could not tell."""

SYMBOLS: dict[str, str] = {"pass": "✔", "fail": "✘", "n/a": "n/a"}
WORDS: dict[str, str] = {"pass": "pass", "fail": "fail", "n/a": "n/a (cannot judge)"}

JUDGEMENT = "judgement"
CANNOT_JUDGE = "cannot_judge"
UNRECORDED = "unrecorded"

CHECK_LABELS: dict[str, str] = {
    "word_match": "word match",
    "phrase": "phrase",
    "line_count": "line count",
    "word_count": "word count",
    "sentence_count": "sentence count",
    "paragraph_count": "paragraph count",
    "character_count": "character count",
    "syllables": "syllables",
    "regex": "regex",
    "json": "JSON",
    "json_schema": "JSON schema",
    "sections": "sections",
    "function": "function",
    "docstrings": "docstrings",
    "tests": "tests",
    "topic": "topic words",
    "sensory": "sensory words",
    "pattern": "pattern",
    "tool": "grader tool",
    JUDGEMENT: "the grader model's judgement",
    CANNOT_JUDGE: "cannot judge",
    UNRECORDED: "check not recorded",
}
"""Display names of check kinds (a grader tool and a pattern are named by their own label)."""

MAX_TOOL_TEXT = 2000
"""Characters of a grader tool's arguments or answer kept beside a verdict (the transcript has the rest)."""


@dataclass(frozen=True)
class CriterionVerdict:
    """One criterion's verdict at one grading pass."""

    name: str
    """The criterion as the grader named it."""

    verdict: Verdict
    """pass, fail, or n/a (the grader could not judge it)."""

    gap: str
    """What is missing, when not passed ('' when passed)."""

    check: dict[str, Any]
    """What decided it: kind, label, looked_for, found, tools."""

    @property
    def judged(self) -> bool:
        """Whether the verdict says something about the draft (pass or fail)."""
        return self.verdict in JUDGED


def make_check(
    kind: str,
    *,
    label: str = "",
    looked_for: str = "",
    found: str = "",
    tools: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A check record; `label` defaults to the kind's display name."""
    check: dict[str, Any] = {
        "kind": kind,
        "label": label or CHECK_LABELS.get(kind, kind.replace("_", " ")),
        "looked_for": looked_for,
        "found": found,
    }
    if tools:
        check["tools"] = tools
    return check


def judgement_check(gap: str = "", tools: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The check of an LLM grader's verdict: its own judgement, with any grader tool calls of the pass."""
    return make_check(JUDGEMENT, looked_for="the criterion as written", found=gap, tools=tools)


_UNRECORDED_CHECK = make_check(UNRECORDED, looked_for="", found="stored before checks were recorded")


def unrecorded_check() -> dict[str, Any]:
    """What a verdict stored before checks were recorded (or imported from such a file) carries."""
    # A copy of one record built once: an export reads it for each of hundreds of thousands of older rows.
    return dict(_UNRECORDED_CHECK)


def verdict_of(row: Mapping[str, Any]) -> Verdict:
    """A stored or streamed criterion's verdict: its `verdict` when it has one, else from `passed`."""
    value = str(row.get("verdict") or "")
    if value in VERDICTS:
        return value  # type: ignore[return-value]
    return "pass" if bool(row.get("passed")) else "fail"


def check_of(row: Mapping[str, Any]) -> dict[str, Any]:
    """A criterion's check record: `check` (a dict, or its JSON in `check_json`), else 'not recorded'."""
    check = row.get("check")
    if not isinstance(check, dict):
        raw = row.get("check_json")
        if isinstance(raw, str) and raw:
            try:
                check = json.loads(raw)
            except ValueError:
                check = None
    if not isinstance(check, dict) or not check.get("kind"):
        return unrecorded_check()
    out = dict(check)
    out.setdefault("label", CHECK_LABELS.get(str(out["kind"]), str(out["kind"])))
    out.setdefault("looked_for", "")
    out.setdefault("found", "")
    return out


def record_of(row: Mapping[str, Any]) -> CriterionVerdict:
    """The verdict record of a stored, streamed or exported criterion dict."""
    verdict = verdict_of(row)
    return CriterionVerdict(
        name=str(row.get("name") or row.get("criterion") or ""),
        verdict=verdict,
        gap="" if verdict == "pass" else str(row.get("gap") or ""),
        check=check_of(row),
    )


def passed_value(verdict: str) -> bool | None:
    """True, False, or None for n/a: what a frame's nullable `passed` column holds."""
    return None if verdict == "n/a" else verdict == "pass"


def check_text(check: Mapping[str, Any], *, with_tools: bool = True, brief: bool = False) -> str:
    """One line a person reads beside a verdict: 'word count: 138 words (looked for at most 120 words)'; `brief`
    leaves out what it looked for when it found something ('word count: 138 words')."""
    label = str(check.get("label") or CHECK_LABELS.get(str(check.get("kind")), "check"))
    found = str(check.get("found") or "")
    looked = str(check.get("looked_for") or "")
    kind = str(check.get("kind") or "")
    if found and found.casefold().startswith(label.casefold()):
        # What it found already names the check ("topic words "a", "b" in 3 of 4 lines"): said once, not twice
        # ("topic words: topic words …").
        return _with_tools(found if brief or not looked else f"{found} (looked for {looked})", check, with_tools)
    if kind == JUDGEMENT:
        text = label
    elif found and looked and not brief:
        text = f"{label}: {found} (looked for {looked})"
    elif found or looked:
        text = f"{label}: {found or 'looked for ' + looked}"
    else:
        text = label
    return _with_tools(text, check, with_tools)


def _with_tools(text: str, check: Mapping[str, Any], with_tools: bool) -> str:
    """`text`, then the grader tool calls behind the verdict (when asked for)."""
    if with_tools:
        calls = [tool_call_text(t) for t in check.get("tools") or [] if isinstance(t, Mapping)]
        if calls:
            text += "; " + "; ".join(calls)
    return text


def tool_error_check(failed: list[dict[str, Any]]) -> dict[str, Any]:
    """The check of a criterion left n/a because a grader tool it names raised or timed out: the same record the
    offline grader writes then ('the tool failed', the tool's call with its error)."""
    name = str(failed[0].get("name") or "tool")
    return make_check("tool", label=name, looked_for="its report saying passed", found="the tool failed", tools=failed)


def tool_errors(check: Mapping[str, Any]) -> str:
    """'; run_tests failed: timed out after 30 s' for each failed tool call of a check ('' for none): what a short
    line beside a verdict must still say."""
    calls = [tool_call_text(t) for t in check.get("tools") or [] if isinstance(t, Mapping) and t.get("error")]
    return "".join(f"; {c}" for c in calls)


def tool_call_text(call: Mapping[str, Any]) -> str:
    """'run_test_suite → {"passed": true, ...}' or 'run_test_suite failed: timed out after 30 s'."""
    name = str(call.get("name") or "tool")
    if call.get("error"):
        return f"{name} failed: {str(call['error'])[:200]}"
    answer = str(call.get("answer") or "")
    return f"{name} → {answer[:200]}" + ("…" if len(answer) > 200 else "")


@dataclass(frozen=True)
class Tally:
    """Counts of a set of verdicts: what a rate is computed over, and what was left out."""

    passed: int = 0
    failed: int = 0
    not_judged: int = 0
    """n/a verdicts: left out of every rate."""

    @property
    def judged(self) -> int:
        """Verdicts a rate is computed over."""
        return self.passed + self.failed

    @property
    def total(self) -> int:
        return self.judged + self.not_judged

    @property
    def rate(self) -> float | None:
        """Share of judged verdicts that passed; None when none was judged."""
        return self.passed / self.judged if self.judged else None

    def left_out(self) -> str:
        """'' or '2 n/a left out'."""
        return f"{self.not_judged} n/a left out" if self.not_judged else ""


def tally(verdicts: Iterable[str]) -> Tally:
    """Count pass / fail / n/a."""
    p = f = n = 0
    for v in verdicts:
        if v == "pass":
            p += 1
        elif v == "fail":
            f += 1
        else:
            n += 1
    return Tally(p, f, n)


def score_text(verdicts: Iterable[str]) -> str:
    """'3/4' or '3/4 · 1 n/a': criteria met of those judged, n/a apart."""
    t = tally(verdicts)
    text = f"{t.passed}/{t.judged}"
    return f"{text} · {t.not_judged} n/a" if t.not_judged else text


def pass_count_text(verdicts: Iterable[str]) -> str:
    """'3 of 4 criteria pass' or '3 of 4 criteria pass · 3 n/a': in words, so the n/a count never reads as the
    number passing ('3/4 · 3 n/a criteria pass' read as "3 n/a criteria pass")."""
    t = tally(verdicts)
    text = f"{t.passed} of {t.judged} {'criterion passes' if t.judged == 1 else 'criteria pass'}"
    return f"{text} · {t.not_judged} n/a" if t.not_judged else text


def revised_only_for_na(criteria_by_pass: Iterable[Iterable[Mapping[str, Any]]], results: Iterable[str]) -> int:
    """How many grading passes asked for a revision although no criterion failed, only n/a ones.

    The library reads n/a as failed (its grader prompt asks that an unconfirmed criterion fail), so
    a run can go on revising, and hit its cap, for criteria its grader could not judge at all.
    """
    count = 0
    for criteria, result in zip(criteria_by_pass, results, strict=False):
        verdicts = [verdict_of(c) for c in criteria]
        if result in ("needs_revision", "max_iterations_reached") and "n/a" in verdicts and "fail" not in verdicts:
            count += 1
    return count
