"""What a run is doing between two of its events: the text being written, tool calls, todos, subagents, the grader.

Fed with everything the graph streams (`messages`: tokens and whole messages of every namespace; the top
graph's `updates`) and with the run's own events; read as one plain, bounded snapshot by a `LiveSink`
(rubric_core/execution/live_channel.py writes it to the store at most about ten times a second). None of
this is an event: the run's record stays its stored events, and the tokens are never stored.

Namespaces: the top graph's messages (namespace `()`) are the working agent's; a namespace whose first part
is RubricMiddleware's grading node is the grader's; any other is a subgraph the agent called (a subagent
started by the `task` tool).
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rubric_core.engine.handle import LiveSink as LiveSink  # defined under the handle that looks for it
from rubric_core.engine.handle import RunHandle
from rubric_core.events import TERMINAL_EVENT_TYPES

if TYPE_CHECKING:
    from rubric_core.events import RunEvent

GRADER_NODE = "RubricMiddleware.after_agent"
"""The middleware's grading node: the grader agent runs inside it, as a subgraph of this name."""
ANSWER_TOOLS = frozenset({"GraderResponse"})
"""The grader's structured answer (ToolStrategy): its verdict being written, not a tool call of its own."""
TODO_TOOL, SUBAGENT_TOOL = "write_todos", "task"
MAX_TEXT = 20_000
"""Characters of the text being written kept in a snapshot (its tail: the page shows where the model is)."""
MAX_CALLS = 12
"""Tool calls kept in a snapshot (the newest) for the agent, and for the grader."""
MAX_ARGS = 160
"""Characters of a tool call's arguments shown."""
MAX_TODOS = 30
STATUSES = frozenset({"pending", "in_progress", "completed"})
"""A todo's statuses (deepagents' write_todos)."""
SNAPSHOT_VERSION = 1


def _short(value: Any, limit: int = MAX_ARGS) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _chunk_text(message: Any) -> str:
    content = getattr(message, "content", "")
    if isinstance(content, str):
        return content
    return "".join(
        str(b.get("text", "")) if isinstance(b, dict) and b.get("type") == "text" else b if isinstance(b, str) else ""
        for b in content or []
    )


def _parsed(args: Any) -> Any:
    if not isinstance(args, str):
        return args
    from langchain_core.utils.json import parse_partial_json

    try:
        return parse_partial_json(args) if args else {}
    except ValueError:
        return args


def _todos(args: Any) -> list[dict[str, str]] | None:
    todos = args.get("todos") if isinstance(args, dict) else None
    if not isinstance(todos, list):
        return None
    out = []
    for t in todos[:MAX_TODOS]:
        if isinstance(t, dict) and t.get("content"):
            status = str(t.get("status") or "")
            # A status still arriving ("in_pro") reads as pending until it is whole.
            out.append(
                {"content": _short(str(t["content"]), 200), "status": status if status in STATUSES else "pending"}
            )
    return out


class LiveActivity:
    """One run part's activity now; thread-safe (the stream's thread and the grading thread both feed it)."""

    def __init__(self, sink: LiveSink) -> None:
        self.sink = sink
        self._lock = threading.Lock()
        self.turn = 0
        self.iteration = 0
        self.phase = "writing"
        self._parts: list[str] = []
        self._chars = 0
        self._message_id: str | None = None
        self._streams: dict[str, tuple[str | None, dict[int, str]]] = {}
        """Per stream (agent, grader, a subagent): the message being streamed and its tool calls by chunk index."""
        self.calls: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.todos: list[dict[str, str]] = []
        self.grader: dict[str, Any] | None = None
        self._grader_calls: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._subgraphs: dict[str, str] = {}
        """A subgraph's namespace head -> the `task` call that started it."""
        self.version = 0
        self.closed = False
        self._prior: dict[int, int] = {}
        """Per turn, the iteration an earlier part of the run reached (its stored events): a resumed, continued or
        follow-up part counts its drafts on from there, as the page does."""

    @classmethod
    def of(cls, handle: RunHandle, prior: Iterable[RunEvent] = ()) -> LiveActivity | None:
        """The activity of a run whose handle has a live sink among its subscribers (None: nobody watches it live);
        `prior`: the run's stored events from earlier parts."""
        sink = handle.live_sink
        if sink is None:
            return None
        activity = cls(sink)
        for event in prior:
            if event.type in ("draft", "evaluation"):
                turn, it = int(event.data.get("turn", 0) or 0), int(event.data.get("iteration", 0) or 0)
                reached = it + 1 if event.type == "evaluation" else it
                activity._prior[turn] = max(activity._prior.get(turn, 0), reached)
        handle.subscribe(activity.on_event)
        return activity

    # ---- feeding -----------------------------------------------------------------------------------------------

    def on_stream(self, namespace: tuple[str, ...], mode: str, chunk: Any) -> None:
        """One item of `graph.stream(..., subgraphs=True)`."""
        if mode == "messages" and isinstance(chunk, tuple) and chunk:
            role = "agent" if not namespace else "grader" if namespace[0].startswith(GRADER_NODE) else "subagent"
            with self._lock:
                if self.closed:
                    return
                changed = getattr(self, f"_{role}_message")(namespace, chunk[0])
            if changed:
                self._changed()
        elif mode == "updates" and not namespace and isinstance(chunk, dict):
            for update in chunk.values():
                todos = _todos(update) if isinstance(update, dict) else None
                if todos is not None:
                    with self._lock:
                        self.todos = todos
                    self._changed()

    def on_event(self, event: RunEvent) -> None:
        """A run event (after the store has it): what it stored is no longer live."""
        with self._lock:
            data = event.data
            if event.type in TERMINAL_EVENT_TYPES:
                self.closed = True
                return
            if event.type == "run_started":
                self.turn = int(data.get("turn", 0) or 0)
                self.iteration = self._prior.get(self.turn, 0)
            elif event.type == "draft":
                self._new_message(None)
                self.calls.clear()
                self._grading(int(data.get("iteration", self.iteration)))
            elif event.type == "grading_started":
                self._grading(int(data.get("iteration", self.iteration)))
            elif event.type == "evaluation":
                self.grader, self.phase = None, "writing"
                self._grader_calls.clear()
                self.iteration = int(data.get("iteration", self.iteration)) + 1
            else:
                return
        self._changed()

    # ---- by role (called under the lock; True when something shown changed) --------------------------------

    def _agent_message(self, _namespace: tuple[str, ...], message: Any) -> bool:
        from langchain_core.messages import AIMessage, AIMessageChunk, ToolMessage

        if isinstance(message, AIMessageChunk):
            if message.id != self._message_id:
                self._new_message(message.id)
            piece = _chunk_text(message)
            if piece:
                self._parts.append(piece)
                self._chars += len(piece)
                if self._chars > 4 * MAX_TEXT:  # keep memory bounded on a very long answer
                    kept = "".join(self._parts)[-MAX_TEXT:]
                    self._parts, self._chars = [kept], len(kept)
            self._stream_calls("agent", message, self.calls, agent=True)
            self.phase = "writing"
            return True
        if isinstance(message, AIMessage):
            if message.id != self._message_id:
                self._new_message(message.id)
                text = _chunk_text(message)
                self._parts, self._chars = ([text], len(text)) if text else ([], 0)
            for call in message.tool_calls:
                self._call(self.calls, call.get("id") or "", call["name"], call.get("args"), agent=True)
            return True
        if isinstance(message, ToolMessage):
            return self._ended(self.calls, message)
        return False

    def _grader_message(self, _namespace: tuple[str, ...], message: Any) -> bool:
        from langchain_core.messages import AIMessage, AIMessageChunk, ToolMessage

        if self.grader is None:
            self._grading(self.iteration)
        if isinstance(message, AIMessageChunk):
            if _chunk_text(message) and self.grader is not None and not self.grader["answering"]:
                self.grader["answering"] = True  # its verdict as structured text (a provider's JSON mode)
                return True
            return self._stream_calls("grader", message, self._grader_calls, agent=False)
        if isinstance(message, AIMessage):
            for call in message.tool_calls:
                self._call(self._grader_calls, call.get("id") or "", call["name"], call.get("args"), agent=False)
            return bool(message.tool_calls)
        if isinstance(message, ToolMessage):
            return self._ended(self._grader_calls, message)
        return False

    def _subagent_message(self, namespace: tuple[str, ...], message: Any) -> bool:
        from langchain_core.messages import AIMessage, AIMessageChunk, ToolMessage

        head = namespace[0]
        call_id = self._subgraphs.get(head)
        if call_id is None:  # the first sight of this subgraph: the oldest running `task` call not yet placed
            placed = set(self._subgraphs.values())
            call_id = next(
                (
                    c["id"]
                    for c in self.calls.values()
                    if c["kind"] == "subagent" and c["state"] == "running" and c["id"] not in placed
                ),
                None,
            )
            if call_id is None:
                return False
            self._subgraphs[head] = call_id
        call = self.calls.get(call_id)
        if call is None:
            return False
        steps: OrderedDict[str, dict[str, Any]] = call.setdefault("steps", OrderedDict())
        if isinstance(message, AIMessageChunk):
            return self._stream_calls(f"sub:{head}", message, steps, agent=True)
        if isinstance(message, AIMessage):
            for c in message.tool_calls:
                self._call(steps, c.get("id") or "", c["name"], c.get("args"), agent=True)
            return bool(message.tool_calls)
        if isinstance(message, ToolMessage):
            return self._ended(steps, message)
        return False

    # ---- helpers (under the lock) -----------------------------------------------------------------------------

    def _new_message(self, message_id: str | None) -> None:
        self._message_id = message_id
        self._parts, self._chars = [], 0

    def _grading(self, iteration: int) -> None:
        if self.grader is None or self.grader.get("pass") != iteration:
            self.grader = {"pass": iteration, "answering": False}
            self._grader_calls.clear()
        self.iteration, self.phase = iteration, "grading"

    def _stream_calls(self, stream: str, chunk: Any, calls: OrderedDict[str, dict[str, Any]], *, agent: bool) -> bool:
        """Tool calls as their chunks arrive: a call shows from its name on, its arguments as they grow."""
        message_id, pending = self._streams.get(stream, (None, {}))
        if chunk.id != message_id:
            message_id, pending = chunk.id, {}
            self._streams[stream] = (message_id, pending)
        changed = False
        for part in getattr(chunk, "tool_call_chunks", None) or []:
            index = int(part.get("index") or 0)
            if part.get("name"):
                call_id = str(part.get("id") or f"{message_id}:{index}")
                pending[index] = call_id
                self._call(calls, call_id, str(part["name"]), "", agent=agent)
                if call_id in calls:
                    calls[call_id]["raw"] = ""
                changed = True
            call = calls.get(pending.get(index, ""))
            if call is None or not part.get("args"):
                continue
            call["raw"] = call.get("raw", "") + str(part["args"])
            changed = True
            if call["name"] == TODO_TOOL:
                todos = _todos(_parsed(call["raw"]))
                if todos:
                    self.todos = todos
        return changed

    def _call(
        self, calls: OrderedDict[str, dict[str, Any]], call_id: str, name: str, args: Any, *, agent: bool
    ) -> None:
        if not agent and name in ANSWER_TOOLS:
            if self.grader is not None:
                self.grader["answering"] = True
            return
        call = calls.get(call_id)
        if call is None:
            kind = "todos" if name == TODO_TOOL else "subagent" if name == SUBAGENT_TOOL else "tool"
            call = calls[call_id] = {"id": call_id, "name": name, "kind": kind, "state": "running", "args": ""}
            if kind == "todos":
                call["before"] = list(self.todos)  # shown again if the call fails (an agent without the tool)
        if args:
            call.pop("raw", None)
            call["args"] = args
            if name == TODO_TOOL:
                todos = _todos(args)
                if todos is not None:
                    self.todos = todos
        while len(calls) > MAX_CALLS:
            calls.popitem(last=False)

    def _ended(self, calls: OrderedDict[str, dict[str, Any]], message: Any) -> bool:
        call = calls.get(message.tool_call_id)
        if call is None:  # the structured answer's own tool message, or a call no longer shown
            return False
        call["state"] = "error" if getattr(message, "status", "") == "error" else "done"
        if call["state"] == "error" and "before" in call:
            self.todos = call["before"]
        return True

    def _changed(self) -> None:
        with self._lock:
            self.version += 1
        self.sink.changed(self)

    # ---- reading ----------------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Plain, bounded data of the activity now (what the store keeps and the page draws)."""
        with self._lock:
            text = "".join(self._parts)
            return {
                "v": SNAPSHOT_VERSION,
                "version": self.version,
                "turn": self.turn,
                "iteration": self.iteration,
                "phase": self.phase,
                "text": text[-MAX_TEXT:],
                "text_chars": len(text),
                "calls": [_shown(c) for c in self.calls.values()],
                "todos": list(self.todos),
                "grader": None
                if self.grader is None
                else {**self.grader, "calls": [_shown(c) for c in self._grader_calls.values()]},
                "written_at": time.time(),
            }


def _shown(call: dict[str, Any]) -> dict[str, Any]:
    args = call.get("args") or _parsed(call.get("raw", ""))
    if call["kind"] == "subagent" and isinstance(args, dict):
        shown = f"{args.get('subagent_type') or 'subagent'}: {args.get('description') or ''}"
    elif call["kind"] == "todos":
        shown = ""
    else:
        shown = _short(args) if args else ""
    out = {"id": call["id"], "name": call["name"], "kind": call["kind"], "state": call["state"], "args": _short(shown)}
    if call.get("steps"):
        out["steps"] = [{"name": s["name"], "state": s["state"]} for s in list(call["steps"].values())[-5:]]
    return out
