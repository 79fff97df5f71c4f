"""Generated bad input proves it (issue 41 item 2): for every command of `rubric-studio --help`, command lines with
one to three bad values (tests/core/bad_input_strategies.py) never print a traceback, exit 0, 1 or 2, and after
exit 2 every table of the store is as it was. The suite runs a few hundred examples with the fixed seed of the
"suite" profile (tests/conftest.py); bench/bad_input.py runs thousands with fresh seeds and counts them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from tests.core.bad_input_strategies import COMMANDS, Sandbox, bad_command
from tests.core.blind_harness import Seed

EXAMPLES_PER_COMMAND = 12


@pytest.fixture(scope="module")
def seed(bad_input_seed: Seed) -> Seed:
    return bad_input_seed


@pytest.fixture(scope="module")
def sandbox(seed: Seed, tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    return Sandbox(seed, tmp_path_factory.mktemp("generated") / "box")


def test_every_command_of_the_help_is_generated() -> None:
    assert len(COMMANDS) >= 24 and {"run", "suite run", "import", "rubric accept", "review"} <= set(COMMANDS)
    for name, slots in COMMANDS.items():
        if name != "examples":
            assert [s for s in slots if s.nargs != 0], f"{name}: no argument to give a bad value"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_generated_bad_input_never_traces_back_and_exit_2_changes_no_table(name: str, sandbox: Sandbox) -> None:
    @settings(max_examples=EXAMPLES_PER_COMMAND)
    @given(argv=bad_command(name))
    def holds(argv: list[str]) -> None:
        outcome = sandbox.run(argv)
        assert not outcome.problem(), outcome.describe()

    holds()


def test_the_sandbox_finds_a_write_before_a_refusal(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> None:
    """The property can fail: a command that writes and then refuses with exit 2 (as `rubric prove` of another
    rubric's proposal did) is caught. Here main runs such a command in place of plan.execute."""
    from rubric_core.cli import main
    from rubric_core.cli.common import BadInput

    def writes_then_refuses(_args: object) -> int:
        from rubric_core.store import open_store

        open_store().save_rubric("written-then-refused", "- a")
        raise BadInput("refused after writing")

    monkeypatch.setattr(main, "execute", writes_then_refuses)
    outcome = sandbox.run(["runs"])
    assert outcome.code == 2 and "exit 2 after writing" in outcome.problem()
