"""The loop on the user's own agent and grader tools: the example project, every failure of user code, files,
the trust rule, and Cancel, Resume and Continue (threads here; the worker pool, the stub provider and Dask in
test_user_agents_remote.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.config import ConfigError
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.projects import PROJECT_ENV
from rubric_core.store import Store
from tests.core.helpers import PROCESS_TIMEOUT_S, CancelAt, of_type
from tests.projects.helpers import FIXER, agent_project, fixer_config, haiku_config

pytestmark = pytest.mark.usefixtures("fixer_opened")


@pytest.fixture
def fixer_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROJECT_ENV, str(FIXER))


def _error(handle: Any) -> dict[str, Any]:
    assert handle.last is not None and handle.last.type == "error", [e.type for e in handle.events]
    return handle.last.data


def test_the_example_project_runs_its_agent_its_tool_and_its_grader_tool(engine: Engine, store: Store) -> None:
    handle = engine.execute(fixer_config(), subscribers=[store.record])
    finished = of_type(handle, "finished")[0].data
    assert finished["status"] == "satisfied" and finished["iterations"] == 2
    # The agent's own tool, then its file write, in each revision, as they happened.
    calls = [c["name"] for e in of_type(handle, "tool_call") for c in e.data["calls"]]
    assert calls == ["check_syntax", "write_file", "check_syntax", "write_file"]
    results = {e.data["name"]: e.data["content"] for e in of_type(handle, "tool_result")}
    assert results["check_syntax"] == "ok"
    # The grader's evidence is what run_test_suite returned: the first draft fails two of its tests.
    first = of_type(handle, "evaluation")[0].data["criteria"]
    assert [c["passed"] for c in first] == [False, True, False]
    assert "2 of 4 tests failed" in first[0]["gap"] and "test_first_seen_order" in first[2]["gap"]
    # The fixture's files were in the agent's state from the start, and the written file is in the draft.
    draft = of_type(handle, "draft")[1].data
    assert (
        set(draft["files"]) == {"/NOTES.md", "/find_duplicates.py"}
        and "seen = []" in draft["files"]["/find_duplicates.py"]
    )
    run = store.get_run(handle.run_id)
    assert run is not None
    assert (run["agent"], run["agent_factory"]) == ("fixer", "fixer.agent:make_agent")
    assert len(run["project_digest"]) == 64
    started = of_type(handle, "run_started")[0].data["agent"]
    assert started["project_file"] == str(FIXER / "rubric-studio.toml")


@pytest.mark.parametrize(
    ("module", "expected"),
    [
        (
            "def make_agent(*, model, middleware, checkpointer):\n    raise ValueError('no API base set')\n",
            "raised ValueError: no API base set",
        ),
        ("make_agent = 3\n", "is a int, not a function"),
        ("def make_agent(model):\n    return None\n", "takes no middleware, checkpointer argument"),
        (
            "def make_agent(*, model, middleware, checkpointer):\n    return {'graph': 1}\n",
            "returned dict, not a compiled graph",
        ),
        (
            "from langgraph.graph import StateGraph\n"
            "def make_agent(*, model, middleware, checkpointer):\n    return StateGraph(dict)\n",
            "StateGraph that is not compiled",
        ),
        (
            "from deepagents import create_deep_agent\n"
            "def make_agent(*, model, middleware, checkpointer):\n"
            "    return create_deep_agent(model=model, checkpointer=checkpointer)\n",
            "does not run Rubric Studio's RubricMiddleware",
        ),
        (
            "from deepagents import create_deep_agent\nfrom langgraph.checkpoint.memory import InMemorySaver\n"
            "def make_agent(*, model, middleware, checkpointer):\n"
            "    return create_deep_agent(model=model, middleware=middleware, checkpointer=InMemorySaver())\n",
            "does not save to the checkpointer",
        ),
        (
            "from deepagents import create_deep_agent\n"
            "def make_agent(*, model, middleware, checkpointer):\n"
            "    return create_deep_agent(model=model, middleware=middleware)\n",
            "does not save to the checkpointer",
        ),
        (
            "from deepagents import create_deep_agent\nfrom deepagents.middleware.rubric import RubricMiddleware\n"
            "def make_agent(*, model, middleware, checkpointer):\n"
            "    own = RubricMiddleware(model=model)\n"
            "    return create_deep_agent(model=model, middleware=[own], checkpointer=checkpointer)\n",
            "does not run Rubric Studio's RubricMiddleware",
        ),
    ],
)
def test_a_factory_that_misses_the_contract_is_named(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str, expected: str
) -> None:
    root = agent_project(tmp_path / "p", module)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    handle = engine.execute(haiku_config(root, agent="main"))
    error = _error(handle)
    assert expected in error["message"] and "pkg.agent:make_agent" in error["message"]
    assert error["field"] == "agent"
    assert not of_type(handle, "draft")  # nothing ran


def test_a_failing_factory_shows_the_users_traceback_once(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = (
        "def helper():\n    return 1 / 0\n\ndef make_agent(*, model, middleware, checkpointer):\n    return helper()\n"
    )
    root = agent_project(tmp_path / "p", module)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    error = _error(engine.execute(haiku_config(root, agent="main")))
    assert "raised ZeroDivisionError" in error["message"]
    detail = error["detail"]
    assert detail.count("ZeroDivisionError") == 1 and f'{root / "pkg" / "agent.py"}", line 2, in helper' in detail
    assert "rubric_core" not in detail  # their frames, not ours


def test_a_missing_module_and_a_broken_project_end_the_run_with_their_message(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = agent_project(tmp_path / "p")
    (root / "rubric-studio.toml").write_text('[agents.main]\nfactory = "pkg.agnet:make_agent"\n')
    monkeypatch.setenv(PROJECT_ENV, str(root))
    error = _error(engine.execute(haiku_config(root, agent="main")))
    assert "Cannot import module 'pkg.agnet'" in error["message"]
    (root / "rubric-studio.toml").write_text("[agents.main\n")
    error = _error(engine.execute(haiku_config(root, agent="main")))
    assert "is not valid TOML" in error["message"] and error["field"] == "agent"


TOOLS = '''
import time
from pathlib import Path

def counts(text: str) -> str:
    """Count the words of the answer. Returns JSON with passed and tests."""
    (Path(__file__).parent / "calls.log").open("a").write(text[:20].replace("\\n", " ") + "\\n")
    n = len(text.split())
    return '{"passed": %s, "tests": [{"name": "test_short", "passed": %s, "error": ""}], "summary": "%d words"}' % (
        "true" if n < 40 else "false", "true" if n < 40 else "false", n)

def broken(text: str) -> str:
    """Always raises."""
    raise RuntimeError("the test database is down")

def slow(text: str) -> str:
    """Never answers in time."""
    time.sleep(30)
    return "late"
'''


def _tools_project(tmp_path: Path) -> Path:
    return agent_project(
        tmp_path / "p",
        extra_toml='[grader_tools]\ncounts = "pkg.tools:counts"\nbroken = "pkg.tools:broken"\nslow = "pkg.tools:slow"\n',
        **{"pkg/tools.py": TOOLS},
    )


def test_a_plain_function_is_a_grader_tool_and_its_answer_decides(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _tools_project(tmp_path)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    config = haiku_config(
        root, rubric="- Exactly three lines\n- Short enough (counts: test_short)", grader_tools=["counts"]
    )
    handle = engine.execute(config)  # the built-in agent, the project's grader tool
    assert of_type(handle, "finished")[0].data["status"] == "satisfied"
    assert (root / "pkg" / "calls.log").read_text().count("\n") == len(of_type(handle, "evaluation"))


@pytest.mark.parametrize(
    ("tool", "gap"),
    [("broken", "raised RuntimeError: the test database is down"), ("slow", "did not answer within 1 s")],
)
def test_a_grader_tool_that_raises_or_hangs_is_bounded_evidence(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tool: str, gap: str
) -> None:
    root = _tools_project(tmp_path)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    config = haiku_config(
        root, rubric=f"- Exactly three lines\n- Checked ({tool})", grader_tools=[tool], timeout_s=1, max_iterations=2
    )
    handle = engine.execute(config)
    finished = of_type(handle, "finished")[0].data
    assert finished["status"] == "max_iterations_reached"  # the run went on and ended at its cap
    checked = [c for e in of_type(handle, "evaluation") for c in e.data["criteria"] if c["name"].startswith("Checked")]
    assert checked and all(not c["passed"] and gap in c["gap"] for c in checked)


def test_item_files_come_on_top_of_the_agents_files(engine: Engine) -> None:
    config = fixer_config(files={"notes/extra.md": "Callers pass rows as lists."})
    handle = engine.execute(config)
    first = of_type(handle, "draft")[0].data["files"]
    assert set(first) == {"/NOTES.md", "/find_duplicates.py", "/notes/extra.md"}


def test_the_manager_refuses_a_run_of_another_project(
    engine: Engine, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = agent_project(tmp_path / "other")
    manager = RunManager(engine, store)
    with pytest.raises(ConfigError) as exc:
        manager.start(haiku_config(other, agent="main"))
    assert "code is only ever loaded from the project you open" in exc.value.errors["project"]
    assert store.count_runs() == 0  # nothing stored


def test_cancel_resume_and_continue_on_the_users_agent(engine: Engine, store: Store) -> None:
    manager = RunManager(engine, store)
    cancel = CancelAt("evaluation", 0)
    first = cancel.attach(manager.start(fixer_config(), subscribers=[cancel]))
    assert first.wait(PROCESS_TIMEOUT_S)
    assert first.last is not None and first.last.type == "cancelled"
    resumed = manager.resume(first.run_id)
    assert resumed.wait(PROCESS_TIMEOUT_S)
    assert resumed.last is not None and resumed.last.type == "finished" and resumed.last.data["status"] == "satisfied"
    events = store.run_events(first.run_id)
    assert sorted(e.data["iteration"] for e in events if e.type == "draft") == [0, 1]  # nothing done twice
    follow = manager.follow_up(
        first.run_id, "Also add a docstring example.", rubric="- All tests pass (run_test_suite)"
    )
    assert follow.wait(PROCESS_TIMEOUT_S)
    assert follow.last is not None and follow.last.type == "finished", follow.last
    assert follow.last.data["status"] == "satisfied"
    calls = [c["name"] for e in store.run_events(first.run_id) if e.type == "tool_call" for c in e.data["calls"]]
    assert calls.count("check_syntax") >= 2
    started = [e.data for e in store.run_events(first.run_id) if e.type == "run_started"]
    assert [s["mode"] for s in started] == ["start", "resume", "follow_up"]
    assert all(s["agent"]["name"] == "fixer" for s in started)
    assert json.loads(json.dumps(store.get_run(first.run_id)["config"]))["agent"] == "fixer"


def test_the_live_view_says_which_tool_the_agent_is_calling() -> None:
    from rubric_core.events import RunEvent
    from rubric_core.views.run_view import RunView

    def ev(seq: int, type_: str, **data: Any) -> RunEvent:
        return RunEvent(run_id="r", seq=seq, type=type_, at=float(seq), data=data)  # type: ignore[arg-type]

    events = [
        ev(0, "run_started", mode="start", config={"task": "t", "rubric": "- a"}, turn=0),
        ev(1, "tool_call", turn=0, iteration=0, calls=[{"name": "check_syntax", "args": {"code": "x"}}]),
    ]
    assert RunView.from_events("r", events).calling == "check_syntax"
    events.append(ev(2, "tool_result", turn=0, iteration=0, name="check_syntax", content="ok"))
    assert RunView.from_events("r", events).calling == "check_syntax"
    events.append(ev(3, "draft", turn=0, iteration=0, text="done", files={}))
    assert RunView.from_events("r", events).calling == ""


def test_suite_compare_says_when_two_suite_runs_used_different_agents(engine: Engine, store: Store) -> None:
    from rubric_core.examples import FIXER_TASK
    from rubric_core.suites.compare import compare_suite_runs
    from rubric_core.suites.datasets import Dataset, SuiteItem
    from rubric_core.suites.runner import SuiteRunner

    runner = SuiteRunner(RunManager(engine, store))
    dataset = Dataset(name="one", items=(SuiteItem(id="a", task=FIXER_TASK),))
    suites = []
    for config in (fixer_config(task="(each item's task)"), fixer_config(task="(each item's task)", agent="")):
        handle = runner.start(dataset, config, concurrency=1)
        assert handle.wait(PROCESS_TIMEOUT_S)
        suites.append(handle.suite_run_id)
    result = compare_suite_runs(store, *suites)
    assert result.agents_differ
    assert result.agent_a == f"agent fixer of the project {FIXER}" and result.agent_b == "the built-in deep agent"
    assert result.to_dict()["agents"]["differ"] is True


def test_an_imported_or_foreign_run_is_not_continued_without_its_project(
    engine: Engine, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = RunManager(engine, store)
    handle = manager.start(fixer_config())
    assert handle.wait(PROCESS_TIMEOUT_S)
    other = agent_project(tmp_path / "other")
    monkeypatch.setenv(PROJECT_ENV, str(other))  # the process now opened another project
    with pytest.raises(ConfigError) as exc:
        manager.follow_up(handle.run_id, "Again.")
    assert f"--project {FIXER}" in exc.value.errors["project"]
    assert [e.type for e in store.run_events(handle.run_id)].count("run_started") == 1  # nothing started


def test_a_folder_cycle_in_files_reaches_the_agent_once_and_the_run_says_which_link_it_skipped(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = agent_project(tmp_path / "p", extra_toml='files = "fx"\n', **{"fx/a.txt": "a\n"})
    (root / "fx" / "self").symlink_to(".", target_is_directory=True)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    handle = engine.execute(haiku_config(root, agent="main", max_iterations=1))
    assert set(of_type(handle, "draft")[0].data["files"]) == {"/a.txt"}
    notes = of_type(handle, "run_started")[0].data["notes"]
    assert len(notes) == 1 and str(root / "fx" / "self") in notes[0] and "not followed" in notes[0]
    from rubric_core.views.run_view import RunView

    assert RunView.from_events(handle.run_id, list(handle.events)).notes == notes


NETWORK_TOOL = '''
from deepagents import create_deep_agent
from langchain_core.tools import tool


@tool
def check_syntax(code: str) -> str:
    """Check the code (it asks a web service)."""
    raise ConnectionError("Failed to resolve api.example.invalid")


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, tools=[check_syntax], middleware=[*middleware], checkpointer=checkpointer)
'''


def test_a_tool_that_raises_is_named_in_the_runs_error(
    engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """deep_research's tavily_search without the network ended with 'the working model or the agent raised'."""
    from rubric_core.examples import FIXER_TASK

    root = agent_project(tmp_path / "p", NETWORK_TOOL)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    handle = engine.execute(haiku_config(root, agent="main", task=FIXER_TASK, rubric="- All tests pass"))
    message = _error(handle)["message"]
    assert "the agent's tool 'check_syntax' raised ConnectionError: Failed to resolve" in message, message
    assert "the working model or the agent" not in message


def test_an_agent_name_in_another_alphabet_is_told_to_use_ascii_letters(tmp_path: Path) -> None:
    from rubric_core.projects import ProjectError, load_project

    root = agent_project(tmp_path / "p")
    (root / "rubric-studio.toml").write_text('[agents."агент_ü"]\nfactory = "pkg.agent:make_agent"\n')
    with pytest.raises(ProjectError, match="must start with an ASCII letter") as exc:
        load_project(root)
    assert "ASCII letters, digits" in str(exc.value)


HUGE_TOOL = '''
from deepagents import create_deep_agent
from langchain_core.tools import tool


@tool
def check_syntax(code: str) -> str:
    """Check the code (it prints a lot, and answers with a lot)."""
    print("TOOL-PRINT-MARKER " * 50_000)
    return "ok " + "y" * 10_000_000 + " END-OF-RESULT"


def make_agent(*, model, middleware, checkpointer):
    return create_deep_agent(model=model, tools=[check_syntax], middleware=[*middleware], checkpointer=checkpointer)
'''


def test_a_10_mb_tool_result_is_stored_and_drawn_bounded_and_kept_whole_for_the_agent(
    engine: Engine,
    store: Store,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """One 10 MB tool result grew runs.sqlite from 254 KB to 105 MB and its tool's print reached the terminal."""
    from sqlalchemy import text

    from rubric_core.engine.bounds import MAX_FILES_CHARS, MAX_TEXT_CHARS, is_bounded
    from rubric_core.examples import FIXER_TASK

    root = agent_project(tmp_path / "p", HUGE_TOOL)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    config = haiku_config(root, agent="main", task=FIXER_TASK, rubric="- All tests pass", max_iterations=2)
    handle = engine.execute(config, subscribers=[store.record])
    assert handle.last is not None and handle.last.type == "finished", [e.type for e in handle.events]
    # The deep agent moves a result this large to a file of its state and gives the model a pointer: the file is
    # what is big in every draft, and it is kept as a head and a tail with its size, said in place.
    assert all(len(e.data["content"]) < MAX_TEXT_CHARS + 1_000 for e in of_type(handle, "tool_result"))
    moved = [t for d in of_type(handle, "draft") for p, t in d.data["files"].items() if "large_tool_results" in p]
    assert moved and all(is_bounded(t) and "10,000,017 characters" in t for t in moved)
    assert moved[0].startswith("ok y") and moved[0].rstrip().endswith("END-OF-RESULT")  # a head and a tail
    for draft in of_type(handle, "draft"):
        assert sum(len(t) for t in draft.data["files"].values()) <= MAX_FILES_CHARS
        assert all(len(t) < MAX_TEXT_CHARS + 1_000 for t in draft.data["files"].values())
    with store.engine.connect() as conn:
        stored = conn.execute(
            text("SELECT SUM(LENGTH(data_json)) FROM events WHERE run_id = :r"), {"r": handle.run_id}
        ).scalar()
    assert stored < 1_000_000, stored
    # The agent had all of it: the checkpoint keeps the whole result (in a message, or a file it was moved to).
    values = engine.agent(config).graph.get_state({"configurable": {"thread_id": handle.run_id}}).values
    from rubric_core.engine import messages as msgs

    whole = [msgs.text(m) for m in values["messages"]] + [
        msgs.file_text(f) for f in (values.get("files") or {}).values()
    ]
    assert any(len(t) > 10_000_000 for t in whole)
    out, err = capsys.readouterr()
    assert "TOOL-PRINT-MARKER" not in out + err
    assert "TOOL-PRINT-MARKER" in (home / "logs" / "tool-output.log").read_text()


DISK_AGENT = '''
from pathlib import Path

from deepagents import create_deep_agent
from deepagents.backends import CompositeBackend, FilesystemBackend, StateBackend
from langchain_core.tools import tool

OUT = Path(__file__).resolve().parents[1] / "out"
OUT.mkdir(exist_ok=True)
(OUT / "before.txt").write_text("here before the run")


@tool
def check_syntax(code: str) -> str:
    """Check the code."""
    return "ok"


def make_agent(*, model, middleware, checkpointer):
    backend = {backend}
    return create_deep_agent(
        model=model, tools=[check_syntax], middleware=[*middleware], checkpointer=checkpointer, backend=backend
    )
'''


@pytest.mark.parametrize(
    ("backend", "path"),
    [
        ("FilesystemBackend(root_dir=OUT, virtual_mode=True)", "/find_duplicates.py"),
        (
            "CompositeBackend(default=FilesystemBackend(root_dir=OUT, virtual_mode=True), "
            'routes={"/memories/": StateBackend()})',
            "/find_duplicates.py",
        ),
    ],
    ids=["filesystem", "composite"],
)
def test_files_written_through_a_filesystem_backend_are_recorded_diffed_and_exported(
    engine: Engine, store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str, path: str
) -> None:
    """content-builder-agent writes with FilesystemBackend(root_dir=...): the file landed on disk, the run said
    `files: []` and the revision diff showed nothing."""
    from rubric_core.examples import FIXER_TASK
    from rubric_core.exports import export_runs
    from rubric_core.views.diff import files_diff
    from rubric_core.views.run_view import RunView

    root = agent_project(tmp_path / "p", DISK_AGENT.replace("{backend}", backend))
    monkeypatch.setenv(PROJECT_ENV, str(root))
    config = haiku_config(root, agent="main", task=FIXER_TASK, rubric="- All tests pass", max_iterations=2)
    handle = engine.execute(config, subscribers=[store.record])
    assert (root / "out" / "find_duplicates.py").is_file()  # it did land on disk
    drafts = of_type(handle, "draft")
    assert path in drafts[0].data["files"] and drafts[0].data["disk_files"] == [path]
    assert not any(p.endswith("before.txt") for p in drafts[0].data["files"])  # there before: not the agent's
    assert "def find_duplicates" in drafts[0].data["files"][path]
    finished = of_type(handle, "finished")[0].data
    assert finished["files"][path] == (root / "out" / "find_duplicates.py").read_text()
    view = RunView.from_events(handle.run_id, store.run_events(handle.run_id))
    its = view.all_iterations()
    diffs = files_diff(its[0].files, its[1].files)
    assert [d.path for d in diffs if d.path == path]  # the second revision's rewrite is in the diff
    out = export_runs(store, "jsonl", tmp_path / "runs.jsonl").paths[0]
    assert path in out.read_text() and "def find_duplicates" in out.read_text()
