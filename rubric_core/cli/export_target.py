"""Where an export may be written, and what the command line says of an export: checked before, cleaned after.

An --out that cannot receive the format (a directory, a file named for another kind of file, a system
folder) is refused before anything is read; an export that fails half way removes what it began; a part
that failed (the LangSmith upload) is said on stderr with exit 1. Shared by `export` and `suite export`.
"""

from __future__ import annotations

from typing import Any

from rubric_core.cli.common import EXIT_OK, EXIT_OTHER, BadInput


def export_target_problem(fmt: str, out: str) -> str | None:
    """Why `out` cannot receive a `fmt` export (checked before anything is read or written), else None."""
    import os
    from pathlib import Path

    if not out.strip():
        return "--out is empty: give the file to write (a folder for --format parquet)."
    if "\x00" in out:
        return "--out holds a NUL character, which no file name can hold: give the file to write."
    from rubric_core.cli.common import MAX_NAME_BYTES, MAX_PATH_BYTES

    encoded = os.fsencode(out)
    if len(encoded) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES for part in encoded.split(b"/")):
        return f"--out {out[:40]!r}... is too long for a file name: give a shorter one."
    p = Path(out).expanduser()
    if p.is_symlink() and not p.exists():
        return f"--out {p} is a link to nothing ({os.readlink(p)}): writing it would create a file elsewhere. Give a plain path."
    if p.exists() and not p.is_dir() and not p.is_file():
        return f"--out {p} is not a regular file (a pipe, a socket or a device): give a file path to write."
    if fmt == "parquet":
        if p.exists() and not p.is_dir():
            return f"--out {p} is a file; a parquet export writes a folder of files. Give a folder path."
        folder = p
    else:
        if p.is_dir():
            return f"--out {p} is a directory; a {fmt} export writes one file. Give a file path, e.g. {p / ('runs.csv' if fmt == 'csv' else 'runs.jsonl')}."
        if p.exists() and not os.access(p, os.W_OK):
            return f"--out {p} exists and cannot be written (permission denied). Choose another path."
        folder = p.parent
    suffix = _suffix_problem(fmt, out)
    if suffix:
        return suffix
    ancestor = folder
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"--out {p}: {ancestor} is a file, so the folder cannot be created. Choose another path."
    if ancestor.resolve().parts[1:2] in (("proc",), ("sys",)):
        return f"--out {p} is inside {ancestor}, a system folder that cannot hold files. Choose another path."
    if not os.access(ancestor, os.W_OK | os.X_OK):
        return f"--out {p}: cannot write in {ancestor} (permission denied). Choose a folder you can write."
    return None


_FILE_KINDS = {
    ".csv": "CSV",
    ".tsv": "TSV",
    ".jsonl": "JSONL",
    ".ndjson": "JSONL",
    ".json": "JSONL",
    ".parquet": "Parquet",
}
_FORMAT_KINDS = {"csv": ("CSV",), "parquet": ("Parquet",)}
"""What each format writes (every other format writes JSONL), to refuse an --out named for another kind of file."""


def _suffix_problem(fmt: str, out: str) -> str | None:
    from pathlib import Path

    p = Path(out)
    kind = _FILE_KINDS.get(p.suffix.lower())
    writes = _FORMAT_KINDS.get(fmt, ("JSONL",))
    if kind is None or kind in writes:
        return None
    better = p.with_suffix(".csv" if writes[0] == "CSV" else ".jsonl" if writes[0] == "JSONL" else "")
    alt = " or --format csv for a CSV file" if writes[0] == "JSONL" and kind in ("CSV", "TSV") else ""
    return (
        f"--out {p} ends in {p.suffix}, but --format {fmt} writes {writes[0]}: name it {better}{alt}. "
        "Nothing was written."
    )


class writing_export:
    """Around an export: a failure removes what it had begun to write (a new file or folder), then says why."""

    def __init__(self, out: str) -> None:
        from pathlib import Path

        self.out = Path(out).expanduser()
        self.existed = self.out.exists()

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: BaseException | None, tb: Any) -> None:
        if exc is None:
            return
        if not self.existed and self.out.exists():
            import shutil

            if self.out.is_dir():
                shutil.rmtree(self.out, ignore_errors=True)
            else:
                self.out.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            msg = f"Cannot write the export to {exc.filename or self.out}: {exc.strerror or exc}. Choose another --out."
            raise BadInput(msg) from None


def report_export(result: Any, fmt: str) -> int:
    """Print what an export wrote; a part that failed (the LangSmith upload) on stderr, exit 1."""
    import sys

    print(f"exported {result.records} records ({fmt}) to " + ", ".join(str(p) for p in result.paths))
    if result.message and getattr(result, "failed", False):
        print(f"error: {result.message}", file=sys.stderr)
        return EXIT_OTHER
    if result.message:
        print(result.message)
    return EXIT_OK
