"""Issue 41 item 1 for the steer commands (issue 39): `run continue` and `run fork` resolve everything they were
given (the run, whole or by an unambiguous start, never a pattern; that it is paused; the scheduler) before their
first write, and exit 3, a step-mode run stored and waiting at a pause, is no refusal: it is allowed only where a
run was stored paused (the generated bad-input property, tests/core/bad_input_strategies.py, holds it so).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.bad_input_strategies import Outcome
from tests.core.blind_harness import Ran, Seed, run_command


@pytest.fixture(scope="module")
def seed(bad_input_seed: Seed) -> Seed:
    return bad_input_seed


def _refused(ran: Ran, *fragments: str) -> None:
    assert not ran.escaped and "Traceback" not in ran.out + ran.err, ran.escaped or ran.err
    assert ran.code == 2, f"exit {ran.code}\n{ran.out[-500:]}\n{ran.err}"
    assert ran.changed == [], ran.changed
    for fragment in fragments:
        assert fragment in ran.err, f"{fragment!r} not in {ran.err!r}"


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "continue", "%", "--stop"],
        ["run", "continue", "%%%%%%", "--stop"],
        ["run", "continue", "______", "--stop"],
        ["run", "fork", "%", "--at", "1"],
        ["run", "fork", "________", "--at", "1"],
    ],
)
def test_a_run_id_given_to_continue_or_fork_is_never_a_pattern(seed: Seed, tmp_path: Path, argv: list[str]) -> None:
    _refused(run_command(seed, tmp_path, argv))


def test_continue_takes_an_unambiguous_start_of_the_paused_run(seed: Seed, tmp_path: Path) -> None:
    ran = run_command(seed, tmp_path, ["run", "continue", seed.paused[:10], "--stop"])
    assert ran.code == 1 and f"Run {seed.paused} stopped at its pause" in ran.out, ran.err
    assert "table runs" in ran.changed


def test_a_suite_run_id_given_to_fork_says_it_is_a_suite_run(seed: Seed, tmp_path: Path) -> None:
    _refused(run_command(seed, tmp_path, ["run", "fork", "{SUITE}", "--at", "1"]), "is a suite run")


def test_an_empty_scheduler_is_refused_before_a_paused_run_goes_on(seed: Seed, tmp_path: Path) -> None:
    _refused(run_command(seed, tmp_path, ["run", "continue", "{PAUSED}", "--scheduler", ""]), "--scheduler is empty")


def test_resume_of_a_paused_run_says_continue_it_and_writes_nothing(seed: Seed, tmp_path: Path) -> None:
    _refused(
        run_command(seed, tmp_path, ["resume", "{PAUSED}"]),
        "paused at a step",
        f"rubric-studio run continue {seed.paused}",
    )


def test_continue_of_a_run_that_is_not_paused_writes_nothing(seed: Seed, tmp_path: Path) -> None:
    _refused(run_command(seed, tmp_path, ["run", "continue", "{RUN}", "--override", "x=fail"]), "is not paused")


def test_a_step_run_exits_3_stored_and_waiting_at_its_pause(seed: Seed, tmp_path: Path) -> None:
    ran = run_command(seed, tmp_path, ["run", "--example", "haiku", "--step"])
    assert ran.code == 3 and not ran.escaped, ran.err
    assert {"table runs", "table events"} <= set(ran.changed)
    assert "rubric-studio run continue" in ran.out


def test_exit_3_passes_the_bad_input_property_only_with_a_run_stored_paused() -> None:
    """The generated property's rule for exit 3 can fail: from a command that cannot pause, or with no run paused."""
    stored = ["table events", "table runs"]
    assert Outcome(["run", "--example", "haiku", "--step"], 3, "", "", "", stored, True).problem() == ""
    assert Outcome(["run", "continue", "abc"], 3, "", "", "", stored, True).problem() == ""
    assert "exit 3" in Outcome(["runs", "--limit", "3"], 3, "", "", "", stored, True).problem()
    assert "exit 3" in Outcome(["run", "--example", "haiku", "--step"], 3, "", "", "", [], True).problem()
    assert "exit 3" in Outcome(["run", "--example", "haiku", "--step"], 3, "", "", "", stored, False).problem()
    assert "exit 4" in Outcome(["run", "--example", "haiku"], 4, "", "", "", stored, True).problem()
