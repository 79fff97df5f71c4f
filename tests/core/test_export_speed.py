"""What the export's speed-ups keep: the same records, batch after batch, with the collector and threads restored.

The figures are in bench/RESULTS.md ("Exports"); no test here times anything.
"""

import gc
import json
import threading
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from rubric_core.exports import PARQUET_FRAMES, export_runs, formats, writers
from rubric_core.exports.gc_pause import collector_paused
from rubric_core.exports.json_lines import json_line
from rubric_core.exports.prefetch import prefetched
from rubric_core.store import Store
from tests.core.test_export import varied  # noqa: F401  (runs of every kind: turns, tools, unicode, reviews)

PARQUET_KEYS = {
    "runs": ("run_id",),
    "iterations": ("run_id", "turn", "iteration"),
    "criteria": ("run_id", "turn", "iteration", "position"),
}
JSON_FORMATS = ("jsonl", "grader-jsonl", "pairs", "langsmith", "calibration")


def _standard_lines(path: Path, records) -> int:
    """The writer before orjson: json.dumps(ensure_ascii=False), one record a line."""
    n = 0
    with path.open("w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
            n += 1
    return n


@pytest.mark.parametrize("fmt", JSON_FORMATS)
def test_every_json_format_reads_back_as_the_standard_encoder_wrote_it(
    varied: Store,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fmt: str,
) -> None:
    fast = export_runs(varied, fmt, tmp_path / "fast.jsonl", upload=False)
    with monkeypatch.context() as m:
        m.setattr(writers, "write_json_lines", _standard_lines)
        standard = export_runs(varied, fmt, tmp_path / "standard.jsonl", upload=False)
    assert fast.records == standard.records
    fast_lines = (tmp_path / "fast.jsonl").read_text(encoding="utf-8").splitlines()
    standard_lines = (tmp_path / "standard.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(fast_lines) == len(standard_lines) == fast.records
    if fmt == "pairs":  # a pair per revision that fixed a criterion: the round's writer needs fewer of them
        assert fast.records >= 3
    elif fmt != "calibration":  # the calibration set is only the reviewed cells (a few)
        assert fast.records > 5
    assert [json.loads(x) for x in fast_lines] == [json.loads(x) for x in standard_lines]
    if fmt in ("jsonl", "langsmith"):  # the text as it is, not \\u escapes
        assert "☕" in "".join(fast_lines) and "\\u2615" not in "".join(fast_lines)


@pytest.mark.parametrize(
    "value",
    [
        {"big": 2**70},  # orjson stops at 64 bits
        {"n": -(2**64)},
        {1: "a key that is not text", "b": [1.5, None]},
    ],
)
def test_what_orjson_refuses_is_written_by_the_standard_encoder(value) -> None:
    line = json_line(value)
    assert line == (json.dumps(value, ensure_ascii=False) + "\n").encode()
    assert json.loads(line) == json.loads(json.dumps(value))


def test_json_lines_keep_unicode_and_write_a_non_finite_float_as_null() -> None:
    record = {"text": 'Kaffee ☕ 日本語 "q" \\ \n\u2028', "at": 1e-05, "x": float("nan"), "y": float("-inf")}
    line = json_line(record)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    back = json.loads(line)
    assert back == {"text": record["text"], "at": 1e-05, "x": None, "y": None}
    assert "☕".encode() in line


def test_a_text_that_is_not_utf8_still_fails_as_before() -> None:
    with pytest.raises(UnicodeEncodeError):
        json_line({"t": "half a pair \ud800"})


def test_batches_of_two_write_what_one_batch_writes(
    varied: Store,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Many batches, each read in the reading thread while the one before is written: the same files."""
    runs = varied.count_runs()
    assert runs > 4
    for fmt in ("jsonl", "grader-jsonl", "pairs", "csv", "parquet"):
        name = fmt if fmt == "parquet" else f"{fmt}.out"
        export_runs(varied, fmt, tmp_path / "one" / name, upload=False)
        with monkeypatch.context() as m:
            m.setattr(formats, "BATCH", 2)
            export_runs(varied, fmt, tmp_path / "many" / name, upload=False)
        if fmt == "parquet":  # a row group per batch, criteria in run id order within each batch: the same rows
            for frame in PARQUET_FRAMES:
                one, many = (
                    pq.read_table(tmp_path / d / name / frame / f"{frame}.parquet").sort_by(
                        [
                            (k, "ascending")
                            for k in ("run_id", "turn", "iteration", "position")
                            if k in PARQUET_KEYS[frame]
                        ]
                    )
                    for d in ("one", "many")
                )
                assert one.num_rows > 0 and one.equals(many), frame
        else:
            assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "many" / name).read_bytes(), fmt
    assert not [t for t in threading.enumerate() if t.name == "rubric-studio-export-read"]


def test_prefetched_keeps_the_order_and_at_most_two_items_alive() -> None:
    made: list[int] = []
    taken: list[int] = []

    def source():
        for i in range(6):
            # The item being made, the caller's, and none further ahead.
            assert len(made) <= len(taken) + 1
            made.append(i)
            yield i

    for item in prefetched(source()):
        taken.append(item)
    assert taken == list(range(6))


def test_an_error_making_an_item_is_raised_in_the_caller_where_it_came() -> None:
    def source():
        yield 1
        yield 2
        msg = "the database went away"
        raise OSError(msg)

    got = []
    with pytest.raises(OSError, match="went away"):
        for item in prefetched(source()):
            got.append(item)
    assert got == [1, 2]
    assert not [t for t in threading.enumerate() if t.name == "rubric-studio-export-read"]


def test_a_caller_that_stops_early_stops_the_thread_and_closes_the_source() -> None:
    closed = threading.Event()
    made: list[int] = []

    def source():
        try:
            for i in range(1000):
                made.append(i)
                yield i
        finally:
            closed.set()

    for item in prefetched(source()):
        if item == 2:
            break
    assert closed.is_set()
    assert len(made) <= 4  # 0, 1, 2 taken, at most one made ahead
    assert not [t for t in threading.enumerate() if t.name == "rubric-studio-export-read"]


def test_the_collector_is_paused_only_inside_and_as_it_was_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # a second export at once
            assert not gc.isenabled()
        assert not gc.isenabled()  # the first is still writing
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # left off by whoever turned it off
    finally:
        gc.enable()


def test_an_export_that_fails_leaves_the_collector_on(
    varied: Store,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_a, **_k):
        msg = "disk full"
        raise OSError(msg)

    monkeypatch.setattr(writers, "write_json_lines", broken)
    with pytest.raises(OSError, match="disk full"):
        export_runs(varied, "jsonl", tmp_path / "x.jsonl")
    assert gc.isenabled()
