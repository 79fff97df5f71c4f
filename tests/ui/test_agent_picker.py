"""The Run and Suites pages with a project open: the Agent picker, its card, the project's grader tools."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rubric_core.execution.manager import RunManager
from rubric_core.projects import PROJECT_ENV
from tests.core.helpers import PROCESS_TIMEOUT_S
from tests.projects.helpers import FIXER, agent_project
from tests.ui.helpers import start_button
from tests.ui.test_pages import app, texts


def until_shown(at: Any, text: str) -> str:
    """Draw the page again until it shows `text` (a card built in the background); the deadline bounds a hang."""
    import time

    deadline = time.monotonic() + PROCESS_TIMEOUT_S
    while text not in texts(at).replace("\\", ""):
        assert time.monotonic() < deadline, texts(at)
        at.run()
    return texts(at).replace("\\", "")


class _Started:
    def __init__(self, run_id: str) -> None:
        self.run_id, self.events, self.cancel_requested, self.done = run_id, [], False, False


def test_the_picker_offers_the_projects_agent_with_its_card_and_its_grader_tool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(PROJECT_ENV, str(FIXER))
    started: list[Any] = []

    def start(self: RunManager, config: Any, **_: Any) -> Any:
        started.append(config)
        return self._keep(_Started("b" * 32))

    monkeypatch.setattr(RunManager, "start", start)
    at = app()
    picker = at.selectbox(key="run_agent")
    assert picker.options == [
        "Built-in deep agent",
        "fixer — Python fixer: edits find_duplicates with a syntax checker and a reviewer subagent",
    ]
    assert "run_test_suite (project)" in at.multiselect(key="run_grader_tools").options
    sidebar = "\n".join(c.value for c in at.sidebar.caption)
    assert "Project: **fixer**" in sidebar and str(FIXER / "rubric-studio.toml") in sidebar
    picker.set_value("fixer").run()
    card = until_shown(at, "Its tools:")
    assert "Factory `fixer.agent:make_agent`" in card and "Its tools: `check_syntax`" in card
    assert "Subagents: `reviewer`" in card and not at.error
    at.text_area(key="run_task").set_value("Fix it.")
    at.text_area(key="run_rubric").set_value("- All tests pass (run_test_suite)")
    at.multiselect(key="run_grader_tools").set_value(["run_test_suite"]).run()
    assert "cannot judge" not in texts(at)  # the offline grader judges a criterion naming a chosen tool
    start_button(at).click().run()
    assert not at.exception
    (config,) = started
    assert (config.agent, config.project, config.grader_tools) == ("fixer", str(FIXER), ("run_test_suite",))


def test_a_factory_that_fails_is_shown_with_the_users_traceback_before_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = agent_project(
        tmp_path / "p", "def make_agent(*, model, middleware, checkpointer):\n    raise KeyError('MY_AGENT_URL')\n"
    )
    monkeypatch.setenv(PROJECT_ENV, str(root))
    at = app()
    at.selectbox(key="run_agent").set_value("main").run()
    until_shown(at, "raised KeyError")
    assert not at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("The factory pkg.agent:make_agent (agent 'main') raised KeyError" in e for e in errors), errors
    tracebacks = [c.value for c in at.code]
    assert any(f'{root / "pkg" / "agent.py"}", line 2, in make_agent' in t for t in tracebacks)


def test_a_broken_project_file_is_said_in_the_sidebar_and_the_app_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = agent_project(tmp_path / "p")
    (root / "rubric-studio.toml").write_text("[agents.main]\nfactory = 'pkg.agent:make_agent'\ncolour = 'red'\n")
    monkeypatch.setenv(PROJECT_ENV, str(root))
    at = app()
    assert not at.exception
    assert any("Unknown key 'colour' in [agents.main]" in e.value for e in at.sidebar.error)
    assert at.selectbox(key="run_agent").options == ["Built-in deep agent"]


def test_the_suites_page_runs_a_suite_on_the_projects_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    from rubric_core.suites import runner as suite_runner

    monkeypatch.setenv(PROJECT_ENV, str(FIXER))
    seen: list[Any] = []

    def start(self: Any, dataset: Any, config: Any, **_: Any) -> Any:
        seen.append(config)
        raise RuntimeError("stop here")

    monkeypatch.setattr(suite_runner.SuiteRunner, "start", start)
    at = app("rubric_ui/app_pages/suites.py")
    at.selectbox(key="suites_agent").set_value("fixer")
    at.multiselect(key="suites_grader_tools").set_value(["run_test_suite"])
    at.button(key="suites_start").click().run()
    (config,) = seen
    assert (config.agent, config.grader_tools) == ("fixer", ("run_test_suite",))


def test_an_agent_whose_module_hangs_never_holds_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first pick froze the page for 61 s, and every card (healthy ones too) blamed 'longer than 60 s'."""
    from rubric_ui.widgets.project import _builds
    from tests.core.test_projects import _hanging_project

    root = _hanging_project(tmp_path)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    try:
        at = app()
        at.selectbox(key="run_agent").set_value("slow").run()  # returns at once: the card is built elsewhere
        assert not at.exception and not at.error
        assert "Building agent slow's card in a separate process" in texts(at)
        at.selectbox(key="run_agent").set_value("main").run()
        card = until_shown(at, "Its tools:")
        assert "shout" in card and not at.error
    finally:
        _builds().close()
        _builds.clear()
