"""Loading suite datasets from every source, and the messages for files that are not datasets."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from rubric_core.suites.datasets import DatasetError, load_dataset, load_langsmith_dataset
from rubric_core.suites.example import example_dataset

ROWS = [
    {"id": "a", "task": "Write a poem about rain.", "reference": "Rain falls.", "metadata": {"topic": "rain"}},
    {"id": "b", "task": "Write a poem about snow.", "level": "easy"},
    {"task": "Write a poem about fog."},
]


def _jsonl(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _check_items(ds) -> None:
    assert [i.id for i in ds.items] == ["a", "b", "3"]
    assert ds.items[0].reference == "Rain falls." and ds.items[0].metadata == {"topic": "rain"}
    assert ds.items[1].metadata == {"level": "easy"} and ds.items[1].reference == ""
    assert ds.items[2].task == "Write a poem about fog."


def test_jsonl(tmp_path: Path) -> None:
    ds = load_dataset(_jsonl(tmp_path / "tasks.jsonl", ROWS))
    _check_items(ds)
    assert ds.name == "tasks" and len(ds.hash) == 16


def test_json_list(tmp_path: Path) -> None:
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(ROWS), encoding="utf-8")
    _check_items(load_dataset(path))


def test_csv(tmp_path: Path) -> None:
    path = tmp_path / "tasks.csv"
    path.write_text(
        'id,task,reference,metadata,level\na,Write a poem about rain.,Rain falls.,"{""topic"": ""rain""}",\n'
        "b,Write a poem about snow.,,,easy\n,Write a poem about fog.,,,\n",
        encoding="utf-8",
    )
    _check_items(load_dataset(path))


def test_parquet(tmp_path: Path) -> None:
    import pandas as pd

    path = tmp_path / "tasks.parquet"
    frame = pd.DataFrame(
        [
            {"id": "a", "task": "Write a poem about rain.", "reference": "Rain falls.", "level": None},
            {"id": "b", "task": "Write a poem about snow.", "reference": None, "level": "easy"},
            {"id": None, "task": "Write a poem about fog.", "reference": None, "level": None},
        ]
    )
    frame.to_parquet(path)
    ds = load_dataset(path)
    assert [i.id for i in ds.items] == ["a", "b", "3"]
    assert ds.items[1].metadata == {"level": "easy"} and ds.items[0].reference == "Rain falls."


def test_hugging_face_save_to_disk_and_arrow_file(tmp_path: Path) -> None:
    import datasets as hf

    rows = [{"id": "a", "task": "Write a poem about rain."}, {"id": "b", "task": "Write a poem about snow."}]
    hf.Dataset.from_list(rows).save_to_disk(str(tmp_path / "single"))
    assert [i.id for i in load_dataset(tmp_path / "single").items] == ["a", "b"]
    hf.DatasetDict({"train": hf.Dataset.from_list(rows), "test": hf.Dataset.from_list(rows[:1])}).save_to_disk(
        str(tmp_path / "dict")
    )
    # Which split is the suite is asked, never guessed (it used to run `train` without a word).
    with pytest.raises(DatasetError, match=r"several splits \(train, test\).*--dataset .*dict/train"):
        load_dataset(tmp_path / "dict")
    assert len(load_dataset(tmp_path / "dict" / "train").items) == 2
    arrow = next((tmp_path / "single").glob("*.arrow"))
    assert [i.task for i in load_dataset(arrow).items] == [r["task"] for r in rows]


def test_langsmith_dataset_through_a_client() -> None:
    examples = [
        SimpleNamespace(
            id="e1", inputs={"task": "Write a poem about rain."}, outputs={"reference": "Rain."}, metadata={}
        ),
        SimpleNamespace(id="e2", inputs={"question": "Write a poem about snow."}, outputs={}, metadata={"k": 1}),
    ]
    client = SimpleNamespace(list_examples=lambda dataset_name: iter(examples))
    ds = load_langsmith_dataset("poems", client=client)
    assert [(i.id, i.task, i.reference) for i in ds.items] == [
        ("e1", "Write a poem about rain.", "Rain."),
        ("e2", "Write a poem about snow.", ""),
    ]
    assert ds.items[1].metadata == {"k": 1}


def test_langsmith_without_a_key_says_which_variable() -> None:
    with pytest.raises(DatasetError, match="LANGSMITH_API_KEY"):
        load_langsmith_dataset("poems")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("t.jsonl", '{"task": "ok"}\n{"prompt": "no task"}\n', r"row 2: no `task` column \(columns found: prompt\)"),
        ("t.jsonl", "", "has no items"),
        ("t.jsonl", "\n\n", "has no items"),
        ("t.csv", "", "is empty: it needs a header row"),
        ("t.csv", "id,prompt\n1,hello\n", "row 1: no `task` column"),
        ("t.jsonl", '{"task": "ok"}\n{"task": 42}\n', r"row 2: `task` must be text, got int"),
        ("t.jsonl", '{"task": "  "}\n', "row 1: `task` is empty"),
        ("t.jsonl", '{"task": "ok"}\n{"task": "x"\n', r"row 2 \(line 2\): not valid JSON"),
        ("t.jsonl", '{"task": "ok", "metadata": [1]}\n', "row 1: `metadata` must be an object"),
        ("t.jsonl", '{"id": "x", "task": "a"}\n{"id": "x", "task": "b"}\n', "row 2: id 'x' repeats row 1"),
        ("t.jsonl", '{"id": [1], "task": "a"}\n', "row 1: `id` must be text"),
        ("t.jsonl", "[1, 2]\n", "row 1: expected an object"),
        ("t.json", '{"task": "a"}', "must hold a list of items"),
        ("t.txt", "task\n", "unknown dataset format '.txt'"),
        ("t.parquet", "not parquet", "is not a readable Parquet file"),
    ],
)
def test_files_that_are_not_datasets(tmp_path: Path, name: str, content: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DatasetError, match=message):
        load_dataset(path)


def test_missing_file_and_non_dataset_directory(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="does not exist"):
        load_dataset(tmp_path / "nope.jsonl")
    (tmp_path / "folder").mkdir()
    with pytest.raises(DatasetError, match="is not a Hugging Face dataset saved with save_to_disk"):
        load_dataset(tmp_path / "folder")


def test_parquet_with_wrong_types_names_the_row(tmp_path: Path) -> None:
    import pandas as pd

    path = tmp_path / "bad.parquet"
    pd.DataFrame({"task": [1.5, 2.5]}).to_parquet(path)
    with pytest.raises(DatasetError, match=r"row 1: `task` must be text, got float"):
        load_dataset(path)


def test_bundled_dataset_has_at_least_twenty_items() -> None:
    ds = example_dataset()
    assert len(ds.items) >= 20 and len({i.id for i in ds.items}) == len(ds.items)


def test_the_readme_lists_every_field_of_a_dataset_item() -> None:
    """The README named no item field: a user had to read the source to learn `reference` and `files`."""
    from rubric_core.suites.datasets import RESERVED
    from tests.core.helpers import ROOT

    readme = (ROOT / "README.md").read_text()
    for name in RESERVED:
        assert f"| `{name}` |" in readme, name
