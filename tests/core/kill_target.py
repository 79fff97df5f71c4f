"""Run one slow offline run with the store subscribed, for the SIGKILL test."""

import sys
import time

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.examples import get_example
from rubric_core.manager import RunManager
from rubric_core.store import open_store

ex = get_example("haiku")
config = RunConfig.from_dict({"task": ex.task, "rubric": ex.rubric, "model": "offline:writer?latency=0.5"})
manager = RunManager(Engine(), open_store())
handle = manager.start(config)
print(handle.run_id, flush=True)
time.sleep(120)
sys.exit(0)
