"""The fixer agent's own tool: it checks code without running it."""

from __future__ import annotations

import ast

from langchain_core.tools import tool


@tool
def check_syntax(code: str) -> str:
    """Check that `code` is valid Python (parsed, never run). Returns "ok" or the syntax error and its line."""
    try:
        ast.parse(code)
    except SyntaxError as exc:
        return f"SyntaxError on line {exc.lineno}: {exc.msg}"
    return "ok"
