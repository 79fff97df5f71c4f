"""Reading files a user names: only regular files, never more than a stated limit, UTF-8 with or without a BOM.

A rubric, a task, a config, a dataset or an import file is read whole (or
streamed) by the command line and the pages. A device (/dev/zero, /dev/urandom),
a pipe or a file of several gigabytes would exhaust memory or block for ever;
each is refused before it is read, with the limit in the message. Text files
written by Windows tools often start with a UTF-8 byte order mark: it is not
part of the text and is dropped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

KiB, MiB = 1024, 1024 * 1024
TASK_FILE_LIMIT = 256 * KiB
RUBRIC_FILE_LIMIT = 64 * KiB
CONFIG_FILE_LIMIT = 1 * MiB
DATASET_FILE_LIMIT = 256 * MiB
IMPORT_FILE_LIMIT = 1024 * MiB


class FileProblem(ValueError):
    """The file cannot be read as asked; the message names it, says why and what to do."""


def size_text(n: int) -> str:
    """1,024 bytes as '1 KiB', 268,435,456 as '256 MiB' (the limits are whole units)."""
    for unit, size in (("GiB", 1024 * MiB), ("MiB", MiB), ("KiB", KiB)):
        if n >= size and n % size == 0:
            return f"{n // size} {unit}"
    return f"{n:,} bytes"


def check_file(path: str | Path, what: str, limit: int) -> Path:
    """The path of a regular file of at most `limit` bytes; FileProblem (with the limit) otherwise."""
    p = Path(path).expanduser()
    try:
        info = os.stat(p)
    except OSError as exc:
        msg = f"Cannot read {what} file {p}: {exc.strerror or exc}."
        raise FileProblem(msg) from None
    if stat.S_ISDIR(info.st_mode):
        msg = f"Cannot read {what} file {p}: it is a directory. Give a file."
        raise FileProblem(msg)
    if not stat.S_ISREG(info.st_mode):
        msg = f"{what.capitalize()} file {p} is not a regular file (a device, a pipe or a socket): give a file on disk."
        raise FileProblem(msg)
    if info.st_size > limit:
        msg = (
            f"{what.capitalize()} file {p} is {size_text_approx(info.st_size)}; the limit is {size_text(limit)}. "
            "Shorten it or split it."
        )
        raise FileProblem(msg)
    return p


def size_text_approx(n: int) -> str:
    """A file size as people read it: '3.2 GiB', '512 KiB', '900 bytes'."""
    for unit, size in (("GiB", 1024 * MiB), ("MiB", MiB), ("KiB", KiB)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n:,} bytes"


def read_text(path: str | Path, what: str, limit: int) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes (a leading BOM dropped); FileProblem otherwise.

    Reads at most `limit + 1` bytes whatever the file claims to be, so a file growing meanwhile cannot
    get past the limit either.
    """
    p = check_file(path, what, limit)
    try:
        with p.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        msg = f"Cannot read {what} file {p}: {exc.strerror or exc}."
        raise FileProblem(msg) from None
    if len(data) > limit:
        msg = f"{what.capitalize()} file {p} is over the limit of {size_text(limit)}. Shorten it or split it."
        raise FileProblem(msg)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        msg = f"{what.capitalize()} file {p} is not UTF-8 text (byte {exc.start} cannot be decoded): save it as UTF-8."
        raise FileProblem(msg) from None
