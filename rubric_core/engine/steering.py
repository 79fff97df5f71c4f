"""Step mode: where a run pauses, what a person decides there, and how the decision reaches the loop.

A run started step by step pauses after each grading pass, before its feedback goes back to the agent:
`on_evaluation` calls LangGraph's `interrupt()` inside the middleware's grading node. On resume that node
runs again from its start, and the product's checkpointer never keeps the grader's own sub-graph (see
checkpoints.py), so the grader would be called a second time. It is not: the pass's grader answers travel in
the pause's own payload (saved in the run's checkpoint) and `SteeredRubricMiddleware._invoke_grader`, the
library's per-call extension point, gives them back instead of calling the model. The decision then edits
the dict the library hands `on_evaluation`, which is the one it turns into the agent's feedback and the loop's
next step (`_compose_update`): a source seam, pinned by tests/core/test_steer.py.

The optional pause before each grading is a static `interrupt_before` on the grading node: nothing ran yet,
nothing runs twice.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rubric_core.verdicts import VERDICTS

GRADING_NODE = "RubricMiddleware.after_agent"
"""The graph node of a grading pass (the middleware keeps its class name on the node, see `name` below)."""
PAUSE_MARK = "rubric_studio_pause"
"""Key of the pause payload saved with the checkpoint: which pause it is ("after_grading")."""
FEEDBACK_KEY = "_rubric_studio_feedback"
"""Key a decision puts on the library's evaluation: the feedback text the agent gets instead of the composed one."""

StepMode = Literal["", "verdicts", "drafts"]
STEP_MODES: tuple[str, ...] = ("", "verdicts", "drafts")
"""'' never pauses; 'verdicts' pauses after each grading pass; 'drafts' also before each grading (the draft first)."""
PauseKind = Literal["after_grading", "before_grading"]


@dataclass(frozen=True)
class PartOptions:
    """What a part of a run carries beyond a start or a resume: its step mode, a decision, or a fork."""

    step: str = ""
    """The run's step mode (STEP_MODES)."""
    decision: Mapping[str, Any] | None = None
    """A continue part: what the person decided at the pause (see `check_decision` in rubric_core/execution)."""
    fork: Mapping[str, Any] | None = None
    """A fork's first part: {parent, checkpoint_id, turn, iteration, kind, rubric, draft, feedback, by}."""
    inherited: list[Any] = field(default_factory=list)
    """A fork's first part: the parent's events up to the fork point (RunEvents), recorded as the fork's own."""


class GraderCalls:
    """The grader answers of each step-mode run's pass in flight, by thread: recorded, then given back on resume."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watched: set[str] = set()
        self._recorded: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
        self._replay: dict[tuple[str, str, int], list[dict[str, Any]]] = {}

    def watch(self, thread_id: str) -> None:
        """Record this thread's grader answers (a step-mode run may pause after the pass)."""
        with self._lock:
            self._watched.add(thread_id)

    def forget(self, thread_id: str) -> None:
        """The part of this run ended here: drop what is kept for it."""
        with self._lock:
            self._watched.discard(thread_id)
            for table in (self._recorded, self._replay):
                for key in [k for k in table if k[0] == thread_id]:
                    del table[key]

    def prime(self, thread_id: str, grading_run_id: str, iteration: int, answers: list[dict[str, Any]]) -> None:
        """The answers a paused pass already got: its resumed grading node gets them back, in order."""
        with self._lock:
            self._replay[(thread_id, grading_run_id, iteration)] = [dict(a) for a in answers]

    def replayed(self, thread_id: str, grading_run_id: str, iteration: int) -> dict[str, Any] | None:
        """The next stored answer of this pass, or None (then the grader is called)."""
        with self._lock:
            queue = self._replay.get((thread_id, grading_run_id, iteration))
            return queue.pop(0) if queue else None

    def record(self, thread_id: str, grading_run_id: str, iteration: int, answer: dict[str, Any]) -> None:
        """A grader answer of a watched thread's pass."""
        with self._lock:
            if thread_id in self._watched:
                self._recorded.setdefault((thread_id, grading_run_id, iteration), []).append(answer)

    def take(self, thread_id: str, grading_run_id: str, iteration: int) -> list[dict[str, Any]]:
        """The answers recorded for this pass (and forget them)."""
        with self._lock:
            return self._recorded.pop((thread_id, grading_run_id, iteration), [])


def _thread_id() -> str | None:
    try:
        from langgraph.config import get_config

        value = get_config().get("configurable", {}).get("thread_id")
    except RuntimeError:  # outside a graph run
        return None
    return None if value is None else str(value)


_CLASS: list[type] = []
_CLASS_LOCK = threading.Lock()


def steered_middleware_class() -> type:
    """RubricMiddleware with the grader answers of a paused pass given back and the feedback text replaceable.

    Built on first use (deepagents is imported lazily). Its graph nodes keep the library's names
    ("RubricMiddleware.after_agent"), so checkpoints written before and after read the same.
    """
    with _CLASS_LOCK:
        if _CLASS:
            return _CLASS[0]
        from deepagents.middleware.rubric import GraderResponse, RubricMiddleware

        class SteeredRubricMiddleware(RubricMiddleware):
            """See the module docstring."""

            grader_calls: GraderCalls | None = None

            @property
            def name(self) -> str:
                return "RubricMiddleware"

            def _invoke_grader(
                self, state: Any, iteration: int, correction: str | None = None, *, context: object | None = None
            ) -> Any:
                calls, thread = self.grader_calls, _thread_id()
                grading_run_id = str(state.get("_current_grading_run_id") or "")
                if calls is not None and thread is not None:
                    stored = calls.replayed(thread, grading_run_id, iteration)
                    if stored is not None:
                        return GraderResponse.model_validate(stored)
                graded = super()._invoke_grader(state, iteration, correction, context=context)
                if calls is not None and thread is not None:
                    calls.record(thread, grading_run_id, iteration, graded.model_dump(mode="json"))
                return graded

            def _revision_prompt(self, evaluation: Any) -> str:  # type: ignore[override]
                edited = evaluation.pop(FEEDBACK_KEY, None) if isinstance(evaluation, dict) else None
                return str(edited) if edited else RubricMiddleware._revision_prompt(for_the_agent(evaluation))

        _CLASS.append(SteeredRubricMiddleware)
        return SteeredRubricMiddleware


def feedback_text(evaluation: Mapping[str, Any]) -> str:
    """The revision message the library would send the agent for this evaluation ('' when the loop ends)."""
    if evaluation.get("result") != "needs_revision":
        return ""
    from deepagents.middleware.rubric import RubricMiddleware

    return str(RubricMiddleware._revision_prompt(for_the_agent(evaluation)))  # type: ignore[arg-type]


def for_the_agent(evaluation: Mapping[str, Any]) -> Any:
    """The evaluation the agent's feedback is composed from: an n/a criterion's gap without the advice meant for
    the rubric's author ("Rephrase it as one of the phrasings ... or use an LLM grader"), which the agent cannot act
    on. The gap the store and the page show keeps it."""
    from rubric_core.models._wants import NA_GAP_START

    criteria = []
    for c in evaluation.get("criteria") or []:
        gap = str(c.get("gap") or "") if isinstance(c, Mapping) else ""
        if gap.startswith(NA_GAP_START) and AUTHOR_ADVICE in gap:
            c = {**c, "gap": gap[: gap.index(AUTHOR_ADVICE)].strip()}
        criteria.append(c)
    return {**evaluation, "criteria": criteria}


AUTHOR_ADVICE = "Rephrase it as one of the phrasings"
"""Where the offline grader's n/a gap turns to the rubric's author (models/offline.CANNOT_JUDGE_GAP)."""


REVIEWER_FAIL_GAP = "A reviewer marked this criterion failed."
REVIEWER_NA_GAP = "A reviewer marked this criterion n/a: it cannot be judged as written."


def overridden_result(
    result: str, criteria: Sequence[Mapping[str, Any]], overrides: Sequence[Mapping[str, Any]], *, at_cap: bool
) -> str:
    """The pass's result once the overrides apply: satisfied when every criterion passes, else needs revision
    (max_iterations_reached at the cap). No override: the grader's result stands."""
    if not overrides or result in ("failed", "grader_error"):
        return result
    by_position = {int(o["position"]): str(o["verdict"]) for o in overrides}
    passing = [by_position.get(i, "pass" if c.get("passed") else "fail") == "pass" for i, c in enumerate(criteria)]
    if all(passing):
        return "satisfied"
    return "max_iterations_reached" if at_cap else "needs_revision"


def apply_decision(evaluation: dict[str, Any], decision: Mapping[str, Any], *, max_iterations: int) -> None:
    """Edit the library's own evaluation dict in place: the overrides' verdicts, the result that follows, and the
    feedback text the agent gets instead of the composed one.

    A human n/a is `passed: False` for the library, as an n/a of the grader is (rubric_core/verdicts.py).
    """
    overrides = [o for o in decision.get("overrides") or [] if str(o.get("verdict")) in VERDICTS]
    criteria = evaluation.get("criteria") or []
    overrides = [o for o in overrides if 0 <= int(o["position"]) < len(criteria)]
    iteration = int(evaluation.get("iteration", 0))
    result = overridden_result(
        str(evaluation.get("result")), criteria, overrides, at_cap=iteration + 1 >= max_iterations
    )
    for override in overrides:
        criterion = criteria[int(override["position"])]
        verdict = str(override["verdict"])
        reason = str(override.get("reason") or "").strip()
        if verdict == "pass":
            criterion["passed"] = True
            criterion.pop("gap", None)
        else:
            criterion["passed"] = False
            base = REVIEWER_FAIL_GAP if verdict == "fail" else REVIEWER_NA_GAP
            criterion["gap"] = f"{base} {reason}" if reason else base
    if overrides:
        evaluation["explanation"] = overridden_explanation(criteria, len(overrides), decision.get("reviewer"))
    if result != evaluation.get("result"):
        evaluation["result"] = result
        if result == "satisfied":
            evaluation["unverified"] = False  # a person vouched for every criterion
    feedback = decision.get("feedback")
    if feedback and evaluation.get("result") == "needs_revision":
        evaluation[FEEDBACK_KEY] = str(feedback)


def overridden_explanation(criteria: Sequence[Mapping[str, Any]], overridden: int, reviewer: object) -> str:
    """The explanation the agent reads once a person's overrides apply, from the verdicts as they now stand: the
    grader's own ("3 of 6 criteria fail ... 1 cannot be judged (n/a)") no longer held after an n/a became a fail."""
    from rubric_core.models._wants import NA_GAP_START

    who = str(reviewer or "").strip()
    who = "a reviewer" if who in ("", "local") else who  # the local user who typed no name: no one named "local"
    unjudged = [str(c.get("name")) for c in criteria if not c.get("passed") and _is_na_gap(c, NA_GAP_START)]
    failing = [str(c.get("name")) for c in criteria if not c.get("passed") and str(c.get("name")) not in unjudged]
    said = f"{who} overrode the grader on {overridden} {'criterion' if overridden == 1 else 'criteria'}. "
    if failing:
        said += f"{len(failing)} of {len(criteria)} criteria fail: " + "; ".join(failing) + "."
    else:
        said += f"No criterion of {len(criteria)} fails."
    if unjudged:
        said += f" {len(unjudged)} cannot be judged (n/a): " + "; ".join(unjudged) + "."
    return said[:1].upper() + said[1:]


def _is_na_gap(criterion: Mapping[str, Any], start: str) -> bool:
    gap = str(criterion.get("gap") or "")
    return gap.startswith(start) or gap.startswith(REVIEWER_NA_GAP)


def pause_of(snapshot: Any) -> dict[str, Any] | None:
    """The step-mode pause a thread's state is waiting at after a grading pass (its payload), or None."""
    for pending in getattr(snapshot, "interrupts", ()) or ():
        value = getattr(pending, "value", None)
        if isinstance(value, dict) and value.get(PAUSE_MARK) == "after_grading":
            return value
    return None


def waits_before_grading(snapshot: Any) -> bool:
    """Whether the thread stands at a written draft not graded yet, with nothing else pending (a static pause)."""
    return tuple(getattr(snapshot, "next", ()) or ()) == (GRADING_NODE,) and not (
        getattr(snapshot, "interrupts", ()) or ()
    )
