"""Suite runs end to end on the offline models: items as linked runs, frames, resume, compare, export, CLI gates."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from rubric_core.cli.main import main
from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.exports.suite_export import export_suite_run
from rubric_core.store import Store
from rubric_core.suites import suite_run_ids
from rubric_core.suites import suite_store as ss
from rubric_core.suites.compare import compare_suite_runs
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import EXAMPLE_RUBRIC_FILES, example_dataset, example_rubric
from rubric_core.suites.frames import criterion_rates, suite_frames, summarize
from rubric_core.suites.runner import SuiteRunner

# Offline, all three end satisfied under rubric v1 and v2 (the writer writes an e-free poem once the grader
# names the letter); a criterion the offline grader cannot judge keeps every item at the cap.
SMALL_IDS = ("poem-01", "poem-02", "poem-03")
UNJUDGEABLE = "- Is witty and original\n"


def _small(n: int = 3) -> Dataset:
    items = example_dataset().items
    if n <= 3:
        picked = tuple(i for i in items if i.id in SMALL_IDS)[:n]
    else:
        picked = items[:n]
    return Dataset(name="small", items=picked)


def _config(version: int = 1, extra: str = "") -> RunConfig:
    return RunConfig.from_dict(
        {"task": "(each item's task)", "rubric": example_rubric(version) + extra, "rubric_name": "short-poems"}
    )


@pytest.fixture
def runner(engine: Engine, store: Store) -> SuiteRunner:
    return SuiteRunner(RunManager(engine, store))


def test_a_suite_run_links_one_ordinary_run_per_item(db_url: str, runner: SuiteRunner, store: Store) -> None:
    events: list[dict] = []
    handle = runner.start(_small(), _config(), concurrency=2, subscribers=[events.append])
    assert handle.wait(300)
    suite = ss.get_suite_run(store, handle.suite_run_id)
    assert suite is not None and suite["status"] == "finished" and suite["rubric_version"] == 1
    ids = suite_run_ids(store, handle.suite_run_id)
    assert len(ids) == 3 == len(set(ids))
    runs = store.get_runs(ids)
    assert [r["task"] for r in runs] == [i.task for i in _small().items]
    assert all(r["tags"] == [f"suite:{handle.suite_run_id[:12]}"] for r in runs)
    assert {r["status"] for r in runs} == {"satisfied"}
    assert [e["type"] for e in events].count("item_finished") == 3 and events[-1]["type"] == "suite_finished"
    # The reference reaches the grader's prompt, never the working agent's task.
    first = store.get_run(ids[0])
    assert first is not None and "<reference>" in first["config"]["grader_prompt"]
    assert "<reference>" not in first["task"]

    frames = suite_frames(store, handle.suite_run_id)
    summary = summarize(frames)
    assert summary.total == summary.finished == 3
    assert summary.status_counts == {"satisfied": 3}
    assert summary.cap_hits == [] and summary.iterations_to_satisfied == {2: 3}
    assert summary.cost_usd == 0.0 and summary.total_tokens > 0
    rates = {r.criterion: r for r in criterion_rates(frames)}
    assert list(rates) == [c.strip("- ").strip() for c in example_rubric(1).splitlines()]
    lipogram = rates['Does not contain the letter "e"']
    assert (lipogram.first.passed, lipogram.final.passed, lipogram.final.total, lipogram.blocking) == (0, 3, 3, 0)


def test_resume_runs_only_unfinished_items_and_counts_nothing_twice(
    db_url: str, runner: SuiteRunner, store: Store
) -> None:
    holder: dict = {}
    ready = threading.Event()

    def interrupt(event: dict) -> None:
        # The interrupt is chosen by a stored row: once the store shows two finished items.
        if event["type"] != "item_finished":
            return
        ready.wait()
        finished = [i for i in ss.suite_items(store, event["suite_run_id"]) if i["finished"]]
        if len(finished) >= 2:
            holder["handle"].cancel()

    holder["handle"] = runner.start(_small(5), _config(), concurrency=1, subscribers=[interrupt])
    ready.set()
    assert holder["handle"].wait(300)
    suite_id = holder["handle"].suite_run_id
    before = {i["position"]: i for i in ss.suite_items(store, suite_id)}
    assert ss.get_suite_run(store, suite_id)["status"] == "cancelled"
    done_before = {p: i["run_id"] for p, i in before.items() if i["finished"]}
    assert len(done_before) >= 2 and len(done_before) < 5
    seqs_before = {rid: store.next_seq(rid) for rid in done_before.values()}

    events: list[dict] = []
    resumed = runner.resume(suite_id, subscribers=[events.append])
    assert resumed.wait(300)
    after = {i["position"]: i for i in ss.suite_items(store, suite_id)}
    assert all(i["finished"] for i in after.values())
    started = [e["position"] for e in events if e["type"] == "item_started"]
    assert sorted(started) == sorted(p for p in before if p not in done_before)  # only the unfinished ones
    for p, run_id in done_before.items():
        assert after[p]["run_id"] == run_id and store.next_seq(run_id) == seqs_before[run_id]  # untouched
    ids = suite_run_ids(store, suite_id)
    assert len(ids) == 5 == len(set(ids))
    assert summarize(suite_frames(store, suite_id)).finished == 5
    assert ss.get_suite_run(store, suite_id)["status"] == "finished"
    with pytest.raises(ValueError, match="nothing to resume"):
        runner.resume(suite_id)


def test_a_suite_whose_process_died_reads_interrupted_and_resumes(runner: SuiteRunner, store: Store) -> None:
    dataset = _small(2)
    suite_id = ss.create_suite_run(store, dataset, _config())
    with store.engine.begin() as conn:
        from sqlalchemy import text

        conn.execute(
            text("UPDATE suite_runs SET worker = 'gone-host|1|0', heartbeat_at = 0 WHERE id = :s"), {"s": suite_id}
        )
    assert ss.get_suite_run(store, suite_id)["status"] == "interrupted"
    assert runner.resume(suite_id).wait(300)
    assert [i["finished"] for i in ss.suite_items(store, suite_id)] == [True, True]


def test_compare_pairs_renamed_criteria_and_lists_flips(runner: SuiteRunner, store: Store) -> None:
    a = runner.start(_small(), _config(1))
    assert a.wait(300)
    b = runner.start(_small(), _config(2))
    assert b.wait(300)
    result = compare_suite_runs(store, a.suite_run_id, b.suite_run_id)
    assert result.same_dataset and result.shared_items == 3
    assert result.fixed == [] and result.broken == []  # both rubrics end satisfied on every item
    pairs = [(c.name_a, c.name_b) for c in result.criteria]
    assert ("At least 22 words", "At least 20 words") in pairs
    assert ("Exactly three lines", "Has exactly three lines") in pairs
    assert any(line.startswith("-- At least 22 words") for line in result.rubric_diff)
    lipogram = next(c for c in result.criteria if c.name_a == 'Does not contain the letter "e"')
    assert lipogram.delta == pytest.approx(0) and lipogram.paired is not None and lipogram.paired.only_b == 0
    # A criterion the offline grader cannot judge keeps every item at the cap: all three flip to broken.
    c = runner.start(_small(), _config(2, UNJUDGEABLE))
    assert c.wait(300)
    worse = compare_suite_runs(store, b.suite_run_id, c.suite_run_id)
    assert [f.item_id for f in worse.broken] == list(SMALL_IDS) and worse.fixed == []
    assert worse.broken[0].run_a in suite_run_ids(store, b.suite_run_id)
    assert worse.broken[0].run_b in suite_run_ids(store, c.suite_run_id)


@pytest.mark.parametrize("fmt", ["jsonl", "grader-jsonl", "pairs", "csv", "parquet", "langsmith"])
def test_export_tags_every_record_with_suite_and_item(
    runner: SuiteRunner, store: Store, tmp_path: Path, fmt: str
) -> None:
    handle = runner.start(_small(2), _config())
    assert handle.wait(300)
    out = tmp_path / "out"
    result = export_suite_run(store, handle.suite_run_id, fmt, out)
    assert result.records > 0
    if fmt == "parquet":
        import pandas as pd

        for path in result.paths:
            frame = pd.read_parquet(path)
            assert set(frame["suite_run_id"]) == {handle.suite_run_id}
            assert set(frame["item_id"]) == {"poem-01", "poem-02"}
    elif fmt == "csv":
        import pandas as pd

        frame = pd.read_csv(out)
        assert set(frame["suite_run_id"]) == {handle.suite_run_id} and set(frame["item_id"]) == {"poem-01", "poem-02"}
    else:
        records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        where = [r["metadata"] if fmt == "langsmith" else r for r in records]
        assert {w["suite_run_id"] for w in where} == {handle.suite_run_id}
        assert {w["item_id"] for w in where} <= {"poem-01", "poem-02"}


def _dataset_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.jsonl"
    path.write_text("".join(json.dumps(i.to_dict()) + "\n" for i in _small().items), encoding="utf-8")
    return path


def test_cli_gates_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = str(_dataset_file(tmp_path))
    rubric = tmp_path / "rubric.md"
    # v1 plus a criterion the offline grader cannot judge: every item ends at the cap, the other criteria pass.
    # The items are unmet only on an n/a criterion: whether they meet the rubric is unknown, so they are left
    # out of the pass rate, and no gate can pass on it (it had read "pass rate 0.0%").
    rubric.write_text(EXAMPLE_RUBRIC_FILES[1].read_text(encoding="utf-8") + UNJUDGEABLE, encoding="utf-8")
    base = ["suite", "run", "--dataset", data, "--rubric-file", str(rubric), "--rubric-name", "short-poems"]
    assert main([*base, "--min-pass-rate", "0.6", "--jsonl"]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]
    assert summary["type"] == "suite_summary" and summary["pass_rate"] is None
    assert summary["left_out_na"] == 3 and summary["pass_rate_over"] == 0
    assert summary["gate_failures"] and "left out: 3 items unmet only on n/a criteria" in summary["gate_failures"][0]
    na_row = next(c for c in summary["criteria"] if c["criterion"] == "Is witty and original")
    assert (na_row["judged"], na_row["final_na"], na_row["blocking"]) == (0, 3, 0)
    suite_id = summary["suite_run_id"]
    assert {e["type"] for e in lines} >= {"suite_started", "item_started", "item_finished", "suite_finished"}
    assert main(["suite", "show", suite_id, "--min-pass-rate", "0.7"]) == 1
    assert "GATE FAILED: no item has an outcome the pass rate can count" in capsys.readouterr().err
    assert main(["suite", "show", suite_id[:8], "--min-pass-rate", "0"]) == 1
    capsys.readouterr()
    assert main(["suite", "show", suite_id, "--min-criterion-pass-rate", "0.7"]) == 1
    assert "criterion 'Is witty and original' was not judged on any item (3 n/a)" in capsys.readouterr().err
    assert main(["suite", "list"]) == 0 and suite_id[:12] in capsys.readouterr().out
    assert main(["suite", "run", "--dataset", data, "--rubric-name", "short-poems", "--rubric-version", "1"]) == 0
    second = capsys.readouterr().out.splitlines()[0].split()[2]
    assert main(["suite", "compare", suite_id, second]) == 0
    assert "McNemar exact p = 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--min-pass-rate", "1.5"], "is not a share"),
        (["--min-criterion-pass-rate", "high"], "is not a share"),
        (["--concurrency", "0"], "Concurrency must be a whole number from 1 to 64"),
        (["--rubric-version", "1"], "does not go with --rubric-file"),
        (["--model", "nope"], "model"),
        (["--rubric-file", "/nonexistent/rubric.md"], "Cannot read rubric file"),
    ],
)
def test_cli_bad_input_exits_2_and_runs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], store: Store, args: list[str], message: str
) -> None:
    data = str(_dataset_file(tmp_path))
    base = ["suite", "run", "--dataset", data, "--rubric-file", str(EXAMPLE_RUBRIC_FILES[1])]
    assert _exit_code([*base, *args]) == 2
    assert message in capsys.readouterr().err
    assert ss.list_suite_runs(store) == []


def test_cli_bad_dataset_and_unknown_suite_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task": "ok"}\n{"prompt": "x"}\n', encoding="utf-8")
    assert main(["suite", "run", "--dataset", str(bad), "--rubric-file", str(EXAMPLE_RUBRIC_FILES[1])]) == 2
    assert "row 2: no `task` column" in capsys.readouterr().err
    assert main(["suite", "run", "--dataset", str(bad)]) == 2
    assert main(["suite", "show", "nope"]) == 2
    assert "No suite run 'nope'" in capsys.readouterr().err
    assert main(["suite", "resume", "nope"]) == 2
    good = str(_dataset_file(tmp_path))
    assert main(["suite", "run", "--dataset", good, "--rubric-name", "not-in-library"]) == 2
    assert "No rubric 'not-in-library' in the library" in capsys.readouterr().err


def _exit_code(argv: list[str]) -> int:
    """main()'s return value, or argparse's exit status for a flag it refuses."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def test_criteria_reworded_by_the_grader_stay_one_column_in_rubric_wording(runner: SuiteRunner, store: Store) -> None:
    handle = runner.start(_small(2), _config())
    assert handle.wait(300)
    ids = suite_run_ids(store, handle.suite_run_id)
    from sqlalchemy import text

    with store.engine.begin() as conn:  # an LLM grader may word criterion 0 its own way in one item
        conn.execute(
            text("UPDATE criteria SET name = 'No letter e anywhere' WHERE run_id = :r AND position = 0"), {"r": ids[1]}
        )
    frames = suite_frames(store, handle.suite_run_id)
    assert frames.criteria == [c.strip("- ").strip() for c in example_rubric(1).splitlines()]
    assert len(frames.cells) == 2 * 4


def test_agreement_over_a_suite_run_counts_its_items_reviews(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(_dataset_file(tmp_path))
    rubric = str(EXAMPLE_RUBRIC_FILES[1])
    assert (
        main(["suite", "run", "--dataset", data, "--rubric-file", rubric, "--rubric-name", "short-poems", "--jsonl"])
        == 0
    )
    suite_id = json.loads(capsys.readouterr().out.splitlines()[-1])["suite_run_id"]
    from rubric_core.store import open_store

    store = open_store()
    try:
        first, second = suite_run_ids(store, suite_id)[:2]
        crit = store.criteria([first])
    finally:
        store.close()
    name = crit[0]["name"]
    grader_said = "pass" if crit[0]["passed"] else "fail"
    human = "fail" if grader_said == "pass" else "pass"  # a disagreement
    assert (
        main(
            [
                "review",
                first,
                "--iteration",
                "1",
                "--criterion",
                name,
                "--verdict",
                human,
                "--reason",
                "checked by hand",
                "--reviewer",
                "ann",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["agreement", "--suite", suite_id, "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    overall = next(x for x in lines if x["type"] == "overall")
    assert (overall["reviewed"], overall["agreed"]) == (1, 0)
    [disagreement] = [x for x in lines if x["type"] == "disagreement"]
    assert (disagreement["run_id"], disagreement["criterion"], disagreement["reviewer"]) == (first, name, "cli:ann")
    assert second != first


def test_regrade_of_a_suite_run_reports_pass_rate_deltas_and_flips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(_dataset_file(tmp_path))
    v1, v2 = str(EXAMPLE_RUBRIC_FILES[1]), str(EXAMPLE_RUBRIC_FILES[2])
    assert (
        main(["suite", "run", "--dataset", data, "--rubric-file", v1, "--rubric-name", "short-poems", "--jsonl"]) == 0
    )
    suite_id = json.loads(capsys.readouterr().out.splitlines()[-1])["suite_run_id"]
    # The same rubric: the offline grader agrees with itself, so nothing moves.
    assert main(["regrade", "--suite", suite_id, "--jsonl"]) == 0
    same = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [x["type"] for x in same].count("item") == 3
    assert all(x["delta"] == 0 for x in same if x["type"] == "criterion")
    # The edited rubric: some criterion's final pass rate rises, and no item needs a later stop.
    assert main(["regrade", "--suite", suite_id, "--rubric-file", v2, "--jsonl"]) == 0
    edited = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    deltas = [x for x in edited if x["type"] == "criterion"]
    # Every criterion of v2 lines up with one of v1, the reworded one with its old name, so each has a delta.
    renamed = {x["criterion"]: x["original_criterion"] for x in deltas if x["original_criterion"]}
    assert renamed == {
        "At least 20 words": "At least 22 words",
        "At most 40 words": "At most 26 words",
        "Has exactly three lines": "Exactly three lines",
    }
    assert len(deltas) == 4 and all(x["delta"] is not None for x in deltas), deltas
    items = [x for x in edited if x["type"] == "item"]
    assert len(items) == 3 and all(x["iterations"] for x in items)
    assert main(["regrade", "--suite", suite_id, "--repeat", "2", "--jsonl"]) == 0
    checks = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(x["flaky_items"] == 0 for x in checks if x["type"] == "criterion")
    assert main(["regrade", "--suite", suite_id, "--repeat", "2", "--iteration", "1"]) == 2
    assert main(["regrade"]) == 2
    assert "one of them" in capsys.readouterr().err


def test_the_runs_filter_can_leave_out_suite_items(db_url: str, runner: SuiteRunner, store: Store, engine) -> None:
    from rubric_core.store.filters import RunFilter
    from tests.core.helpers import example_config

    alone = engine.execute(example_config("haiku"), subscribers=[store.record]).run_id
    handle = runner.start(_small(2), _config(), concurrency=2)
    assert handle.wait(300)
    items = suite_run_ids(store, handle.suite_run_id)
    assert len(items) == 2 and store.count_runs() == 3
    flt = RunFilter(without_suite_items=True)
    assert store.count_runs(flt) == 1 and [r["id"] for r in store.list_runs(flt)] == [alone]
    # With another filter, both apply.
    assert store.count_runs(RunFilter(without_suite_items=True, search="no such task")) == 0
    assert {r["id"] for r in store.list_runs(RunFilter())} == {alone, *items}


def test_a_suite_is_stored_running_only_once_this_process_runs_it(
    runner: SuiteRunner, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first import of the agent stack takes seconds in a server whose runs go to pool workers. The suite run
    had been stored `running` before it, but registered here only after: meanwhile every page that looked at it
    said "Running in another process: cancel it there." with no Cancel button."""
    import rubric_core.engine.stack as stack

    loading, release = threading.Event(), threading.Event()
    original = stack.load_agent_stack

    def slow_first_import() -> None:
        loading.set()
        assert release.wait(60)
        original()

    monkeypatch.setattr(stack, "load_agent_stack", slow_first_import)
    started: list = []
    from dataclasses import replace

    # Items with no reference: a reference loads the stack earlier (in the item check), hiding the gap.
    plain = Dataset(name="plain", items=tuple(replace(i, reference="") for i in _small(1).items))
    thread = threading.Thread(target=lambda: started.append(runner.start(plain, _config())), daemon=True)
    thread.start()
    assert loading.wait(60)
    # While the import runs: no suite run a page could take for one running elsewhere.
    stored = ss.list_suite_runs(store)
    assert [r for r in stored if r["status"] == "running" and not runner.is_live(r["id"])] == [], stored
    release.set()
    thread.join(60)
    assert started and started[0].wait(300)


def test_a_suite_grid_draws_na_cells_apart_with_their_check(runner: SuiteRunner, store: Store) -> None:
    """Issue 30 items 1 and 2: the items x criteria grid draws an n/a cell in its own style with "n/a" (it had
    been a red ✘), every cell's title names the check behind it, and the legend says what n/a means."""
    from rubric_ui.widgets.suite_views import grid_html

    handle = runner.start(_small(2), _config(1, UNJUDGEABLE), concurrency=2)
    assert handle.wait(300)
    frames = suite_frames(store, handle.suite_run_id)
    page = grid_html(frames)
    assert page.count('data-verdict="n/a"') == 2 and 'class="rs-na"' in page
    assert "n/a: the grader could not judge it" in page
    assert "Check: cannot judge" in page and "Check: line count: " in page
    na_cells = frames.cells[frames.cells["criterion"] == "Is witty and original"]
    assert list(na_cells["final_verdict"]) == ["n/a", "n/a"] and na_cells["final_passed"].isna().all()


def test_start_returns_before_the_agent_stack_is_loaded(runner: SuiteRunner, store: Store, monkeypatch) -> None:
    """Issue 33 item 4: Start waited for the agent stack (seconds on a server whose runs go to worker processes):
    checking the items read the library's default grader prompt for each item with a reference, and the runner
    loaded the stack before storing the suite run. Start now stores the suite run and returns at once; the
    suite's own thread loads the stack before its first item."""
    import rubric_core.engine.stack as stack
    import rubric_core.suites.runner as runner_module

    calls: list[str] = []
    monkeypatch.setattr(stack, "load_agent_stack", lambda: calls.append(threading.current_thread().name))
    loaded = threading.Event()
    real = runner_module._load_stack_first

    def first() -> None:
        loaded.set()
        real()

    monkeypatch.setattr(runner_module, "_load_stack_first", first)
    with_reference = Dataset("refs", tuple(i for i in example_dataset().items if i.reference.strip())[:2])
    assert with_reference.items
    from rubric_core.suites.runner import check_items

    check_items(with_reference, _config())
    assert calls == [], "checking items with a reference loads nothing"
    handle = runner.start(with_reference, _config())
    assert ss.get_suite_run(store, handle.suite_run_id) is not None
    assert calls == [] or all(name != threading.current_thread().name for name in calls), calls
    assert handle.wait(300) and loaded.is_set()


def test_a_suite_resumed_after_idle_time_counts_only_its_working_time(
    db_url: str, runner: SuiteRunner, store: Store
) -> None:
    """A suite resumed 25 minutes after its cancel reported 'time 1673.5 s' for about 150 s of work."""
    from sqlalchemy import text

    holder: dict = {}
    ready = threading.Event()

    def cancel_after_one(event: dict) -> None:
        if event["type"] == "item_finished":
            ready.wait()
            holder["handle"].cancel()

    holder["handle"] = runner.start(_small(3), _config(), concurrency=1, subscribers=[cancel_after_one])
    ready.set()
    assert holder["handle"].wait(300)
    suite_id = holder["handle"].suite_run_id
    assert ss.get_suite_run(store, suite_id)["status"] == "cancelled"
    idle = 1500.0  # what happened so far happened 25 minutes before the resume
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE events SET at = at - :d"), {"d": idle})
        conn.execute(text("UPDATE suite_runs SET created_at = created_at - :d"), {"d": idle})
        conn.execute(text("UPDATE runs SET created_at = created_at - :d"), {"d": idle})
    assert runner.resume(suite_id).wait(300)
    summary = summarize(suite_frames(store, suite_id))
    assert summary.finished == 3
    worked = sum(float(r["wall_time_s"] or 0) for r in store.list_runs(limit=10))
    assert 0 < summary.wall_time_s < idle and summary.wall_time_s <= worked + 1.0, (summary.wall_time_s, worked)


def test_suite_show_and_runs_say_who_did_the_work(
    runner: SuiteRunner, store: Store, engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33 item 8 (and issue 35 item 8): `suite show` and `runs` name the agent; `runs` gives each run's
    score (criteria met at the final draft, of those judged)."""
    from tests.core.helpers import PROCESS_TIMEOUT_S, example_config

    handle = runner.start(_small(1), _config())
    assert handle.wait(PROCESS_TIMEOUT_S)
    capped = engine.execute(example_config("haiku", max_iterations=1), subscribers=[store.record]).run_id
    assert main(["suite", "show", handle.suite_run_id]) == 0
    assert "done by the built-in deep agent" in capsys.readouterr().out
    assert main(["suite", "show", handle.suite_run_id, "--jsonl"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["agent"] == "" and summary["agent_label"] == "the built-in deep agent"
    assert main(["runs"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "score" in out[0] and "agent" in out[0]
    row = next(line for line in out if line.startswith(capped))
    assert "  1/3  " in row and " built-in " in row
