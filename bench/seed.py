"""Fill a store with synthetic runs through the store's own event path (bulk transactions)."""

from __future__ import annotations

import random
import time

from rubric_core.events import RunEvent
from rubric_core.store import Store

STATUSES = ["satisfied"] * 6 + ["max_iterations_reached"] * 2 + ["failed", "grader_error"]
MODELS = ["offline:writer", "openai:gpt-4o-mini", "anthropic:claude-haiku-4-5"]


def run_events(run_id: str, at: float, *, iterations: int, criteria: int, rng: random.Random) -> list[RunEvent]:
    """The events of one synthetic run with `iterations` passes of `criteria` criteria."""
    names = [f"Criterion {k + 1}: the answer states point {k + 1} precisely" for k in range(criteria)]
    rubric = "\n".join(f"- {n}" for n in names)
    model = rng.choice(MODELS)
    config = {
        "task": f"Synthetic task {run_id[:8]}: write about topic {rng.randint(1, 500)}",
        "rubric": rubric,
        "model": model,
        "grader": "offline:grader",
        "system_prompt": "",
        "grader_prompt": "",
        "grader_tools": [],
        "max_iterations": iterations,
        "strategy": "auto",
        "grader_call_limit": 4,
        "timeout_s": 120.0,
        "rubric_name": f"rubric-{rng.randint(1, 40)}",
    }
    events: list[RunEvent] = []

    def add(kind: str, data: dict) -> None:
        events.append(RunEvent(run_id=run_id, seq=len(events), type=kind, at=at + len(events) * 0.01, data=data))  # type: ignore[arg-type]

    add(
        "run_started",
        {
            "mode": "start",
            "config": config,
            "models": {"model": model, "grader": "offline:grader"},
            "thread_id": run_id,
            "turn": 0,
        },
    )
    passed = [rng.random() < 0.4 for _ in names]
    for it in range(iterations):
        draft = " ".join(f"Sentence {j} of draft {it} for run {run_id[:6]}." for j in range(12))
        add(
            "draft",
            {
                "turn": 0,
                "iteration": it,
                "text": draft,
                "files": {},
                "wall_time_s": 0.5,
                "tokens": {"total_tokens": 300},
            },
        )
        add("grading_started", {"turn": 0, "iteration": it, "grading_run_id": run_id})
        passed = [p or rng.random() < 0.5 for p in passed]
        last = it == iterations - 1
        result = "satisfied" if all(passed) else ("max_iterations_reached" if last else "needs_revision")
        crit = [
            {"name": n, "passed": p, **({} if p else {"gap": f"{n} is not met yet; add the missing detail."})}
            for n, p in zip(names, passed, strict=True)
        ]
        add(
            "evaluation",
            {
                "turn": 0,
                "iteration": it,
                "grading_run_id": run_id,
                "result": result,
                "explanation": f"{sum(passed)} of {len(passed)} criteria pass.",
                "criteria": crit,
                "unverified": False,
                "wall_time_s": 0.4,
                "tokens": {"total_tokens": 500},
            },
        )
        if not last:
            add("feedback", {"turn": 0, "iteration": it, "text": "A grader reviewed your work against the rubric..."})
    add(
        "finished",
        {
            "turn": 0,
            "status": rng.choice(STATUSES),
            "final_output": draft,
            "files": {},
            "iterations": iterations,
            "tokens": {},
            "wall_time_s": 4.5,
        },
    )
    return events


def seed_runs(store: Store, n: int, *, iterations: int = 5, criteria: int = 8, batch: int = 250, seed: int = 7) -> None:
    """Write `n` synthetic runs, `batch` runs per transaction."""
    rng = random.Random(seed)
    start = time.time() - n * 60
    pending = []
    for i in range(n):
        run_id = f"{i:08d}{rng.getrandbits(64):016x}"
        pending.append((run_events(run_id, start + i * 60, iterations=iterations, criteria=criteria, rng=rng), "bench"))
        if len(pending) == batch:
            store.import_runs(pending)
            pending = []
    if pending:
        store.import_runs(pending)
