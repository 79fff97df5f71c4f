"""Deterministic checks: used by the offline grader and offered to any grader as tools.

Imports: only the shared base modules (`rubric`, `verdicts`, `numbers`, `words`, `pyparse`). The offline grader,
the offline writer (`models`) and the drafter (`assistant`) stand on it; it imports none of them.
"""

from pathlib import Path

from rubric_core.checks.catalogue import TOOL_CATALOGUE, make_tools
from rubric_core.checks.phrasing import CheckSpec, Draft, evaluate, interpret
from rubric_core.checks.text import CheckResult

CRITERIA_DOC = Path(__file__).with_name("CRITERIA.md")
"""The phrasings the offline grader understands, with examples (shown on the Run page; docs/CRITERIA.md)."""

__all__ = ["CRITERIA_DOC", "TOOL_CATALOGUE", "CheckResult", "CheckSpec", "Draft", "evaluate", "interpret", "make_tools"]
