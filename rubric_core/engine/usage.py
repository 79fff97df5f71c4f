"""Token usage of one run, split into the working model's and the grader's.

The handler travels in the run's RunnableConfig, so compiled agents can be
shared between runs: a model call is the grader's when it happens inside the
middleware's grading step (its metadata says so), else the working model's.
"""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.outputs import LLMResult

_KEYS = ("input_tokens", "output_tokens", "total_tokens")


class RunUsage(BaseCallbackHandler):
    """Running token totals per role; `take(role)` reads and resets."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._totals = {"writer": dict.fromkeys(_KEYS, 0), "grader": dict.fromkeys(_KEYS, 0)}
        self._roles: dict[UUID, str] = {}

    @staticmethod
    def _role(metadata: dict[str, Any] | None) -> str:
        md = metadata or {}
        grading = "rubric_grader_configured_model" in md or str(md.get("langgraph_checkpoint_ns", "")).startswith(
            "RubricMiddleware"
        )
        return "grader" if grading else "writer"

    def on_chat_model_start(
        self, serialized: Any, messages: Any, *, run_id: UUID, metadata: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        with self._lock:
            self._roles[run_id] = self._role(metadata)

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        with self._lock:
            role = self._roles.pop(run_id, "writer")
        for generations in response.generations:
            for gen in generations:
                usage = getattr(getattr(gen, "message", None), "usage_metadata", None)
                if not usage:
                    continue
                with self._lock:
                    for key in _KEYS:
                        self._totals[role][key] += int(usage.get(key, 0) or 0)

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        with self._lock:
            self._roles.pop(run_id, None)

    def take(self, role: str) -> dict[str, int]:
        """Tokens of `role` (writer or grader) since its last take; zeros when the provider reports none."""
        with self._lock:
            out = dict(self._totals[role])
            self._totals[role] = dict.fromkeys(_KEYS, 0)
            return out
