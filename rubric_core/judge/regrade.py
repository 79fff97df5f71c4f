"""Re-grade stored drafts with the loop's own grader, without calling the working model.

How it is built (docs/JUDGE.md says the same): the run's stored config, with
the rubric and/or grader swapped in, goes through `build_agent`, the very
function the engine uses, so the grader is `RubricMiddleware` with the same
grader prompt, tools, structured-output strategy and `ModelCallLimitMiddleware`
bound. Only the working model differs: a `ReplayWriter` that answers with the
stored draft (files written first with `write_file`). `max_iterations=1`, so
each graph invocation is exactly one grading pass; its `RubricEvaluation`
arrives through `on_evaluation`. One invocation (one fresh thread) per draft
and per repeat. Each draft is graded on its own transcript (task + that
draft): the grader no longer sees earlier drafts or the original feedback.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rubric_core.config import ConfigError, RunConfig
from rubric_core.judge.stored_draft import StoredDraft
from rubric_core.store import Store
from rubric_core.verdicts import check_of, verdict_of

NEEDS_REVISION = "needs_revision"
MAX_REPEATS = 20
"""Gradings of one draft at most in a consistency check (each is a full grading pass, a paid call on a provider)."""


class RegradeError(ValueError):
    """A regrade cannot start; the message says what is wrong and how to fix it."""


@dataclass
class Pass:
    """One regrade pass over one stored draft."""

    turn: int
    iteration: int
    attempt: int
    result: str
    """satisfied, needs_revision, failed or grader_error (the grader's verdict on this draft alone)."""
    explanation: str
    criteria: list[dict[str, Any]]
    """name, passed, gap, verdict (pass / fail / n/a) and check, per criterion."""
    unverified: bool = False
    grader_tools: list[dict[str, Any]] = field(default_factory=list)
    """The grader tool calls of this pass (name, args, answer or error, seconds)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "turn": self.turn,
            "iteration": self.iteration,
            "attempt": self.attempt,
            "result": self.result,
            "explanation": self.explanation,
            "criteria": self.criteria,
            "unverified": self.unverified,
            "grader_tools": self.grader_tools,
        }


def regrade_config(run: dict[str, Any], *, rubric: str | None = None, grader: str | None = None) -> RunConfig:
    """The run's stored config with the rubric and/or grader swapped, one grading pass per invocation."""
    data = dict(run.get("config") or {})
    data.setdefault("task", run["task"])
    data["rubric"] = run["rubric"] if rubric is None else rubric
    if grader is not None:
        data["grader"] = grader
    data["max_iterations"] = 1
    data["rubric_name"] = ""
    # A regrade replays stored drafts: the built-in agent carries them; the run's own agent is not needed (its code
    # is not imported), its project's grader tools are, and only from the project this process opened.
    data.pop("agent", None)
    data["files"] = ""
    try:
        config = RunConfig.from_dict(data)
        from rubric_core.projects.checks import check_project_config

        check_project_config(config)
        return config
    except ConfigError as exc:
        field, message = next(iter(exc.errors.items()))
        msg = f"Cannot regrade with these settings: {field}: {message}"
        raise RegradeError(msg) from None


def stored_drafts(store: Store, run_id: str) -> list[StoredDraft]:
    """The run's graded drafts in order, each with the user message of its turn."""
    run = store.get_run(run_id)
    if run is None:
        msg = f"No run {run_id!r} in the store. List runs with `python -m rubric_core runs`."
        raise RegradeError(msg)
    prompts = {0: run["task"]}
    for ev in store.run_events(run_id):
        if ev.type == "run_started" and ev.data.get("mode") == "follow_up" and ev.data.get("message"):
            prompts[int(ev.data.get("turn", 0))] = ev.data["message"]
    drafts = []
    for it in store.iterations([run_id]):
        if it["result"] is None:
            continue
        drafts.append(
            StoredDraft(
                turn=it["turn"],
                iteration=it["iteration"],
                prompt=prompts.get(it["turn"], run["task"]),
                text=it["draft_text"],
                files=json.loads(it["files_json"] or "{}"),
            )
        )
    return drafts


def check_grader(config: RunConfig, keys: Mapping[str, str] | None) -> None:
    """RegradeError when the config's grader is not a model spec or cannot be used now (no key, no server)."""
    from rubric_core.models.providers import ModelSpecError, check_model_ready, parse_model_spec

    try:
        spec = parse_model_spec(config.grader)
    except ModelSpecError as exc:
        msg = f"Grader model: {exc}"
        raise RegradeError(msg) from None
    problem = check_model_ready(spec, keys=keys)
    if problem:
        raise RegradeError(problem)


class _Regrader:
    """A compiled agent with a replay writer: every draft graded under one config shares it (a proof regrades a
    version's runs one after another; building the deep agent per run cost a third of the time)."""

    def __init__(self) -> None:
        from rubric_core.judge.replay import ReplayWriter

        self.writer = ReplayWriter()
        self.built: Any = None
        self.evaluations: dict[str, dict[str, Any]] = {}
        self.lock = threading.Lock()

    def on_evaluation(self, ev: Any, library: Any = None) -> None:
        from langgraph.config import get_config

        thread_id = str(get_config().get("configurable", {}).get("thread_id"))
        with self.lock:
            self.evaluations[thread_id] = dict(ev)


class _RegraderCache:
    """The few regraders built last, by config and the keys they were built with (never holding a key itself:
    a digest of them)."""

    SIZE = 4

    def __init__(self) -> None:
        from collections import OrderedDict

        self._lock = threading.Lock()
        self._items: OrderedDict[str, _Regrader] = OrderedDict()

    @staticmethod
    def _key(config: RunConfig, keys: Mapping[str, str] | None) -> str:
        import hashlib

        fields = config.to_dict()
        fields.pop("task", None)
        import os

        from rubric_core.engine.agent import _project_stamp

        # The provider settings a model is built from: session keys, and the environment's keys and endpoints
        # (a base URL changed since, or a new key, builds a new regrader). Only a digest is kept.
        env = sorted((k, v) for k, v in os.environ.items() if k.endswith(("_API_KEY", "_BASE_URL", "_HOST")))
        digest = hashlib.sha256(json.dumps([sorted((keys or {}).items()), env]).encode()).hexdigest()
        # A project's edited grader tool builds a new regrader, as a run's agent is rebuilt (engine/agent.py).
        return json.dumps(fields, sort_keys=True, default=str) + digest + _project_stamp(config)

    def get(self, config: RunConfig, keys: Mapping[str, str] | None) -> _Regrader | None:
        key = self._key(config, keys)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, config: RunConfig, keys: Mapping[str, str] | None, regrader: _Regrader) -> None:
        with self._lock:
            self._items[self._key(config, keys)] = regrader
            while len(self._items) > self.SIZE:
                self._items.popitem(last=False)


_regraders = _RegraderCache()


def grade_drafts(
    config: RunConfig,
    drafts: list[StoredDraft],
    *,
    repeats: int = 1,
    keys: Mapping[str, str] | None = None,
    grader_model: Any = None,
) -> list[Pass]:
    """Grade each draft `repeats` times through the real agent and RubricMiddleware; one Pass per grading.

    `grader_model` replaces the model built from `config.grader` (tests plug scripted graders in).
    """
    import warnings

    from langchain_core.messages import HumanMessage

    from rubric_core.engine.agent import build_agent
    from rubric_core.engine.runner import redact

    if not 1 <= repeats <= MAX_REPEATS:
        msg = f"Repeat count must be from 1 to {MAX_REPEATS}; got {repeats}."
        raise RegradeError(msg)
    if grader_model is None:
        check_grader(config, keys)
    regrader = _regraders.get(config, keys) if grader_model is None else None
    if regrader is None:
        regrader = _Regrader()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            regrader.built = build_agent(
                config,
                checkpointer=None,
                on_evaluation=regrader.on_evaluation,
                keys=keys,
                writer=regrader.writer,
                grader=grader_model,
            )
        if grader_model is None:
            _regraders.put(config, keys, regrader)
    built, writer, evaluations = regrader.built, regrader.writer, regrader.evaluations
    passes = []
    for draft in drafts:
        for attempt in range(repeats):
            thread_id = uuid.uuid4().hex
            writer.register(thread_id, draft)
            error = ""
            try:
                built.graph.invoke(
                    {"messages": [HumanMessage(content=draft.prompt)], "rubric": config.rubric},
                    {"configurable": {"thread_id": thread_id}},
                )
            except Exception as exc:  # noqa: BLE001 -- recorded as this pass's grader_error, the rest go on
                error = redact(f"{type(exc).__name__}: {str(exc)[:500]}", keys)
            finally:
                writer.forget(thread_id)
            with regrader.lock:
                ev = evaluations.pop(thread_id, None)
            if ev is None:
                passes.append(
                    Pass(draft.turn, draft.iteration, attempt, "grader_error", error or "No grading pass ran.", [])
                )
                continue
            result = str(ev.get("result"))
            if result == "max_iterations_reached":
                # max_iterations=1 rewrites every needs_revision to the cap status; the verdict is the grader's.
                result = NEEDS_REVISION
            criteria = [
                {
                    "name": str(c.get("name", "")),
                    "passed": bool(c.get("passed")),
                    "gap": str(c.get("gap", "") or ""),
                    "verdict": verdict_of(c),
                    "check": check_of(c),
                }
                for c in ev.get("criteria") or []
            ]
            passes.append(
                Pass(
                    draft.turn,
                    draft.iteration,
                    attempt,
                    result,
                    redact(str(ev.get("explanation", "")), keys),
                    criteria,
                    bool(ev.get("unverified", False)),
                    list(ev.get("grader_tools") or []),
                )
            )
    return passes


def timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    """Call `fn` and return (its result, seconds it took)."""
    start = time.monotonic()
    return fn(*args, **kwargs), round(time.monotonic() - start, 3)
