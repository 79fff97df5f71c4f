"""Two judges on the same drafts (issue 32 item 5): a finished matrix column regraded under another grader through
the provider path (the local stub), no working-model call; per criterion, the graders' agreement with each other
and with the people's reviews (kappa, n, false acceptances)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage

from rubric_core.cli.main import main
from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.judge.judges import judge_column, stored_panel
from rubric_core.judge.regrade import RegradeError
from rubric_core.judge.reviews import record_review
from rubric_core.store import Store
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SuiteRunner
from tests.stubs.openai_stub import StubOpenAI, is_grading, offline_brain

LIPOGRAM = 'Does not contain the letter "e"'
LENIENT = "openai:gpt-4o-mini"


def lenient_brain(messages: list[BaseMessage], kwargs: dict[str, Any]) -> AIMessage:
    """The offline grader, made lenient: it passes every criterion (a grader that lets everything through)."""
    answer = offline_brain(messages, kwargs)
    if not is_grading(kwargs):
        return answer

    def lenient(verdict: dict[str, Any]) -> dict[str, Any]:
        if "criteria" not in verdict:
            return verdict
        criteria = [{"name": c["name"], "passed": True} for c in verdict["criteria"]]
        return {**verdict, "result": "satisfied", "criteria": criteria}

    if answer.tool_calls:
        calls = [{**c, "args": lenient(c["args"])} if c["name"] == "GraderResponse" else c for c in answer.tool_calls]
        return AIMessage(content=answer.content, tool_calls=calls)
    return AIMessage(content=json.dumps(lenient(json.loads(str(answer.content)))))


@pytest.fixture
def matrix(engine: Engine, store: Store) -> str:
    base = RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems"}
    )
    items = tuple(i for i in example_dataset().items if i.id in ("poem-01", "poem-02"))
    columns = build_columns(base, [{"max_iterations": 1}, {"max_iterations": 3}])
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset("two", items), base, columns=columns, concurrency=2)
    assert handle.wait(300)
    return handle.suite_run_id


def test_a_column_regraded_by_a_lenient_grader_shows_where_it_lets_drafts_through(
    matrix: str, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = [i["run_id"] for i in ss.suite_items(store, matrix, column=1)]
    # Each run of column 2: the first draft misses the lipogram, the second meets it. A reviewer agrees.
    for run_id in runs:
        record_review(store, run_id, iteration=0, criterion=LIPOGRAM, verdict="fail", reviewer="ann")
        record_review(store, run_id, iteration=1, criterion=LIPOGRAM, verdict="pass", reviewer="ann")
    with StubOpenAI(lenient_brain) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        panel = judge_column(store, matrix, 1, [LENIENT])
    assert stub.requests and all(is_grading(_kwargs(r["body"])) for r in stub.requests), "a working-model call"
    assert [g.grader for g in panel.graders] == ["offline:grader", LENIENT]
    assert (panel.runs, panel.drafts, panel.reviewed) == (2, 4, 4)
    pair = next(p for p in panel.pairs if p.criterion == LIPOGRAM)
    assert (pair.agreement.reviewed, pair.agreement.agreed) == (4, 2)  # they differ on both first drafts
    assert pair.agreement.kappa == 0.0
    humans = {(h.criterion, h.grader): h.agreement for h in panel.humans}
    own, lenient = humans[(LIPOGRAM, "offline:grader")], humans[(LIPOGRAM, LENIENT)]
    assert (own.reviewed, own.agreed, own.false_acceptances, own.kappa) == (4, 4, 0, 1.0)
    assert (lenient.reviewed, lenient.agreed, lenient.false_acceptances) == (4, 2, 2)
    assert humans[("(overall)", LENIENT)].false_acceptances == 2
    records = panel.to_records()
    assert {r["type"] for r in records} == {"judges_pair", "judges_human"}
    # Read back from the stored regrades (a page reload): the same figures.
    again = stored_panel(store, matrix, 1)
    assert again is not None and [g.grader for g in again.graders] == ["offline:grader", LENIENT]
    assert next(p for p in again.pairs if p.criterion == LIPOGRAM).agreement.agreed == 2
    assert {(h.criterion, h.grader): h.agreement.false_acceptances for h in again.humans}[(LIPOGRAM, LENIENT)] == 2
    assert stored_panel(store, matrix, 0) is None  # nobody regraded column 1


def _kwargs(body: dict[str, Any]) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    tools = [{"function": {"name": t.get("name")}} for t in body.get("tools") or []]
    if tools:
        kwargs["tools"] = tools
    fmt = (body.get("text") or {}).get("format") or {}
    if fmt.get("type") == "json_schema":
        kwargs["response_format"] = fmt
    return kwargs


def test_judges_refuse_what_they_cannot_compare(matrix: str, store: Store) -> None:
    for column, graders, message in (
        (None, [LENIENT], "is a matrix: pick the column"),
        (5, [LENIENT], "has no column 6"),
        (1, [], "at least one other grader"),
        (1, ["offline:grader"], "the column's own grader"),
        (1, [LENIENT, LENIENT], "again: name each other grader once"),
        (1, ["a:1", "a:2", "a:3", "a:4", "a:5"], "at most 4"),
    ):
        with pytest.raises(RegradeError, match=message):
            judge_column(store, matrix, column, graders)


def test_suite_judges_on_the_command_line(
    matrix: str, store: Store, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with StubOpenAI(lenient_brain) as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        assert main(["suite", "judges", matrix, "--column", "2", "--grader", LENIENT]) == 0
        out = capsys.readouterr().out
        assert "column 2 of suite run" in out and "4 stored drafts regraded by openai:gpt-4o-mini" in out
        assert f"{LIPOGRAM}" in out and "offline:grader vs openai:gpt-4o-mini: n 4, 50%, kappa 0.00" in out
        assert "no reviewed cell among these drafts" in out
        assert main(["suite", "judges", matrix, "--column", "2", "--grader", LENIENT, "--jsonl"]) == 0
        records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert any(r["type"] == "judges_pair" and r["criterion"] == LIPOGRAM and r["n"] == 4 for r in records)
    assert main(["suite", "judges", matrix, "--grader", LENIENT]) == 2
    assert "give --column (1 to 2)" in capsys.readouterr().err
    # The provider is gone: every grading fails; the command says so and exits 1 (no figure is made of nothing).
    assert main(["suite", "judges", matrix, "--column", "2", "--grader", LENIENT]) == 1
    err = capsys.readouterr().err
    assert f"error: {LENIENT} could not grade 4 of 4 drafts" in err and "Traceback" not in err
    monkeypatch.delenv("OPENAI_API_KEY")
    assert main(["suite", "judges", matrix, "--column", "2", "--grader", LENIENT]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err  # no key: named before anything is graded
