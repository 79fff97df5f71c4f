"""The house rules that keep rubric_core and rubric_ui readable (issue 43): no Python module over 400 lines, and
import-linter contracts (pyproject.toml, run by `make lint`) that place every package and top-level module of
rubric_core in a layer and forbid import cycles at every level of it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 400


def _contracts() -> list[dict[str, Any]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(data["tool"]["importlinter"]["contracts"])


def _children(package: Path) -> set[str]:
    """The importable children of a package: its subpackages (folders with an __init__.py) and its modules."""
    out = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    out |= {p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return out


def _depth(package: Path) -> int:
    """How deep packages nest under `package` (1: only modules and packages without subpackages)."""
    subs = [p for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    return 1 + max((_depth(p) for p in subs), default=0)


def test_no_python_module_of_the_product_is_over_400_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for folder in ("rubric_core", "rubric_ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"split these by what they do (at most {MAX_LINES} lines each): {long}"


def test_the_layers_contract_places_every_package_and_module_of_rubric_core() -> None:
    layered = [c for c in _contracts() if c["type"] == "layers" and c.get("containers") == ["rubric_core"]]
    assert len(layered) == 1, "one layers contract over rubric_core's packages"
    contract = layered[0]
    assert contract.get("exhaustive") is True, "exhaustive: a new package fails `make lint` until it is placed"
    named = [name.strip() for layer in contract["layers"] for name in layer.replace(":", "|").split("|")]
    assert len(named) == len(set(named)), "a package is named in one layer only"
    assert set(named) == _children(ROOT / "rubric_core")


def test_no_import_cycle_is_allowed_in_rubric_core_at_any_depth() -> None:
    acyclic = [c for c in _contracts() if c["type"] == "acyclic_siblings" and "rubric_core" in c["ancestors"]]
    assert len(acyclic) == 1
    contract = acyclic[0]
    assert not contract.get("ignore_imports"), "no import is let through the cycle check"
    assert not contract.get("skip_descendants")
    # The contract descends from rubric_core through every package, down to `depth` (import-linter's default 10).
    assert int(contract.get("depth", 10)) >= _depth(ROOT / "rubric_core")
