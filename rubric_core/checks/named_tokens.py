"""A criterion no check reads that names something the text must hold: "Runs on Windows", "Keeps backups for 30 days",
"Requires Python 3.9 or newer", "Logs output to /var/log/backup.log".

No check confirms what such a criterion asks of the token (that the job runs on it, that backups are kept that
long), but a draft without the token cannot meet it: a token (a number, a path, an identifier, a quoted phrase)
missing from the text is a fail, with the token named; every token there is n/a. Tokens are found in any
spelling of the same meaning (normalise.py: "thirty days" for 30 days).
"""

from __future__ import annotations

import re

from rubric_core.checks.matching import literal_at
from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult

_QUOTED = re.compile(r"[\"“'‘`]([^\"”'’`]{2,60})[\"”'’`]")


def named_tokens(criterion: str) -> list[str]:
    """Tokens a criterion names: quoted phrases and words with a digit or a symbol (a capitalised word may be a
    manner, "Follows AP style", "Is in English", not a thing the text holds)."""
    tokens = [m.group(1) for m in _QUOTED.finditer(criterion)]
    rest = re.sub(r"\([^)]*\)\s*$", " ", _QUOTED.sub(" ", criterion))  # "(run_test_suite)": a grader tool
    words = rest.split()
    for i, raw in enumerate(words):
        word = raw.strip(".,;:!?()[]{}")
        if not word:
            continue
        before = " ".join(words[max(0, i - 2) : i]).lower()
        if re.search(r"\b(?:under|over|below|above|within|than|most|least|to|before|after|by)$", before):
            continue  # "costs under £10", "within 24 hours": a bound, not a thing the text holds
        if re.fullmatch(r"\d{1,2}:\d{2}", word):
            continue  # a time may be written otherwise ("30 2 * * *", "half past two")
        if re.search(r"\d|[/_@#$%€£]|\w\.\w", word):
            tokens.append(word)
    return tokens


def check_named_tokens(text: str, *, tokens: list[str], reason: str) -> CheckResult:
    """✘ when a token the criterion names is missing from the text; n/a (with `reason`) when all are there."""
    missing = [t for t in tokens if literal_at(text, t) is None]
    if missing:
        shown = ", ".join(f'"{t}"' for t in missing)
        return CheckResult(False, f"no {shown}", f"The criterion names {shown}, which the text does not hold.")
    held = ", ".join(f'"{t}"' for t in tokens)
    return CheckResult(False, f"{held} found", f"{held} found, but {reason}", undecided=True)


def token_plan(criterion: str, reason: str) -> CheckPlan | None:
    """The token check of a criterion no other check reads, when it names tokens; else None."""
    if re.match(r"^\W*(?:is|are|be|sounds|feels|reads|looks|seems)\b", criterion, re.IGNORECASE):
        return None  # "Is witty and original": a description of the whole text, not a thing it holds
    tokens = [t for t in named_tokens(criterion) if not re.search(r"[<>]", t)]
    if not tokens:
        return None
    return CheckPlan(CheckSpec("named_tokens", {"tokens": tokens, "reason": reason}))
