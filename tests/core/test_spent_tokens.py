"""Tokens of a grading pass cut short are counted: real spend is never under-reported.

The process stops (as on SIGTERM or a server stop) right after the grader's model call of pass 1 returned
and before the pass's verdict is emitted. That call was paid for; the resumed run grades the pass again
and pays again. The stored total must hold both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.engine.usage import RunUsage
from rubric_core.execution.manager import RunManager
from rubric_core.store import Store
from tests.core.helpers import example_config

DEADLINE_S = 180.0


def test_the_tokens_of_a_grading_pass_cut_short_are_counted(
    home: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = Engine(home)
    seen: dict[str, Any] = {"grader_calls": 0, "cut": None}
    original = RunUsage.on_llm_end

    def on_llm_end(self: RunUsage, response: Any, *, run_id: Any, **kwargs: Any) -> None:
        role = self._roles.get(run_id, "writer")
        original(self, response, run_id=run_id, **kwargs)
        if role == "grader":
            seen["grader_calls"] += 1
            if seen["grader_calls"] == 2 and seen["cut"] is None:
                # The second pass's call returned: what it cost, then the process stops before its verdict.
                usage = response.generations[0][0].message.usage_metadata
                seen["cut"] = int(usage["total_tokens"])
                engine.stop_all("a test stopping the process")

    monkeypatch.setattr(RunUsage, "on_llm_end", on_llm_end)
    manager = RunManager(engine, store)
    handle = manager.start(example_config("haiku"))
    assert handle.wait(DEADLINE_S)
    assert handle.last is not None and handle.last.type == "interrupted", [e.type for e in handle.events]
    assert seen["cut"] and seen["cut"] > 0
    run = store.get_run(handle.run_id)
    assert run is not None
    counted = sum(
        int((e.data.get("tokens") or {}).get("total_tokens", 0) or 0)
        for e in store.run_events(handle.run_id)
        if e.type in ("draft", "tool_call", "evaluation")
    )
    assert run["total_tokens"] == counted + seen["cut"], "the cut pass's tokens are in the run's total"
    assert handle.last.data["unrecorded_tokens"]["total_tokens"] == seen["cut"]
    assert handle.last.data["tokens"]["total_tokens"] == run["total_tokens"]

    monkeypatch.setattr(RunUsage, "on_llm_end", original)
    engine.stopping = False
    resumed = RunManager(Engine(home), store).resume(handle.run_id)
    assert resumed.wait(DEADLINE_S)
    assert resumed.last is not None and resumed.last.type == "finished"
    final = store.get_run(handle.run_id)
    assert final is not None and final["status"] == "satisfied"
    counted = sum(
        int((e.data.get("tokens") or {}).get("total_tokens", 0) or 0)
        for e in store.run_events(handle.run_id)
        if e.type in ("draft", "tool_call", "evaluation")
    )
    assert final["total_tokens"] == counted + seen["cut"]  # the pass graded again counts again, the cut one too
