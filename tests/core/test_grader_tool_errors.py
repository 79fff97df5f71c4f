"""Grader tools say the same everywhere (issue 42 item 6).

A grader tool that raises or times out makes the criterion that names it n/a with the error named: under the
offline grader and under an LLM grader (here the real OpenAI client against the loopback stub), in the live `run`
output, `show`, the store and the page. Under the LLM grader a criterion it failed was a plain ✘, and the live
output said only "[the grader model's judgement]".
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from rubric_core.cli.main import main
from rubric_core.projects import PROJECT_ENV
from rubric_core.store import open_store
from rubric_core.verdicts import check_of, verdict_of
from tests.core.test_user_agents import _tools_project
from tests.stubs.openai_stub import StubOpenAI
from tests.ui.helpers import run_payload
from tests.ui.test_pages import app

ERRORS = {
    "broken": "the grader tool broken (pkg.tools:broken) raised RuntimeError: the test database is down",
    "slow": "the grader tool slow (pkg.tools:slow) did not answer within 1 s",
}


@pytest.fixture(autouse=True)
def _fresh_streamlit_caches() -> Iterator[None]:
    """The pages drawn here start from empty Streamlit caches (a store cached by an earlier test's page is another
    home's), as every AppTest of tests/ui does."""
    import streamlit as st

    st.cache_resource.clear()
    st.cache_data.clear()
    yield
    st.cache_resource.clear()
    st.cache_data.clear()


def _cli(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("grader", ["offline:grader", "openai:gpt-4o-mini"], ids=["offline", "llm"])
@pytest.mark.parametrize("tool", ["broken", "slow"])
def test_a_grader_tool_that_fails_leaves_its_criterion_na_with_the_error_named_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tool: str, grader: str
) -> None:
    root = _tools_project(tmp_path)
    monkeypatch.setenv(PROJECT_ENV, str(root))
    config = tmp_path / "run.toml"
    config.write_text(
        'task = "Write a haiku about spring."\n'
        f'rubric = "- Exactly three lines\\n- Checked ({tool})"\n'
        f'grader = "{grader}"\ngrader_tools = ["{tool}"]\ntimeout_s = 1\nmax_iterations = 1\n',
        encoding="utf-8",
    )
    error = ERRORS[tool]
    with StubOpenAI() as stub:  # the LLM grader's provider: the offline grader's answers, through the real client
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        code, live = _cli("run", "--config", str(config), "--project", str(root))
    assert code == 1, live  # the cap, with a criterion not judged
    line = next(ln for ln in live.splitlines() if f"  Checked ({tool})  [" in ln)  # its verdict's line
    assert line.lstrip().startswith("N/A") and error in line, line  # the live output names the error
    store = open_store()
    try:
        run_id = store.list_runs(limit=1)[0]["id"]
        row = next(c for c in store.criteria([run_id]) if c["name"] == f"Checked ({tool})")
    finally:
        store.close()
    assert verdict_of(row) == "n/a" and error in row["gap"], row  # the store
    check = check_of(row)
    assert check["kind"] == "tool" and check["found"] == "the tool failed" and error in json.dumps(check["tools"])
    code, shown = _cli("show", run_id)
    assert code in (0, 1) and error in shown and "n/a" in shown.lower(), shown  # `show`
    at = app(run=run_id)  # the page
    assert not at.exception
    criteria = [c for turn in run_payload(at)["turns"] for it in turn["iterations"] for c in it["criteria"]]
    drawn = next(c for c in criteria if c["name"] == f"Checked ({tool})")
    assert drawn["verdict"] == "n/a" and error in drawn["check"] and error in drawn["gap"], drawn
