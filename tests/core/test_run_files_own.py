"""Each run's files are its own (issue 42 item 5), and `disk_files` goes into the exports.

A deep agent built with `FilesystemBackend(root_dir=...)` writes to one folder for every run of it (one compiled
agent serves all runs with the same settings, and the factory roots the backend in its folder). A run that never
wrote a file showed, in its later drafts and final files, a file another run wrote meanwhile. Held at a known
point (tests/browser/gate.py, in this process): run A has drafted once and waits to draft again while run B writes
a file and ends; A's next draft and its end record nothing of B's.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from rubric_core.engine import Engine
from rubric_core.examples import FIXER_TASK, get_example
from rubric_core.exports import export_runs
from rubric_core.models.offline import OfflineWriter
from rubric_core.projects import PROJECT_ENV
from rubric_core.store import Store
from tests.browser.gate import GATES_ENV, Gates, install_from_env
from tests.core.helpers import of_type
from tests.core.test_user_agents import DISK_AGENT
from tests.projects.helpers import agent_project, haiku_config

DEADLINE_S = 240.0
PATH = "/find_duplicates.py"


def _wait(condition: Any, what: str) -> Any:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    pytest.fail(f"never happened: {what}")


def test_a_run_records_only_the_files_its_own_tool_calls_wrote(
    engine: Engine, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = agent_project(
        tmp_path / "p", DISK_AGENT.replace("{backend}", "FilesystemBackend(root_dir=OUT, virtual_mode=True)")
    )
    monkeypatch.setenv(PROJECT_ENV, str(root))
    gates = Gates(tmp_path / "gates")
    monkeypatch.setenv(GATES_ENV, str(gates.dir))
    monkeypatch.setattr(OfflineWriter, "respond", OfflineWriter.respond)  # put back after the test
    install_from_env()
    lipogram = get_example("lipogram")
    quiet = haiku_config(root, agent="main", task=lipogram.task, rubric=lipogram.rubric, max_iterations=3)
    writer = haiku_config(root, agent="main", task=FIXER_TASK, rubric="- All tests pass", max_iterations=3)
    gates.arm()  # A drafts once, then waits before its next draft
    a = engine.start(quiet, subscribers=[store.record])
    try:
        _wait(lambda: a.run_id in gates.claimed() and of_type(a, "evaluation"), "A drafted and was graded once")
        b = engine.execute(writer, subscribers=[store.record])  # B writes its file while A waits
    finally:
        gates.release_all()
    assert a.wait(DEADLINE_S)
    assert (root / "out" / "find_duplicates.py").is_file()
    assert of_type(b, "draft")[0].data["disk_files"] == [PATH]  # B's own writing is B's
    drafts_a = of_type(a, "draft")
    assert len(drafts_a) >= 2, "A drafted again after B wrote"
    for draft in drafts_a:
        assert PATH not in draft.data["files"] and "disk_files" not in draft.data, draft.data
    finished_a = of_type(a, "finished")[0].data
    assert PATH not in finished_a["files"] and "disk_files" not in finished_a
    # The exports carry each draft's disk_files: B's lists its file, A's none.
    record = {r["id"]: r for r in map(json.loads, export_runs(store, "jsonl", tmp_path / "r.jsonl").paths[0].open())}
    assert record[b.run_id]["metadata"]["history"][0]["disk_files"] == [PATH]
    assert all(step["disk_files"] == [] for step in record[a.run_id]["metadata"]["history"])
    graded = [json.loads(line) for line in export_runs(store, "grader-jsonl", tmp_path / "g.jsonl").paths[0].open()]
    assert {tuple(r["inputs"]["disk_files"]) for r in graded if r["run_id"] == b.run_id} == {(PATH,)}
    export_runs(store, "parquet", tmp_path / "pq")
    frame = pd.read_parquet(tmp_path / "pq" / "iterations" / "iterations.parquet")
    assert set(frame.loc[frame["run_id"] == b.run_id, "disk_files"]) == {PATH}
    assert set(frame.loc[frame["run_id"] == a.run_id, "disk_files"]) == {""}
