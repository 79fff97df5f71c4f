"""Suite datasets: typed items loaded from JSONL, CSV, Parquet, Hugging Face or LangSmith.

Every source becomes the same list of `SuiteItem`s through `items_from_records`,
which checks each row and names the first bad one, so a file that is not a
dataset is refused with a message saying what to fix, never a traceback.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_ITEMS = 10_000
TASK_KEYS = ("task",)
RESERVED = ("id", "task", "reference", "metadata", "files")


class DatasetError(ValueError):
    """The dataset cannot be used; the message names the file, the row and the fix."""


@dataclass(frozen=True)
class SuiteItem:
    """One task of a suite."""

    id: str
    """Stable item id (from the `id` column, else the row number from 1)."""

    task: str
    """The user message given to the working agent."""

    reference: str = ""
    """An expected answer the grader may see (empty: none)."""

    metadata: dict[str, Any] = field(default_factory=dict)
    """Any other columns, JSON types only."""

    files: str | dict[str, str] = ""
    """The item's own files for the agent's state: a folder or file inside the project (relative path), or
    {path: text} inline; empty: only the agent's own files."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        out = {"id": self.id, "task": self.task, "reference": self.reference, "metadata": dict(self.metadata)}
        if self.files:
            out["files"] = self.files
        return out


@dataclass(frozen=True)
class Dataset:
    """A named list of items."""

    name: str
    items: tuple[SuiteItem, ...]

    @property
    def hash(self) -> str:
        """Content hash of ids and tasks: two suite runs compare item by item when it matches."""
        h = hashlib.sha256()
        for item in self.items:
            key = [item.id, item.task, item.files] if item.files else [item.id, item.task]
            h.update(json.dumps(key, ensure_ascii=False, sort_keys=True).encode())
        return h.hexdigest()[:16]


def _clean(value: Any) -> Any:
    """NaN and pandas/numpy scalars to plain JSON values."""
    if value is None:
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            value = value.item()
        except (ValueError, AttributeError):
            pass
    if isinstance(value, float) and math.isnan(value):
        return None
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def _item_files(value: Any, source: str, n: int) -> str | dict[str, str]:
    """An item's `files`: a relative path in the project, or {path: text} (also as JSON text, from a CSV cell)."""
    if value in (None, ""):
        return ""
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            msg = f'{source}, row {n}: `files` starts like a JSON object but is not one; write {{"path": "text"}}.'
            raise DatasetError(msg) from None
    if isinstance(value, str):
        path = Path(value.strip())
        if path.is_absolute() or ".." in path.parts:
            msg = f"{source}, row {n}: `files` must be a path inside the project, relative to it, without '..'."
            raise DatasetError(msg)
        return value.strip()
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return dict(value)
    msg = f"{source}, row {n}: `files` must be a folder inside the project or an object of path: text."
    raise DatasetError(msg)


def items_from_records(records: Iterable[Mapping[str, Any]], source: str) -> list[SuiteItem]:
    """Validate raw rows (dicts) into items; `source` names the file in messages. Rows count from 1."""
    items: list[SuiteItem] = []
    seen: dict[str, int] = {}
    for n, raw in enumerate(records, start=1):
        if not isinstance(raw, Mapping):
            msg = f"{source}, row {n}: expected an object with a `task` field, got {type(raw).__name__}."
            raise DatasetError(msg)
        row = {str(k): _clean(v) for k, v in raw.items()}
        if "task" not in row:
            found = ", ".join(sorted(row)) or "none"
            msg = (
                f"{source}, row {n}: no `task` column (columns found: {found}). "
                "Each item needs a `task` with the request for the working agent."
            )
            raise DatasetError(msg)
        task = row["task"]
        if not isinstance(task, str):
            msg = f"{source}, row {n}: `task` must be text, got {type(task).__name__} ({task!r:.60})."
            raise DatasetError(msg)
        if not task.strip():
            msg = f"{source}, row {n}: `task` is empty. Write the request for the working agent or drop the row."
            raise DatasetError(msg)
        raw_id = row.get("id")
        if raw_id is None or raw_id == "":
            item_id = str(n)
        elif isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool):
            item_id = str(raw_id).strip()
        else:
            msg = f"{source}, row {n}: `id` must be text or a whole number, got {type(raw_id).__name__}."
            raise DatasetError(msg)
        if item_id in seen:
            msg = f"{source}, row {n}: id {item_id!r} repeats row {seen[item_id]}. Give every item its own id."
            raise DatasetError(msg)
        seen[item_id] = n
        reference = row.get("reference")
        if reference is None:
            reference = ""
        elif not isinstance(reference, str):
            if isinstance(reference, (dict, list)):
                reference = json.dumps(reference, ensure_ascii=False)
            elif isinstance(reference, (int, float)) and not isinstance(reference, bool):
                reference = str(reference)
            else:
                msg = f"{source}, row {n}: `reference` must be text, got {type(reference).__name__}."
                raise DatasetError(msg)
        metadata = row.get("metadata")
        if isinstance(metadata, str) and metadata.strip():
            try:
                metadata = json.loads(metadata)
            except json.JSONDecodeError:
                msg = f'{source}, row {n}: `metadata` is text but not a JSON object; write it as {{"key": "value"}}.'
                raise DatasetError(msg) from None
        if metadata in (None, ""):
            metadata = {}
        if not isinstance(metadata, dict):
            msg = f"{source}, row {n}: `metadata` must be an object (key/value pairs), got {type(metadata).__name__}."
            raise DatasetError(msg)
        extra = {k: v for k, v in row.items() if k not in RESERVED and v is not None}
        try:
            json.dumps(metadata)
            json.dumps(extra)
        except (TypeError, ValueError):
            msg = f"{source}, row {n}: metadata holds values that are not JSON (text, numbers, lists, objects)."
            raise DatasetError(msg) from None
        files = _item_files(row.get("files"), source, n)
        items.append(SuiteItem(id=item_id, task=task, reference=reference, metadata={**extra, **metadata}, files=files))
        if len(items) > MAX_ITEMS:
            msg = f"{source} has more than {MAX_ITEMS:,} items; split it into several suites."
            raise DatasetError(msg)
    if not items:
        msg = f"{source} has no items. Add at least one row with a `task`."
        raise DatasetError(msg)
    return items


def _jsonl_records(path: Path) -> Iterable[dict[str, Any]]:
    # utf-8-sig: a byte order mark (Windows editors write one) is not part of the first line.
    with path.open(encoding="utf-8-sig") as f:
        n = 0
        for line_no, line in enumerate(f, start=1):
            if not line.strip():
                continue
            n += 1
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                msg = (
                    f"{path}, row {n} (line {line_no}): not valid JSON ({exc.msg}). Each line must be one JSON object."
                )
                raise DatasetError(msg) from None
            yield value


def _json_records(path: Path) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError:
        # A .json file with one object per line is JSONL under another name.
        return list(_jsonl_records(path))
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        data = data["items"]
    if not isinstance(data, list):
        msg = f"{path} must hold a list of items (or one JSON object per line), got {type(data).__name__}."
        raise DatasetError(msg)
    return data


def _csv_records(path: Path) -> list[dict[str, Any]]:
    """Rows of a CSV file with a header; a BOM is dropped, a column named twice or a row wider than the
    header (an unquoted comma in a task) is refused rather than read wrong."""
    with path.open(encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if not header or not any(h.strip() for h in header):
            msg = f"{path} is empty: it needs a header row with a `task` column and one row per item."
            raise DatasetError(msg)
        names = [h.strip() for h in header]
        twice = next((n for n in names if n and names.count(n) > 1), None)
        if twice is not None:
            where = ", ".join(str(i + 1) for i, n in enumerate(names) if n == twice)
            msg = (
                f"{path}: the header names the column {twice!r} more than once (columns {where}). "
                "Rename or remove the extra one: which one to use would be a guess."
            )
            raise DatasetError(msg)
        rows = []
        for n, cells in enumerate(reader, start=1):
            if not any(c.strip() for c in cells):
                continue
            if len(cells) > len(names):
                msg = (
                    f"{path}, row {n}: {len(cells)} cells but the header has {len(names)} columns. "
                    "Put a cell that holds a comma in double quotes."
                )
                raise DatasetError(msg)
            rows.append({k: (v if v != "" else None) for k, v in zip(names, cells, strict=False)})
        return rows


def _parquet_records(path: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except Exception as exc:  # noqa: BLE001 -- pyarrow raises several types for a bad file
        msg = f"{path} is not a readable Parquet file: {exc}."
        raise DatasetError(msg) from None
    return table.to_pylist()


def _hf_records(path: Path) -> list[dict[str, Any]]:
    """A `datasets` save_to_disk directory (a DatasetDict takes its `train`, else its only split) or .arrow file."""
    try:
        import datasets as hf
    except ImportError:
        msg = "Loading a Hugging Face dataset needs the `datasets` package: pip install -r requirements.txt."
        raise DatasetError(msg) from None
    try:
        if path.is_dir():
            ds: Any = hf.load_from_disk(str(path))
        else:
            ds = hf.Dataset.from_file(str(path))
    except Exception as exc:  # noqa: BLE001 -- datasets raises many types for a directory it cannot read
        msg = f"{path} is not a Hugging Face dataset saved with save_to_disk: {exc}."
        raise DatasetError(msg) from None
    if isinstance(ds, hf.DatasetDict):
        splits = list(ds)
        if "train" in ds:
            ds = ds["train"]
        elif len(splits) == 1:
            ds = ds[splits[0]]
        else:
            msg = f"{path} holds several splits ({', '.join(splits)}); save the one to run with save_to_disk."
            raise DatasetError(msg)
    return list(ds)


def load_dataset(path: str | Path) -> Dataset:
    """Read a dataset file or directory: .jsonl, .json, .csv, .parquet, .arrow, or a save_to_disk directory."""
    p = Path(path)
    if not p.exists():
        msg = f"Dataset {p} does not exist. Give a .jsonl, .csv or .parquet file or a Hugging Face dataset directory."
        raise DatasetError(msg)
    if not p.is_dir():
        from rubric_core.files import DATASET_FILE_LIMIT, FileProblem, check_file

        try:
            check_file(p, "dataset", DATASET_FILE_LIMIT)  # a device or a huge file, refused before it is read
        except FileProblem as exc:
            raise DatasetError(str(exc)) from None
    suffix = p.suffix.lower()
    try:
        if p.is_dir():
            records: Iterable[Any] = _hf_records(p)
        elif suffix == ".jsonl":
            records = _jsonl_records(p)
        elif suffix == ".json":
            records = _json_records(p)
        elif suffix == ".csv":
            records = _csv_records(p)
        elif suffix == ".parquet":
            records = _parquet_records(p)
        elif suffix == ".arrow":
            records = _hf_records(p)
        else:
            msg = (
                f"{p}: unknown dataset format {suffix or '(no suffix)'!r}. Use .jsonl, .json, .csv, .parquet or .arrow."
            )
            raise DatasetError(msg)
        items = items_from_records(records, str(p))
    except UnicodeDecodeError:
        msg = f"{p} is not UTF-8 text."
        raise DatasetError(msg) from None
    except OSError as exc:
        msg = f"Cannot read dataset {p}: {exc.strerror or exc}."
        raise DatasetError(msg) from None
    return Dataset(name=p.stem if p.is_file() else p.name, items=tuple(items))


def load_langsmith_dataset(name: str, *, client: Any = None) -> Dataset:
    """Items from a LangSmith dataset: `inputs.task` (or its only text input) and `outputs` as the reference."""
    import os

    if client is None:
        if not (os.environ.get("LANGSMITH_API_KEY") or os.environ.get("LANGCHAIN_API_KEY")):
            msg = "Loading a LangSmith dataset needs LANGSMITH_API_KEY (and LANGSMITH_ENDPOINT for a self-hosted one)."
            raise DatasetError(msg)
        from langsmith import Client

        client = Client()
    try:
        examples = list(client.list_examples(dataset_name=name))
    except Exception as exc:  # noqa: BLE001 -- network and API errors: report, never a traceback
        from rubric_core.engine.runner import redact

        msg = f"Cannot read LangSmith dataset {name!r}: {type(exc).__name__}: {redact(str(exc)[:300], None)}"
        raise DatasetError(msg) from None
    records = []
    for ex in examples:
        inputs = dict(getattr(ex, "inputs", None) or {})
        outputs = dict(getattr(ex, "outputs", None) or {})
        task = inputs.pop("task", None)
        if task is None:
            texts = [v for v in inputs.values() if isinstance(v, str)]
            task = texts[0] if len(texts) == 1 else None
        reference = outputs.get("reference", outputs.get("output"))
        if reference is None and outputs:
            reference = json.dumps(outputs, ensure_ascii=False)
        records.append(
            {
                "id": str(getattr(ex, "id", "")) or None,
                "task": task,
                "reference": reference,
                "metadata": dict(getattr(ex, "metadata", None) or {}),
            }
        )
    items = items_from_records(
        ({k: v for k, v in r.items() if not (k == "task" and v is None)} for r in records),
        f"LangSmith dataset {name!r}",
    )
    return Dataset(name=name, items=tuple(items))
