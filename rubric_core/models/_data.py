"""The offline writer's data files (rubric_core/models/data/): genres, sentence banks, word banks, code recipes.

Each file is read once per process and cached; the writer's code only fills what the data describes.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"


@cache
def load(name: str) -> Any:
    """The parsed data file `name` ("genres.toml", "poems.json"), read once."""
    path = DATA_DIR / name
    if name.endswith(".toml"):
        with path.open("rb") as fh:
            return tomllib.load(fh)
    if name.endswith(".json"):
        return json.loads(path.read_text(encoding="utf-8"))
    return path.read_text(encoding="utf-8")


def bank(file: str, *keys: str) -> Any:
    """A value inside a data file by its keys: `bank("sentences.toml", "email", "subject")`."""
    value = load(file)
    for key in keys:
        value = value[key]
    return value


class PoemBank:
    """The image banks of data/poems.json as read-only tables (tuples), the shape the verse writer uses."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.IMAGES: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in raw["images"].items()}
        self.IMAGES_NO_E: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in raw["images_no_e"].items()}
        self.GENERIC_IMAGES: tuple[str, ...] = tuple(raw["generic_images"])
        self.GENERIC_IMAGES_NO_E: tuple[str, ...] = tuple(raw["generic_images_no_e"])
        self.SUBJECT_IMAGES: tuple[str, ...] = tuple(raw["subject_images"])
        self.TOPIC_WORDS: dict[str, str] = dict(raw["topic_words"])
        self.NEIGHBORS: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in raw["neighbors"].items()}


@cache
def poems() -> PoemBank:
    """The poem image banks, read once."""
    return PoemBank(load("poems.json"))
