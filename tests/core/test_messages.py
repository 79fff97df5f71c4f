"""What the command line shows is true, complete and safe; what users write is read as they wrote it.

Terminal safety of stored text, lossless imports (human reviews, U+2028), datasets and configs with a
byte order mark, what-if regrades whose new grader fails, LangSmith upload failures, the runs table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rubric_core.cli.main import main
from rubric_core.engine import Engine
from rubric_core.exports import export_runs
from rubric_core.exports.importer import import_runs
from rubric_core.judge.reviews import record_review
from rubric_core.judge.whatif import what_if
from rubric_core.store import Store, open_store
from rubric_core.store import judge as judge_store
from tests.core.helpers import example_config
from tests.stubs.openai_stub import StubOpenAI

ESC = "\x1b[2J\x1b]0;pwned\x07"


@pytest.fixture
def haiku(store: Store, engine: Engine) -> str:
    handle = engine.execute(example_config("haiku"), subscribers=[store.record])
    return handle.run_id


# ---- 5. text from the store is safe on a terminal ------------------------------------------------


def test_control_characters_from_the_store_never_reach_the_terminal_raw(
    store: Store, engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    handle = engine.execute(
        example_config("haiku", task=f"Write a haiku {ESC} about spring\u202e."), subscribers=[store.record]
    )
    # A review stored before names were checked (an older store): its text is shown safely all the same.
    # It disagrees with the grader, so the agreement report lists it with its reviewer and reason.
    grader_passed = next(bool(c["passed"]) for c in store.criteria([handle.run_id]) if c["iteration"] == 0)
    judge_store.add_review(
        store,
        run_id=handle.run_id,
        turn=0,
        iteration=0,
        position=0,
        criterion="Exactly three lines",
        passed=not grader_passed,
        reason=f"fine {ESC}",
        reviewer=f"ann{ESC}",
    )
    for argv in (["runs"], ["show", handle.run_id], ["agreement", "--run", handle.run_id]):
        main(argv)
        out, err = capsys.readouterr()
        shown = out + err
        assert not [ch for ch in shown if ch in "\x1b\x07\u202e"], (argv, shown)
    main(["agreement", "--run", handle.run_id, "--jsonl"])
    out = capsys.readouterr().out
    rows = [json.loads(line) for line in out.splitlines()]  # still JSON, and the same text once decoded
    assert "\x1b" not in out, out
    assert any(r.get("reviewer") == f"ann{ESC}" for r in rows), rows


# ---- 6. import is lossless -------------------------------------------------------------------------


def test_export_then_import_keeps_the_human_reviews(store: Store, haiku: str, tmp_path: Path) -> None:
    record_review(
        store, haiku, iteration=0, criterion="Exactly three lines", verdict="fail", reason="four", reviewer="ann"
    )
    record_review(store, haiku, iteration=2, criterion="Is about spring", verdict="pass", reviewer="bob")
    first = export_runs(store, "jsonl", tmp_path / "a.jsonl").paths[0]
    other = open_store(f"sqlite:///{tmp_path / 'other.sqlite'}")
    try:
        assert import_runs(other, first).imported == 1
        again = export_runs(other, "jsonl", tmp_path / "b.jsonl").paths[0]
        before, after = json.loads(first.read_text()), json.loads(again.read_text())
        assert after["metadata"]["history"] == before["metadata"]["history"]
        assert after["metadata"]["final_criteria"] == before["metadata"]["final_criteria"]
        reviews = judge_store.latest_reviews(other, [haiku])
        assert [(r["iteration"], r["criterion"], r["passed"], r["reviewer"]) for r in reviews] == [
            (0, "Exactly three lines", False, "ann"),
            (2, "Is about spring", True, "bob"),
        ]
    finally:
        other.close()


def test_a_record_holding_a_line_separator_imports(store: Store, engine: Engine, tmp_path: Path) -> None:
    """U+2028 is a line break to str.splitlines but not to JSON Lines: a record holding one is one record."""
    handle = engine.execute(
        example_config("haiku", task="Write a haiku\u2028about spring."), subscribers=[store.record]
    )
    path = export_runs(store, "jsonl", tmp_path / "a.jsonl").paths[0]
    other = open_store(f"sqlite:///{tmp_path / 'other.sqlite'}")
    try:
        assert import_runs(other, path).imported == 1
        assert other.get_run(handle.run_id)["task"] == "Write a haiku\u2028about spring."  # type: ignore[index]
    finally:
        other.close()


# ---- 7. datasets and configs as users write them ------------------------------------------------


def test_a_csv_dataset_with_a_byte_order_mark_keeps_its_first_column(tmp_path: Path) -> None:
    from rubric_core.suites.datasets import load_dataset

    path = tmp_path / "d.csv"
    path.write_bytes("id,task\nx1,Write a haiku.\nx2,Write a limerick.\n".encode("utf-8-sig"))
    assert [i.id for i in load_dataset(path).items] == ["x1", "x2"]
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_bytes('{"id": "j1", "task": "Write a haiku."}\n'.encode("utf-8-sig"))
    assert [i.id for i in load_dataset(jsonl).items] == ["j1"]


@pytest.mark.parametrize("suffix", [".toml", ".yaml"])
def test_a_config_with_a_byte_order_mark_is_read(tmp_path: Path, suffix: str) -> None:
    from rubric_core.config import load_config

    body = 'task = "Write a haiku."\nrubric = "- Exactly three lines"\n'
    if suffix == ".yaml":
        body = "task: Write a haiku.\nrubric: '- Exactly three lines'\n"
    path = tmp_path / f"c{suffix}"
    path.write_bytes(body.encode("utf-8-sig"))
    assert load_config(path).task == "Write a haiku."


def test_a_rubric_file_with_a_byte_order_mark_keeps_its_first_criterion(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rubric = tmp_path / "r.md"
    rubric.write_bytes("- Exactly three lines\n- Is about spring\n".encode("utf-8-sig"))
    assert main(["run", "--no-store", "--example", "haiku", "--rubric-file", str(rubric), "--jsonl"]) in (0, 1)
    started = json.loads(capsys.readouterr().out.splitlines()[0])
    assert started["data"]["config"]["rubric"].startswith("- Exactly three lines")


# ---- 8. messages say the cause ---------------------------------------------------------------------


def test_a_what_if_with_a_failing_grader_names_the_cause_and_concludes_nothing(
    store: Store, haiku: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with StubOpenAI(status=500) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-123")
        report = what_if(store, haiku, grader="openai:gpt-4o-mini")
        summary = report.summary()
        assert "HTTP 500" in summary and "says nothing about where the loop would stop" in summary
        assert "never be satisfied" not in summary and "would stop at" not in summary
        assert main(["regrade", haiku, "--grader", "openai:gpt-4o-mini"]) == 1
    out, err = capsys.readouterr()
    assert "never be satisfied" not in out + err and "HTTP 500" in err and "Traceback" not in err


def test_a_failed_langsmith_upload_says_its_whole_cause_on_stderr_and_exits_1(
    store: Store, haiku: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import langsmith

    cause = "LangSmith refused the dataset: " + "details " * 60 + "THE END"

    class Refusing:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def has_dataset(self, **kwargs: Any) -> bool:
            raise RuntimeError(cause)

    monkeypatch.setattr(langsmith, "Client", Refusing)
    monkeypatch.setenv("LANGSMITH_API_KEY", "ls-test-key-0123456789")
    code = main(["export", "--format", "langsmith", "--out", str(tmp_path / "ls.jsonl")])
    out, err = capsys.readouterr()
    assert code == 1
    assert "upload failed" in err and "THE END" in err and "upload failed" not in out
    assert "ls-test-key-0123456789" not in out + err
    assert (tmp_path / "ls.jsonl").exists()  # the file is kept


def test_the_runs_table_shows_the_whole_model_spec(
    store: Store, engine: Engine, capsys: pytest.CaptureFixture[str]
) -> None:
    engine.execute(example_config("haiku", model="offline:writer?latency=0.01"), subscribers=[store.record])
    assert main(["runs"]) == 0
    assert "offline:writer?latency=0.01" in capsys.readouterr().out


# ---- 4. a failed export leaves no file behind ------------------------------------------------------


def test_an_export_that_fails_half_way_leaves_no_file_and_one_line(
    store: Store, haiku: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import rubric_core.exports.writers as writers

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the database went away half way")
        yield  # a generator, as the real one

    monkeypatch.setattr(writers, "read_batches", failing)
    out = tmp_path / "o.jsonl"
    assert main(["export", "--format", "jsonl", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert not out.exists(), "an empty or partial export is not left behind"
    assert next(line for line in err.splitlines() if line.strip()).startswith("error: Unexpected failure")
    assert "Traceback" not in err


@pytest.mark.parametrize("failure", ["http-500", "garbage"])
def test_a_repeat_with_a_failing_grader_names_the_cause_and_exits_1(
    store: Store, haiku: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], failure: str
) -> None:
    """`regrade --repeat 3` printed 'results: grader_error, grader_error, grader_error', no cause, and exit 0."""
    from langchain_core.messages import AIMessage

    words = StubOpenAI(lambda messages, body: AIMessage(content="no verdict here, just words"))
    stub = StubOpenAI(status=500) if failure == "http-500" else words
    with stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-123")
        assert main(["regrade", haiku, "--repeat", "3", "--grader", "openai:gpt-4o-mini"]) == 1
        out, err = capsys.readouterr()
        assert "results: grader_error, grader_error, grader_error" in out
        assert "the grader FAILED on every grading" in err
        cause = "HTTP 500 from the grader's provider" if failure == "http-500" else "could not be read as a verdict"
        assert cause in err and "Traceback" not in err
        assert main(["regrade", haiku, "--repeat", "2", "--grader", "openai:gpt-4o-mini", "--jsonl"]) == 1
        out, err = capsys.readouterr()
        assert json.loads(out)["failures"] and cause in err


def test_importing_a_parquet_export_says_import_reads_a_jsonl_export(
    store: Store, haiku: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`import` of a Parquet file said 'is not UTF-8 text: save it as UTF-8'."""
    assert main(["export", "--format", "parquet", "--out", str(tmp_path / "pq")]) == 0
    capsys.readouterr()
    for target in (tmp_path / "pq" / "runs" / "runs.parquet", tmp_path / "pq"):
        assert main(["import", str(target)]) == 2
        err = capsys.readouterr().err
        assert "export --format jsonl" in err and "save it as UTF-8" not in err, err
    (tmp_path / "latin1.jsonl").write_bytes("caf\xe9\n".encode("latin-1"))
    assert main(["import", str(tmp_path / "latin1.jsonl")]) == 2
    assert "export --format jsonl" in capsys.readouterr().err
