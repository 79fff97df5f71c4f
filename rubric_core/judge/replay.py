"""The replay working model of a regrade: answers with a stored draft instead of calling a model.

Plugged into the real `create_deep_agent` as the working model, so the draft
reaches `RubricMiddleware` the way a live answer does. Stored files are
written first with the deep agent's own `write_file` tool, so the grader's
transcript shows them exactly as it shows a live agent's files.
"""

from __future__ import annotations

import threading
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from pydantic import PrivateAttr

from rubric_core.judge.stored_draft import StoredDraft
from rubric_core.models._chat import ToolCallingChatModel, bound_tool_names


class ReplayWriter(ToolCallingChatModel):
    """Working model that replays the draft registered for the thread being run (no model is called)."""

    model_name: str = "replay:writer"

    _drafts: dict[str, StoredDraft] = PrivateAttr(default_factory=dict)
    _drafts_lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "rubric-studio-replay-writer"

    def register(self, thread_id: str, draft: StoredDraft) -> None:
        """Replay `draft` on the graph thread `thread_id`."""
        with self._drafts_lock:
            self._drafts[thread_id] = draft

    def forget(self, thread_id: str) -> None:
        """Drop a thread's draft once it is graded."""
        with self._drafts_lock:
            self._drafts.pop(thread_id, None)

    def respond(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        from langgraph.config import get_config

        thread_id = str(get_config().get("configurable", {}).get("thread_id"))
        with self._drafts_lock:
            draft = self._drafts[thread_id]
        last = messages[-1] if messages else None
        if draft.files and "write_file" in bound_tool_names(kwargs) and not isinstance(last, ToolMessage):
            calls = [
                {"name": "write_file", "args": {"file_path": path, "content": content}, "id": f"replay-{i}"}
                for i, (path, content) in enumerate(draft.files.items())
            ]
            return AIMessage(content="", tool_calls=calls)
        return AIMessage(content=draft.text)
