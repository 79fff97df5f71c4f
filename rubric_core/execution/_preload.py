"""Imported once by the forkserver so every worker forked from it starts with the agent stack loaded.

And with the offline models' data read, one agent built (see `warm_offline_models`) and the modules a
worker's first job imports (the store, the checkpointer, the worker loop) loaded: a fresh server's first
run then draws its first verdict about as soon as its fifth run would (bench/first_run.py).
"""

import importlib

from rubric_core.engine.warm import warm_offline_models

for _module in (
    "rubric_core.engine.checkpoints",
    "rubric_core.engine.checkpointer",
    "rubric_core.engine.execution",
    "rubric_core.execution.jobs",
    "rubric_core.execution.worker",
    "rubric_core.store.sqlite_setup",
    "rubric_core.store.store",
    "sqlalchemy.dialects.sqlite",
):
    importlib.import_module(_module)
warm_offline_models()
