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
    """Pass or fail (with a gap) from the tool's answer, with the check record; n/a when the tool could not
    be called or failed (its error says nothing about the draft)."""
    from rubric_core.verdicts import make_check

    looked = f"the {ref.test} test passing" if ref.test else "its report saying passed"
    call: dict[str, Any] = {"name": ref.tool}

    def out(verdict: str, gap: str, found: str) -> dict[str, Any]:
        check = make_check("tool", label=ref.tool, looked_for=looked, found=found, tools=[call])
        row: dict[str, Any] = {"name": name, "passed": verdict == "pass", "verdict": verdict, "check": check}
        if verdict != "pass":
            row["gap"] = gap
        return row

    if answer is None:
        call["error"] = "not called: the offline grader fills text parameters only"
        return out("n/a", f"The offline grader could not call {ref.tool}: it fills text parameters only.", "not called")
    if answer.startswith("error:"):
        call["error"] = answer[6:].strip()[:300]
        return out("n/a", f"The grader tool failed: {answer[6:].strip()[:300]}", "the tool failed")
    call["answer"] = answer[:2000]
    try:
        report = json.loads(answer)
    except json.JSONDecodeError:
        report = None
    if not isinstance(report, dict):
        return out(
            "n/a", f"{ref.tool} answered {answer[:120]!r}, not a JSON report with passed and tests.", "no report"
        )
    tests = [t for t in report.get("tests") or [] if isinstance(t, dict)]
    passed_count = sum(1 for t in tests if t.get("passed"))
    tally = (
        f"{passed_count} of {len(tests)} tests passed" if tests else ("passed" if report.get("passed") else "failed")
    )
    if ref.test:
        named = [t for t in tests if t.get("name") == ref.test]
        if not named:
            return out("n/a", f"{ref.tool} reported no test named {ref.test}.", f"no test named {ref.test}")
        if named[0].get("passed"):
            return out("pass", "", f"{ref.test} passed ({tally})")
        return out("fail", f"{ref.test} fails: {named[0].get('error') or 'no detail'}", f"{ref.test} failed ({tally})")
    if report.get("passed"):
        return out("pass", "", tally)
    summary = report.get("summary") or ", ".join(str(t.get("name")) for t in tests if not t.get("passed"))
    return out("fail", f"{ref.tool}: {summary or 'the tests fail'}", tally)
