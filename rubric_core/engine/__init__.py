"""The run engine: the real create_deep_agent + RubricMiddleware loop, as typed events."""

from rubric_core.engine.events import EVENT_TYPES, TERMINAL_STATUSES, RunEvent
from rubric_core.engine.runner import Engine, RunHandle, RunPrior, new_run_id, redact

__all__ = ["EVENT_TYPES", "TERMINAL_STATUSES", "Engine", "RunEvent", "RunHandle", "RunPrior", "new_run_id", "redact"]
