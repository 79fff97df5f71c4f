"""How the matrix names and sums up its columns (issue 40 item 7): headers with what sets a column apart first, an
all-error column that says what happened (and why it cannot be judged), costs in words, the per-column table in a
few grouped columns with a total, and the view a cell's link carries back from the Run page."""

from __future__ import annotations

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.judge.judges import judge_column
from rubric_core.judge.regrade import RegradeError
from rubric_core.store import Store
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.matrix import read_matrix
from rubric_core.suites.matrix_stats import column_summaries
from rubric_core.suites.runner import SuiteRunner
from rubric_core.views.matrix_columns import (
    COLUMN_TABLE_HEADERS,
    column_heads,
    column_row,
    column_said,
    total_cost,
    total_row,
)
from rubric_core.views.matrix_view import matrix_payload, suite_view


def test_headers_start_where_the_labels_differ() -> None:
    assert column_heads(
        ["openrouter:meta-llama/llama-3.1-8b-instruct", "openrouter:meta-llama/llama-3.1-70b-instruct"]
    ) == [
        ("llama-3.1-8b-instruct", "openrouter:meta-llama"),
        ("llama-3.1-70b-instruct", "openrouter:meta-llama"),
    ]
    made = ["openai:gpt-4o-mini · grader offline:grader · max 3", "openai:gpt-4o-mini · grader offline:grader · max 1"]
    assert [h for h, _ in column_heads(made)] == ["max 3", "max 1"]
    # A label that shares a long lead with another is cut there; one that shares nothing stays whole.
    grouped = column_heads(["house writer long prompt · max 1", "house writer long prompt · max 3", "openai"])
    assert grouped == [("max 1", "house writer long prompt"), ("max 3", "house writer long prompt"), ("openai", "")]
    # Labels that differ early, or share too little, stay whole.
    assert column_heads(["offline:writer · max 3", "openai:gpt-4o-mini · max 3"]) == [
        ("offline:writer · max 3", ""),
        ("openai:gpt-4o-mini · max 3", ""),
    ]


def test_costs_in_words() -> None:
    assert total_cost("offline:writer", "offline:grader", 0.0, 0.0) == "offline, no cost"
    assert total_cost("openai:gpt-4o-mini", "offline:grader", 0.0123, 0.0) == "$0.01"
    assert total_cost("openai:gpt-4o-mini", "offline:grader", 0.0042, 0.0) == "$0.0042"
    assert total_cost("ollama:llama3", "offline:grader", None, 0.0) == "unknown: no price for ollama:llama3"


@pytest.fixture
def errors_matrix(engine: Engine, store: Store) -> str:
    """2 items x 3 columns: two offline columns whose labels share a long lead, and one whose model has no key (every
    run of it ends in an error)."""
    base = RunConfig.from_dict({"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "sp"})
    items = tuple(i for i in example_dataset().items if i.id in ("poem-01", "poem-02"))
    columns = build_columns(
        base,
        [
            {"max_iterations": 1, "label": "house writer, long style prompt · max 1"},
            {"max_iterations": 3, "label": "house writer, long style prompt · max 3"},
            {"model": "openai:gpt-4o-mini", "label": "openai"},
        ],
    )
    handle = SuiteRunner(RunManager(engine, store)).start(Dataset("two", items), base, columns=columns, concurrency=2)
    assert handle.wait(300)
    return handle.suite_run_id


def test_an_all_error_column_says_what_happened_and_why_it_cannot_be_judged(errors_matrix: str, store: Store) -> None:
    matrix = read_matrix(store, [errors_matrix])
    summaries = column_summaries(matrix)
    said = column_said(summaries[2])
    assert said == "no result: all 2 runs ended in an error" and "no outcome yet" not in said
    payload = matrix_payload(
        matrix,
        summaries=summaries,
        deltas=[],
        baseline=0,
        stamp="s",
        problems={2: "OpenAI needs an API key"},
        view_of=errors_matrix,
    )
    heads = payload["columns"]
    # Columns 1 and 2 share a long lead: what sets each apart comes first; column 3 shares none and stays whole.
    assert [(c["head"], c["shared"]) for c in heads] == [
        ("max 1", "house writer, long style prompt"),
        ("max 3", "house writer, long style prompt"),
        ("openai", ""),
    ]
    assert heads[2]["rate"] == said and heads[2]["problem"] == "OpenAI needs an API key" and not heads[0]["problem"]
    assert payload["view_of"] == errors_matrix and payload["run_link"] == "./?run="
    # Judging it says why it cannot (it said "no finished run to regrade yet").
    with pytest.raises(RegradeError) as caught:
        judge_column(store, errors_matrix, 2, ["openai:gpt-4o"])
    message = str(caught.value)
    assert "Column 3 has no draft to regrade: every one of its 2 finished runs ended in an error" in message
    assert "OPENAI_API_KEY" in message and "no finished run to regrade yet" not in message
    # The per-column table: seven grouped columns, costs in words, a total row.
    rows = [column_row(s, c.config).cells() for s, c in zip(summaries, matrix.columns, strict=True)]
    assert len(COLUMN_TABLE_HEADERS) == 7 and all(len(r) == 7 for r in rows)
    assert rows[0][5] == "offline, no cost" and "$0.0000" not in "".join("".join(r) for r in rows)
    assert rows[2][1].startswith("no result: all 2 runs ended in an error") and rows[2][3] == "2 errors"
    total = total_row(summaries, [c.config for c in matrix.columns]).cells()
    assert total[0] == "all columns" and total[5].startswith("$0")


def test_the_view_a_cell_link_carries_is_checked_before_it_is_used() -> None:
    sv = "suite=abc123&mode=failures&q=rain  on roof&base=2&only=reg:1:0&pair=1.0.1"
    assert suite_view(sv, "abc123") == {
        "mode": "failures",
        "q": "rain on roof",
        "base": "2",
        "only": "reg:1:0",
        "pair": "1.0.1",
    }
    assert suite_view(sv, "another") == {}  # a view of another suite run is not carried to this one
    bad = "suite=abc123&mode=<script>&base=x&only=drop table&pair=1.2&q="
    assert suite_view(bad, "abc123") == {}
    assert suite_view(None, "abc123") == {} and suite_view(12, "abc123") == {}
