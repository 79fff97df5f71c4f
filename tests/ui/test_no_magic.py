"""Issue 40 item 1: no script Streamlit runs draws a bare expression (Streamlit's "magic").

`rubric-studio ui` runs rubric_ui/app.py itself as the script, and magic drew the bare string under `APP_PATHS` at
the top of every page. Magic is off in the app's config, and no script holds an expression magic would draw either,
so the app reads the same whoever starts it and whatever the config says.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
from streamlit.runtime.scriptrunner.magic import MAGIC_MODULE_NAME, add_magic

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(
    [ROOT / "app.py", ROOT / "rubric_ui" / "app.py", *(ROOT / "rubric_ui" / "app_pages").glob("*.py")],
)
"""Every file Streamlit runs as a script: the checkout's entry, the installed entry, and each page file."""


def magic_writes(path: Path) -> list[int]:
    """The lines of `path` that Streamlit's own magic would turn into `st.write` calls."""
    tree = add_magic(path.read_text(encoding="utf-8"), str(path))
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == MAGIC_MODULE_NAME
    )


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_script_streamlit_runs_has_an_expression_magic_would_draw(script: Path) -> None:
    assert magic_writes(script) == [], f"{script.relative_to(ROOT)}: a bare expression Streamlit would draw"


def test_the_check_sees_a_bare_string_after_an_assignment(tmp_path: Path) -> None:
    """What the old rubric_ui/app.py held: a name, then a string under it (a docstring only for documentation tools)."""
    script = tmp_path / "page.py"
    script.write_text('"""Module docstring: not drawn."""\nX = 1\n"""Drawn by magic."""\n', encoding="utf-8")
    assert magic_writes(script) == [3]


def test_magic_is_off_in_the_config_every_way_of_starting_reads() -> None:
    """The installed command reads rubric_ui/.streamlit/config.toml (beside its script); `make run` reads the checkout's
    .streamlit/config.toml (beside app.py), which is the same file."""
    for config in (ROOT / "rubric_ui" / ".streamlit" / "config.toml", ROOT / ".streamlit" / "config.toml"):
        assert tomllib.loads(config.read_text(encoding="utf-8"))["runner"]["magicEnabled"] is False, config
