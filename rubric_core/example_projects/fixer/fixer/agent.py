"""The fixer agent: a deep agent with the project's own tool, a reviewer subagent and its own system prompt.

Rubric Studio calls `make_agent(model=..., middleware=..., checkpointer=...)`:
- `model` is the working model picked in the UI or with --model,
- `middleware` holds Rubric Studio's RubricMiddleware (the grader loop): pass it on,
- `checkpointer` is where the run is saved (Resume and Continue need it): pass it on.
"""

from __future__ import annotations

from typing import Any

from deepagents import create_deep_agent

from fixer.tools import check_syntax

SYSTEM_PROMPT = (
    "You fix Python code in the files you are given. Read the file, fix it, check it with check_syntax, "
    "save it with write_file, then say in two sentences what you changed and why."
)

REVIEWER = {
    "name": "reviewer",
    "description": "Reviews a Python function for bugs with edge cases (empty input, order, unhashable items).",
    "system_prompt": "You review Python code. List concrete bugs with a failing input for each. Be brief.",
}


def make_agent(*, model: Any, middleware: list[Any], checkpointer: Any) -> Any:
    """The fixer as a compiled graph that runs Rubric Studio's middleware and saves to its checkpointer."""
    return create_deep_agent(
        model=model,
        tools=[check_syntax],
        subagents=[REVIEWER],
        system_prompt=SYSTEM_PROMPT,
        middleware=[*middleware],
        checkpointer=checkpointer,
    )
