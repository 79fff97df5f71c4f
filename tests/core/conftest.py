"""Fixtures of tests/core shared across modules."""

from __future__ import annotations

import pytest

from tests.core.blind_harness import Seed, seed_store


@pytest.fixture(scope="session")
def bad_input_seed(tmp_path_factory: pytest.TempPathFactory) -> Seed:
    """One store seeded with what the bad-input tests name (blind_harness.seed_store), built once per session:
    every test copies it before it runs a command against it."""
    return seed_store(tmp_path_factory.mktemp("bad-input-seed"))
