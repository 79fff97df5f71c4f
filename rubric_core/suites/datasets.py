"""Suite datasets: typed items loaded from JSONL, CSV, Parquet, Hugging Face or LangSmith.

Every source becomes the same list of `SuiteItem`s through `items_from_records`,
which checks each row and names the first bad one, so a file that is not a
dataset is refused with a message saying what to fix, never a traceback.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rubric_core.suites.dataset_files import (
    DatasetError,
    csv_records,
    hf_records,
    json_records,
    jsonl_records,
    parquet_records,
    refuse_utf16,
)

MAX_ITEMS = 10_000
TASK_KEYS = ("task",)
RESERVED = ("id", "task", "reference", "metadata", "files")


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
        from rubric_core.projects.project_file import ProjectError
        from rubric_core.projects.seed_files import inline_files

        try:
            inline_files(value, f"{source}, row {n}")  # the rule a run applies to them, now rather than mid-suite
        except ProjectError as exc:
            raise DatasetError(f"{exc} Fix the row; nothing was run or stored.") from None
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
            records: Iterable[Any] = hf_records(p)
        elif suffix in (".jsonl", ".json", ".csv"):
            refuse_utf16(p)
            records = {".jsonl": jsonl_records, ".json": json_records, ".csv": csv_records}[suffix](p)
        elif suffix == ".parquet":
            records = parquet_records(p)
        elif suffix == ".arrow":
            records = hf_records(p)
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
