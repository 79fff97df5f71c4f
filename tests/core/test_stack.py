"""The agent stack's first import from many threads at once (suite workers) never deadlocks."""

from __future__ import annotations

import subprocess
import sys

from tests.core.helpers import PROCESS_TIMEOUT_S, ROOT

_SCRIPT = """
import sys, threading
from rubric_core.suites.reference import grader_prompt_with_reference
assert "deepagents" not in sys.modules
results, errors = [], []
start = threading.Barrier(16)
def work():
    start.wait()
    try:
        results.append(grader_prompt_with_reference("", "a reference"))
    except BaseException as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=work) for _ in range(16)]
for t in threads: t.start()
for t in threads: t.join()
print(len(results), errors)
"""


def test_sixteen_threads_import_the_agent_stack_at_once() -> None:
    # A fresh interpreter, so the first import really happens in the threads (as in a suite's workers).
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=PROCESS_TIMEOUT_S
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "16 []", done.stdout + done.stderr[-2000:]
