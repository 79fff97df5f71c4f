"""Import a run-level JSONL export into the store, all or nothing: the file checked as a whole, then written.

`check_import` reads every line (as bytes, so a line is what ends in a newline and nothing else: U+2028 or a NEL
inside a text never moves a line number), checks each record (import_check.py: the schema, then what it means,
import_meaning.py) and the records against each other and the store (import_whole.py), and reads only.
`write_import` then records each run as the events the engine would have emitted (import_events.py), through the
store's normal event path, in one transaction: export -> import -> export gives the same records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rubric_core.events import RunEvent
from rubric_core.exports.import_check import RecordError, check_record, parse_line
from rubric_core.exports.import_events import ImportError_, events_from_record, restored_fields
from rubric_core.exports.import_whole import FileCheck
from rubric_core.json_text import utf16_hint
from rubric_core.store import Store

__all__ = ["CheckedImport", "ImportError_", "ImportResult", "check_import", "import_runs", "write_import"]


@dataclass
class ImportResult:
    """What an import did."""

    imported: int
    skipped: int
    """Runs already in the store (same id), left as they were."""
    notes: list[str] = field(default_factory=list)
    """What it did that the file did not ask for (runs skipped, runs imported outside a stored suite run)."""


IMPORT_READS = (
    "import reads the run-level JSON lines that `rubric-studio export --format jsonl --out FILE` writes (UTF-8 text, "
    "one run a line); the other formats (Parquet, CSV, pairs, grader, calibration) are for analysis and are not "
    "read back."
)
_MAGIC = (
    (b"PAR1", "a Parquet file"),
    (b"ARROW1", "an Arrow file"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"PK\x03\x04", "a zip archive (or a spreadsheet)"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"\x89PNG", "a PNG image"),
    (b"%PDF", "a PDF document"),
)


def binary_kind(path: Path) -> str:
    """What a file is when its first bytes say it is a known binary format ("" for anything else)."""
    try:
        with path.open("rb") as f:
            head = f.read(16)
    except OSError:
        return ""  # reading it below says why
    return next((kind for magic, kind in _MAGIC if head.startswith(magic)), "")


@dataclass
class CheckedImport:
    """An import file read and checked as a whole: each run's events and restored fields, and what will be said."""

    path: Path
    parsed: list[tuple[list[RunEvent], str, dict[str, Any]]]
    notes: list[str] = field(default_factory=list)
    """What the import does that the file did not ask for (a run already stored, skipped), said after it."""


def check_import(store: Store, path: str | Path) -> CheckedImport:
    """Read and check every line of a run-level JSONL file, and the file as a whole, against the store too.

    Reads only; ImportError_ names the first problem (its line). `write_import` then stores what was checked.
    """
    from rubric_core.files import IMPORT_FILE_LIMIT, FileProblem, check_file

    p = Path(path)
    if p.is_dir():
        raise ImportError_(
            f"{p} is a folder (a Parquet export is one), not a run export that import reads. {IMPORT_READS}"
        )
    try:
        check_file(p, "import", IMPORT_FILE_LIMIT)  # a device or a huge file, refused before it is read
    except FileProblem as exc:
        raise ImportError_(str(exc)) from None
    kind = binary_kind(p)
    if kind:
        raise ImportError_(f"{p} is {kind}, not a run export that import reads. {IMPORT_READS}")
    parsed: list[tuple[list[RunEvent], str, dict[str, Any]]] = []
    whole = FileCheck()
    try:
        with p.open("rb") as f:
            for n, raw in enumerate(f, 1):
                text = _line_text(raw, n, p)
                if not text.strip():
                    continue
                # Every line is checked in full (schema and meaning) before anything is written.
                try:
                    record = parse_line(text, n)
                    check_record(record, n)
                    whole.add(record, n)
                except RecordError as exc:
                    raise ImportError_(str(exc)) from None
                parsed.append((events_from_record(record, n), p.name, restored_fields(record, n)))
    except OSError as exc:
        raise ImportError_(f"Cannot read {p}: {exc.strerror or exc}.") from None
    if not parsed:
        raise ImportError_(
            f"{p} is empty: it holds no runs (only blank lines, or nothing). Export runs with "
            "`python -m rubric_core export --format jsonl`."
        )
    try:
        notes = whole.check(store)
    except RecordError as exc:
        raise ImportError_(str(exc)) from None
    return CheckedImport(p, parsed, notes)


def _line_text(raw: bytes, n: int, path: Path) -> str:
    """One line's text: UTF-8 (a byte order mark dropped on line 1 only); ImportError_ names the line otherwise."""
    if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif (n == 1 and raw.startswith((b"\xff\xfe", b"\xfe\xff"))) or (n == 1 and utf16_hint(raw)):
        msg = (
            f"{path} looks like {utf16_hint(raw) or 'UTF-16'} text, not UTF-8. {IMPORT_READS} Save it as UTF-8 "
            "(most editors: Save as, Encoding UTF-8)."
        )
        raise ImportError_(msg)
    if raw.startswith(b"\xef\xbb\xbf"):
        msg = (
            f"line {n}: starts with a byte order mark, which only a file's first line may: two exports joined? "
            "Remove it (or import each file on its own)."
        )
        raise ImportError_(msg)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = (
            f"line {n}: byte {exc.start + 1} of the line ({raw[exc.start : exc.start + 3]!r}) is not UTF-8 text. "
            f"{IMPORT_READS} If it is such a file, save it as UTF-8."
        )
        raise ImportError_(msg) from None


def write_import(store: Store, checked: CheckedImport) -> ImportResult:
    """Store the runs of a checked import file, in one transaction (a run already stored is skipped)."""
    imported, skipped = store.import_runs(checked.parsed)
    return ImportResult(imported, skipped, list(checked.notes))


def import_runs(store: Store, path: str | Path) -> ImportResult:
    """Import every run of a run-level JSONL file, in one transaction, after checking the whole file."""
    return write_import(store, check_import(store, path))
