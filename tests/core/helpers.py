"""Small helpers for engine tests."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.examples import get_example


def example_config(name: str, **changes: object) -> RunConfig:
    ex = get_example(name)
    data = {
        "task": ex.task,
        "rubric": ex.rubric,
        "max_iterations": ex.max_iterations,
        "grader_tools": list(ex.grader_tools),
    }
    data.update(changes)
    return RunConfig.from_dict(data)


def types(handle) -> list[str]:
    return [e.type for e in handle.events if e.type not in ("tool_call", "tool_result")]


def of_type(handle, kind: str) -> list:
    return [e for e in handle.events if e.type == kind]


ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m rubric_core ARGS` in a subprocess, from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "rubric_core", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        timeout=300,
        check=False,
    )


PROCESS_TIMEOUT_S = 240
"""Upper bound for a child process of a test (pytest-timeout allows 300 s a test); a bound, not a window."""


def sigint_as_at_a_terminal() -> None:
    """`preexec_fn` for a child the test sends Ctrl-C (SIGINT): the default disposition, as a terminal gives it.

    A test runner started in the background by a shell (`cmd &`, nohup) inherits SIGINT ignored, and so
    would every child it starts: Python then installs no KeyboardInterrupt handler and the child runs on
    as if Ctrl-C never came (seen: a CI run started with `nohup ... &` failed every Ctrl-C test).
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_held_run(home: Path, point: str, example: str = "haiku") -> tuple[subprocess.Popen, str]:
    """A child process running `example` and held at `point` (see kill_target.py): (process, run id).

    Returns once the child says it is held there, so a kill lands at that point on any machine.
    """
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/core/kill_target.py"), point, example],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.stdout is not None
    run_id = proc.stdout.readline().strip()
    held = proc.stdout.readline().strip()
    if held != f"at {point}":
        proc.kill()
        _, err = proc.communicate(timeout=PROCESS_TIMEOUT_S)
        msg = f"the child never reached {point}: {run_id!r} {held!r}\n{err[-3000:]}"
        raise AssertionError(msg)
    return proc, run_id


class CancelAt:
    """A subscriber that cancels its run when the event `kind` of `iteration` arrives: a cancel point that
    does not depend on timing. Pass it to `start`, then `attach` the returned handle."""

    def __init__(self, kind: str, iteration: int = 0) -> None:
        self.kind, self.iteration = kind, iteration
        self.handle = None
        self._attached = threading.Event()

    def attach(self, handle):
        """The handle to cancel (the event may arrive before `start` returns: the subscriber waits for it)."""
        self.handle = handle
        self._attached.set()
        return handle

    def __call__(self, event) -> None:
        if event.type == self.kind and event.data.get("iteration") == self.iteration:
            self._attached.wait()
            self.handle.cancel()


XSS_IMG = '<img src=x onerror="window.__xss=1">'
XSS_SCRIPT = "<script>window.__xss=2</script>"
XSS_LINK = "[open me](javascript:window.__xss=3)"
PLANTED = f"{XSS_IMG} {XSS_SCRIPT} {XSS_LINK}"
"""Untrusted text planted in every string of a run: none of it may ever run or become an element."""


def planted_run_events(run_id: str, *, at: float = 1_700_000_000.0) -> list:
    """A stored run of two graded passes whose every string (task, rubric, drafts in Markdown, files, criteria,
    checks, gaps, explanations, grader tool calls, feedback, final output) carries planted HTML and a
    javascript: link; the second pass has a pass, a fail and an n/a."""
    from rubric_core.events import RunEvent

    names = [f"Mentions the sea {XSS_IMG}", f"Two sentences {XSS_SCRIPT}", f"Is witty {XSS_LINK}"]
    check = {"kind": "word_match", "label": "word match", "looked_for": f"sea {XSS_SCRIPT}", "found": XSS_IMG}
    na = {"kind": "cannot_judge", "label": "cannot judge", "looked_for": "", "found": f"no check {XSS_LINK}"}
    tool = {"name": "count_words", "args": {"text": XSS_SCRIPT}, "answer": XSS_IMG, "error": "", "seconds": 0.1}
    events: list = []

    def add(kind: str, data: dict) -> None:
        events.append(RunEvent(run_id=run_id, seq=len(events), type=kind, at=at + len(events), data=data))  # type: ignore[arg-type]

    config = {"task": f"Describe the sea {PLANTED}", "rubric": "\n".join(f"- {n}" for n in names)}
    config |= {"model": "openai:gpt-4o-mini", "grader": "openai:gpt-4o-mini", "max_iterations": 3}
    add("run_started", {"mode": "start", "config": config, "models": {"model": "m", "grader": "g"}, "turn": 0})
    verdicts = [("fail", "fail", "fail"), ("pass", "fail", "n/a")]
    for it, row in enumerate(verdicts):
        draft = (
            f"# Draft {it + 1} {XSS_SCRIPT}\n\nThe **sea** {XSS_IMG} is wide.\nA second line {XSS_LINK} "
            f"and [a safe link](https://example.org/{it}).\n\n- one\n- two {XSS_SCRIPT}\n\n```\ncode {XSS_IMG}\n```\n"
        )
        add(
            "draft",
            {
                "turn": 0,
                "iteration": it,
                "text": draft,
                "files": {f"notes {XSS_IMG}.md": XSS_SCRIPT},
                "notice": f"Wrote the nearest genre {XSS_SCRIPT}",
            },
        )
        add("grading_started", {"turn": 0, "iteration": it})
        criteria = [
            {
                "name": n,
                "passed": v == "pass",
                "verdict": v,
                "gap": "" if v == "pass" else f"gap {XSS_IMG}",
                "check": na if v == "n/a" else check,
            }
            for n, v in zip(names, row, strict=True)
        ]
        add(
            "evaluation",
            {
                "turn": 0,
                "iteration": it,
                "result": "needs_revision" if it == 0 else "max_iterations_reached",
                "explanation": f"explained {XSS_SCRIPT}",
                "criteria": criteria,
                "grader_tools": [tool],
            },
        )
        if it == 0:
            add("feedback", {"turn": 0, "iteration": it, "text": f"Fix it {XSS_IMG}"})
    add("finished", {"turn": 0, "status": "max_iterations_reached", "final_output": f"final {XSS_SCRIPT}"})
    return events


CLUSTER_START_ATTEMPTS = 3


@contextlib.contextmanager
def local_cluster(n_workers: int) -> Iterator[Any]:
    """A Dask `LocalCluster` of `n_workers` worker processes and a client of it, for a test module.

    Its start is the test's ground, not what it tests: on a loaded machine a nanny's worker process can miss
    Dask's 30 s connect window (CI: "Nanny failed to start"). The windows are widened to PROCESS_TIMEOUT_S, and
    a cluster that still fails to start is started again (at most CLUSTER_START_ATTEMPTS times, each failure
    closed first); once up, nothing the tests check is retried.
    """
    import dask
    import distributed

    timeouts = {
        "distributed.comm.timeouts.connect": f"{PROCESS_TIMEOUT_S}s",
        "distributed.comm.timeouts.tcp": f"{PROCESS_TIMEOUT_S}s",
        "distributed.deploy.lost-worker-timeout": f"{PROCESS_TIMEOUT_S}s",
    }
    with dask.config.set(timeouts):
        for attempt in range(1, CLUSTER_START_ATTEMPTS + 1):
            try:
                cluster = distributed.LocalCluster(
                    n_workers=n_workers,
                    processes=True,
                    threads_per_worker=4,
                    dashboard_address=None,
                    death_timeout=PROCESS_TIMEOUT_S,
                )
            except (RuntimeError, TimeoutError, OSError):
                if attempt == CLUSTER_START_ATTEMPTS:
                    raise
                continue
            break
        with cluster, distributed.Client(cluster, set_as_default=False, timeout=PROCESS_TIMEOUT_S) as client:
            yield client
