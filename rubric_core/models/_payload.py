"""Read the grader payload that `RubricMiddleware` builds.

The payload wraps the rubric, the frozen criteria (after the first pass) and
a role-labelled transcript in nonce-bracketed tags. The offline grader reads
it the way an LLM grader would: from the text, not from agent state.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from rubric_core.checks.phrasing import Draft

_ROLE_RE = re.compile(r"^\[(user|assistant|system|tool:[^\]\n]+|tool|\w+)\] ", re.MULTILINE)
_TOOL_CALL_RE = re.compile(r"<tool_call name='([^']+)' args=")


@dataclass
class GraderPayload:
    """The parts of one grader payload."""

    rubric: str
    frozen_criteria: list[str] = field(default_factory=list)
    transcript: list[tuple[str, str]] = field(default_factory=list)
    """(role, text) in transcript order."""


def _unsanitize(text: str) -> str:
    return re.sub(r"<\\/(rubric|transcript|criteria)", r"</\1", text, flags=re.IGNORECASE)


def _block(payload: str, tag: str) -> str | None:
    m = re.search(rf"<{tag}-([0-9a-f]+)>\n(.*?)\n</{tag}-\1>", payload, re.DOTALL)
    return _unsanitize(m.group(2)) if m else None


def parse_payload(payload: str) -> GraderPayload:
    """Split a grader payload into rubric, frozen criteria and transcript."""
    rubric = _block(payload, "rubric") or ""
    criteria_block = _block(payload, "criteria") or ""
    frozen = [re.sub(r"^\d+\.\s*", "", line).strip() for line in criteria_block.splitlines() if line.strip()]
    transcript_text = _block(payload, "transcript") or ""
    turns: list[tuple[str, str]] = []
    marks = list(_ROLE_RE.finditer(transcript_text))
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(transcript_text)
        turns.append((mark.group(1), transcript_text[mark.end() : end].rstrip("\n")))
    return GraderPayload(rubric=rubric, frozen_criteria=frozen, transcript=turns)


def _tool_calls(text: str) -> tuple[str, list[tuple[str, dict]]]:
    """Split an assistant turn into its prose and its parsed tool calls."""
    calls: list[tuple[str, dict]] = []
    prose_parts: list[str] = []
    pos = 0
    for m in _TOOL_CALL_RE.finditer(text):
        if m.start() < pos:
            continue
        prose_parts.append(text[pos : m.start()])
        start = m.end()
        end = text.find("}/>", start)
        parsed = None
        while end >= 0:
            try:
                parsed = ast.literal_eval(text[start : end + 1])
                break
            except (ValueError, SyntaxError):
                end = text.find("}/>", end + 1)
        if parsed is None:
            pos = len(text)
            break
        calls.append((m.group(1), parsed))
        pos = end + 3
    prose_parts.append(text[pos:])
    return "\n".join(p.strip() for p in prose_parts if p.strip()), calls


def draft_from_transcript(turns: list[tuple[str, str]]) -> Draft:
    """The last assistant answer, plus files written by write_file and edit_file calls."""
    files: dict[str, str] = {}
    last_text = ""
    for role, text in turns:
        if role != "assistant":
            continue
        prose, calls = _tool_calls(text)
        for name, args in calls:
            path = str(args.get("file_path", ""))
            if name == "write_file" and path:
                files.pop(path, None)
                files[path] = str(args.get("content", ""))
            elif name == "edit_file" and path in files:
                old, new = str(args.get("old_string", "")), str(args.get("new_string", ""))
                files[path] = files[path].replace(old, new, -1 if args.get("replace_all") else 1)
        if prose and prose != "(empty)" and not calls:
            last_text = prose
    return Draft(text=last_text, files=files)
