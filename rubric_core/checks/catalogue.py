"""The grader-tool catalogue: each deterministic check as a LangChain tool.

Any grader (an LLM grader too) can be given these as evidence tools through
`RubricMiddleware(tools=...)`; the names are what a RunConfig lists.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from rubric_core.checks import text as t
from rubric_core.checks.contents import check_contains, check_not_contains
from rubric_core.checks.sandbox import run_python_tests as _run_python_tests

if TYPE_CHECKING:
    from langchain_core.tools import BaseTool


def _result(r: t.CheckResult) -> str:
    return json.dumps(asdict(r))


def count_lines(text: str) -> str:
    """Count the non-empty lines of `text`. Returns JSON with the count and each line."""
    lines = t.lines_of(text)
    return json.dumps({"lines": len(lines), "text": lines})


def count_syllables_per_line(text: str) -> str:
    """Count syllables in each non-empty line of `text` (CMU Pronouncing Dictionary, Pyphen for unknown words)."""
    from rubric_core.checks.syllables import count_syllables_in_line

    return json.dumps([{"line": line, "syllables": count_syllables_in_line(line)} for line in t.lines_of(text)])


def count_sentences(text: str) -> str:
    """Split `text` into sentences and count them. Returns JSON with the count and the sentences."""
    sentences = t.sentences_of(text)
    return json.dumps({"sentences": len(sentences), "text": sentences})


def count_words(text: str) -> str:
    """Count the words of `text`."""
    return json.dumps({"words": len(t.words_of(text))})


def contains(text: str, terms: list[str], mode: str = "all") -> str:
    """Check that `text` contains all (mode="all") or any (mode="any") of `terms`: words, or single letters."""
    return _result(check_contains(text, terms=terms, mode=mode))


def not_contains(text: str, terms: list[str]) -> str:
    """Check that `text` contains none of `terms`: words, or single letters (e.g. ["e"] for a lipogram)."""
    return _result(check_not_contains(text, terms=terms))


def regex(text: str, pattern: str, should_match: bool = True) -> str:
    """Check whether `text` matches the Python regular expression `pattern` (multiline mode)."""
    return _result(t.check_regex(text, pattern=pattern, should_match=should_match))


def json_valid(text: str, schema: dict[str, Any] | None = None) -> str:
    """Check that `text` (or its fenced block) is valid JSON, and valid against the JSON Schema `schema` if given."""
    return _result(t.check_json(text, schema=schema))


def markdown_sections(text: str, sections: list[str]) -> str:
    """Check that every title in `sections` is a Markdown heading of `text`. Returns the headings found."""
    return _result(t.check_markdown_sections(text, sections=sections))


def run_python_tests(code: str, tests: str) -> str:
    """Run `tests` (assert statements or test_* functions) against the Python `code` in a sandboxed process
    (time limit, memory limit, no network). Returns JSON: passed, per-test results, error."""
    run = _run_python_tests(code, tests)
    return json.dumps({"passed": run.passed, "tests": run.tests, "error": run.error, "summary": run.summary()})


_FUNCTIONS: dict[str, Callable[..., str]] = {
    "line_count": count_lines,
    "syllables_per_line": count_syllables_per_line,
    "sentence_count": count_sentences,
    "word_count": count_words,
    "contains": contains,
    "not_contains": not_contains,
    "regex": regex,
    "json_valid": json_valid,
    "markdown_sections": markdown_sections,
    "python_tests": run_python_tests,
}

TOOL_CATALOGUE: dict[str, str] = {name: (fn.__doc__ or "").split("\n")[0] for name, fn in _FUNCTIONS.items()}
"""Catalogue name to a one-line description, in display order."""

TOOL_FUNCTION_NAMES: dict[str, str] = {name: fn.__name__ for name, fn in _FUNCTIONS.items()}
"""Catalogue name to the tool name the grader sees."""


def make_tools(names: list[str]) -> list[BaseTool]:
    """LangChain tools for catalogue names (unknown names raise ValueError)."""
    from langchain_core.tools import StructuredTool

    unknown = [n for n in names if n not in _FUNCTIONS]
    if unknown:
        msg = f"Unknown grader tool(s): {', '.join(unknown)}. Known: {', '.join(_FUNCTIONS)}."
        raise ValueError(msg)
    return [StructuredTool.from_function(_FUNCTIONS[n]) for n in names]
