"""`offline:writer?pace=...`: the offline writer, its answers streamed in pieces at a pace a person can follow.

The same writer (its drafts are `OfflineWriter`'s, decided at once); only how the answer reaches the agent
changes: as a stream of chunks, the text piece by piece at the pace asked for, the tool calls with the last
chunk. The engine streams LangGraph's `messages` mode, so the run view shows the draft growing.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any, Literal

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.messages import AIMessageChunk, BaseMessage
from langchain_core.messages.tool import tool_call_chunk
from langchain_core.outputs import ChatGenerationChunk
from pydantic import Field

from rubric_core.models.offline import OfflineWriter
from rubric_core.models.pacing import Pace


class PacedWriter(OfflineWriter):
    """The offline writer streaming its text at `pace_rate` characters or words a second."""

    pace_rate: float = Field(gt=0)
    pace_unit: Literal["chars", "words"] = "chars"

    @property
    def pace(self) -> Pace:
        """The streaming speed."""
        return Pace(self.pace_rate, self.pace_unit)

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        # The whole answer first (its usage counted as `_generate` counts it), then its text at the pace.
        message = self._generate(messages, stop, None, **kwargs).generations[0].message
        text = message.content if isinstance(message.content, str) else ""
        start = time.monotonic()
        for piece, due in self.pace.pieces(text):
            wait = start + due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=piece))
            if run_manager is not None:
                run_manager.on_llm_new_token(piece, chunk=chunk)
            yield chunk
        calls = [
            tool_call_chunk(name=c["name"], args=json.dumps(c["args"]), id=c.get("id"), index=i)
            for i, c in enumerate(getattr(message, "tool_calls", None) or [])
        ]
        usage = getattr(message, "usage_metadata", None)
        last = AIMessageChunk(content="", tool_call_chunks=calls, usage_metadata=usage, chunk_position="last")
        chunk = ChatGenerationChunk(message=last)
        if run_manager is not None:
            run_manager.on_llm_new_token("", chunk=chunk)
        yield chunk
