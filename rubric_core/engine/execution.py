"""One part of a run (start, resume or follow-up) executed on an engine: stream the graph, emit events, finish.

The engine (runner.py) owns what runs share (checkpointer, agents); a
`RunExecution` owns one run's state (turn, iteration, files, tokens) and turns
what the graph streams into `RunEvent`s on the run's handle.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

from rubric_core.config import RunConfig
from rubric_core.engine import messages as msgs
from rubric_core.engine.bounds import bounded, bounded_files
from rubric_core.engine.handle import DraftCancelled, RunHandle, RunPrior
from rubric_core.engine.live_activity import LiveActivity
from rubric_core.engine.part_start import PartStart
from rubric_core.engine.project_run import seed_files, user_code_error
from rubric_core.engine.redaction import describe_failure, redact
from rubric_core.engine.shutdown import Mode, shutdown_message
from rubric_core.engine.steer_part import SteerPart
from rubric_core.engine.steering import PartOptions
from rubric_core.engine.stream_events import STREAM_MODES, StorageFault, StreamTranslator
from rubric_core.engine.turn_input import (
    FINISH_ONLY,
    NOTHING_TO_RESUME,
)
from rubric_core.projects.agents import accepts_files
from rubric_core.projects.imports import UserCodeError
from rubric_core.projects.project_file import ProjectError
from rubric_core.store.faults import is_disk_full, is_store_unreachable, storage_fault_message

logger = logging.getLogger("rubric_core.engine.runner")
RELEASE_WAIT_S = 60.0
"""How long a new part waits for the ended part before it to let go of the run (normally microseconds)."""


class RunExecution(SteerPart, PartStart, StreamTranslator):
    """One invocation of the agent for a handle: stream, translate, finish (or pause: steer_part.py)."""

    def __init__(
        self,
        engine: Any,  # the Engine (runner.py, which stands on this module)
        handle: RunHandle,
        config: RunConfig,
        mode: Mode,
        message: str | None,
        rubric: str | None,
        keys: Mapping[str, str] | None,
        prior: RunPrior | None = None,
        options: PartOptions | None = None,
    ) -> None:
        self.engine, self.handle, self.config, self.mode = engine, handle, config, mode
        self.options = options or PartOptions()  # step mode, a continue's decision, a fork (steering.py)
        self.message, self.rubric, self.keys = message, rubric, keys
        from rubric_core.redaction import register_secrets

        register_secrets(keys)  # a session's keys: redacted from everything this process lets out from now on
        self.prior = prior or RunPrior()
        self.turn = 0
        self._announced = False
        self.started_at = time.time()
        self._announce_lock = threading.Lock()
        self.iteration = 0
        self.released = threading.Event()
        """Set once this part no longer holds its run in the engine (the very end of `run`)."""
        self.grading_run_id: str | None = None
        self.grading_started_at: dict[int, float] = {}
        self.last_mark = time.monotonic()
        self.started = time.monotonic()
        self.files: dict[str, str] = {}
        self.thread_rubric: str | None = None
        """The rubric the thread already holds (its state's `rubric`): what a follow-up that keeps it grades with."""
        # Totals of the whole run: what earlier parts and turns stored, plus this part.
        self.tokens = {
            k: int(self.prior.tokens.get(k, 0) or 0) for k in ("input_tokens", "output_tokens", "total_tokens")
        }
        self.built: Any = None
        self.backend_files: Any = None
        self._seeded: dict[str, str] | None = None
        """The files a new run starts with, read before its start is announced."""
        self.notes: list[str] = []
        """What the run's start says beside its settings (links the files' walk did not follow)."""
        self.agent_info: dict[str, str] = {}
        """The project agent that runs (name, factory, project, project_file, digest); empty: the built-in one."""
        from rubric_core.engine.usage import RunUsage  # langchain stays out of import time

        self.usage = RunUsage()
        self.live = LiveActivity.of(handle, self.prior.events)
        for event in self.prior.events:
            key = event.key
            if key is not None:
                handle.mark_seen(key)

    def _totals(self) -> dict[str, Any]:
        return {
            "tokens": dict(self.tokens),
            "wall_time_s": round(self.prior.wall_time_s + time.monotonic() - self.started, 3),
        }

    def interrupt(self, reason: str, message: str) -> None:
        """End this run now as `interrupted` (nothing after this is recorded); it stays resumable.

        Model calls that finished but whose step was cut short (a grading pass stopped half way, a draft
        not streamed yet) were paid for: their tokens are counted here as `unrecorded_tokens`, because
        the resumed run does that step again and counts it again.
        """
        from rubric_core.store.liveness import mark_stopped

        self._announce()
        spent = self._unrecorded_tokens()
        data: dict[str, Any] = {"turn": self.turn, "reason": reason, "message": message}
        if any(spent.values()):
            self._add_tokens(spent)
            data["unrecorded_tokens"] = spent
        self.handle.interrupt({**data, **self._totals()})
        mark_stopped(self.handle.run_id)

    def _unrecorded_tokens(self) -> dict[str, int]:
        """Tokens of finished model calls no event has counted yet (both roles)."""
        writer, grader = self.usage.take("writer"), self.usage.take("grader")
        return {
            k: int(writer.get(k, 0)) + int(grader.get(k, 0)) for k in ("input_tokens", "output_tokens", "total_tokens")
        }

    # The whole body is guarded: a worker thread must always end with a terminal event.
    def run(self) -> None:
        from rubric_core.engine import backend_files
        from rubric_core.store.liveness import mark_running

        h = self.handle
        cfg: dict[str, Any] = {"configurable": {"thread_id": h.run_id}, "callbacks": [self.usage]}
        mark_running(h.run_id)
        run_token = backend_files.writing_as(h.run_id)  # its graph's backend writes are its own (backend_files.py)
        try:
            problem_field, problem = self._preflight()
            # The part's working time starts here, as the store's does (at `run_started`).
            self.started = self.last_mark = time.monotonic()
            self.started_at = time.time()
            if problem:
                self._announce()
                h.emit("error", {"message": problem, "field": problem_field, "turn": self.turn})
                return
            try:
                self.built = self.engine.agent(self.config, self.keys)
            except (ProjectError, UserCodeError) as exc:
                self._user_code_failed(exc, "agent" if self.config.agent else "grader_tools")
                return
            graph = self.built.graph
            if self.mode == "start":
                try:  # read before the start is announced, so it says which links the files' walk skipped
                    self._seeded = seed_files(self.config, self.built.project, self.notes)
                except ProjectError as exc:
                    self._user_code_failed(exc, "files")
                    return
            self._hold_run()
            self._check_fault()
            self._steer_setup(graph, cfg)
            snapshot = graph.get_state(cfg)
            self._seed_from_state(snapshot.values, resuming=self.mode in ("resume", "continue", "fork"))
            self._watch_backend_files(graph)
            self._announce()
            self._after_announce()
            try:
                payload = self._input(snapshot)
                if isinstance(payload, dict) and payload.get("files") and not accepts_files(graph):
                    msg = (
                        f"The run gives the agent files, but the graph of {self._agent_label()} has no `files` state "
                        "to put them in: build it with create_deep_agent, or give no files."
                    )
                    raise UserCodeError(msg)
            except (ProjectError, UserCodeError) as exc:
                self._user_code_failed(exc, "files")
                return
            if payload is NOTHING_TO_RESUME:
                h.emit(
                    "error",
                    {
                        "message": "This run has nothing left to resume: it already ended. "
                        "Use Continue to send a follow-up message instead.",
                        "turn": self.turn,
                    },
                )
                return
            if payload is not FINISH_ONLY:
                self._stream(graph, payload, cfg)
            state = graph.get_state(cfg)
            if not self._pause_if_waiting(state):
                self._finish(state.values)
        except (_Drained, DraftCancelled):
            self._announce()
            h.emit("cancelled", {"turn": self.turn, "iterations": self.iteration, **self._totals()})
        except StorageFault:
            if not h.frozen:
                self._interrupt_for_fault(h.fault)
        except KeyboardInterrupt:
            # Ctrl-C in a run executed in the main thread: a hard stop, resumable.
            self.interrupt("stopped", shutdown_message(h.run_id, "Ctrl-C"))
            raise
        except Exception as exc:
            if self.engine.stopping or h.frozen:
                # The process is stopping: what failed now is the shutdown, not the run (already interrupted).
                logger.info("Run %s stopped with the process: %s", h.run_id, exc)
            elif is_disk_full(exc) or is_store_unreachable(exc) or h.fault is not None:
                # The store or the checkpoints could not be written (a full disk, a database gone):
                # not the working model's failure, and resumable once the storage is back.
                own = is_disk_full(exc) or is_store_unreachable(exc)
                self._interrupt_for_fault(exc if own else h.fault)
            else:
                logger.exception("Run %s failed", h.run_id)
                self._announce()
                h.emit("error", {"message": redact(describe_failure(exc), self.keys), "turn": self.turn})
        finally:
            backend_files.forget_run(h.run_id, run_token)
            self.engine.grader_calls.forget(h.run_id)
            with self.engine._executions_lock:
                if self.engine._executions.get(h.run_id) is self:
                    del self.engine._executions[h.run_id]
            self.released.set()
            if h.fault is not None:
                from rubric_core.store.liveness import mark_stopped

                mark_stopped(h.run_id)  # its store row could not be updated: it must not read as running

    def _hold_run(self) -> None:
        """Hold the run in this engine; a part that still holds it and is live is refused.

        The part before (a finished first turn) emits its terminal event a moment before it lets go of the run:
        a Continue sent as soon as the store had `finished` (even before the handle's `done` was set) reached the
        same worker in that moment and was refused ("already running") under load. A previous part that is
        ending is waited for.
        """
        h = self.handle
        while True:
            with self.engine._executions_lock:
                previous = self.engine._executions.get(h.run_id)
                if previous is None:
                    self.engine._executions[h.run_id] = self
                    return
            if not previous.handle.ending or not previous.released.wait(RELEASE_WAIT_S):
                msg = "This run is already running in this process."
                raise RuntimeError(msg)

    def _agent_label(self) -> str:
        info = (self.built.agent if self.built is not None else None) or {}
        return (
            f"agent {self.config.agent!r} ({info.get('factory', 'its factory')})" if self.config.agent else "the agent"
        )

    def _user_code_failed(self, exc: Exception, field: str) -> None:
        """The user's project or code cannot carry the run: one message, their traceback once (as `detail`)."""
        self._announce()
        data = user_code_error(exc, field, self.turn)
        logger.info("Run %s: %s%s", self.handle.run_id, exc, f"\n{data['detail']}" if "detail" in data else "")
        self.handle.emit("error", data)

    def _interrupt_for_fault(self, exc: BaseException | None) -> None:
        message = storage_fault_message(exc, self.engine.db_url, self.engine.checkpoint_path, self.handle.run_id)
        logger.warning("Run %s interrupted: %s", self.handle.run_id, message)
        lost = exc is not None and not is_disk_full(exc) and is_store_unreachable(exc)
        self.interrupt("store_lost" if lost else "disk_full", message)

    def _check_fault(self) -> None:
        if self.handle.fault is not None:
            raise StorageFault

    def _stream(self, graph: Any, payload: Any, cfg: dict[str, Any]) -> None:
        from langgraph.errors import GraphDrained

        try:
            for namespace, mode, chunk in graph.stream(
                payload,
                cfg,
                stream_mode=STREAM_MODES,
                subgraphs=True,
                control=self.handle.control,
                interrupt_before=self._interrupt_before(),
                # Each step's checkpoint is written before the next step starts, so whatever the store
                # recorded can be resumed after a kill (the default "async" may still be writing it).
                durability="sync",
            ):
                self._on_chunk(namespace, mode, chunk)
                # The store could not keep an event: go no further than what it holds.
                self._check_fault()
        except GraphDrained as exc:
            raise _Drained from exc

    def _finish(self, values: dict[str, Any]) -> None:
        from langchain_core.messages import AIMessage

        if self.config.agent and not values.get("_rubric_status"):
            # The static check found our middleware in the graph, yet no grading pass ran: the graph never
            # let it (a custom graph that ends before the agent's hooks, for one).
            self._user_code_failed(
                UserCodeError(
                    f"The graph of {self._agent_label()} ended without Rubric Studio's grader seeing a draft: build "
                    "it with create_deep_agent(model=model, middleware=[*middleware, ...], checkpointer=checkpointer)."
                ),
                "agent",
            )
            return
        status = values.get("_rubric_status") or "failed"
        final = next(
            (m for m in reversed(values.get("messages", [])) if isinstance(m, AIMessage) and not m.tool_calls), None
        )
        self.files = {p: msgs.file_text(f) for p, f in (values.get("files") or {}).items() if f}
        files, on_disk = self._files_now()
        self.handle.emit(
            "finished",
            {
                "turn": self.turn,
                "status": status,
                "final_output": bounded(msgs.text(final), what="answer") if final is not None else "",
                "files": bounded_files(files),
                **({"disk_files": on_disk} if on_disk else {}),
                "iterations": int(values.get("_rubric_iterations") or 0),
                "grading_run_id": values.get("_current_grading_run_id"),
                **self._totals(),
            },
        )


class _Drained(Exception):
    """The run was cancelled between steps."""
