"""Deterministic checks: used by the offline grader and offered to any grader as tools."""

from rubric_core.checks.catalogue import TOOL_CATALOGUE, make_tools
from rubric_core.checks.phrasing import CheckSpec, Draft, evaluate, interpret
from rubric_core.checks.text import CheckResult

__all__ = ["TOOL_CATALOGUE", "CheckResult", "CheckSpec", "Draft", "evaluate", "interpret", "make_tools"]
