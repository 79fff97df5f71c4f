"""The text of an imported run, held to what a run holds: no NUL, no lone surrogate, and the bounds a run applies.

A run keeps at most MAX_TEXT_CHARS of one message, file, tool call or check (engine/bounds.py); an import file
could hold a 20 MB draft, note or check and was stored whole (runs.sqlite grew to 105 MB). Checked before the
schema, on the raw record (a million tags take the schema a minute), each bound is named with the field.
"""

from __future__ import annotations

from typing import Any

from rubric_core.engine.bounds import MAX_FILES_CHARS, MAX_TEXT_CHARS
from rubric_core.exports.import_errors import refuse
from rubric_core.verdicts import MAX_TOOL_TEXT

TEXT_BOUND = MAX_TEXT_CHARS + 1_000
"""One text of a run (a draft, a final output, a file, feedback, an explanation, a gap, a note, a check): what
the run keeps (MAX_TEXT_CHARS, cut in the middle) with room for the note the cut leaves."""
FILES_BOUND = MAX_FILES_CHARS + 100_000
"""A draft's (or the final) files together."""
TOOL_BOUND = MAX_TOOL_TEXT + 1_000
"""A grader tool's arguments or answer kept beside a verdict."""
MAX_TAGS = 200
MAX_TAG_CHARS = 200
MAX_PASSES = 10_000
"""Grading passes of one run (20 per turn at most)."""
_TEXTS_OF_STEP = ("draft", "explanation", "feedback")
_TEXTS_OF_CRITERION = ("name", "gap", "human_reason")
_TEXTS_OF_CHECK = ("label", "looked_for", "found")


def check_text(record: dict[str, Any], line: int) -> None:
    """Refuse any text past the bound a run holds it to, then a NUL or a lone surrogate anywhere (each named)."""
    _bounds(record, line)
    _walk(record, line)


def _bounds(record: dict[str, Any], line: int) -> None:
    meta = record.get("metadata")
    if not isinstance(meta, dict):
        return
    tags = meta.get("tags")
    if isinstance(tags, list):
        if len(tags) > MAX_TAGS:
            raise refuse(line, f"metadata.tags holds {len(tags):,} tags; a run has at most {MAX_TAGS}.")
        for n, tag in enumerate(tags):
            if isinstance(tag, str) and len(tag) > MAX_TAG_CHARS:
                raise refuse(line, f"metadata.tags[{n}] is {len(tag):,} characters; a tag is at most {MAX_TAG_CHARS}.")
    _bound(meta.get("note"), "metadata.note", line)
    _bound(meta.get("error"), "metadata.error", line)
    _history(meta.get("history"), line)
    outputs = record.get("outputs")
    if isinstance(outputs, dict):
        _bound(outputs.get("final_output"), "outputs.final_output", line)
        _files(outputs.get("files"), "outputs.files", line)
    for k, criterion in enumerate(meta.get("final_criteria") or []):
        _criterion(criterion, f"metadata.final_criteria[{k}]", line)


def _history(history: Any, line: int) -> None:
    if not isinstance(history, list):
        return
    if len(history) > MAX_PASSES:
        raise refuse(line, f"metadata.history holds {len(history):,} passes; a run has at most {MAX_PASSES:,}.")
    for n, step in enumerate(history):
        if not isinstance(step, dict):
            continue
        at = f"metadata.history[{n}]"
        for key in _TEXTS_OF_STEP:
            _bound(step.get(key), f"{at}.{key}", line)
        _files(step.get("files"), f"{at}.files", line)
        for k, criterion in enumerate(step.get("criteria") or []):
            _criterion(criterion, f"{at}.criteria[{k}]", line)
        for k, event in enumerate(step.get("tool_events") or []):
            if isinstance(event, dict):
                for key, value in event.items():
                    _bound(value if isinstance(value, str) else None, f"{at}.tool_events[{k}].{key}", line)


def _criterion(criterion: Any, at: str, line: int) -> None:
    if not isinstance(criterion, dict):
        return
    for key in _TEXTS_OF_CRITERION:
        _bound(criterion.get(key), f"{at}.{key}", line)
    check = criterion.get("check")
    if not isinstance(check, dict):
        return
    for key in _TEXTS_OF_CHECK:
        _bound(check.get(key), f"{at}.check.{key}", line)
    for t, tool in enumerate(check.get("tools") or []):
        if isinstance(tool, dict):
            for key in ("args", "answer", "error"):
                value = tool.get(key)
                text = value if isinstance(value, str) else (None if value is None else repr(value))
                _bound(text, f"{at}.check.tools[{t}].{key}", line, TOOL_BOUND)


def _files(files: Any, at: str, line: int) -> None:
    if not isinstance(files, list):
        return
    total = 0
    for n, f in enumerate(files):
        content = f.get("content") if isinstance(f, dict) else None
        if isinstance(content, str):
            _bound(content, f"{at}[{n}].content", line)
            total += len(content)
    if total > FILES_BOUND:
        raise refuse(line, f"{at} hold {total:,} characters together; a run keeps at most {MAX_FILES_CHARS:,}.")


def _bound(value: Any, at: str, line: int, bound: int = TEXT_BOUND) -> None:
    if isinstance(value, str) and len(value) > bound:
        raise refuse(
            line,
            f"{at} is {len(value):,} characters; a run keeps at most {bound - 1_000:,} of one text (the rest cut "
            "out, engine/bounds.py), so no stored run holds more. Shorten it.",
        )


def _walk(value: Any, line: int) -> None:
    """A NUL or a lone UTF-16 surrogate in any string (a key too), refused with its path."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            _storable(node, path, line)
        elif isinstance(node, dict):
            for key in node:
                _storable(key, path or "a key", line)
            # Reversed onto the stack: the first field is looked at first, so the first problem in the line is named.
            stack.extend((node[k], f"{path}.{k}" if path else str(k)) for k in reversed(list(node)))
        elif isinstance(node, list):
            stack.extend(
                (node[i], f"{path}[{i}]")
                for i in range(len(node) - 1, -1, -1)
                if isinstance(node[i], str | dict | list)
            )


def _storable(text: str, path: str, line: int) -> None:
    if "\x00" in text:
        raise refuse(
            line,
            f"{path or 'the line'} holds a NUL character (\\u0000), which neither store keeps as text (a run "
            "refuses it too). Remove it.",
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise refuse(
            line, f"{path or 'the line'} holds a lone UTF-16 surrogate, which cannot be stored as text."
        ) from None
