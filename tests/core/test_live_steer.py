"""The live preview (issue 39 item 1) with step mode and forks (items 2-3).

A paused run writes nothing while it waits, so it has no live row and its page no preview (never a stale
"writing…"); the part that continues it streams its next draft into the row again. A fork streams its own
drafts into its own row (its parent's untouched), numbered from its fork point. The working model is the
loopback stub over SSE, held at a known word of a given request by an event the test releases.
"""

from __future__ import annotations

import threading
from typing import Any

from rubric_core.engine import Engine
from rubric_core.execution.manager import RunManager
from rubric_core.execution.steer_requests import Override, build_decision, build_fork
from rubric_core.store import Store
from rubric_core.store import live_preview as lp
from rubric_core.views.live_payload import live_payload
from rubric_core.views.run_view import RunView
from tests.core.test_live_preview import DEADLINE_S, HELD_AT, draft_brain, stub_config, stub_keys, wait_for
from tests.stubs.openai_stub import StubOpenAI


def stub_holding(releases: dict[int, threading.Event]) -> StubOpenAI:
    """The stub holds the working model's answer of request N before word HELD_AT until releases[N] is set."""

    def hold(piece: dict[str, Any]) -> None:
        release = releases.get(piece["request"])
        if release is not None and piece["kind"] == "text" and piece["piece"] == HELD_AT:
            assert release.wait(DEADLINE_S), "the test never released the answer"

    return StubOpenAI(draft_brain, hold=hold)


def _held_row(store: Store, run_id: str) -> dict[str, Any]:
    return wait_for(
        lambda: (r := lp.read_live(store, run_id)) is not None and "tok099" in r["text"] and r,
        "the first 100 words of the held answer in the run's live row",
    )


def _view(store: Store, run_id: str) -> RunView:
    return RunView.from_events(run_id, store.run_events(run_id))


def test_a_paused_run_has_no_live_row_nor_preview_and_its_continue_streams_again(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    releases = {0: threading.Event(), 1: threading.Event()}
    with stub_holding(releases) as stub:
        keys = stub_keys(stub)
        handle = manager.start(stub_config(), keys=keys, step="verdicts")
        try:
            row = _held_row(store, handle.run_id)
            assert row["iteration"] == 0 and row["phase"] == "writing"
        finally:
            releases[0].set()
        assert handle.wait(DEADLINE_S) and handle.last is not None and handle.last.type == "paused"
        # Paused: nothing is being written, and nothing says so.
        assert lp.read_live(store, handle.run_id) is None
        paused = _view(store, handle.run_id)
        assert paused.status == "paused"
        assert live_payload(paused, {**row, "seq": 99}) is None  # even a row left behind is never drawn
        # Go on with the verdict overridden to a fail: the agent writes draft 2, streamed into the row again.
        decision = build_decision(
            store, handle.run_id, overrides=[Override("At least 50 words", "fail")], reviewer="ann"
        )
        going = manager.continue_paused(handle.run_id, decision, keys=keys)
        assert going is not None
        try:
            row = _held_row(store, handle.run_id)
            assert row["iteration"] == 1 and row["phase"] == "writing"
            shown = live_payload(_view(store, handle.run_id), row)
            assert shown is not None and shown["writing"] and shown["label"] == "The agent is writing draft 2…"
        finally:
            releases[1].set()
        assert going.wait(DEADLINE_S) and going.last is not None
    assert going.last.type in ("paused", "finished")
    assert lp.read_live(store, handle.run_id) is None
    assert "tok099" not in str([e.data for e in store.run_events(handle.run_id) if e.type != "draft"])


def test_a_fork_streams_its_own_drafts_into_its_own_row(store: Store, engine: Engine) -> None:
    manager = RunManager(engine, store)
    releases = {1: threading.Event()}  # request 0 is the parent's draft; 1 is the fork's next draft
    with stub_holding(releases) as stub:
        keys = stub_keys(stub)
        parent = manager.start(stub_config(), keys=keys)
        assert parent.wait(DEADLINE_S) and parent.last is not None and parent.last.data["status"] == "satisfied"
        # The session's keys (the parent's graph is built to find the fork point: its model needs its key).
        spec, config = build_fork(store, engine, parent.run_id, iteration=0, rubric="- At least 500 words", keys=keys)
        fork = manager.fork(spec, config, step="", keys=keys)
        try:
            row = _held_row(store, fork.run_id)
            assert row["iteration"] == 1 and row["phase"] == "writing"  # the fork's draft 2, after its fork point
            shown = live_payload(_view(store, fork.run_id), row)
            assert shown is not None and shown["label"] == "The agent is writing draft 2…"
            assert lp.read_live(store, parent.run_id) is None  # the parent has ended; the fork's row is its own
        finally:
            releases[1].set()
        assert fork.wait(DEADLINE_S) and fork.last is not None and fork.last.type == "finished"
    assert lp.read_live(store, fork.run_id) is None
    drafts = [e for e in store.run_events(fork.run_id) if e.type == "draft"]
    assert [d.data.get("inherited", False) for d in drafts] == [True, False]  # draft 1 copied, draft 2 written
