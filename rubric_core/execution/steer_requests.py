"""Checking what a person asks of a paused run or a fork, whole, before anything is written.

`build_decision` turns "continue run R, with these overrides / this feedback / this rubric / this draft, or
stop" into the plain decision a continue part carries (rubric_core/engine/steering.py); `build_fork` turns
"fork run R at iteration k with this edit" into a fork spec (rubric_core/engine/forking.py). Each raises
SteerError (a ValueError: the command line exits 2, the page shows it) saying what is wrong and how to fix
it, and neither writes anything: the manager writes only once both came back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from rubric_core.config import MAX_TASK_BYTES, ConfigError, RunConfig
from rubric_core.engine.steering import overridden_result
from rubric_core.events import RunEvent
from rubric_core.rubric import is_visible
from rubric_core.verdicts import VERDICTS

STEP_RUNS_ONLY = "Step mode is for single runs: a suite run or a matrix runs its items without pausing."


class SteerError(ValueError):
    """What a person asked of a paused run or a fork cannot be done; the message says why and what to do."""


@dataclasses.dataclass(frozen=True)
class Override:
    """A human verdict given at a pause: the criterion as named (or its 0-based position), the verdict, why."""

    criterion: str
    verdict: str
    reason: str = ""
    position: int | None = None


def parse_override(text: str) -> Override:
    """`criterion=verdict` (the last `=` splits: a criterion may hold one); SteerError for anything else."""
    name, sep, verdict = text.rpartition("=")
    if not sep or not name.strip():
        msg = f'Override {text!r} is not criterion=verdict: write for example --override "Exactly three lines=fail".'
        raise SteerError(msg)
    return Override(name.strip(), verdict.strip().lower())


def paused_at(store: Any, run_id: str) -> RunEvent:
    """The pause a run waits at (its last `paused` event); SteerError when the run does not wait at one."""
    run = store.get_run(run_id)
    if run is None:
        msg = f"No run {run_id!r} in the store. List runs with `rubric-studio runs`."
        raise SteerError(msg)
    if run["status"] != "paused":
        status = run["status"]
        hint = {
            "running": "it is running: wait for its next pause, or cancel it",
            "interrupted": f"it stopped before its end: resume it (rubric-studio resume {run_id})",
            "cancelled": f"it was stopped: resume it (rubric-studio resume {run_id})",
        }.get(status, f"it ended ({status}): fork it to go on from one of its iterations (rubric-studio run fork)")
        msg = f"Run {run_id} is not paused, so there is nothing to continue: {hint}."
        raise SteerError(msg)
    pauses = [e for e in store.run_events(run_id) if e.type == "paused"]
    if not pauses:
        msg = f"Run {run_id} reads paused but its pause was not stored: resume it (rubric-studio resume {run_id})."
        raise SteerError(msg)
    return pauses[-1]


def _text(value: str | None, what: str, *, limit: int = MAX_TASK_BYTES) -> str | None:
    if value is None:
        return None
    if not is_visible(value):
        msg = f"The {what} is empty: write the text, or leave the option out."
        raise SteerError(msg)
    if len(value.encode()) > limit:
        msg = f"The {what} is {len(value.encode()):,} bytes; the limit is {limit:,}."
        raise SteerError(msg)
    return value


def checked_rubric(config: dict[str, Any], rubric: str | None) -> str | None:
    """A new rubric, checked as a run's rubric is (SteerError with the same message as the editor's)."""
    if rubric is None:
        return None
    try:
        RunConfig.from_dict({**config, "rubric": rubric})
    except ConfigError as exc:
        if "rubric" in exc.errors:
            raise SteerError(f"The new rubric: {exc.errors['rubric']}") from None
        raise
    return rubric


def _reviewer(reviewer: str, *, identity: bool) -> str:
    from rubric_core.review_words import MAX_STORED_REVIEWER_CHARS, ReviewError, check_reviewer

    if not reviewer.strip():
        msg = "Say who decides (--reviewer NAME, or the reviewer field): an override is stored as their review."
        raise SteerError(msg)
    try:
        return check_reviewer(reviewer, limit=MAX_STORED_REVIEWER_CHARS, identity=identity)
    except ReviewError as exc:
        raise SteerError(str(exc)) from None


def _criteria_of_pass(store: Any, run_id: str, turn: int, iteration: int) -> list[dict[str, Any]]:
    return [c for c in store.criteria([run_id]) if c["turn"] == turn and c["iteration"] == iteration]


def _resolve(override: Override, criteria: list[dict[str, Any]], iteration: int) -> dict[str, Any]:
    if override.verdict not in VERDICTS:
        msg = f"Verdict {override.verdict!r} for {override.criterion!r} must be pass, fail or n/a."
        raise SteerError(msg)
    if override.position is not None:
        match = [c for c in criteria if int(c["position"]) == override.position]
    else:
        match = [c for c in criteria if c["name"] == override.criterion]
        if not match:
            folded = override.criterion.casefold()
            match = [c for c in criteria if c["name"].casefold() == folded]
    if len(match) != 1:
        names = "; ".join(repr(c["name"]) for c in criteria) or "none"
        msg = f"Criterion {override.criterion!r} was not graded at iteration {iteration + 1}. Its criteria: {names}."
        raise SteerError(msg)
    cell = match[0]
    from rubric_core.review_words import ReviewError, check_reason

    try:
        reason = check_reason(override.reason)
    except ReviewError as exc:
        raise SteerError(str(exc)) from None
    return {
        "criterion": cell["name"],
        "position": int(cell["position"]),
        "verdict": override.verdict,
        "reason": reason,
    }


def build_decision(
    store: Any,
    run_id: str,
    *,
    overrides: Sequence[Override] = (),
    feedback: str | None = None,
    rubric: str | None = None,
    draft: str | None = None,
    stop: bool = False,
    reviewer: str = "",
    reviewer_is_identity: bool = False,
) -> dict[str, Any]:
    """The decision for a paused run, checked whole against its pause (SteerError otherwise); nothing written.

    `reviewer`: who decides, as stored with each override's review (`cli:NAME`, a signed-in identity, or a typed
    name; `reviewer_is_identity` as in rubric_core/judge/reviews.check_reviewer)."""
    pause = paused_at(store, run_id)
    run = store.get_run(run_id)
    assert run is not None  # paused_at checked it
    kind, turn, iteration = str(pause.data.get("pause")), int(pause.data["turn"]), int(pause.data["iteration"])
    edits = [
        name
        for name, value in (
            ("--override", overrides),
            ("--feedback-file", feedback),
            ("--rubric-file", rubric),
            ("--draft-file", draft),
        )
        if value
    ]
    if stop and edits:
        msg = f"--stop ends the run where it stands: it cannot go with {', '.join(edits)}."
        raise SteerError(msg)
    feedback, draft = _text(feedback, "feedback"), _text(draft, "draft")
    rubric = checked_rubric(dict(run["config"]), rubric)
    if kind == "before_grading" and (overrides or feedback):
        msg = (
            f"Run {run_id} is paused before grading iteration {iteration + 1}: there are no verdicts yet to "
            "override nor feedback to edit. Continue to grade the draft (you may edit it or the rubric first)."
        )
        raise SteerError(msg)
    if kind == "after_grading" and draft:
        msg = (
            f"Iteration {iteration + 1} of run {run_id} is graded already: its draft cannot change now. Fork the run "
            f"at iteration {iteration + 1} with --draft-file to grade another draft there (rubric-studio run fork)."
        )
        raise SteerError(msg)
    if rubric and (overrides or feedback):
        msg = (
            "A new rubric grades this draft again, so no verdict of this pass goes back to the agent: give "
            "--rubric-file, or --override / --feedback-file, not both."
        )
        raise SteerError(msg)
    resolved: list[dict[str, Any]] = []
    if overrides:
        criteria = _criteria_of_pass(store, run_id, turn, iteration)
        resolved = [_resolve(o, criteria, iteration) for o in overrides]
        seen = [o["position"] for o in resolved]
        if len(seen) != len(set(seen)):
            msg = "The same criterion is overridden twice: give one verdict per criterion."
            raise SteerError(msg)
    if feedback:
        graded = {(c["turn"], c["iteration"]): c for c in store.iterations([run_id])}.get((turn, iteration), {})
        criteria = _criteria_of_pass(store, run_id, turn, iteration)
        at_cap = iteration + 1 >= int(run["config"].get("max_iterations", 3))
        result = overridden_result(str(graded.get("result") or ""), criteria, resolved, at_cap=at_cap)
        if result != "needs_revision":
            msg = (
                f"Iteration {iteration + 1} ends the loop ({result}{' once the overrides apply' if resolved else ''}): "
                "no feedback goes back to the agent, so there is none to edit. Override a criterion to fail for the "
                "agent to revise."
            )
            raise SteerError(msg)
    if resolved or edits or stop:
        reviewer = _reviewer(reviewer, identity=reviewer_is_identity)
    return {
        "action": "stop" if stop else "continue",
        "pause": kind,
        "turn": turn,
        "iteration": iteration,
        "overrides": resolved,
        **({"feedback": feedback} if feedback else {}),
        **({"rubric": rubric} if rubric else {}),
        **({"draft": draft} if draft else {}),
        "reviewer": reviewer.strip(),
    }


def no_checkpoints_message(run_id: str) -> str:
    """What a run without checkpoints offers instead of a fork (the page says the same)."""
    return (
        f"Run {run_id} has no checkpoints here (it was imported from a file, or its checkpoints were removed), and "
        "a fork goes on from a checkpoint. A what-if regrade grades its stored drafts under another rubric "
        f"instead: rubric-studio regrade {run_id} --rubric-file F."
    )


def build_fork(
    store: Any,
    engine: Any,
    parent: str,
    *,
    iteration: int,
    turn: int | None = None,
    rubric: str | None = None,
    draft: str | None = None,
    feedback: str | None = None,
    by: str = "",
    keys: Mapping[str, str] | None = None,
) -> tuple[dict[str, Any], RunConfig]:
    """The fork spec and the fork's config for `parent` at (turn, iteration), 0-based, checked whole (SteerError
    otherwise): the edits, and a checkpoint to start from in the parent's thread. Nothing is written. `keys`: the
    session's API keys (the parent's graph is built to find the checkpoint: a provider model needs its key)."""
    from rubric_core.engine.forking import ForkPointError, find_fork_point

    run = store.get_run(parent)
    if run is None:
        msg = f"No run {parent!r} in the store. List runs with `rubric-studio runs`."
        raise SteerError(msg)
    if iteration < 0 or (turn is not None and turn < 0):
        msg = "Iterations and turns count from 1."
        raise SteerError(msg)
    rubric, draft, feedback = (
        checked_rubric(dict(run["config"]), rubric),
        _text(draft, "draft"),
        _text(feedback, "feedback"),
    )
    if not (rubric or draft or feedback):
        msg = "A fork changes something: give --rubric-file, --draft-file or --feedback-file."
        raise SteerError(msg)
    if feedback and (rubric or draft):
        msg = (
            "--feedback-file forks after the iteration's grading (the agent reads it next), --rubric-file and "
            "--draft-file before it (the draft is graded again): give one or the other."
        )
        raise SteerError(msg)
    if run["imported_from"]:
        raise SteerError(no_checkpoints_message(parent))
    config = RunConfig.from_dict({**dict(run["config"]), **({"rubric": rubric} if rubric else {})})
    kind: Literal["draft", "feedback"] = "feedback" if feedback else "draft"
    try:
        graph = engine.agent(RunConfig.from_dict(dict(run["config"])), keys).graph
        point = find_fork_point(graph, parent, turn=turn, iteration=iteration, kind=kind)
    except ForkPointError as exc:
        if str(exc) in ("no checkpoints", "no checkpoint of a written draft"):
            raise SteerError(no_checkpoints_message(parent)) from None
        raise SteerError(f"Run {parent} cannot be forked there: {exc}.") from None
    spec = {
        "parent": parent,
        "checkpoint_id": point.checkpoint_id,
        "turn": point.turn,
        "iteration": point.iteration,
        "kind": kind,
        **({"rubric": rubric} if rubric else {}),
        **({"draft": draft} if draft else {}),
        **({"feedback": feedback} if feedback else {}),
        "by": by.strip(),
    }
    return spec, config
