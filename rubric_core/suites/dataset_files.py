"""Reading a dataset file's rows: JSON lines, JSON, CSV, Parquet, Arrow and Hugging Face save_to_disk folders.

Each reader gives raw rows for `datasets.items_from_records`, or a DatasetError naming the file, the row and
the fix: a key twice in a JSON row, NaN, nesting too deep (json_text.py), a UTF-16 file, a CSV column twice, a
DatasetDict of several splits (which one?), an Arrow IPC file or stream.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rubric_core.json_text import JsonProblem, loads_strict, utf16_hint


class DatasetError(ValueError):
    """The dataset cannot be used; the message names the file, the row and the fix."""


def refuse_utf16(path: Path) -> None:
    """DatasetError when a text dataset looks like UTF-16 (every other byte NUL), which reads as broken JSON."""
    with path.open("rb") as f:
        hint = utf16_hint(f.read(4096))
    if hint:
        msg = f"{path} looks like {hint} text, not UTF-8: save it as UTF-8 (most editors: Save as, Encoding UTF-8)."
        raise DatasetError(msg)


def jsonl_records(path: Path) -> Iterable[dict[str, Any]]:
    # utf-8-sig: a byte order mark (Windows editors write one) is not part of the first line.
    with path.open(encoding="utf-8-sig") as f:
        n = 0
        for line_no, line in enumerate(f, start=1):
            if not line.strip():
                continue
            n += 1
            try:
                value = loads_strict(line)
            except JsonProblem as exc:
                msg = f"{path}, row {n} (line {line_no}): {exc}. Each line must be one JSON object."
                raise DatasetError(msg) from None
            yield value


def json_records(path: Path) -> list[Any]:
    text = path.read_text(encoding="utf-8-sig")
    try:
        data = loads_strict(text)
    except JsonProblem as exc:
        if "not valid JSON" not in str(exc) or "\n" not in text.strip():
            raise DatasetError(f"{path}: {exc}.") from None
        # A .json file with one object per line is JSONL under another name.
        return list(jsonl_records(path))
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        data = data["items"]
    if not isinstance(data, list):
        msg = f"{path} must hold a list of items (or one JSON object per line), got {type(data).__name__}."
        raise DatasetError(msg)
    return data


def csv_records(path: Path) -> list[dict[str, Any]]:
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


def parquet_records(path: Path) -> list[dict[str, Any]]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except Exception as exc:  # noqa: BLE001 -- pyarrow raises several types for a bad file
        msg = f"{path} is not a readable Parquet file: {exc}."
        raise DatasetError(msg) from None
    return table.to_pylist()


def hf_records(path: Path) -> list[dict[str, Any]]:
    """A `datasets` save_to_disk directory (a DatasetDict takes its `train`, else its only split) or .arrow file."""
    try:
        import datasets as hf
    except ImportError:
        msg = "Loading a Hugging Face dataset needs the `datasets` package: pip install -r requirements.txt."
        raise DatasetError(msg) from None
    if not path.is_dir():
        return _arrow_records(path)
    try:
        ds: Any = hf.load_from_disk(str(path))
    except Exception as exc:  # noqa: BLE001 -- datasets raises many types for a directory it cannot read
        msg = f"{path} is not a Hugging Face dataset saved with save_to_disk: {exc}."
        raise DatasetError(msg) from None
    if isinstance(ds, hf.DatasetDict):
        splits = list(ds)
        if len(splits) != 1:
            # Which split is the suite? A guess (train, say) would run the wrong items without a word.
            names = ", ".join(splits) or "none"
            msg = (
                f"{path} is a DatasetDict of several splits ({names}): say which one to run with "
                f"--dataset {path / (splits[0] if splits else 'SPLIT')} (each split is a folder of its own)."
            )
            raise DatasetError(msg)
        ds = ds[splits[0]]
    return list(ds)


def _arrow_records(path: Path) -> list[dict[str, Any]]:
    """Rows of an .arrow file: the Arrow IPC file format (what pyarrow writes) or the stream format (what
    `datasets` caches are)."""
    import pyarrow as pa

    try:
        with path.open("rb") as f:
            magic = f.read(6)
        if magic == b"ARROW1":
            with pa.OSFile(str(path), "rb") as source:
                table = pa.ipc.open_file(source).read_all()
        else:
            with pa.OSFile(str(path), "rb") as source:
                table = pa.ipc.open_stream(source).read_all()
    except (pa.ArrowInvalid, pa.ArrowException, OSError) as exc:
        msg = f"{path} is not a readable Arrow file (IPC file or stream format): {str(exc).splitlines()[0]}."
        raise DatasetError(msg) from None
    return table.to_pylist()
