"""The bundled suite: 24 short-poem tasks and two versions of a rubric the offline grader judges.

Offline, every item's first draft fails the lipogram in "e" (the writer does not
see the rubric) and the revision meets both versions; version 2 relaxes the word
floor and rewords one criterion, so comparing the two shows first-draft pass-rate
differences and a renamed criterion paired with its old self (no items flip).
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
