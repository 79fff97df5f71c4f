"""The server imports the first page's modules ahead, once Streamlit's runtime exists (rubric_ui/serve.py).

In a fresh interpreter, so nothing is imported yet; the runtime's presence is what the thread waits on.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys, threading
from unittest import mock
import streamlit.runtime as runtime
from rubric_ui.serve import import_the_app_ahead

from streamlit.runtime.caching.storage.dummy_cache_storage import MemoryCacheStorageManager

ready = threading.Event()
server = mock.Mock(cache_storage_manager=MemoryCacheStorageManager())  # what the pages' caches ask the runtime
with mock.patch.object(runtime, "exists", side_effect=lambda: ready.is_set()), mock.patch.object(
    runtime, "get_instance", return_value=server
):
    thread = import_the_app_ahead()
    held = [m for m in ("rubric_ui.app", "sqlalchemy") if m in sys.modules]
    ready.set()
    thread.join(120)
print(held, thread.is_alive(), [m for m in ("rubric_ui.app", "rubric_ui.screens.run", "sqlalchemy") if m in sys.modules])
"""


def test_the_first_pages_modules_are_imported_once_the_runtime_exists(home: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", CODE],
        cwd=ROOT,
        env={"RUBRIC_STUDIO_HOME": str(home), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    # Nothing before the runtime exists (the thread waits on it), all of it after; no warning about a missing
    # runtime from the pages' caches.
    assert proc.stdout.strip().splitlines()[-1] == "[] False ['rubric_ui.app', 'rubric_ui.screens.run', 'sqlalchemy']"
    assert "No runtime found" not in proc.stderr
