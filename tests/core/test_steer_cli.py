"""`run --step`, `run continue` and `run fork` on the command line: exit statuses, the paused event, and every bad
argument refused with a message before anything is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.cli.main import main
from rubric_core.store import Store, open_store


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse refuses an argument (exit 2, its one-line message)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _last_run(store: Store) -> str:
    return str(store.list_runs(limit=1)[0]["id"])


def _written(store: Store, run_id: str) -> tuple[int, int, str]:
    from rubric_core.store import judge as judge_store

    return (
        len(store.run_events(run_id)),
        len(judge_store.review_history(store, run_id)),
        store.get_run(run_id)["status"],
    )


@pytest.fixture
def paused(capsys: pytest.CaptureFixture[str]) -> tuple[Store, str]:
    code, out, err = _cli(capsys, "run", "--example", "haiku", "--step", "--jsonl")
    assert code == 3, err
    last = json.loads(out.strip().splitlines()[-1])
    assert last["type"] == "paused" and last["data"]["pause"] == "after_grading" and last["data"]["iteration"] == 0
    store = open_store()
    return store, _last_run(store)


def test_a_step_run_exits_3_at_its_pause_and_continue_goes_on(paused: Any, capsys: Any, tmp_path: Path) -> None:
    store, run_id = paused
    code, out, err = _cli(capsys, "run", "continue", run_id, "--override", "Is about spring=fail", "--reviewer", "ann")
    assert code == 3, err
    assert "continue at iteration 1 by cli:ann: Is about spring = fail" in out
    assert "paused after grading iteration 2" in out and f"rubric-studio run continue {run_id}" in out
    feedback = tmp_path / "feedback.txt"
    feedback.write_text("Three lines, about spring rain.", encoding="utf-8")
    code, out, err = _cli(capsys, "run", "continue", run_id, "--feedback-file", str(feedback), "--jsonl")
    assert code == 3, err
    types = [json.loads(line)["type"] for line in out.strip().splitlines()]
    assert types[:2] == ["run_started", "steered"] and types[-1] == "paused"
    events = [json.loads(line) for line in out.strip().splitlines()]
    told = [e["data"]["text"] for e in events if e["type"] == "feedback"]
    assert told == ["Three lines, about spring rain."]
    code, out, err = _cli(capsys, "run", "continue", run_id, "--stop")
    assert code == 1 and "stopped at its pause" in out
    assert store.get_run(run_id)["status"] == "cancelled"
    code, out, err = _cli(capsys, "run", "continue", run_id)
    assert code == 2 and f"Run {run_id} is not paused" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--override", "Nope=fail"], "Criterion 'Nope' was not graded at iteration 1"),
        (["--override", "Is about spring"], "is not criterion=verdict"),
        (["--override", "Is about spring=perhaps"], "must be pass, fail or n/a"),
        (["--feedback-file", "/nonexistent/feedback.txt"], "feedback"),
        (["--stop", "--override", "Is about spring=fail"], "--stop ends the run where it stands"),
        (["--draft-file", "{draft}"], "is graded already"),
        (["--rubric-file", "{empty}"], "The new rubric"),
        (["--reviewer", "a\nb", "--override", "Is about spring=fail"], "control character"),
    ],
)
def test_a_bad_continue_exits_2_with_nothing_written(
    paused: Any, capsys: Any, tmp_path: Path, args: list[str], said: str
) -> None:
    store, run_id = paused
    draft, empty = tmp_path / "draft.txt", tmp_path / "empty.txt"
    draft.write_text("A draft", encoding="utf-8")
    empty.write_text("  \n", encoding="utf-8")
    args = [a.format(draft=draft, empty=empty) for a in args]
    before = _written(store, run_id)
    code, _out, err = _cli(capsys, "run", "continue", run_id, *args)
    assert code == 2 and said in err and "Traceback" not in err
    assert _written(store, run_id) == before


def test_fork_from_the_command_line(capsys: Any, tmp_path: Path) -> None:
    code, _out, err = _cli(capsys, "run", "--example", "haiku")
    assert code in (0, 1), err
    store = open_store()
    parent = _last_run(store)
    rubric = tmp_path / "rubric.md"
    rubric.write_text("- Exactly three lines\n- Mentions blossoms\n", encoding="utf-8")
    code, out, err = _cli(capsys, "run", "fork", parent, "--at", "2", "--rubric-file", str(rubric), "--jsonl")
    assert code in (0, 1), err
    started = json.loads(out.strip().splitlines()[0])
    assert started["data"]["mode"] == "fork" and started["data"]["fork"]["parent_run"] == parent
    fork = started["run_id"]
    row = store.get_run(fork)
    assert (row["parent_run"], row["forked_at"]) == (parent, 1)
    count = store.count_runs()
    for bad, said in (
        (["--at", "2"], "A fork changes something"),
        (["--at", "9", "--rubric-file", str(rubric)], "turn 1 has no draft 9"),
        (["--at", "0", "--rubric-file", str(rubric)], "must be 1 or more"),
        (["--at", "3", "--feedback-file", str(rubric)], "sent the agent no feedback to edit"),
        (["--at", "1", "--rubric-file", str(rubric), "--feedback-file", str(rubric)], "give one or the other"),
    ):
        code, _out, err = _cli(capsys, "run", "fork", parent, *bad)
        assert code == 2 and said in err and "Traceback" not in err, (bad, err)
    code, _out, err = _cli(capsys, "run", "fork", "0" * 32, "--at", "1", "--rubric-file", str(rubric))
    assert code == 2 and "No run" in err
    assert store.count_runs() == count


def test_a_fork_of_a_run_without_checkpoints_offers_a_what_if_regrade(capsys: Any, tmp_path: Path, home: Path) -> None:
    code, _out, err = _cli(capsys, "run", "--example", "haiku")
    assert code in (0, 1), err
    store = open_store()
    parent = _last_run(store)
    (home / "checkpoints.sqlite").unlink()
    for suffix in ("-wal", "-shm"):
        (home / f"checkpoints.sqlite{suffix}").unlink(missing_ok=True)
    rubric = tmp_path / "rubric.md"
    rubric.write_text("- Exactly three lines\n", encoding="utf-8")
    code, _out, err = _cli(capsys, "run", "fork", parent, "--at", "1", "--rubric-file", str(rubric))
    assert code == 2 and "has no checkpoints here" in err and f"rubric-studio regrade {parent} --rubric-file" in err
    assert store.count_runs() == 1


def test_step_needs_the_store(capsys: Any) -> None:
    code, _out, err = _cli(capsys, "run", "--example", "haiku", "--step", "--no-store")
    assert code == 2 and "--step cannot go with --no-store" in err
