"""Criteria the offline grader judges with a grader tool the run was given: "(tool)" or "(tool: test)" at the end.

`- All tests pass (run_test_suite)` is judged by the tool's overall result,
`- An empty list gives an empty list (run_test_suite: test_empty_list)` by one named test
in its report. The offline grader calls each such tool once per pass, filling its text
parameters from the draft (the code for a parameter named code, source, program or
solution; the answer's text otherwise), and reads a JSON report of the shape the
built-in python_tests returns: {"passed": bool, "tests": [{"name", "passed", "error"}],
"summary": str}. An LLM grader reads whatever the tool returns; this shape is only what
the offline grader understands (docs/CRITERIA.md).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from rubric_core.checks.phrasing import Draft

_REFERENCE = re.compile(r"\((?P<tool>[A-Za-z][A-Za-z0-9_-]*)(?::\s*(?P<test>[A-Za-z0-9_.-]+))?\)\s*\.?\s*$")
_CODE_PARAMS = frozenset({"code", "source", "source_code", "program", "solution", "python"})


@dataclass(frozen=True)
class ToolReference:
    """A criterion's "(tool)" or "(tool: test)"."""

    tool: str
    test: str = ""


def tool_reference(criterion: str, tools: list[str]) -> ToolReference | None:
    """The grader tool (one of `tools`) a criterion names at its end, if any."""
    found = _REFERENCE.search(criterion.strip())
    if not found or found.group("tool") not in tools:
        return None
    return ToolReference(tool=found.group("tool"), test=found.group("test") or "")


def call_id(tool: str) -> str:
    """The id of this pass's one call of `tool` (several criteria share its answer)."""
    return f"tool-{tool}"


def tool_call(tool: str, schema: dict[str, Any] | None, draft: Draft) -> dict[str, Any] | None:
    """The call of `tool` with its required text parameters filled from the draft; None if some cannot be."""
    params = (schema or {}).get("properties", {}) if isinstance(schema, dict) else {}
    required = (schema or {}).get("required", list(params)) if isinstance(schema, dict) else []
    args: dict[str, Any] = {}
    for name in required:
        kind = (params.get(name) or {}).get("type", "string")
        if kind != "string":
            return None
        args[name] = draft.code() if name.lower() in _CODE_PARAMS else draft.text
    return {"name": tool, "args": args, "id": call_id(tool)}


def verdict(name: str, ref: ToolReference, answer: str | None) -> dict[str, Any]:
    """Pass or fail (with a gap) from the tool's answer."""
    if answer is None:
        return {
            "name": name,
            "passed": False,
            "gap": f"The offline grader could not call {ref.tool}: it fills text parameters only.",
        }
    if answer.startswith("error:"):
        return {"name": name, "passed": False, "gap": f"The grader tool failed: {answer[6:].strip()[:300]}"}
    try:
        report = json.loads(answer)
    except json.JSONDecodeError:
        report = None
    if not isinstance(report, dict):
        return {
            "name": name,
            "passed": False,
            "gap": f"{ref.tool} answered {answer[:120]!r}, not a JSON report with passed and tests.",
        }
    if ref.test:
        tests = [t for t in report.get("tests") or [] if isinstance(t, dict) and t.get("name") == ref.test]
        if not tests:
            return {"name": name, "passed": False, "gap": f"{ref.tool} reported no test named {ref.test}."}
        if tests[0].get("passed"):
            return {"name": name, "passed": True}
        return {"name": name, "passed": False, "gap": f"{ref.test} fails: {tests[0].get('error') or 'no detail'}"}
    if report.get("passed"):
        return {"name": name, "passed": True}
    summary = report.get("summary") or ", ".join(
        str(t.get("name")) for t in report.get("tests") or [] if isinstance(t, dict) and not t.get("passed")
    )
    return {"name": name, "passed": False, "gap": f"{ref.tool}: {summary or 'the tests fail'}"}
