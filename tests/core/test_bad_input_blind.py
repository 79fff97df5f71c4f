"""The blind bad-input catalogue (tests/core/bad_input_blind.py, written from the docs and --help only) holds:
every case refused cleanly (exit 2, one message, every table and file as it was; an import case naming what its
case expects), or, for the few a person re-judged (blind_harness.EXPECTATION_FIXES, each with its reason), done
as re-judged. Each case runs in-process against its own copy of one seeded store (tests/core/blind_harness.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.blind_harness import (
    CLI_CASES,
    EXPECTATION_FIXES,
    IMPORT_CASES,
    IMPORT_FIXES,
    OTHER_BRANCH,
    Seed,
    run_cli_case,
    run_import_case,
)


@pytest.fixture(scope="module")
def seed(bad_input_seed: Seed) -> Seed:
    return bad_input_seed


@pytest.mark.parametrize("case", IMPORT_CASES, ids=[c["id"] for c in IMPORT_CASES])
def test_a_blind_import_case_is_refused_or_rewritten_as_it_says(case: dict, seed: Seed, tmp_path: Path) -> None:
    outcome = run_import_case(case, seed, tmp_path)
    assert outcome.outcome == "clean", outcome.describe()


@pytest.mark.parametrize("case", CLI_CASES, ids=[c["id"] for c in CLI_CASES])
def test_a_blind_command_line_case_is_refused_before_anything_is_written(
    case: dict, seed: Seed, tmp_path: Path
) -> None:
    if case["id"] in OTHER_BRANCH:
        pytest.skip(OTHER_BRANCH[case["id"]])
    outcome = run_cli_case(case, seed, tmp_path)
    if outcome.outcome == "skipped":
        pytest.skip(outcome.detail)
    assert outcome.outcome == "clean", outcome.describe()


def test_the_catalogue_is_the_blind_one_and_each_re_judged_case_says_why() -> None:
    assert (len(IMPORT_CASES), len(CLI_CASES)) == (140, 337)
    ids = {c["id"] for c in CLI_CASES}
    for case_id, fix in EXPECTATION_FIXES.items():
        assert case_id in ids and len(fix["why"]) > 80, case_id
    import_ids = {c["id"] for c in IMPORT_CASES}
    for case_id, fix in IMPORT_FIXES.items():
        assert case_id in import_ids and len(fix["why"]) > 80, case_id
    assert set(OTHER_BRANCH) <= ids


def test_the_version_past_the_newest_is_refused_asking_for_an_upgrade(seed: Seed, tmp_path: Path) -> None:
    """The case schema-version-7 one version on (its re-judging, blind_harness.IMPORT_FIXES, says why)."""
    from rubric_core.exports import EXPORT_SCHEMA_VERSION

    newer = EXPORT_SCHEMA_VERSION + 1
    case = dict(next(c for c in IMPORT_CASES if c["id"] == "schema-version-7"))
    case["id"] = "schema-version-past-the-newest"
    case["make"] = case["make"].replace("set_version(r, 7)", f"set_version(r, {newer})")
    assert str(newer) in case["make"]
    outcome = run_import_case(case, seed, tmp_path)
    assert outcome.outcome == "clean", outcome.describe()
    assert f"schema_version {newer} is newer than this Rubric Studio" in outcome.stderr
