"""One parse at a time (CPython 3.11 before 3.11.8: two threads converting an AST at once can raise
"SystemError: AST constructor recursion depth mismatch", seen once in a matrix's first items in CI), and the
library's grader prompt read once however many suite items ask for it at the same moment."""

from __future__ import annotations

import ast
import threading
from collections.abc import Callable
from typing import Any

import pytest

from rubric_core import pyparse
from rubric_core.checks import code_checks
from rubric_core.engine import stack


def _at_once(n: int, fn: Callable[[], Any]) -> list[Any]:
    """Call fn from n threads released together; their results."""
    barrier = threading.Barrier(n)
    out: list[Any] = []

    def work() -> None:
        barrier.wait()
        out.append(fn())

    threads = [threading.Thread(target=work) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_parses_never_overlap(monkeypatch: pytest.MonkeyPatch) -> None:
    inside, most = 0, 0
    guard = threading.Lock()
    entered = threading.Event()
    real = ast.parse

    def slow_parse(source: str, filename: str = "<unknown>") -> ast.Module:
        nonlocal inside, most
        with guard:
            inside += 1
            most = max(most, inside)
        entered.set()
        # Hold the parse until another thread has had every chance to enter: it waits on the lock, never here.
        threading.Event().wait(0.05)
        with guard:
            inside -= 1
        return real(source, filename)

    monkeypatch.setattr(pyparse, "_parse", slow_parse)
    trees = _at_once(6, lambda: code_checks.python_defines("def f():\n    return 1\n", name="f"))
    assert most == 1 and entered.is_set()
    assert [t.passed for t in trees] == [True] * 6


def test_the_library_grader_prompt_is_read_once_when_items_ask_together(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    real = stack._prompt_from_source

    def counted() -> str | None:
        reads.append(1)
        threading.Event().wait(0.05)  # the other threads arrive while this one reads
        return real()

    monkeypatch.setattr(stack, "_grader_prompt", None)
    monkeypatch.setattr(stack, "_prompt_from_source", counted)
    prompts = _at_once(6, stack.library_grader_prompt)
    assert len(reads) == 1
    assert len(set(prompts)) == 1 and "criterion" in prompts[0]
