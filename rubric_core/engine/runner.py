"""Run a RunConfig through the real loop and turn what happens into RunEvents.

One `Engine` per process holds the SQLite checkpointer; each run executes in
its own worker thread (or the caller's, with `execute`), with its own agent,
models, usage counters and event list, so concurrent runs never share state.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from rubric_core.config import RunConfig
from rubric_core.engine.events import TERMINAL_EVENT_TYPES, RunEvent
from rubric_core.models.providers import PROVIDERS, ModelSpecError, check_model_ready, parse_model_spec
from rubric_core.paths import data_dir

logger = logging.getLogger(__name__)
Subscriber = Callable[[RunEvent], None]
Mode = Literal["start", "resume", "follow_up"]
_GRADER_SOURCE = "rubric_grader"
_MAX_TOOL_RESULT_CHARS = 20_000


class RunHandle:
    """A run in progress or done: its events, its status, and cancel."""

    def __init__(self, run_id: str, subscribers: Iterable[Subscriber] = (), *, first_seq: int = 0) -> None:
        from langgraph.runtime import RunControl

        self.run_id = run_id
        self.events: list[RunEvent] = []
        self.control = RunControl()
        self._subscribers = list(subscribers)
        self._lock = threading.RLock()
        self._seq = first_seq
        self._seen: set[tuple[Any, ...]] = set()
        self._done = threading.Event()
        self.thread: threading.Thread | None = None

    def subscribe(self, subscriber: Subscriber) -> None:
        """Also send future events to `subscriber`."""
        with self._lock:
            self._subscribers.append(subscriber)

    def emit(self, type_: str, data: dict[str, Any], *, dedupe: tuple[Any, ...] | None = None) -> RunEvent | None:
        """Record an event and deliver it to every subscriber, in order (once per `dedupe` key)."""
        with self._lock:
            if dedupe is not None:
                if dedupe in self._seen:
                    return None
                self._seen.add(dedupe)
            event = RunEvent(run_id=self.run_id, seq=self._seq, type=type_, at=time.time(), data=data)  # type: ignore[arg-type]
            self._seq += 1
            for subscriber in list(self._subscribers):
                try:
                    subscriber(event)
                except Exception:
                    # A broken consumer must not stop the run or the other consumers.
                    logger.exception("Run event subscriber failed (run %s, event %s)", self.run_id, type_)
            # Published only after every subscriber (the store among them) has it: a page that sees an
            # event in `events`, or sees `done`, can rely on the stored run saying the same.
            self.events.append(event)
            if type_ in TERMINAL_EVENT_TYPES:
                self._done.set()
            return event

    def mark_seen(self, key: tuple[Any, ...]) -> None:
        """Treat `key` as already emitted (resume after another process's events)."""
        with self._lock:
            self._seen.add(key)

    def cancel(self) -> None:
        """Stop after the step in flight; the run stays resumable."""
        self.control.request_drain("cancelled")

    @property
    def done(self) -> bool:
        """Whether a terminal event (finished, error, cancelled) was emitted."""
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the run ends; False on timeout."""
        return self._done.wait(timeout)

    @property
    def last(self) -> RunEvent | None:
        """The newest event."""
        with self._lock:
            return self.events[-1] if self.events else None


class Engine:
    """Builds and runs agents; owns the file-backed checkpointer."""

    def __init__(self, home: Path | str | None = None) -> None:
        self.home = Path(home) if home else data_dir()
        self.home.mkdir(parents=True, exist_ok=True)
        self._checkpointer: Any = None
        self._lock = threading.Lock()
        self._agents: Any = None
        self._executions: dict[str, _Execution] = {}
        self._executions_lock = threading.Lock()

    @property
    def checkpointer(self) -> Any:
        """One SqliteSaver on `checkpoints.sqlite` in the data directory, WAL mode."""
        with self._lock:
            if self._checkpointer is None:
                from langgraph.checkpoint.sqlite import SqliteSaver

                conn = sqlite3.connect(self.home / "checkpoints.sqlite", check_same_thread=False, timeout=30)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA busy_timeout=30000")
                # WAL + NORMAL survives a killed process (the crash this store is for) without an fsync per
                # step; an fsync per checkpoint stalled runs for seconds when the disk was busy.
                conn.execute("PRAGMA synchronous=NORMAL")
                self._checkpointer = SqliteSaver(conn)
            return self._checkpointer

    def agent(self, config: RunConfig, keys: Mapping[str, str] | None = None) -> Any:
        """The compiled agent for a config, shared between runs with the same settings."""
        from rubric_core.engine.agent import AgentCache

        checkpointer = self.checkpointer  # takes self._lock itself
        with self._lock:
            if self._agents is None:
                self._agents = AgentCache(checkpointer=checkpointer, on_evaluation=self._dispatch_evaluation)
        return self._agents.get(config, keys)

    def _dispatch_evaluation(self, evaluation: Any) -> None:
        # Agents are shared, so `on_evaluation` finds its run by the thread being graded.
        from langgraph.config import get_config

        thread_id = get_config().get("configurable", {}).get("thread_id")
        with self._executions_lock:
            execution = self._executions.get(str(thread_id))
        if execution is not None:
            execution._on_evaluation(evaluation)

    # ---- public API -------------------------------------------------------------------

    def start(
        self,
        config: RunConfig,
        *,
        run_id: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
    ) -> RunHandle:
        """Start a new run in a worker thread."""
        handle = RunHandle(run_id or new_run_id(), subscribers)
        return self._spawn(handle, config, "start", None, None, keys)

    def resume(
        self,
        run_id: str,
        config: RunConfig,
        *,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        first_seq: int = 0,
    ) -> RunHandle:
        """Continue an interrupted run (crash, kill, cancel) from its last checkpoint, in a worker thread."""
        handle = RunHandle(run_id, subscribers, first_seq=first_seq)
        return self._spawn(handle, config, "resume", None, None, keys)

    def follow_up(
        self,
        run_id: str,
        config: RunConfig,
        message: str,
        *,
        rubric: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        first_seq: int = 0,
    ) -> RunHandle:
        """A new user turn on a finished run's thread; the rubric is kept unless `rubric` is given."""
        if not message.strip():
            msg = "Follow-up message is empty: write what the agent should do next."
            raise ValueError(msg)
        handle = RunHandle(run_id, subscribers, first_seq=first_seq)
        return self._spawn(handle, config, "follow_up", message, rubric, keys)

    def execute(
        self,
        config: RunConfig,
        *,
        run_id: str | None = None,
        subscribers: Iterable[Subscriber] = (),
        keys: Mapping[str, str] | None = None,
        mode: Mode = "start",
        message: str | None = None,
        rubric: str | None = None,
        first_seq: int = 0,
    ) -> RunHandle:
        """Run to the end in the calling thread (the command line and tests)."""
        handle = RunHandle(run_id or new_run_id(), subscribers, first_seq=first_seq)
        _Execution(self, handle, config, mode, message, rubric, keys).run()
        return handle

    def snapshot(self, run_id: str, config: RunConfig) -> Any:
        """The checkpointed LangGraph state snapshot of a run's thread (values, next steps)."""
        return self.agent(config).graph.get_state({"configurable": {"thread_id": run_id}})

    def is_resumable(self, run_id: str, config: RunConfig) -> bool:
        """Whether the run's thread has steps left to run (it was interrupted)."""
        return bool(self.snapshot(run_id, config).next)

    def _spawn(
        self,
        handle: RunHandle,
        config: RunConfig,
        mode: Mode,
        message: str | None,
        rubric: str | None,
        keys: Mapping[str, str] | None,
    ) -> RunHandle:
        execution = _Execution(self, handle, config, mode, message, rubric, keys)
        thread = threading.Thread(target=execution.run, name=f"rubric-run-{handle.run_id[:8]}", daemon=True)
        handle.thread = thread
        thread.start()
        return handle


def new_run_id() -> str:
    """A fresh run id (also the checkpointer thread id)."""
    return uuid.uuid4().hex


def redact(text: str, keys: Mapping[str, str] | None) -> str:
    """Remove every known API key value from a message before it is shown or stored."""
    import os

    secrets = {v for v in (keys or {}).values() if v and len(v) >= 8}
    names = [var for provider in PROVIDERS.values() for var in provider.key_env]
    for var in (*names, "LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"):
        value = os.environ.get(var)
        if value and len(value) >= 8:
            secrets.add(value)
    for secret in sorted(secrets, key=len, reverse=True):
        text = text.replace(secret, "[redacted]")
    return text


class _Execution:
    """One invocation of the agent for a handle: stream, translate, finish."""

    def __init__(
        self,
        engine: Engine,
        handle: RunHandle,
        config: RunConfig,
        mode: Mode,
        message: str | None,
        rubric: str | None,
        keys: Mapping[str, str] | None,
    ) -> None:
        self.engine, self.handle, self.config, self.mode = engine, handle, config, mode
        self.message, self.rubric, self.keys = message, rubric, keys
        self.turn = 0
        self.iteration = 0
        self.grading_run_id: str | None = None
        self.grading_started_at: dict[int, float] = {}
        self.last_mark = time.monotonic()
        self.started = time.monotonic()
        self.files: dict[str, str] = {}
        self.tokens = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
        self.built: Any = None
        from rubric_core.engine.usage import RunUsage  # langchain stays out of import time

        self.usage = RunUsage()

    # The whole body is guarded: a worker thread must always end with a terminal event.
    def run(self) -> None:
        h = self.handle
        cfg: dict[str, Any] = {"configurable": {"thread_id": h.run_id}, "callbacks": [self.usage]}
        try:
            problem_field, problem = self._preflight()
            h.emit("run_started", self._started_data())
            if problem:
                h.emit("error", {"message": problem, "field": problem_field, "turn": self.turn})
                return
            self.built = self.engine.agent(self.config, self.keys)
            graph = self.built.graph
            with self.engine._executions_lock:
                if h.run_id in self.engine._executions:
                    msg = "This run is already running in this process."
                    raise RuntimeError(msg)
                self.engine._executions[h.run_id] = self
            snapshot = graph.get_state(cfg)
            self._seed_from_state(snapshot.values, resuming=self.mode == "resume")
            h.events[-1].data["turn"] = self.turn
            payload = self._input(snapshot)
            if payload is _NOTHING_TO_RESUME:
                h.emit(
                    "error",
                    {
                        "message": "This run has nothing left to resume: it already ended. "
                        "Use Continue to send a follow-up message instead.",
                        "turn": self.turn,
                    },
                )
                return
            self._stream(graph, payload, cfg)
            self._finish(graph.get_state(cfg).values)
        except _Drained:
            h.emit(
                "cancelled",
                {
                    "turn": self.turn,
                    "iterations": self.iteration,
                    "wall_time_s": round(time.monotonic() - self.started, 3),
                },
            )
        except Exception as exc:
            logger.exception("Run %s failed", h.run_id)
            h.emit("error", {"message": redact(_describe_failure(exc), self.keys), "turn": self.turn})
        finally:
            with self.engine._executions_lock:
                if self.engine._executions.get(h.run_id) is self:
                    del self.engine._executions[h.run_id]

    def _preflight(self) -> tuple[str, str | None]:
        for field, spec_text in (("model", self.config.model), ("grader", self.config.grader)):
            try:
                spec = parse_model_spec(spec_text)
            except ModelSpecError as exc:
                return field, str(exc)
            problem = check_model_ready(spec, keys=self.keys)
            if problem:
                return field, problem
        return "", None

    def _started_data(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "config": self.config.to_dict(),
            "models": {
                "model": parse_model_spec(self.config.model).label()
                if _valid(self.config.model)
                else self.config.model,
                "grader": parse_model_spec(self.config.grader).label()
                if _valid(self.config.grader)
                else self.config.grader,
            },
            "thread_id": self.handle.run_id,
            "message": self.message,
            "rubric": self.rubric if self.rubric is not None else self.config.rubric,
            "turn": self.turn,
        }

    def _seed_from_state(self, values: dict[str, Any], *, resuming: bool) -> None:
        from langchain_core.messages import HumanMessage

        humans = [
            m
            for m in values.get("messages", [])
            if isinstance(m, HumanMessage) and m.additional_kwargs.get("lc_source") != _GRADER_SOURCE
        ]
        self.files = {p: _file_text(f) for p, f in (values.get("files") or {}).items() if f}
        if resuming:
            self.turn = max(0, len(humans) - 1)
            self.grading_run_id = values.get("_current_grading_run_id")
            self.iteration = int(values.get("_rubric_iterations") or 0)
            for ev in values.get("_rubric_evaluations") or []:
                if ev.get("grading_run_id") == self.grading_run_id:
                    self.handle.mark_seen(("grading_started", self.grading_run_id, ev["iteration"]))
                    self.handle.mark_seen(("evaluation", self.grading_run_id, ev["iteration"]))
        else:
            self.turn = len(humans)

    def _input(self, snapshot: Any) -> Any:
        from langchain_core.messages import HumanMessage

        if self.mode == "resume":
            return None if snapshot.next else _NOTHING_TO_RESUME
        if self.mode == "follow_up":
            payload: dict[str, Any] = {"messages": [HumanMessage(content=self.message or "")]}
            if self.rubric is not None:
                payload["rubric"] = self.rubric
            return payload
        return {"messages": [HumanMessage(content=self.config.task)], "rubric": self.config.rubric}

    def _stream(self, graph: Any, payload: Any, cfg: dict[str, Any]) -> None:
        from langgraph.errors import GraphDrained

        try:
            for mode, chunk in graph.stream(
                payload,
                cfg,
                stream_mode=["updates", "custom"],
                control=self.handle.control,
                # Each step's checkpoint is written before the next step starts, so whatever the store
                # recorded can be resumed after a kill (the default "async" may still be writing it).
                durability="sync",
            ):
                if mode == "custom":
                    self._on_custom(chunk)
                elif isinstance(chunk, dict):
                    for node, update in chunk.items():
                        if isinstance(update, dict):
                            self._on_update(node, update)
        except GraphDrained as exc:
            raise _Drained from exc

    def _on_update(self, node: str, update: dict[str, Any]) -> None:
        from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

        for path, value in (update.get("files") or {}).items():
            if value is None:
                self.files.pop(path, None)
            else:
                self.files[path] = _file_text(value)
        messages = update.get("messages") or []
        if not isinstance(messages, list):
            messages = [messages]
        for m in messages:
            base = {"turn": self.turn, "iteration": self.iteration}
            if isinstance(m, AIMessage) and m.tool_calls:
                calls = [
                    {"id": c.get("id"), "name": c["name"], "args": _jsonable(c.get("args", {}))} for c in m.tool_calls
                ]
                self.handle.emit("tool_call", {**base, "calls": calls, "text": _text(m)})
            elif isinstance(m, AIMessage):
                now = time.monotonic()
                tokens = self.usage.take("writer")
                self._add_tokens(tokens)
                self.handle.emit(
                    "draft",
                    {
                        **base,
                        "text": _text(m),
                        "files": dict(self.files),
                        "wall_time_s": round(now - self.last_mark, 3),
                        "tokens": tokens,
                    },
                    dedupe=("draft", self.grading_run_id, self.turn, self.iteration, m.id),
                )
                self.last_mark = now
            elif isinstance(m, ToolMessage):
                content = _text(m)
                self.handle.emit(
                    "tool_result",
                    {
                        **base,
                        "tool_call_id": m.tool_call_id,
                        "name": m.name or "",
                        "content": content[:_MAX_TOOL_RESULT_CHARS],
                    },
                )
            elif isinstance(m, HumanMessage) and m.additional_kwargs.get("lc_source") == _GRADER_SOURCE:
                self.handle.emit(
                    "feedback", {"turn": self.turn, "iteration": max(0, self.iteration - 1), "text": _text(m)}
                )
                self.last_mark = time.monotonic()

    def _on_custom(self, chunk: Any) -> None:
        if isinstance(chunk, dict) and chunk.get("type") == "rubric_evaluation_start":
            self._grading_started(chunk.get("grading_run_id"), int(chunk.get("iteration", 0)))

    def _grading_started(self, grading_run_id: str | None, iteration: int) -> None:
        self.grading_run_id = grading_run_id
        self.iteration = iteration
        if iteration not in self.grading_started_at:
            self.grading_started_at[iteration] = time.monotonic()
            self.usage.take("grader")  # calls before this pass are not its own
        self.handle.emit(
            "grading_started",
            {"turn": self.turn, "iteration": iteration, "grading_run_id": grading_run_id},
            dedupe=("grading_started", grading_run_id, iteration),
        )

    def _on_evaluation(self, ev: dict[str, Any]) -> None:
        # Called by the middleware in the graph's worker thread, right after the pass.
        iteration = int(ev["iteration"])
        self._grading_started(ev["grading_run_id"], iteration)
        now = time.monotonic()
        tokens = self.usage.take("grader")
        self._add_tokens(tokens)
        self.handle.emit(
            "evaluation",
            {
                "turn": self.turn,
                "iteration": iteration,
                "grading_run_id": ev["grading_run_id"],
                "result": ev["result"],
                "explanation": ev.get("explanation", ""),
                "criteria": [_jsonable(dict(c)) for c in ev.get("criteria", [])],
                "unverified": bool(ev.get("unverified", False)),
                "wall_time_s": round(now - self.grading_started_at.get(iteration, now), 3),
                "tokens": tokens,
            },
            dedupe=("evaluation", ev["grading_run_id"], iteration),
        )
        self.iteration = iteration + 1
        self.last_mark = now

    def _add_tokens(self, tokens: dict[str, int]) -> None:
        for k in self.tokens:
            self.tokens[k] += int(tokens.get(k, 0) or 0)

    def _finish(self, values: dict[str, Any]) -> None:
        from langchain_core.messages import AIMessage

        status = values.get("_rubric_status") or "failed"
        final = next(
            (m for m in reversed(values.get("messages", [])) if isinstance(m, AIMessage) and not m.tool_calls), None
        )
        files = {p: _file_text(f) for p, f in (values.get("files") or {}).items() if f}
        self.handle.emit(
            "finished",
            {
                "turn": self.turn,
                "status": status,
                "final_output": _text(final) if final is not None else "",
                "files": files,
                "iterations": int(values.get("_rubric_iterations") or 0),
                "grading_run_id": values.get("_current_grading_run_id"),
                "tokens": dict(self.tokens),
                "wall_time_s": round(time.monotonic() - self.started, 3),
            },
        )


class _Drained(Exception):
    """The run was cancelled between steps."""


_NOTHING_TO_RESUME = object()


def _valid(spec: str) -> bool:
    try:
        parse_model_spec(spec)
    except ModelSpecError:
        return False
    return True


def _text(message: Any) -> str:
    from rubric_core.models._chat import text_of

    return text_of(message)


def _file_text(value: Any) -> str:
    if isinstance(value, dict):
        content = value.get("content", "")
        return "\n".join(content) if isinstance(content, list) else str(content)
    return str(value)


def _jsonable(value: Any) -> Any:
    import json

    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return json.loads(json.dumps(value, default=str))


def _describe_failure(exc: BaseException) -> str:
    status = getattr(exc, "status_code", None)
    suffix = f" (HTTP {status})" if isinstance(status, int) else ""
    text = str(exc).strip() or type(exc).__name__
    return f"The run stopped: the working model or the agent raised {type(exc).__name__}{suffix}: {text[:1000]}"


__all__ = ["Engine", "RunHandle", "new_run_id", "redact"]
