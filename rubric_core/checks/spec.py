"""What a criterion becomes (a check and its parameters, or why none covers it) and what a check reads."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CheckSpec:
    """A criterion turned into a check: which check and its parameters."""

    check: str
    """A name from `CHECKS`."""

    params: dict[str, Any] = field(default_factory=dict)
    """Keyword arguments of the check function."""

    criterion: str = field(default="", compare=False)
    """The criterion it was planned from: what the evidence for its object is looked for with (evidence.py) when
    the check itself decides nothing."""

    def describe(self) -> str:
        """Short human text, e.g. `line_count(min=3, max=3)`."""
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items() if k not in ("tests", "schema"))
        return f"{self.check}({args})"


@dataclass(frozen=True)
class Draft:
    """What a check looks at: the agent's last answer and the files it wrote."""

    text: str
    """The last assistant message without tool calls."""

    files: dict[str, str] = field(default_factory=dict)
    """Path to content of files the agent wrote (from its tool calls or state)."""

    task: str = ""
    """The task (the transcript's first user message): a span of the draft copied from it is no evidence."""

    def code(self) -> str:
        """The agent's Python code: the last .py file written, else the last fenced Python block."""
        py = [content for path, content in self.files.items() if path.endswith(".py")]
        if py:
            return py[-1]
        blocks = re.findall(r"```(?:python|py)?\s*\n(.*?)```", self.text, re.DOTALL)
        return blocks[-1] if blocks else self.text


@dataclass(frozen=True)
class CheckPlan:
    """How the offline grader will judge a criterion: a check, or why it cannot (n/a)."""

    spec: CheckSpec | None
    reason: str = ""
    """Why no check covers the criterion (when `spec` is None)."""


NO_PHRASING = "no check of the offline grader matches its wording"


def only(text: str, allowed: frozenset[str]) -> bool:
    """Whether every word of `text` is one of `allowed` (so it asks for nothing more)."""
    return all(word in allowed for word in re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower()))


LEAD_FILLER = frozenset(
    "it it's its the a an is are be must should also explicitly clearly text answer response reply output draft "
    "summary email message post announcement poem story essay letter note".split()
)
TAIL_FILLER = frozenset("somewhere anywhere in it the text answer response draft output at least once".split())


def plain_lead(lead: str) -> bool:
    """Whether the words before a "mentions ..." or "is about ..." phrasing add nothing the check ignores:
    "Every line mentions the sea" or "Is a funny poem about cats" ask for more than the whole text naming
    the sea or being about cats, so they are not judged."""
    return only(lead, LEAD_FILLER)
