"""Forks (issue 39 item 3): a new run from iteration k of a stored run, on SQLite and on PostgreSQL.

The fork copies the parent's checkpoint chain to its own thread and goes on through `update_state` there:
no working-model call for the iterations before k, and the parent's rows and checkpoints are hashed before
and after to show they never change.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import SteerError, build_fork
from rubric_core.store import Store
from rubric_core.store.forks import fork_tree, forks_of
from rubric_core.store.sql import text
from tests.core.helpers import example_config
from tests.core.test_steer import calls  # noqa: F401 -- the fixture counting the offline models' calls

WAIT_S = 120
NEW_RUBRIC = "- Exactly three lines\n- Mentions blossoms"


def _ended(handle: Any) -> Any:
    assert handle.wait(WAIT_S), "the run part never ended"
    return handle


def _parent(manager: RunManager) -> str:
    """A finished run of three iterations (the haiku example needs three passes offline)."""
    handle = _ended(manager.start(example_config("haiku")))
    assert handle.events[-1].type == "finished" and handle.events[-1].data["iterations"] == 3
    return handle.run_id


def store_digest(store: Store, run_id: str) -> str:
    """Every stored row of a run, as one hash."""
    h = hashlib.sha256()
    with store.engine.connect() as conn:
        for table, key in (
            ("runs", "id"),
            ("events", "run_id"),
            ("iterations", "run_id"),
            ("criteria", "run_id"),
            ("reviews", "run_id"),
        ):
            rows = conn.execute(text(f"SELECT * FROM {table} WHERE {key} = :r ORDER BY 1, 2, 3"), {"r": run_id}).all()
            h.update(json.dumps([list(r) for r in rows], default=str).encode())
    return h.hexdigest()


def checkpoint_digest(engine: Engine, run_id: str) -> tuple[int, str]:
    """The thread's checkpoints and saved writes (every namespace), as (how many, one hash)."""
    saver = engine.checkpointer
    h = hashlib.sha256()
    saved = sorted(saver.list({"configurable": {"thread_id": run_id}}), key=lambda t: repr(t.config))
    for t in saved:
        h.update(repr((t.config, t.parent_config)).encode())
        h.update(saver.serde.dumps_typed(t.checkpoint)[1])
        h.update(json.dumps(t.metadata, sort_keys=True, default=str).encode())
        for task, channel, value in t.pending_writes or []:
            h.update(f"{task}{channel}".encode() + saver.serde.dumps_typed(value)[1])
    return len(saved), h.hexdigest()


def _fork(manager: RunManager, store: Store, engine: Engine, parent: str, **edits: Any) -> Any:
    spec, config = build_fork(store, engine, parent, by="ann", **edits)
    return _ended(manager.fork(spec, config))


def test_a_fork_from_iteration_2_with_an_edited_rubric_writes_nothing_before_it_and_leaves_the_parent_alone(
    db_url: str,
    store: Store,
    engine: Engine,
    calls: dict[str, int],  # noqa: F811
) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    before = store_digest(store, parent), checkpoint_digest(engine, parent)
    written = calls["writer"]
    handle = _fork(manager, store, engine, parent, iteration=1, rubric=NEW_RUBRIC)
    assert handle.run_id != parent and handle.events[-1].type == "finished"
    # The parent's rows and checkpoints are as they were.
    assert (store_digest(store, parent), checkpoint_digest(engine, parent)) == before
    events = handle.events
    started = events[0].data
    assert started["mode"] == "fork" and started["fork"]["parent_run"] == parent
    assert (started["fork"]["turn"], started["fork"]["iteration"], started["fork"]["rubric"]) == (0, 1, NEW_RUBRIC)
    # The parent's story up to the fork point is the fork's own, marked inherited: drafts 1 and 2, pass 1.
    inherited = [(e.type, e.data["iteration"]) for e in events if e.data.get("inherited") and "iteration" in e.data]
    kinds = [k for k in inherited if k[0] in ("draft", "evaluation", "feedback")]
    assert kinds == [("draft", 0), ("evaluation", 0), ("feedback", 0), ("draft", 1)]
    # No working-model call for iterations 1 and 2: every draft the fork wrote comes after its fork point.
    own_drafts = [e.data["iteration"] for e in events if e.type == "draft" and not e.data.get("inherited")]
    assert all(i > 1 for i in own_drafts) and calls["writer"] - written == len(own_drafts)
    # Draft 2 was graded under the new rubric, as a new grading run.
    second = next(e.data for e in events if e.type == "evaluation" and e.data["iteration"] == 1)
    assert {c["name"] for c in second["criteria"]} == {"Exactly three lines", "Mentions blossoms"}
    first = next(e.data for e in events if e.type == "evaluation" and e.data["iteration"] == 0)
    assert second["grading_run_id"] != first["grading_run_id"]
    row = store.get_run(handle.run_id)
    assert (row["parent_run"], row["forked_turn"], row["forked_at"]) == (parent, 0, 1)
    assert json.loads(row["fork_json"]) == {"kind": "draft", "rubric": NEW_RUBRIC, "by": "ann"}
    assert row["rubric"] == NEW_RUBRIC and row["task"] == store.get_run(parent)["task"]
    # Its own thread: the copied chain, then its own checkpoints; the parent's thread has none of them.
    fork_checkpoints = {
        t.config["configurable"]["checkpoint_id"] for t in engine.checkpointer.list(_root(handle.run_id))
    }
    parent_checkpoints = {t.config["configurable"]["checkpoint_id"] for t in engine.checkpointer.list(_root(parent))}
    assert fork_checkpoints & parent_checkpoints and fork_checkpoints - parent_checkpoints
    # The fork's totals are its own spend (the inherited steps keep their cost on their iteration rows).
    own = sum(
        int(e.data.get("tokens", {}).get("total_tokens", 0))
        for e in events
        if e.type in ("draft", "tool_call", "evaluation") and not e.data.get("inherited")
    )
    assert row["total_tokens"] == own == events[-1].data["tokens"]["total_tokens"] > 0


def _root(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}


def test_a_fork_with_edited_feedback_writes_the_next_draft_from_it(
    db_url: str,
    store: Store,
    engine: Engine,
    calls: dict[str, int],  # noqa: F811
) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    written = calls["writer"]
    feedback = "Write exactly three lines about cherry blossoms in the rain."
    handle = _fork(manager, store, engine, parent, iteration=0, feedback=feedback)
    told = [e.data for e in handle.events if e.type == "feedback"]
    assert told[0]["text"] == feedback and told[0]["inherited"] and told[0]["edited_by"] == "ann"
    own = [e.data["iteration"] for e in handle.events if e.type == "draft" and not e.data.get("inherited")]
    assert own[0] == 1 and calls["writer"] - written == len(own)
    values = engine.snapshot(handle.run_id, example_config("haiku")).values
    assert next(m.content for m in values["messages"] if m.additional_kwargs.get("lc_source")) == feedback


def test_a_fork_with_an_edited_draft_grades_that_text(
    db_url: str,
    store: Store,
    engine: Engine,
    calls: dict[str, int],  # noqa: F811
) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    written = calls["writer"]
    draft = "Blossoms drift and fall\nSoft rain on the garden pond\nSpring wakes the robins"
    handle = _fork(manager, store, engine, parent, iteration=0, draft=draft)
    assert handle.events[-1].data["status"] == "satisfied" and calls["writer"] == written
    row = next(i for i in store.iterations([handle.run_id]) if i["iteration"] == 0)
    assert row["draft_text"] == draft and row["result"] == "satisfied"


def test_forks_of_forks_make_a_tree(db_url: str, store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    first = _fork(manager, store, engine, parent, iteration=1, rubric=NEW_RUBRIC).run_id
    second = _fork(manager, store, engine, parent, iteration=0, feedback="Three lines, please.").run_id
    grandchild = _fork(manager, store, engine, first, iteration=0, rubric="- Exactly three lines").run_id
    for member in (parent, first, second, grandchild):
        tree = fork_tree(store, member)
        assert [(r["id"], r["depth"]) for r in tree] == [(parent, 0), (first, 1), (grandchild, 2), (second, 1)]
    assert [r["id"] for r in forks_of(store, parent)] == [first, second]
    assert fork_tree(store, "nope") == []


def test_a_run_without_checkpoints_says_so_and_offers_a_what_if_regrade(
    db_url: str, store: Store, engine: Engine
) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    engine.checkpointer.delete_thread(parent)
    before = store.count_runs()
    with pytest.raises(SteerError, match=rf"Run {parent} has no checkpoints here.*rubric-studio regrade {parent}"):
        build_fork(store, engine, parent, iteration=0, rubric=NEW_RUBRIC)
    assert store.count_runs() == before


@pytest.mark.parametrize(
    ("edits", "said"),
    [
        ({"iteration": 0}, "A fork changes something"),
        ({"iteration": 0, "rubric": NEW_RUBRIC, "feedback": "x"}, "give one or the other"),
        ({"iteration": 7, "rubric": NEW_RUBRIC}, r"turn 1 has no draft 8 to fork from \(its drafts: 1, 2, 3\)"),
        ({"iteration": 2, "feedback": "x"}, "sent the agent no feedback to edit"),
        ({"iteration": 0, "turn": 3, "rubric": NEW_RUBRIC}, "it has no turn 4"),
        ({"iteration": 0, "rubric": "  "}, "The new rubric: Rubric is empty"),
        ({"iteration": 0, "draft": "\u200b"}, "The draft is empty"),
    ],
)
def test_a_bad_fork_is_refused_before_anything_is_written(
    store: Store, engine: Engine, edits: dict[str, Any], said: str
) -> None:
    manager = RunManager(engine, store)
    parent = _parent(manager)
    before = store.count_runs(), checkpoint_digest(engine, parent)
    with pytest.raises(SteerError, match=said):
        build_fork(store, engine, parent, **edits)
    with pytest.raises(SteerError, match="No run 'nope'"):
        build_fork(store, engine, "nope", iteration=0, rubric=NEW_RUBRIC)
    assert (store.count_runs(), checkpoint_digest(engine, parent)) == before
