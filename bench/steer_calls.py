"""Steer (issue 39): the provider calls a fork from iteration k and a paused-then-resumed pass make, counted where a
provider would bill them: at the loopback OpenAI-compatible stub (tests/stubs/openai_stub.py), both models on it.

A fork from k must make no writer call before k (the drafts up to k are its parent's), and a pause must never cost
a second grader call (the pass's answers come back on resume, in this process or in a new engine: a restarted
server). Writes its section of bench/RESULTS.md. Run: `python -m bench.steer_calls`.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from bench.common import table, write_section

STUB_MODEL = "openai:gpt-4o-mini"
WAIT_S = 300


def _ended(handle: Any) -> Any:
    if not handle.wait(WAIT_S):
        raise SystemExit("a run part never ended")
    return handle


def _roles(requests: list[dict[str, Any]]) -> list[str]:
    from tests.stubs.counting import is_grader_request

    return ["grader" if is_grader_request(r["body"]) else "writer" for r in requests]


def _writer_calls_up_to(requests: list[dict[str, Any]], k: int) -> int:
    """The writer calls before the grader's (k+1)-th call: what drafts 1 to k+1 cost (0-based k)."""
    roles = _roles(requests)
    graded = [n for n, role in enumerate(roles) if role == "grader"]
    end = graded[k] if k < len(graded) else len(roles)
    return roles[:end].count("writer")


def _split(requests: list[dict[str, Any]]) -> tuple[int, int, int]:
    """(writer calls before the first grader call, writer calls in all, grader calls) of a list of stub requests."""
    roles = _roles(requests)
    first_grading = roles.index("grader") if "grader" in roles else len(roles)
    return roles[:first_grading].count("writer"), roles.count("writer"), roles.count("grader")


def _forks(manager: Any, store: Any, engine: Any, stub: Any) -> list[list[object]]:
    from rubric_core.execution.steer_requests import build_fork
    from tests.core.helpers import example_config

    stub.requests.clear()
    parent = _ended(manager.start(example_config("haiku", model=STUB_MODEL, grader=STUB_MODEL)))
    drafts = [e.data["iteration"] for e in parent.events if e.type == "draft"]
    parent_requests = list(stub.requests)
    rows = []
    for k in range(len(drafts)):
        spec, config = build_fork(store, engine, parent.run_id, iteration=k, rubric="- Exactly three lines", by="bench")
        stub.requests.clear()
        fork = _ended(manager.fork(spec, config, step=""))
        before, writer, grader = _split(list(stub.requests))
        own = [e.data["iteration"] + 1 for e in fork.events if e.type == "draft" and not e.data.get("inherited")]
        rows.append(
            [
                k + 1,
                _writer_calls_up_to(parent_requests, k),
                before,
                writer,
                grader,
                ", ".join(map(str, own)) or "none (draft k satisfied the new rubric)",
                fork.events[-1].data.get("status", fork.events[-1].type),
            ]
        )
    return rows


def _pauses(manager: Any, store: Any, home: str, stub: Any) -> list[list[object]]:
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.execution.steer_requests import Override, build_decision
    from tests.core.helpers import example_config

    stub.requests.clear()
    handle = _ended(manager.start(example_config("haiku", model=STUB_MODEL, grader=STUB_MODEL), step="verdicts"))
    run_id = handle.run_id
    rows = [["pause after pass 1", *(_split(list(stub.requests))[1:]), "the pass is graded once"]]
    decision = build_decision(store, run_id, overrides=[Override("Is about spring", "fail")], reviewer="bench")
    before = len(stub.requests)
    _ended(manager.continue_paused(run_id, decision))
    writer, grader = _split(list(stub.requests)[before:])[1:]
    rows.append(["continue (override), same engine", writer, grader, "1 draft written and graded; pass 1 not again"])
    before = len(stub.requests)
    _ended(RunManager(Engine(home), store).continue_paused(run_id, build_decision(store, run_id)))
    writer, grader = _split(list(stub.requests)[before:])[1:]
    rows.append(["continue in a new engine (a restart)", writer, grader, "pass 2 not graded again"])
    passes = sum(1 for e in store.run_events(run_id) if e.type == "evaluation")
    total = _split(list(stub.requests))[2]
    rows.append(["whole run", "", total, f"{passes} passes stored, {total} grader calls"])
    return rows


def main() -> None:
    home = tempfile.mkdtemp(prefix="bench-steer-")
    os.environ["RUBRIC_STUDIO_HOME"] = home
    os.environ["RUBRIC_STUDIO_WORKERS"] = "0"  # the runs in threads of this process (the stub is here too)
    from rubric_core.engine import Engine
    from rubric_core.execution.manager import RunManager
    from rubric_core.store import open_store
    from tests.stubs.openai_stub import StubOpenAI

    with StubOpenAI() as stub:
        os.environ["OPENAI_API_KEY"] = "sk-bench-steer-0123456789"
        os.environ["OPENAI_BASE_URL"] = stub.base_url
        store, engine = open_store(), Engine(home)
        manager = RunManager(engine, store)
        forks = _forks(manager, store, engine, stub)
        pauses = _pauses(manager, store, home, stub)
    body = (
        "The `haiku` example with the working model and the grader both on the loopback OpenAI-compatible stub "
        "(the offline models behind it), counted per request at the stub. A fork from iteration k with an edited "
        "rubric grades draft k again (1 grader call) and writes only the drafts after k.\n\n"
        + table(
            [
                "fork from k",
                "parent's writer calls for drafts 1 to k (a rerun from scratch pays them again)",
                "fork's writer calls before k",
                "fork's writer calls",
                "fork's grader calls",
                "drafts the fork wrote",
                "fork's end",
            ],
            forks,
        )
        + "\n\nA step-mode run (pause after each grading pass), continued with an override, then from a new engine "
        "(as after a server restart):\n\n" + table(["part", "writer calls", "grader calls", "note"], pauses)
    )
    write_section("steer-calls", "Steer: provider calls of a fork and of a paused pass (issue 39)", body)


if __name__ == "__main__":
    main()
