"""The run engine: the real create_deep_agent + RubricMiddleware loop, as typed events.

Imports: `projects`, `config`, `models`, `checks`, `store` and the shared base modules. Known circle (issue 43
item 1): `store` imports `engine.events` and `engine.faults` (the event and fault types it writes); those types
belong below both.
"""

from rubric_core.engine.runner import Engine, RunHandle, RunPrior, new_run_id, redact
from rubric_core.events import EVENT_TYPES, TERMINAL_STATUSES, RunEvent

__all__ = ["EVENT_TYPES", "TERMINAL_STATUSES", "Engine", "RunEvent", "RunHandle", "RunPrior", "new_run_id", "redact"]
