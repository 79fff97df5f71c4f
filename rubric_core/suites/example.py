"""The bundled suite: 24 short-poem tasks and two versions of a rubric the offline grader judges.

Offline, every item's first draft fails the lipogram in "e" (the writer does not
see the rubric). Version 1 asks for 22 to 26 words: four poems (poem-04, -14, -16,
-17) cannot fit that band within the 3 iterations and end at the cap. Version 2
relaxes the band to 20 to 40 words and rewords one criterion: every item ends
satisfied, so comparing the two shows 4 items fixed, first-draft pass-rate
differences, and renamed criteria paired with their old selves.
"""

from __future__ import annotations

from pathlib import Path

from rubric_core.suites.datasets import Dataset, load_dataset

BUNDLED_DIR = Path(__file__).resolve().parent / "bundled"
EXAMPLE_DATASET = BUNDLED_DIR / "short-poems.jsonl"
EXAMPLE_RUBRIC_NAME = "short-poems"
EXAMPLE_RUBRIC_FILES = {1: BUNDLED_DIR / "short-poems-v1.md", 2: BUNDLED_DIR / "short-poems-v2.md"}
EXAMPLE_MAX_ITERATIONS = 3


def example_dataset() -> Dataset:
    """The bundled dataset of 24 tasks."""
    return load_dataset(EXAMPLE_DATASET)


def example_rubric(version: int = 1) -> str:
    """Version 1 or 2 of the bundled rubric."""
    if version not in EXAMPLE_RUBRIC_FILES:
        msg = f"The bundled suite rubric has versions 1 and 2; got {version!r}."
        raise ValueError(msg)
    return EXAMPLE_RUBRIC_FILES[version].read_text(encoding="utf-8")
