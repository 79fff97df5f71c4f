"""A project's agent and grader tool on the Run page, in real Chromium: the server opened examples/fixer.

The sidebar says which project is open; the Agent picker offers the project's agent with its card (its own
tool and subagent, read by building it in a child process); the grader-tools picker offers the project's tool;
the run executes in a worker process, shows the agent's own tool calls, and the grader's evidence is what the
project's tool returned. Every wait is on the page, never on a window of time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rubric_core.examples import FIXER_TASK, SCRIPTED
from tests.browser.helpers import RUN_TIMEOUT_MS, set_textarea, wait_run_page_settled
from tests.browser.helpers import wait_app_idle as wait_app
from tests.browser.server import AppServer
from tests.projects.helpers import FIXER


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    # The default execution: a worker process imports the project's factory and tools (one worker is enough).
    env = {"RUBRIC_STUDIO_PROJECT": str(FIXER), "RUBRIC_STUDIO_WORKERS": "1"}
    srv = AppServer(tmp_path_factory.mktemp("agent-home"), env=env)
    yield srv
    srv.stop()


MAIN_TEXT = "document.querySelector('[data-testid=\"stMain\"]').innerText"


def _pick(page: Any, label: str, option: str) -> None:
    page.get_by_label(label, exact=True).click()
    page.get_by_role("option", name=option, exact=False).first.click()
    wait_app(page)


def test_the_projects_agent_and_grader_tool_run_from_the_run_page(page: Any, server: AppServer) -> None:
    page.goto(server.url)
    wait_app(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    assert "Project: fixer" in sidebar.inner_text() and str(FIXER / "rubric-studio.toml") in sidebar.inner_text()
    _pick(page, "Agent", "fixer — Python fixer")
    card = page.get_by_text("Its tools:", exact=False)
    card.wait_for(timeout=RUN_TIMEOUT_MS)  # built in a child process the first time
    card_text = card.inner_text()
    assert "check_syntax" in card_text and "Subagents: reviewer" in card_text
    assert "Factory fixer.agent:make_agent" in page.locator('[data-testid="stMain"]').inner_text()
    set_textarea(page, "Task", FIXER_TASK)
    set_textarea(page, "Rubric", SCRIPTED["fixer"].rubric)
    # Without the tool, the offline grader cannot judge the "(run_test_suite)" criteria, and the page says so.
    page.wait_for_function(f"() => {MAIN_TEXT}.includes('cannot judge 3 criteria')")
    page.get_by_label("Grader tools", exact=True).click()
    page.keyboard.type("run_test")  # the list is virtualised: only the options in view are in the page
    page.get_by_role("option", name="run_test_suite (project)").click()
    page.keyboard.press("Escape")
    # Once the tool is chosen the notice goes (waited on: the choice reaches the server after the list closes).
    page.wait_for_function(f"() => !{MAIN_TEXT}.includes('cannot judge')")
    wait_app(page)
    page.get_by_role("button", name="Start run").click()
    page.wait_for_url("**run=*")
    page.get_by_text("Satisfied", exact=False).first.wait_for(timeout=RUN_TIMEOUT_MS)
    wait_run_page_settled(page)
    main = page.locator('[data-testid="stMain"]')
    assert "Work done by agent fixer (fixer.agent:make_agent" in main.inner_text()
    page.get_by_role("radio", name="Transcript").click() if page.get_by_role(
        "radio", name="Transcript"
    ).count() else page.get_by_text("Transcript", exact=True).click()
    wait_app(page)
    # The newest iteration is open: the agent's own tool, then its file write, in the transcript.
    page.get_by_text("Tool call: check_syntax").locator("visible=true").first.wait_for()
    page.get_by_text("Tool call: write_file").locator("visible=true").first.wait_for()
    # The first iteration's chip shows its criteria, with the check behind each verdict: the project's tool.
    element = page.locator("[data-testid='rs-run-view']")
    element.locator(".rs-chips .rs-chip[data-key='0:0']").click()
    assert element.locator(".rs-crit-col .rs-summary").inner_text().startswith("Iteration 1: Needs revision")
    element.locator(".rs-crit-col .rs-crit td", has_text="run_test_suite: 2 of 4 tests failed").first.wait_for()
