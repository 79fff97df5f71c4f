"""Short Python for code tasks: a recipe from the code bank, named as the task or rubric asks.

The first draft is the plain version; when the grader reports failing tests
the writer moves to the careful version (edge cases, types). The code goes in
a fenced block, or in a file when the task names a path and the file tools are bound.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubric_core.models import _code_bank as cb
from rubric_core.models._task import Brief
from rubric_core.models._wants import Wants


@dataclass(frozen=True)
class CodeDraft:
    """The message text, the code, and where to save it (empty: in the message)."""

    message: str
    code: str
    path: str


def recipe_for(task: str, name: str = "") -> cb.Recipe | None:
    """The recipe whose keywords the task (or the function name asked for) uses."""
    low = f"{task} {name}".replace("_", " ").lower()  # "is_palindrome(s)" in the task names a palindrome
    for recipe in cb.RECIPES:
        if any(re.search(rf"\b{re.escape(k)}", low) for k in recipe.keywords):
            return recipe
    return None


def _rename_params(code: str, params: str) -> str:
    """Use the parameter names the task gives ("find_duplicates(lst)") when the count matches."""
    wanted = [p.strip() for p in params.split(",") if p.strip()]
    m = re.search(r"^def \w+\(([^)]*)\)", code, re.MULTILINE)  # after any imports
    if not m or not wanted:
        return code
    have = [p.split(":")[0].strip() for p in m.group(1).split(",") if p.strip()]
    if len(have) != len(wanted) or have == wanted:
        return code
    for old, new in zip(have, wanted, strict=True):
        code = re.sub(rf"\b{re.escape(old)}\b", new.split(":")[0].strip(), code)
    return code


def compose(brief: Brief, wants: Wants, variant: int) -> CodeDraft:
    """The code draft for this revision."""
    name = wants.function or brief.details.get("function", "")
    recipe = recipe_for(brief.task, name)
    if recipe is None:
        name = name or "solve"
        code = cb.UNKNOWN_CODE.replace("{name}", name)
        message = (
            f"I could not tell from the task what `{name}()` should compute, so it raises NotImplementedError "
            "instead of guessing. Describe the expected result with an example and I will write it."
        )
        return CodeDraft(message=message, code=code, path=brief.details.get("path", ""))
    name = name or recipe.name
    careful = wants.tests_failed or variant > 0
    version = recipe.versions[1 if careful else 0]
    code = _rename_params(version.replace("{name}", name), brief.details.get("params", ""))
    seed = brief.seed
    intro = cb.CODE_INTROS[(seed + variant) % len(cb.CODE_INTROS)].format(name=name, does=recipe.does)
    intro = intro[:1].upper() + intro[1:]
    outro = cb.CODE_OUTROS[((seed >> 2) + variant // len(cb.CODE_INTROS)) % len(cb.CODE_OUTROS)]
    outro = outro.format(example=recipe.example.replace("{name}", name))
    parts = [intro]
    if careful:
        parts.append(cb.CODE_REVISION_NOTES[(seed + variant) % len(cb.CODE_REVISION_NOTES)])
    message = " ".join(parts) + "\n\n" + outro
    return CodeDraft(message=message, code=code, path=brief.details.get("path", ""))


def as_message(draft: CodeDraft) -> str:
    """The draft with its code in a fenced block (when it is not saved to a file)."""
    intro, _, outro = draft.message.partition("\n\n")
    return f"{intro}\n\n```python\n{draft.code}```\n\n{outro}".strip()
