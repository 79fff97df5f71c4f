"""The steering side of a run part (a mixin of `RunExecution`): pauses, a continue's decision, a fork's start.

Kept apart from execution.py, which streams and translates: this module decides what a part of a step-mode
run, a continue or a fork sends the graph, edits the thread's state first when the person asked for it, and
ends the part `paused` when the graph stopped at a pause. See steering.py (where a pause sits, so nothing
paid runs twice) and forking.py (how a fork gets its own thread).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rubric_core.engine import messages as msgs
from rubric_core.engine.bounds import bounded, bounded_files
from rubric_core.engine.steering import (
    GRADING_NODE,
    PAUSE_MARK,
    PartOptions,
    apply_decision,
    feedback_text,
    pause_of,
    waits_before_grading,
)

if TYPE_CHECKING:
    from rubric_core.config import RunConfig
    from rubric_core.engine.handle import RunHandle


class SteerPart:
    """Pauses, decisions and forks of one run part; the state it reads is the RunExecution's."""

    handle: RunHandle
    config: RunConfig
    engine: Any
    mode: str
    turn: int
    iteration: int
    files: dict[str, str]
    options: PartOptions
    _edited: bool
    _regrade_draft: dict[str, Any] | None

    # ---- before the graph runs -----------------------------------------------------------------

    @property
    def step(self) -> str:
        """The run's step mode ('' never pauses)."""
        return self.options.step

    def _steer_setup(self, graph: Any, cfg: dict[str, Any]) -> None:
        """Watch the grader of a step-mode run; a fork gets its thread; a continue's edits go into the state."""
        self._edited, self._regrade_draft = False, None
        thread = self.handle.run_id
        if self.step:
            self.engine.grader_calls.watch(thread)
        if self.mode == "fork" and self.options.fork is not None:
            self._fork_thread(graph, cfg, self.options.fork)
        elif self.mode == "continue" and self.options.decision is not None:
            self._edit_at_pause(graph, cfg, self.options.decision)
        snapshot = graph.get_state(cfg)
        pause = pause_of(snapshot)
        if pause is not None:  # a pass that paused here before: its grader answers come back on resume
            values = snapshot.values
            self.engine.grader_calls.prime(
                thread,
                str(pause.get("grading_run_id") or values.get("_current_grading_run_id") or ""),
                int(pause.get("iteration", 0)),
                list(pause.get("graded") or []),
            )

    def _fork_thread(self, graph: Any, cfg: dict[str, Any], fork: Any) -> None:
        from rubric_core.engine.forking import copy_chain, draft_update, feedback_update, rubric_update

        copy_chain(self.engine.checkpointer, str(fork["parent"]), str(fork["checkpoint_id"]), self.handle.run_id)
        snapshot = graph.get_state(cfg)
        if fork["kind"] == "feedback":
            graph.update_state(
                snapshot.config, feedback_update(snapshot.values, fork["feedback"]), as_node=GRADING_NODE
            )
            return
        edits: dict[str, Any] = {}
        if fork.get("rubric"):
            edits.update(rubric_update(fork["rubric"], iteration=int(fork["iteration"])))
        if fork.get("draft"):
            edits.update(draft_update(snapshot.values, fork["draft"]))
        graph.update_state(snapshot.config, edits)

    def _edit_at_pause(self, graph: Any, cfg: dict[str, Any], decision: Any) -> None:
        """A new rubric or an edited draft: the paused draft's checkpoint is updated and graded again from there.

        A new rubric after a pass grades the same draft as the next iteration (a new grading run): the pass
        already stored stays the grader's record, under the rubric it was graded with.
        """
        from rubric_core.engine.forking import draft_update, last_draft, rubric_update

        if not (decision.get("rubric") or decision.get("draft")):
            return
        snapshot = graph.get_state(cfg)
        values = snapshot.values
        iteration = int(values.get("_rubric_iterations") or 0)
        edits: dict[str, Any] = {}
        if decision.get("draft"):
            edits.update(draft_update(values, decision["draft"]))
        if decision.get("rubric"):
            after = decision.get("pause") == "after_grading"
            edits.update(rubric_update(decision["rubric"], iteration=iteration + 1 if after else iteration))
            if after:
                draft = last_draft(values)
                self._regrade_draft = {
                    "iteration": iteration + 1,
                    "text": bounded(msgs.text(draft) if draft is not None else "", what="draft"),
                    "regrade_of": iteration,
                }
        graph.update_state(snapshot.config, edits)
        self._edited = True

    def _steer_started(self) -> dict[str, Any]:
        """What `run_started` says of steering: the step mode, a fork's parent and fork point, a continue's pause."""
        data: dict[str, Any] = {}
        if self.step:
            data["step"] = self.step
        fork = self.options.fork
        if self.mode == "fork" and fork is not None:
            data["fork"] = {
                "parent_run": fork["parent"],
                "turn": int(fork["turn"]),
                "iteration": int(fork["iteration"]),
                "kind": fork["kind"],
                **{k: fork[k] for k in ("rubric", "draft", "feedback") if fork.get(k)},
                "by": fork.get("by", ""),
            }
        return data

    def _after_announce(self) -> None:
        """A continue records the decision; a fork records the parent's story up to the fork point as its own."""
        decision = self.options.decision
        if self.mode == "continue" and decision is not None:
            self.handle.emit("steered", {**dict(decision), "turn": int(decision.get("turn", self.turn))})
            if self._regrade_draft is not None:
                files, _disk = self._files_now()  # type: ignore[attr-defined]
                self.handle.emit(
                    "draft",
                    {
                        "turn": self.turn,
                        **self._regrade_draft,
                        "files": bounded_files(files),
                        "wall_time_s": 0.0,
                        "tokens": {},
                    },
                )
        if self.mode == "fork":
            for event in self.options.inherited:
                self.handle.emit(event.type, {**event.data, "inherited": True}, at=event.at)

    def _steer_input(self) -> Any:
        """What a continue sends the graph: the decision as the paused node's resume value, or nothing (the state
        was edited, or the pause was before grading: the graph goes on from its checkpoint)."""
        decision = self.options.decision
        if self.mode == "continue" and decision is not None and not self._edited:
            if decision.get("pause") == "after_grading":
                from langgraph.types import Command

                return Command(resume=dict(decision))
        return None

    def _interrupt_before(self) -> list[str] | None:
        """Pause before each grading in 'drafts' mode (a resumed stream never stops at its own first step)."""
        return [GRADING_NODE] if self.step == "drafts" else None

    # ---- while the graph runs ---------------------------------------------------------------

    def _after_evaluation(self, evaluation: dict[str, Any], library: dict[str, Any] | None) -> None:
        """Pause after a grading pass (step mode); on resume, apply the person's decision to the library's dict."""
        if not self.step or library is None or evaluation.get("result") == "grader_error":
            return  # a grader error is graded again on resume: pausing there would pay for it twice
        from langgraph.types import interrupt

        grading_run_id, iteration = str(evaluation["grading_run_id"]), int(evaluation["iteration"])
        decision = interrupt(
            {
                PAUSE_MARK: "after_grading",
                "turn": self.turn,
                "iteration": iteration,
                "grading_run_id": grading_run_id,
                "graded": self.engine.grader_calls.take(self.handle.run_id, grading_run_id, iteration),
            }
        )
        if isinstance(decision, dict):
            apply_decision(library, decision, max_iterations=self.config.max_iterations)

    # ---- after the graph stopped --------------------------------------------------------------

    def _pause_if_waiting(self, snapshot: Any) -> bool:
        """End the part `paused` if the graph stopped at a pause (the worker is then free); False otherwise."""
        pause = pause_of(snapshot)
        values = snapshot.values
        if pause is not None:
            evaluation = next(
                (
                    e.data
                    for e in reversed(self.handle.events)
                    if e.type == "evaluation" and int(e.data.get("iteration", -1)) == int(pause.get("iteration", -2))
                ),
                None,
            )
            data: dict[str, Any] = {
                "pause": "after_grading",
                "iteration": int(pause.get("iteration", 0)),
                "grading_run_id": pause.get("grading_run_id"),
            }
            if evaluation is not None:
                data["result"] = evaluation.get("result")
                data["feedback"] = bounded(feedback_text(evaluation), what="feedback")
            self._emit_paused(data)
            return True
        if self.step == "drafts" and waits_before_grading(snapshot):
            from rubric_core.engine.forking import last_draft

            draft = last_draft(values)
            self._emit_paused(
                {
                    "pause": "before_grading",
                    "iteration": int(values.get("_rubric_iterations") or 0),
                    "grading_run_id": values.get("_current_grading_run_id"),
                    "draft": bounded(msgs.text(draft) if draft is not None else "", what="draft"),
                }
            )
            return True
        return False

    def _emit_paused(self, data: dict[str, Any]) -> None:
        totals = self._totals()  # type: ignore[attr-defined]
        self.handle.emit("paused", {"turn": self.turn, **data, **totals, "paused_at": time.time()})
