"""Issue 41 items 4 and 7, datasets: what a dataset file got wrong is refused with its row and the fix, before a
suite run is stored (a key twice, an inline file climbing out, nesting too deep, UTF-16, an Arrow IPC file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rubric_core.suites.datasets import DatasetError, load_dataset


def test_a_row_with_the_task_key_twice_is_refused_not_read_as_its_last(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text('{"id": "a", "task": "Write a poem.", "task": "Delete everything."}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match=r"row 1 \(line 1\): duplicate key 'task'"):
        load_dataset(path)


def test_an_inline_file_that_climbs_out_is_refused_up_front_as_the_folder_form_is(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    row = {"id": "a", "task": "Fix the code.", "files": {"../../escape.txt": "x"}}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"'\.\./\.\./escape\.txt'.*may not hold '\.\.'"):
        load_dataset(path)


def test_deep_nesting_names_the_row_and_the_depth_limit_never_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    deep = '{"id": "a", "task": "t", "metadata": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}\n"
    path.write_text(deep, encoding="utf-8")
    with pytest.raises(DatasetError, match=r"row 1 \(line 1\): metadata\.x.*deeper than 100 levels"):
        load_dataset(path)


@pytest.mark.parametrize("encoding", ["utf-16-be", "utf-16-le"])
def test_a_utf16_file_without_a_byte_order_mark_is_said_to_look_like_utf16(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "d.jsonl"
    path.write_bytes('{"id": "a", "task": "Write a poem."}\n'.encode(encoding))
    with pytest.raises(DatasetError, match="looks like UTF-16"):
        load_dataset(path)


def test_an_arrow_ipc_file_without_a_task_column_says_so(tmp_path: Path) -> None:
    import pyarrow as pa

    table = pa.table({"id": ["a"], "prompt": ["Write a poem."]})
    path = tmp_path / "d.arrow"
    with pa.OSFile(str(path), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)
    with pytest.raises(DatasetError, match=r"no `task` column \(columns found: id, prompt\)"):
        load_dataset(path)
    stream = tmp_path / "s.arrow"
    table = pa.table({"id": ["a"], "task": ["Write a poem."]})
    with pa.OSFile(str(stream), "wb") as sink, pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    assert [i.task for i in load_dataset(stream).items] == ["Write a poem."]
