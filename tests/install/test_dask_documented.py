"""docs/SCALING.md's one-machine set-up, as written, on a fresh install: `dask scheduler`, `dask worker`, then
`rubric-studio run` and `rubric-studio suite run` with `--scheduler`.

Every process runs from its own directory that is not the checkout, from the environment
the wheel was installed in (tests/install/conftest.py), so rubric_core must be importable
from the installed package on the scheduler and the worker. Each wait is on what a process
prints or what the store holds (bounded, never a window of time).
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.install.conftest import ROOT, Installed

pytestmark = pytest.mark.timeout(2400)
DEADLINE_S = 240.0
"""Upper bound of any wait below (a bound on a hang, not a timing)."""


def _wait_printed(log: Path, pattern: str, proc: subprocess.Popen[bytes]) -> re.Match[str]:
    end = time.monotonic() + DEADLINE_S
    while True:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        assert proc.poll() is None, f"{proc.args} exited with {proc.returncode}:\n{log.read_text()[-3000:]}"
        assert time.monotonic() < end, f"{proc.args} never printed {pattern!r}:\n{log.read_text()[-3000:]}"
        time.sleep(0.05)


def _start(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], Path]:
    cwd.mkdir(parents=True, exist_ok=True)
    log = cwd / "out.log"
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    return proc, log


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _ancestors(pid: int) -> set[int]:
    found: set[int] = set()
    while pid > 1 and pid not in found:
        found.add(pid)
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return found


@pytest.fixture
def cluster(installed: Installed, tmp_path: Path) -> Iterator[tuple[str, Path, subprocess.Popen[bytes]]]:
    """`dask scheduler --host 127.0.0.1` and one `dask worker`, as docs/SCALING.md starts them (ports picked free)."""
    home = tmp_path / "shared-data"  # RUBRIC_STUDIO_HOME shared by the worker and the commands, as documented
    env = installed.env(RUBRIC_STUDIO_HOME=str(home))
    scheduler, slog = _start(
        [installed.bin("dask"), "scheduler", "--host", "127.0.0.1", "--port", "0", "--dashboard-address", ":0"],
        tmp_path / "scheduler",
        env,
    )
    procs = [scheduler]
    try:
        address = _wait_printed(slog, r"Scheduler at:\s+(tcp://127\.0\.0\.1:\d+)", scheduler).group(1)
        worker, wlog = _start(
            [
                installed.bin("dask"),
                "worker",
                address,
                "--nworkers",
                "1",
                "--nthreads",
                "4",
                "--dashboard-address",
                ":0",
            ],
            tmp_path / "worker",
            env,
        )
        procs.append(worker)
        _wait_printed(wlog, r"Registered to:", worker)
        yield address, home, worker
        for log in (slog, wlog):
            assert "ModuleNotFoundError" not in log.read_text(), log.read_text()[-3000:]
    finally:
        for proc in reversed(procs):
            _stop(proc)


def _runs(home: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(home / "runs.sqlite") as db:
        db.row_factory = sqlite3.Row
        return [dict(r) for r in db.execute("SELECT id, status FROM runs ORDER BY created_at")]


def test_a_run_and_a_suite_on_the_documented_scheduler_and_worker(
    installed: Installed, cluster: tuple[str, Path, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    address, home, worker = cluster
    env = installed.env(RUBRIC_STUDIO_HOME=str(home))
    cli_dir = tmp_path / "cli"
    cli_dir.mkdir()
    run = subprocess.run(
        [installed.bin("rubric-studio"), "run", "--example", "haiku", "--scheduler", address],
        cwd=cli_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
    )
    assert run.returncode == 0, run.stderr
    assert "status: satisfied" in run.stdout and "Traceback" not in run.stderr

    bundled = ROOT / "rubric_core" / "suites" / "bundled"
    items = [json.loads(line) for line in (bundled / "short-poems.jsonl").read_text().splitlines()[:3]]
    (cli_dir / "poems.jsonl").write_text("".join(json.dumps(i) + "\n" for i in items))
    (cli_dir / "rubric.md").write_text((bundled / "short-poems-v2.md").read_text())
    suite = subprocess.run(
        [
            installed.bin("rubric-studio"),
            "suite",
            "run",
            "--dataset",
            "poems.jsonl",
            "--rubric-file",
            "rubric.md",
            "--concurrency",
            "3",
            "--jsonl",
            "--scheduler",
            address,
        ],
        cwd=cli_dir,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
    )
    assert suite.returncode in (0, 1), suite.stderr  # 1: a gate or an unsatisfied item, never bad input
    summary = json.loads(suite.stdout.strip().splitlines()[-1])
    assert summary["type"] == "suite_summary" and summary["status"] == "finished"
    assert summary["items"] == summary["finished"] == 3

    runs = _runs(home)
    assert len(runs) == 4 and all(r["status"] in ("satisfied", "max_iterations_reached") for r in runs)
    # Executed by the documented worker (a process under `dask worker`), not by the commands that sent them.
    executed = _executed_on_workers(address)
    assert len(executed) == 1
    ((pid, keys),) = executed.values()
    assert worker.pid in _ancestors(pid)
    assert {f"rubric-run-{r['id']}-0" for r in runs} <= keys


def _worker_record(dask_worker: Any) -> tuple[int, set[str]]:
    """On a worker: its pid and the run tasks in its state log."""
    import os

    keys = {e[0] for e in dask_worker.state.log if isinstance(e[0], str) and e[0].startswith("rubric-run-")}
    return os.getpid(), keys


def _executed_on_workers(address: str) -> dict[str, tuple[int, set[str]]]:
    import sys

    import cloudpickle
    import distributed

    # The workers have no `tests` package: send the function itself, not a reference to this module.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with distributed.Client(address, timeout=DEADLINE_S) as client:
            return client.run(_worker_record)
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
