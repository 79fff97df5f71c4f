"""A store the user cannot write can still be listed, shown and exported; writing is refused clearly.

The suite runs as root, where file modes do not block writes, so the reader is
simulated: as root, the CLI runs in a subprocess in a private mount namespace where
the store's folder is a read-only bind mount (the kernel refuses every write, root's
too; `nobody` could not be used, since a clone in a private folder is unreadable to
it); as any other user, the store's folder and file are made read-only.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.helpers import ROOT
from tests.core.test_bad_inputs import line, valid_record

_READ_ONLY_SH = 'd="$1"; shift; mount --bind "$d" "$d" && mount -o remount,bind,ro "$d" && exec "$@"'


def _reader_prefix(read_only: Path) -> list[str]:
    """A command prefix under which `read_only` cannot be written (as root: a read-only bind mount)."""
    if os.geteuid() != 0:
        return []
    unshare = shutil.which("unshare")
    assert unshare is not None, "util-linux's unshare is needed to simulate a store you cannot write"
    return [unshare, "--mount", "--propagation", "private", "sh", "-c", _READ_ONLY_SH, "sh", str(read_only)]


@pytest.fixture
def shared(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder (readable by everyone) holding a store with one run, writable only by its owner."""
    root = Path(tempfile.mkdtemp(prefix="rubric-ro-"))
    try:
        root.chmod(0o755)
        home = root / "home"
        home.mkdir()
        src = root / "seed.jsonl"
        src.write_text(line(valid_record("shared-run")) + "\n")
        (root / "new.jsonl").write_text(line(valid_record("another-run")) + "\n")
        # The owner writes the store in its own process (which closes every connection on exit).
        seeded = _cli(root, "import", str(src), as_reader=False)
        assert seeded.returncode == 0, seeded.stderr
        out = root / "out"
        out.mkdir()
        out.chmod(0o777)
        if os.geteuid() != 0:
            (home / "runs.sqlite").chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
            home.chmod(0o555)
        yield root
    finally:
        home_dir = root / "home"
        if home_dir.exists():
            home_dir.chmod(0o755)
        shutil.rmtree(root, ignore_errors=True)


def _cli(root: Path, *args: str, as_reader: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(root / "home"), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("RUBRIC_STUDIO_DB_URL", None)
    return subprocess.run(
        [*(_reader_prefix(root / "home") if as_reader else []), sys.executable, "-m", "rubric_core", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
        check=False,
    )


def _dump(path: Path) -> list:
    # immutable: reads the file without creating -wal/-shm files, which would change what the reader meets.
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return [(n, sorted(map(repr, conn.execute(f'SELECT * FROM "{n}"')))) for n in names]
    finally:
        conn.close()


def test_a_read_only_store_can_be_listed_shown_and_exported(shared: Path) -> None:
    before = _dump(shared / "home" / "runs.sqlite")
    runs = _cli(shared, "runs")
    assert runs.returncode == 0, runs.stderr
    assert "shared-run" in runs.stdout and "1 of 1 runs" in runs.stdout
    show = _cli(shared, "show", "shared-run")
    assert show.returncode == 0, show.stderr
    assert "Write a haiku about spring." in show.stdout and "Mentions spring" in show.stdout
    jsonl = _cli(shared, "export", "--format", "jsonl", "--out", str(shared / "out" / "runs.jsonl"))
    assert jsonl.returncode == 0, jsonl.stderr
    exported = json.loads((shared / "out" / "runs.jsonl").read_text().splitlines()[0])
    assert exported["id"] == "shared-run" and len(exported["metadata"]["history"]) == 2
    parquet = _cli(shared, "export", "--format", "parquet", "--out", str(shared / "out" / "pq"))
    assert parquet.returncode == 0, parquet.stderr
    assert (shared / "out" / "pq" / "criteria" / "criteria.parquet").exists()
    assert _dump(shared / "home" / "runs.sqlite") == before
    assert "Traceback" not in runs.stderr + show.stderr + jsonl.stderr + parquet.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("delete", "shared-run"),
        ("import", "{root}/new.jsonl"),
        ("run", "--example", "haiku"),
        ("resume", "shared-run"),
    ],
    ids=["delete", "import", "run", "resume"],
)
def test_writing_a_read_only_store_is_refused_with_a_message(shared: Path, args: tuple[str, ...]) -> None:
    before = _dump(shared / "home" / "runs.sqlite")
    proc = _cli(shared, *(a.replace("{root}", str(shared)) for a in args))
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "read-only for you" in proc.stderr and "Reading works" in proc.stderr
    assert not proc.stdout.startswith("run "), "no run header for a refused run"
    assert _dump(shared / "home" / "runs.sqlite") == before


@pytest.mark.parametrize("args", [("runs",), ("run", "--example", "haiku"), ("import", "{root}/new.jsonl")])
def test_a_home_folder_that_cannot_be_created_is_refused_with_a_message(shared: Path, args: tuple[str, ...]) -> None:
    env_home = shared / "home" / "mine"
    proc = subprocess.run(
        [
            *_reader_prefix(shared / "home"),
            sys.executable,
            "-m",
            "rubric_core",
            *(a.replace("{root}", str(shared)) for a in args),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "RUBRIC_STUDIO_HOME": str(env_home), "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
        check=False,
    )
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "RUBRIC_STUDIO_HOME" in proc.stderr and "cannot be created" in proc.stderr
    assert not env_home.exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("runs",), "Cannot create the store in"),
        (("import", "{root}/new.jsonl"), "Cannot create the store in"),
        (("run", "--example", "haiku"), "Cannot create the store in"),
        (("run", "--example", "haiku", "--no-store"), "a folder you cannot write"),
    ],
)
def test_no_store_yet_in_a_folder_you_cannot_write_is_refused_with_a_message(
    shared: Path, args: tuple[str, ...], message: str
) -> None:
    empty = shared / "empty"
    empty.mkdir()
    if os.geteuid() != 0:
        empty.chmod(0o555)
    proc = subprocess.run(
        [
            *_reader_prefix(empty),
            sys.executable,
            "-m",
            "rubric_core",
            *(a.replace("{root}", str(shared)) for a in args),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "RUBRIC_STUDIO_HOME": str(empty), "PYTHONDONTWRITEBYTECODE": "1"},
        timeout=300,
        check=False,
    )
    empty.chmod(0o755)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stdout + proc.stderr
    assert message in proc.stderr and "RUBRIC_STUDIO_HOME" in proc.stderr
    assert list(empty.iterdir()) == []


def test_a_store_opened_read_only_reads_and_refuses_every_write(home: Path, tmp_path: Path) -> None:
    from rubric_core.exports.importer import import_runs
    from rubric_core.store import StoreError, open_store

    src = tmp_path / "one.jsonl"
    src.write_text(line(valid_record("ro-run")) + "\n")
    writer = open_store()
    import_runs(writer, src)
    writer.close()
    before = _dump(home / "runs.sqlite")
    reader = open_store(readonly=True)
    try:
        assert [r["id"] for r in reader.list_runs()] == ["ro-run"]
        assert len(reader.criteria(["ro-run"])) == 4
        for write in (
            lambda: reader.set_note("ro-run", "x"),
            lambda: reader.set_tags("ro-run", ["x"]),
            lambda: reader.delete_run("ro-run"),
            lambda: reader.save_rubric("r", "- a"),
            lambda: import_runs(reader, src),
        ):
            with pytest.raises(StoreError, match="open read-only"):
                write()
    finally:
        reader.close()
    assert _dump(home / "runs.sqlite") == before


def test_suite_list_and_show_read_a_read_only_store(shared: Path) -> None:
    """They said 'Cannot open the store ... move it away' while runs, show and export read it."""
    dataset = shared / "d.jsonl"
    dataset.write_text('{"id": "one", "task": "Write a haiku about spring."}\n')
    rubric = shared / "r.md"
    rubric.write_text("- Exactly three lines\n")
    ran = _cli(shared, "suite", "run", "--dataset", str(dataset), "--rubric-file", str(rubric), as_reader=False)
    assert ran.returncode in (0, 1), ran.stderr
    before = _dump(shared / "home" / "runs.sqlite")
    listed = _cli(shared, "suite", "list")
    assert listed.returncode == 0 and "1/1" in listed.stdout.replace(" ", ""), listed.stderr
    suite_id = listed.stdout.split()[0]
    shown = _cli(shared, "suite", "show", suite_id)
    assert shown.returncode == 0 and "Exactly three lines" in shown.stdout, shown.stderr
    refused = _cli(shared, "suite", "resume", suite_id)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert _dump(shared / "home" / "runs.sqlite") == before


_NO_DAC_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]


@pytest.mark.parametrize(
    "args",
    [("runs",), ("run", "--example", "haiku"), ("suite", "list"), ("export", "--format", "jsonl", "--out", "OUT")],
)
def test_a_home_folder_you_cannot_enter_exits_2_with_a_message(tmp_path: Path, args: tuple[str, ...]) -> None:
    """It gave 'Unexpected failure: PermissionError', exit 1, and pointed to a log inside that very folder."""
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0)
    prefix = _NO_DAC_OVERRIDE if os.geteuid() == 0 else []  # root passes any mode unless it drops that capability
    if prefix and shutil.which("setpriv") is None:
        pytest.fail("util-linux's setpriv is needed to take root's right to enter any folder")
    argv = [a.replace("OUT", str(tmp_path / "o.jsonl")) for a in args]
    env = {**os.environ, "RUBRIC_STUDIO_HOME": str(home)}
    env.pop("RUBRIC_STUDIO_DB_URL", None)
    try:
        done = subprocess.run(
            [*prefix, sys.executable, "-m", "rubric_core", *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=300,
            check=False,
        )
        debug = subprocess.run(
            [*prefix, sys.executable, "-m", "rubric_core", "--debug", *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=300,
            check=False,
        )
    finally:
        home.chmod(0o755)
    assert done.returncode == 2, done.stderr
    assert "a folder you cannot enter" in done.stderr and "RUBRIC_STUDIO_HOME" in done.stderr
    assert str(home / "logs") not in done.stderr and "Traceback" not in done.stderr
    assert debug.returncode == 2


def test_a_permission_denied_anywhere_is_exit_2_and_its_traceback_only_with_debug(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rubric_core import logs
    from rubric_core.cli import main as cli_main
    from rubric_core.cli import store as cli_store

    monkeypatch.setenv(logs.DEBUG_ENV, "0")  # --debug below sets it for the process: put back after the test

    def denied(args: object) -> int:
        raise PermissionError(13, "Permission denied", str(home / "runs.sqlite"))

    monkeypatch.setattr(cli_store, "resolve_runs", denied)
    monkeypatch.setattr(logs, "log_failed", lambda: True)  # the log is in the folder that refused
    assert cli_main.main(["runs"]) == 2
    err = capsys.readouterr().err
    assert f"Permission denied to {home / 'runs.sqlite'}" in err and "Traceback" not in err
    assert "could not be written either" in err and "Details (tracebacks) are in" not in err
    assert cli_main.main(["--debug", "runs"]) == 2
    assert "Traceback (most recent call last)" in capsys.readouterr().err
    logs.configure(debug=False)
