"""The matrix (issue 32): one suite run under 2 to 8 configurations, every cell an ordinary run; per-column cancel
and resume; the matrix frames, per-column measures, criterion x column rates and a baseline's regressions."""

from __future__ import annotations

import pytest

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from rubric_core.store.filters import RunFilter
from rubric_core.suites import suite_run_ids
from rubric_core.suites import suite_store as ss
from rubric_core.suites.columns import ColumnError, build_columns, columns_from_flags
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.frames import suite_frames
from rubric_core.suites.matrix import cell_outcome, read_matrix, search_rows
from rubric_core.suites.matrix_stats import SATISFIED_ROW, baseline_deltas, column_summaries, criterion_table
from rubric_core.suites.runner import SuiteRunner, column_tag

SMALL_IDS = ("poem-01", "poem-02", "poem-03")
UNJUDGEABLE = "- Is witty and original\n"
LIPOGRAM = 'Does not contain the letter "e"'


def _small(n: int = 3) -> Dataset:
    return Dataset(name="small", items=tuple(i for i in example_dataset().items if i.id in SMALL_IDS)[:n])


def _base(extra: str = "") -> RunConfig:
    return RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(1) + extra, "rubric_name": "short-poems"}
    )


def _columns(*settings: dict, base: RunConfig | None = None, store: Store | None = None):
    base = base or _base()

    def text_of(version: int) -> str | None:
        found = store.get_rubric(base.rubric_name, version) if store is not None else None
        return None if found is None else str(found["text"])

    return build_columns(base, list(settings), rubric_text=text_of)


@pytest.fixture
def runner(engine: Engine, store: Store) -> SuiteRunner:
    return SuiteRunner(RunManager(engine, store))


def test_a_matrix_links_every_cell_to_an_ordinary_run_of_its_column(
    db_url: str, runner: SuiteRunner, store: Store
) -> None:
    # Offline, the first draft of every poem misses the lipogram; with one iteration it ends at the cap, with three
    # the writer fixes it: the columns differ on the criterion and on satisfied.
    columns = _columns({"max_iterations": 1}, {"max_iterations": 3})
    assert [c.label for c in columns] == ["max 1", "max 3"]
    events: list[dict] = []
    handle = runner.start(_small(), _base(), columns=columns, concurrency=3, subscribers=[events.append])
    assert handle.wait(300)
    suite_id = handle.suite_run_id
    suite = ss.get_suite_run(store, suite_id)
    assert suite is not None and suite["status"] == "finished"
    assert [(c["index"], c["label"], c["status"], c["config"]["max_iterations"]) for c in suite["columns"]] == [
        (0, "max 1", "finished", 1),
        (1, "max 3", "finished", 3),
    ]
    assert suite["columns"][0]["rubric_version"] == 1 == suite["rubric_version"]
    ids = suite_run_ids(store, suite_id)
    assert len(ids) == 6 == len(set(ids))
    cells = ss.suite_cells(store, suite_id)
    assert [(c["position"], c["column_index"]) for c in cells] == [(p, k) for p in range(3) for k in range(2)]
    runs = {r["id"]: r for r in store.get_runs(ids)}
    for cell in cells:
        run = runs[cell["run_id"]]
        assert run["config"]["max_iterations"] == (1, 3)[cell["column_index"]]
        assert set(run["tags"]) == {f"suite:{suite_id[:12]}", column_tag(suite_id, cell["column_index"])}
        assert ss.cell_of_run(store, run["id"]) == {
            "suite_run_id": suite_id,
            "suite_name": "small",
            "item_id": cell["item_id"],
            "item_position": cell["position"],
            "column": cell["column_index"],
            "label": ("max 1", "max 3")[cell["column_index"]],
            "column_config": suite["columns"][cell["column_index"]]["config"],
        }
    assert {runs[c["run_id"]]["status"] for c in cells if c["column_index"] == 0} == {"max_iterations_reached"}
    assert {runs[c["run_id"]]["status"] for c in cells if c["column_index"] == 1} == {"satisfied"}
    assert ss.suite_of_run(store, ids[3]) == (suite_id, ids)
    finished = [e for e in events if e["type"] == "item_finished"]
    assert sorted((e["position"], e["column"]) for e in finished) == [(p, k) for p in range(3) for k in range(2)]
    assert events[0]["type"] == "suite_started" and events[0]["total"] == 6 and events[0]["columns"] == 2
    # The list counts cells; the runs filter leaves a matrix's cells out as it leaves a suite's items out.
    (row,) = ss.list_suite_runs(store)
    assert (row["items"], row["columns"], row["cells"], row["finished"], row["satisfied"]) == (3, 2, 6, 6, 3)
    assert store.count_runs(RunFilter(without_suite_items=True)) == 0
    # Each column reads as a suite of its own through the suite frames.
    first, second = (suite_frames(store, suite_id, column=k) for k in (0, 1))
    assert list(first.items["status"]) == ["max_iterations_reached"] * 3
    assert list(second.items["status"]) == ["satisfied"] * 3
    assert second.column is not None and second.column["label"] == "max 3"
    with pytest.raises(ValueError, match="matrix"):
        suite_frames(store, suite_id)


def test_the_matrix_measures_each_column_and_counts_regressions_against_a_baseline(
    runner: SuiteRunner, store: Store
) -> None:
    handle = runner.start(_small(), _base(), columns=_columns({"max_iterations": 1}, {"max_iterations": 3}))
    assert handle.wait(300)
    matrix = read_matrix(store, [handle.suite_run_id])
    assert [c.label for c in matrix.columns] == ["max 1", "max 3"]
    assert list(matrix.items["item_id"]) == list(SMALL_IDS)
    outcomes = {k: set(map(str, v)) for k, v in matrix.cells.groupby("column")["outcome"]}
    assert outcomes == {0: {"fail"}, 1: {"pass"}}
    assert matrix.counts() == {"all": 3, "failures": 3, "errors": 0, "different": 3}
    assert matrix.rows("different") == [0, 1, 2] and matrix.rows("errors") == []
    assert matrix.rows("all", only=[2], matches=[1, 2]) == [2]

    one, three = column_summaries(matrix)
    assert (one.satisfied.passed, one.satisfied.total, one.cap_hits, one.iterations_median) == (0, 3, 3, None)
    assert (three.satisfied.passed, three.satisfied.total, three.cap_hits) == (3, 3, 0)
    assert three.iterations_median == 2.0 and (three.iterations_min, three.iterations_max) == (2, 2)
    assert three.satisfied.low < 1.0 == three.satisfied.high  # the Wilson interval, not a bare 100%
    assert three.writer_tokens > 0 and three.grader_tokens > 0
    assert three.writer_cost_usd == 0.0 == three.grader_cost_usd  # the offline models are priced free
    assert three.run_time_s > 0 and three.wall_time_s > 0 and one.unfinished == 0

    table = {row.criterion: row for row in criterion_table(matrix)}
    lipo = table[LIPOGRAM]
    assert (lipo.cells[0].first.passed, lipo.cells[0].final.passed) == (0, 0)
    assert (lipo.cells[1].first.passed, lipo.cells[1].final.passed, lipo.cells[1].final.total) == (0, 3, 3)

    deltas = {(d.column, d.criterion): d for d in baseline_deltas(matrix, baseline=0)}
    assert deltas[(1, LIPOGRAM)].improved == (0, 1, 2) and deltas[(1, LIPOGRAM)].regressed == ()
    assert deltas[(1, SATISFIED_ROW)].improved == (0, 1, 2)
    assert deltas[(1, LIPOGRAM)].paired is not None and deltas[(1, LIPOGRAM)].paired.p_value == pytest.approx(0.25)
    reverse = {(d.column, d.criterion): d for d in baseline_deltas(matrix, baseline=1)}
    assert reverse[(0, LIPOGRAM)].regressed == (0, 1, 2) and reverse[(0, LIPOGRAM)].improved == ()
    with pytest.raises(ValueError, match="from 1 to 2"):
        baseline_deltas(matrix, baseline=2)
    # Search reads the task and every stored draft of the row's cells.
    assert search_rows(store, matrix, "") == {0, 1, 2}
    task_word = str(matrix.items["task"].iloc[1]).split()[-1].strip(".").casefold()
    assert 1 in search_rows(store, matrix, task_word)
    assert search_rows(store, matrix, "no-such-word-anywhere") == set()


def test_na_and_errors_are_cells_of_their_own_never_a_pass_or_a_fail(runner: SuiteRunner, store: Store) -> None:
    assert cell_outcome("satisfied", 0, 0) == "pass"
    assert cell_outcome("max_iterations_reached", 0, 2) == "na"
    assert cell_outcome("max_iterations_reached", 1, 2) == "fail"
    assert cell_outcome("grader_error", None, None) == "error" == cell_outcome("error", 0, 0)
    assert cell_outcome("cancelled", 0, 0) == "stopped" and cell_outcome("pending", None, None) == "pending"
    # A criterion the offline grader cannot judge: each item ends unmet only on n/a, in its own colour; the baseline
    # leaves those verdicts out of the paired test and counts them.
    columns = _columns({"max_iterations": 2}, {"max_iterations": 3}, base=_base(UNJUDGEABLE))
    handle = runner.start(_small(2), _base(UNJUDGEABLE), columns=columns, concurrency=2)
    assert handle.wait(300)
    matrix = read_matrix(store, [handle.suite_run_id])
    assert set(matrix.cells.loc[matrix.cells["column"] == 1, "outcome"]) == {"na"}
    assert matrix.counts()["different"] == 0  # n/a is no answer to disagree with
    summary = column_summaries(matrix)[1]
    assert summary.left_out_na == 2 and summary.satisfied.total == 0 and summary.na_verdicts == 2
    witty = next(d for d in baseline_deltas(matrix) if d.criterion == "Is witty and original")
    assert witty.na_rows == 2 and witty.paired is not None and witty.paired.p_value == 1.0


def test_cancel_and_resume_one_column_while_the_other_goes_on(runner: SuiteRunner, store: Store) -> None:
    holder: dict = {}

    def cancel_the_second_column(event: dict) -> None:
        # Chosen by the events: the first cell of column 2 has started.
        if event["type"] == "item_started" and event.get("column") == 1 and "cancelled" not in holder:
            holder["cancelled"] = runner.cancel(event["suite_run_id"], column=1)

    handle = runner.start(
        _small(),
        _base(),
        columns=_columns({"max_iterations": 1}, {"max_iterations": 3}),
        concurrency=1,
        subscribers=[cancel_the_second_column],
    )
    assert handle.wait(300) and holder["cancelled"] is True
    suite_id = handle.suite_run_id
    suite = ss.get_suite_run(store, suite_id)
    assert suite["status"] == "cancelled"
    assert [c["status"] for c in suite["columns"]] == ["finished", "cancelled"]
    cells = ss.suite_cells(store, suite_id)
    assert all(c["has_result"] for c in cells if c["column_index"] == 0)  # column 1 went on to its end
    assert not any(c["has_result"] for c in cells if c["column_index"] == 1)
    started = [e for e in handle.events if e["type"] == "item_started" and e.get("column") == 1]
    assert len(started) == 1  # no later cell of the cancelled column started
    with pytest.raises(ValueError, match="no column 3"):
        runner.resume(suite_id, column=2)
    resumed = runner.resume(suite_id, column=1)
    assert resumed.wait(300)
    suite = ss.get_suite_run(store, suite_id)
    assert suite["status"] == "finished" and [c["status"] for c in suite["columns"]] == ["finished", "finished"]
    assert all(c["has_result"] for c in ss.suite_cells(store, suite_id))
    assert {e.get("column") for e in resumed.events if e["type"] == "item_started"} == {1}
    with pytest.raises(ValueError, match="nothing to resume"):
        runner.resume(suite_id, column=0)


def test_a_column_resumed_while_the_matrix_runs_joins_its_queue(runner: SuiteRunner, store: Store) -> None:
    holder: dict = {}

    def steer(event: dict) -> None:
        if event["type"] == "item_started" and event.get("column") == 1 and "cancelled" not in holder:
            holder["cancelled"] = runner.cancel(event["suite_run_id"], column=1)
        elif (
            event["type"] == "item_finished"
            and event.get("column") == 0
            and event["position"] == 1
            and "resumed" not in holder
        ):
            holder["resumed"] = runner.resume(event["suite_run_id"], column=1)

    handle = runner.start(
        _small(),
        _base(),
        columns=_columns({"max_iterations": 1}, {"max_iterations": 3}),
        concurrency=1,
        subscribers=[steer],
    )
    assert handle.wait(300)
    assert holder["resumed"] is handle  # the live run took the column back, no second run of the suite
    suite = ss.get_suite_run(store, handle.suite_run_id)
    assert suite["status"] == "finished" and [c["status"] for c in suite["columns"]] == ["finished", "finished"]
    assert any(e["type"] == "column_resumed" for e in handle.events)


def test_cancel_and_resume_the_whole_matrix(runner: SuiteRunner, store: Store) -> None:
    holder: dict = {}

    def cancel_after_two(event: dict) -> None:
        if event["type"] == "item_finished" and len(ss.suite_run_ids(store, event["suite_run_id"])) >= 2:
            holder["handle"].cancel()

    ready = {"handle": None}
    holder = ready
    holder["handle"] = runner.start(
        _small(),
        _base(),
        columns=_columns({"max_iterations": 1}, {"max_iterations": 3}),
        concurrency=1,
        subscribers=[lambda e: holder["handle"] is not None and cancel_after_two(e)],
    )
    assert holder["handle"].wait(300)
    suite_id = holder["handle"].suite_run_id
    suite = ss.get_suite_run(store, suite_id)
    assert suite["status"] == "cancelled" and {c["status"] for c in suite["columns"]} == {"cancelled"}
    assert 0 < sum(c["has_result"] for c in ss.suite_cells(store, suite_id)) < 6
    assert runner.resume(suite_id).wait(300)
    assert ss.get_suite_run(store, suite_id)["status"] == "finished"
    assert all(c["has_result"] for c in ss.suite_cells(store, suite_id))


def test_columns_are_checked_and_named_by_what_sets_them_apart(store: Store) -> None:
    store.save_rubric("short-poems", example_rubric(1))
    store.save_rubric("short-poems", example_rubric(2))
    made = _columns({"rubric_version": 1}, {"rubric_version": 2, "grader": "offline:grader"}, store=store)
    assert [c.label for c in made] == ["v1", "v2"] and made[1].rubric_version == 2
    assert made[1].config.rubric == example_rubric(2)
    models = _columns({"model": "offline:writer"}, {"model": "offline:writer?latency=0.01", "label": "slow writer"})
    assert [c.label for c in models] == ["offline:writer", "slow writer"]
    cases = [
        ([{}], "2 to 8 columns"),
        ([{}] * 9, "2 to 8 columns"),
        ([{"model": "offline:writer"}, {"model": "offline:writer"}], "Columns 1 and 2 are the same configuration"),
        ([{}, {"modle": "x"}], "Column 2 has an unknown setting 'modle'"),
        ([{}, {"model": "nope"}], "Column 2: model:"),
        ([{}, {"max_iterations": 99}], "Column 2: max_iterations:"),
        ([{}, {"rubric_version": 7}], "has no version 7"),
        ([{}, {"rubric_version": "x"}], "library version number"),
        ([{"label": "a"}, {"label": "a", "max_iterations": 2}], "both labelled 'a'"),
        ([{}, {"rubric": "- x", "rubric_version": 1}], "sets both rubric_version and rubric"),
    ]
    for settings, message in cases:
        with pytest.raises(ColumnError, match=message):
            _columns(*settings, store=store)
    loose = RunConfig.from_dict({"task": "t", "rubric": "- Exactly three lines"})
    with pytest.raises(ColumnError, match="not a library rubric"):
        build_columns(loose, [{}, {"rubric_version": 2}], rubric_text=lambda v: "- x")
    assert columns_from_flags(["a:b"], None, None) == []
    assert columns_from_flags(["a:x", "a:y"], ["g:z"], None) == [
        {"model": "a:x", "grader": "g:z"},
        {"model": "a:y", "grader": "g:z"},
    ]
    with pytest.raises(ColumnError, match="--model 2 times, --grader 3 times"):
        columns_from_flags(["a:x", "a:y"], ["g:1", "g:2", "g:3"], None)


def test_a_matrix_column_graded_through_a_provider(
    runner: SuiteRunner, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A column whose grader is an OpenAI model, through the real provider class and the local stub server."""
    from tests.stubs.openai_stub import StubOpenAI

    with StubOpenAI() as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key-12345678")
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        columns = _columns({"grader": "offline:grader"}, {"grader": "openai:gpt-4o-mini"})
        assert [c.label for c in columns] == ["grader offline:grader", "grader openai:gpt-4o-mini"]
        handle = runner.start(_small(2), _base(), columns=columns, concurrency=2)
        assert handle.wait(300)
        assert stub.requests and all(r["auth"] == "Bearer sk-test-key-12345678" for r in stub.requests)
    matrix = read_matrix(store, [handle.suite_run_id])
    assert set(matrix.cells["status"]) <= set(ss.RESULT_STATUSES), list(matrix.cells["status"])
    graders = {r["grader"] for r in store.get_runs(suite_run_ids(store, handle.suite_run_id))}
    assert graders == {"offline:grader", "openai:gpt-4o-mini"}
    priced = column_summaries(matrix)[1]
    assert priced.grader_tokens > 0 and priced.grader_cost_usd is not None and priced.grader_cost_usd > 0
    assert priced.writer_cost_usd == 0.0
    # Nothing of the key reaches the store.
    from sqlalchemy import text

    with store.engine.connect() as conn:
        for table in ("runs", "events", "suite_runs", "suite_columns"):
            for row in conn.execute(text(f"SELECT * FROM {table}")):
                assert "sk-test-key" not in " ".join(str(v) for v in row)


def test_the_views_stamp_moves_with_what_they_show_not_with_a_heartbeat(
    db_url: str, runner: SuiteRunner, store: Store
) -> None:
    """The page reads the matrix's frames once per stamp: a live run's heartbeat (every event) must not re-read them,
    a cell that ends or a column that changes status must."""
    from sqlalchemy import text

    handle = runner.start(_small(1), _base(), columns=_columns({"max_iterations": 1}, {"max_iterations": 2}))
    assert handle.wait(300)
    suite_id = handle.suite_run_id
    before = ss.suite_stamp(store, suite_id)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE runs SET heartbeat_at = heartbeat_at + 5"))
    assert ss.suite_stamp(store, suite_id) == before
    ss.set_column_status(store, suite_id, 1, "cancelled")
    moved = ss.suite_stamp(store, suite_id)
    assert moved != before
    with store.engine.begin() as conn:
        conn.execute(
            text("UPDATE runs SET status = 'error' WHERE id = :r"), {"r": ss.suite_run_ids(store, suite_id)[0]}
        )
    assert ss.suite_stamp(store, suite_id) != moved
