"""The offline writer's data files are well formed (issue 43 item 4: the word banks are data, with a schema test).

Every genre names parts whose fillers exist; every trigger, swap and rewrite is a valid regular expression;
every sentence bank is a list of sentences whose slots the writer can fill; every code recipe runs and passes
its own tests; the poem banks keep their lipogram promise; the files ship with the package.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from rubric_core.models import _compose  # noqa: F401  (the fillers register on import)
from rubric_core.models._data import DATA_DIR, load
from rubric_core.models._doc import FILLERS
from tests.core.helpers import ROOT

SLOTS = frozenset(
    "name it what org role a_role audience recipient greet sender sender_role sender_org subject topic thing_topic thing news "
    "price percent date time link email phone code ticket version place issue issue_clause issue_only team "
    "milestone request deadline point event when count category about product brand who doing verb obj inner fn "
    "does groom partner couple relation".split()
)
"""Slot names the fillers fill (values_of and the fillers' own extras); `{X}` and `{a_x}` are forms of them."""


def _banks(node: Any, key: str = "") -> list[tuple[str, list[Any]]]:
    if isinstance(node, list):
        return [(key, node)]
    if isinstance(node, dict):
        return [bank for k, v in node.items() for bank in _banks(v, f"{key}.{k}".strip("."))]
    return []


def test_every_data_file_parses_and_is_listed_as_package_data() -> None:
    names = sorted(p.name for p in DATA_DIR.iterdir())
    assert names == ["code.toml", "genres.toml", "knowledge.toml", "poems.json", "sentences.toml", "words.toml"]
    for name in names:
        assert load(name)
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "models/data/*" in pyproject["tool"]["setuptools"]["package-data"]["rubric_core"]


def test_genres_name_parts_whose_fillers_exist() -> None:
    data = load("genres.toml")
    assert data["default"] in data["genre"]
    for gid, genre in data["genre"].items():
        assert genre["label"] and isinstance(genre["rank"], int), gid
        for trigger in genre["triggers"]:
            re.compile(trigger["pattern"] if isinstance(trigger, dict) else trigger)
        assert genre["parts"], gid
        for part in genre["parts"]:
            assert set(part) <= {"name", "fill", "optional", "heading"}, (gid, part)
            assert part["fill"] in FILLERS, (gid, part["fill"])
    for word, gid in data["near"].items():
        assert gid in data["genre"], word
    for patterns in data["purpose"].values():
        for pattern in patterns:
            re.compile(pattern)


def test_sentence_banks_are_sentences_with_slots_the_writer_fills() -> None:
    for key, bank in _banks(load("sentences.toml")):
        assert bank and all(isinstance(s, str) and s.strip() for s in bank), key
        for sentence in bank:
            for slot in re.findall(r"\{(\w+)\}", sentence):
                base = slot[2:] if slot.startswith("a_") else slot.lower() if slot[:1].isupper() else slot
                assert base in SLOTS, (key, sentence)
            # No sentence of a bank states a figure of the user's world: numbers come from the task.
            assert not re.search(r"\d", sentence), (key, sentence)


def test_knowledge_sections_have_their_fields() -> None:
    data = load("knowledge.toml")
    for key, role in data["roles"].items():
        assert isinstance(role["words"], list) and role["duties"] and role["skills"], key
    for key, recipe in data["recipes"].items():
        assert {"words", "title", "serves", "time", "ingredients", "method"} <= set(recipe), key
    for section in ("tips", "lists", "stories", "products"):
        for key, entry in data[section].items():
            assert "words" in entry or section == "lists", (section, key)
    for skeleton in data["limericks"]:
        assert len(skeleton["lines"]) == 5
    for key, sonnet in data["sonnets"].items():
        assert len(sonnet["lines"]) == 14, key


def test_swaps_and_rewrites_compile_and_keep_their_groups() -> None:
    words = load("words.toml")
    for section in ("swaps", "rewrites"):
        for pattern, repl in words[section].items():
            compiled = re.compile(pattern)
            groups = {int(g) for g in re.findall(r"\\(\d)", repl)}
            assert groups <= set(range(1, compiled.groups + 1)), (pattern, repl)


@pytest.mark.parametrize("version", ["plain", "careful", "one_line"])
def test_code_recipes_run_and_pass_their_own_tests(version: str) -> None:
    for recipe in load("code.toml")["recipe"]:
        assert {"name", "keywords", "does", "plain", "careful", "example", "tests"} <= set(recipe), recipe["name"]
        if version not in recipe:
            continue
        namespace: dict[str, Any] = {}
        exec(compile(recipe[version].replace("{name}", "f"), recipe["name"], "exec"), namespace)
        for call, want in recipe["tests"]:
            expr = call.replace("{name}", "f")
            if want.startswith("raises "):
                with pytest.raises(Exception) as caught:
                    eval(expr, namespace)
                assert type(caught.value).__name__ == want.split()[1], (recipe["name"], expr)
            else:
                assert eval(expr, namespace) == eval(want), (recipe["name"], version, expr)


def test_poem_banks_keep_the_lipogram_promise() -> None:
    banks = load("poems.json")
    assert set(banks["images"]) == set(banks["images_no_e"])
    for images in banks["images_no_e"].values():
        assert all("e" not in image.lower() for image in images)
    assert all("e" not in image.lower() for image in banks["generic_images_no_e"])
    assert set(banks["topic_words"].values()) <= set(banks["images"])
    # A frame that says nothing ("there is a story in {s}") is no image (issue 38).
    assert not [s for s in banks["subject_images"] if "story in" in s]
