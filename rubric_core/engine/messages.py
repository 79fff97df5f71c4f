"""Reading LangChain messages and agent state into plain event data (text, files, tokens)."""

from __future__ import annotations

from typing import Any

from rubric_core.models.providers import ModelSpecError, parse_model_spec

GRADER_SOURCE = "rubric_grader"
"""`lc_source` of the feedback message the middleware injects."""


def message_tokens(message: Any, counted: dict[str, int]) -> dict[str, int]:
    """The working model's tokens for a step: the message's own usage when it carries it.

    A step replayed from a checkpoint on resume (its writes were saved, its event was not)
    made no model call in this process, but its message still carries its usage.
    """
    usage = getattr(message, "usage_metadata", None)
    if not usage:
        return counted
    return {k: int(usage.get(k, 0) or 0) for k in ("input_tokens", "output_tokens", "total_tokens")}


def valid_spec(spec: str) -> bool:
    """Whether a model spec parses."""
    try:
        parse_model_spec(spec)
    except ModelSpecError:
        return False
    return True


def text(message: Any) -> str:
    """A message's text content."""
    from rubric_core.models._chat import text_of

    return text_of(message)


def file_text(value: Any) -> str:
    """A state file's content as one text."""
    if isinstance(value, dict):
        content = value.get("content", "")
        return "\n".join(content) if isinstance(content, list) else str(content)
    return str(value)


def jsonable(value: Any) -> Any:
    """`value` as JSON types (anything else by its str)."""
    import json

    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return json.loads(json.dumps(value, default=str))
