"""Issue 41: refuse before you write. Every command resolves everything it was given, then writes; exit 2 leaves
every table as it was, by construction (cli/plan.py, store/write_guard.py). Each test below failed on the code
before the change: the command wrote and then refused, took a pattern for an id, ignored or guessed a value, or
said something a person cannot act on.
"""

from __future__ import annotations

import argparse
import socket
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.core.blind_harness import Ran, Seed, run_command

DATASET = "{TMP}/ds.jsonl"
SUITE = ["suite", "run", "--dataset", DATASET, "--rubric-name", "lib2"]
TWO = ["--model", "offline:writer", "--model", "offline:writer?latency=0"]


@pytest.fixture(scope="module")
def seed(bad_input_seed: Seed) -> Seed:
    return bad_input_seed


def _run(seed: Seed, tmp_path: Path, *argv: str, env: dict[str, str] | None = None, **files: str) -> Ran:
    files.setdefault("ds.jsonl", '{"id": "a", "task": "Write a haiku about rain."}\n')
    return run_command(seed, tmp_path, list(argv), env=env, files=files)


def _refused(ran: Ran, *fragments: str) -> None:
    assert not ran.escaped and "Traceback" not in ran.out + ran.err, ran.escaped or ran.err
    assert ran.code == 2, f"exit {ran.code}\n{ran.out[-500:]}\n{ran.err}"
    assert ran.changed == [], ran.changed
    for fragment in fragments:
        assert fragment in ran.err, f"{fragment!r} not in {ran.err!r}"


# ---- item 1: one order for every command ------------------------------------------------------------------


def test_every_command_is_resolved_then_applied() -> None:
    """No command of the parser is left checking as it goes: each registers a resolve step (cli/plan.py)."""
    from rubric_core.cli.main import build_parser

    def leaves(parser: argparse.ArgumentParser, name: str) -> list[tuple[str, argparse.ArgumentParser]]:
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            return [(name, parser)]
        below = [leaf for sub, p in subs[0]._name_parser_map.items() for leaf in leaves(p, f"{name} {sub}".strip())]
        # `run` is a command of its own beside its optional words `continue` and `fork`
        return below if subs[0].required else [(name, parser), *below]

    found = leaves(build_parser(), "")
    assert len(found) >= 26 and {"run", "run continue", "run fork"} <= {n for n, _ in found}
    for name, parser in found:
        assert parser.get_default("resolve") is not None and parser.get_default("func") is None, name


def test_a_write_while_resolving_is_refused_and_a_refusal_after_a_write_is_no_exit_2(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rubric_core.cli.common import BadInput
    from rubric_core.cli.main import _run
    from rubric_core.cli.plan import Plan
    from rubric_core.store import open_store, write_guard

    store = open_store()
    with write_guard.checking("a test"), pytest.raises(write_guard.WriteBeforeChecked, match="before it had checked"):
        store.save_rubric("guarded", "- a")
    assert store.get_rubric("guarded") is None

    def resolve(_args: argparse.Namespace) -> Plan:
        def apply() -> int:
            store.save_rubric("written", "- a")
            raise BadInput("found too late")

        return Plan(apply)

    args = argparse.Namespace(command="test", resolve=resolve, debug=False)
    assert _run(args) == 1  # not 2: something was stored
    assert "found too late" in capsys.readouterr().err and store.get_rubric("written") is not None


def _one_proposal(keep: str) -> Callable[[Path], None]:
    """Leave one proposal in the store copy: a LIKE pattern then matched it alone (and proved or accepted it)."""

    def prepare(home: Path) -> None:
        with sqlite3.connect(home / "runs.sqlite") as conn:
            conn.execute("DELETE FROM rubric_proposals WHERE id != ?", (keep,))

    return prepare


@pytest.mark.parametrize(
    "argv",
    [["rubric", "prove", "poems", "--proposal", "%%%%%%"], ["rubric", "accept", "poems", "--proposal", "______"]],
    ids=["prove", "accept"],
)
def test_a_proposal_id_is_never_a_pattern_even_when_it_would_match_the_only_one(
    seed: Seed, tmp_path: Path, argv: list[str]
) -> None:
    # With one proposal stored, the old code proved it ('%%%%%%') and saved it as v3 ('______' --anyway).
    argv = [*argv, "--anyway"] if "accept" in argv else argv
    ran = run_command(seed, tmp_path, argv, prepare=_one_proposal(seed.proposal))
    _refused(ran, "No proposal")


@pytest.mark.parametrize(
    "argv",
    [
        ["rubric", "prove", "poems", "--proposal", "%"],
        ["show", "%"],
        ["delete", "%%%%"],
        ["suite", "show", "%"],
        ["resume", "{RUN_PREFIX}%"],
        ["runs", "--id", "%"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_an_id_is_never_a_pattern(seed: Seed, tmp_path: Path, argv: list[str]) -> None:
    _refused(_run(seed, tmp_path, *argv))


def test_a_prefix_names_one_run_but_never_deletes(seed: Seed, tmp_path: Path) -> None:
    shown = _run(seed, tmp_path / "show", "show", seed.run[:8])
    assert shown.code in (0, 1) and f"run {seed.run}" in shown.out
    _refused(_run(seed, tmp_path / "delete", "delete", seed.run[:8]), "give its whole id")


def test_another_rubrics_proposal_is_refused_before_any_regrade_or_save(seed: Seed, tmp_path: Path) -> None:
    # The old code regraded (+12 regrades, +72 criteria rows) and stored a proof, or saved poems v3, then refused.
    _refused(_run(seed, tmp_path / "p", "rubric", "prove", "lib2", "--proposal", seed.proposal), "edits rubric 'poems'")
    _refused(
        _run(seed, tmp_path / "a", "rubric", "accept", "lib2", "--proposal", seed.proposal, "--anyway"),
        "edits rubric 'poems'",
    )


def test_a_proposal_built_on_an_older_version_says_what_it_would_undo_and_needs_anyway(
    seed: Seed, tmp_path: Path
) -> None:
    refused = _run(seed, tmp_path / "no", "rubric", "accept", "poems", "--proposal", seed.proposal)
    _refused(refused, "at v2 now", "drops '- At most 120 words'", "--anyway")
    done = _run(seed, tmp_path / "yes", "rubric", "accept", "poems", "--proposal", seed.proposal, "--anyway")
    assert done.code == 0, done.err
    assert "saved as version 3" in done.out and "undoes what came after that version" in done.out
    assert "drops '- At most 120 words'" in done.out


@pytest.mark.parametrize("baseline", ["3", "0", "-1", "99999999999999999999"])
def test_a_baseline_outside_the_matrix_is_refused_before_the_matrix_runs(
    seed: Seed, tmp_path: Path, baseline: str
) -> None:
    # The old code ran and stored the whole matrix for "3", then refused; took "0" as column 1.
    _refused(_run(seed, tmp_path, *SUITE, *TWO, "--baseline", baseline))


@pytest.mark.parametrize(
    "argv",
    [
        [*SUITE, "--baseline", "1"],
        ["suite", "show", "{SUITE}", "--baseline", "1"],
        ["suite", "show", "{MATRIX}", "--baseline", "0"],
        ["suite", "resume", "{MATRIX}", "--baseline", "3"],
    ],
    ids=["run-one-column", "show-one-column", "show-zero", "resume-outside"],
)
def test_a_baseline_is_a_column_of_a_matrix_or_refused(seed: Seed, tmp_path: Path, argv: list[str]) -> None:
    _refused(_run(seed, tmp_path, *argv), "--baseline")


# ---- item 3: providers checked before a suite run is stored -------------------------------------------------


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--model", "openai:gpt-4o-mini"], "OPENAI_API_KEY"),
        (["--grader", "openai:gpt-4o-mini"], "Grader model: OpenAI needs an API key"),
        (["--model", "ollama:llama3.2"], "Cannot reach the Ollama server"),
        (["--model", "offline:writer", "--model", "openai:gpt-4o-mini"], "Column 2"),
        (["--config", "{TMP}/cols.toml"], "Column 2 (b): grader model"),
    ],
    ids=["model", "grader", "ollama", "flag-column", "config-column"],
)
def test_a_model_that_cannot_be_used_is_refused_before_a_suite_run_is_stored(
    seed: Seed, tmp_path: Path, extra: list[str], fragment: str
) -> None:
    columns = '[[columns]]\nlabel = "a"\n\n[[columns]]\nlabel = "b"\ngrader = "openai:gpt-4o-mini"\n'
    env = {"OLLAMA_HOST": f"http://127.0.0.1:{_closed_port()}"}
    _refused(_run(seed, tmp_path, *SUITE, *extra, env=env, **{"cols.toml": columns}), fragment)


def test_run_refuses_an_unreachable_local_server(seed: Seed, tmp_path: Path) -> None:
    env = {"OLLAMA_HOST": f"http://127.0.0.1:{_closed_port()}"}
    _refused(
        _run(seed, tmp_path, "run", "--example", "haiku", "--model", "ollama:llama3.2", env=env),
        "Cannot reach the Ollama server",
    )


# ---- item 4: suite and matrix inputs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (["--config", "{TMP}/empty.toml"], "columns is an empty list"),
        (["--model", "offline:writer", "--model", "OFFLINE:writer"], "are the same configuration"),
        (["--grader", "offline:grader", "--grader", " Offline:grader"], "are the same configuration"),
        (["--model", ""], "model spec is empty"),
        (["--model", "", "--model", "offline:writer"], "Column 1: the model spec is empty"),
        (["--dataset", "{TMP}/up.jsonl"], "may not hold '..'"),
    ],
    ids=["columns-empty", "model-case", "grader-case", "model-empty", "model-empty-column", "file-climbs-out"],
)
def test_suite_inputs_are_read_as_the_resolver_reads_them(
    seed: Seed, tmp_path: Path, extra: list[str], fragment: str
) -> None:
    files = {
        "empty.toml": "columns = []\n",
        "up.jsonl": '{"id": "a", "task": "Fix it.", "files": {"../../escape.txt": "x"}}\n',
    }
    _refused(_run(seed, tmp_path, *SUITE, *extra, **files), fragment)


# ---- item 5: the assistant's inputs (doctor, fitness, prove, accept) -----------------------------------------


def test_doctor_says_the_split_is_fixed_rather_than_ignoring_another_seed(seed: Seed, tmp_path: Path) -> None:
    _refused(_run(seed, tmp_path, "rubric", "doctor", "poems", "--seed", "7"), "split is fixed", "another rubric name")


def test_fitness_version_0_is_refused_not_every_version(seed: Seed, tmp_path: Path) -> None:
    _refused(_run(seed, tmp_path, "rubric", "fitness", "poems", "--version", "0"), "must be 1 or more")


# ---- item 7: messages -------------------------------------------------------------------------------------


def test_a_huge_seed_is_a_number_too_large_not_an_overflow(seed: Seed, tmp_path: Path) -> None:
    ran = _run(seed, tmp_path, "rubric", "doctor", "poems", "--seed", "99999999999999999999")
    _refused(ran, "too large")
    assert "Overflow" not in ran.err and "SQLite" not in ran.err


def test_a_column_below_1_says_1_or_more_never_0(seed: Seed, tmp_path: Path) -> None:
    for n, value in enumerate(("-1", "0")):
        ran = _run(seed, tmp_path / str(n), "suite", "resume", "{MATRIX}", "--column", value)
        _refused(ran, "1 or more")
        assert "0 or more" not in ran.err


def test_an_item_too_long_is_said_in_sentences(seed: Seed, tmp_path: Path) -> None:
    big = '{"id": "big", "task": "' + "x" * 300_000 + '"}\n'
    ran = _run(seed, tmp_path, *SUITE, **{"ds.jsonl": big})
    _refused(ran, "the limit is 262,144. Fix")
    assert ".." not in ran.err


def test_a_factory_that_does_not_parse_is_said_in_a_sentence(seed: Seed, tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "rubric-studio.toml").write_text('[agents.bad]\nfactory = "bad.py:make"\n', encoding="utf-8")
    (project / "bad.py").write_text("def make(:\n", encoding="utf-8")
    ran = _run(seed, tmp_path / "case", "run", "--example", "haiku", "--project", str(project), "--agent", "bad")
    _refused(ran, "SyntaxError", "line 1). Nothing was run or stored.")


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["import", ""], "the path is empty"),
        (["run", "--example", "haiku", "--project", ""], "the path is empty"),
        (["rubric", "draft", "--task-file", "x" * 5000], "too long for a file name"),
        (["import", "x" * 5000], "too long for a file name"),
        (["export", "--format", "jsonl", "--out", "a\x00b"], "--out holds a NUL character"),
        (["suite", "export", "{SUITE}", "--format", "jsonl", "--out", "y/" * 3000], "too long for a file name"),
        (["examples", "--copy", "fixer", "a\x00b"], "--copy NAME DIR: the path holds a NUL character"),
    ],
    ids=["import-empty", "project-empty", "task-file-long", "import-long", "out-nul", "out-long", "copy-nul"],
)
def test_a_path_is_checked_as_a_path(seed: Seed, tmp_path: Path, argv: list[str], fragment: str) -> None:
    # Before: '' read as the current folder (or no project at all), and a long name or a NUL in --out were
    # "Unexpected failure: OSError / ValueError", exit 1.
    _refused(_run(seed, tmp_path, *argv), fragment)
