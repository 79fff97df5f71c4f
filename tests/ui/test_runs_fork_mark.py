"""Runs (issue 40, second first-user pass): a fork and its parent shared a task and looked alike in the list."""

from __future__ import annotations

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import build_fork
from rubric_core.store import Store
from tests.core.helpers import example_config
from tests.ui.test_pages import _runs_table, app
from tests.ui.test_runs_list import RUNS


def test_a_fork_is_marked_in_the_runs_list_with_its_parent_and_iteration(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    parent = manager.start(example_config("haiku"))
    assert parent.wait(120)
    spec, config = build_fork(store, engine, parent.run_id, iteration=1, rubric="- Exactly three lines", by="ann")
    fork = manager.fork(spec, config)
    assert fork.wait(120)
    at = app(RUNS)
    assert not at.exception
    labels = list(_runs_table(at).value["task"])
    assert labels == [
        f"⑂ fork of {parent.run_id[:8]} at iteration 2 · Write a haiku about spring.",
        "Write a haiku about spring.",
    ]
