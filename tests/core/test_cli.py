import json
import os
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from tests.core.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return run_cli(*args, env=env)


def test_run_example_jsonl_ends_satisfied_after_a_revision() -> None:
    proc = cli("run", "--example", "haiku", "--jsonl")
    assert proc.returncode == 0, proc.stderr
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    assert events[0]["type"] == "run_started" and events[-1]["type"] == "finished"
    assert events[-1]["data"]["status"] == "satisfied"
    assert any(e["type"] == "feedback" for e in events)
    assert "Traceback" not in proc.stderr


def test_run_table_and_exit_status_for_other_terminal_statuses() -> None:
    proc = cli("run", "--example", "lipogram")
    assert proc.returncode == 1
    assert "FAIL  Does not contain the letter" in proc.stdout
    assert "status: max_iterations_reached" in proc.stdout


def test_the_cli_counts_iterations_and_turns_from_one_as_the_ui_does() -> None:
    proc = cli("run", "--example", "haiku")
    assert proc.returncode == 0, proc.stderr
    assert "[iteration 1] draft:" in proc.stdout and "[iteration 3] satisfied" in proc.stdout, proc.stdout
    assert "[iteration 0]" not in proc.stdout
    run_id = proc.stdout.split()[1]
    shown = cli("show", run_id)
    assert shown.returncode == 0, shown.stderr
    header = next(line for line in shown.stdout.splitlines() if "/it" in line).split()
    assert header == ["t1/it1", "t1/it2", "t1/it3"], shown.stdout
    assert "turn 1 iteration 1: needs_revision" in shown.stdout and "turn 1 iteration 3: satisfied" in shown.stdout
    assert "  t1/it1 " in shown.stdout and "t0/" not in shown.stdout  # the gaps, too


def test_task_and_rubric_from_files_and_flags(tmp_path: Path) -> None:
    (tmp_path / "task.txt").write_text("Summarize photosynthesis in one sentence.")
    (tmp_path / "rubric.md").write_text("- Exactly one sentence\n- Mentions light and chlorophyll\n")
    proc = cli(
        "run",
        "--task-file",
        str(tmp_path / "task.txt"),
        "--rubric-file",
        str(tmp_path / "rubric.md"),
        "--max-iterations",
        "2",
        "--grader-tool",
        "sentence_count",
        "--jsonl",
    )
    assert proc.returncode == 0, proc.stderr
    started = json.loads(proc.stdout.splitlines()[0])
    assert started["data"]["config"]["grader_tools"] == ["sentence_count"]
    assert started["data"]["config"]["max_iterations"] == 2


def test_config_file(tmp_path: Path) -> None:
    cfg = tmp_path / "run.yaml"
    cfg.write_text("task: Write a haiku about spring.\nrubric: |\n  - Exactly three lines\nmax_iterations: 1\n")
    proc = cli("run", "--config", str(cfg), "--jsonl")
    assert proc.returncode == 1, proc.stderr  # the first haiku draft has four lines: the cap ends it
    assert json.loads(proc.stdout.splitlines()[-1])["data"]["status"] == "max_iterations_reached"
    proc = cli("run", "--config", str(cfg), "--max-iterations", "3", "--jsonl")
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["run", "--example", "nope"], "Unknown example 'nope'"),
        (["run", "--example", "haiku", "--max-iterations", "50"], "from 1 to 20"),
        (["run", "--task", "x"], "Rubric is empty"),
        (["run", "--rubric", "- a"], "Task is empty"),
        (["run", "--example", "haiku", "--model", "gpt4"], "provider:model-id"),
        (["run", "--example", "haiku", "--grader-tool", "magic"], "Unknown grader tool"),
        (["run", "--task-file", "/nonexistent/t.txt", "--rubric", "- a"], "Cannot read task file"),
        (["run", "--example", "haiku", "--model", "openai:gpt-4o-mini"], "OPENAI_API_KEY"),
        (["run", "--example", "haiku", "--config", "x.json"], "must end in"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], fragment: str) -> None:
    proc = cli(*args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert fragment in proc.stderr
    assert "Traceback" not in proc.stderr


def test_examples_lists_the_bundled_examples() -> None:
    proc = cli("examples")
    assert proc.returncode == 0
    for name in ("haiku", "photosynthesis", "find-duplicates", "lipogram", "report"):
        assert name in proc.stdout


class _SlowHandle:
    """A run handle whose run ends only when cancelled; records the cancel."""

    run_id = "r" * 32
    last = None

    def __init__(self) -> None:
        self.cancelled = threading.Event()
        self.waiting = threading.Event()

    def wait(self, timeout: float) -> bool:
        self.waiting.set()
        return self.cancelled.wait(timeout)

    def cancel(self) -> None:
        self.cancelled.set()


def test_ctrl_c_in_follow_run_cancels_and_hands_sigint_back_to_an_in_process_caller(capsys) -> None:
    from rubric_core.cli import following as cli

    # Ctrl-C as at a terminal: a test runner started in the background (`cmd &`, nohup) inherits SIGINT ignored.
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)
    handle = _SlowHandle()
    unanswered = threading.Event()

    def press() -> None:
        handle.waiting.wait(30)
        os.kill(os.getpid(), signal.SIGINT)  # Python runs the handler in the main thread, inside follow_run
        if not handle.cancelled.wait(30):  # never cancelled: end the wait so the test fails instead of hanging
            unanswered.set()
            handle.cancel()

    presser = threading.Thread(target=press)
    presser.start()
    try:
        code = cli.follow_run(handle, resumable=True)
        presser.join()
        after = signal.getsignal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, outer)
    assert not unanswered.is_set(), "Ctrl-C did not cancel the run"
    assert code == 130
    assert f"resume it with: python -m rubric_core resume {handle.run_id}" in capsys.readouterr().err
    # Not `python -m rubric_core` (the process goes on): the caller's Ctrl-C handler is back, not SIG_IGN.
    assert after is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is not cli._on_sigterm
