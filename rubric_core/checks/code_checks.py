"""Checks read in the agent's Python code: it parses, a function or class defined, docstrings, tests run in a sandbox."""

from __future__ import annotations

from rubric_core.checks.sandbox import run_python_tests
from rubric_core.checks.text import CheckResult
from rubric_core.pyparse import parse


def python_defines(code: str, *, name: str | None) -> CheckResult:
    """The code defines the function `name`, or any function when `name` is None (ast)."""
    import ast

    if name is None and not code.strip():
        return CheckResult(False, "no code", "No Python code found: write the code in a ```python block or a .py file.")
    try:
        tree = parse(code)
    except SyntaxError as exc:
        return CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    names = [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if name is None:
        if names:
            return CheckResult(True, f"defines {', '.join(f'{n}()' for n in names)}")
        return CheckResult(False, "functions: none", "The code defines no function: write one with def.")
    if name in names:
        return CheckResult(True, f"defines {name}()")
    return CheckResult(False, f"functions: {', '.join(names) or 'none'}", f"No function named {name}() is defined.")


def python_class(code: str, *, name: str | None) -> CheckResult:
    """The code defines the class `name`, or any class when `name` is None (ast)."""
    import ast

    try:
        tree = parse(code)
    except SyntaxError as exc:
        return CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    names = [n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    if name is None:
        if names:
            return CheckResult(True, f"defines class {', '.join(names)}")
        return CheckResult(False, "classes: none", "The code defines no class: write one with class.")
    if name in names:
        return CheckResult(True, f"defines class {name}")
    return CheckResult(False, f"classes: {', '.join(names) or 'none'}", f"No class named {name} is defined.")


def python_syntax(code: str) -> CheckResult:
    """The agent's code parses as Python (ast): it has no syntax error."""

    if not code.strip():
        return CheckResult(False, "no code", "No Python code found: write the code in a ```python block or a .py file.")
    try:
        parse(code)
    except SyntaxError as exc:
        return CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    return CheckResult(True, f"parses ({len(code.splitlines())} lines)")


def python_docstrings(code: str) -> CheckResult:
    """Every function and class in the code has a docstring (and there is code)."""
    import ast

    if not code.strip():
        return CheckResult(False, "no code", "No Python code found: write the code in a ```python block or a .py file.")
    try:
        tree = parse(code)
    except SyntaxError as exc:
        return CheckResult(
            False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg} at line {exc.lineno}."
        )
    defs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    if not defs:
        return CheckResult(False, "no function or class", "The code defines no function or class to document.")
    missing = [n.name for n in defs if ast.get_docstring(n) is None]
    if missing:
        names = ", ".join(f"{name}()" for name in missing)
        return CheckResult(False, f"{len(missing)} of {len(defs)} without", f"No docstring in {names}: add one.")
    return CheckResult(True, f"{len(defs)} of {len(defs)} documented")


def python_tests(code: str, *, tests: str) -> CheckResult:
    run = run_python_tests(code, tests)
    if run.passed:
        return CheckResult(True, run.summary())
    return CheckResult(False, run.summary(), "Tests fail: " + run.summary())


def python_type_hints(code: str) -> CheckResult:
    """Every function of the code annotates its parameters or its return (ast); a comment saying "type hints" is
    none."""
    import ast

    if not code.strip():
        return CheckResult(False, "no code", "No Python code found: write the code in a ```python block or a .py file.")
    try:
        tree = parse(code)
    except SyntaxError as exc:
        return CheckResult(False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg}.")
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not functions:
        return CheckResult(False, "functions: none", "The code defines no function to annotate.")
    bare = [
        f.name
        for f in functions
        if f.returns is None and not any(a.annotation for a in [*f.args.args, *f.args.kwonlyargs] if a.arg != "self")
    ]
    if bare:
        return CheckResult(
            False, f"no type hints on {', '.join(bare)}()", f"Annotate {', '.join(bare)}() (e.g. x: int) -> int."
        )
    return CheckResult(True, f"type hints on {', '.join(f.name + '()' for f in functions)}")


def python_has_tests(code: str) -> CheckResult:
    """The code holds tests: a test_… function or an assert statement (ast)."""
    import ast

    if not code.strip():
        return CheckResult(False, "no code", "No Python code found: write the code in a ```python block or a .py file.")
    try:
        tree = parse(code)
    except SyntaxError as exc:
        return CheckResult(False, f"syntax error line {exc.lineno}", f"The code does not parse: {exc.msg}.")
    tests = [
        n.name
        for n in ast.walk(tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")
    ]
    asserts = sum(isinstance(n, ast.Assert) for n in ast.walk(tree))
    if tests or asserts:
        return CheckResult(True, f"{len(tests)} test functions, {asserts} asserts")
    return CheckResult(False, "no tests", "The code holds no test: write test_… functions with assert statements.")
