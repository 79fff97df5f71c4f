"""How a run part starts (a mixin of `RunExecution`): its settings checked, its start announced once, the
thread's checkpointed state read, the graph's file backends listed, and what the part sends the graph first.

Kept apart from execution.py, which runs the part (stream, translate, finish); this module only reads and
announces what the part starts from.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from rubric_core.engine import messages as msgs
from rubric_core.engine.project_run import agent_info, seed_files
from rubric_core.engine.turn_input import (
    NOTHING_TO_RESUME,
    follow_up_input,
    start_input,
    unsaved_input,
    user_turns,
)
from rubric_core.models.providers import ModelSpecError, check_model_ready, parse_model_spec
from rubric_core.projects.project_file import ProjectError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rubric_core.config import RunConfig
    from rubric_core.engine.handle import RunHandle, RunPrior


class PartStart:
    """What a run part starts from; the state it fills is the RunExecution's."""

    handle: RunHandle
    config: RunConfig
    engine: Any
    mode: str
    message: str | None
    rubric: str | None
    keys: Mapping[str, str] | None
    prior: RunPrior
    turn: int
    iteration: int
    files: dict[str, str]
    thread_rubric: str | None
    grading_run_id: str | None
    agent_info: dict[str, str]
    notes: list[str]
    started_at: float
    built: Any
    backend_files: Any
    _seeded: dict[str, str] | None
    _announced: bool
    _announce_lock: threading.Lock

    if TYPE_CHECKING:  # steer_part.py's SteerPart, beside this mixin in RunExecution

        def _steer_started(self) -> dict[str, Any]: ...

        def _steer_input(self) -> Any: ...

    def _preflight(self) -> tuple[str, str | None]:
        for name, spec_text in (("model", self.config.model), ("grader", self.config.grader)):
            try:
                spec = parse_model_spec(spec_text)
            except ModelSpecError as exc:
                return name, str(exc)
            problem = check_model_ready(spec, keys=self.keys)
            if problem:
                return name, problem
        if self.config.agent:
            try:
                self.agent_info = agent_info(self.config)
            except ProjectError as exc:
                return "agent", str(exc)
        return "", None

    def _started_data(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "config": self.config.to_dict(),
            "models": {
                "model": parse_model_spec(self.config.model).label()
                if msgs.valid_spec(self.config.model)
                else self.config.model,
                "grader": parse_model_spec(self.config.grader).label()
                if msgs.valid_spec(self.config.grader)
                else self.config.grader,
            },
            "thread_id": self.handle.run_id,
            "message": self.message,
            # The rubric this part grades with: a new one, or the thread's own (a follow-up that keeps the rubric
            # after an earlier one replaced it grades with that replacement, not with the config's first rubric).
            "rubric": self.rubric if self.rubric is not None else (self.thread_rubric or self.config.rubric),
            "turn": self.turn,
            **({"agent": self.agent_info} if self.agent_info else {}),
            **({"notes": list(self.notes)} if self.notes else {}),
            **self._steer_started(),
        }

    def _announce(self) -> None:
        """Emit `run_started` once: after the thread's state is read (its turn known), or before any earlier end.

        Emitted before the state was read, a follow-up's start was stored as turn 0 (the turn is only known from
        the checkpointed messages), so its message was shown as the first turn's and the second turn's read
        "(empty)". An end that comes first (a refused setting, the user's code failing, a stop) announces the
        start before it, so the store always has the start of what it records.
        """
        with self._announce_lock:
            if self._announced:
                return
            self._announced = True
        self.handle.emit("run_started", self._started_data(), at=self.started_at)

    def _seed_from_state(self, values: dict[str, Any], *, resuming: bool) -> None:
        humans = user_turns(values)
        self.files = {p: msgs.file_text(f) for p, f in (values.get("files") or {}).items() if f}
        rubric = values.get("rubric")
        self.thread_rubric = rubric if isinstance(rubric, str) and rubric else None
        if resuming:
            self.turn = max(0, len(humans) - 1)
            self.grading_run_id = values.get("_current_grading_run_id")
            self.iteration = int(values.get("_rubric_iterations") or 0)
            for ev in values.get("_rubric_evaluations") or []:
                # A fork records its parent's passes itself (steer_part.py): none is "already stored" for it.
                if ev.get("grading_run_id") == self.grading_run_id and self.mode != "fork":
                    self.handle.mark_seen(("grading_started", self.grading_run_id, ev["iteration"]))
                    self.handle.mark_seen(("evaluation", self.grading_run_id, ev["iteration"]))
        else:
            self.turn = len(humans)

    def _watch_backend_files(self, graph: Any) -> None:
        """List the graph's filesystem backends now: what changes from here on is the agent's writing."""
        from rubric_core.engine.backend_files import BackendFiles

        self.backend_files = BackendFiles.of_graph(graph)
        if self.backend_files is None:
            return
        earlier: list[str] = []
        for event in self.prior.events:  # files an earlier part wrote stay in the record while they exist
            if event.type in ("draft", "finished") and event.data.get("disk_files"):
                earlier = list(event.data["disk_files"])
        self.backend_files.start(known=earlier, run_id=self.handle.run_id)

    def _input(self, snapshot: Any) -> Any:
        from rubric_core.engine.checkpoints import has_pending_work

        if self.mode in ("continue", "fork"):
            return self._steer_input()
        if self.mode == "resume":
            if has_pending_work(self.engine.checkpointer, self.handle.run_id, snapshot):
                return None
            if not self.prior.unfinished:
                return NOTHING_TO_RESUME
            payload, turn = unsaved_input(self.prior.events, snapshot.values, self.config.task, self.config.rubric)
            if turn is not None:
                self.turn = turn
            if isinstance(payload, dict) and payload.get("rubric") is not None and turn == 0:
                payload = self._with_files(payload)
            return payload
        if self.mode == "follow_up":
            return follow_up_input(self.message or "", self.rubric)
        return self._with_files(start_input(self.config.task, self.config.rubric))

    def _with_files(self, payload: dict[str, Any]) -> dict[str, Any]:
        files = self._seeded if self._seeded is not None else seed_files(self.config, self.built.project)
        if not files:
            return payload
        from rubric_core.projects.seed_files import as_state_files

        self.files = dict(files)  # the first draft's diff starts from them
        return {**payload, "files": as_state_files(files)}
