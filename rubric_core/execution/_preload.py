"""Imported once by the forkserver so every worker forked from it starts with the agent stack loaded.

And with the offline models' data read, one agent built (see `warm_offline_models`) and the modules a
worker's first job imports (the store, the checkpointer, the worker loop) loaded: a fresh server's first
run then draws its first verdict about as soon as its fifth run would (bench/first_run.py).
"""

import rubric_core.engine.checkpoints
import rubric_core.engine.execution
import rubric_core.execution.jobs
import rubric_core.execution.worker
import rubric_core.store.sqlite_setup
import rubric_core.store.store
import sqlalchemy.dialects.sqlite  # noqa: F401
from rubric_core.engine.stack import warm_offline_models

warm_offline_models()
