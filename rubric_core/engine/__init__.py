"""The run engine: the real create_deep_agent + RubricMiddleware loop, as typed events.

Imports: `projects`, `config`, `models`, `checks`, `store` and the shared base modules (the event types it emits
are `rubric_core.events`, the storage faults it stops on `store.faults`: both stand under the engine and the store).
"""

from rubric_core.engine.runner import Engine, RunHandle, RunPrior, new_run_id, redact
from rubric_core.events import EVENT_TYPES, TERMINAL_STATUSES, RunEvent

__all__ = ["EVENT_TYPES", "TERMINAL_STATUSES", "Engine", "RunEvent", "RunHandle", "RunPrior", "new_run_id", "redact"]
