"""A criterion written as a bare noun phrase ("Numbered list", "Bullet points", "Greeting", "Sign-off") asks that the
text has one: it is planned as "Has a numbered list", never as words the text must contain."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rubric_core.checks.spec import CheckPlan
from rubric_core.rubric import Criterion

_BARE_NOUN = re.compile(r"(?i)(?:(?:an?|the)\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}")
"""One to three plain words and no verb the grader reads ("Numbered list", "Subject line")."""


def as_had(criterion: Criterion, plan: Callable[[Criterion], CheckPlan]) -> CheckPlan | None:
    """The plan of "Has a <phrase>" for a bare noun phrase, when a check reads it; else None."""
    if not _BARE_NOUN.fullmatch(criterion.text.strip()):
        return None
    bare = re.sub(r"(?i)^(?:an?|the)\s+", "", criterion.text.strip()).lower()
    article = "an" if bare[:1] in "aeiou" else "a"
    plural = bare.endswith("s") and not bare.endswith("ss")
    had = plan(replace(criterion, text=f"Has {bare}" if plural else f"Has {article} {bare}"))
    if had.spec is None or had.spec.params.get("unjudged"):
        return None
    return had
