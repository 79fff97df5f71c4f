"""A process hosting a suite run, killed by the test that starts it (tests/core/test_one_run_per_cell.py).

It starts a 2-column matrix over the first `n` example items (column 1 through the loopback OpenAI stub named by
OPENAI_BASE_URL, column 2 the offline writer), prints the suite run's id, then waits for its end or its kill.
Usage: python suite_kill_host.py <n items> <concurrency>
"""

import sys

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import open_store
from rubric_core.suites.columns import build_columns
from rubric_core.suites.datasets import Dataset
from rubric_core.suites.example import example_dataset, example_rubric
from rubric_core.suites.runner import SuiteRunner

n, concurrency = int(sys.argv[1]), int(sys.argv[2])
base = RunConfig.from_dict(
    {"task": "(each item's task)", "rubric": example_rubric(1), "rubric_name": "short-poems", "max_iterations": 3}
)
columns = build_columns(base, [{"model": "openai:gpt-4o-mini"}, {"model": "offline:writer"}])
runner = SuiteRunner(RunManager(Engine(), open_store()))
handle = runner.start(
    Dataset(name="killed", items=example_dataset().items[:n]), base, columns=columns, concurrency=concurrency
)
print(handle.suite_run_id, flush=True)
handle.wait()
