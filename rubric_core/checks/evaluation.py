"""A check spec run against a draft: the check functions by name, and what an echo of the task or a comment in
code is worth (no evidence). phrasing.py maps a criterion to a spec; this module runs it."""

from __future__ import annotations

from collections.abc import Callable

from rubric_core.checks import code_checks, lists
from rubric_core.checks import text as t
from rubric_core.checks.contents import check_contains, check_not_contains
from rubric_core.checks.echo import echoes, mask
from rubric_core.checks.evidence import check_evidence, decide, prose_of
from rubric_core.checks.json_keys import check_json_key
from rubric_core.checks.layout_facts import check_layout
from rubric_core.checks.named_tokens import check_named_tokens
from rubric_core.checks.objects import parse_ask
from rubric_core.checks.parts import check_part
from rubric_core.checks.scopes import run_scoped
from rubric_core.checks.spec import CheckSpec, Draft
from rubric_core.checks.sql import check_sql
from rubric_core.checks.topics import check_topic

_CODE_CHECKS: dict[str, Callable[..., t.CheckResult]] = {
    "python_tests": code_checks.python_tests,
    "python_defines": code_checks.python_defines,
    "python_docstrings": code_checks.python_docstrings,
    "python_class": code_checks.python_class,
    "python_syntax": code_checks.python_syntax,
    "python_type_hints": code_checks.python_type_hints,
    "python_has_tests": code_checks.python_has_tests,
}
_TEXT_CHECKS: dict[str, Callable[..., t.CheckResult]] = {
    "line_count": t.check_line_count,
    "syllables_per_line": t.check_syllables_per_line,
    "sentence_count": t.check_sentence_count,
    "word_count": t.check_word_count,
    "paragraph_count": t.check_paragraph_count,
    "character_count": t.check_character_count,
    "contains": check_contains,
    "not_contains": check_not_contains,
    "regex": t.check_regex,
    "json_valid": t.check_json,
    "markdown_sections": t.check_markdown_sections,
    "topic": check_topic,
    "sensory_details": t.check_sensory_details,
    "list_of": lists.check_list_of,
    "marked_count": lists.check_marked_count,
    "sql": check_sql,
    "json_key": check_json_key,
    "part": check_part,
    "named_tokens": check_named_tokens,
    "evidence": check_evidence,
    "layout": check_layout,
}


_ECHO_CHECKED = frozenset({"contains", "topic", "sensory_details", "list_of"})
"""Checks whose ✔ rests on what the draft holds, so on nothing when it holds it only in text copied from the task."""


def evaluate(spec: CheckSpec, draft: Draft) -> t.CheckResult:
    """Run a check against a draft. A ✔ that rests only on spans the draft copied from the task's instructions
    (echo.py) is a ✘: an echo is no evidence. A check that decides nothing gives way to the evidence for the
    criterion's object (evidence.py), when that decides."""
    result = _evaluate(spec, draft)
    if result.passed and spec.check in _ECHO_CHECKED and "```" in draft.text and not spec.params.get("scope"):
        bare = prose_of(draft.text)
        if bare != draft.text and not _TEXT_CHECKS[spec.check](bare, **spec.params).passed:
            # "Uses recursion" on "# recursion": what code says of itself is no evidence of what it does
            why = f"{result.detail}, but only in a comment or a docstring of the code"
            return t.CheckResult(False, why, why, undecided=True)
    if not result.undecided or not spec.criterion:
        return result
    ask = parse_ask(spec.criterion)
    if ask is None:
        return result
    spans = echoes(draft.text, draft.task) if draft.task else ()
    masked = mask(draft.text, spans) if spans else draft.text
    decided = decide(ask, draft.text, masked, absence=not spec.params.get("patterns"))
    if decided is None:
        return result
    return decided


def _evaluate(spec: CheckSpec, draft: Draft) -> t.CheckResult:
    if spec.check in _CODE_CHECKS:
        return _CODE_CHECKS[spec.check](draft.code(), **spec.params)
    params = dict(spec.params)
    scope = params.pop("scope", "")
    if scope:
        return run_scoped(_TEXT_CHECKS[spec.check], draft.text, scope, params)
    result = _TEXT_CHECKS[spec.check](draft.text, **params)
    if not (result.passed and draft.task and spec.check in _ECHO_CHECKED):
        return result
    spans = echoes(draft.text, draft.task)
    if not spans or _TEXT_CHECKS[spec.check](mask(draft.text, spans), **spec.params).passed:
        return result
    copied = spans[0].text if len(spans[0].text) <= 90 else spans[0].text[:89] + "…"
    return t.CheckResult(
        False,
        f"{result.detail}, but only inside text copied from the task's instructions",
        f'What it found stands only in text copied from the task\'s own instructions ("{copied}"): an echo is no '
        "evidence. Write it in the draft's own words, where this kind of text keeps it.",
    )
