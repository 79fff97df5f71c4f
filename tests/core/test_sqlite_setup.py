"""Several processes opening the same new SQLite files at once: each waits for the first one's setup."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.helpers import PROCESS_TIMEOUT_S

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 6
FILES = 15

# Each process says it is ready, waits for "go" (all start together), then opens FILES new checkpoint files
# and FILES new stores in the same folder as the others. Before the setup lock, switching a new file to WAL
# failed in some of them with "database is locked" (2 of 6 processes in a try) or "disk I/O error" (a CI run).
_OPENER = """
import sys, time
from pathlib import Path
from rubric_core.engine.checkpoints import open_checkpointer
from rubric_core.store import Store
base = Path(sys.argv[1]); me = sys.argv[2]
(base / f"ready-{me}").touch()
while not (base / "go").exists():
    time.sleep(0.005)
for i in range(int(sys.argv[3])):
    open_checkpointer(base / f"c{i}.sqlite").conn.close()
    Store(f"sqlite:///{base}/s{i}.sqlite").close()
print("ok")
"""


@pytest.mark.timeout(PROCESS_TIMEOUT_S * 2)
def test_processes_opening_the_same_new_files_at_once(tmp_path: Path) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", _OPENER, str(tmp_path), str(n), str(FILES)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(PROCESSES)
    ]
    try:
        while len(list(tmp_path.glob("ready-*"))) < PROCESSES:  # every process imported and waits for "go"
            for p in procs:
                assert p.poll() is None, p.communicate()
            time.sleep(0.05)  # polling the folder for the ready files, not waiting out a window
        (tmp_path / "go").touch()
        results = [p.communicate(timeout=PROCESS_TIMEOUT_S) for p in procs]
    finally:
        for p in procs:
            p.kill()
    failures = [err for p, (out, err) in zip(procs, results, strict=True) if p.returncode != 0 or "ok" not in out]
    assert failures == []


def test_checking_a_database_file_keeps_this_process_locks_on_it(tmp_path: Path) -> None:
    """Closing any descriptor of a file drops the process's POSIX locks on it: the checks must not open() it.

    Here this process holds a read lock; another process must still be refused an exclusive lock after
    both header checks (before the fix, the checks' open()/close() dropped the lock and it got one).
    """
    import sqlite3

    from rubric_core.engine.checkpoint_file import check_checkpoint_file
    from rubric_core.store.opening import check_sqlite_file

    db = tmp_path / "c.sqlite"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.execute("BEGIN")
    assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]  # a SHARED lock, held until COMMIT
    check_checkpoint_file(db)
    check_sqlite_file(f"sqlite:///{db}")
    writer = "import sqlite3, sys; sqlite3.connect(sys.argv[1], timeout=0).execute('BEGIN EXCLUSIVE')"
    other = subprocess.run([sys.executable, "-c", writer, str(db)], capture_output=True, text=True)
    assert other.returncode != 0 and "database is locked" in other.stderr
    conn.execute("COMMIT")
    conn.close()
