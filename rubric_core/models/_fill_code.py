"""Fillers for a function with its tests: the code from a recipe of data/code.toml named as the task asks,
and tests in the style it asks for (pytest functions, a unittest case, or plain asserts). The first draft is
the plain version; when the grader reports failing tests the writer moves to the careful one. A function the
writer has no recipe for is a stub that says so, never a guess."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Doc, Line, Part, filler
from rubric_core.models._read import Facts

_SIGNATURE = re.compile(r"`?\b([a-z_][a-z0-9_]*)\s*\(([^()`]*)\)(\s*->\s*[\w\[\], ]+)?`?")
_NAMED = re.compile(r"\b(?:function|def|method)\s+(?:called\s+|named\s+)?`?([a-z_][a-z0-9_]*)`?", re.IGNORECASE)
_PATH = re.compile(r"(/[\w./-]+\.py)\b")


@dataclass(frozen=True)
class CodePlan:
    """What the code parts say: the function's name, its code, its tests, and where to save it."""

    name: str
    does: str
    code: str
    tests: str
    path: str
    known: bool


@cache
def _recipes() -> list[dict[str, Any]]:
    recipes: list[dict[str, Any]] = load("code.toml")["recipe"]
    return recipes


def function_name(task: str, wanted: str = "") -> tuple[str, str, str]:
    """(name, parameters, return annotation) the task (or the rubric's `wanted` name) gives."""
    for m in _SIGNATURE.finditer(task):
        if m.group(1) not in ("print", "len", "sorted", "open", "range") and (
            "_" in m.group(1) or "`" in m.group(0) or m.group(2)
        ):
            if not wanted or wanted == m.group(1):
                return m.group(1), m.group(2).strip(), (m.group(3) or "").strip()
    if wanted:
        return wanted, "", ""
    named = _NAMED.search(task)
    if named and named.group(1).lower() not in ("that", "which", "to", "for", "in", "named", "called", "with"):
        return named.group(1), "", ""
    return "", "", ""


def recipe_for(task: str, name: str = "") -> dict[str, Any] | None:
    """The recipe the function's name calls for, else the one whose keyword the task names first."""
    if name:
        for recipe in _recipes():
            if recipe["name"] == name or name.replace("_", " ") in recipe["keywords"]:
                return recipe
    low = f"{name.replace('_', ' ')} {task}".lower()
    hits = []
    for recipe in _recipes():
        for k in recipe["keywords"]:
            m = re.search(rf"\b{re.escape(k)}", low)
            if m:
                hits.append((m.start(), -len(k), recipe["name"]))
    if not hits:
        return None
    first = min(hits)[2]
    return next(r for r in _recipes() if r["name"] == first)


def _rename(code: str, params: str, annotation: str, name: str) -> str:
    """The task's parameter names (and return annotation) on the recipe's function."""
    m = re.search(rf"^def {re.escape(name)}\(([^)]*)\)(\s*->\s*[^:]+)?:", code, re.MULTILINE)
    wanted = [p.strip() for p in params.split(",") if p.strip()]
    if not m or not wanted:
        return code
    have = [p.split(":")[0].strip() for p in m.group(1).split(",") if p.strip()]
    if len(have) != len(wanted):
        return code
    for old, new in zip(have, wanted, strict=True):
        bare = new.split(":")[0].strip()
        if old != bare:
            code = re.sub(rf"\b{re.escape(old)}\b", bare, code)
    head = f"def {name}({', '.join(wanted)}){' ' + annotation if annotation else ''}:"
    return re.sub(rf"^def {re.escape(name)}\([^)]*\)(\s*->\s*[^:]+)?:", head, code, count=1, flags=re.MULTILINE)


def _tests(recipe: dict[str, Any], name: str, style: str) -> str:
    cases = [(call.replace("{name}", name), want) for call, want in recipe.get("tests", [])]
    if not cases:
        return ""
    if style == "unittest":
        lines = [
            "import unittest",
            "",
            "",
            f"class Test{''.join(w.title() for w in name.split('_'))}(unittest.TestCase):",
        ]
        for i, (call, want) in enumerate(cases, 1):
            lines.append(f"    def test_case_{i}(self):")
            if want.startswith("raises "):
                lines.append(f"        with self.assertRaises({want.split()[1]}):\n            {call}")
            elif want in ("True", "False"):
                lines.append(f"        self.assert{want}({call})")
            else:
                lines.append(f"        self.assertEqual({call}, {want})")
            lines.append("")
        lines += ["", 'if __name__ == "__main__":', "    unittest.main()"]
        return "\n".join(lines).rstrip() + "\n"
    needs_pytest = any(w.startswith("raises ") for _, w in cases)
    lines = ["import pytest", "", ""] if needs_pytest else []
    for i, (call, want) in enumerate(cases, 1):
        lines.append(f"def test_{name}_{i}():")
        if want.startswith("raises "):
            lines.append(f"    with pytest.raises({want.split()[1]}):\n        {call}")
        elif want in ("True", "False"):
            lines.append(f"    assert {'' if want == 'True' else 'not '}{call}")
        else:
            lines.append(f"    assert {call} == {want}")
        lines.append("")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def plan_code(facts: Facts, wanted_name: str, careful: bool) -> CodePlan:
    name, params, annotation = function_name(facts.task, wanted_name)
    recipe = recipe_for(facts.task, name)
    path_m = _PATH.search(facts.task)
    path = path_m.group(1) if path_m else ""
    if recipe is None:
        name = name or "solve"
        code = load("code.toml")["unknown"].replace("{name}", name)
        return CodePlan(name, "", code, "", path, known=False)
    name = name or recipe["name"]
    one_line = "one-line" in facts.asks.code_rules and "one_line" in recipe
    version = recipe["one_line"] if one_line else recipe["careful" if careful else "plain"]
    code = _rename(version.replace("{name}", name), params, annotation, name)
    style = facts.asks.tests or ("tests" if re.search(r"\btests?\b", facts.task, re.IGNORECASE) else "")
    tests = _tests(recipe, name, "unittest" if style == "unittest" else "pytest") if style else ""
    return CodePlan(name, recipe["does"].replace("{name}", name), code, tests, path, known=True)


def _plan(ctx: Ctx) -> CodePlan:
    careful = ctx.wants.tests_failed or ctx.variant > 0
    return plan_code(ctx.facts, ctx.wants.function, careful)


@filler("code_summary")
def code_summary(ctx: Ctx) -> Part | None:
    plan = _plan(ctx)
    if not plan.known:
        text = (
            f"I could not tell from the task what `{plan.name}()` should compute, so it raises NotImplementedError "
            "instead of guessing. Describe the expected result with an example and I will write it."
        )
        return Part("summary", [Line(text)])
    careful = ctx.wants.tests_failed or ctx.variant > 0
    intro = ctx.pick("code.intro", fn=plan.name, does=plan.does)
    lines = [Line(intro)] if intro else []
    if careful:
        note = ctx.pick("code.careful")
        if note:
            lines.append(Line(note))
    return Part("summary", lines)


@filler("code_block")
def code_block(ctx: Ctx) -> Part | None:
    plan = _plan(ctx)
    return Part("code", [Line(plan.code)], layout="code", lang="python")


@filler("code_tests")
def code_tests(ctx: Ctx) -> Part | None:
    plan = _plan(ctx)
    if not plan.tests:
        return None
    style = "unittest" if "unittest" in plan.tests else "pytest" if "def test_" in plan.tests else ""
    heading = f"Tests ({style})" if style else "Tests"
    return Part("tests", [Line(plan.tests)], layout="code", lang="python", heading=heading)


def code_files(facts: Facts, doc: Doc) -> tuple[str, str]:
    """(path, content) of the file a code draft saves, when the task names one: the function, and its tests."""
    if facts.genre != "function":
        return "", ""
    path_m = _PATH.search(facts.task)
    if not path_m:
        return "", ""
    code = doc.part("code")
    tests = doc.part("tests")
    content = "\n".join(code.texts()) if code else ""
    if tests and tests.texts():
        content = content.rstrip("\n") + "\n\n\n" + "\n".join(tests.texts())
    return path_m.group(1), content
