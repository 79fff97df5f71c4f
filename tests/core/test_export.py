import json
import logging
import os
import subprocess
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest

from rubric_core.engine import Engine
from rubric_core.export import FORMATS, export_runs
from rubric_core.importer import ImportError_, import_runs
from rubric_core.store import SCHEMA_VERSION, RunFilter, Store, open_store
from tests.core.helpers import example_config, run_cli
from tests.stubs.openai_stub import StubOpenAI

ROOT = Path(__file__).resolve().parents[2]
PLANTED = {
    "OPENAI_API_KEY": "sk-planted-openai-7f3a9c",
    "ANTHROPIC_API_KEY": "sk-ant-planted-22b8e1",
    "GOOGLE_API_KEY": "AIza-planted-91c0d4",
    "OPENROUTER_API_KEY": "sk-or-planted-55e2aa",
    "LANGSMITH_API_KEY": "lsv2-planted-0c7d11",
}


@pytest.fixture
def filled(store: Store, engine: Engine) -> Store:
    for name in ("haiku", "photosynthesis", "find-duplicates", "lipogram", "report"):
        engine.execute(example_config(name, rubric_name=name), subscribers=[store.record])
    return store


def test_run_level_jsonl(filled: Store, tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    result = export_runs(filled, "jsonl", out)
    assert result.records == 5
    frame = pd.read_json(out, lines=True)
    assert set(frame.columns) >= {"schema_version", "id", "inputs", "outputs", "metadata"}
    assert set(frame["schema_version"]) == {SCHEMA_VERSION}
    first = json.loads(out.read_text().splitlines()[0])
    assert first["inputs"]["task"] and first["outputs"]["status"] == "satisfied"
    assert first["metadata"]["models"] == {"model": "offline:writer", "grader": "offline:grader"}
    assert all(c["passed"] for c in first["metadata"]["final_criteria"])
    assert len(first["metadata"]["history"]) == first["metadata"]["iterations"]


def test_filters_select_runs(filled: Store, tmp_path: Path) -> None:
    result = export_runs(filled, "jsonl", tmp_path / "x.jsonl", RunFilter(statuses=["max_iterations_reached"]))
    assert result.records == 1
    result = export_runs(filled, "jsonl", tmp_path / "y.jsonl", RunFilter(rubric_name="haiku", rubric_version=1))
    assert result.records == 1


def test_grader_level_and_pairs(filled: Store, tmp_path: Path) -> None:
    export_runs(filled, "grader-jsonl", tmp_path / "g.jsonl")
    graded = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert len(graded) == sum(r["iterations"] for r in filled.list_runs())
    assert {"rubric", "draft", "task", "files"} <= set(graded[0]["inputs"])
    assert {"result", "explanation", "criteria"} <= set(graded[0]["outputs"])
    export_runs(filled, "pairs", tmp_path / "p.jsonl")
    pairs = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    assert len(pairs) == sum(r["iterations"] - 1 for r in filled.list_runs())
    haiku = [p for p in pairs if p["task"].startswith("Write a haiku")]
    assert haiku[0]["failing_criteria"][0] == {
        "name": "Exactly three lines",
        "gap": "Has 4 non-empty lines; needs 3.",
        "human_passed": None,
    }
    assert haiku[0]["draft_after"] != haiku[0]["draft_before"]


def test_csv_and_parquet(filled: Store, tmp_path: Path) -> None:
    export_runs(filled, "csv", tmp_path / "c.csv")
    crit = pd.read_csv(tmp_path / "c.csv")
    assert len(crit) == sum(len(filled.criteria([r["id"]])) for r in filled.list_runs())
    assert set(crit["schema_version"]) == {SCHEMA_VERSION}
    result = export_runs(filled, "parquet", tmp_path / "pq")
    assert sorted(p.name for p in result.paths) == ["criteria.parquet", "iterations.parquet", "runs.parquet"]
    runs = pd.read_parquet(tmp_path / "pq" / "runs.parquet")
    assert len(runs) == 5 and str(runs["created_at"].dtype).startswith("datetime64")
    meta = pq.read_schema(tmp_path / "pq" / "criteria.parquet").metadata
    assert meta[b"rubric_studio_schema_version"] == str(SCHEMA_VERSION).encode()
    assert pd.read_parquet(tmp_path / "pq" / "criteria.parquet")["regressed"].dtype == "boolean"


def test_empty_export_is_valid(store: Store, tmp_path: Path) -> None:
    assert export_runs(store, "parquet", tmp_path / "pq").records == 0
    assert pd.read_parquet(tmp_path / "pq" / "runs.parquet").empty
    assert export_runs(store, "jsonl", tmp_path / "e.jsonl").records == 0


def test_exports_load_with_hugging_face_datasets(
    filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    import datasets

    for fmt in ("jsonl", "grader-jsonl", "pairs", "langsmith"):
        export_runs(filled, fmt, tmp_path / f"{fmt}.jsonl")
        ds = datasets.load_dataset(
            "json", data_files=str(tmp_path / f"{fmt}.jsonl"), split="train", cache_dir=str(tmp_path / "hf")
        )
        assert len(ds) > 0
    export_runs(filled, "parquet", tmp_path / "pq")
    ds = datasets.load_dataset(
        "parquet", data_files=str(tmp_path / "pq" / "criteria.parquet"), split="train", cache_dir=str(tmp_path / "hf")
    )
    assert "criterion" in ds.column_names


def test_jsonl_round_trips_through_import(filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "runs.jsonl"
    export_runs(filled, "jsonl", out)
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    result = import_runs(other, out)
    assert (result.imported, result.skipped) == (5, 0)
    again = import_runs(other, out)
    assert (again.imported, again.skipped) == (0, 5)
    assert other.count_runs() == 5
    export_runs(other, "jsonl", tmp_path / "again.jsonl")
    original = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    copied = {r["id"]: r for r in map(json.loads, (tmp_path / "again.jsonl").read_text().splitlines())}
    for run_id, rec in original.items():
        assert copied[run_id]["inputs"] == rec["inputs"]
        assert copied[run_id]["outputs"] == rec["outputs"]
        assert copied[run_id]["metadata"]["final_criteria"] == rec["metadata"]["final_criteria"]
        assert [h["draft"] for h in copied[run_id]["metadata"]["history"]] == [
            h["draft"] for h in rec["metadata"]["history"]
        ]
    assert other.get_run(next(iter(original)))["imported_from"] == "runs.jsonl"


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda lines: [*lines[:2], "{not json", *lines[2:]], "line 3: not valid JSON"),
        (
            lambda lines: [lines[0], json.dumps({**json.loads(lines[1]), "inputs": {"rubric": "- a"}})],
            "line 2: missing inputs.task",
        ),
        (lambda lines: [json.dumps({**json.loads(lines[0]), "schema_version": 999})], "newer"),
        (lambda lines: [lines[0], "[1, 2]"], "line 2: expected a JSON object"),
        (lambda lines: [json.dumps({**json.loads(lines[0]), "outputs": {"status": "great"}})], "not a run status"),
        (lambda lines: [json.dumps({**json.loads(lines[0]), "id": "a`![x](http://e)"})], "line 1: id must be"),
    ],
)
def test_a_malformed_import_is_rejected_whole(
    filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mutate, fragment: str
) -> None:
    out = tmp_path / "runs.jsonl"
    export_runs(filled, "jsonl", out)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(mutate(out.read_text().splitlines())) + "\n")
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "fresh"))
    fresh = open_store()
    with pytest.raises(ImportError_, match=fragment):
        import_runs(fresh, bad)
    assert fresh.count_runs() == 0


def test_planted_secrets_never_reach_store_exports_or_logs(
    store: Store,
    engine: Engine,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    for var, value in PLANTED.items():
        monkeypatch.setenv(var, value)
    caplog.set_level(logging.DEBUG)
    with StubOpenAI() as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        engine.execute(
            example_config("photosynthesis", model="openai:gpt-4o-mini", grader="openai:gpt-4o-mini"),
            subscribers=[store.record],
        )
    with StubOpenAI(status=500) as stub:
        monkeypatch.setenv("OPENAI_BASE_URL", stub.base_url)
        engine.execute(example_config("haiku", grader="openai:gpt-4o-mini", timeout_s=3), subscribers=[store.record])
    engine.execute(
        example_config("report"), subscribers=[store.record], keys={"ANTHROPIC_API_KEY": "sk-ant-session-only-123"}
    )
    for fmt in FORMATS:
        export_runs(store, fmt, tmp_path / "out" / f"export.{fmt}")
    written = [p for p in (tmp_path / "out").rglob("*") if p.is_file()] + [p for p in home.rglob("*") if p.is_file()]
    assert any(p.name == "runs.sqlite" for p in written) and any(p.name == "checkpoints.sqlite" for p in written)
    secrets = [*PLANTED.values(), "sk-ant-session-only-123"]
    for path in written:
        data = path.read_bytes()
        for secret in secrets:
            assert secret.encode() not in data, f"{secret} found in {path}"
    for secret in secrets:
        assert secret not in caplog.text


def test_langsmith_without_a_key_writes_the_file_and_says_so(filled: Store, tmp_path: Path) -> None:
    result = export_runs(filled, "langsmith", tmp_path / "ls.jsonl")
    assert "Not uploaded: set LANGSMITH_API_KEY" in result.message
    example = json.loads((tmp_path / "ls.jsonl").read_text().splitlines()[0])
    assert set(example) == {"inputs", "outputs", "metadata"}


def test_cli_export_and_import(filled: Store, home: Path, tmp_path: Path) -> None:
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home)}

    def cli(*args: str, env=env) -> subprocess.CompletedProcess:
        return run_cli(*args, env=env)

    out = cli("export", "--format", "jsonl", "--out", str(tmp_path / "a.jsonl"), "--status", "satisfied")
    assert out.returncode == 0 and "exported 4 records" in out.stdout
    other = {**env, "RUBRIC_STUDIO_HOME": str(tmp_path / "b")}
    assert "imported 4 runs" in cli("import", str(tmp_path / "a.jsonl"), env=other).stdout
    (tmp_path / "bad.jsonl").write_text("{}\n")
    bad = cli("import", str(tmp_path / "bad.jsonl"), env=other)
    assert bad.returncode == 2 and "line 1: missing schema_version" in bad.stderr and "Traceback" not in bad.stderr


def test_langsmith_upload_against_a_local_stub(filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.stubs.langsmith_stub import StubLangSmith

    with StubLangSmith() as ls:
        monkeypatch.setenv("LANGSMITH_API_KEY", "lsv2-planted-upload")
        monkeypatch.setenv("LANGSMITH_ENDPOINT", ls.url)
        result = export_runs(filled, "langsmith", tmp_path / "ls.jsonl", langsmith_dataset="rubric-evals")
    assert "uploaded 5 examples to LangSmith dataset 'rubric-evals'" in result.message
    assert [d["name"] for d in ls.datasets.values()] == ["rubric-evals"]
    assert len(ls.examples) == 5 and {"task", "rubric"} <= set(ls.examples[0]["inputs"])
    assert "lsv2-planted-upload" in ls.api_keys
    assert "lsv2-planted-upload" not in result.message
