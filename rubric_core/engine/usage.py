"""Token usage counted per model through a LangChain callback."""

from __future__ import annotations

import threading
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.outputs import LLMResult


class UsageCounter(BaseCallbackHandler):
    """Running totals of `usage_metadata` reported by one model; `take()` reads and resets."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._since: dict[str, int] = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
        self.calls = 0

    def on_llm_end(self, response: LLMResult, **kwargs: Any) -> None:
        for generations in response.generations:
            for gen in generations:
                usage = getattr(getattr(gen, "message", None), "usage_metadata", None)
                if not usage:
                    continue
                with self._lock:
                    for key in self._since:
                        self._since[key] += int(usage.get(key, 0) or 0)
        with self._lock:
            self.calls += 1

    def take(self) -> dict[str, int]:
        """Tokens since the last take (zeros when the provider reports none)."""
        with self._lock:
            out = dict(self._since)
            for key in self._since:
                self._since[key] = 0
            return out
