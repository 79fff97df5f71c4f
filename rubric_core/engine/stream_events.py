"""Turning what the graph streams into a run's events: drafts, tool calls and results, grading, feedback.

`StreamTranslator` is the part of a `RunExecution` (execution.py) that reads the graph's
`updates` and `custom` chunks and the middleware's `on_evaluation`, and emits `RunEvent`s on
the run's handle: the same events in the same order in every process and backend. The
`messages` chunks (tokens) and the subgraphs' steps go to the run's live activity only
(live_activity.py), never to an event.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rubric_core.engine import messages as msgs
from rubric_core.engine.bounds import bounded, bounded_files, bounded_value

if TYPE_CHECKING:
    from rubric_core.engine.handle import RunHandle
    from rubric_core.engine.live_activity import LiveActivity

STREAM_MODES = ["updates", "custom", "messages"]
"""What the engine streams, with `subgraphs=True`: the top graph's steps become events; the tokens and the
steps of the grader and subagents (other namespaces) are live activity only (live_activity.py), never stored."""


class StorageFault(BaseException):
    """The store could not record an event (disk full): stop the run where the store stands."""


class StreamTranslator:
    """Event translation of one run part; the state it reads and moves is the RunExecution's."""

    handle: RunHandle
    turn: int
    iteration: int
    grading_run_id: str | None
    grading_started_at: dict[int, float]
    last_mark: float
    files: dict[str, str]
    tokens: dict[str, int]
    usage: Any
    backend_files: Any
    """BackendFiles of the graph's filesystem backends (backend_files.py), or None: files on disk the agent wrote."""
    live: LiveActivity | None
    """What the run is doing between events, for a watcher that asked for it (None: nobody watches it live)."""

    def _on_chunk(self, namespace: tuple[str, ...], mode: str, chunk: Any) -> None:
        """One item of `graph.stream(..., stream_mode=STREAM_MODES, subgraphs=True)`."""
        if self.live is not None:
            self.live.on_stream(namespace, mode, chunk)
        if namespace or mode == "messages":
            return
        if mode == "custom":
            self._on_custom(chunk)
        elif isinstance(chunk, dict):
            for node, update in chunk.items():
                if isinstance(update, dict):
                    self._on_update(node, update)

    def _files_now(self) -> tuple[dict[str, str], list[str]]:
        """The agent's files now: its state's, and those it wrote through a filesystem backend (their paths apart)."""
        if self.backend_files is None:
            return dict(self.files), []
        disk = self.backend_files.written()
        return {**self.files, **disk}, sorted(disk)

    def _on_update(self, node: str, update: dict[str, Any]) -> None:
        from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

        for path, value in (update.get("files") or {}).items():
            if value is None:
                self.files.pop(path, None)
            else:
                self.files[path] = msgs.file_text(value)
        messages = update.get("messages") or []
        if not isinstance(messages, list):
            messages = [messages]
        for m in messages:
            base = {"turn": self.turn, "iteration": self.iteration}
            if isinstance(m, AIMessage) and m.tool_calls:
                calls = [
                    {"id": c.get("id"), "name": c["name"], "args": bounded_value(msgs.jsonable(c.get("args", {})))}
                    for c in m.tool_calls
                ]
                tokens = msgs.message_tokens(m, self.usage.take("writer"))
                called = self.handle.emit(
                    "tool_call",
                    {**base, "calls": calls, "text": bounded(msgs.text(m)), "message_id": m.id, "tokens": tokens},
                )
                if called is not None:
                    self._add_tokens(tokens)
            elif isinstance(m, AIMessage):
                now = time.monotonic()
                tokens = msgs.message_tokens(m, self.usage.take("writer"))
                files, on_disk = self._files_now()
                drafted = self.handle.emit(
                    "draft",
                    {
                        **base,
                        "text": bounded(msgs.text(m), what="draft"),
                        "files": bounded_files(files),
                        **({"disk_files": on_disk} if on_disk else {}),
                        "wall_time_s": round(now - self.last_mark, 3),
                        "tokens": tokens,
                        "message_id": m.id,
                        **_writer_notice(m),
                    },
                )
                if drafted is not None:  # a replayed draft the store already has is not counted again
                    self._add_tokens(tokens)
                self.last_mark = now
            elif isinstance(m, ToolMessage):
                content = msgs.text(m)
                self.handle.emit(
                    "tool_result",
                    {
                        **base,
                        "tool_call_id": m.tool_call_id,
                        "name": m.name or "",
                        "content": bounded(content, what="tool result"),
                    },
                )
            elif isinstance(m, HumanMessage) and m.additional_kwargs.get("lc_source") == msgs.GRADER_SOURCE:
                self.handle.emit(
                    "feedback",
                    {
                        "turn": self.turn,
                        "iteration": max(0, self.iteration - 1),
                        "text": bounded(msgs.text(m), what="feedback"),
                        "message_id": m.id,
                    },
                )
                self.last_mark = time.monotonic()

    def _on_custom(self, chunk: Any) -> None:
        if isinstance(chunk, dict) and chunk.get("type") == "rubric_evaluation_start":
            iteration = int(chunk.get("iteration", 0))
            if iteration < self.iteration:
                # The stream lags the grader's thread: this pass was already evaluated (`_on_evaluation` ran
                # first and moved on). Going back would give the next draft the previous iteration's number,
                # and the handle would drop it as already seen (a draft lost under load).
                return
            self._grading_started(chunk.get("grading_run_id"), iteration)

    def _grading_started(self, grading_run_id: str | None, iteration: int) -> None:
        self.grading_run_id = grading_run_id
        self.iteration = iteration
        # Every grader call since the last evaluation belongs to this pass (the start notice may
        # arrive after the pass's first calls, or, on resume, not at all before its end).
        self.grading_started_at.setdefault(iteration, time.monotonic())
        self.handle.emit(
            "grading_started",
            {"turn": self.turn, "iteration": iteration, "grading_run_id": grading_run_id},
        )

    def _after_evaluation(self, evaluation: dict[str, Any], library: dict[str, Any] | None) -> None:
        """After a pass is recorded (steer_part.py: a step-mode run pauses here)."""

    def _on_evaluation(self, ev: dict[str, Any], library: dict[str, Any] | None = None) -> None:
        # Called by the middleware in the graph's worker thread, right after the pass. `library`: the library's
        # own evaluation dict (`ev` is an enriched copy), which what the agent is told is made from.
        iteration = int(ev["iteration"])
        self._grading_started(ev["grading_run_id"], iteration)
        now = time.monotonic()
        tokens = self.usage.take("grader")
        evaluated = self.handle.emit(
            "evaluation",
            {
                "turn": self.turn,
                "iteration": iteration,
                "grading_run_id": ev["grading_run_id"],
                "result": ev["result"],
                "explanation": bounded(ev.get("explanation", ""), what="explanation"),
                "criteria": [bounded_value(msgs.jsonable(dict(c)), what="verdict") for c in ev.get("criteria", [])],
                "unverified": bool(ev.get("unverified", False)),
                "wall_time_s": round(now - self.grading_started_at.get(iteration, now), 3),
                "tokens": tokens,
                **({"grader_tools": msgs.jsonable(ev["grader_tools"])} if ev.get("grader_tools") else {}),
            },
        )
        if evaluated is not None:  # a pass the store already has (graded again on resume) is not counted again
            self._add_tokens(tokens)
        self.iteration = iteration + 1
        self.last_mark = now
        if self.handle.fault is not None or self.handle.frozen:
            # Not an Exception, so the middleware cannot swallow it: the pass is not saved in the
            # checkpoint either, and runs again on resume.
            raise StorageFault
        self._after_evaluation(ev, library)

    def _add_tokens(self, tokens: dict[str, int]) -> None:
        for k in self.tokens:
            self.tokens[k] += int(tokens.get(k, 0) or 0)


def _writer_notice(message: Any) -> dict[str, str]:
    """How the offline writer read the task, when it says (models/notice.py): stored with the draft event."""
    notice = (getattr(message, "response_metadata", None) or {}).get("writer_notice")
    return {"notice": bounded(str(notice), what="notice")} if notice else {}
