"""The user's agent and grader tool through the real provider path, wherever runs run: threads, the worker
pool, a Dask LocalCluster.

The OpenAI-compatible stub on 127.0.0.1 plays a working model that calls the user's own tool when it is
offered, and the offline grader, which calls the user's grader tool a criterion names. Both tools record each
call in a file of the project, so the test sees that they ran in whatever process ran the run.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.processes import shared_pool
from rubric_core.execution.threads import ThreadBackend
from rubric_core.projects import PROJECT_ENV
from rubric_core.store import Store
from tests.core.helpers import local_cluster
from tests.projects.helpers import agent_project, haiku_config
from tests.stubs.openai_stub import StubOpenAI, is_grading, offline_brain

DEADLINE_S = 240.0
"""Upper bound of a run here (a bound on a hang, not a timing)."""

AGENT = '''
from pathlib import Path

from deepagents import create_deep_agent
from langchain_core.tools import tool

LOG = Path(__file__).resolve().parents[1] / "agent_calls.log"


@tool
def note(text: str) -> str:
    """Write down what you are about to do."""
    with LOG.open("a") as f:
        f.write(text + "\\n")
    return "noted"


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, tools=[note], middleware=[*middleware], checkpointer=checkpointer)
'''

GRADER_TOOL = '''
import json
import os
from pathlib import Path

LOG = Path(__file__).resolve().parents[1] / "grader_calls.log"


def judge_it(text: str) -> str:
    """Check the answer has three lines. Returns JSON: passed, tests, summary."""
    with LOG.open("a") as f:
        f.write(f"{os.getpid()}\\n")
    lines = [line for line in text.splitlines() if line.strip()]
    ok = len(lines) == 3
    return json.dumps({"passed": ok, "tests": [], "summary": f"{len(lines)} lines"})
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return agent_project(
        tmp_path_factory.mktemp("remote") / "proj",
        AGENT,
        extra_toml='[grader_tools]\njudge_it = "pkg.grader:judge_it"\n',
        **{"pkg/grader.py": GRADER_TOOL},
    )


def calls_note_first(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
    """The working model calls `note` once per draft when it is offered, then answers as the offline models do."""
    names = [t["function"]["name"] for t in kwargs.get("tools", [])]
    if not is_grading(kwargs) and "note" in names:
        since = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
        if not any(isinstance(m, ToolMessage) for m in messages[since:]):
            return AIMessage("", tool_calls=[{"name": "note", "args": {"text": f"draft {since}"}, "id": f"n{since}"}])
    return offline_brain(messages, kwargs)


@pytest.fixture(scope="module")
def stub() -> Iterator[StubOpenAI]:
    with StubOpenAI(brain=calls_note_first) as s:
        yield s


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    pytest.importorskip("distributed")
    with local_cluster(1) as client:
        yield client


def _backend(kind: str, engine: Engine, store: Store, request: pytest.FixtureRequest) -> Any:
    if kind == "threads":
        return ThreadBackend(engine, store)
    if kind == "processes":
        pool = shared_pool(2)
        pool.start()
        return pool
    from rubric_core.execution.dask_backend import DaskBackend

    client = request.getfixturevalue("cluster")
    return DaskBackend(client.scheduler.address, store, client=client)


@pytest.mark.parametrize("kind", ["threads", "processes", "dask"])
def test_both_user_tools_run_through_the_provider_wherever_runs_run(
    kind: str,
    project: Path,
    stub: StubOpenAI,
    home: Path,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    monkeypatch.setenv(PROJECT_ENV, str(project))
    for log in ("agent_calls.log", "grader_calls.log"):
        (project / log).unlink(missing_ok=True)
    engine = Engine(home)
    manager = RunManager(engine, store, backend=_backend(kind, engine, store, request))
    config = haiku_config(
        project,
        agent="main",
        model="openai:gpt-4o-mini",
        grader="openai:gpt-4o-mini",
        rubric="- Exactly three lines (judge_it)\n- Is about spring",
        grader_tools=["judge_it"],
        strategy="tool",
    )
    keys = {"OPENAI_API_KEY": "sk-stub-remote-0001", "OPENAI_BASE_URL": stub.base_url}
    handle = manager.start(config, keys=keys)
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "finished", handle.last
    assert handle.last.data["status"] == "satisfied"
    events = store.run_events(handle.run_id)
    drafts = [e for e in events if e.type == "draft"]
    notes = (project / "agent_calls.log").read_text().splitlines()
    assert len(notes) == len(drafts) >= 1  # the user's agent tool, once per draft, in the process running it
    graded = (project / "grader_calls.log").read_text().splitlines()
    assert len(graded) == len([e for e in events if e.type == "evaluation"])  # the user's grader tool, each pass
    if kind != "threads":
        assert all(int(pid) != __import__("os").getpid() for pid in graded)
    calls = [c["name"] for e in events if e.type == "tool_call" for c in e.data["calls"]]
    assert calls.count("note") == len(drafts)
    # The grader's verdict is the tool's: the scripted first haiku has four lines, the second three.
    first, last = (e.data["criteria"][0] for e in events if e.type == "evaluation" and e.data["iteration"] in (0, 1))
    assert not first["passed"] and first["gap"] == "judge_it: 4 lines"
    assert last["passed"]
    offered = {t.get("name") for r in stub.requests for t in r["body"].get("tools") or []}
    assert {"note", "judge_it"} <= offered
    assert store.get_run(handle.run_id)["agent"] == "main"


def test_a_suite_runs_on_the_users_agent_from_the_command_line(tmp_path: Path, home: Path) -> None:
    from tests.core.helpers import run_cli
    from tests.projects.helpers import FIXER

    items = [
        {"id": "rows", "task": json.loads(json.dumps(_fixer_task())), "files": {"CALLERS.md": "Rows are lists."}},
        {"id": "plain", "task": _fixer_task()},
    ]
    dataset = tmp_path / "items.jsonl"
    dataset.write_text("".join(json.dumps(i) + "\n" for i in items))
    rubric = tmp_path / "rubric.md"
    rubric.write_text(_fixer_rubric())
    done = run_cli(
        "suite",
        "run",
        "--project",
        str(FIXER),
        "--agent",
        "fixer",
        "--grader-tool",
        "run_test_suite",
        "--dataset",
        str(dataset),
        "--rubric-file",
        str(rubric),
        "--jsonl",
        env={"RUBRIC_STUDIO_HOME": str(home)},
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["status"] == "finished" and summary["status_counts"] == {"satisfied": 2}
    store = Store(f"sqlite:///{home / 'runs.sqlite'}")
    try:
        runs = store.list_runs()
        assert {r["agent"] for r in runs} == {"fixer"}
        first_files = {
            r["id"]: next(e.data["files"] for e in store.run_events(r["id"]) if e.type == "draft") for r in runs
        }
        assert sorted("/CALLERS.md" in f for f in first_files.values()) == [False, True]
    finally:
        store.close()


def _fixer_task() -> str:
    from rubric_core.examples import FIXER_TASK

    return FIXER_TASK


def _fixer_rubric() -> str:
    from rubric_core.examples import SCRIPTED

    return SCRIPTED["fixer"].rubric


def test_cancel_resume_and_continue_of_a_project_agent_in_the_worker_pool(
    home: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.core.helpers import CancelAt
    from tests.projects.helpers import FIXER, fixer_config

    monkeypatch.setenv(PROJECT_ENV, str(FIXER))
    pool = shared_pool(2)
    pool.start()
    manager = RunManager(Engine(home), store, backend=pool)
    cancel = CancelAt("evaluation", 0)
    first = cancel.attach(manager.start(fixer_config(), subscribers=[cancel]))
    assert first.wait(DEADLINE_S)
    assert first.last is not None and first.last.type == "cancelled"
    resumed = manager.resume(first.run_id)
    assert resumed.wait(DEADLINE_S)
    assert resumed.last is not None and resumed.last.data.get("status") == "satisfied", resumed.last
    follow = manager.follow_up(
        first.run_id, "Keep it, and say why it is right.", rubric="- All tests pass (run_test_suite)"
    )
    assert follow.wait(DEADLINE_S)
    assert follow.last is not None and follow.last.data.get("status") == "satisfied", follow.last
    events = store.run_events(first.run_id)
    assert sorted(e.data["iteration"] for e in events if e.type == "draft" and e.data["turn"] == 0) == [0, 1]
    assert {e.data["agent"]["name"] for e in events if e.type == "run_started"} == {"fixer"}
