"""A stand-in for the Streamlit server in the interrupt tests: a process hosting a RunManager with one run.

It prints the run id, then waits. SIGTERM stops it the way Streamlit stops:
the signal handler ends the main thread's wait, the main thread returns, and the
interpreter shuts down while the run's worker thread is still busy (Streamlit's
handler calls `server.stop()`, its event loop ends and `main` returns).
SIGKILL just kills it. Usage: python interrupt_host.py '<RunConfig JSON>'
"""

import json
import signal
import sys
import threading

from rubric_core.config import RunConfig
from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.store import open_store

stop = threading.Event()
signal.signal(signal.SIGTERM, lambda signum, frame: stop.set())
manager = RunManager(Engine(), open_store())
handle = manager.start(RunConfig.from_dict(json.loads(sys.argv[1])))
print(handle.run_id, flush=True)
while not stop.wait(0.05) and not handle.done:
    pass
