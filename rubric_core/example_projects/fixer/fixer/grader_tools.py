"""The grader's evidence tool: run the project's tests against the code the agent wrote.

The code comes from a model, so it never runs in this process: Rubric Studio's sandbox runs it in a
separate Python process with a time limit, a memory limit and no network (the same one as the built-in
python_tests tool). The report is JSON: {"passed", "tests": [{"name", "passed", "error"}], "summary"}.
"""

from __future__ import annotations

import json

from rubric_core.checks.sandbox import run_python_tests

TESTS = """
def test_basic():
    assert find_duplicates([1, 2, 2, 3, 3, 3]) == [2, 3]

def test_empty_list():
    assert find_duplicates([]) == []

def test_first_seen_order():
    assert find_duplicates(["b", "a", "b", "a", "c"]) == ["b", "a"]

def test_unhashable():
    assert find_duplicates([[1], [2], [1]]) == [[1]]
"""


def run_test_suite(code: str) -> str:
    """Run the project's four find_duplicates tests (basic, empty list, first-seen order, unhashable items)
    against `code` in a sandboxed process. Returns JSON: passed, each test's result, a summary."""
    run = run_python_tests(code, TESTS)
    return json.dumps({"passed": run.passed, "tests": run.tests, "error": run.error, "summary": run.summary()})
